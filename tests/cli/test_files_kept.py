"""Nothing a user gives is overwritten or cut: every path ``hasen session`` and ``hasen batch``
write is checked against the paths they read and against each other (through symbolic and
hard links too) before any work; a results file is known by the mark on each of its lines,
so a user's own JSON lines are never appended to or cut; a report replaces only an earlier
report; and CSV cells are never run by a spreadsheet. After each refusal the user's files
are byte for byte as they were."""

from __future__ import annotations

import csv
import json
import os
import sys
from pathlib import Path

import pytest
from cli_run import run
from examples import HASENPFEFFER_DEAL

import hasen

DEAL = HASENPFEFFER_DEAL
HAND = (
    "dealer: W\ndeal: N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS\nauction: N 4, E pass, S pass, W pass\n"
    "contract: N 4, trump S, discard AS\nplay: KH AH TH JH | AD 9D QD JK | KS"
)
FEW = ["--layouts", "4"]


@pytest.fixture
def night(tmp_path: Path) -> Path:
    path = tmp_path / "g1.txt"
    path.write_text(f"id: 1\n{HAND}\n\nid: 2\n{HAND}\n", encoding="utf-8")
    return path


def snapshot(*paths: Path) -> dict[Path, bytes | None]:
    return {p: p.read_bytes() if p.exists() else None for p in paths}


def refused(capsys, *argv: str) -> str:
    """The one line of a command refused with exit status 2."""
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and len(err.splitlines()) == 1, (code, out, err)
    return err


@pytest.mark.parametrize("option", ["--csv", "--html"])
def test_a_report_may_not_name_in_or_out(capsys, tmp_path: Path, night: Path, option: str) -> None:
    out = tmp_path / "g1.jsonl"
    assert run(capsys, "session", str(night), str(out), *FEW)[0] == 0
    before = snapshot(night, out)
    for target, name in ((night, "IN"), (out, "OUT")):
        err = refused(capsys, "session", str(night), str(out), *FEW, option, str(target))
        assert (
            err == f"hasen: session: {option} and {name} are the same file: give another {option}, nothing is written\n"
        )
    assert snapshot(night, out) == before


def test_links_are_seen_through(capsys, tmp_path: Path, night: Path) -> None:
    out = tmp_path / "out.jsonl"
    assert run(capsys, "session", str(night), str(out), *FEW)[0] == 0
    (tmp_path / "soft.csv").symlink_to(night)
    os.link(out, tmp_path / "hard.csv")
    before = snapshot(night, out)
    err = refused(capsys, "session", str(night), str(out), *FEW, "--csv", str(tmp_path / "soft.csv"))
    assert "--csv and IN are the same file" in err and "through a link" in err
    err = refused(capsys, "session", str(night), str(out), *FEW, "--csv", str(tmp_path / "hard.csv"))
    assert "--csv and OUT are the same file" in err
    # two reports at one new path, and OUT through a symbolic link to IN
    err = refused(
        capsys, "session", str(night), str(out), *FEW, "--csv", str(tmp_path / "r"), "--html", str(tmp_path / "." / "r")
    )
    assert "--html and --csv are the same file" in err
    (tmp_path / "link.jsonl").symlink_to(night)
    assert "OUT and IN are the same file" in refused(capsys, "session", str(night), str(tmp_path / "link.jsonl"))
    assert "OUT and IN are the same file" in refused(capsys, "batch", str(night), str(tmp_path / "link.jsonl"))
    assert snapshot(night, out) == before
    assert not (tmp_path / "r").exists()


def test_a_users_own_json_lines_are_never_taken_for_results(capsys, tmp_path: Path, night: Path) -> None:
    """``hasen record night --json > recs.jsonl``, its last line cut short: neither session
    nor batch takes it for their results (each line of which begins with their mark), so the
    cut line stays and nothing is appended."""
    recs = tmp_path / "recs.jsonl"
    code, written, _ = run(capsys, "record", str(night), "--json")
    lines = written.splitlines()
    assert code == 0 and len(lines) == 2
    recs.write_text(lines[0] + "\n" + lines[1][:58], encoding="utf-8")
    before = recs.read_bytes()
    err = refused(capsys, "session", str(night), str(recs), *FEW)
    assert err.startswith(f"hasen: session: {recs} is not a results file of hasen session (line 1: ")
    assert "this one is left as it is" in err
    assert refused(capsys, "batch", str(night), str(recs)).startswith(
        f"hasen: batch: {recs} is not a results file of hasen batch"
    )
    assert recs.read_bytes() == before
    # a file holding nothing but a line that is not a result, cut short: still not cut
    recs.write_text(lines[0][:30], encoding="utf-8")
    refused(capsys, "session", str(night), str(recs), *FEW)
    assert recs.read_text(encoding="utf-8") == lines[0][:30]


