"""A fair review of the play: each card judged by what its player could know (single dummy).

The double-dummy review (``review``) judges a card by what it cost with every hand open; a
player who could not see the other hands may have had no way to know better. Here each
card is judged from its player's seat at the moment it was played (``hasen.analysis.views``):
the layouts that agree with what the player knew are dealt uniformly, every legal card is
played on each and the rest of the hand solved double-dummy. A card's figure is the mean
tricks its player's side takes after it; the best card is the one with the highest mean,
and the played card's cost is the difference, with the standard error of that difference
over the same layouts. The layouts of card n are dealt by ``Random(f"{seed}/{n}/{i}")``
(n counted from 1 in the order played; the compiled core draws the same numbers in C), or,
when no more layouts agree than are asked for, every one of them is used, once (the
figures are then exact).

What a card is worth is what it does to the hand's score: each layout's tricks are scored by
the contract (``Stakes``: the tricks the declaring side needs and its points for each number
of tricks, by the table's scoring), so each card also gets the expected points of its
player's side (its points less the other side's) and its chance of making the contract, or
for a defender of setting it. The best card is the one with the most expected points (more
tricks, then the canonical order, on a tie), and a card is a mistake when the points it gives
away against that card are material: at least ``MISTAKE_POINTS``, and more than twice their
standard error. A card that cost a trick only with every hand open is shown as such, not as
a mistake. Each mistake comes with the reason: the layout on which it did worst against the
best card (the first such, on a tie), and the share of layouts on which each was the better.

The layouts can be kept to those that agree with the auction (``agree``): a test of a batch
of layouts at once, which the review builds from the model of the other players.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from ..core.cards import NUM_CARDS, CardId, Mask, canonical_key, card_name, cards_of
from ..core.names import Card, CardSet, Seat
from ..core.seats import NUM_SEATS, SEATS, side_seats
from ..core.settings import Settings
from ..core.variants import Variant
from ..notation.inputs import DEFAULT_REVIEW_LAYOUTS
from ..play.state import PlayState
from ..rules.scoring import Bid, defenders_share, net_scores, tricks_needed
from ..rules.trump import trick_winner
from ..search import thread_searcher
from ..search.layout import LAYOUT_BYTES
from .answer import figure, given_figures, stderr_of_mean
from .chances import GameState
from .layouts import LAYOUTS_PER_CHUNK
from .views import View, rotation

MISTAKE_POINTS = 0.3  # points of the hand: the least cost called a mistake (of a card or a call)
# with the score known, the side's chance of winning the game decides: the least cost called a mistake
MISTAKE_WIN = 0.02
MIN_JUDGED = 20  # layouts: a decision weighed on fewer is shown, not judged (unless they are every one there is)
EPSILON = 1e-9  # a cost is a difference of sums: an exact 0.3 may come out 0.2999999999999998
MAX_TRIES = 20  # candidate layouts per layout wanted, when the auction rules some out
# which of a batch of layouts (each the masks of View.places) agree with the auction?
Agree = Callable[[Sequence[Sequence[Mask]]], Sequence[bool]]


def material(cost: float, stderr: float, least: float) -> bool:
    """Is a cost a mistake: at least ``least``, and clear of twice its standard error?"""
    return cost >= least - EPSILON and cost > 2 * stderr


def close(difference: float, stderr: float) -> bool:
    """Are two options a close call: their difference within twice its standard error?"""
    return difference <= 2 * stderr + EPSILON


@dataclass(frozen=True)
class Stakes:
    """What the contract's tricks are worth: the tricks the declaring side needs, and its
    points less the defenders' for each number of tricks it takes (0 up)."""

    needed: int
    points: tuple[int, ...]
    # with the score before the hand: each scorer's chance of winning the game after it, for
    # each number of tricks the declaring side takes (hasen.analysis.odds)
    wins: tuple[tuple[float, ...], ...] | None = None

    @classmethod
    def of(
        cls,
        variant: Variant,
        settings: Settings,
        bid: Bid | None,
        alone: bool,
        game: GameState | None = None,
        declaring: int = 0,
        lone_defence: bool = False,
    ) -> Stakes:
        """``lone_defence``: a defender plays alone (a Railroad euchre then scores more)."""
        wins = None if game is None else tuple(game.by_tricks(bid, alone, declaring, lone_defence))
        return cls(tricks_needed(variant, bid), net_scores(variant, settings, bid, alone, lone_defence), wins)

    def standing(self, variant: Variant, declares: bool) -> np.ndarray:
        """Per number of tricks the declaring side takes, what the hand is worth to a player
        who declares or defends (``rules.scoring.standing``)."""
        points = np.array(self.points, dtype=np.int64)
        return points if declares else defenders_share(variant) * points


