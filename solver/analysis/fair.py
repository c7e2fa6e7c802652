"""A fair review of the play: each card judged by what its player could know (single dummy).

The double-dummy review (``review``) judges a card by what it cost with every hand open; a
player who could not see the other hands may have had no way to know better. Here each
card is judged from its player's seat at the moment it was played (``hasen.analysis.views``):
the layouts that agree with what the player knew are dealt uniformly, every legal card is
played on each and the rest of the hand solved double-dummy. A card's figure is the mean
tricks its player's side takes after it; the best card is the one with the highest mean,
and the played card's cost is the difference, with the standard error of that difference
over the same layouts. The layouts of card n are dealt by ``Random(f"{seed}/{n}/{i}")``
(n counted from 1 in the order played), or, when no more layouts agree than are asked
for, every one of them is used, once (the figures are then exact).

A card is a mistake when its cost is material: at least ``MISTAKE`` tricks, and more than
twice its standard error. A card that cost a trick only with every hand open is shown as
such, not as a mistake.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from ..core.cards import NUM_CARDS, CardId, Mask, canonical_key, card_name, cards_of
from ..core.names import Card, Seat
from ..core.seats import NUM_SEATS, SEATS
from ..rules.trump import trick_winner
from ..search import thread_searcher
from ..search.layout import LAYOUT_BYTES
from .inputs import DEFAULT_REVIEW_LAYOUTS
from .layouts import LAYOUTS_PER_CHUNK
from .play import PlayState
from .views import View, rotation

MISTAKE = 0.25  # tricks: the least cost called a mistake


@dataclass(frozen=True)
class CardChoiceFigure:
    """One legal card at a turn: the mean tricks of the mover's side after it."""

    card: Card
    mean: float

    def to_json(self) -> dict[str, Any]:
        return {"card": card_name(self.card), "mean": round(self.mean, 4) + 0.0}


@dataclass(frozen=True)
class FairVerdict:
    """One card of the play judged from its player's seat."""

    number: int  # the card's place in the play, from 1
    seat: Seat
    card: Card
    layouts: int  # the layouts it was judged on
    exact: bool  # every layout that agrees with what the player knew was used
    choices: tuple[CardChoiceFigure, ...]  # every legal card, best first; none when the card was the only one
    cost: float  # mean tricks given away against the best card
    stderr: float  # the standard error of the cost

    @property
    def best(self) -> Card:
        return self.choices[0].card if self.choices else self.card

    @property
    def mistake(self) -> bool:
        """A material cost: at least MISTAKE tricks, and clear of the sampling error."""
        return self.cost >= MISTAKE and self.cost > 2 * self.stderr

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "seat": SEATS[self.seat], "card": card_name(self.card),
                "layouts": self.layouts, "exact": self.exact, "best": card_name(self.best),
                "cost": round(self.cost, 4) + 0.0, "stderr": round(self.stderr, 4) + 0.0,
                "mistake": self.mistake, "choices": [c.to_json() for c in self.choices]}


def judge_play(start: PlayState, cards: Sequence[CardId], layouts: int = DEFAULT_REVIEW_LAYOUTS, seed: int = 0,
               threads: int = 1, known: Sequence[Mask] = (0, 0, 0, 0),
               progress: Callable[[int, int], None] | None = None) -> list[FairVerdict]:
    """Every card of ``cards`` (played from ``start``, checked already) judged from its
    player's seat (see the module). ``known``: cards each player is told are in each
    hand besides what it saw (every card, for a review with all hands shown)."""
    states = []
    state = start.copy()
    for card in cards:
        states.append(state.copy())
        state.play(card)
    jobs = [(number, before, card) for number, (before, card) in enumerate(zip(states, cards), 1)]

    def judge(job: tuple[int, PlayState, CardId]) -> FairVerdict:
        number, before, card = job
        return judge_card(before, card, number, layouts, seed, known, pause)

    def pause() -> None:  # between chunks of a card's layouts: a place for the caller to stop
        if progress:
            progress(len(verdicts), len(jobs))

    verdicts = []
    pool = ThreadPoolExecutor(threads, thread_name_prefix="hasen-review") if threads > 1 else None
    try:
        for done, verdict in enumerate((pool.map if pool else map)(judge, jobs), 1):
            verdicts.append(verdict)
            if progress:
                progress(done, len(jobs))
    finally:
        if pool:
            pool.shutdown(cancel_futures=True)
    return verdicts


