"""Single-dummy simulation: the right choice knowing only one seat's cards.

Double-dummy says what was possible with every card seen. Here a seat knows its own hand,
the widow or upcard, and perhaps some cards of other hands (from the bidding or the play).
The unseen cards are dealt at random to the other hands, uniformly among the layouts that
agree with what is known, and every choice the seat has (each trump, and each discard when
it is the seat's) is solved double-dummy on each layout. Over the layouts each choice gets
its mean tricks, the chance of taking at least k tricks for every k, its expected score for
every bid, and how often it is the layout's double-dummy best.

Layout i is dealt from its own random generator, seeded by (seed, i), so that the answer
is the same whatever order or however many workers solve the layouts. ``mapper`` runs the
per-layout work (the builtin ``map``, or a parallel map that keeps the order).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.cards import SUITS, CardId, Mask, card_name, cards_of
from ..core.deal import Deal
from ..core.errors import InvalidDealError, NotationError
from ..core.names import Card, CardSet, Suit
from ..core.seats import SEATS
from ..core.variants import Variant
from ..rules.settings import Settings
from ..search import thread_searcher
from .answer import Answer, variant_json
from .family import Family
from .inputs import whole_number
from .play import Contract, PlayState, exchanging_seat
from .table import TRUMPS

FORMS = {False: "with_partner", True: "alone"}  # the JSON names of the forms of play


def figure(value: float) -> float:
    """A figure for JSON: four decimals, and never -0.0."""
    return round(value, 4) + 0.0
Choice = tuple[int, int | None]  # (trump, the seat's discard, or None when it has none to make)
Mapper = Callable[[Callable[[int], Any], Iterable[int]], Iterator[Any]]


@dataclass(frozen=True)
class Knowledge:
    """What the simulating seat knows; everything else is dealt at random."""

    variant: Variant
    dealer: int
    seat: int
    hand: Mask  # the seat's own cards
    # the widow (the Hasenpfeffer declarer takes it) or the upcard (seen by all); None: unseen
    # too (the widow, to anyone but the declarer), dealt at random after the hands
    extra: CardId | None
    known: tuple[Mask, ...] = (0, 0, 0, 0)  # cards known to be in each seat's hand

    def __post_init__(self) -> None:
        v = self.variant
        if self.seat not in v.seats:
            raise NotationError(f"seat: {v.name} deals to {', '.join(SEATS[s] for s in v.seats)}, "
                                f"not {SEATS[self.seat]}")
        if self.hand.bit_count() != v.hand_size or self.hand & ~v.deck:
            raise InvalidDealError(f"hand: {SEATS[self.seat]} holds {v.hand_size} cards of the {v.label} deck, "
                                   f"not {CardSet(self.hand)}")
        seen = self.seen_by_seat
        if self.extra is not None and (not v.deck >> self.extra & 1 or self.hand >> self.extra & 1):
            raise InvalidDealError(f"{v.extra_card}: {card_name(self.extra)} is not a free card of the {v.label} deck")
        if self.extra is None and not v.extra_optional:
            raise NotationError(f"{v.extra_card}: every seat sees the {v.extra_card} in {v.name}: give it")
        for other, cards in enumerate(self.known):
            if not cards:
                continue
            if other == self.seat or other not in v.seats:
                raise NotationError(f"known: {SEATS[other]} is not another seat that holds a hand")
            if cards & seen or cards & ~v.deck:
                raise InvalidDealError(f"known: {CardSet(cards & (seen | ~v.deck))} cannot be in {SEATS[other]}'s hand")
            if cards.bit_count() > v.hand_size:
                raise InvalidDealError(f"known: {SEATS[other]} holds {v.hand_size} cards, not {cards.bit_count()}")
            seen |= cards

    @property
    def seen_by_seat(self) -> Mask:
        """The seat's own cards and the extra card, when it sees that."""
        return self.hand | (0 if self.extra is None else 1 << self.extra)

    @property
    def unseen(self) -> list[CardId]:
        """The cards dealt at random, in a fixed order."""
        seen = self.seen_by_seat
        for cards in self.known:
            seen |= cards
        return cards_of(self.variant.deck & ~seen)

    def layout(self, seed: int, index: int) -> Deal:
        """Layout ``index``: each other hand filled up from the unseen cards, uniformly."""
        cards = self.unseen
        random.Random(f"{seed}/{index}").shuffle(cards)
        hands = list(self.known)
        hands[self.seat] = self.hand
        for seat in self.variant.seats:
            missing = self.variant.hand_size - hands[seat].bit_count()
            for card in cards[:missing]:
                hands[seat] |= 1 << card
            cards = cards[missing:]
        extra = cards[0] if self.extra is None else self.extra
        return Deal.from_masks(tuple(hands), extra, self.dealer, self.variant)

    def describe(self) -> dict[str, Any]:
        data = {"seat": SEATS[self.seat], "hand": str(CardSet(self.hand))}
        if self.extra is not None:
            data[self.variant.extra_card] = card_name(self.extra)
        return data | {"known": {SEATS[s]: str(CardSet(m)) for s, m in enumerate(self.known) if m}}


