"""One ``Game`` per family, registered here; ``game_of`` finds a variant's.

The text and HTML of every answer are registered here too, by the answer's class name and
through the answer's game, so that ``str(answer)`` is what the CLI prints. The modules of
the answers a command does not use are not imported.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module
from typing import Any

from ..analysis.answer import HTML, TEXT
from ..core.variants import Variant
from .base import Game

FAMILIES = ("hasenpfeffer", "euchre")  # each family's Game is GAME in the package of its name


class Games(Mapping[str, Game]):
    """Family -> its Game, each family's module imported when first asked for (a
    Hasenpfeffer table never loads the Euchre code)."""

    def __init__(self) -> None:
        self._games: dict[str, Game] = {}

    def __getitem__(self, family: str) -> Game:
        if family not in self._games:
            if family not in FAMILIES:
                raise KeyError(family)
            game: Game = import_module(f".{family}", __package__).GAME
            assert game.family == family, f"the module {family} holds the game of {game.family}"
            self._games[family] = game  # threads that ask at once import the module once, and get its one GAME
        return self._games[family]

    def __iter__(self) -> Iterator[str]:
        return iter(FAMILIES)

    def __len__(self) -> int:
        return len(FAMILIES)

    def __repr__(self) -> str:
        return repr(dict(self))


GAMES = Games()


def game_of(variant: Variant) -> Game:
    """The game a variant is played by.

    >>> from hasen.core.variants import variant_for
    >>> game_of(variant_for("euchre2"))
    <Game euchre: euchre, euchre2, euchre3, railroad>
    """
    return GAMES[variant.family]


def simulation_text(simulation: Any) -> str:
    from ..text.simulation import format_simulation

    return format_simulation(simulation)


def leads_text(simulation: Any) -> str:
    from ..text.lead import format_leads

    return format_leads(simulation)


def bid_advice_text(advice: Any) -> str:
    from ..text.advice import format_bid_advice

    return format_bid_advice(advice)


def call_advice_text(advice: Any) -> str:
    from ..text.advice import format_call_advice

    return format_call_advice(advice)


def odds_text(odds: Any) -> str:
    from ..text.odds import format_odds

    return format_odds(odds)


def player_odds_text(odds: Any) -> str:
    from ..text.odds import format_player_odds

    return format_player_odds(odds)


def hand_review_text(review: Any) -> str:
    from ..text.hand_review import format_hand_review

    return format_hand_review(review)


TEXT.update(
    {
        "TableAnalysis": lambda analysis: game_of(analysis.deal.variant).format_table(analysis),
        "EuchreAnalysis": lambda analysis: game_of(analysis.deal.variant).format_table(analysis),
        "BidAnalysis": lambda analysis: game_of(analysis.deal.variant).format_bidding(analysis),
        "PositionAnalysis": lambda result: game_of(result.state.deal.variant).format_position(result),
        "PlayReview": lambda review: game_of(review.start.deal.variant).format_review(review),
        "Simulation": simulation_text,
        "LeadSimulation": leads_text,
        "BidAdvice": bid_advice_text,
        "CallAdvice": call_advice_text,
        "HandReview": hand_review_text,
        "Odds": odds_text,
        "PlayerOdds": player_odds_text,
    }
)
HTML.update(
    {
        "TableAnalysis": lambda analysis: game_of(analysis.deal.variant).table_html(analysis),
        "EuchreAnalysis": lambda analysis: game_of(analysis.deal.variant).table_html(analysis),
    }
)

__all__ = ["GAMES", "Game", "game_of"]
