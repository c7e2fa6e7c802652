"""Random layouts of the cards a seat cannot see, their tables solved a chunk at a time.

Single-dummy figures come from many layouts: the cards a seat cannot see dealt at random,
uniformly among the layouts that agree with what it knows (``Knowledge``), and every
choice solved double-dummy on each. A layout's work is one table of the search per form of
play (``Searcher.solve_tables``): a chunk of layouts is dealt here and its tables solved in
one call that holds no GIL, and the values come back as arrays, a row per layout and a
column per choice (``TableShape.columns``). Chunks go to threads, or to any map that keeps
the order (processes, a cluster). Layout i of a stream is dealt from its own generator, so
that the rows are the same however the chunks are shared out.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple, TypeVar

import numpy as np

from ..core.cards import CardId, Mask, cards_of
from ..core.run import Mapper, Progress
from ..core.seats import NUM_SEATS, side_seats
from ..core.settings import Settings
from ..core.variants import Variant
from ..rules.seating import best_callers, exchanger, first_leader, playing_seats
from ..search import thread_searcher
from ..search.layout import LAYOUT_BYTES
from ..search.protocol import NOT_SOLVED
from .knowledge import Knowledge
from .model import model_calls

TRUMPS = (0, 1, 2, 3)  # S H D C, the order of a table's rows
EXTRA = -1  # a column's discard when the discard is the widow itself, whatever card it is
Read = Mapping[int, Collection[int]]  # by a layout's extra card, the columns of its row an answer reads
T = TypeVar("T")
LAYOUTS_PER_CHUNK = 25  # small enough for progress and for two threads to share evenly


WHOLE: list[tuple[int, int]] = []  # a search's values are the whole table, as they are
Column = tuple[int, int | None]  # (trump, discard): None when the seat makes no discard, EXTRA for the widow


@lru_cache(maxsize=1024)  # asked for every layout of a table: the same few shapes
def search_places(
    variant: Variant, declarer: int, seats: tuple[int, ...], exchangers: tuple[int | None, ...]
) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """Where the search seats each playing seat, and each trump's taker of the extra card
    (-1: none), for ``declarer``'s table."""
    return (
        tuple((seat, variant.search_seat(seat, declarer)) for seat in seats),
        tuple(-1 if t is None else variant.search_seat(t, declarer) for t in exchangers),
    )