def judge_card(state: PlayState, card: CardId, number: int, layouts: int, seed: int,
               known: Sequence[Mask], pause: Callable[[], None] = lambda: None) -> FairVerdict:
    """The card played at ``state`` (its ``number`` in the play), judged from its seat.
    ``pause()`` is called between chunks of the layouts."""
    seat = state.to_move
    legal = cards_of(state.legal())
    if len(legal) == 1:  # nothing to choose: nothing to judge
        return FairVerdict(number, Seat(seat), Card(card), 0, True, (), 0.0, 0.0)
    view = View.of(state, known)
    exact = view.count <= layouts
    if exact:
        dealt = list(view.every_layout())
    else:
        dealt = [view.layout(random.Random(f"{seed}/{number}/{i}")) for i in range(layouts)]
    totals = []  # per layout, per legal card
    for start in range(0, len(dealt), LAYOUTS_PER_CHUNK):
        pause()
        totals += side_totals(state, view, dealt[start:start + LAYOUTS_PER_CHUNK], legal)
    means = [sum(row[j] for row in totals) / len(totals) for j in range(len(legal))]
    order = sorted(range(len(legal)), key=lambda j: (-means[j], canonical_key(legal[j])))
    best, played = order[0], legal.index(card)
    differences = [row[best] - row[played] for row in totals]
    cost = means[best] - means[played]
    stderr = 0.0 if exact or len(totals) < 2 else math.sqrt(
        sum((d - cost) ** 2 for d in differences) / (len(totals) - 1) / len(totals))
    choices = tuple(CardChoiceFigure(Card(legal[j]), means[j]) for j in order)
    return FairVerdict(number, Seat(seat), Card(card), len(totals), exact, choices, cost, stderr)


def side_totals(state: PlayState, view: View, dealt: list[list[Mask]], legal: list[CardId]) -> list[list[int]]:
    """For each layout and each legal card of the player to move: the tricks its side takes
    in the whole hand after that card, the rest solved double-dummy."""
    seat = state.to_move
    deal, trump = state.deal, state.contract.trump
    variant = deal.variant
    side = state.declaring_side
    active = sum(1 << variant.search_seat(s) for s in state.seats)
    row = LAYOUT_BYTES[trump * NUM_CARDS:(trump + 1) * NUM_CARDS]
    order = rotation(state, state.leader)
    taken = state.taken[side]
    total_tricks = variant.hand_size
    mover_declares = variant.side_of(seat) == side
    positions: list[tuple[list[Mask], int, list[CardId]] | None] = []
    known_values: list[int] = []
    for held in dealt:
        hands = [0] * NUM_SEATS
        for place, cards in zip(view.places, held):
            if place < NUM_SEATS:
                hands[place] = cards
        hands[seat] = state.hands[seat]
        for card in legal:
            after = list(hands)
            after[seat] &= ~(1 << card)
            trick = state.trick + [card]
            leader, won = state.leader, 0
            if len(trick) == len(state.seats):
                winner = order[trick_winner(trick, trump)]
                won = int(variant.side_of(winner) == side)
                leader, trick = winner, []
            if not any(after):
                known_values.append(taken + won)
                positions.append(None)
                continue
            placed = [0] * NUM_SEATS
            for s in state.seats:
                placed[variant.search_seat(s)] = after[s]
            positions.append((placed, variant.search_seat(leader), trick))
            known_values.append(taken + won)
    solved = iter(thread_searcher().solve_positions([p for p in positions if p is not None], active, side, row))
    totals = [base + (0 if p is None else next(solved)) for p, base in zip(positions, known_values)]
    if not mover_declares:
        totals = [total_tricks - t for t in totals]
    width = len(legal)
    return [totals[i:i + width] for i in range(0, len(totals), width)]