def test_a_results_line_torn_while_written_is_cut_and_written_again(capsys, tmp_path: Path, night: Path) -> None:
    out = tmp_path / "out.jsonl"
    assert run(capsys, "session", str(night), str(out), *FEW)[0] == 0
    whole = out.read_bytes()
    first = whole.splitlines(keepends=True)[0]
    for cut in (first + b'{"has', first + b'{"hasen": "session", "id": 2, "rev'):
        out.write_bytes(cut)
        assert run(capsys, "session", str(night), str(out), *FEW)[0] == 0
        assert out.read_bytes() == whole


@pytest.mark.parametrize("option, what", [("--csv", "a CSV of hasen session"), ("--html", "a report of hasen session")])
def test_a_report_replaces_only_an_earlier_report(capsys, tmp_path: Path, night: Path, option: str, what: str) -> None:
    pytest.importorskip("matplotlib")
    out, mine = tmp_path / "out.jsonl", tmp_path / "mine.txt"
    mine.write_text("my own notes\n", encoding="utf-8")
    err = refused(capsys, "session", str(night), str(out), *FEW, option, str(mine))
    assert (
        err == f"hasen: session: {option} {mine} is not {what}, and would be replaced: give another {option}, "
        "this one is left as it is\n"
    )
    assert mine.read_text(encoding="utf-8") == "my own notes\n" and not out.exists()  # before any work
    report = tmp_path / "report"
    assert run(capsys, "session", str(night), str(out), *FEW, option, str(report))[0] == 0
    first = report.read_bytes()
    assert run(capsys, "session", str(night), str(out), *FEW, option, str(report))[0] == 0  # its own: replaced
    assert report.read_bytes() == first
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".hasen-")] == []  # no file left half-way


def test_batch_csv_ids_of_digits_read_back_as_they_were(capsys, tmp_path: Path) -> None:
    """The id "3" of line 1 and the id 3 of line 3 (its number) were one id in the CSV: run
    again, a table was dropped."""
    source = tmp_path / "three.txt"
    source.write_text(json.dumps({"id": "3", "deal": DEAL}) + f"\n{DEAL}\n{DEAL}\n", encoding="utf-8")
    out = tmp_path / "three.csv"
    assert run(capsys, "batch", str(source), str(out))[0] == 0
    whole = out.read_bytes()
    code, _, err = run(capsys, "batch", str(source), str(out))
    assert code == 0 and out.read_bytes() == whole, err
    ids = [row["id"] for row in csv.DictReader(out.read_text(encoding="utf-8").splitlines())]
    assert ids[0] == '"3"' and ids[-1] == "3" and len(set(ids)) == 3


FORMULAS = ['=HYPERLINK("http://127.0.0.1/x","x")', "+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)"]


def test_no_csv_cell_is_a_formula(capsys, tmp_path: Path) -> None:
    """Ids and names from the input that begin as a formula does are written so that a
    spreadsheet shows them as text: a quote before them, or (ids) as a JSON string."""
    hands = [f"id: {FORMULAS[i]}\nplayers: N={FORMULAS[(i + 1) % 4]}\n{HAND}" for i in range(4)]
    night = tmp_path / "night.txt"
    night.write_text("\n\n".join(hands) + "\n", encoding="utf-8")
    table = tmp_path / "night.csv"
    assert run(capsys, "session", str(night), str(tmp_path / "out.jsonl"), *FEW, "--csv", str(table))[0] == 0
    deals = tmp_path / "deals.txt"
    deals.write_text("".join(json.dumps({"id": f, "deal": DEAL}) + "\n" for f in FORMULAS), encoding="utf-8")
    assert run(capsys, "batch", str(deals), str(tmp_path / "tables.csv"))[0] == 0
    for path in (table, tmp_path / "tables.csv"):
        cells = [c for row in csv.reader(path.read_text(encoding="utf-8").splitlines()) for c in row]
        assert not [c for c in cells if c[:1] in ("=", "+", "@") or (c[:1] == "-" and not is_number(c))]
        assert "'+cmd|' /C calc'!A0" in cells or json.dumps(FORMULAS[1]) in cells


