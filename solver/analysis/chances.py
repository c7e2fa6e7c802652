"""Where a game stands before a hand, and its players' chances of winning from there: two
sides' (``hasen.analysis.odds``) or three players' each (``hasen.analysis.odds_three``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from ..core.settings import Settings
from ..core.variants import Variant
from ..rules.scoring import Bid, scorer_points
from .odds import Odds, WinChances, odds_at, win_chances
from .odds_three import PlayerChances, PlayerOdds, Scores, player_chances, player_odds_at

Chances = WinChances | PlayerChances  # two sides' chances, or each of three players'


class Standing(NamedTuple):
    """How a game keeps its chances of winning: its table, and the answer for one score."""

    chances: Callable[[Variant, Settings], Chances]
    odds: Callable[[Variant, Settings, Scores, int | None], Odds | PlayerOdds]


def side_odds(variant: Variant, settings: Settings, score: Scores, dealer: int | None) -> Odds:
    first, second = score
    return odds_at(variant, settings, first, second, dealer)


BY_SIDE = Standing(win_chances, side_odds)
BY_PLAYER = Standing(player_chances, player_odds_at)


def standing_of(variant: Variant) -> Standing:
    """Two scores' chances (two sides', or two players'), or each player's where more keep
    score (three players, each for themselves)."""
    return BY_PLAYER if len(variant.score_names) > 2 else BY_SIDE


def game_chances(variant: Variant, settings: Settings) -> Chances:
    """The chances of winning the game for its scores: two sides', or three players' each."""
    return standing_of(variant).chances(variant, settings)


def game_odds(variant: Variant, settings: Settings, score: Scores, dealer: int | None) -> Odds | PlayerOdds:
    """The chance of winning from ``score`` with ``dealer`` to deal next (None: each dealer):
    each side's, or each player's."""
    return standing_of(variant).odds(variant, settings, score, dealer)


@dataclass(frozen=True)
class GameState:
    """Where the game stands before a hand: the scores (each of ``score_names``) and who deals it."""

    table: Chances
    score: tuple[int, ...]
    dealer: int

    def by_tricks(
        self, bid: Bid | None, alone: bool, declaring: int, lone_defence: bool = False
    ) -> list[tuple[float, ...]]:
        """Each scorer's chance of winning the game once the hand is played, for each number of
        tricks the declaring side takes in it (``declaring``: its place among the scorers,
        ``Variant.scorer_of``; ``lone_defence``: a defender played alone)."""
        variant = self.table.variant
        out = []
        for tricks in range(variant.hand_size + 1):
            gains = scorer_points(variant, self.table.settings, bid, tricks, alone, declaring, lone_defence)
            out.append(self.table.after(self.score, gains, declaring, self.dealer))
        return out
