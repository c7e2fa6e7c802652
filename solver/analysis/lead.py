"""The opening lead, single dummy: each card of the player on lead, over random layouts.

The leader knows its own hand, the contract (declarer, trump, alone) and, in Euchre, the
upcard; in Hasenpfeffer the widow is unseen too. On each layout of the unseen cards the
card put away is the one its owner would choose double-dummy (the declarer's best discard,
or the Euchre dealer's by the dealer's rule; on a tie the first in the order S, H, D, C,
ranks from low to high), a Railroad lone declarer's call for best is the model's
(``model.model_calls``), and every card the leader might lead is solved, a chunk of
layouts at a time (``hasen.analysis.layouts``). Each card gets the mean tricks of the leader's
side, its standard error, and how often it is the layout's best lead.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from ..core.bounds import whole_number
from ..core.cards import NUM_CARDS, SUITS, CardId, Mask, card_name, cards_of
from ..core.errors import NotationError
from ..core.names import Card, CardSet, Seat, Suit
from ..core.run import Mapper
from ..core.seats import NUM_SEATS, SEATS, side_seats
from ..core.settings import Settings
from ..rules.seating import best_callers, exchanger, first_leader, playing_seats
from ..search import thread_searcher
from ..search.layout import LAYOUT_BYTES
from .advice import Agreeing, agreeing_layouts
from .answer import Answer, figure, stderr_of_mean, variant_json
from .fair import Stakes
from .knowledge import DEFAULT_CONTEXT, Context, Knowledge
from .layouts import map_chunks
from .model import model_calls
from .simulate import Sample, trick_counts


@dataclass(frozen=True)
class LeadJob:
    """Deal a chunk of layouts and solve every lead on each (picklable)."""

    knowledge: Knowledge
    declarer: int
    trump: int
    alone: bool
    settings: Settings
    seed: int
    indexes: tuple[int, ...] | None = None  # the stream's layouts to solve, when not all of 0, 1, ...

    def __call__(self, span: tuple[int, int]) -> np.ndarray:
        """Layouts ``span[0]`` to ``span[1] - 1`` (of ``indexes``, when given): a row each, the
        leader's side's tricks after each card of its hand is led (the cards in card order)."""
        k, trump = self.knowledge, self.trump
        variant = k.variant
        seats, leader = seats_and_leader(k, self.declarer, self.alone, self.settings)
        side = variant.side_of(self.declarer, self.declarer)
        active = sum(1 << variant.search_seat(s, self.declarer) for s in seats)
        unseen = k.unseen
        chosen = range(*span) if self.indexes is None else self.indexes[span[0] : span[1]]
        deals = k.dealt_many(self.seed, chosen, unseen)
        searcher = thread_searcher()

        def position(hands: Sequence[Mask], trick: list[CardId]) -> tuple[list[Mask], int, list[CardId]]:
            placed = [0] * NUM_SEATS
            for seat in seats:
                placed[variant.search_seat(seat, self.declarer)] = hands[seat]
            return placed, variant.search_seat(leader, self.declarer), trick

        row = LAYOUT_BYTES[trump * NUM_CARDS : (trump + 1) * NUM_CARDS]

        # the card put away: its owner's double-dummy choice for its own side; the upcard
        # itself when nobody takes it
        kept: list[list[Mask]] = [list(hands) for hands, _ in deals]
        takers = [exchanger(variant, k.dealer, extra, trump, self.declarer, seats, self.settings) for _, extra in deals]
        choices = [
            [] if taker is None else cards_of(hands[taker] | 1 << extra) for (hands, extra), taker in zip(deals, takers)
        ]
        requests = []
        for (dealt, extra), taker, cards in zip(deals, takers, choices):
            for card in cards:
                assert taker is not None
                after = list(dealt)
                after[taker] = (dealt[taker] | 1 << extra) & ~(1 << card)
                requests.append(position(after, []))
        values = iter(searcher.solve_positions(requests, active, side_seats(side), row))
        for hands, (_, extra), taker, cards in zip(kept, deals, takers, choices):
            if taker is None:
                continue
            tricks = [next(values) for _ in cards]
            best = (max if variant.side_of(taker, self.declarer) == side else min)(tricks)
            hands[taker] = (hands[taker] | 1 << extra) & ~(1 << cards[tricks.index(best)])
        callers = best_callers(variant, self.settings, self.declarer, self.alone)
        if callers:  # Railroad: then the lone declarer calls for best, by the model's rule
            kept = [list(model_calls(hands, callers, trump)) for hands in kept]
        leads = cards_of(k.hand)
        requests = []
        for held in kept:
            for card in leads:
                after = list(held)
                after[leader] &= ~(1 << card)
                requests.append(position(after, [card]))
        rows = np.array(searcher.solve_positions(requests, active, side_seats(side), row), dtype=np.uint8).reshape(
            len(deals), -1
        )
        return rows if variant.side_of(leader, self.declarer) == side else variant.hand_size - rows


@dataclass
class LeadStats(Sample):
    """One lead over the layouts: the leader's side's tricks, and where the contract's stakes
    are known its expected points (its side's less the other side's) and its chance of making
    the contract (the defenders': of setting it)."""

    card: Card
    best: float  # the share of layouts where no other lead takes more
    points: float | None = None
    points_stderr: float | None = None
    chance: float | None = None

    def to_json(self) -> dict[str, Any]:
        data = {
            "card": card_name(self.card),
            "mean": figure(self.mean),
            "stderr": figure(self.stderr),
            "best": figure(self.best),
        }
        if self.points is not None:
            assert self.points_stderr is not None and self.chance is not None
            data |= {
                "points": figure(self.points),
                "points_stderr": figure(self.points_stderr),
                "chance": figure(self.chance),
            }
        return data


@dataclass(repr=False, frozen=True)
class LeadSimulation(Answer):
    """Each opening lead over random layouts, for the leader's side.

    >>> import hasen
    >>> leads = hasen.simulate_lead(hasen.SeatView("E", hand=".AQ.AKT.K", dealer="N"), "S, trump C", layouts=20, seed=1)
    >>> [str(lead.card) for lead in leads.best()]
    ['AD', 'KD', 'KC']
    """

    ROWS = ((None, ("leads",)),)  # each lead

    knowledge: Knowledge
    declarer: Seat
    trump: Suit
    alone: bool
    settings: Settings
    layouts: int
    seed: int
    leader_declares: bool
    leads: list[LeadStats] = field(default_factory=list)
    stakes: Stakes | None = None  # the contract's, when its bid is known (always in Euchre)
    context: Context = field(default_factory=lambda: Context())
    agreeing: Agreeing | None = None

    def best(self) -> list[LeadStats]:
        """The leads with the most expected points, where the stakes are known, else the
        highest mean tricks (more than one on an exact tie)."""

        def value(lead: LeadStats) -> float:
            return lead.mean if lead.points is None else lead.points

        top = max(value(lead) for lead in self.leads)
        return [lead for lead in self.leads if value(lead) == top]

    def to_json(self) -> dict[str, Any]:
        data = variant_json(self.knowledge.variant)
        data |= {
            "dealer": SEATS[self.knowledge.dealer],
            **self.knowledge.describe(),
            "declarer": SEATS[self.declarer],
            "trump": SUITS[self.trump],
            "alone": self.alone,
            "side": "declarers" if self.leader_declares else "defenders",
            "layouts": self.layouts,
            "seed": self.seed,
            "auction": [
                {"seat": SEATS[seat], "call": call.words(self.settings)} for seat, call in self.context.auction
            ],
            "leads": [lead.to_json() for lead in self.leads],
            "best": [card_name(lead.card) for lead in self.best()],
        }
        if self.stakes is not None:
            data["needed"] = self.stakes.needed
        if self.agreeing is not None and self.context.auction:
            data["layouts_agree"] = {"with_calls": self.agreeing.filtered, "dealt": self.agreeing.tried}
        if self.settings.changed():
            data["settings"] = self.settings.changed()
        return data

    def __repr__(self) -> str:
        return f"<LeadSimulation of {SEATS[self.knowledge.seat]}'s leads over {self.layouts} layouts>"


def seats_and_leader(
    knowledge: Knowledge, declarer: int, alone: bool, settings: Settings
) -> tuple[tuple[int, ...], int]:
    """The seats that play the contract, and who leads it (the contract checked)."""
    seats = playing_seats(knowledge.variant, declarer, alone, None)
    return seats, first_leader(knowledge.dealer, declarer, seats, alone, settings)


def simulate_lead(
    knowledge: Knowledge,
    declarer: int,
    trump: int,
    alone: bool = False,
    layouts: int = 1000,
    seed: int = 0,
    settings: Settings = Settings(),
    mapper: Mapper | None = None,
    progress: Callable[[int, int], None] | None = None,
    threads: int = 1,
    stakes: Stakes | None = None,
    context: Context = DEFAULT_CONTEXT,
) -> LeadSimulation:
    """Solve every lead of ``knowledge.seat`` on ``layouts`` random layouts (see the module),
    those that agree with the auction of ``context`` by the model of the other players (when
    it has calls and is not ``uniform``); ``stakes``: the contract's, for each lead's points."""
    whole_number("layouts", layouts)
    variant, seat = knowledge.variant, knowledge.seat
    settings.check_for(variant)
    seats, leader = seats_and_leader(knowledge, declarer, alone, settings)
    if exchanger(variant, knowledge.dealer, knowledge.extra, trump, declarer, seats, settings) == leader:
        raise NotationError(
            f"seat: {SEATS[leader]} leads this contract after taking the {variant.extra_card}, so "
            f"no seat's lead of it is simulated ({SEATS[leader]}'s lead is not made knowing only "
            "its hand)"
        )
    if leader != seat:
        raise NotationError(f"seat: {SEATS[seat]} does not lead this contract; {SEATS[leader]} does")
    agreeing = agreeing_layouts(knowledge, seed, layouts, context, settings)
    job = LeadJob(knowledge, declarer, trump, alone, settings, seed, agreeing.indexes)
    count = len(agreeing.indexes)
    rows = np.concatenate(map_chunks(job, count, threads, mapper, progress))
    leader_declares = variant.declares_with(seat, declarer)
    answer = LeadSimulation(
        knowledge,
        Seat(declarer),
        Suit(trump),
        alone,
        settings,
        count,
        seed,
        leader_declares,
        stakes=stakes,
        context=context,
        agreeing=agreeing,
    )
    best = (rows == rows.max(axis=1, keepdims=True)).sum(axis=0) / count
    counts = trick_counts(rows, variant.hand_size)
    column = {card: i for i, card in enumerate(cards_of(knowledge.hand))}
    points = success = None
    if stakes is not None:
        mine = rows.astype(np.int64)
        declarers = mine if leader_declares else variant.hand_size - mine
        points = stakes.standing(variant, leader_declares)[declarers]
        success = declarers >= stakes.needed if leader_declares else declarers < stakes.needed
    for card in CardSet(knowledge.hand):
        c = column[card]
        lead = LeadStats(counts[c].tolist(), card, float(best[c]))
        if points is not None and success is not None:
            lead = replace(
                lead,
                points=float(points[:, c].mean()),
                points_stderr=stderr_of_mean(points[:, c]),
                chance=float(success[:, c].mean()),
            )
        answer.leads.append(lead)
    return answer
