"""``hasen table`` and ``hasen --version`` through ``hasen.cli.main([...])``."""

from __future__ import annotations

import re

import pytest
from cli_run import run, run_json
from examples import HASENPFEFFER_DEAL

import hasen.search
from hasen import __version__

CANONICAL_FROM_W = "W:QJ.J.QJ.9 A.K..AQJ* .AQ.AKT.K T9.T9.9.T KS"
DISCARDS_N = ["AS", "KS", "KH", "AC", "QC", "JC", "JK"]
NORTH = {  # the example deal's table for declarer N, W dealing
    "S": [4, 4, 5, 3, 4, 4, 4],
    "H": [4, 4, 3, 3, 4, 4, 1],
    "D": [2, 2, 2, 1, 2, 2, 1],
    "C": [5, 5, 6, 5, 5, 4, 4],
}
CANONICAL_ORDER = "AS KS QS JS TS 9S AH KH QH JH TH 9H AD KD QD JD TD 9D AC KC QC JC TC 9C JK".split()


def check_declarer_shape(entry: dict, discards: list[str] | None = None) -> None:
    """The shape of the example deal's table for one declarer."""
    assert set(entry) >= {"tricks", "best", "ties"}
    assert list(entry["tricks"]) == ["S", "H", "D", "C"]
    columns = list(entry["tricks"]["S"])
    assert len(columns) == 7 and columns == sorted(columns, key=CANONICAL_ORDER.index)
    if discards is not None:
        assert columns == discards
    for row in entry["tricks"].values():
        assert list(row) == columns
        assert all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 6 for n in row.values())
    best = entry["best"]
    assert set(best) == {"trump", "discard", "tricks"}
    assert best["tricks"] == max(n for row in entry["tricks"].values() for n in row.values())
    assert entry["tricks"][best["trump"]][best["discard"]] == best["tricks"]
    ties = [[t, d] for t, row in entry["tricks"].items() for d, n in row.items() if n == best["tricks"]]
    assert entry["ties"] == ties  # every tie, in trump then canonical card order
    assert ties[0] == [best["trump"], best["discard"]]


def test_table_example(capsys):
    code, out, err = run(capsys, "table", "--example")
    assert code == 0 and err == ""
    assert "widow: KS" in out and "W (dealer)" in out  # the diagram above the grids
    for seat in "NESW":
        assert re.search(rf"^{seat} declares; W deals, N leads$", out, re.M)
    north = out[out.index("N declares") : out.index("E declares")]
    assert re.search(r"^trump\s+AS\s+KS\s+KH\s+AC\s+QC\s+JC\s+JK\s+\(discard\)$", north, re.M)
    for trump, row in NORTH.items():
        line = re.search(rf"^{trump} .*$", north, re.M).group(0)
        assert [int(n) for n in re.findall(r"\d", line)] == row
    assert re.search(r"^C\s+5\s+5\s+\[6\]\s+5\s+5\s+4\s+4$", north, re.M)  # the best cell marked
    assert "best: clubs, discard KH, 6 tricks" in north


def test_table_json_shape(capsys):
    data = run_json(capsys, "table", "--example")
    assert set(data) >= {"variant", "deal", "dealer", "alone", "declarers", "version"}
    assert data["variant"] == "hasenpfeffer" and data["version"] == __version__
    assert data["deal"] == CANONICAL_FROM_W and data["dealer"] == "W" and data["alone"] is False
    assert list(data["declarers"]) == ["N", "E", "S", "W"]
    for entry in data["declarers"].values():
        check_declarer_shape(entry)
    north = data["declarers"]["N"]
    check_declarer_shape(north, DISCARDS_N)
    assert north["tricks"] == {t: dict(zip(DISCARDS_N, row)) for t, row in NORTH.items()}
    assert north["best"] == {"trump": "C", "discard": "KH", "tricks": 6}
    assert north["ties"] == [["C", "KH"]]


def test_table_deal_argument_and_declarer(capsys, hasenpfeffer):
    data = run_json(capsys, "table", hasenpfeffer.deal, "--dealer", "W", "--declarer", "N")
    assert list(data["declarers"]) == ["N"]
    assert data["deal"] == CANONICAL_FROM_W and data["dealer"] == "W"
    assert data["declarers"]["N"]["tricks"] == {t: dict(zip(DISCARDS_N, row)) for t, row in NORTH.items()}
    lower = run_json(capsys, "table", hasenpfeffer.deal.lower(), "--dealer", "w", "--declarer", "n")
    assert lower == data


def test_table_dealer_defaults_to_the_first_seat(capsys, hasenpfeffer):
    data = run_json(capsys, "table", hasenpfeffer.deal, "--declarer", "E")
    assert data["dealer"] == "N" and data["deal"] == hasenpfeffer.deal and list(data["declarers"]) == ["E"]
    # E's hand and the widow KS, in canonical order
    check_declarer_shape(data["declarers"]["E"], ["KS", "AH", "QH", "AD", "KD", "TD", "KC"])


def test_table_declarer_human(capsys):
    code, out, err = run(capsys, "table", "--example", "--declarer", "S")
    assert code == 0 and err == ""
    assert "S declares; W deals, N leads" in out and "N declares" not in out


def test_table_alone(capsys):
    data = run_json(capsys, "table", "--example", "--alone")
    assert data["alone"] is True and list(data["declarers"]) == ["N", "E", "S", "W"]
    for entry in data["declarers"].values():
        check_declarer_shape(entry)
    code, out, err = run(capsys, "table", "--example", "--alone", "--declarer", "N")
    assert code == 0 and "N declares alone; W deals, E leads" in out  # left of the lone declarer


def test_version(capsys):
    code, out, err = run(capsys, "--version")
    search = "compiled search" if hasen.search.USING_EXTENSION else "pure-Python search"
    first, game = out.strip().split("\n")
    assert code == 0 and first == f"hasen {__version__} ({search})" and game.startswith("default game: ")


@pytest.mark.parametrize(
    "argv, names",
    [
        (["table", "N:A.K..AQJ* .AQ.AKT. T9.T9.9.T QJ.J.QJ.9 KS"], "E holds 5 cards, expected 6: '.AQ.AKT.'"),
        (["table", "N:A.K..AQJ* .AQ.AKX.K T9.T9.9.T QJ.J.QJ.9 KS"], "not a rank: 'X'"),
        (["table", "nonsense"], "no ':' in 'nonsense'"),
        (["table", "--example", "--dealer", "X"], "dealer: not a seat: 'X'"),
        (["table", "--example", "--declarer", "Q"], "declarer: not a seat: 'Q'"),
        (["table", "--example", HASENPFEFFER_DEAL], "not both"),
        (["table"], "a DEAL is required"),
        (["table", "--example", "--bogus"], "--bogus"),
        (["bogus"], "invalid choice: 'bogus' (choose from 'table', "),
        ([], "required: command (hasen --help lists the commands)"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, argv, names):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert err.startswith("hasen: ") and names in err
    assert "Traceback" not in err


@pytest.mark.parametrize("host", ["999.1.1.1", "no such host.invalid", ""])
def test_serve_on_a_host_that_is_not_an_address_is_one_line(capsys, host):
    code, out, err = run(capsys, "serve", "--host", host, "--port", "0")
    assert code == 2 and "Traceback" not in err
    assert err.startswith(f"hasen: serve: cannot listen on {host}:0: ") and err.count("\n") == 1, err
