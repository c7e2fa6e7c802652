"""The chance of winning the game for three players each for themselves (Three-Handed Euchre).

As for two sides (``hasen.analysis.odds``), a hand's result is drawn from the hands the model
of the other players plays, kept relative to the dealer; here each of the three players keeps
its own score, and the table holds each player's chance of winning from every three scores
and dealer:

    W(s, d)[p] = sum over results r of P(r) * (p's share of the win if r ends the game,
                                               else W(s', d')[p])

where s are the three scores (N's, E's, S's), s' the scores after the hand and d' the next
dealer. The game ends when a player reaches 10. If more than one does in the same hand, the
highest score wins; on a tie the maker wins if it is among the tied, and otherwise (the two
defenders, each given the same points for a euchre) the win is shared, half each: the
published rules say nothing of it, and a shared win is what neither side can do better than.
Under ``euchred=maker_loses`` a maker's score can fall below 0; a score more than
``DEEPEST_THREE`` behind 0 counts as that deep. The equations are solved by iterating to a
fixed point.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.errors import NotationError
from ..core.memo import shared
from ..core.seats import SEATS
from ..core.settings import Settings
from ..core.variants import Variant
from ..rules.scoring import falls_below_zero, hand_score, shares_of_win
from .answer import Answer, variant_json
from .odds import (
    TABLES_KEPT,
    Outcome,
    check_reachable,
    check_scoring,
    dealers_asked,
    fixed_point,
    odds_data,
    outcomes_of,
)

if TYPE_CHECKING:
    import numpy as np

DEEPEST_THREE = -10  # the lowest score kept when a euchred maker loses points
Scores = tuple[int, ...]  # each player's score, in the order of the variant's seats


def lowest_three(variant: Variant, settings: Settings) -> int:
    """The lowest score the table keeps: 0 unless a score may fall below it (a euchred maker
    loses points)."""
    return DEEPEST_THREE if falls_below_zero(variant, settings) else 0


def seat_after(variant: Variant, dealer: int, offset: int) -> int:
    """The seat ``offset`` places clockwise from the dealer, among the players."""
    seats = variant.seats
    return seats[(seats.index(dealer) + offset) % len(seats)]


def results_three(
    variant: Variant, settings: Settings, outcomes: list[Outcome], dealer: int
) -> list[tuple[float, Scores, int]]:
    """For a hand ``dealer`` deals: each result's chance, each player's points, and the
    maker's place among the seats (-1: nobody made trump)."""
    total = sum(o.count for o in outcomes)
    out = []
    for o in outcomes:
        if o.offset < 0:
            out.append((o.count / total, (0,) * len(variant.seats), -1))
            continue
        maker = seat_after(variant, dealer, o.offset)
        mine, theirs = hand_score(variant, settings, None, o.tricks, False)
        out.append(
            (o.count / total, tuple(mine if s == maker else theirs for s in variant.seats), variant.seats.index(maker))
        )
    return out


def solve_three_table(variant: Variant, settings: Settings, outcomes: list[Outcome]) -> np.ndarray:
    """W[dealer's place, N - low, E - low, S - low, player's place]: each player's chance."""
    import numpy as np  # only to work a table out: the shipped one is read without it

    low, target = lowest_three(variant, settings), settings.game_points
    size = target - low
    players = len(variant.seats)
    grid = np.meshgrid(*[np.arange(low, target)] * players, indexing="ij")
    cells = size**players * players  # a dealer's table: each score, each player's chance
    ends: list[np.ndarray] = []  # each player's chance when a hand ends the game, cell by cell
    ended_before = 0  # the cells of ``ends`` so far
    # the tables flat, then the chances at the games' ends; per dealer, for each result and
    # cell in turn, where its value is read, and its chance
    plans = []
    for dealer in variant.seats:
        following = variant.seats.index(seat_after(variant, dealer, 1))
        reads, chances = [], []
        for chance, gains, maker in results_three(variant, settings, outcomes, dealer):
            after = [g + gain for g, gain in zip(grid, gains)]
            top = np.maximum.reduce(after)
            over = top >= target
            tied = [a == top for a in after]
            count = sum(t.astype(np.float64) for t in tied)
            maker_tied = tied[maker] if maker >= 0 else np.zeros_like(over)
            ended = np.stack(
                [np.where(over, np.where(maker_tied, float(i == maker), tied[i] / count), 0.0) for i in range(players)],
                axis=-1,
            )
            index = np.ravel_multi_index(tuple(np.clip(a, low, target - 1) - low for a in after), (size,) * players)
            in_table = following * cells + index[..., None] * players + np.arange(players)
            in_ends = players * cells + ended_before + np.arange(cells).reshape(ended.shape)
            ends.append(ended.ravel())
            ended_before += cells
            reads.append(np.where(over[..., None], in_ends, in_table).ravel())
            chances.append(np.full(cells, chance))
        plans.append((np.concatenate(reads), np.concatenate(chances)))
    table = np.full((players,) + (size,) * players + (players,), 1 / players)
    return fixed_point(table, plans, np.concatenate(ends))


Grid3 = list[list[list[list[list[float]]]]]  # [dealer's place][N - low][E - low][S - low][player's place]


