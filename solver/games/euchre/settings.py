"""Euchre's own table settings, with their values, the default first (docs/rules.md): those
beside the ones every family has (who leads, the points that win the game), which
``hasen.core.settings`` adds. This module loads nothing of the package but the cards: the
settings are part of a deal, so the lowest layer reads them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.cards import SUIT_NAMES

if TYPE_CHECKING:
    from ...core.variants import Variant

SETTINGS: dict[str, tuple[object, ...]] = {
    # a turned Joker: the dealer names trump, the hand is dealt again, or it stands for a suit
    "joker_upcard": ("dealer_names", "redeal", *SUIT_NAMES),
    "all_pass": ("redeal", "stick_the_dealer"),
    "call_for_best": (True, False),  # Railroad: a lone player takes the partner's best card
    "euchred": ("others_score", "maker_loses"),  # Three-Handed: each other player +2, or the maker -2
}


def lacking(name: str, variant: Variant) -> str | None:
    """Why ``variant`` lacks the family's setting ``name``, in words; None if it has it (a
    turned Joker's setting is every family's question: ``hasen.core.settings``)."""
    if name == "call_for_best" and not variant.calls_for_best:
        return f"nobody calls for the partner's best card in {variant.name}, only in railroad"
    if name == "euchred" and not variant.cutthroat:
        return f"it scores three players each for themselves (euchre3), and {variant.name} has sides"
    return None