@dataclass(frozen=True)
class Job:
    """Everything a worker needs to solve layouts (picklable)."""

    knowledge: Knowledge
    family: Family
    settings: Settings
    forms: tuple[bool, ...]
    seed: int

    def __call__(self, index: int) -> tuple[tuple[tuple[Choice, int], ...], ...]:
        """Layout ``index``: per form, every choice of the seat and its tricks."""
        deal = self.knowledge.layout(self.seed, index)
        return tuple(choices_on(deal, self.knowledge.seat, alone, self.family, self.settings) for alone in self.forms)


def choices_on(deal: Deal, seat: int, alone: bool, family: Family,
               settings: Settings) -> tuple[tuple[Choice, int], ...]:
    """The seat's choices as declarer on one layout and what each takes double-dummy: the
    seat's own discards are choices; a discard by another seat (the Euchre dealer) is that
    seat's double-dummy choice, made for its own side (docs/rules.md)."""
    table = family.contract_table(deal, seat, alone, None, settings, thread_searcher())
    side = deal.variant.side_of(seat)
    out: list[tuple[Choice, int]] = []
    for trump in TRUMPS:
        grid = table.grid(trump)
        seats = PlayState(deal, Contract(seat, trump, deal.extra, alone), settings).seats
        taker = exchanging_seat(deal, trump, seat, seats)
        if taker == seat:
            out += [((trump, discard), tricks) for discard, tricks in grid.items()]
        else:
            choose = max if taker is None or deal.variant.side_of(taker) == side else min
            out.append(((trump, None), choose(grid.values())))
    return tuple(out)


@dataclass
class Sample:
    """Tricks per layout, and what they come to."""

    tricks: list[int]

    @property
    def mean(self) -> float:
        return sum(self.tricks) / len(self.tricks)

    @property
    def stderr(self) -> float:
        """The standard error of the mean (0 for a single layout)."""
        n = len(self.tricks)
        if n < 2:
            return 0.0
        variance = sum((t - self.mean) ** 2 for t in self.tricks) / (n - 1)
        return math.sqrt(variance / n)

    def at_least(self, k: int) -> float:
        return sum(1 for t in self.tricks if t >= k) / len(self.tricks)


@dataclass
class ChoiceStats(Sample):
    """One choice over the layouts: the declaring side's tricks."""

    trump: Suit
    discard: Card | None
    scores: dict[str, float]  # expected points of the declaring side, net, per bid
    dd_best: float  # the share of layouts where no other choice takes more
    hand_size: int  # the most tricks there are

    def to_json(self) -> dict[str, Any]:
        return {"trump": SUITS[self.trump], "discard": None if self.discard is None else card_name(self.discard),
                "mean": figure(self.mean), "stderr": figure(self.stderr),
                "at_least": {str(k): figure(self.at_least(k)) for k in range(1, self.hand_size + 1)},
                "scores": {bid: figure(points) for bid, points in self.scores.items()},
                "dd_best": figure(self.dd_best)}


@dataclass
class FormStats:
    """Every choice in one form of play (with the partner, or alone), and the best per bid."""

    alone: bool
    choices: list[ChoiceStats]

    def best(self) -> dict[str, ChoiceStats]:
        """Per bid, the choice with the highest expected score (the first such in order)."""
        bids = list(self.choices[0].scores)
        return {bid: max(self.choices, key=lambda c: c.scores[bid]) for bid in bids}

    def to_json(self) -> dict[str, Any]:
        return {"choices": [c.to_json() for c in self.choices],
                "best": {bid: {"trump": SUITS[c.trump], "discard": None if c.discard is None else card_name(c.discard),
                               "score": figure(c.scores[bid]), "mean": figure(c.mean)}
                         for bid, c in self.best().items()}}