class TableShape(NamedTuple):
    """One declarer's table in one form of play, as every layout shares it: who plays, who
    leads, who exchanges under each trump. ``chooser``: the seat whose own discards are
    choices (a column each); another seat's discard is that seat's double-dummy choice for
    its own side (docs/rules.md), one column for the trump."""

    declarer: int
    alone: bool
    chooser: int
    seats: tuple[int, ...]
    active: int  # the search seats that play, a mask
    leader: int  # the first leader's search seat
    side: int  # the declaring side
    exchangers: tuple[int | None, ...]  # per trump: the seat that takes the extra card, or None
    hand: Mask  # the chooser's own cards (its discards are these and the extra card)
    extra: CardId | None  # the extra card when it is known, so its column is a card
    # Railroad: each lone player who calls for best, with the partner who passes (by the
    # model's rule, ``model.model_calls``): the hands then differ by trump (``requests``)
    callers: tuple[tuple[int, int], ...] = ()

    @classmethod
    def of(
        cls, knowledge: Knowledge, declarer: int, alone: bool, settings: Settings, lone_defender: int | None = None
    ) -> TableShape:
        k = knowledge
        seats = playing_seats(k.variant, declarer, alone, lone_defender)
        active = sum(1 << k.variant.search_seat(s, declarer) for s in seats)
        leader = first_leader(k.dealer, declarer, seats, alone, settings, lone_defender)
        exchangers = tuple(
            exchanger(k.variant, k.dealer, k.extra, trump, declarer, seats, settings) for trump in TRUMPS
        )
        callers = best_callers(k.variant, settings, declarer, alone, lone_defender)
        if any(taker == caller != k.seat for taker in exchangers for caller, _ in callers):
            raise NotImplementedError("a lone dealer who calls for best is weighed only from its own seat")
        return cls(
            declarer,
            alone,
            k.seat,
            seats,
            active,
            k.variant.search_seat(leader, declarer),
            k.variant.side_of(declarer, declarer),
            exchangers,
            k.hand,
            k.extra,
            callers,
        )

    @property
    def columns(self) -> list[Column]:
        """The row's columns: per trump, the chooser's discards (its hand's cards in the
        canonical order, then the extra card), or one column when it has none to make."""
        out: list[Column] = []
        for trump, taker in zip(TRUMPS, self.exchangers):
            if taker == self.chooser:
                discards = cards_of(self.hand) + [EXTRA if self.extra is None else self.extra]
                out += [(trump, d) for d in discards]
            else:
                out.append((trump, None))
        return out

    def request(
        self,
        variant: Variant,
        hands: Sequence[Mask],
        extra: CardId,
        wanted: list[int] | None = None,
        exchangers: Sequence[int | None] | None = None,
    ) -> tuple[Any, ...]:
        """``Searcher.solve_table``'s arguments for one layout; ``wanted``: the masks of the
        values to solve (``wanted()``; None: every one); ``exchangers``: by default the shape's."""
        places, takers = search_places(
            variant, self.declarer, self.seats, tuple(self.exchangers if exchangers is None else exchangers)
        )
        laid = [0] * NUM_SEATS
        for seat, place in places:
            laid[place] = hands[seat]
        return laid, LAYOUT_BYTES, list(takers), extra, self.active, self.leader, side_seats(self.side), wanted

    @property
    def widths(self) -> list[int]:
        """The values of each trump in a solved table: one, or one per card the taker may put away."""
        size = self.hand.bit_count() + 1
        return [1 if taker is None else size for taker in self.exchangers]

    def requests(
        self, variant: Variant, hands: Sequence[Mask], extra: CardId, wanted: list[int] | None = None
    ) -> list[tuple[tuple[Any, ...], list[tuple[int, int]]]]:
        """The searches that make one layout's table, each with the values it gives, as
        (its place, the table's place), or ``WHOLE``: ``request`` alone, but where lone players call for
        best, whose hands differ by trump, a search per trump; a caller who takes the
        upcard itself (the chooser) puts away first, then calls: a search per discard."""
        if not self.callers:
            return [(self.request(variant, hands, extra, wanted), WHOLE)]
        out = []
        start = 0
        for trump, (taker, width) in enumerate(zip(self.exchangers, self.widths)):
            asked = (1 << width) - 1 if wanted is None else wanted[trump]
            only = [0] * len(TRUMPS)
            if taker is not None and taker == self.chooser and any(c == taker for c, _ in self.callers):
                only[trump] = 1
                for j, discard in enumerate(sorted(cards_of(hands[taker]) + [extra])):
                    if asked >> j & 1:
                        after = list(hands)
                        after[taker] = (hands[taker] | 1 << extra) & ~(1 << discard)
                        called = model_calls(after, self.callers, trump)
                        request = self.request(variant, called, extra, list(only), (None,) * len(TRUMPS))
                        out.append((request, [(trump, start + j)]))
            elif asked:
                only[trump] = asked
                called = model_calls(hands, self.callers, trump)
                out.append((self.request(variant, called, extra, only), [(start + j, start + j) for j in range(width)]))
            start += width
        return out

    def wanted(self, read: Collection[int], extra: CardId) -> list[int]:
        """``solve_table``'s masks of the values that make the columns ``read``, for a layout
        whose extra card is ``extra``: a column of the chooser's discard is one value (its
        place among the hand's cards and the extra card, by card number); any other column
        is its trump's block, whole where another seat's discard is that seat's choice."""
        masks = []
        column = 0
        for taker, width in zip(self.exchangers, self.widths):
            if taker is None or taker != self.chooser:
                masks.append((1 << width) - 1 if column in read else 0)
                column += 1
                continue
            discards = cards_of(self.hand) + [extra]  # the columns' order
            solved = sorted(discards)
            masks.append(sum(1 << solved.index(card) for j, card in enumerate(discards) if column + j in read))
            column += len(discards)
        return masks

    def rows(self, variant: Variant, values: np.ndarray, extras: np.ndarray) -> np.ndarray:
        """A chunk's table values (a row of bytes per layout, as solved) as rows of
        ``columns``: the chooser's discards put in column order, another seat's discard
        made for its side."""
        out = []
        start = 0
        for taker in self.exchangers:
            if taker is None:
                out.append(values[:, start : start + 1])
                start += 1
                continue
            width = variant.hand_size + 1
            block = values[:, start : start + width]
            start += width
            if taker != self.chooser:
                reduce = np.max if variant.side_of(taker, self.declarer) == self.side else np.min
                out.append(reduce(block, axis=1, keepdims=True))
            elif self.extra is not None:
                out.append(self.own_order(block, self.extra))
            else:
                out.append(self.widow_last(block, extras))
        return np.concatenate(out, axis=1)

    def own_order(self, block: np.ndarray, extra: CardId) -> np.ndarray:
        """The chooser's discards with the extra card known: solved in card number order,
        here in column order (the extra card last)."""
        ids = sorted(cards_of(self.hand) + [extra])
        return block[:, [ids.index(c) for c in cards_of(self.hand)] + [ids.index(extra)]]

    def widow_last(self, block: np.ndarray, extras: np.ndarray) -> np.ndarray:
        """The chooser's discards when the widow differs by layout: solved in card number
        order, the widow at its place among the hand's cards; here the hand's cards in
        column order, then the widow."""
        hand = np.array(cards_of(self.hand))  # the columns' order
        rank = np.argsort(np.argsort(hand))  # each card's place among the hand's by card number
        later = hand[None, :] > extras[:, None]  # the widow comes before this card
        index = np.concatenate([rank[None, :] + later, (~later).sum(axis=1, keepdims=True)], axis=1)
        return np.take_along_axis(block, index, axis=1)