@dataclass(frozen=True)
class CardChoiceFigure:
    """One legal card at a turn, over the layouts: the mover's side's mean tricks after it,
    its expected points (its points less the other side's) and its chance of making the
    contract (a defender: of setting it)."""

    card: Card
    mean: float
    points: float = 0.0
    chance: float = 0.0
    win: float | None = None  # with a score: the mover's side's chance of winning the game

    def to_json(self) -> dict[str, Any]:
        return {
            "card": card_name(self.card),
            "mean": figure(self.mean),
            "points": figure(self.points),
            "chance": figure(self.chance),
            **given_figures(win=self.win),
        }


@dataclass(frozen=True)
class Why:
    """A reason for a verdict: a layout on which the choice made did worst against the best
    one (the hands at that moment), the two values there, and the share of layouts on which
    each was the better."""

    hands: dict[str, str]  # by seat: the cards held then
    # the choice made there: the mover's side's tricks (None for a call, whose contracts differ), its points
    made: tuple[int | None, float]
    best: tuple[int | None, float]
    best_better: float
    made_better: float

    def to_json(self) -> dict[str, Any]:
        def one(pair: tuple[int | None, float]) -> dict[str, Any]:
            return ({} if pair[0] is None else {"tricks": pair[0]}) | {"points": whole(pair[1])}

        return {
            "hands": self.hands,
            "made": one(self.made),
            "best": one(self.best),
            "best_better": figure(self.best_better),
            "made_better": figure(self.made_better),
        }


def whole(points: float) -> float:
    """Points as a whole number where they are one (a defender's share of three players'
    points can be a half)."""
    return int(points) if float(points).is_integer() else float(points)


@dataclass(frozen=True)
class FairVerdict:
    """One card of the play judged from its player's seat."""

    number: int  # the card's place in the play, from 1
    seat: Seat
    card: Card
    layouts: int  # the layouts it was judged on
    exact: bool  # every layout that agrees with what the player knew was used
    choices: tuple[CardChoiceFigure, ...]  # every legal card, best first; none when the card was the only one
    cost: float  # mean tricks given away against the best card (by tricks)
    stderr: float  # the standard error of the cost
    points_cost: float = 0.0  # expected points given away against the best card (by points)
    points_stderr: float = 0.0
    why: Why | None = None  # for a mistake
    agreeing: bool = False  # the layouts were kept to those that agree with the auction
    win_cost: float | None = None  # with a score: the chance of winning the game given away
    win_stderr: float | None = None
    unagreed: bool = False  # weighed on layouts that do not agree with the auction, though it should (none did)

    @property
    def best(self) -> Card:
        """The best card by the deciding criterion (``by_win``)."""
        return self.choices[0].card if self.choices else self.card

    @property
    def by_win(self) -> bool:
        """Is it decided by the chance of winning the game (the score is known), not points?"""
        return self.win_cost is not None

    @property
    def judged(self) -> bool:
        """Was it weighed on enough layouts to be judged (``MIN_JUDGED``, or every one there is)?"""
        return not self.choices or (not self.unagreed and (self.exact or self.layouts >= MIN_JUDGED))

    @property
    def mistake(self) -> bool:
        """A material cost in the deciding criterion: at least MISTAKE_POINTS points (with the
        score, MISTAKE_WIN of the chance of winning), clear of the sampling error; only when
        judged."""
        if not self.judged:
            return False
        if self.win_cost is not None and self.win_stderr is not None:
            return material(self.win_cost, self.win_stderr, MISTAKE_WIN)
        return material(self.points_cost, self.points_stderr, MISTAKE_POINTS)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "number": self.number,
            "seat": SEATS[self.seat],
            "card": card_name(self.card),
            "layouts": self.layouts,
            "exact": self.exact,
            "agree_with_auction": self.agreeing,
            "judged": self.judged,
            "decided_by": "win" if self.by_win else "points",
            "best": card_name(self.best),
            "cost": figure(self.cost),
            "stderr": figure(self.stderr),
            "points_cost": figure(self.points_cost),
            "points_stderr": figure(self.points_stderr),
            "mistake": self.mistake,
            "choices": [c.to_json() for c in self.choices],
            **given_figures(win_cost=self.win_cost, win_stderr=self.win_stderr),
        }
        if self.why is not None:
            data["why"] = self.why.to_json()
        return data


