"""One ``Game`` per family, registered here; ``game_of`` finds a variant's.

Every answer's text and HTML are registered here too, through the variant's game, so that
``str(answer)`` is what the CLI prints.
"""

from __future__ import annotations

from ..analysis.answer import as_html, as_text
from ..analysis.bidding import BidAnalysis
from ..analysis.euchre_table import EuchreAnalysis
from ..analysis.lead import LeadSimulation
from ..analysis.position import PositionAnalysis
from ..analysis.review import PlayReview
from ..analysis.simulate import Simulation
from ..analysis.table import TableAnalysis
from ..core.variants import Variant
from ..text.lead import format_leads
from ..text.simulation import format_simulation
from .base import Game
from .euchre import Euchre
from .hasenpfeffer import Hasenpfeffer

GAMES: dict[str, Game] = {game.family: game for game in (Hasenpfeffer(), Euchre())}


def game_of(variant: Variant) -> Game:
    """The game a variant is played by.

    >>> from solver.core.variants import variant_for
    >>> game_of(variant_for("euchre2"))
    <Game euchre: euchre, euchre2>
    """
    return GAMES[variant.family]


@as_text.register(TableAnalysis)
@as_text.register(EuchreAnalysis)
def _table_text(analysis: TableAnalysis | EuchreAnalysis) -> str:
    return game_of(analysis.deal.variant).format_table(analysis)


@as_html.register(TableAnalysis)
@as_html.register(EuchreAnalysis)
def _table_html(analysis: TableAnalysis | EuchreAnalysis) -> str:
    return game_of(analysis.deal.variant).table_html(analysis)


@as_text.register(BidAnalysis)
def _bid_text(analysis: BidAnalysis) -> str:
    return game_of(analysis.deal.variant).format_bidding(analysis)


@as_text.register(PositionAnalysis)
def _position_text(result: PositionAnalysis) -> str:
    return game_of(result.state.deal.variant).format_position(result)


@as_text.register(LeadSimulation)
def _lead_text(simulation: LeadSimulation) -> str:
    return format_leads(simulation)


@as_text.register(Simulation)
def _simulation_text(simulation: Simulation) -> str:
    return format_simulation(simulation)


@as_text.register(PlayReview)
def _review_text(review: PlayReview) -> str:
    return game_of(review.start.deal.variant).format_review(review)


__all__ = ["GAMES", "Game", "game_of"]
