"""Points for a played hand, per game and table settings (docs/rules.md).

A score is a pair: the declaring side's points and the defenders' points for the hand. Each
family's own scoring is in its folder (``hasen.games.<family>.rules``); what every family
does with a score (by side, by player, its worth to a seat) is here.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from ..core.errors import NotationError, quoted
from ..core.seats import SEATS
from ..core.settings import Settings
from ..core.variants import Variant
from .families import family_rules


class Bid(NamedTuple):  # ordered by tricks, then big pepper; not a dataclass: tests/cli/test_cli_imports.py
    """A Hasenpfeffer bid: the tricks it needs, and whether it is big pepper (six tricks,
    stakes doubled). Little pepper is a six with normal stakes."""

    tricks: int
    big_pepper: bool = False

    def name(self, settings: Settings) -> str:
        if settings.bidding == "pepper" and self.tricks == 6:
            return "big pepper" if self.big_pepper else "little pepper"
        return str(self.tricks)


def bid_ladder(variant: Variant, settings: Settings) -> list[Bid]:
    """Every bid from lowest to highest: 1 to the hand size; in the pepper form the six is
    little pepper, and big pepper comes last."""
    ladder = [Bid(n) for n in range(1, variant.hand_size + 1)]
    if settings.bidding == "pepper":
        ladder.append(Bid(variant.hand_size, big_pepper=True))
    return ladder


def parse_bid(text: str, variant: Variant, settings: Settings) -> Bid:
    """A bid as printed by ``Bid.name``: ``3``, ``little pepper``, ``big pepper``."""
    for bid in bid_ladder(variant, settings):
        if bid.name(settings) == str(text).strip().lower():
            return bid
    allowed = ", ".join(b.name(settings) for b in bid_ladder(variant, settings))
    raise NotationError(f"bid: not a bid: {quoted(text)} (expected one of {allowed})")


def named_points(variant: Variant, declarer: int, score: tuple[int, int]) -> dict[str, int]:
    """A hand's ``score`` (the declaring side's points, the defenders') by the names that keep
    a score, the declaring side's first: N-S and E-W, or the two players; with three players
    each player's, the maker's first, each defender scoring the defenders' points."""
    if variant.cutthroat:
        return {
            SEATS[s]: score[0] if s == declarer else score[1]
            for s in sorted(variant.seats, key=lambda s: s != declarer)
        }
    made, names = variant.side_of(declarer), variant.side_names
    return {names[made]: score[0], names[1 - made]: score[1]}


def standing(variant: Variant, seat: int, declarer: int, score: tuple[int, int]) -> float:
    """What a hand's ``score`` (the declaring side's points, the defenders') is worth to
    ``seat``: its side's points less the other side's; with three players each for
    themselves, its own points less the mean of the other two's, so that the three sum to 0."""
    mine, theirs = score
    return mine - theirs if variant.declares_with(seat, declarer) else defenders_share(variant) * (mine - theirs)


def defenders_share(variant: Variant) -> float:
    """What the declaring side's net points (its points less the defenders') are worth to a
    defender, as a multiple of them (``standing``): -1 against a side; with three players,
    -1/2, since a defender's own points less the mean of the maker's and its fellow
    defender's is half the defenders' less the maker's."""
    return -0.5 if variant.cutthroat else -1


def bids_for_tricks(variant: Variant) -> bool:
    """Does a contract name a bid, the tricks its declaring side needs (Hasenpfeffer)? In
    Euchre the makers need three, and there are no bids."""
    return family_rules(variant.family).BIDS


def tricks_needed(variant: Variant, bid: Bid | None) -> int:
    """The tricks a declaring side needs: its bid (Hasenpfeffer), or three (Euchre)."""
    return family_rules(variant.family).tricks_needed(bid)


def hand_score(
    variant: Variant, settings: Settings, bid: Bid | None, tricks: int, alone: bool, lone_defence: bool = False
) -> tuple[int, int]:
    """The points of a played hand by the game's scoring: the declaring side's and the
    defenders'; ``lone_defence``: a defender played alone."""
    return family_rules(variant.family).hand_score(variant, settings, bid, tricks, alone, lone_defence)


def side_points(
    variant: Variant,
    settings: Settings,
    bid: Bid | None,
    tricks: int,
    alone: bool,
    declaring: int,
    lone_defence: bool = False,
) -> tuple[int, int]:
    """The points of a played hand by side, the first side's (N-S, or N) first:
    ``hand_score`` with the declaring side (0 or 1) placed."""
    mine, theirs = hand_score(variant, settings, bid, tricks, alone, lone_defence)
    return (mine, theirs) if declaring == 0 else (theirs, mine)


def scorer_points(
    variant: Variant,
    settings: Settings,
    bid: Bid | None,
    tricks: int,
    alone: bool,
    declaring: int,
    lone_defence: bool = False,
) -> tuple[int, ...]:
    """The points of a played hand for each of ``variant.score_names``: ``side_points`` for
    two sides (``declaring``: the declaring side); with three players each for themselves,
    each player's, ``declaring`` being the maker's place among the seats."""
    if not variant.cutthroat:
        return side_points(variant, settings, bid, tricks, alone, declaring, lone_defence)
    mine, theirs = hand_score(variant, settings, bid, tricks, alone)
    return tuple(mine if place == declaring else theirs for place in range(len(variant.seats)))


@cache
def net_scores(
    variant: Variant, settings: Settings, bid: Bid | None, alone: bool, lone_defence: bool = False
) -> tuple[int, ...]:
    """The declaring side's points less the defenders' for 0, 1, ... tricks."""
    out = []
    for tricks in range(variant.hand_size + 1):
        mine, theirs = hand_score(variant, settings, bid, tricks, alone, lone_defence)
        out.append(mine - theirs)
    return tuple(out)


def game_won_by(first: int, second: int, declaring: int, target: int) -> int | None:
    """The side (0 or 1) that has won the game once a hand (``declaring``: its declaring side,
    -1 for none) left these scores; None while the game goes on."""
    if first < target and second < target:
        return None
    if first != second:
        return 0 if first > second else 1
    return 0 if declaring == 0 else 1


def shares_of_win(scores: tuple[int, ...], maker: int, target: int) -> tuple[float, ...] | None:
    """Each player's share of the win once a hand (``maker``: the maker's place, -1 for
    none) left these scores; None while the game goes on (no one has ``target`` points)."""
    top = max(scores)
    if top < target:
        return None
    tied = [i for i, s in enumerate(scores) if s == top]
    if maker in tied:
        return tuple(float(i == maker) for i in range(len(scores)))
    return tuple(1 / len(tied) if i in tied else 0.0 for i in range(len(scores)))


def game_winners(variant: Variant, score: tuple[int, ...], declaring: int, target: int) -> tuple[int, ...]:
    """Who has won the game once a hand left this score, by their place in
    ``variant.score_names`` (``declaring``: the declaring side's or the maker's place, -1 for
    none): none while it goes on; a game is won with ``target`` points."""
    if variant.cutthroat:
        shares = shares_of_win(score, declaring, target)
        return () if shares is None else tuple(i for i, share in enumerate(shares) if share > 0)
    won = game_won_by(score[0], score[1], declaring, target)
    return () if won is None else (won,)


def falls_below_zero(variant: Variant, settings: Settings) -> bool:
    """May a score fall below 0? Where a failed contract loses its points (the family's rules
    say), or a euchred maker does (Three-Handed Euchre, ``euchred: maker_loses``)."""
    return family_rules(variant.family).BELOW_ZERO or settings.euchred == "maker_loses"
