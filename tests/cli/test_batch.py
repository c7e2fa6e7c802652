"""``hasen batch IN OUT``: one line of OUT per line of IN, in order; bad lines are error
lines; a stopped run resumes without losing or repeating a line; the same bytes from every
backend (this process, --jobs 2, a Dask LocalCluster)."""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from cli_run import interrupted_once_writing, run, run_json
from dealgen import random_deal
from examples import EUCHRE2_DEAL, EUCHRE_DEAL, HASENPFEFFER_DEAL

from hasen.cli import batch
from hasen.cli.batch import Progress, bar_text
from hasen.search import USING_EXTENSION

ROOT = Path(__file__).resolve().parents[2]

MIXED = [  # (line of IN, what its line of OUT holds)
    (HASENPFEFFER_DEAL, "table"),
    (json.dumps({"id": "ex", "deal": HASENPFEFFER_DEAL, "dealer": "W", "declarer": "N"}), "table"),
    ("", None),  # blank: no line in OUT
    (json.dumps({"id": "eu", "deal": EUCHRE2_DEAL, "variant": "euchre2"}), "table"),
    (json.dumps({"id": "short", "deal": "N:A.K"}), "error"),
    (json.dumps({"id": "ex", "deal": HASENPFEFFER_DEAL}), "error"),  # the id of line 2 again
    (json.dumps({"deal": 5}), "error"),
    (json.dumps({"id": 1.5, "deal": HASENPFEFFER_DEAL}), "error"),
    (json.dumps({"id": "extra", "deal": HASENPFEFFER_DEAL, "colour": "red"}), "error"),
    ('{"id": "twice", "deal": "x", "deal": "y"}', "error"),
    ("{not json", "error"),
    (json.dumps(HASENPFEFFER_DEAL), "table"),  # a JSON string: a deal too
    ("   " + json.dumps({"id": "lead", "deal": HASENPFEFFER_DEAL, "first_lead": "declarer"}) + "  ", "table"),
]


