"""Small pieces of text every answer uses, and how each shape of table is said: two sides or
three players each for themselves, one form of play or two (with the partner, alone), a
declarer or a maker. The answers ask these, not the game's traits."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core.cards import SUIT_NAMES, card_name
from ..core.seats import SEATS, partner_of

if TYPE_CHECKING:
    from ..analysis.outcomes import Result
    from ..core.variants import Variant
    from ..play.state import BestCard


# what every double-dummy answer assumes, said once under its diagram
OPEN_HANDS = "Double dummy: every hand open, every player playing perfectly."


def tricks(n: int) -> str:
    return f"{n} trick" + ("" if n == 1 else "s")


OWN_POINTS = "own points less the mean of the other two players'"  # three players' reckoning, after "its"


def points_less(variant: Variant, side: str, player: str) -> str:
    """How a figure in points is reckoned: ``side``'s points against the other side's, or
    with three players each for themselves, ``player``'s own against the other two
    (``rules.scoring.standing``)."""
    if variant.cutthroat:
        return f"{player} {OWN_POINTS}"
    return f"{side} points less the other side's"


def by_shape(variant: Variant, sides: str, players: str) -> str:
    """The words for a table of two sides, or ``players`` where three play each for themselves."""
    return players if variant.cutthroat else sides


def form_words(variant: Variant, alone: bool) -> str:
    """How a bid's form of play is said after it: `` alone``, `` with the partner``, or
    nothing where the game has no partners."""
    if alone:
        return " alone"
    return " with the partner" if variant.partners else ""


def form_title(variant: Variant, title: str, only: str) -> str:
    """A form of play's ``title`` where the game has two (with the partner, alone); ``only``
    where it has one, and the title would say nothing."""
    return title if variant.partners else only


def declare_verb(variant: Variant) -> str:
    """What the player who chooses trump does: ``declares`` (a Hasenpfeffer bid) or
    ``makes trump`` (a Euchre call)."""
    return "declares" if variant.declarer_exchanges else "makes trump"


def signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def verb(side: str, plural: str, singular: str) -> str:
    """The verb that agrees with a side's name: ``N-S take``, ``N takes``."""
    return singular if side in SEATS else plural


def lone_form(alone: bool, lone_defender: int | None) -> str:
    """`` alone``, `` alone against E alone``, or nothing."""
    if not alone:
        return ""
    return " alone" + ("" if lone_defender is None else f" against {SEATS[lone_defender]} alone")


def calls_words(best: BestCard | None, maker: int, defender_best: BestCard | None, defender: int | None) -> str:
    """``S passes JH, N puts away 9C``: each call for best, in the order they are made."""
    parts = []
    for call, seat in ((best, maker), (defender_best, defender)):
        if call is not None and seat is not None:
            away = "it" if call.discard == call.passed else card_name(call.discard)
            parts.append(f"{SEATS[partner_of(seat)]} passes {card_name(call.passed)}, {SEATS[seat]} puts away {away}")
    return "; ".join(parts)


def describe(result: Result) -> str:
    """``clubs, discard KH, 6 tricks`` (and who defended alone)."""
    parts = [SUIT_NAMES[result.trump]]
    if result.discard is not None:
        parts.append(f"discard {card_name(result.discard)}")
    parts.append(tricks(result.tricks))
    if result.defender is not None:
        parts.append(f"{SEATS[result.defender]} defending alone")
    return ", ".join(parts)


def percent(share: float) -> str:
    """``43%``: a share as a player reads it."""
    return f"{100 * share:.0f}%"


def sides_text(sides: Sequence[str], score: Sequence[int]) -> str:
    """``N-S 8, E-W 5``: each side's (or player's) score by name (where ``8-5`` would not say
    whose is whose)."""
    return ", ".join(f"{side} {points}" for side, points in zip(sides, score))


def score_text(*scores: int) -> str:
    """``8-5`` (``3-5-7`` with three players), or ``12 to -4`` where a score is below 0
    (``12--4`` would puzzle)."""
    return " to ".join(map(str, scores)) if min(scores) < 0 else "-".join(map(str, scores))
