"""The compiled core's two copies of the search (solver/search/_search_cpu.h): the portable
one and the x86-64-v3 one give the oracle's answers, whichever the CPU would pick."""

from __future__ import annotations

import pytest
from compiled import extension_searcher_class
from dealgen import ending, whole_deal_position


def paths() -> list[str]:
    extension_searcher_class()
    from hasen.search import _search

    return ["portable", "x86-64-v3"] if _search.FAST_SUPPORTED else ["portable"]


@pytest.fixture(params=["portable", "x86-64-v3"])
def path_searcher(request):
    if request.param not in paths():
        pytest.skip("this CPU lacks x86-64-v3: only the portable copy runs here")
    searcher = extension_searcher_class()(cpu_path=request.param)
    assert searcher.cpu_path == request.param
    return searcher


def test_the_cpu_path_is_chosen_and_reported() -> None:
    extension_searcher_class()  # skips where the extension is not built
    from hasen.search import _search

    assert _search.CPU_PATH in paths()
    with pytest.raises(ValueError):
        _search.Searcher(cpu_path="no-such-cpu")


@pytest.mark.parametrize("batch", range(4))
def test_endings_equal_the_oracle_on_each_path(path_searcher, batch: int) -> None:
    for seed in range(1000 + 50 * batch, 1000 + 50 * (batch + 1)):
        position = ending(seed)
        assert position.solve(path_searcher) == position.oracle(), position.describe()


@pytest.mark.parametrize("index", range(6))
def test_whole_deals_equal_the_oracle_on_each_path(path_searcher, index: int) -> None:
    position = whole_deal_position(200 + index)
    assert position.solve(path_searcher) == position.oracle(), position.describe()