@dataclass(repr=False)
class Simulation(Answer):
    """Each choice of the seat over random layouts of the cards it cannot see.

    >>> import hasen
    >>> sim = hasen.simulate(hasen.Deal("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", dealer="W"), seat="N",
    ...                      layouts=20, seed=1)
    >>> best = sim.forms["with_partner"].best()["6"]
    >>> best.trump, best.discard
    (Suit('C'), Card('KH'))
    """

    knowledge: Knowledge
    settings: Settings
    layouts: int
    seed: int
    forms: dict[str, FormStats] = field(default_factory=dict)

    def best(self) -> dict[str, tuple[FormStats, ChoiceStats]]:
        """Per bid, the form of play and choice with the highest expected score (with the
        partner first on a tie)."""
        forms = list(self.forms.values())
        bids = list(forms[0].choices[0].scores)
        return {bid: max(((form, form.best()[bid]) for form in forms), key=lambda pair: pair[1].scores[bid])
                for bid in bids}

    def to_json(self) -> dict[str, Any]:
        data = variant_json(self.knowledge.variant)
        data |= {"dealer": SEATS[self.knowledge.dealer], **self.knowledge.describe(),
                 "layouts": self.layouts, "seed": self.seed,
                 "forms": {name: form.to_json() for name, form in self.forms.items()},
                 "best": {bid: {"alone": form.alone, "trump": SUITS[c.trump],
                                "discard": None if c.discard is None else card_name(c.discard),
                                "score": figure(c.scores[bid])} for bid, (form, c) in self.best().items()}}
        if self.settings.changed():
            data["settings"] = self.settings.changed()
        return data

    def __repr__(self) -> str:
        return (f"<Simulation of {SEATS[self.knowledge.seat]}'s {CardSet(self.knowledge.hand)} over "
                f"{self.layouts} layouts>")


def simulate(knowledge: Knowledge, family: Family, layouts: int, seed: int = 0, settings: Settings = Settings(),
             forms: Sequence[bool] | None = None, mapper: Mapper = map,
             progress: Callable[[int, int], None] | None = None) -> Simulation:
    """Solve ``layouts`` random layouts and gather each choice's figures (see the module).

    ``forms``: with the partner (False) and alone (True); by default both where the game
    has partners. ``progress(done, total)`` is called as layouts are gathered (a place for
    a caller with a time limit to stop).
    """
    whole_number("layouts", layouts)
    variant = knowledge.variant
    if knowledge.extra is None:
        raise NotationError(f"{variant.extra_card}: the declarer sees the {variant.extra_card}: give it")
    settings.check_for(variant)
    chosen = tuple(forms) if forms is not None else ((False, True) if variant.partners else (False,))
    if True in chosen and not variant.partners:
        raise NotationError(f"alone: {variant.name} has no partners, so nobody plays alone")
    job = Job(knowledge, family, settings, chosen, seed)
    per_form: list[list[tuple[tuple[Choice, int], ...]]] = [[] for _ in chosen]
    for done, result in enumerate(mapper(job, range(layouts)), 1):
        for i, choices in enumerate(result):
            per_form[i].append(choices)
        if progress:
            progress(done, layouts)
    answer = Simulation(knowledge, settings, layouts, seed)
    for alone, rows in zip(chosen, per_form):
        answer.forms[FORMS[alone]] = form_stats(alone, rows, family, variant, settings)
    return answer


def form_stats(alone: bool, rows: list[tuple[tuple[Choice, int], ...]], family: Family, variant: Variant,
               settings: Settings) -> FormStats:
    keys = [choice for choice, _ in rows[0]]
    by_key = [dict(row) for row in rows]
    tricks = {key: [layout[key] for layout in by_key] for key in keys}
    best_counts = dict.fromkeys(keys, 0)
    for row in rows:
        top = max(t for _, t in row)
        for key, t in row:
            best_counts[key] += t == top
    stats = []
    for key in keys:
        values = tricks[key]
        expected: dict[str, float] = {}
        for t in values:
            for bid, points in family.scores(variant, settings, t, alone):
                expected[bid] = expected.get(bid, 0.0) + points / len(values)
        trump, discard = key
        stats.append(ChoiceStats(values, Suit(trump), None if discard is None else Card(discard), expected,
                                 best_counts[key] / len(rows), variant.hand_size))
    return FormStats(alone, stats)