def judge_play(
    start: PlayState,
    cards: Sequence[CardId],
    stakes: Stakes,
    layouts: int = DEFAULT_REVIEW_LAYOUTS,
    seed: int = 0,
    threads: int = 1,
    known: Sequence[Mask] = (0, 0, 0, 0),
    progress: Callable[[int, int], None] | None = None,
    agree: Callable[[PlayState, View], Agree | None] | None = None,
) -> list[FairVerdict]:
    """Every card of ``cards`` (played from ``start``, checked already) judged from its
    player's seat (see the module). ``known``: cards each player is told are in each
    hand besides what it saw (every card, for a review with all hands shown). ``agree``:
    for a turn, the predicate its layouts must meet (None: every layout)."""
    states = []
    state = start.copy()
    for card in cards:
        states.append(state.copy())
        state.play(card)
    jobs = [(number, before, card) for number, (before, card) in enumerate(zip(states, cards), 1)]

    def judge(job: tuple[int, PlayState, CardId]) -> FairVerdict:
        number, before, card = job
        return judge_card(before, card, number, layouts, seed, known, stakes, pause, agree)

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


def judge_card(
    state: PlayState,
    card: CardId,
    number: int,
    layouts: int,
    seed: int,
    known: Sequence[Mask],
    stakes: Stakes,
    pause: Callable[[], None] = lambda: None,
    agree: Callable[[PlayState, View], Agree | None] | None = None,
) -> FairVerdict:
    """The card played at ``state`` (its ``number`` in the play), judged from its seat.
    ``pause()`` is called between chunks of the layouts."""
    seat = state.to_move
    legal = cards_of(state.legal())
    if len(legal) == 1:  # nothing to choose: nothing to judge
        return FairVerdict(number, Seat(seat), Card(card), 0, True, (), 0.0, 0.0)
    view = View.of(state, known)
    check = None if agree is None else agree(state, view)
    exact = view.count <= layouts
    if exact:
        dealt = list(view.every_layout())
        kept = dealt if check is None else [held for held, ok in zip(dealt, check(dealt)) if ok]
    else:
        kept = []
        tries = layouts if check is None else MAX_TRIES * layouts
        drawn = 0
        while drawn < tries and len(kept) < layouts:
            # candidates in order, in chunks; those past the last one kept are never looked at
            chunk = min(tries - drawn, max(LAYOUTS_PER_CHUNK, 2 * (layouts - len(kept))))
            batch = view.layouts([f"{seed}/{number}/{i}" for i in range(drawn, drawn + chunk)])
            for held, ok in zip(batch, [True] * len(batch) if check is None else check(batch)):
                if ok:
                    kept.append(held)
                    if len(kept) == layouts:
                        break
            drawn += chunk
        if not kept:  # nothing agrees with the auction: every layout, as drawn
            dealt = view.layouts([f"{seed}/{number}/{i}" for i in range(layouts)])
    agreeing = check is not None and bool(kept)
    if kept:
        dealt = kept
    totals = []  # per layout, per legal card: the mover's side's tricks
    for start in range(0, len(dealt), LAYOUTS_PER_CHUNK):
        pause()
        totals += side_totals(state, view, dealt[start : start + LAYOUTS_PER_CHUNK], legal)
    variant = state.deal.variant
    mover_declares = state.side_of(seat) == state.declaring_side
    tricks = np.array(totals, dtype=np.int64)
    declarers = tricks if mover_declares else variant.hand_size - tricks
    points = stakes.standing(variant, mover_declares)[declarers]
    success = declarers >= stakes.needed if mover_declares else declarers < stakes.needed
    means, point_means, chances = tricks.mean(axis=0), points.mean(axis=0), success.mean(axis=0)
    wins = win_means = None
    if stakes.wins is not None:  # the mover's side's chance of winning the game, per layout and card
        wins = np.array(stakes.wins)[declarers, variant.scorer_of(seat)]
        win_means = wins.mean(axis=0)
    by_tricks = min(range(len(legal)), key=lambda j: (-means[j], canonical_key(legal[j])))
    by_points = sorted(range(len(legal)), key=lambda j: (-point_means[j], -means[j], canonical_key(legal[j])))
    # with the score known, the chance of winning the game decides (points on a tie)
    order = by_points if win_means is None else sorted(by_points, key=lambda j: -round(float(win_means[j]), 12))
    best, played = by_points[0], legal.index(card)
    n = len(totals)

    def stderr_of(differences: np.ndarray) -> float:
        return 0.0 if exact else stderr_of_mean(differences)

    cost = float(means[by_tricks] - means[played])
    stderr = stderr_of(tricks[:, by_tricks] - tricks[:, played])
    points_cost = float(point_means[best] - point_means[played])
    points_stderr = stderr_of(points[:, best] - points[:, played])
    choices = tuple(
        CardChoiceFigure(
            Card(legal[j]),
            float(means[j]),
            float(point_means[j]),
            float(chances[j]),
            None if win_means is None else float(win_means[j]),
        )
        for j in order
    )
    win_cost = win_stderr = None
    if wins is not None and win_means is not None:
        win_cost = float(win_means[order[0]] - win_means[played])
        win_stderr = stderr_of(wins[:, order[0]] - wins[:, played])
    verdict = FairVerdict(
        number,
        Seat(seat),
        Card(card),
        n,
        exact,
        choices,
        cost,
        stderr,
        points_cost,
        points_stderr,
        agreeing=agreeing,
        win_cost=win_cost,
        win_stderr=win_stderr,
        unagreed=check is not None and not kept,
    )
    if verdict.mistake:
        best = order[0]  # by the criterion that decided it
        gap = points[:, best] - points[:, played] if wins is None else wins[:, best] - wins[:, played]
        worst = int(np.argmax(gap))  # the first layout of the largest gap
        hands = {SEATS[seat]: str(CardSet(state.hands[seat]))}
        for place, cards in zip(view.places, dealt[worst]):
            if place < NUM_SEATS:
                hands[SEATS[place]] = str(CardSet(cards))
        why = Why(
            {s: hands[s] for s in SEATS if s in hands},
            (int(tricks[worst, played]), float(points[worst, played])),
            (int(tricks[worst, best]), float(points[worst, best])),
            float((gap > 0).mean()),
            float((gap < 0).mean()),
        )
        verdict = replace(verdict, why=why)
    return verdict


