"""One position in the play, analysed card by card: the answer of ``hasen solve`` and of
``POST /api/v1/solve``, and the base of the play review.

For the seat to move it gives every legal card's double-dummy total, grouped into runs of
equivalent cards, and one best line of play to the end.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..core.cards import SUITS, CardId, Mask, canonical_key, card_name
from ..core.deal import Deal
from ..core.names import Card, Seat
from ..core.run import Checkpoint, no_checkpoint
from ..core.seats import SEATS
from ..core.settings import Settings
from ..core.variants import Variant
from ..notation.inputs import coerce_deal
from ..play.state import Contract, PlayState, best_json, exchange_discard, replay
from ..rules.trump import power_order
from ..search import Searcher, thread_searcher
from .answer import Answer, options_json, variant_json


@dataclass(frozen=True)
class CardChoice:
    """A run of equivalent legal cards (strongest first) and what playing one of them gives."""

    cards: tuple[Card, ...]
    total: int  # the declaring side's tricks for the whole hand after this card
    cost: int  # tricks the mover's side loses against its best card; 0 for a best card

    def to_json(self) -> dict[str, Any]:
        return {"cards": [card_name(c) for c in self.cards], "total": self.total, "cost": self.cost}


@dataclass(repr=False, frozen=True)
class PositionAnalysis(Answer):
    """Every legal card's value at one position, and a best line: ``result.choices``.

    >>> import hasen
    >>> deal = hasen.Deal("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", dealer="W")
    >>> result = hasen.solve(deal, "N", "C", "KH", played="JC")
    >>> result.to_move, result.choices, result.best_line[:2]
    (Seat('E'), [CardChoice(cards=(Card('KC'),), total=6, cost=0)], [Card('KC'), Card('TC')])
    """

    ROWS = ((None, ("choices",)),)  # each card (cards of one value together)

    state: PlayState
    taken: int
    remaining: int
    choices: list[CardChoice] = field(default_factory=list)
    best_line: list[Card] = field(default_factory=list)

    @property
    def total(self) -> int:
        return self.taken + self.remaining

    @property
    def to_move(self) -> Seat | None:
        return None if self.state.finished else Seat(self.state.to_move)

    def played_record(self) -> str:
        return format_record([cards for _, cards, _ in self.state.tricks] + [self.state.trick])

    def line_record(self) -> str:
        """The best line, with ``|`` where each trick ends (the first may be a partial one)."""
        done = len(self.state.trick)
        width = len(self.state.seats)
        groups, start = [], 0
        for end in range(width - done, len(self.best_line) + width, width):
            groups.append(self.best_line[start:end])
            start = end
        return format_record(groups)

    def to_json(self) -> dict[str, Any]:
        state = self.state
        to_move = self.to_move
        return {
            **contract_json(state),
            "played": self.played_record(),
            "tricks_played": len(state.tricks),
            "leader": None if state.finished else SEATS[state.leader],
            "trick": [card_name(c) for c in state.trick],
            "to_move": None if to_move is None else SEATS[to_move],
            "taken": self.taken,
            "remaining": self.remaining,
            "total": self.total,
            "choices": [c.to_json() for c in self.choices],
            "best_line": self.line_record(),
            **options_json(state.contract.lone_defender, state.settings),
        }

    def __repr__(self) -> str:
        mover = "nobody" if self.to_move is None else Seat(self.to_move)
        return f"<PositionAnalysis of {self.state.deal!r}: {mover} to move, total {self.total}>"


def contract_json(state: PlayState) -> dict[str, Any]:
    """The keys an answer about one contract starts with (solve and review)."""
    deal, contract = state.deal, state.contract
    discard = exchange_discard(state)
    data = variant_json(deal.variant)
    data.update(
        {
            "deal": deal.notation(),
            "dealer": SEATS[deal.dealer],
            "declarer": SEATS[contract.declarer],
            "trump": SUITS[contract.trump],
            "discard": None if discard is None else card_name(discard),
            "alone": contract.alone,
            **best_json(contract, deal.variant),
        }
    )
    return data


def format_record(groups: Sequence[Sequence[CardId]]) -> str:
    """Cards in the play-record notation, ``|`` between non-empty groups."""
    return " | ".join(" ".join(card_name(c) for c in g) for g in groups if g)


def position(
    deal: Deal | str,
    contract: Contract,
    played: str = "",
    dealer: str | int | None = None,
    settings: Settings = Settings(),
    variant: Variant | None = None,
) -> PlayState:
    """The position after ``played`` (a play record); raises IllegalPlayError naming the bad card."""
    deal = coerce_deal(deal, dealer, variant)
    settings.check_for(deal.variant)
    return replay(PlayState(deal, contract, settings), played)


def gone_mask(state: PlayState) -> Mask:
    """Cards that can no longer separate two others: those played to completed tricks and
    those outside the variant's deck.

    The discard and a lone declarer's idle hand are out of play too, but only the declarer
    knows the discard, so a reviewer is shown the runs every player can see.
    """
    gone = ~state.deal.variant.deck
    for _, cards, _ in state.tricks:
        for card in cards:
            gone |= 1 << card
    return gone


def equivalent_runs(state: PlayState) -> list[tuple[CardId, ...]]:
    """The mover's legal cards as runs of equivalent cards: adjacent in their effective suit's
    power order once the cards between them are gone. Each run is strongest first; runs are
    in canonical order of their strongest card."""
    legal = state.legal()
    gone = gone_mask(state)
    trump = state.contract.trump
    runs: list[tuple[CardId, ...]] = []
    for suit in range(len(SUITS)):
        run: list[CardId] = []
        for card in reversed(power_order(suit, trump)):
            if legal >> card & 1:
                run.append(card)
            elif not gone >> card & 1 and run:
                runs.append(tuple(run))
                run = []
        if run:
            runs.append(tuple(run))
    runs.sort(key=lambda r: canonical_key(r[0]))
    return runs


def total_after(state: PlayState, card: CardId, searcher: Searcher) -> tuple[PlayState, int]:
    """The position after ``card`` and the declaring side's total for the hand from there."""
    after = state.copy()
    after.play(card)
    return after, after.declarer_taken() + after.value(searcher)