def is_number(text: str) -> bool:
    try:
        float(text)
        return True
    except ValueError:
        return False


def test_names_are_text_in_the_charts(capsys, tmp_path: Path) -> None:
    """A player named ``$\\bad$`` stopped the report: the chart library read it as mathematics."""
    pytest.importorskip("matplotlib")
    night = tmp_path / "night.txt"
    night.write_text(f"players: N=$\\bad$, E=$x^2$\n{HAND}\n", encoding="utf-8")
    report = tmp_path / "night.html"
    assert run(capsys, "session", str(night), str(tmp_path / "out.jsonl"), *FEW, "--html", str(report))[0] == 0
    page = report.read_text(encoding="utf-8")
    assert "$\\bad$" in page


def test_names_that_would_act_on_a_terminal_are_refused(capsys, tmp_path: Path) -> None:
    night = tmp_path / "night.txt"
    night.write_text(f"players: N=\x1b[31mRed\n{HAND}\n", encoding="utf-8")
    err = refused(capsys, "record", str(night))
    assert "\x1b" not in err and "control characters" in err and "'\\x1b[31mRed'" in err


def test_long_names_keep_the_summary_in_columns(capsys, tmp_path: Path) -> None:
    night = tmp_path / "night.txt"
    night.write_text(f"players: N=Bartholomew Fitzgerald-Smythe the Third, E=Al\n{HAND}\n", encoding="utf-8")
    code, text, _ = run(capsys, "session", str(night), str(tmp_path / "out.jsonl"), *FEW)
    assert code == 0
    lines = text.splitlines()
    header = next(i for i, line in enumerate(lines) if line.split()[:1] == ["player"])
    table = lines[header : header + 5]
    ends = {len(line) for line in table}
    assert len(ends) == 1, table  # every row as wide as the header
    assert any("..." in line for line in table)


@pytest.mark.parametrize("command", ["record", "session", "review"])
def test_a_record_of_a_semicolon_is_one_line_of_refusal(capsys, monkeypatch, tmp_path: Path, command: str) -> None:
    """Refused in one line: a night whose every record is in error holds no record at all."""
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b";\n"), encoding="utf-8"))
    argv = {"record": ["-"], "session": ["-", str(tmp_path / "out.jsonl")], "review": ["-"]}[command]
    err = refused(capsys, command, *argv)
    assert "a record of no fields" in err
    with pytest.raises(hasen.NotationError, match="a record of no fields"):
        hasen.Record.parse(";")


def test_input_is_read_within_its_bounds(capsys, monkeypatch, tmp_path: Path) -> None:
    """``hasen record /dev/zero`` read for ever and ended in a MemoryError that quoted the
    whole input; a file or standard input is now read to its bound and no further."""
    import io
    import sys

    from hasen.core.bounds import MAX_LINE, MAX_TEXT_FILE

    if Path("/dev/zero").exists():
        err = refused(capsys, "record", "/dev/zero")
        assert f"longer than {MAX_TEXT_FILE:,} bytes" in err and len(err) < 200
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"x" * (MAX_LINE + 1)), encoding="utf-8"))
    err = refused(capsys, "session", "-", str(tmp_path / "out.jsonl"))
    assert err == f"hasen: session: standard input line 1 is longer than {MAX_LINE:,} bytes, the most a line may be\n"
    assert not (tmp_path / "out.jsonl").exists()


def test_continued_lines_join_into_one_value() -> None:
    """A field continued over many lines is its parts joined by spaces (joined once, at the
    end: 200,000 lines took 6 s when each joined the value so far)."""
    from hasen.core.record_text import split_records

    [block] = split_records("id: a\n" + "".join(f"  part{i}\n" for i in range(20_000)) + "dealer: W\n")
    assert block.fields[0] == (1, "id", "a " + " ".join(f"part{i}" for i in range(20_000)))
    assert block.fields[1] == (20_002, "dealer", "W")
    record = hasen.Record.parse("dealer: W\ndeal: N:A.K..AQJ* .AQ.AKT.K\n  T9.T9.9.T\n\tQJ.J.QJ.9\n KS")
    assert record.deal.notation() == "W:QJ.J.QJ.9 A.K..AQJ* .AQ.AKT.K T9.T9.9.T KS"


