"""Double-dummy solver and hand analysis for Hasenpfeffer and the Euchre family."""

from .analysis import DeclarerTable, TableAnalysis, analyze
from .cards import CardSet, card_name, parse_card
from .deal import Deal, format_hand, parse_hand
from .errors import HasenError, IllegalPlayError, InvalidDealError, NotationError
from .play import Contract, PlayState
from .rules import HASENPFEFFER, Variant
from .settings import Settings
from .search import USING_EXTENSION
from .version import __version__

__all__ = [
    "analyze", "DeclarerTable", "TableAnalysis", "CardSet", "card_name", "parse_card", "Deal",
    "format_hand", "parse_hand", "HasenError", "IllegalPlayError", "InvalidDealError",
    "NotationError", "Contract", "PlayState", "HASENPFEFFER", "Settings", "Variant",
    "USING_EXTENSION", "__version__",
]
