"""``hasen bench`` runs on a few seeded deals and reports every figure, as text and JSON
(the figures themselves are times: never checked here)."""

from __future__ import annotations

import json

from cli_run import run

from hasen.cli.bench import seeded_deals
from hasen.core.variants import HASENPFEFFER


def test_bench_json_has_every_figure_for_each_game(capsys, monkeypatch) -> None:
    # the bid advice's figures at 40 layouts and 8 a widow, not 1,000: the same arithmetic
    monkeypatch.setattr("hasen.cli.bench.ADVICE_LAYOUTS", 40)
    monkeypatch.setattr("hasen.cli.bench.ADVICE_CHOICE_LAYOUTS", 8)
    status, out, err = run(capsys, "bench", "--deals", "3", "--rounds", "1", "--threads", "2", "--json")
    assert status == 0, err
    result = json.loads(out)
    assert set(result["games"]) == {"hasenpfeffer", "euchre"}
    for game in result["games"].values():
        assert game["solves"] == game["tables"] == 3
        assert game["cards_per_solve"]["median"] > 0 and game["boundaries_per_solve"]["median"] > 0
        assert set(game["tables_per_second_by_threads"]) == {"1", "2"}
        assert game["solves_per_second"] > 0 and game["tables_per_second"] > 0 and game["thread_speedup"] > 0
        against = game["table_against_search"]  # each aim as a ratio from one run
        assert against["median_table_us"] > 0 and against["median_search_us"] > 0 and against["ratio"] > 0
        assert 0 < game["batch_output"]["share"] < 1
    startup = result["startup"]
    assert startup is None or (startup["runs"] == 5 and startup["ratio"] > 0)
    if result["search"] == "compiled":  # the bid advice against every cell of its layouts solved
        advice = result["games"]["hasenpfeffer"]["advice"]
        tables, rest = divmod(advice["naive_cells"], 4 * 28)  # four tables of 28 cells a layout
        widows, rest2 = divmod(tables - advice["layouts"], advice["choice_layouts"])
        assert rest == rest2 == 0 and 1 <= widows <= 19, "every cell of the main and each widow's layouts"
        assert advice["advice_s"] > 0 and advice["naive_s"] > 0 and advice["ratio"] > 0
    assert "advice" not in result["games"]["euchre"]


def test_bench_text_names_the_figures(capsys) -> None:
    status, out, err = run(capsys, "bench", "--game", "euchre", "--deals", "2", "--rounds", "1", "--threads", "2")
    assert status == 0, err
    for words in (
        "single solves",
        "cards per solve",
        "boundaries per solve",
        "tables (first call)",
        "table / its search",
        "batch output",
        "tables, 1 thread",
        "tables, 2 threads",
        "batch, 2 threads",
        "x one thread (median of 1 rounds' ratios)",
        "search table per thread",
    ):
        assert words in out
    assert "hasenpfeffer" not in out


def test_the_deals_depend_on_the_seed_only() -> None:
    assert seeded_deals(HASENPFEFFER, 5, 7) == seeded_deals(HASENPFEFFER, 5, 7)
    assert seeded_deals(HASENPFEFFER, 5, 7) != seeded_deals(HASENPFEFFER, 5, 8)
