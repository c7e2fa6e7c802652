"""``--parquet`` of ``hasen batch`` and ``hasen session``: the CSV's rows, cell for cell (an
empty cell null; a batch's errors stay in OUT), by a schema that does not depend on the run,
written after the run; a file at that path that is not a Parquet file of the same command
is never replaced."""

from __future__ import annotations

import csv
import io
import subprocess
import sys
from pathlib import Path

import pytest
from cli_run import run
from nights import LAYOUTS, MIXED_NIGHT, night

pyarrow_parquet = pytest.importorskip("pyarrow.parquet")

DEALS = [
    '{"id": 1, "deal": "N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", "dealer": "W"}',
    '{"id": "1", "deal": "N:A.K..AQJ*", "dealer": "W"}',  # an error: a row of its own
    '{"id": 3, "deal": "N:..KQT9.9 T9.AKQ.. AS", "variant": "euchre2"}',
]


def parquet_rows(path: Path) -> list[dict]:
    return pyarrow_parquet.read_table(path).to_pylist()


def csv_rows(text: str) -> list[dict]:
    """The CSV's rows with its cells read as Parquet keeps them: empty as None, numbers and
    bools as such."""

    def value(text: str) -> object:
        if text == "":
            return None
        if text in ("True", "False"):
            return text == "True"
        return (
            int(text)
            if text.lstrip("-").isdigit()
            else float(text)
            if text.replace(".", "", 1).lstrip("-").isdigit()
            else text
        )

    return [{k: value(v) for k, v in row.items()} for row in csv.DictReader(io.StringIO(text))]


def test_a_batchs_parquet_holds_the_csvs_rows(capsys, tmp_path: Path) -> None:
    deals = tmp_path / "deals.jsonl"
    deals.write_text("\n".join(DEALS) + "\n")
    code, _, err = run(capsys, "batch", str(deals), str(tmp_path / "out.jsonl"), "--parquet", str(tmp_path / "t.pq"))
    assert code == 0, err
    assert run(capsys, "batch", str(deals), str(tmp_path / "out.csv"))[0] == 0
    rows = parquet_rows(tmp_path / "t.pq")
    expected = [row for row in csv_rows((tmp_path / "out.csv").read_text()) if row.pop("error") is None]
    for row in expected:  # ids are text in Parquet, whatever they were
        row["id"] = str(row["id"])
    assert rows == expected and len(rows) == 4 * 4 * 7 + 2 * (6 + 1 + 1 + 1)
    assert {row["id"] for row in rows} == {"1", "3"}


def test_two_batch_runs_read_as_one_dataset_with_the_documented_types(capsys, tmp_path: Path) -> None:
    """A run whose every line is an error and a run of one Euchre deal (no Hasenpfeffer
    discards, no defender) have the same schema: pandas reads the folder as one frame, seats,
    suits and cards as categories in the game's order."""
    pandas = pytest.importorskip("pandas")
    folder = tmp_path / "runs"
    folder.mkdir()
    for name, lines in (("errors", [DEALS[1]]), ("euchre", [DEALS[2]]), ("both", DEALS)):
        deals = tmp_path / f"{name}.jsonl"
        deals.write_text("\n".join(lines) + "\n")
        code, _, err = run(
            capsys,
            "batch",
            str(deals),
            str(tmp_path / f"{name}.out.jsonl"),
            "--parquet",
            str(folder / f"{name}.parquet"),
        )
        assert code == 0, err
    frame = pandas.read_parquet(folder)
    assert len(frame) == 2 * (4 * 4 * 7 + 2 * (6 + 1 + 1 + 1)) - 4 * 4 * 7
    assert list(frame["declarer"].cat.categories) == ["N", "E", "S", "W"] and frame["declarer"].cat.ordered
    assert list(frame["trump"].cat.categories) == ["S", "H", "D", "C"]
    assert list(frame["discard"].cat.categories)[:3] == ["AS", "KS", "QS"]
    assert str(frame["tricks"].dtype) == "int8" and str(frame["best"].dtype) == "bool"
    assert frame["id"].map(type).eq(str).all() and str(frame["alone"].dtype) == "bool"
    assert frame["discard"].isna().any() and frame["defender"].isna().all()


def test_a_sessions_parquet_holds_the_csvs_rows(capsys, tmp_path: Path) -> None:
    source = night(tmp_path, MIXED_NIGHT[:2])
    out, table, sheet = tmp_path / "out.jsonl", tmp_path / "night.parquet", tmp_path / "night.csv"
    code, _, err = run(capsys, "session", str(source), str(out), *LAYOUTS, "--parquet", str(table), "--csv", str(sheet))
    assert code == 0, err
    rows, expected = parquet_rows(table), csv_rows(sheet.read_text())
    assert len(rows) == len(expected) > 10
    assert [(r["id"], r["seat"], r["decision"], r["card"]) for r in rows] == [
        (r["id"], r["seat"], r["decision"], r["card"]) for r in expected
    ]
    assert all(
        abs(r["points_cost"] - e["points_cost"]) < 1e-9 for r, e in zip(rows, expected) if e["points_cost"] is not None
    )
    # a second run replaces its own earlier file
    assert run(capsys, "session", str(source), str(out), *LAYOUTS, "--parquet", str(table))[0] == 0


