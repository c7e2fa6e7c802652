"""Whether the compiled search is here to test: built, and not turned off by
``HASEN_NO_EXTENSIONS`` (the sdist's job tests the pure-Python twin alone)."""

from __future__ import annotations

import os
from typing import Any

import pytest

EXTENSIONS_DISABLED = os.environ.get("HASEN_NO_EXTENSIONS", "") not in ("", "0")


def extension_searcher_class() -> Any:
    """``hasen.search._search.Searcher``, or skip the test saying why it is not there."""
    if EXTENSIONS_DISABLED:
        pytest.skip("HASEN_NO_EXTENSIONS is set: the Cython extension is not tested")
    try:
        from hasen.search._search import Searcher
    except ImportError as exc:
        pytest.skip(
            f"the Cython extension hasen.search._search is not built ({exc}); "
            "build it with `pip install -e .` (or `python setup.py build_ext --inplace`)"
        )
    return Searcher