def special_files(folder: Path) -> dict[str, Path]:
    """A character device (a second /dev/null, where the tests may make one), a FIFO and a
    folder, none of which a report may be moved over or opened for."""
    made = {"a FIFO (a named pipe)": folder / "fifo", "a folder": folder / "folder"}
    os.mkfifo(made["a FIFO (a named pipe)"])
    made["a folder"].mkdir()
    try:
        os.mknod(folder / "null", 0o666 | __import__("stat").S_IFCHR, os.makedev(1, 3))
        made["a device"] = folder / "null"
    except (PermissionError, OSError):  # not root: the symbolic link to /dev/null stands for it
        (folder / "null").symlink_to("/dev/null")
        made["a device"] = folder / "null"
    return made


@pytest.mark.parametrize(
    "command, option",
    [
        ("session", "--csv"),
        ("session", "--html"),
        ("session", "--parquet"),
        ("session", "OUT"),
        ("batch", "OUT"),
        ("batch", "--parquet"),
    ],
)
def test_a_device_a_fifo_or_a_folder_is_refused_and_left_as_it_is(
    capsys, tmp_path: Path, night: Path, command: str, option: str
) -> None:
    """As root a report moved over --csv /dev/null replaced the system's /dev/null; a FIFO
    hung the command before any work. Each is refused in one line, before any work."""
    pytest.importorskip("pyarrow")
    deals = tmp_path / "deals.txt"
    deals.write_text(f"{DEAL}\n", encoding="utf-8")
    source = night if command == "session" else deals
    for kind, target in special_files(tmp_path).items():
        before = os.lstat(target)
        argv = [command, str(source), str(target) if option == "OUT" else str(tmp_path / "out.jsonl")]
        if option != "OUT":
            argv += [option, str(target)]
        err = refused(capsys, *argv, *(FEW if command == "session" else []))
        shown = option if option != "OUT" else "OUT"
        assert (
            err == f"hasen: {command}: {shown} {target} is {kind}, not a file: give a file to write (it is left "
            "as it is)\n"
        ), err
        after = os.lstat(target)
        assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino)
    assert not (tmp_path / "out.jsonl").exists()  # no work was done


def test_a_report_at_standard_output_with_the_summary_there_is_refused(
    capsys, tmp_path: Path, night: Path, monkeypatch
) -> None:
    """``session --csv /dev/stdout > f`` replaced f, the summary with it."""
    summary = tmp_path / "summary.txt"
    with open(summary, "w") as out:
        monkeypatch.setattr("sys.stdout", out)
        code, _, err = run(capsys, "session", str(night), str(tmp_path / "o.jsonl"), "--csv", str(summary), *FEW)
    assert code == 2 and "--csv and standard output are the same file" in err


@pytest.mark.skipif(sys.platform == "win32", reason="advisory locks are POSIX's")
def test_a_report_left_half_written_by_a_killed_run_is_removed_by_the_next(tmp_path: Path) -> None:
    """A report is written to a new file beside it, held while written, then moved over it: a
    run killed outright left that file behind for good. The next run writing the report
    removes one nobody holds, and leaves one another run is writing."""
    import fcntl

    from hasen.cli.targets import replace_text

    report = tmp_path / "night.html"
    left = tmp_path / ".night.html.hasen-abc12345"
    left.write_text("half a report")
    writing = tmp_path / ".night.html.hasen-def45678"
    writing.write_text("another run's report, being written")
    notes = tmp_path / ".night.html.hasen-notes"  # a name of the user's, not one of a new file
    notes.write_text("the user's")
    with writing.open("rb") as other:
        fcntl.flock(other.fileno(), fcntl.LOCK_EX)
        replace_text("session", str(report), "the report")
        assert not left.exists() and writing.exists()
    assert report.read_text() == "the report"
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        ".night.html.hasen-def45678",
        ".night.html.hasen-notes",
        "night.html",
    ]
