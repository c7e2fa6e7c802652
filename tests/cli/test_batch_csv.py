"""``hasen batch`` as a tidy CSV: one row per id, declarer, trump and
discard with its tricks, the same rows as the JSON lines' tables, resumable like them; and
docs/batch.md's pandas example, run when pandas is installed."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest
from cli_run import run
from examples import EUCHRE2_DEAL, HASENPFEFFER_DEAL

from hasen.cli.batch_csv import COLUMNS

ROOT = Path(__file__).resolve().parents[2]

LINES = [
    json.dumps({"id": "ex", "deal": HASENPFEFFER_DEAL, "dealer": "W", "declarer": "N"}),
    json.dumps(
        {"id": "lone", "deal": HASENPFEFFER_DEAL, "dealer": "W", "declarer": "N", "alone": True, "defender": "E"}
    ),
    json.dumps({"id": 7, "deal": EUCHRE2_DEAL, "variant": "euchre2"}),
    json.dumps({"id": "short", "deal": "N:A.K"}),
    # a turned Joker: the dealer takes it for every trump
    json.dumps({"id": "joker", "deal": "N:..KQT9.9 T9.AKQ.. JK", "variant": "euchre2", "deck": 25, "declarer": "S"}),
    json.dumps(
        {"id": "four", "deal": "N:K.QT.T.K 9..A9.Q9 A.KJ.J.J QJ.A9.Q. TC", "variant": "euchre", "declarer": "E"}
    ),
]


def write(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def expected_rows(jsonl: Path) -> list[dict[str, str]]:
    """The JSON lines' tables flattened here, cell by cell, as the CSV's rows should be."""
    rows = []
    for line in jsonl.read_text().splitlines():
        result = json.loads(line)
        empty = dict.fromkeys(COLUMNS, "")
        if "error" in result:
            rows.append({**empty, "id": str(result["id"]), "error": result["error"]})
            continue
        table = result["table"]
        for declarer, entry in table["declarers"].items():
            ties = [tuple(t) for t in entry["ties"]]
            for trump, row in entry["tricks"].items():
                base = {
                    **empty,
                    "id": str(result["id"]),
                    "variant": table["variant"],
                    "deck": str(table.get("deck", 25)),
                    "deal": table["deal"],
                    "dealer": table["dealer"],
                    "declarer": declarer,
                    "alone": str(table["alone"]),
                    "defender": table.get("defender", ""),
                    "trump": trump,
                }
                if isinstance(row, int):
                    rows.append({**base, "tricks": str(row), "best": str((trump, None) in ties)})
                    continue
                discards = [d for d in row if d != "value"]
                choice = None
                if "value" in row:  # Euchre: the first discard in canonical order worth the value
                    choice = [d for d in discards if row[d] == row["value"]][0]
                for discard in discards:
                    rows.append(
                        {
                            **base,
                            "discard": discard,
                            "tricks": str(row[discard]),
                            "best": str((trump, discard) in ties),
                            "dealer_choice": "" if choice is None else str(discard == choice),
                        }
                    )
    return rows


def test_the_rows_are_the_tables_flattened(tmp_path: Path, capsys) -> None:
    source = write(tmp_path / "in.jsonl", LINES)
    status, _, err = run(capsys, "batch", str(source), str(tmp_path / "out.jsonl"))
    assert status == 0
    status, _, err = run(capsys, "batch", str(source), str(tmp_path / "out.csv"))
    assert status == 0 and "5 tables, 1 error" in err
    with open(tmp_path / "out.csv", newline="", encoding="utf-8") as table:
        reader = csv.DictReader(table)
        assert tuple(reader.fieldnames) == COLUMNS
        rows = list(reader)
    assert rows == expected_rows(tmp_path / "out.jsonl")
    # spot checks worked by hand: N's best in the example is clubs after the discard of KH (6)
    best = [r for r in rows if r["id"] == "ex" and r["best"] == "True"]
    assert [(r["trump"], r["discard"], r["tricks"]) for r in best] == [("C", "KH", "6")]
    assert len([r for r in rows if r["id"] == "ex"]) == 4 * 7  # four trumps, seven discards
    lone = [r for r in rows if r["id"] == "lone"]
    assert {(r["alone"], r["defender"]) for r in lone} == {("True", "E")}
    # the turned Joker: the dealer discards for every trump, one choice each
    joker = [r for r in rows if r["id"] == "joker"]
    assert len(joker) == 4 * 6 and sum(r["dealer_choice"] == "True" for r in joker) == 4
    assert [r["error"] for r in rows if r["id"] == "short"] == [
        "deal: hasenpfeffer expects 4 or 5 fields (4 hands, then the widow), found 1: 'N:A.K'"
    ]


def test_format_by_option_or_suffix(tmp_path: Path, capsys) -> None:
    source = write(tmp_path / "in.jsonl", LINES[:1])
    assert run(capsys, "batch", str(source), str(tmp_path / "a.csv"))[0] == 0
    assert run(capsys, "batch", str(source), str(tmp_path / "b.txt"), "--format", "csv")[0] == 0
    assert run(capsys, "batch", str(source), str(tmp_path / "c.csv"), "--format", "jsonl")[0] == 0
    assert (tmp_path / "a.csv").read_bytes() == (tmp_path / "b.txt").read_bytes()
    assert (tmp_path / "a.csv").read_text().startswith(",".join(COLUMNS) + "\n")
    assert json.loads((tmp_path / "c.csv").read_text())["id"] == "ex"
    status, _, err = run(capsys, "batch", str(source), str(tmp_path / "d.csv"), "--format", "xml")
    assert status == 2 and "invalid choice: 'xml'" in err


def test_a_stopped_run_resumes_to_the_same_bytes(tmp_path: Path, capsys) -> None:
    source = write(tmp_path / "in.jsonl", LINES)
    whole = tmp_path / "whole.csv"
    assert run(capsys, "batch", str(source), str(whole))[0] == 0
    data = whole.read_bytes()
    lines = data.split(b"\n")
    # cut everywhere a run could have stopped: after any row, and inside rows
    cuts = sorted(
        {
            0,
            len(lines[0]) // 2,
            *(len(b"\n".join(lines[:n])) + 1 for n in range(1, len(lines))),
            *range(len(lines[0]) + 5, len(data), 97),
        }
    )
    for cut in cuts:
        part = tmp_path / f"part{cut}.csv"
        part.write_bytes(data[:cut])
        status, _, err = run(capsys, "batch", str(source), str(part))
        assert status == 0, err
        assert part.read_bytes() == data, f"cut at byte {cut}"
    # a whole file: only the last table is solved again
    status, _, err = run(capsys, "batch", str(source), str(whole))
    assert whole.read_bytes() == data and "1 table, 0 errors, 5 skipped" in err


def test_an_out_that_is_not_a_batch_csv_is_refused(tmp_path: Path, capsys) -> None:
    source = write(tmp_path / "in.jsonl", LINES[:1])
    other = tmp_path / "other.csv"
    other.write_text("name,score\nanna,3\n")
    status, out, err = run(capsys, "batch", str(source), str(other))
    assert status == 2 and err.startswith(f"hasen: batch: {other} is not a CSV of hasen batch")
    assert other.read_text() == "name,score\nanna,3\n"  # never written to
    short = tmp_path / "short.csv"
    short.write_text(",".join(COLUMNS) + "\nex,1,2\n")
    status, out, err = run(capsys, "batch", str(source), str(short))
    assert status == 2 and f"{short} line 2 has 3 columns, not {len(COLUMNS)}" in err


def test_the_same_rows_from_two_processes(tmp_path: Path, capsys) -> None:
    source = write(tmp_path / "in.jsonl", LINES)
    assert run(capsys, "batch", str(source), str(tmp_path / "one.csv"))[0] == 0
    assert run(capsys, "batch", str(source), str(tmp_path / "two.csv"), "--jobs", "2", "--chunk", "1")[0] == 0
    assert (tmp_path / "one.csv").read_bytes() == (tmp_path / "two.csv").read_bytes()


def test_the_pandas_example_in_the_docs(tmp_path: Path, capsys, monkeypatch) -> None:
    pytest.importorskip("pandas", reason="pandas is not installed (the example needs it; hasen does not)")
    text = (ROOT / "docs" / "batch.md").read_text(encoding="utf-8")
    section = text[text.index("## A CSV for pandas") :]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    source = write(tmp_path / "in.jsonl", LINES)
    monkeypatch.chdir(tmp_path)
    assert run(capsys, "batch", str(source), "tables.csv")[0] == 0
    names: dict = {}
    exec(compile(code, "docs/batch.md", "exec"), names)
    printed = capsys.readouterr().out
    # each declarer's best tricks, from the rows by hand: the value of each trump, then the best
    values: dict[tuple[str, str], int] = {}
    with open(tmp_path / "tables.csv", newline="") as table:
        for row in csv.DictReader(table):
            if row["error"] or row["dealer_choice"] == "False":
                continue
            key = (row["id"], row["declarer"])
            values[key] = max(values.get(key, 0), int(row["tricks"]))
    best = {(str(i), d): int(n) for (i, d), n in names["best"].items()}
    assert best == values and best["ex", "N"] == 6
    assert "trump" in printed


def test_an_id_with_a_carriage_return_is_one_cell_and_the_run_goes_on(tmp_path: Path, capsys) -> None:
    """A carriage return is a line end to a CSV reader: such an id is quoted, so its rows
    read back whole and the file is one the next run goes on with (it broke the rows in two,
    and the next run refused its own output)."""
    from hasen.cli.cells import read_id_cell

    source = tmp_path / "in.jsonl"
    source.write_text(json.dumps({"id": "a\rb", "deal": EUCHRE2_DEAL, "variant": "euchre2"}) + "\n")
    out = tmp_path / "out.csv"
    assert run(capsys, "batch", str(source), str(out))[0] == 0
    with out.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert rows and all(read_id_cell(row["id"]) == "a\rb" for row in rows)
    code, _, err = run(capsys, "batch", str(source), str(out))
    assert code == 0 and "0 errors" in err, err


def test_a_csv_gone_on_with_from_another_in_keeps_every_table(tmp_path: Path, capsys) -> None:
    """A run cuts off the last table of the CSV it goes on with, to answer it again (its rows
    may not all be there); from another IN, which does not give it, its rows were lost. They
    go back after the new run's, and the ids are those of the JSON lines."""
    first, second = tmp_path / "day1.jsonl", tmp_path / "day2.jsonl"
    first.write_text("\n".join(LINES[:3]) + "\n")
    second.write_text(json.dumps({"id": "next", "deal": EUCHRE2_DEAL, "variant": "euchre2"}) + "\n")
    out, lines = tmp_path / "all.csv", tmp_path / "all.jsonl"
    for source in (first, second):
        assert run(capsys, "batch", str(source), str(out))[0] == 0
        assert run(capsys, "batch", str(source), str(lines))[0] == 0
    with out.open(newline="", encoding="utf-8") as handle:
        ids = list(dict.fromkeys(row["id"] for row in csv.DictReader(handle)))
    written = [str(json.loads(line)["id"]) for line in lines.read_text().splitlines()]
    assert sorted(ids) == sorted(written) and ids[-1] == written[2] and len(ids) == 4
