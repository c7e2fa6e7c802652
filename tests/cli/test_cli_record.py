"""``hasen record FILE``: records checked and written back; every kind of
bad record one line on stderr and exit status 2."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from cli_run import run

from hasen.api.page import EXAMPLE_RECORDS
from hasen.notation.record import Record

HASEN = "dealer: W\ndeal: W:QJ.J.QJ.9 A.K..AQJ* .AQ.AKT.K T9.T9.9.T KS\n"
PLAYED = HASEN + "auction: N 4, E pass, S pass, W pass\ncontract: N 4, trump C, discard KH\n"


def test_records_written_back_in_each_form(tmp_path: Path, capsys) -> None:
    texts = list(EXAMPLE_RECORDS.values())
    path = tmp_path / "night.txt"
    path.write_text("# Tuesday\n" + "\n\n".join(texts) + "\n")
    records = [Record.parse(t) for t in texts]
    status, out, err = run(capsys, "record", str(path))
    assert status == 0 and not err and out == "\n\n".join(str(r) for r in records) + "\n"
    status, out, _ = run(capsys, "record", str(path), "--line")
    assert out.splitlines() == [r.line() for r in records]
    status, out, _ = run(capsys, "record", str(path), "--json")
    assert [json.loads(line) for line in out.splitlines()] == [r.to_json() for r in records]


def test_standard_input(capsys, monkeypatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(EXAMPLE_RECORDS["euchre2"]))
    status, out, _ = run(capsys, "record", "-")
    assert status == 0 and out.splitlines()[-1] == "result: S 5 tricks, made (S +2, N 0)"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (HASEN + "auction: N 4, E 3", "record line 3: auction: call 2, 'E 3': a bid must be higher than N's 4"),
        (HASEN + "auction: N 4, S 5", "record line 3: auction: call 2, 'S 5': out of turn: it is E's call"),
        (
            HASEN + "auction: N 4, E pass, S pass, W pass, N 5",
            "record line 3: auction: call 5, 'N 5': the auction is over: N won it with 4",
        ),
        (
            HASEN + "auction: N 4, E pass, S pass, W pass\ncontract: E 4, trump C, discard KH",
            "record line 4: contract: N declares, not E: N won it with 4",
        ),
        (PLAYED + "play: JC KC TC QD", "record line 5: play: trick 1, W must follow C (led JC) with JS 9C, not QD"),
        (PLAYED + "play: JC KC TC 9C | JC", "record line 5: play: trick 2, N does not hold JC: N played it to trick 1"),
        (PLAYED + "play: JC QS", "record line 5: play: trick 1, E does not hold QS (holds AH QH AD KD TD KC)"),
        (
            HASEN + "auction: N 4\nresult: N-S 4 tricks, made (N-S +4, E-W 0)",
            "record line 4: result: the hand is not over (the auction is not over)",
        ),
        ("deal: N:A.K", "record line 1: deal: hasenpfeffer expects 4 or 5 fields"),
        ("dealer: W", "record line 1: the deal is missing"),
    ],
)
def test_every_kind_of_bad_record_is_one_line_and_exit_2(tmp_path: Path, capsys, text: str, message: str) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(text + "\n")
    status, out, err = run(capsys, "record", str(path))
    assert status == 2 and not out
    assert err.startswith(f"hasen: {path}: {message}") and err.count("\n") == 1


def test_no_file_or_no_record(tmp_path: Path, capsys) -> None:
    status, _, err = run(capsys, "record", str(tmp_path / "none.txt"))
    assert status == 2 and err.startswith("hasen: record: cannot read") and "No such file" in err
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing yet\n\n")
    status, _, err = run(capsys, "record", str(empty))
    assert status == 2 and err == f"hasen: record: no record in {empty}\n"


def test_records_are_not_written_after_themselves(tmp_path: Path) -> None:
    """``hasen record FILE >> FILE`` is refused and FILE left as it was (the records were
    appended to the file they were read from); to another file they are written."""
    import subprocess
    import sys

    source = tmp_path / "night.txt"
    source.write_text(EXAMPLE_RECORDS["euchre"] + "\n", encoding="utf-8")
    before = source.read_bytes()
    with source.open("ab") as same:
        ran = subprocess.run(
            [sys.executable, "-m", "hasen", "record", str(source)], stdout=same, stderr=subprocess.PIPE, text=True
        )
    assert ran.returncode == 2 and source.read_bytes() == before
    assert ran.stderr == f"hasen: record: standard output is {source} itself: write the records to another file\n"
    with (tmp_path / "other.txt").open("wb") as other:
        assert subprocess.run([sys.executable, "-m", "hasen", "record", str(source)], stdout=other).returncode == 0
    assert Record.parse((tmp_path / "other.txt").read_text(encoding="utf-8")).variant.name == "euchre"
