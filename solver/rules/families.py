"""Each family's auction and scoring, from its folder (``hasen.games.<family>.rules``),
loaded when first asked for: the rules here are the same for every family, and ask a
family's own module for what is its own."""

from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ..core.settings import Settings
    from ..core.variants import Variant
    from .auction import AuctionRules
    from .scoring import Bid


class FamilyRules(Protocol):
    """What a family's module ``rules`` gives."""

    AUCTION: type[AuctionRules]  # its auction, made for one deal
    BIDS: bool  # does a contract name a bid for tricks (else the makers need a fixed number)
    BELOW_ZERO: bool  # may a score of two sides fall below 0 (a failed bid loses points)?

    def tricks_needed(self, bid: Bid | None) -> int:
        """The tricks a declaring side needs."""

    def hand_score(
        self,
        variant: Variant,
        settings: Settings,
        bid: Bid | None,
        tricks: int,
        alone: bool,
        lone_defence: bool = False,
    ) -> tuple[int, int]:
        """The points of a played hand: the declaring side's and the defenders'."""


@cache
def family_rules(family: str) -> FamilyRules:
    """The rules of the family called ``family`` (a ``Variant.family``)."""
    rules: FamilyRules = import_module(f"..games.{family}.rules", __package__)
    return rules
