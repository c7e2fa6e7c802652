"""Picks the search core: the Cython extension, or its pure-Python twin.

``HASEN_NO_EXTENSIONS=1`` selects the twin on purpose. Without it, a missing extension
also falls back to the twin; ``USING_EXTENSION`` says which runs, and the test suite
fails when the extension was expected but did not load.
"""

from __future__ import annotations

import os
import threading

EXTENSIONS_DISABLED = os.environ.get("HASEN_NO_EXTENSIONS", "") not in ("", "0")

if EXTENSIONS_DISABLED:
    from ._search_py import Searcher
    USING_EXTENSION = False
else:
    try:
        from ._search import Searcher  # type: ignore[no-redef]
        USING_EXTENSION = True
    except ImportError:
        from ._search_py import Searcher  # type: ignore[no-redef]
        USING_EXTENSION = False

_local = threading.local()


def thread_searcher() -> Searcher:
    """This thread's searcher. Its table holds only whole positions, so it is shared by
    every solve the thread makes, across contracts and deals."""
    searcher = getattr(_local, "searcher", None)
    if searcher is None:
        searcher = _local.searcher = Searcher()
    return searcher
