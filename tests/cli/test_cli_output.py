"""The CLI under hostile conditions: a reader that leaves, a full disk, a terminal without
the suit symbols, huge arguments. Each is one line on stderr at most, never a traceback.

These run ``python -m hasen.cli`` as a process, since the failures are in the real streams.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from cli_run import run

from hasen.core.cards import SUIT_SYMBOLS

HASEN = [sys.executable, "-m", "hasen.cli"]


def hasen(*argv: str, env: dict[str, str] | None = None, stdout=subprocess.PIPE) -> subprocess.CompletedProcess:
    return subprocess.run(
        [*HASEN, *argv],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
        env={**os.environ, **(env or {})},
    )


@pytest.mark.parametrize("argv", [("table", "--example", "--json"), ("bid", "--example"), ("--help",)])
def test_a_reader_that_leaves_early_gets_no_traceback(argv) -> None:
    """The reader is gone before the command starts (its end of the pipe closed before the
    spawn, so that however slow the machine, the first write fails)."""
    reader, writer = os.pipe()
    os.close(reader)
    try:
        done = subprocess.run([*HASEN, *argv], stdout=writer, stderr=subprocess.PIPE, timeout=120)
    finally:
        os.close(writer)
    assert (done.returncode, done.stderr) == (1, b"")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
@pytest.mark.parametrize("argv", [("table", "--example"), ("--help",), ("--version",), ("batch", "--help")])
def test_a_full_disk_is_one_line(argv) -> None:
    """--help and --version to a full disk exited 0, saying nothing."""
    with open("/dev/full", "w") as full:
        done = hasen(*argv, stdout=full)
    assert done.returncode == 1
    assert done.stderr == "hasen: cannot write standard output: No space left on device\n"


def test_a_terminal_without_suit_symbols_gets_letters() -> None:
    done = hasen("table", "--example", "--declarer", "N", env={"PYTHONIOENCODING": "cp1252"})
    assert done.returncode == 0, done.stderr
    assert not any(symbol in done.stdout for symbol in SUIT_SYMBOLS)
    assert "S A\n" in done.stdout and "C A Q J  JK\n" in done.stdout
    assert "best: clubs, discard KH, 6 tricks" in done.stdout


def test_a_huge_deck_size_is_refused_in_one_short_line(capsys) -> None:
    code, out, err = run(capsys, "table", "--example", "--deck", "1" * 5000)
    assert (code, out) == (2, "")
    assert err.startswith("hasen: deck: hasenpfeffer is played with 25 cards, not '1111") and len(err) < 200


def test_a_huge_unknown_argument_is_not_echoed_in_full(capsys) -> None:
    code, out, err = run(capsys, "table", "--example", "--" + "x" * 100_000)
    assert (code, out) == (2, "")
    assert err.startswith("hasen: table: unrecognized arguments: ")  # the command is named, as in its other errors
    assert "(100002 characters)" in err and len(err) < 300


@pytest.mark.parametrize("module", ["hasen", "hasen.cli"])
def test_python_dash_m_is_the_same_program(module: str, capsys) -> None:
    done = subprocess.run(
        [sys.executable, "-m", module, "table", "--example"], capture_output=True, text=True, timeout=120
    )
    status, out, err = run(capsys, "table", "--example")
    assert (done.returncode, done.stdout, done.stderr) == (status, out, err) == (0, out, "")


def cpu_seconds(pid: int) -> float:
    """The CPU time a process has used so far (user and system), from /proc."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


