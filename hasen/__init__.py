"""Double-dummy analysis for Hasenpfeffer and the Euchre family, from Python.

>>> import hasen
>>> deal = hasen.Deal("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", dealer="W")
>>> "KH" in deal.hand("N")
True
>>> hasen.analyze(deal, declarer="N").tables["N"].best
(Suit('C'), Card('KH'), 6)

``analyze`` (the table; ``analyze_many`` for a batch of deals on threads), ``solve``
(every card's value at a position), ``review`` (a played hand), ``bid`` (bid advice and
par), ``simulate`` (the right choice knowing only one's own cards) and ``position`` (a
position to step through) answer for the deal's own game; ``str()`` of an answer is the
text ``hasen`` prints, ``to_json()`` its ``--json``. See docs/python.md.
"""

from solver.analysis.answer import Answer
from solver.analysis.bidding import BidAnalysis
from solver.analysis.euchre_table import EuchreAnalysis, MakerTable
from solver.analysis.lead import LeadSimulation
from solver.analysis.play import Contract, PlayState
from solver.analysis.position import PositionAnalysis
from solver.analysis.review import PlayReview
from solver.analysis.simulate import Simulation
from solver.analysis.table import DeclarerTable, TableAnalysis
from solver.core.deal import Deal
from solver.core.errors import HasenError, IllegalPlayError, InvalidDealError, NotationError
from solver.core.names import ByName, Card, CardSet, Seat, Suit
from solver.core.variants import VARIANTS, Variant, variant_for
from solver.core.version import __version__
from solver.games import GAMES, Game, game_of
from solver.public import analyze, analyze_many, bid, position, review, simulate, simulate_lead, solve
from solver.rules.settings import Settings
from solver.search import USING_EXTENSION

__all__ = [
    "analyze", "analyze_many", "solve", "review", "bid", "position", "simulate", "simulate_lead",
    "Deal", "Seat", "Suit", "Card", "CardSet", "ByName", "Settings", "Variant", "VARIANTS", "variant_for",
    "Game", "GAMES", "game_of", "Contract", "PlayState",
    "Answer", "TableAnalysis", "DeclarerTable", "EuchreAnalysis", "MakerTable", "PositionAnalysis",
    "PlayReview", "BidAnalysis", "Simulation", "LeadSimulation",
    "HasenError", "NotationError", "InvalidDealError", "IllegalPlayError",
    "USING_EXTENSION", "__version__",
]