def write_lines(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def random_lines(count: int, seed: int) -> list[str]:
    """``count`` random Hasenpfeffer deals as JSON lines with ids 0, 1, ..."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        deal = random_deal(rng)
        out.append(json.dumps({"id": i, "deal": deal.notation(), "dealer": "NESW"[deal.dealer]}))
    return out


def records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture
def mixed(tmp_path: Path) -> Path:
    return write_lines(tmp_path / "in.jsonl", [line for line, _ in MIXED])


def test_one_line_out_per_line_in_in_order(capsys, tmp_path: Path, mixed: Path) -> None:
    out = tmp_path / "out.jsonl"
    code, stdout, stderr = run(capsys, "batch", str(mixed), str(out))
    assert code == 0 and stdout == ""
    got = records(out)
    wanted = [(number, kind) for number, (line, kind) in enumerate(MIXED, 1) if kind]
    assert [("table" if "table" in r else "error") for r in got] == [kind for _, kind in wanted]
    # ids: as given, else the line number; an error line says which line it was
    assert [r["id"] for r in got] == [1, "ex", "eu", "short", "ex", 7, 8, "extra", 10, 11, 12, "lead"]
    for (number, kind), record in zip(wanted, got):
        assert set(record) == ({"hasen", "id", "table"} if kind == "table" else {"hasen", "id", "line", "error"})
        assert record["hasen"] == "batch"  # every line says what wrote it
        if kind == "error":
            assert record["line"] == number
    errors = {r["line"]: r["error"] for r in got if "error" in r}
    assert errors[5].startswith("deal: hasenpfeffer expects 4 or 5 fields")
    assert errors[6] == 'id: "ex" is already the id of line 2'
    assert errors[7] == "deal: expected a string, got an integer"
    assert errors[8] == "id: expected a string or an integer, got a number"
    assert errors[9].startswith("unknown key 'colour' (allowed: id, deal, dealer,")
    assert errors[10] == "key 'deal' appears twice in one object"
    assert errors[11].startswith("malformed JSON:")
    # the summary, and each error on stderr as it comes
    assert stderr.splitlines()[-1] == (f"hasen: batch: 5 tables, 7 errors, 0 skipped (already in {out}); this process")
    assert 'hasen: batch: line 5 (id "short"): deal: hasenpfeffer expects' in stderr


def test_a_table_is_what_hasen_table_json_prints(capsys, tmp_path: Path, mixed: Path) -> None:
    out = tmp_path / "out.jsonl"
    assert run(capsys, "batch", str(mixed), str(out))[0] == 0
    got = {r["id"]: r for r in reversed(records(out))}  # the first line of each id
    assert got[1]["table"] == run_json(capsys, "table", HASENPFEFFER_DEAL)
    assert got["ex"]["table"] == run_json(capsys, "table", HASENPFEFFER_DEAL, "--dealer", "W", "--declarer", "N")
    assert got["eu"]["table"] == run_json(capsys, "table", EUCHRE2_DEAL, "--variant", "euchre2")
    assert got["lead"]["table"] == run_json(capsys, "table", HASENPFEFFER_DEAL, "--first-lead", "declarer")


def test_command_line_options_are_defaults_for_the_lines(capsys, tmp_path: Path) -> None:
    source = write_lines(
        tmp_path / "in.txt", [EUCHRE2_DEAL, json.dumps({"deal": HASENPFEFFER_DEAL, "variant": "hasenpfeffer"})]
    )
    out = tmp_path / "out.jsonl"
    assert run(capsys, "batch", str(source), str(out), "--variant", "euchre2", "--declarer", "S")[0] == 0
    first, second = records(out)
    assert first["table"] == run_json(capsys, "table", EUCHRE2_DEAL, "--variant", "euchre2", "--declarer", "S")
    assert second["table"] == run_json(capsys, "table", HASENPFEFFER_DEAL, "--declarer", "S")


def test_alone_on_the_command_line_is_every_lines_default(capsys, tmp_path: Path) -> None:
    source = write_lines(tmp_path / "in.txt", [EUCHRE_DEAL])
    out = tmp_path / "out.jsonl"
    assert run(capsys, "batch", str(source), str(out), "--variant", "euchre", "--declarer", "E", "--alone")[0] == 0
    (line,) = records(out)
    alone = run_json(capsys, "table", EUCHRE_DEAL, "--variant", "euchre", "--declarer", "E", "--alone")
    assert line["table"] == alone != run_json(capsys, "table", EUCHRE_DEAL, "--variant", "euchre", "--declarer", "E")


def test_a_bad_option_stops_the_run_before_it_starts(capsys, tmp_path: Path, mixed: Path) -> None:
    out = tmp_path / "out.jsonl"
    code, _, err = run(capsys, "batch", str(mixed), str(out), "--first-lead", "nobody")
    assert code == 2 and err == "hasen: first_lead: 'nobody' is not one of dealer_left, declarer\n"
    assert not out.exists()


def stdin_of(data: bytes) -> io.TextIOWrapper:
    """Standard input as a process has it: text over bytes (the bytes are what batch reads)."""
    return io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")


def test_standard_input_and_a_byte_order_mark(capsys, monkeypatch, tmp_path: Path) -> None:
    line = json.dumps({"id": "a", "deal": EUCHRE2_DEAL, "variant": "euchre2"})
    monkeypatch.setattr(sys, "stdin", stdin_of((line + "\n\n" + HASENPFEFFER_DEAL + "\n").encode()))
    piped = tmp_path / "piped.jsonl"
    assert run(capsys, "batch", "-", str(piped))[0] == 0
    assert [r["id"] for r in records(piped)] == ["a", 3] and all("table" in r for r in records(piped))
    marked = tmp_path / "marked.jsonl"
    marked.write_bytes(b"\xef\xbb\xbf" + line.encode() + b"\n")  # as some editors save UTF-8
    out = tmp_path / "out.jsonl"
    assert run(capsys, "batch", str(marked), str(out))[0] == 0
    assert out.read_bytes() == piped.read_bytes().splitlines(keepends=True)[0]


# a byte-order mark, a line that is not UTF-8, Windows line ends, a line far too long, an array
AWKWARD = (
    b"\xef\xbb\xbf"
    + HASENPFEFFER_DEAL.encode()
    + b"\r\n"
    + b"N:A.K..AQJ* \xe9\n"
    + b"[1, 2]\n"
    + b'"'
    + b"x" * 70_000
    + b'"\n'
    + b'{"deal": "unterminated\n'
    + b'{"deal": 1e9999999999999999999}\n'  # beyond what a decimal holds: it was a traceback
    + json.dumps({"id": "last", "deal": EUCHRE2_DEAL, "variant": "euchre2"}).encode()
    + b"\r\n"
)


def test_standard_input_is_read_as_a_file_is(capsys, monkeypatch, tmp_path: Path) -> None:
    """Standard input is bytes, each line decoded on its own, as from a file:
    a line that is not UTF-8 is an error line (it was a traceback, and from a file a deal with
    a replacement character in it); a byte-order mark is dropped from both."""
    source = tmp_path / "in.txt"
    source.write_bytes(AWKWARD)
    from_file, from_stdin = tmp_path / "file.jsonl", tmp_path / "stdin.jsonl"
    code, _, err = run(capsys, "batch", str(source), str(from_file))
    assert code == 0, err
    monkeypatch.setattr(sys, "stdin", stdin_of(AWKWARD))
    code, _, err = run(capsys, "batch", "-", str(from_stdin))
    assert code == 0, err
    assert from_stdin.read_bytes() == from_file.read_bytes()
    got = records(from_file)
    assert [r["id"] for r in got] == [1, 2, 3, 4, 5, 6, "last"]
    assert got[0]["table"] == run_json(capsys, "table", HASENPFEFFER_DEAL)
    assert got[1] == {"hasen": "batch", "id": 2, "line": 2, "error": "not UTF-8 (byte 12)"}
    assert got[2] == {"hasen": "batch", "id": 3, "line": 3, "error": "expected a JSON object or a deal, got an array"}
    assert got[3] == {"hasen": "batch", "id": 4, "line": 4, "error": "longer than 65536 bytes"}
    assert got[4] == {
        "hasen": "batch",
        "id": 5,
        "line": 5,
        "error": "malformed JSON: Unterminated string starting at line 1 column 10",
    }
    assert got[5]["error"] == "malformed JSON: 1e999999999999999999...: a number too large to read"
    assert "table" in got[6]


def test_standard_input_as_a_process_gets_it(tmp_path: Path) -> None:
    """The same through a real pipe: ``printf 'N:A.K..AQJ* \\xe9\\n' | hasen batch - OUT``."""
    out = tmp_path / "out.jsonl"
    done = subprocess.run(
        [sys.executable, "-m", "hasen.cli", "batch", "-", str(out)],
        input=b"N:A.K..AQJ* \xe9\n",
        capture_output=True,
        timeout=120,
    )
    assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr
    assert records(out) == [{"hasen": "batch", "id": 1, "line": 1, "error": "not UTF-8 (byte 12)"}]


def test_out_dash_is_standard_output(capsys, monkeypatch, tmp_path: Path) -> None:
    """``hasen batch IN -`` wrote a file named ``-``."""
    source = write_lines(tmp_path / "in.txt", [HASENPFEFFER_DEAL, "nonsense"])
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "batch", str(source), "-")
    assert code == 0 and not (tmp_path / "-").exists()
    lines = [json.loads(line) for line in out.splitlines()]
    assert lines[0] == {"hasen": "batch", "id": 1, "table": run_json(capsys, "table", HASENPFEFFER_DEAL)}
    assert lines[1]["error"].startswith("deal: ")
    # nothing to resume on standard output, so nothing is said of it
    assert err.splitlines()[-1] == "hasen: batch: 1 table, 1 error; this process"


def test_out_dash_sent_to_a_file_by_the_shell(tmp_path: Path) -> None:
    """``hasen batch IN - > file`` took the file behind standard output for one to resume, and
    failed opening a file named ``-`` (a traceback)."""
    source = write_lines(tmp_path / "in.txt", [HASENPFEFFER_DEAL])
    with open(tmp_path / "out.jsonl", "wb") as out:
        done = subprocess.run(
            [sys.executable, "-m", "hasen.cli", "batch", str(source), "-"],
            stdout=out,
            stderr=subprocess.PIPE,
            cwd=tmp_path,
            timeout=120,
        )
    assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr
    assert [json.loads(line)["id"] for line in (tmp_path / "out.jsonl").read_text().splitlines()] == [1]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
def test_an_out_that_is_no_file_is_written_not_read(tmp_path: Path) -> None:
    """OUT /dev/full was read to its end (which it has not) for the ids to
    skip, and took 23 GB; a device is now refused before any work. Memory is capped here, so
    that a regression fails, not the machine."""
    import resource

    def at_most_a_gigabyte() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))

    source = write_lines(tmp_path / "in.txt", [HASENPFEFFER_DEAL])
    done = subprocess.run(
        [sys.executable, "-m", "hasen.cli", "batch", str(source), "/dev/full"],
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=at_most_a_gigabyte,
    )
    assert (done.returncode, done.stderr) == (
        2,
        "hasen: batch: OUT /dev/full is a device, not a file: give a file to write (it is left as it is)\n",
    )


def test_paths_are_checked_before_any_work(capsys, monkeypatch, tmp_path: Path, mixed: Path) -> None:
    """A missing IN beside an existing OUT was a traceback from
    os.path.samefile; OUT in no folder, or a folder, is refused before anything is solved."""
    solved = []
    monkeypatch.setattr(batch, "answer", lambda item: solved.append(item) or "{}")
    out = tmp_path / "out.jsonl"
    out.write_text("")
    code, _, err = run(capsys, "batch", str(tmp_path / "missing" / "x"), str(out))
    assert (code, err) == (2, f"hasen: batch: cannot read {tmp_path / 'missing' / 'x'}: No such file or directory\n")
    code, _, err = run(capsys, "batch", str(mixed), str(tmp_path / "no" / "out.jsonl"), "--jobs", "2")
    assert (code, err) == (
        2,
        f"hasen: batch: cannot write OUT {tmp_path / 'no' / 'out.jsonl'}: No such file or directory\n",
    )
    code, _, err = run(capsys, "batch", str(mixed), str(tmp_path), "--jobs", "2")
    assert (code, err) == (
        2,
        f"hasen: batch: OUT {tmp_path} is a folder, not a file: give a file to write (it is left as it is)\n",
    )
    assert solved == []
    assert not (tmp_path / "no").exists()
    code, _, err = run(capsys, "batch", "in\x00.txt", str(out))
    assert (code, err) == (2, "hasen: batch: cannot read 'in\\x00.txt': embedded null byte\n")


def test_standard_input_as_out_of_the_same_file_is_refused(capsys, monkeypatch, tmp_path: Path, mixed: Path) -> None:
    """IN and OUT compared as the files they are, not by name: ``hasen batch - OUT < OUT``."""
    out = tmp_path / "out.jsonl"
    assert run(capsys, "batch", str(mixed), str(out))[0] == 0
    before = out.read_bytes()
    with open(out, "rb") as same:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(same))
        code, _, err = run(capsys, "batch", "-", str(out))
    assert (code, err) == (2, "hasen: batch: OUT and IN are the same file: give another OUT, nothing is written\n")
    assert out.read_bytes() == before


def test_jobs_beyond_the_cores_are_capped_and_said(capsys, monkeypatch, tmp_path: Path) -> None:
    """--jobs 1000 started 80 processes on 2 cores; --jobs 2147483648 was
    an OverflowError traceback."""
    source = write_lines(tmp_path / "in.txt", [HASENPFEFFER_DEAL])
    monkeypatch.setattr("hasen.workers.usable_cores", lambda: 1)
    code, _, err = run(capsys, "batch", str(source), str(tmp_path / "out.jsonl"), "--jobs", "1000")
    assert code == 0
    assert err.splitlines()[-1].endswith("; this process (--jobs 1000 capped to the 1 core here)")
    code, _, err = run(capsys, "batch", str(source), str(tmp_path / "out.jsonl"), "--jobs", "2147483648")
    assert (code, err) == (
        2,
        "hasen: batch: argument --jobs: expected a whole number from 1 to 1024, not '2147483648'\n",
    )


def test_one_backend_at_a_time(capsys, tmp_path: Path, mixed: Path) -> None:
    code, _, err = run(
        capsys, "batch", str(mixed), str(tmp_path / "out.jsonl"), "--jobs", "2", "--scheduler", "tcp://127.0.0.1:8786"
    )
    assert code == 2 and err == "hasen: batch: argument --scheduler: not allowed with argument --jobs\n"


def test_the_keys_are_those_of_the_web_api_table_request() -> None:
    from hasen.api.request_schemas import TABLE_REQUEST
    from hasen.api.schema_parts import REF, VALUES

    def resolved(schema: dict) -> dict:  # a shared value (a seat, a game) is a reference
        return VALUES[schema["$ref"].removeprefix(REF)] if "$ref" in schema else schema

    properties = TABLE_REQUEST["properties"]
    assert set(batch.TYPES) == set(properties)
    json_type = {str: "string", bool: "boolean", int: "integer"}
    assert {key: json_type[kind] for key, kind in batch.TYPES.items()} == {
        key: resolved(schema)["type"] for key, schema in properties.items()
    }


# --- resuming ------------------------------------------------------------------------------


def test_a_killed_run_resumes_to_the_same_bytes(capsys, tmp_path: Path) -> None:
    source = write_lines(tmp_path / "in.jsonl", random_lines(12, seed=3) + [line for line, _ in MIXED])
    whole = tmp_path / "whole.jsonl"
    assert run(capsys, "batch", str(source), str(whole))[0] == 0
    reference = whole.read_bytes()
    lines = reference.splitlines(keepends=True)
    assert len(lines) == 12 + sum(1 for _, kind in MIXED if kind)
    # a run killed while writing line 6: five whole lines and half of the sixth
    out = tmp_path / "out.jsonl"
    out.write_bytes(b"".join(lines[:5]) + lines[5][:40])
    code, _, err = run(capsys, "batch", str(source), str(out))
    assert code == 0 and out.read_bytes() == reference
    assert err.splitlines()[-1].startswith(f"hasen: batch: {len(lines) - 12} tables, 7 errors, 5 skipped")
    # once more: everything is there already
    code, _, err = run(capsys, "batch", str(source), str(out))
    assert code == 0 and out.read_bytes() == reference
    assert err == f"hasen: batch: 0 tables, 0 errors, {len(lines)} skipped (already in {out}); this process\n"


def test_a_line_without_an_id_whose_place_another_took_is_told_so(capsys, tmp_path: Path) -> None:
    """Line 1 takes id 2, the place of line 2, which has no id of its own: the error says a
    line without an id has its place for one (it named only an id line 2 never gave)."""
    source = write_lines(
        tmp_path / "in.jsonl", [json.dumps({"id": 2, "deal": EUCHRE2_DEAL, "variant": "euchre2"}), HASENPFEFFER_DEAL]
    )
    out = tmp_path / "out.jsonl"
    assert run(capsys, "batch", str(source), str(out))[0] == 0
    assert records(out)[1]["error"] == (
        "id: 2 is already the id of line 1 (a line without an id has its place for one: give it an id)"
    )
    # a line that gave the id itself is told only that it is taken
    source.write_text(source.read_text().splitlines()[0] + "\n" + source.read_text().splitlines()[0] + "\n")
    out.unlink()
    assert run(capsys, "batch", str(source), str(out))[0] == 0
    assert records(out)[1]["error"] == "id: 2 is already the id of line 1"


def test_a_repeated_id_cut_off_between_its_lines_gives_the_same_bytes(capsys, tmp_path: Path) -> None:
    source = write_lines(
        tmp_path / "in.jsonl",
        [
            json.dumps({"id": "a", "deal": EUCHRE2_DEAL, "variant": "euchre2"}),
            json.dumps({"id": "b", "deal": "nonsense"}),
            json.dumps({"id": "a", "deal": EUCHRE2_DEAL, "variant": "euchre2"}),
        ],
    )
    whole = tmp_path / "whole.jsonl"
    assert run(capsys, "batch", str(source), str(whole))[0] == 0
    reference = whole.read_bytes()
    assert [r.get("error", "") for r in records(whole)][2] == 'id: "a" is already the id of line 1'
    out = tmp_path / "out.jsonl"
    out.write_bytes(b"".join(reference.splitlines(keepends=True)[:2]))
    assert run(capsys, "batch", str(source), str(out))[0] == 0
    assert out.read_bytes() == reference


def test_an_out_that_is_not_a_batch_result_is_left_alone(capsys, monkeypatch, tmp_path: Path, mixed: Path) -> None:
    out = tmp_path / "notes.txt"
    out.write_text("my notes\n")
    code, _, err = run(capsys, "batch", str(mixed), str(out))
    assert code == 2 and err.startswith(
        f"hasen: batch: {out} is not a results file of hasen batch (line 1: "
        '\'my notes\'; each of its lines begins {"hasen": "batch", "id": ...)'
    )
    assert out.read_text() == "my notes\n"
    code, _, err = run(capsys, "batch", str(mixed), str(mixed))
    assert code == 2 and err == "hasen: batch: OUT and IN are the same file: give another OUT, nothing is written\n"
    code, _, err = run(capsys, "batch", str(tmp_path / "missing.jsonl"), str(tmp_path / "out.jsonl"))
    assert code == 2 and err.startswith("hasen: batch: cannot read ")
    monkeypatch.setattr(sys, "stderr", Terminal())  # where the progress bar counts the lines first
    assert run(capsys, "batch", str(tmp_path / "missing.jsonl"), str(tmp_path / "out.jsonl"))[0] == 2
    assert sys.stderr.getvalue().startswith("hasen: batch: cannot read ")


@pytest.mark.slow  # processes, Dask or interrupts: in the full run
@pytest.mark.skipif(not USING_EXTENSION, reason="needs hundreds of deals solved: the compiled search")
def test_ctrl_c_stops_cleanly_and_the_run_resumes(tmp_path: Path) -> None:
    """A real interrupt, sent as a terminal sends it (to the process group, the workers too)."""
    count = 2000  # enough that the run is still going when the interrupt comes, however fast the search
    source = write_lines(tmp_path / "in.jsonl", random_lines(count, seed=5))
    out = tmp_path / "out.jsonl"
    argv = ["batch", str(source), str(out), "--jobs", "2"]
    status, err = interrupted_once_writing(argv, out, ROOT)
    assert status == 130, err
    assert err.startswith("hasen: batch: interrupted after ") and len(err.splitlines()) == 1, err
    assert err.endswith(f", all kept in {out}; run the same command again to resume\n"), err
    assert "Traceback" not in err
    written = out.read_text(encoding="utf-8")
    assert written.endswith("\n") and 0 < written.count("\n") < count
    resumed = subprocess.run(
        [sys.executable, "-m", "hasen", *argv], cwd=ROOT, stderr=subprocess.PIPE, text=True, timeout=300
    )
    assert resumed.returncode == 0, resumed.stderr
    got = records(out)
    assert [r["id"] for r in got] == list(range(count)) and all("table" in r for r in got)
    assert f"{written.count(chr(10))} skipped" in resumed.stderr


# --- the backends --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def deals_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("backends")
    lines = random_lines(40 if USING_EXTENSION else 12, seed=11)  # the pure-Python search is slow
    lines[7] = json.dumps({"id": 7, "deal": "N:A.K"})  # an error line comes out the same too
    lines.insert(10, json.dumps({"id": "eu", "deal": EUCHRE2_DEAL, "variant": "euchre2"}))
    return write_lines(folder / "in.jsonl", lines)


@pytest.fixture(scope="module")
def one_process(deals_file: Path) -> bytes:
    out = deals_file.with_name("jobs1.jsonl")
    assert batch_status(deals_file, out) == 0
    return out.read_bytes()


def batch_status(source: Path, out: Path, *options: str) -> int:
    from hasen.cli.main import main

    return main(["batch", str(source), str(out), *options])


@pytest.mark.slow  # processes, Dask or interrupts: in the full run
def test_two_processes_write_the_same_bytes(tmp_path: Path, deals_file: Path, one_process: bytes) -> None:
    out = tmp_path / "jobs2.jsonl"
    assert batch_status(deals_file, out, "--jobs", "2", "--chunk", "3") == 0
    assert out.read_bytes() == one_process
    assert len(one_process.splitlines()) == (41 if USING_EXTENSION else 13)


@pytest.mark.slow  # processes, Dask or interrupts: in the full run
def test_a_dask_cluster_writes_the_same_bytes(tmp_path: Path, deals_file: Path, one_process: bytes) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster:
        out = tmp_path / "dask.jsonl"
        assert batch_status(deals_file, out, "--scheduler", cluster.scheduler_address, "--chunk", "4") == 0
        assert out.read_bytes() == one_process
        # resuming on the cluster too
        out.write_bytes(b"".join(one_process.splitlines(keepends=True)[:9]))
        assert batch_status(deals_file, out, "--scheduler", cluster.scheduler_address) == 0
        assert out.read_bytes() == one_process


@pytest.mark.slow  # processes, Dask or interrupts: in the full run
def test_a_scheduler_that_cannot_be_reached_is_one_line(capsys, tmp_path: Path, mixed: Path) -> None:
    pytest.importorskip("distributed")
    out = tmp_path / "out.jsonl"
    code, _, err = run(capsys, "batch", str(mixed), str(out), "--scheduler", "nonsense::")
    assert code == 2
    assert err.startswith("hasen: batch: scheduler: cannot connect to 'nonsense::': invalid address")
    assert len(err.splitlines()) == 1
    assert not out.exists()


def test_without_distributed_the_scheduler_option_says_what_to_install(
    capsys, monkeypatch, tmp_path: Path, mixed: Path
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if not installed: importing it fails
    code, _, err = run(capsys, "batch", str(mixed), str(tmp_path / "out.jsonl"), "--scheduler", "tcp://127.0.0.1:8786")
    assert code == 2
    assert err == (
        "hasen: batch: scheduler: running on a Dask cluster needs the distributed package "
        "(pip install 'hasen[cluster]')\n"
    )


@pytest.mark.slow  # processes, Dask or interrupts: in the full run
def test_hasen_table_does_not_load_dask() -> None:
    code = (
        "import sys; from hasen.cli.main import main; main(['table', '--example', '--declarer', 'N']); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "[]"


# --- the progress bar ----------------------------------------------------------------------


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_bar_shows_on_a_terminal_only() -> None:
    """On a frozen clock: a busy machine's real one moved on between the
    start and the drawing, and the rate came out as 12.4."""
    now = [100.0]
    screen = Terminal()
    bar = Progress(screen, 200, clock=lambda: now[0])
    now[0] += 4.0  # four seconds later
    bar.update(60, 50, force=True)
    bar.clear()
    drawn = screen.getvalue()
    assert drawn.startswith("\rbatch: 60/200 lines (30%)  12.5 lines/s  ETA 0:11")
    assert drawn.endswith("\r") and drawn.count("\r") == 3  # drawn, blanked, back to the start
    pipe = io.StringIO()
    quiet = Progress(pipe, 200)
    quiet.update(60, 50, force=True)
    quiet.clear()
    assert pipe.getvalue() == ""


def test_bar_text() -> None:
    assert bar_text(0, 0, 100, 0.0) == "batch: 0/100 lines (0%)"
    assert bar_text(50, 0, 100, 3.0) == "batch: 50/100 lines (50%)"  # all skipped so far: no rate yet
    assert bar_text(10, 10, 100_000, 1.0) == "batch: 10/100000 lines (0%)  10.0 lines/s  ETA 2:46:39"
