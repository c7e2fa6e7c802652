"""The twin contract (solver/search/protocol.py): the C core and its pure-Python twin give the
same answers on the same positions, each through the ``Searcher`` interface.

Hypothesis draws the endings (the generators of tests/dealgen.py, by seed) and shrinks a
mismatch to the smallest seed. The oracle tests (test_search.py) check both against plain
minimax; this one checks them against each other, cheaply, on many more positions.
"""

from __future__ import annotations

import inspect

import pytest
from conftest import extension_searcher_class
from dealgen import dealt_ending, played_ending
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.search import protocol
from solver.search._search_py import Searcher as Twin

PROTOCOL_METHODS = ["clear", "solve", "solve_many"]


@pytest.fixture(scope="module")
def cores():
    """One searcher of each core, kept across examples as in a table analysis."""
    return extension_searcher_class()(), Twin()


@pytest.mark.parametrize("method", PROTOCOL_METHODS)
def test_both_cores_implement_the_protocol(method: str) -> None:
    extension = extension_searcher_class()
    for core in (extension, Twin):
        assert callable(getattr(core, method)), f"{core.__module__} lacks {method}"
        assert hasattr(core(), "nodes")
    expected = list(inspect.signature(getattr(protocol.Searcher, method)).parameters)
    assert list(inspect.signature(getattr(Twin, method)).parameters) == expected


@settings(max_examples=150, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6), played=st.booleans())
def test_the_cores_agree_on_random_endings(cores, seed: int, played: bool) -> None:
    position = (played_ending if played else dealt_ending)(seed)
    extension, twin = cores
    assert position.solve(extension) == position.solve(twin), position.describe()
