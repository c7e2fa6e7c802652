"""Where a game stands before a hand, and its players' chances of winning from there: two
sides' (``hasen.analysis.odds``) or three players' each (``hasen.analysis.odds_three``)."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.settings import Settings
from ..core.variants import Variant
from ..rules.scoring import Bid, scorer_points
from .odds import WinChances, win_chances
from .odds_three import PlayerChances, player_chances

Chances = WinChances | PlayerChances  # two sides' chances, or each of three players'


def game_chances(variant: Variant, settings: Settings) -> Chances:
    """The chances of winning the game for its scores: two sides', or three players' each."""
    return player_chances(variant, settings) if variant.cutthroat else win_chances(variant, settings)


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
