"""``hasen solve`` and the argument checks of ``hasen serve``, through ``main([...])``."""

from __future__ import annotations

import json

import pytest
from cli_run import run
from examples import HASENPFEFFER_DEAL, HASENPFEFFER_DEALER, Example

from hasen.analysis.position import analyze_position, position
from hasen.notation.inputs import make_contract

CONTRACT = ["--dealer", HASENPFEFFER_DEALER, "--declarer", "N", "--trump", "C", "--discard", "KH"]


def test_json_is_the_library_answer(capsys: pytest.CaptureFixture, hasenpfeffer: Example) -> None:
    status, out, err = run(capsys, "solve", hasenpfeffer.deal, *CONTRACT, "--played", "JC KC TC 9C | AS", "--json")
    assert (status, err) == (0, "")
    state = position(hasenpfeffer.deal, make_contract("N", "C", "KH"), "JC KC TC 9C | AS", dealer="W")
    assert json.loads(out) == analyze_position(state).to_json()


def test_human_output(capsys: pytest.CaptureFixture, hasenpfeffer: Example) -> None:
    status, out, _ = run(capsys, "solve", hasenpfeffer.deal, *CONTRACT)
    assert status == 0
    assert "N declares clubs, discard KH; W deals" in out
    assert "played: (nothing)" in out
    assert "trick 1, N led; N to move" in out
    assert "N-S: 0 taken + 6 with best play = 6" in out
    # best cards first, each run on one line with its total and cost
    lines = out.splitlines()
    header = next(i for i, line in enumerate(lines) if line.split() == ["card", "total", "cost"])
    rows = lines[header + 1 : header + 5]
    assert rows[0].split() == ["JK", "JC", "6", "0", "best"]
    assert sorted(r.split()[0] for r in rows) == ["AC", "AS", "JK", "QC"]
    assert out.rstrip().splitlines()[-1].startswith("best line: ")


def test_lone_hand(capsys: pytest.CaptureFixture, hasenpfeffer: Example) -> None:
    status, out, _ = run(capsys, "solve", hasenpfeffer.deal, *CONTRACT, "--alone", "--json")
    answer = json.loads(out)
    assert status == 0 and answer["alone"] is True and answer["to_move"] == "E"
    assert len(answer["best_line"].split("|")) == 6
    assert all(len(t.split()) == 3 for t in answer["best_line"].split("|"))


def test_finished_hand(capsys: pytest.CaptureFixture, hasenpfeffer: Example) -> None:
    line = "JC KC TC 9C | AS AD 9S QS | JK AH 9D JS | AC KD 9H JD | KS QH TS JH | QC TD TH QD"
    status, out, _ = run(capsys, "solve", hasenpfeffer.deal, *CONTRACT, "--played", line)
    assert status == 0
    assert out.rstrip().endswith("the hand is over: N-S took 6 tricks")


@pytest.mark.parametrize(
    "args, message",
    [
        (
            ["solve", HASENPFEFFER_DEAL, "--trump", "C", "--discard", "KH"],
            "solve: the following arguments are required: --declarer",
        ),
        (["solve", HASENPFEFFER_DEAL, *CONTRACT[:-1], "AH"], "discard: AH is neither in N's hand nor the widow"),
        (["solve", HASENPFEFFER_DEAL, *CONTRACT, "--played", "JC QC"], "play: trick 1, E does not hold QC"),
        (["solve", "N:A.K..AQJ*", *CONTRACT], "deal: hasenpfeffer expects 4 or 5 fields"),
        (
            ["solve", HASENPFEFFER_DEAL, "--declarer", "N", "--trump", "X", "--discard", "KH"],
            "trump: not a trump suit: 'X'",
        ),
        (["serve", "--port", "70000"], "serve: argument --port: not a port: '70000'"),
        (["serve", "--port", "-1"], "serve: argument --port: not a port: '-1'"),
        (["serve", "--threads", "0"], "serve: argument --threads: expected a whole number from 1 to 256, not '0'"),
        (["serve", "--threads", "two"], "serve: argument --threads: expected a whole number from 1 to 256"),
        (
            ["serve", "--time-limit", "0"],
            "serve: argument --time-limit: expected a number of seconds above 0 and at most 3600, not '0'",
        ),
        (["serve", "--time-limit", "inf"], "serve: argument --time-limit: expected a number of seconds above 0"),
        (
            ["serve", "--cache-size", "-5"],
            "serve: argument --cache-size: expected a whole number from 0 to 100000, not '-5'",
        ),
        (["serve", "--cache-size", "lots"], "serve: argument --cache-size: expected a whole number from 0 to 100000"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture, args: list[str], message: str) -> None:
    status, out, err = run(capsys, *args)
    assert (status, out) == (2, "")
    assert err.startswith("hasen: ") and message in err
    assert err.count("\n") == 1


def test_solve_and_review_take_the_example_as_table_does(capsys) -> None:
    contract = ("--declarer", "N", "--trump", "C", "--discard", "KH")
    for command, record in (("solve", "--played"), ("review", "--played"), ("review", "--play")):
        with_example = run(capsys, command, "--example", *contract, record, "JC KC")
        spelled_out = run(
            capsys, command, HASENPFEFFER_DEAL, "--dealer", HASENPFEFFER_DEALER, *contract, "--played", "JC KC"
        )
        assert with_example == spelled_out and with_example[0] == 0, with_example
    code, _, err = run(capsys, "solve", "--example", HASENPFEFFER_DEAL, *contract)
    assert (code, err) == (2, "hasen: solve: give a DEAL or --example, not both\n")
    code, _, err = run(capsys, "review", *contract, "--played", "JC")
    assert (code, err) == (2, "hasen: review: a DEAL is required (or --example for the built-in one)\n")
