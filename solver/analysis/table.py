"""What every game's table is built with: a declarer's table waiting for the search (a job),
a whole analysis waiting for it (a plan), the seats and cards of a table (its shape), the
order of a table's cards, and the declarers asked for. Each game's own table is in its
folder (``hasen.games.hasenpfeffer.table``, ``hasen.games.euchre.table``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from operator import itemgetter
from typing import Any, Generic, TypeVar

from ..core.cards import CARD_NAMES, SUITS, Mask, cards_of
from ..core.deal import Deal
from ..core.errors import NotationError
from ..core.names import ByName, Card, Seat, Suit
from ..core.seats import NUM_SEATS, SEATS
from ..core.settings import Settings
from ..core.variants import Variant
from ..notation.inputs import coerce_defender, coerce_seat
from ..play.state import exchanging_seat, search_frame
from ..rules.seating import check_lead_settings
from ..search import Searcher, solve_table
from .answer import Answer

TRUMPS = tuple(range(len(SUITS)))  # the tie order: S H D C
# the one instance of each seat, suit and card (answers are made by the thousand)
SEAT_OBJECTS, SUIT_OBJECTS, CARDS = Seat.instances, Suit.instances, Card.instances


Value = TypeVar("Value")


class computed_once(Generic[Value]):  # named as a decorator, like functools.cached_property
    """``functools.cached_property`` without its lock (Python 3.11 takes one at each first
    look, which a batch of tables pays by the thousand): the method's value is stored in
    the instance under the method's name, where later looks find it."""

    def __init__(self, method: Callable[[Any], Value]) -> None:
        self.method = method
        self.name = method.__name__
        self.__doc__ = method.__doc__

    def __get__(self, instance: Any, owner: type | None = None) -> Value:
        if instance is None:
            return self  # type: ignore[return-value]
        value = instance.__dict__[self.name] = self.method(instance)
        return value


class CardOrder:
    """A set of cards in canonical order, with their names, and what puts values given in
    card-id order (as the search gives a table's discards) in that order."""

    __slots__ = ("cards", "names", "place")

    def __init__(
        self, cards: tuple[Card, ...], names: tuple[str, ...], place: Callable[[bytes], tuple[int, ...]]
    ) -> None:
        self.cards = cards
        self.names = names
        self.place = place


@lru_cache(maxsize=256)  # a deal's four makers share the dealer's cards
def card_order(cards: Mask) -> CardOrder:
    ids = cards_of(cards)
    rank = dict(zip(sorted(ids), range(len(ids))))  # each card's place in card-id order
    if len(ids) < 2:  # itemgetter of one index gives the item, not a tuple
        place: Callable[[bytes], tuple[int, ...]] = lambda values: tuple(values[: len(ids)])  # noqa: E731
    else:
        place = itemgetter(*map(rank.__getitem__, ids))
    return CardOrder(tuple(map(CARDS.__getitem__, ids)), tuple(map(CARD_NAMES.__getitem__, ids)), place)


# TableJob, Plan and TableShape are plain classes, not NamedTuples: each NamedTuple class
# compiles code when its module is imported, and every command's start imports this one


class TableJob:
    """One declarer's table waiting for the search: the request (``Searcher.solve_table``'s
    arguments) and what turns its values into the table."""

    __slots__ = ("request", "finish")

    def __init__(self, request: tuple[Any, ...], finish: Callable[[bytes], Any]) -> None:
        self.request = request
        self.finish = finish

    def solve(self, searcher: Searcher) -> Any:
        """The table, solved alone."""
        return self.finish(solve_table(searcher, *self.request))


class Plan:
    """A whole analysis waiting for the search: its tables' requests, in order, and what
    turns their values into the answer. Solved table by table (``solve_plan``) or with
    other plans' tables in one call (``hasen.analysis.many``)."""

    __slots__ = ("requests", "finish")

    def __init__(self, requests: list[tuple[Any, ...]], finish: Callable[[Sequence[bytes]], Answer]) -> None:
        self.requests = requests
        self.finish = finish


def planned(jobs: ByName[Seat, Any], answer: Callable[[ByName[Seat, Any]], Answer]) -> Plan:
    """The plan of an answer made of one table per declarer: each a ``TableJob`` (one
    request) or anything with ``requests`` and ``finish_values`` (several)."""
    if all(type(job) is TableJob for job in jobs.values()):  # the common case, kept cheap

        def finish(values: Sequence[bytes]) -> Answer:
            return answer(ByName.of(Seat, {seat: job.finish(v) for (seat, job), v in zip(jobs.items(), values)}))

        return Plan([job.request for job in jobs.values()], finish)

    def finish_each(values: Sequence[bytes]) -> Answer:
        tables, done = {}, 0
        for seat, job in jobs.items():
            requests = job_requests(job)
            tables[seat] = (
                job.finish(values[done])
                if type(job) is TableJob
                else job.finish_values(values[done : done + len(requests)])
            )
            done += len(requests)
        return answer(ByName.of(Seat, tables))

    return Plan([r for job in jobs.values() for r in job_requests(job)], finish_each)


def job_requests(job: Any) -> list[tuple[Any, ...]]:
    return [job.request] if type(job) is TableJob else list(job.requests)


