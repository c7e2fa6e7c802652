"""Who plays and who leads the first trick, by the variant and the table's settings."""

from __future__ import annotations

from typing import Sequence

from ..core.seats import left_of, partner_of
from ..core.variants import Variant
from .settings import Settings


def active_seats(variant: Variant, declarer: int, alone: bool,
                 lone_defender: int | None = None) -> tuple[int, ...]:
    """The seats that play: the variant's, less the lone declarer's partner and, when a
    defender also plays alone, that defender's partner."""
    idle = {partner_of(declarer)} if alone else set()
    if lone_defender is not None:
        idle.add(partner_of(lone_defender))
    return tuple(s for s in variant.seats if s not in idle)


def first_leader(dealer: int, declarer: int, active: Sequence[int], alone: bool,
                 settings: Settings = Settings(), lone_defender: int | None = None) -> int:
    """Who leads the first trick, per docs/rules.md and the table's settings."""
    if lone_defender is not None:
        return lone_defender  # two hands play: the lone defender leads
    if alone and settings.lone_lead == "left_of_loner":
        start = left_of(declarer)
    elif not alone and settings.first_lead == "declarer":
        return declarer
    else:
        start = left_of(dealer)
    seat = start
    while seat not in active:
        seat = left_of(seat)
    return seat