@pytest.mark.parametrize("theirs", [b"a user's notes\n", None])
def test_a_file_that_is_not_its_own_parquet_is_left_as_it_is(capsys, tmp_path: Path, theirs: bytes | None) -> None:
    target = tmp_path / "mine.parquet"
    if theirs is None:  # a Parquet file of the user's own
        import pyarrow

        pyarrow_parquet.write_table(pyarrow.table({"x": [1, 2]}), target)
    else:
        target.write_bytes(theirs)
    before = target.read_bytes()
    deals = tmp_path / "deals.jsonl"
    deals.write_text(DEALS[0] + "\n")
    code, _, err = run(capsys, "batch", str(deals), str(tmp_path / "out.jsonl"), "--parquet", str(target))
    assert code == 2 and err.strip().endswith(
        "is not a Parquet file of hasen batch, and would be replaced: give another --parquet, this one is left as it is"
    )
    assert target.read_bytes() == before and not (tmp_path / "out.jsonl").exists()


def test_parquet_refuses_what_it_cannot_be_written_from(capsys, tmp_path: Path) -> None:
    deals = tmp_path / "deals.jsonl"
    deals.write_text(DEALS[0] + "\n")
    for out in ("-", str(tmp_path / "out.csv")):
        code, _, err = run(capsys, "batch", str(deals), out, "--parquet", str(tmp_path / "t.pq"))
        assert (code, err.strip()) == (
            2,
            "hasen: batch: --parquet is written from OUT's JSON lines: give a file of JSON lines as OUT",
        )
    code, _, err = run(capsys, "batch", str(deals), str(tmp_path / "out.jsonl"), "--parquet", str(deals))
    assert code == 2 and "--parquet and IN are the same file" in err and deals.read_text() == DEALS[0] + "\n"


def test_without_pyarrow_parquet_says_what_to_install(tmp_path: Path) -> None:
    deals = tmp_path / "deals.jsonl"
    deals.write_text(DEALS[0] + "\n")
    probe = (
        "import sys; sys.modules['pyarrow'] = None; from hasen.cli import main; "
        f"sys.exit(main(['batch', {str(deals)!r}, {str(tmp_path / 'o.jsonl')!r}, '--parquet', 't.pq']))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert (
        done.returncode == 2
        and done.stderr.strip()
        == "hasen: batch: --parquet needs pyarrow, which is not installed: pip install 'hasen[parquet]'"
    )


def test_a_sessions_rows_are_the_reviews_rows_in_every_form(capsys, tmp_path: Path) -> None:
    """One schema for a reviewed hand's decisions (``hasen schema decision-rows``): the
    session's CSV and Parquet rows are ``HandReview.rows()`` of the same review, cell for
    cell, and ``to_frame()`` has the types pandas reads the Parquet file with."""
    pandas = pytest.importorskip("pandas")
    import hasen
    from hasen.cli.schema import schema_of

    jsonschema = pytest.importorskip("jsonschema")
    source = night(tmp_path, MIXED_NIGHT[:1])
    out, table, sheet = tmp_path / "out.jsonl", tmp_path / "night.parquet", tmp_path / "night.csv"
    code, _, err = run(capsys, "session", str(source), str(out), *LAYOUTS, "--parquet", str(table), "--csv", str(sheet))
    assert code == 0, err
    # the session places the hand as the first of a game, at 0 to 0
    review = hasen.review_hand(MIXED_NIGHT[0], layouts=int(LAYOUTS[1]), seed=int(LAYOUTS[3]), score=(0, 0))
    rows = [dict(row) for row in review.rows()]
    schema = schema_of("decision-rows")
    for row in rows:
        jsonschema.validate(row, schema)
        assert list(row) == list(schema["properties"])
    assert rows[0]["deal"] == "N:A.K..AQJ .AQ.AT.K T9.T9.9. QJ.J.Q.9 KS"
    assert (rows[0]["id"], rows[0]["seat"], rows[0]["player"], rows[0]["own_score"]) == ("one", "E", "Bob", 0)
    assert rows[0]["game"] is None and "win" in {row["decided_by"] for row in rows}
    assert parquet_rows(table) == [{**row, "game": 1} for row in rows]
    assert csv_rows(sheet.read_text()) == [{**row, "game": 1} for row in rows]
    read = pandas.read_parquet(table, dtype_backend="numpy_nullable")
    frame = review.to_frame()
    assert list(read.columns) == list(frame.columns)
    assert {c: str(t) for c, t in read.dtypes.items()} == {c: str(t) for c, t in frame.dtypes.items()}


def test_the_empty_id_stays_an_id(capsys, tmp_path: Path) -> None:
    """An id may be the empty word: the JSON lines and the CSV keep it, and so does Parquet
    (it made it null, as an empty cell of another column)."""
    deals = tmp_path / "deals.jsonl"
    deals.write_text('{"id": "", "deal": "N:..KQT9.9 T9.AKQ.. AS", "variant": "euchre2"}\n')
    code, _, err = run(capsys, "batch", str(deals), str(tmp_path / "out.jsonl"), "--parquet", str(tmp_path / "t.pq"))
    assert code == 0, err
    rows = parquet_rows(tmp_path / "t.pq")
    assert rows and {row["id"] for row in rows} == {""}