@dataclass(frozen=True)
class TablesJob:
    """Deal layouts of a stream and solve their tables (picklable: it may run in another
    process)."""

    knowledge: Knowledge
    shapes: tuple[TableShape, ...]
    seed: int | str
    indexes: tuple[int, ...] | None = None  # the stream's layouts to solve, when not all of 0, 1, ...
    read: tuple[Read | None, ...] | None = None  # per shape, the columns read (None: every one)

    def __call__(self, span: tuple[int, int]) -> tuple[np.ndarray, tuple[np.ndarray, ...]]:
        """Layouts ``span[0]`` to ``span[1] - 1`` (of ``indexes``, when given): the extra card
        of each, and per shape its rows (``TableShape.rows``)."""
        k = self.knowledge
        unseen = k.unseen
        chosen = range(*span) if self.indexes is None else self.indexes[span[0] : span[1]]
        deals = k.dealt_many(self.seed, chosen, unseen)
        read = self.read or (None,) * len(self.shapes)
        masks: dict[tuple[int, CardId], list[int] | None] = {}  # by shape and extra card

        def wanted(s: int, extra: CardId) -> list[int] | None:
            if (s, extra) not in masks:
                columns = read[s]
                masks[(s, extra)] = None if columns is None else self.shapes[s].wanted(columns[extra], extra)
            return masks[(s, extra)]

        parts = [
            shape.requests(k.variant, hands, extra, wanted(s, extra))
            for hands, extra in deals
            for s, shape in enumerate(self.shapes)
        ]
        solved = iter(thread_searcher().solve_tables([request for part in parts for request, _ in part]))
        tables: list[bytes] = []
        for part, shape in zip(parts, self.shapes * len(deals)):
            if part and part[0][1] is WHOLE:
                tables.append(next(solved))
                continue
            table = bytearray([NOT_SOLVED]) * sum(shape.widths)
            for _, places in part:
                given = next(solved)
                for source, place in places:
                    table[place] = given[source]
            tables.append(bytes(table))
        extras = np.array([extra for _, extra in deals], dtype=np.int64)
        rows = []
        for i, shape in enumerate(self.shapes):
            values = np.frombuffer(b"".join(tables[i :: len(self.shapes)]), dtype=np.uint8).reshape(len(deals), -1)
            rows.append(shape.rows(k.variant, values, extras))
        return extras, tuple(rows)


