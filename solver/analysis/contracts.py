"""Contracts played out double dummy, many at once: one contract on one layout each.

The single-dummy answers that continue an auction end, on each layout, in a contract of
their own: a declarer, a trump, the cards kept after the exchange, alone or not. Those are
solved here from the first trick, grouped by what the search shares (the seats that play,
the declaring side and the trump), each group in one call that holds no GIL. A lone
declarer's contract is played against the defence the defenders choose with every hand
open: together, or either of them alone, whichever leaves the declarer fewer tricks
(docs/rules.md, "A lone defender"); in Railroad, together (``lone_defenders``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import NamedTuple

from ..core.cards import NUM_CARDS, Mask
from ..core.seats import NUM_SEATS, left_of, partner_of, side_seats
from ..core.settings import Settings
from ..core.variants import Variant
from ..rules.seating import active_seats, first_leader
from ..search import thread_searcher
from ..search.layout import LAYOUT_BYTES
from .model import family_model


class Play(NamedTuple):
    """One contract on one layout, its exchange made: the hands each seat plays with."""

    hands: tuple[Mask, ...]  # by seat, after the exchange
    dealer: int
    declarer: int
    trump: int
    alone: bool = False


def lone_defenders(variant: Variant, declarer: int, alone: bool) -> list[int]:
    """The defenders who may play alone against this contract in the single-dummy answers:
    either one against a lone declarer, where the game's model lets a defender play alone
    (``PlayerModel.defends_alone``: none in Railroad)."""
    if not alone or not family_model(variant.family).defends_alone(variant):
        return []
    left = left_of(declarer)
    return [left, partner_of(left)]


def defences(variant: Variant, play: Play) -> list[int | None]:
    """The defences a contract is played against: together, and each of ``lone_defenders``."""
    return [None, *lone_defenders(variant, play.declarer, play.alone)]


def solve_plays(variant: Variant, plays: Sequence[Play], settings: Settings) -> list[int]:
    """The declaring side's tricks in each contract (see the module)."""
    groups: dict[tuple[int, int, int], list[tuple[int, tuple[list[Mask], int, tuple[int, ...]]]]] = defaultdict(list)
    count = [0] * len(plays)
    for index, play in enumerate(plays):
        for defender in defences(variant, play):
            seats = active_seats(variant, play.declarer, play.alone, defender)
            leader = first_leader(play.dealer, play.declarer, seats, play.alone, settings, defender)
            placed = [0] * NUM_SEATS
            active = 0
            for seat in seats:
                search = variant.search_seat(seat, play.declarer)
                placed[search] = play.hands[seat]
                active |= 1 << search
            side = variant.side_of(play.declarer, play.declarer)
            groups[(active, side, play.trump)].append((index, (placed, variant.search_seat(leader, play.declarer), ())))
            count[index] += 1
    best = [NUM_CARDS] * len(plays)  # fewer tricks than that, whatever the defence
    searcher = thread_searcher()
    for (active, side, trump), members in groups.items():
        row = LAYOUT_BYTES[trump * NUM_CARDS : (trump + 1) * NUM_CARDS]
        values = searcher.solve_positions([position for _, position in members], active, side_seats(side), row)
        for (index, _), tricks in zip(members, values):
            best[index] = min(best[index], tricks)
    return best
