"""Who plays, who takes the extra card and who leads the first trick, by the variant and
the table's settings."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.cards import CardId
from ..core.errors import InvalidDealError, NotationError, quoted
from ..core.seats import SEATS, left_of, partner_of
from ..core.settings import BEST_SETTINGS, JOKER_SETTINGS, PLAY_SETTINGS, Settings, joker_suit
from ..core.variants import Variant
from .trump import takes_upcard


def active_seats(variant: Variant, declarer: int, alone: bool, lone_defender: int | None = None) -> tuple[int, ...]:
    """The seats that play: the variant's, less the lone declarer's partner and, when a
    defender also plays alone, that defender's partner."""
    idle = {partner_of(declarer)} if alone else set()
    if lone_defender is not None:
        idle.add(partner_of(lone_defender))
    return tuple(s for s in variant.seats if s not in idle)


def exchanger(
    variant: Variant,
    dealer: int,
    extra: CardId | None,
    trump: int,
    declarer: int,
    seats: tuple[int, ...],
    settings: Settings,
) -> int | None:
    """Who takes the widow or upcard and discards: the Hasenpfeffer declarer; in Euchre the
    dealer, when the upcard's suit is trump and the dealer plays (is one of ``seats``); else
    nobody. The widow may be unknown (None), the upcard may not."""
    if variant.declarer_exchanges:
        return declarer
    assert extra is not None, "every seat sees the upcard"
    if takes_upcard(extra, trump, joker_suit(settings)) and dealer in seats:
        return dealer
    return None


def playing_seats(variant: Variant, declarer: int, alone: bool, lone_defender: int | None) -> tuple[int, ...]:
    """The seats that play a contract of this declarer, refusing one the variant cannot play."""
    if declarer not in variant.seats:
        raise InvalidDealError(f"declarer: {SEATS[declarer]} holds no hand in {variant.name}")
    if alone and not variant.partners:
        raise InvalidDealError(f"alone: {variant.never_alone}")
    if lone_defender is not None:
        if not alone:
            raise InvalidDealError("defender: a defender plays alone only against a lone declarer")
        if lone_defender not in variant.seats or (
            variant.side_of(lone_defender, declarer) == variant.side_of(declarer, declarer)
        ):
            raise InvalidDealError(f"defender: {SEATS[lone_defender]} is not an opponent of {SEATS[declarer]}")
    return active_seats(variant, declarer, alone, lone_defender)


def best_callers(
    variant: Variant, settings: Settings, declarer: int, alone: bool, lone_defender: int | None = None
) -> tuple[tuple[int, int], ...]:
    """Who calls for the partner's best card, in the order they exchange, each with the
    partner who passes it: in Railroad with ``call_for_best``, the lone declarer, then a lone
    defender (docs/rules.md, "Calling for best")."""
    if not (alone and variant.calls_for_best and settings.call_for_best):
        return ()
    callers = [declarer] if lone_defender is None else [declarer, lone_defender]
    return tuple((seat, partner_of(seat)) for seat in callers)


def first_leader(
    dealer: int,
    declarer: int,
    active: Sequence[int],
    alone: bool,
    settings: Settings = Settings(),
    lone_defender: int | None = None,
) -> int:
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


def lead_settings_used(alone: bool, lone_defender: int | None = None) -> tuple[str, ...]:
    """The lead settings that decide who leads this contract: ``first_lead`` with the
    partner, ``lone_lead`` for a lone declarer, neither when a lone defender leads."""
    if lone_defender is not None:
        return ()
    return ("lone_lead",) if alone else ("first_lead",)


def play_settings_used(alone: bool, lone_defender: int | None = None) -> tuple[str, ...]:
    """The play settings that can change this contract's play: the lead setting that says
    who leads it, ``call_for_best`` for a lone declarer, and ``joker_upcard`` (who takes a
    turned Joker) always."""
    return lead_settings_used(alone, lone_defender) + (BEST_SETTINGS if alone else ()) + JOKER_SETTINGS


def check_lead_settings(settings: Settings, alone: bool, lone_defender: int | None = None) -> None:
    """Refuse a play setting that would change nothing here, rather than echo it as if it
    had: ``first_lead`` for a lone declarer, ``lone_lead`` with the partner, either against
    a lone defender (who leads, by the rules); ``call_for_best`` with the partner."""
    used = play_settings_used(alone, lone_defender)
    for name, value in settings.changed().items():
        if name not in PLAY_SETTINGS or name in used:
            continue
        if name == "call_for_best":
            why = "only a lone player calls for the partner's best card, and this declarer plays with the partner"
        elif lone_defender is not None:
            why = "a defender who plays alone leads the first trick, whatever the lead settings"
        elif alone:
            why = "it says who leads when the declarer plays with the partner; alone, lone_lead does"
        else:
            why = "it says who leads against a lone declarer, and this declarer plays with the partner"
        raise NotationError(f"{name}: {why} (got {quoted(value)})")