class Solved(NamedTuple):
    """Every layout of a stream: its extra card, and per shape a row of tricks per layout."""

    extras: np.ndarray
    rows: tuple[np.ndarray, ...]


def solve_layouts(
    knowledge: Knowledge,
    shapes: Sequence[TableShape],
    layouts: int,
    seed: int | str,
    threads: int = 1,
    mapper: Mapper | None = None,
    progress: Progress | None = None,
    done_before: int = 0,
    total: int | None = None,
    indexes: Sequence[int] | None = None,
    read: Sequence[Read | None] | None = None,
) -> Solved:
    """Deal and solve layouts 0 to ``layouts - 1`` of the stream ``seed``, or those of
    ``indexes`` (``map_chunks``). ``read``: per shape, the columns the answer reads, by the
    layout's extra card; only those are solved, the others are ``NOT_SOLVED``."""
    chosen = None if indexes is None else tuple(indexes)
    count = layouts if chosen is None else len(chosen)
    job = TablesJob(knowledge, tuple(shapes), seed, chosen, None if read is None else tuple(read))
    parts = map_chunks(job, count, threads, mapper, progress, done_before, total)
    return Solved(
        np.concatenate([extras for extras, _ in parts]),
        tuple(np.concatenate(rows) for rows in zip(*(rows for _, rows in parts))),
    )


def map_chunks(
    job: Callable[[tuple[int, int]], T],
    layouts: int,
    threads: int = 1,
    mapper: Mapper | None = None,
    progress: Progress | None = None,
    done_before: int = 0,
    total: int | None = None,
) -> list[T]:
    """``job`` of each chunk of layouts 0 to ``layouts - 1`` (a span ``(start, stop)``), in
    order, on ``threads`` threads (the search holds no GIL, so they solve in parallel) or
    through ``mapper`` (any map that keeps the order: processes, a cluster).
    ``progress(done, total)`` after each chunk, counting from ``done_before`` (for callers
    that solve several streams towards one total)."""
    spans = [(start, min(start + LAYOUTS_PER_CHUNK, layouts)) for start in range(0, layouts, LAYOUTS_PER_CHUNK)]
    total = layouts if total is None else total

    def after(i: int) -> None:
        if progress:
            progress(done_before + spans[i][1], total)

    return map_in_order(job, spans, threads, mapper, after)


def map_in_order(
    job: Callable[[Any], T],
    items: Sequence[Any],
    threads: int = 1,
    mapper: Mapper | None = None,
    after: Callable[[int], None] | None = None,
) -> list[T]:
    """``job`` of each item, the results in order, on ``threads`` threads of this process or
    through ``mapper``; ``after(i)`` once item i's result is in (it may raise to stop the
    work, say at a deadline: what has not started is cancelled)."""
    results = []
    pool = ThreadPoolExecutor(threads, thread_name_prefix="hasen-layouts") if mapper is None and threads > 1 else None
    try:
        run: Mapper = mapper or (pool.map if pool is not None else map)
        for i, result in enumerate(run(job, items)):
            results.append(result)
            if after:
                after(i)
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    return results
