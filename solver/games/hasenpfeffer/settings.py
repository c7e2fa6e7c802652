"""Hasenpfeffer's own table settings, with their values, the default first (docs/rules.md):
those beside the ones every family has (who leads, the points that win the game), which
``hasen.core.settings`` adds. This module loads nothing of the package: the settings are
part of a deal, so the lowest layer reads them."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...core.variants import Variant

SETTINGS: dict[str, tuple[object, ...]] = {
    "fail_penalty": ("bid", "tricks", "pepper"),  # what a failed bid loses
    "defenders_score": (False, True),  # do the defenders score their tricks?
    "bidding": ("plain", "pepper"),  # bids 1-6; or 1-5, little pepper, big pepper
    "all_pass": ("redeal", "joker_bids_3"),
}


def lacking(name: str, variant: Variant) -> str | None:
    """Why ``variant`` lacks the family's setting ``name``; None: every variant has each."""
    return None
