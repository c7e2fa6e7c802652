"""Picks the search core: the Cython extension, or its pure-Python twin.

Both implement ``Searcher`` (``protocol.py``). ``HASEN_NO_EXTENSIONS=1`` selects the twin on
purpose. Without it, a missing extension also falls back to the twin; ``USING_EXTENSION``
says which runs, and the test suite fails when the extension was expected but did not load.
"""

from __future__ import annotations

import os
from _thread import _local as thread_local  # threading.local itself, without importing threading
from collections.abc import Sequence

from .protocol import NOT_SOLVED, DealLayouts, Searcher, Seats

EXTENSIONS_DISABLED = os.environ.get("HASEN_NO_EXTENSIONS", "") not in ("", "0")

Core: type[Searcher]
deal_layouts: DealLayouts
if EXTENSIONS_DISABLED:
    from ._search_py import Searcher as Core
    from ._search_py import deal_layouts

    USING_EXTENSION = False
else:
    try:
        from ._search import Searcher as Core
        from ._search import deal_layouts

        USING_EXTENSION = True
    except ImportError:
        from ._search_py import Searcher as Core
        from ._search_py import deal_layouts

        USING_EXTENSION = False

_local = thread_local()


def solve_table(
    searcher: Searcher,
    hands: Sequence[int],
    layouts: bytes,
    takers: Sequence[int],
    extra: int,
    active: int,
    leader: int,
    declarers: int,
    wanted: Sequence[int] | None = None,
) -> bytes:
    """``searcher.solve_table(...)`` (protocol.py); for a searcher without it, the same
    positions through ``solve_many``, built here."""
    if hasattr(searcher, "solve_table"):
        if wanted is None:
            return searcher.solve_table(hands, layouts, takers, extra, active, leader, declarers)
        return searcher.solve_table(hands, layouts, takers, extra, active, leader, declarers, wanted)
    stride = len(layouts) // 4
    values: list[int] = []
    for trump in range(4):
        row = layouts[trump * stride : (trump + 1) * stride]
        laid = [sum(1 << row[c] for c in range(stride) if hand >> c & 1) for hand in hands]
        taker = takers[trump]
        if taker < 0:
            positions = [laid]
        else:
            cards = hands[taker] | 1 << extra
            full = laid[taker] | 1 << row[extra]
            positions = [
                laid[:taker] + [full & ~(1 << row[c])] + laid[taker + 1 :] for c in range(stride) if cards >> c & 1
            ]
        mask = -1 if wanted is None else wanted[trump]
        solved = iter(
            searcher.solve_many([p for j, p in enumerate(positions) if mask >> j & 1], active, leader, declarers)
        )
        values += [next(solved) if mask >> j & 1 else NOT_SOLVED for j in range(len(positions))]
    return bytes(values)


def thread_searcher() -> Searcher:
    """This thread's searcher. Its table holds only whole positions, so it is shared by
    every solve the thread makes, across contracts and deals."""
    searcher = getattr(_local, "searcher", None)
    if searcher is None:
        searcher = _local.searcher = Core()
    return searcher


__all__ = ["Core", "Searcher", "Seats", "USING_EXTENSION", "deal_layouts", "solve_table", "thread_searcher"]
