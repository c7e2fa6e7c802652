"""Shared fixtures: one ``searcher`` fixture runs each search test on both implementations."""

from __future__ import annotations

import os

import pytest

EXTENSIONS_DISABLED = os.environ.get("HASEN_NO_EXTENSIONS", "") not in ("", "0")


def extension_searcher_class():
    """``solver.search._search.Searcher``, or skip the test saying why it is not there."""
    if EXTENSIONS_DISABLED:
        pytest.skip("HASEN_NO_EXTENSIONS is set: the Cython extension is not tested")
    try:
        from solver.search._search import Searcher
    except ImportError as exc:
        pytest.skip(f"the Cython extension solver.search._search is not built ({exc}); "
                    "build it with `pip install -e .` (or `python setup.py build_ext --inplace`)")
    return Searcher


@pytest.fixture(params=["extension", "twin"])
def searcher(request):
    """A fresh ``Searcher`` of the Cython extension, then of its pure-Python twin.

    Interface of both: ``Searcher().solve(hands, active, leader, side, trick=())``.
    """
    if request.param == "extension":
        cls = extension_searcher_class()
    else:
        from solver.search._search_py import Searcher as cls
    return cls()
