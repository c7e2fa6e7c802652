"""The opening lead, single dummy: each card of the player on lead, over random layouts.

The leader knows its own hand, the contract (declarer, trump, alone) and, in Euchre, the
upcard; in Hasenpfeffer the widow is unseen too. On each layout of the unseen cards the
card put away is the one its owner would choose double-dummy (the declarer's best discard,
or the Euchre dealer's by the dealer's rule; the first in canonical order on a tie), and
every card the leader might lead is solved. Each card gets the mean tricks of the leader's
side, its standard error, and how often it is the layout's best lead.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..core.cards import SUITS, CardId, card_name, cards_of
from ..core.deal import Deal
from ..core.errors import NotationError
from ..core.names import Card, CardSet, Seat, Suit
from ..core.seats import SEATS
from ..rules.settings import Settings
from ..search import thread_searcher
from .answer import Answer, variant_json
from .layouts import Knowledge, Mapper
from .play import Contract, PlayState, declarer_cards, exchanging_seat
from .simulate import Sample, figure, trick_counts


def owners_discard(deal: Deal, declarer: int, trump: int, alone: bool, settings: Settings) -> CardId:
    """The card put away by whoever takes the widow or upcard, chosen double-dummy for that
    player's side (the first in canonical order on a tie); the upcard when nobody does."""
    start = PlayState(deal, Contract(declarer, trump, deal.extra, alone), settings)
    taker = exchanging_seat(deal, trump, declarer, start.seats)
    if taker is None:
        return deal.extra
    searcher = thread_searcher()
    values = {card: PlayState(deal, Contract(declarer, trump, card, alone), settings).value(searcher)
              for card in cards_of(declarer_cards(deal, taker))}
    choose = max if deal.variant.side_of(taker) == start.declaring_side else min
    best = choose(values.values())
    return next(card for card, tricks in values.items() if tricks == best)


@dataclass(frozen=True)
class LeadJob:
    """Everything a worker needs to solve the leads of a layout (picklable)."""

    knowledge: Knowledge
    declarer: int
    trump: int
    alone: bool
    settings: Settings
    seed: int

    def __call__(self, index: int) -> tuple[tuple[CardId, int], ...]:
        """Layout ``index``: each card the leader may lead and its side's tricks."""
        deal = self.knowledge.layout(self.seed, index)
        discard = owners_discard(deal, self.declarer, self.trump, self.alone, self.settings)
        start = PlayState(deal, Contract(self.declarer, self.trump, discard, self.alone), self.settings)
        total = deal.variant.hand_size
        declaring = deal.variant.side_of(start.leader) == start.declaring_side
        out = []
        for card in cards_of(start.legal()):
            after = start.copy()
            after.play(card)
            tricks = after.value()
            out.append((card, tricks if declaring else total - tricks))
        return tuple(out)


@dataclass
class LeadStats(Sample):
    """One lead over the layouts: the leader's side's tricks."""

    card: Card
    best: float  # the share of layouts where no other lead takes more

    def to_json(self) -> dict[str, Any]:
        return {"card": card_name(self.card), "mean": figure(self.mean), "stderr": figure(self.stderr),
                "best": figure(self.best)}


@dataclass(repr=False)
class LeadSimulation(Answer):
    """Each opening lead over random layouts, for the leader's side.

    >>> import hasen
    >>> leads = hasen.simulate_lead(hand=".AQ.AKT.K", seat="E", dealer="N", declarer="S", trump="C",
    ...                             layouts=20, seed=1)
    >>> [str(lead.card) for lead in leads.best()]
    ['AD', 'KD', 'KC']
    """

    knowledge: Knowledge
    declarer: Seat
    trump: Suit
    alone: bool
    settings: Settings
    layouts: int
    seed: int
    leader_declares: bool
    leads: list[LeadStats] = field(default_factory=list)

    def best(self) -> list[LeadStats]:
        """The leads with the highest mean (more than one on an exact tie)."""
        top = max(lead.mean for lead in self.leads)
        return [lead for lead in self.leads if lead.mean == top]

    def to_json(self) -> dict[str, Any]:
        data = variant_json(self.knowledge.variant)
        data |= {"dealer": SEATS[self.knowledge.dealer], **self.knowledge.describe(),
                 "declarer": SEATS[self.declarer], "trump": SUITS[self.trump], "alone": self.alone,
                 "side": "declarers" if self.leader_declares else "defenders",
                 "layouts": self.layouts, "seed": self.seed,
                 "leads": [lead.to_json() for lead in self.leads],
                 "best": [card_name(lead.card) for lead in self.best()]}
        if self.settings.changed():
            data["settings"] = self.settings.changed()
        return data

    def __repr__(self) -> str:
        return f"<LeadSimulation of {SEATS[self.knowledge.seat]}'s leads over {self.layouts} layouts>"


def simulate_lead(knowledge: Knowledge, declarer: int, trump: int, alone: bool = False, layouts: int = 1000,
                  seed: int = 0, settings: Settings = Settings(), mapper: Mapper = map,
                  progress: Callable[[int, int], None] | None = None) -> LeadSimulation:
    """Solve every lead of ``knowledge.seat`` on ``layouts`` random layouts (see the module)."""
    if not isinstance(layouts, int) or isinstance(layouts, bool) or layouts < 1:
        raise NotationError(f"layouts: expected a whole number of at least 1, got {layouts!r}")
    variant, seat = knowledge.variant, knowledge.seat
    settings.check_for(variant)
    # who leads follows from the contract: check it on the first layout's seats
    sample = knowledge.layout(seed, 0)
    start = PlayState(sample, Contract(declarer, trump, sample.extra, alone), settings)
    if exchanging_seat(sample, trump, declarer, start.seats) == start.leader:
        leader = SEATS[start.leader]
        raise NotationError(f"seat: {leader} leads this contract after taking the {variant.extra_card}, so no "
                            f"seat's lead of it is simulated ({leader}'s lead is not made knowing only its hand)")
    if start.leader != seat:
        raise NotationError(f"seat: {SEATS[seat]} does not lead this contract; {SEATS[start.leader]} does")
    job = LeadJob(knowledge, declarer, trump, alone, settings, seed)
    rows = []
    for done, row in enumerate(mapper(job, range(layouts)), 1):
        rows.append(dict(row))
        if progress:
            progress(done, layouts)
    answer = LeadSimulation(knowledge, Seat(declarer), Suit(trump), alone, settings, layouts, seed,
                            variant.side_of(seat) == start.declaring_side)
    for card in CardSet(knowledge.hand):
        values = np.array([[row[card]] for row in rows], dtype=np.uint8)
        best = sum(row[card] == max(row.values()) for row in rows) / len(rows)
        answer.leads.append(LeadStats(trick_counts(values, variant.hand_size)[0].tolist(), card, best))
    return answer