def card_choices(
    state: PlayState, total: int, searcher: Searcher, checkpoint: Checkpoint = no_checkpoint
) -> list[CardChoice]:
    """Every legal run's total and cost, given the position's own ``total`` (a caller that
    already knows it, like the play review, need not solve the position again)."""
    declaring = state.deal.variant.side_of(state.to_move, state.contract.declarer) == state.declaring_side
    choices = []
    for run in equivalent_runs(state):
        checkpoint()
        _, value = total_after(state, run[0], searcher)
        cost = total - value if declaring else value - total
        choices.append(CardChoice(tuple(Card(c) for c in run), value, cost))
    return choices


def analyze_position(
    state: PlayState, searcher: Searcher | None = None, checkpoint: Checkpoint = no_checkpoint
) -> PositionAnalysis:
    """Every legal card's total and cost, and one best line to the end.

    ``checkpoint()`` is called before each solve; a caller with a time limit raises from it
    to stop the analysis between solves.
    """
    searcher = searcher or thread_searcher()
    checkpoint()
    result = PositionAnalysis(state, state.declarer_taken(), state.value(searcher))
    if state.finished:
        return result
    choices = card_choices(state, result.total, searcher, checkpoint)
    best = next((c.cards[0] for c in choices if c.cost == 0), None)
    if best is None:
        raise RuntimeError(f"search: no card keeps the value {result.total} of {state.deal!r}")
    after = state.copy()
    after.play(best)
    return replace(result, choices=choices, best_line=[best] + best_line(after, result.total, searcher, checkpoint))


def best_line(state: PlayState, total: int, searcher: Searcher, checkpoint: Checkpoint = no_checkpoint) -> list[Card]:
    """A line of play to the end that keeps the total: at each turn the first run (canonical
    order) whose card keeps it, found by a search at every step."""
    line: list[Card] = []
    while not state.finished:
        for run in equivalent_runs(state):
            checkpoint()
            after, value = total_after(state, run[0], searcher)
            if value == total:
                break
        else:
            raise RuntimeError(f"search: no card keeps the value {total} of {state.deal!r}")
        line.append(Card(run[0]))
        state = after
    return line
