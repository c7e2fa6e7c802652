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
    return subprocess.run([*HASEN, *argv], stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=120,
                          env={**os.environ, **(env or {})})


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
    """Issue 15, item 9: --help and --version to a full disk exited 0, saying nothing."""
    with open("/dev/full", "w") as full:
        done = hasen(*argv, stdout=full)
    assert done.returncode == 1
    assert done.stderr == "hasen: cannot write the output: No space left on device\n"


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
    assert "unrecognized arguments" in err and "(100002 characters)" in err and len(err) < 300


@pytest.mark.parametrize("module", ["hasen", "hasen.cli"])
def test_python_dash_m_is_the_same_program(module: str, capsys) -> None:
    done = subprocess.run([sys.executable, "-m", module, "table", "--example"], capture_output=True, text=True,
                          timeout=120)
    status, out, err = run(capsys, "table", "--example")
    assert (done.returncode, done.stdout, done.stderr) == (status, out, err) == (0, out, "")
