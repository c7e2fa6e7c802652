"""Conventions every command keeps: ``-`` reads a DEAL from standard input, and with
``--json`` an error is JSON on standard output (the same message the text gives)."""

from __future__ import annotations

import io
import json
import sys

import pytest
from cli_run import run
from examples import HASENPFEFFER_DEAL, HASENPFEFFER_DEALER

from hasen.core.version import __version__

CONTRACT = ["--declarer", "N", "--trump", "C", "--discard", "KH"]
ONE_DEAL = {
    "table": [],
    "bid": [],
    "solve": CONTRACT,
    "review": [*CONTRACT, "--played", "JC KC"],
    "simulate": ["--seat", "N", "--layouts", "4"],
    "lead": ["--seat", "N", "--declarer", "E", "--trump", "D", "--layouts", "4"],
}


def given(monkeypatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))


@pytest.mark.parametrize("command", sorted(ONE_DEAL))
def test_a_deal_from_standard_input_is_the_deal_given(capsys, monkeypatch, command: str) -> None:
    options = [*ONE_DEAL[command], "--dealer", HASENPFEFFER_DEALER, "--json"]
    code, direct, err = run(capsys, command, HASENPFEFFER_DEAL, *options)
    assert code == 0, err
    given(monkeypatch, f"\n{HASENPFEFFER_DEAL}\n\n")
    assert run(capsys, command, "-", *options) == (0, direct, "")


@pytest.mark.parametrize("text, what", [("", "nothing"), (f"{HASENPFEFFER_DEAL}\n{HASENPFEFFER_DEAL}\n", "2 lines")])
def test_standard_input_must_hold_one_deal(capsys, monkeypatch, text: str, what: str) -> None:
    given(monkeypatch, text)
    assert run(capsys, "table", "-") == (
        2,
        "",
        f"hasen: table: standard input holds {what}; give one deal there (hasen batch takes many)\n",
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["table", "N:A"],
        ["solve", HASENPFEFFER_DEAL, "--declarer", "X", "--trump", "C"],
        ["bid", "--example", "--seat", "N", "--layouts", "0"],
        ["odds", "11-3"],
        ["table", "--example", "--nonsense"],
    ],
)
def test_with_json_an_error_is_json(capsys, argv: list[str]) -> None:
    code, text_out, text_err = run(capsys, *argv)
    assert code == 2 and text_out == "" and text_err.startswith("hasen: ")
    code, out, err = run(capsys, *argv, "--json")
    assert (code, err) == (2, "")
    assert json.loads(out) == {"error": text_err.strip().removeprefix("hasen: "), "version": __version__}


def test_main_runs_from_another_thread_and_leaves_the_interrupt_handler_alone(capsys) -> None:
    """Only the main thread may set a signal handler: main() called from another thread (a
    program's worker) runs without one, and in the main thread it puts the old one back."""
    import signal
    import threading

    from hasen.cli.main import main

    before = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    status: list[int] = []
    worker = threading.Thread(target=lambda: status.append(main(["table", "--example", "--declarer", "N"])))
    worker.start()
    worker.join()
    assert status == [0] and "N" in capsys.readouterr().out
    assert main(["table", "--example", "--declarer", "N"]) == 0
    assert (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)) == before