def side_totals(state: PlayState, view: View, dealt: list[list[Mask]], legal: list[CardId]) -> list[list[int]]:
    """For each layout and each legal card of the player to move: the tricks its side takes
    in the whole hand after that card, the rest solved double-dummy."""
    seat = state.to_move
    deal, trump = state.deal, state.contract.trump
    variant = deal.variant
    side = state.declaring_side
    active = state.active
    row = LAYOUT_BYTES[trump * NUM_CARDS : (trump + 1) * NUM_CARDS]
    order = rotation(state, state.leader)
    taken = state.taken[side]
    total_tricks = variant.hand_size
    mover_declares = state.side_of(seat) == side
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
                won = int(state.side_of(winner) == side)
                leader, trick = winner, []
            if not any(after):
                known_values.append(taken + won)
                positions.append(None)
                continue
            placed = [0] * NUM_SEATS
            for s in state.seats:
                placed[state.search_seats[s]] = after[s]
            positions.append((placed, state.search_seats[leader], trick))
            known_values.append(taken + won)
    solved = iter(
        thread_searcher().solve_positions([p for p in positions if p is not None], active, side_seats(side), row)
    )
    totals = [base + (0 if p is None else next(solved)) for p, base in zip(positions, known_values)]
    if not mover_declares:
        totals = [total_tricks - t for t in totals]
    width = len(legal)
    return [totals[i : i + width] for i in range(0, len(totals), width)]
