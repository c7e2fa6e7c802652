"""Picks the search core: the Cython extension, or its pure-Python twin.

Both implement ``Searcher`` (``protocol.py``). ``HASEN_NO_EXTENSIONS=1`` selects the twin on
purpose. Without it, a missing extension also falls back to the twin; ``USING_EXTENSION``
says which runs, and the test suite fails when the extension was expected but did not load.
"""

from __future__ import annotations

import os
import threading

from .protocol import Searcher

EXTENSIONS_DISABLED = os.environ.get("HASEN_NO_EXTENSIONS", "") not in ("", "0")

Core: type[Searcher]
if EXTENSIONS_DISABLED:
    from ._search_py import Searcher as Core
    USING_EXTENSION = False
else:
    try:
        from ._search import Searcher as Core
        USING_EXTENSION = True
    except ImportError:
        from ._search_py import Searcher as Core
        USING_EXTENSION = False

_local = threading.local()


def thread_searcher() -> Searcher:
    """This thread's searcher. Its table holds only whole positions, so it is shared by
    every solve the thread makes, across contracts and deals."""
    searcher = getattr(_local, "searcher", None)
    if searcher is None:
        searcher = _local.searcher = Core()
    return searcher


__all__ = ["Core", "Searcher", "USING_EXTENSION", "thread_searcher"]