INTERRUPTED = [
    ("bid", "--seat", "S", "--hand", "AJT.A9..K", "--dealer", "W", "--layouts", "100000"),
    ("simulate", "--seat", "N", "--hand", "A.K..AQJ*", "--widow", "KS", "--dealer", "W", "--layouts", "100000"),
    (
        "review",
        "dealer: W; deal: N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS; auction: N 6, E pass, S pass, W pass; "
        "contract: N 6, trump C, discard KH; play: JC KC TC 9C | AS AD 9S QS | JK AH 9D JS",
        "--layouts",
        "20000",
    ),
]


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="reads a process's CPU time from /proc")
@pytest.mark.parametrize(
    ("argv", "stop"),
    [*((argv, "SIGINT") for argv in INTERRUPTED), (INTERRUPTED[0], "SIGTERM")],
    ids=[*(argv[0] for argv in INTERRUPTED), "SIGTERM"],
)
def test_ctrl_c_is_one_line_and_status_130(argv, stop: str) -> None:
    """Ctrl-C in a single-dummy command printed a KeyboardInterrupt traceback and ended by the
    signal. Sent as a terminal sends it, to the process group, once the work is under way;
    SIGTERM (timeout, a batch scheduler) stops it the same way (it ended it unsaid): one
    handler takes both signals for every command, so SIGTERM is sent to one of them."""
    import signal
    import time

    child = subprocess.Popen(
        [*HASEN, *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True
    )
    try:
        deadline = time.monotonic() + 60
        while child.poll() is None and cpu_seconds(child.pid) < 1.0 and time.monotonic() < deadline:
            time.sleep(0.05)  # past the imports: the layouts are being solved
        os.killpg(child.pid, getattr(signal, stop))
        out, err = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
    assert (child.returncode, err, out) == (130, f"hasen: {argv[0]}: interrupted\n", "")


def limited(bytes_allowed: int) -> None:  # in the child: a file size limit, as ``ulimit -f``
    import resource

    resource.setrlimit(resource.RLIMIT_FSIZE, (bytes_allowed, bytes_allowed))


LONG_OUTPUTS = [
    ("deal", "--random", "100", "--seed", "1"),
    ("schema", "review"),
    ("table", "--example", "--json"),
    (
        "review",
        "dealer: W; deal: N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS; auction: N 6, E pass, "
        "S pass, W pass; contract: N 6, trump C, discard KH; play: JC KC TC 9C",
        "--layouts",
        "4",
        "--json",
    ),
]


@pytest.mark.parametrize("unbuffered", ["", "1"], ids=["buffered", "unbuffered"])
@pytest.mark.parametrize("argv", LONG_OUTPUTS, ids=lambda a: a[0])
def test_output_cut_short_by_a_file_size_limit_is_one_line_and_not_0(tmp_path, argv, unbuffered: str) -> None:
    """Under ``ulimit -f`` a write is cut short: with PYTHONUNBUFFERED=1 that went unnoticed
    (exit 0, the file short); without it, the error came again at exit ("Exception
    ignored", exit 120). Either way: one line naming standard output, exit 1."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONUNBUFFERED"}
    if unbuffered:  # any value but the empty string turns it on
        env["PYTHONUNBUFFERED"] = unbuffered
    with open(tmp_path / "out", "wb") as out:
        done = subprocess.run(
            [*HASEN, *argv],
            stdout=out,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            env=env,
            preexec_fn=lambda: limited(200),
        )
    assert done.returncode == 1, done.stderr
    assert done.stderr == "hasen: cannot write standard output: File too large\n"


@pytest.mark.parametrize("what", ["session OUT", "batch --parquet"])
def test_a_file_cut_short_is_one_line_naming_it(tmp_path, what: str) -> None:
    """session's OUT on a full disk gave a traceback (the write was outside the error
    handling); --parquet said "No such file or directory" (cleaning up hid the error)."""
    pytest.importorskip("pyarrow")
    deal = "N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS"
    if what == "session OUT":
        source = tmp_path / "night.txt"
        source.write_text(
            f"dealer: W\ndeal: {deal}\nauction: N 6, E pass, S pass, W pass\n"
            "contract: N 6, trump C, discard KH\nplay: JC KC TC 9C\n"
        )
        target = tmp_path / "out.jsonl"
        argv, limit = ["session", str(source), str(target), "--layouts", "4"], 2000
    else:
        source = tmp_path / "deals.txt"
        source.write_text(deal + "\n")
        target = tmp_path / "out.parquet"
        argv, limit = ["batch", str(source), str(tmp_path / "out.jsonl"), "--parquet", str(target)], 3000
    done = subprocess.run(
        [*HASEN, *argv], capture_output=True, text=True, timeout=120, preexec_fn=lambda: limited(limit)
    )
    assert done.returncode == 1, done.stderr
    last = done.stderr.splitlines()[-1]  # batch says what it solved first
    assert last.startswith(f"hasen: {argv[0]}: cannot write {target}: ") and "File too large" in last
    assert "Traceback" not in done.stderr