def solve_plan(plan: Plan, searcher: Searcher, progress: Callable[[int, int], None] | None = None) -> Answer:
    """The plan's answer, its tables solved one by one; ``progress(done, total)`` after each."""
    values = []
    for done, request in enumerate(plan.requests, 1):
        values.append(solve_table(searcher, *request))
        if progress:
            progress(done, len(plan.requests))
    return plan.finish(values)


Table = TypeVar("Table")


def tables_by_declarer(
    deal: Deal,
    declarer: str | int | None,
    alone: bool,
    defender: str | int | None,
    settings: Settings,
    make_table: Callable[[int, int | None], Table],
) -> tuple[ByName[Seat, Table], Seat | None]:
    """``make_table(seat, lone_defender)`` for the one declarer asked for, or every dealt
    seat, after checking the request; returns the tables by seat and the lone defender."""
    seats, lone_defender = checked_declarers(deal.variant, declarer, alone, defender, settings)
    tables = ByName.of(Seat, {SEAT_OBJECTS[seat]: make_table(seat, lone_defender) for seat in seats})
    return tables, None if lone_defender is None else SEAT_OBJECTS[lone_defender]


MAX_SHAPES = 4096  # requests and shapes kept at most (they are few: a bound against the unforeseen)
_CHECKED: dict[tuple[Any, ...], tuple[tuple[int, ...], int | None]] = {}


def checked_declarers(
    variant: Variant, declarer: str | int | None, alone: bool, defender: str | int | None, settings: Settings
) -> tuple[tuple[int, ...], int | None]:
    """The seats a table request asks for and its lone defender, the request checked; a
    request met before (a batch asks the same few) is not checked again."""
    # the types are part of the key: True equals 1, but is no seat
    key: tuple[Any, ...] | None = (
        variant,
        declarer,
        type(declarer),
        alone,
        type(alone),
        defender,
        type(defender),
        settings,
    )
    try:
        known = _CHECKED.get(key)  # type: ignore[arg-type]
    except TypeError:  # an unhashable value: checked (and refused) below
        key, known = None, None
    if known is None:
        settings.check_for(variant)
        one = None if declarer is None else coerce_seat(declarer, "declarer")
        if one is not None and one not in variant.seats:
            raise NotationError(
                f"declarer: {variant.name} deals to {', '.join(SEATS[s] for s in variant.seats)}, not {SEATS[one]}"
            )
        lone_defender = coerce_defender(defender, one, alone)
        check_lead_settings(settings, alone, lone_defender)
        known = (variant.seats if one is None else (one,)), lone_defender
        if key is not None and len(_CHECKED) < MAX_SHAPES:
            _CHECKED[key] = known
    return known


class TableShape:
    """What a table's request holds besides the cards: worked out once for each variant,
    dealer, widow or upcard, declarer, form of play and settings (tables are made by the
    thousand, and these are few).

    ``pick_hands``: the deal's hands and a 0 -> the search seats' hands; ``taker``: the seat
    that takes the widow or upcard in some trump (None: nobody); ``taker_seats``: for each
    trump, its search seat if it exchanges then (-1: nobody exchanges); ``keeps_most``: for
    each trump, whether that seat keeps the most tricks (its side declares); ``active``,
    ``leader``, ``declarers``: as in ``Searcher.solve_table``."""

    __slots__ = ("pick_hands", "taker", "taker_seats", "keeps_most", "active", "leader", "declarers")

    def __init__(
        self,
        pick_hands: Callable[[tuple[Mask, ...]], tuple[Mask, ...]],
        taker: int | None,
        taker_seats: tuple[int, ...],
        keeps_most: tuple[bool | None, ...],
        active: int,
        leader: int,
        declarers: int,
    ) -> None:
        self.pick_hands = pick_hands
        self.taker = taker
        self.taker_seats = taker_seats
        self.keeps_most = keeps_most
        self.active = active
        self.leader = leader
        self.declarers = declarers


_SHAPES: dict[tuple[Any, ...], TableShape] = {}


def table_shape(deal: Deal, declarer: int, alone: bool, lone_defender: int | None, settings: Settings) -> TableShape:
    """The request's frame (``search_frame``, checked on first use) and who exchanges in
    each trump: the same for every deal of this variant, dealer and widow or upcard."""
    key = (deal.variant, deal.dealer, deal.extra, declarer, alone, lone_defender, settings)
    shape = _SHAPES.get(key)
    if shape is None:
        frame = search_frame(deal, declarer, alone, lone_defender, settings)
        takers = tuple(exchanging_seat(deal, trump, declarer, frame.seats, settings) for trump in TRUMPS)
        source = [NUM_SEATS] * NUM_SEATS  # each search seat's real seat; NUM_SEATS: the 0 after the hands
        for seat in frame.seats:
            source[deal.variant.search_seat(seat, declarer)] = seat
        taker_seats = tuple(-1 if t is None else deal.variant.search_seat(t, declarer) for t in takers)
        keeps_most = tuple(None if t is None else deal.variant.side_of(t, declarer) == frame.side for t in takers)
        exchanging = {t for t in takers if t is not None}
        assert len(exchanging) <= 1, "one seat takes the widow or upcard, whatever the trump"
        shape = TableShape(
            itemgetter(*source),
            exchanging.pop() if exchanging else None,
            taker_seats,
            keeps_most,
            frame.active,
            frame.leader,
            frame.declarers,
        )
        if len(_SHAPES) < MAX_SHAPES:
            _SHAPES[key] = shape
    return shape
