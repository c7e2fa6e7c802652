"""The text and HTML of every answer, registered by the answer's class name in
``hasen.analysis.answer`` (which loads this module the first time an answer is printed), the
tables and reviews through the answer's game, so that ``str(answer)`` is what the CLI
prints. The modules of the answers a command does not use are not imported."""

from __future__ import annotations

from typing import Any

from ..analysis.answer import HTML, TEXT
from . import game_of


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
