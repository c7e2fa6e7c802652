"""The interface both search cores implement: the contract of the twins.

``_search.pyx`` (C, through Cython) and ``_search_py.py`` (plain Python) give the same
answers, not line for line: each may order moves, probe and store its table in its own
way, and count nodes differently, so long as every ``solve`` returns the same number. The
tests hold both to an independent minimax and to each other (tests/search/).

A position is in the layout of ``hasen.search.layout``: a hand per seat as 64-bit masks
indexed by search seat (2 to ``layout.MAX_SEATS`` seats, played clockwise by number),
``active`` the mask of the seats that play, ``declarers`` the mask of the seats whose tricks
are counted (the declaring side: any seats; the rest of the table is the other side; for a
partnership game ``hasen.core.seats.side_seats`` gives it), ``leader`` the seat that led the
current trick, ``trick`` the cards already played to it in order.

The older form, at a table of four seats (the only one it had), gave a side number instead
of ``declarers``: 0 for seats 0 and 2, 1 for seats 1 and 3. Until the next minor release a
plain 0 or 1 is still read so there, with a ``DeprecationWarning``; the mask of seat 0 alone
(1), or of no seat (0), is ``Seats(1)`` (``Seats(0)``). Every other mask, and every mask at
a table of another size, is a plain int.
"""

from __future__ import annotations

import operator
import warnings
from collections.abc import Sequence
from typing import Protocol

from ..core.seats import NUM_SEATS, side_seats


class Seats(int):
    """A mask of seats: read as a mask where a plain 0 or 1 is still an older side number."""


def declaring_seats(declarers: int, seats: int, stacklevel: int = 3) -> Seats:
    """The declaring seats as a mask, from the mask or (deprecated, at a table of four
    ``seats``) the older side number; ``stacklevel`` points the warning at the caller's line."""
    mask = operator.index(declarers)  # an int (a bool, a NumPy int), not a text or a float
    if seats == NUM_SEATS and type(declarers) is not Seats and mask in (0, 1):
        warnings.warn(
            f"the declaring side as a number ({declarers}) is deprecated: give the mask of its "
            f"seats, {side_seats(declarers)} (hasen.core.seats.side_seats({declarers}))",
            DeprecationWarning,
            stacklevel=stacklevel,
        )
        return Seats(side_seats(mask))
    return Seats(mask)


# solve_table's arguments after self: hands, layouts, takers, extra, active, leader, declarers[, wanted]
TableArgs = (
    tuple[Sequence[int], bytes, Sequence[int], int, int, int, int]
    | tuple[Sequence[int], bytes, Sequence[int], int, int, int, int, Sequence[int] | None]
)
NOT_SOLVED = 255  # a table's value that its request's ``wanted`` left out
# a state of dealing one layout: the layouts it leaves in all (its ways), and each way to give
# the next group's cards out: a count per place, the layouts that way leaves, the next state
# (-1 after the last group)
DealState = tuple[int, Sequence[tuple[Sequence[int], int, int]]]


class Searcher(Protocol):
    """A search context; its transposition table is kept across solves."""

    nodes: int  # trick boundaries searched so far (work in the core's own unit, for benchmarks)
    cards: int  # cards played in the search so far: the unit other solvers count in

    def clear(self) -> None:
        """Forget every stored bound."""
        ...

    def solve(self, hands: Sequence[int], active: int, leader: int, declarers: int, trick: Sequence[int] = ()) -> int:
        """Tricks the ``declarers`` take from the current trick (included) to the end."""
        ...

    def solve_many(self, positions: Sequence[Sequence[int]], active: int, leader: int, declarers: int) -> list[int]:
        """``solve`` of each position (hands only; the same seats, leader and declarers, no
        trick in progress), in one call."""
        ...

    def solve_table(
        self,
        hands: Sequence[int],
        layouts: bytes,
        takers: Sequence[int],
        extra: int,
        active: int,
        leader: int,
        declarers: int,
        wanted: Sequence[int] | None = None,
    ) -> bytes:
        """A table in one call, from real cards: for each trump ``t`` (0-3), the hands (real
        card masks by search seat, 0 for a seat that sits out) put in the layout
        ``layouts[t * n:(t + 1) * n]`` (``n = len(layouts) // 4``: each card's bit), then
        solved once when ``takers[t]`` is -1, else once for each card the taker may put
        away (its hand and ``extra``, in ascending card number), that card left out. The values, one
        byte each, trump by trump. ``wanted``: per trump a mask of the values to solve (bit
        j for the trump's j-th value); the others are ``NOT_SOLVED``, in their places."""
        ...

    def solve_tables(self, tables: Sequence[TableArgs], clear_each: bool = False) -> list[bytes]:
        """``solve_table(*table)`` of each table, in one call (the compiled core holds no GIL
        for them all); with ``clear_each`` the table is emptied before each, as by ``clear()``."""
        ...

    def solve_positions(
        self,
        positions: Sequence[tuple[Sequence[int], int, Sequence[int]]],
        active: int,
        declarers: int,
        layout: bytes | None = None,
    ) -> list[int]:
        """``solve(hands, active, leader, declarers, trick)`` of each position ``(hands, leader,
        trick)``, in one call (the compiled core holds no GIL for them all). With ``layout``
        (a byte per card: its bit in the search layout, as one trump's row of
        ``layout.LAYOUT_BYTES``) the hands and the trick are in real cards."""
        ...


class DealLayouts(Protocol):
    """``deal_layouts(seeds, fixed, groups, states)``: the layout each seed deals, as a mask
    per place (``fixed`` to start with). ``random.Random(seed)`` draws, group by group from
    state 0, a way to give the group out (``randrange`` of the state's ways, then the first
    way whose running total of layouts passes the draw), shuffles the group's cards
    (``random.shuffle``) and gives them out in the order of the places, so many to each as
    the way says. Both cores give the same layouts (``hasen.analysis.views.View.layout`` is
    the same draw, written for reading); the compiled one draws without the GIL. Without
    ``draw`` no way is drawn: each state's first row is taken, and a layout is the
    groups' cards shuffled and given out (``Knowledge.dealt``'s draw)."""

    def __call__(
        self,
        seeds: Sequence[str],
        fixed: Sequence[int],
        groups: Sequence[Sequence[int]],
        states: Sequence[DealState],
        draw: bool = True,
    ) -> list[list[int]]: ...