@dataclass(frozen=True)
class PlayerChances:
    """Each player's chance of winning from every three scores, for one game and settings."""

    variant: Variant
    settings: Settings
    table: Grid3
    stderr: Grid3 | None  # where the shipped table has it
    hands: int  # the hands simulated

    def chances(self, scores: Scores, dealer: int) -> tuple[float, ...]:
        """Each player's chance (in seat order), ``dealer`` to deal next."""
        return self.read(self.table, scores, dealer)

    def errors(self, scores: Scores, dealer: int) -> tuple[float, ...]:
        return (math.nan,) * len(scores) if self.stderr is None else self.read(self.stderr, scores, dealer)

    def read(self, grid: Grid3, scores: Scores, dealer: int) -> tuple[float, ...]:
        target = self.settings.game_points
        if max(scores) >= target:
            raise NotationError(f"score: a game ends at {target}: {'-'.join(map(str, scores))} is over")
        low = lowest_three(self.variant, self.settings)
        check_reachable(scores, low, self.variant)
        n, e, s = (max(score, low) - low for score in scores)
        return tuple(float(c) for c in grid[self.variant.seats.index(dealer)][n][e][s])

    def after(self, scores: Scores, gains: Scores, maker: int, dealer: int) -> tuple[float, ...]:
        """Each player's chance once a hand ``dealer`` dealt gave the players ``gains``
        (``maker``: the maker's place, -1 for a redeal), the game over or not."""
        later = tuple(s + g for s, g in zip(scores, gains))
        won = shares_of_win(later, maker, self.settings.game_points)
        if won is not None:
            return won
        return self.chances(later, seat_after(self.variant, dealer, 1))


@shared(TABLES_KEPT)  # a table worked out is some 13 MB: a few are kept, each worked out once at a time
def player_chances(variant: Variant, settings: Settings = Settings()) -> PlayerChances:
    """The table for the game and its settings: shipped for the defaults, else worked out
    from the shipped hands."""
    settings.check_for(variant)
    outcomes, hands = outcomes_of(variant)
    game = odds_data()["games"][variant.key]
    if settings.changed() == {} and "table" in game:
        return PlayerChances(variant, settings, game["table"], game["stderr"], hands)
    return PlayerChances(variant, settings, solve_three_table(variant, settings, outcomes).tolist(), None, hands)


@dataclass(repr=False, frozen=True)
class PlayerOdds(Answer):
    """Each player's chance of winning the game from three scores:
    ``hasen.odds("3-5-7", dealer="N", variant="euchre3")``.

    >>> import hasen
    >>> odds = hasen.odds("9-0-0", dealer="N", variant="euchre3")
    >>> odds.chances[0] > 0.8, odds.names
    (True, ('N', 'E', 'S'))
    """

    ROWS = ((None, ("by_dealer", (None, "dealer"))),)  # the chances with each dealer

    variant: Variant
    settings: Settings
    scores: Scores  # each player's, in seat order
    dealer: int | None  # who deals next; None: each dealer
    by_dealer: dict[int, tuple[tuple[float, ...], tuple[float, ...]]]  # each player's chance, its stderr (nan: none)
    hands: int

    @property
    def names(self) -> tuple[str, ...]:
        return self.variant.score_names

    @property
    def chances(self) -> tuple[float, ...]:
        """Each player's chance with the dealer given (or the mean over the dealers)."""
        if self.dealer is not None:
            return self.by_dealer[self.dealer][0]
        each = [chances for chances, _ in self.by_dealer.values()]
        return tuple(sum(c[i] for c in each) / len(each) for i in range(len(self.scores)))

    def to_json(self) -> dict[str, Any]:
        data = variant_json(self.variant) | {
            "score": dict(zip(self.names, self.scores)),
            "dealer": None if self.dealer is None else SEATS[self.dealer],
            "chance": {name: round(c, 4) for name, c in zip(self.names, self.chances)},
            "by_dealer": {
                SEATS[d]: {
                    "chance": {name: round(c, 4) for name, c in zip(self.names, chances)},
                    "stderr": None
                    if any(math.isnan(e) for e in errors)
                    else {name: round(e, 4) for name, e in zip(self.names, errors)},
                }
                for d, (chances, errors) in self.by_dealer.items()
            },
            "hands": self.hands,
            "target": self.settings.game_points,
            "deepest": lowest_three(self.variant, self.settings),
        }
        if self.settings.changed():
            data["settings"] = self.settings.changed()
        return data

    def __repr__(self) -> str:
        shown = ", ".join(f"{n} {c:.3f}" for n, c in zip(self.names, self.chances))
        return f"<PlayerOdds {'-'.join(map(str, self.scores))} in {self.variant.label}: {shown}>"


def player_odds_at(variant: Variant, settings: Settings, scores: Scores, dealer: int | None) -> PlayerOdds:
    """The answer for three scores (``record.read_score``) and the next dealer (None: each)."""
    check_scoring(settings)
    table = player_chances(variant, settings)
    dealers = dealers_asked(variant, dealer)
    return PlayerOdds(
        variant,
        settings,
        scores,
        dealer,
        {d: (table.chances(scores, d), table.errors(scores, d)) for d in dealers},
        table.hands,
    )
