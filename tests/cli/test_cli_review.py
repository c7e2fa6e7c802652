"""``hasen review`` through ``main([...])``."""

from __future__ import annotations

import json

import pytest
from cli_run import run
from examples import HASENPFEFFER_DEAL, HASENPFEFFER_DEALER, Example

from hasen.analysis.review import review_play
from hasen.games import GAMES
from hasen.notation.inputs import make_contract

HASENPFEFFER_GAME = GAMES["hasenpfeffer"]

CONTRACT = ["--dealer", HASENPFEFFER_DEALER, "--declarer", "N", "--trump", "C", "--discard", "KH"]
# the best line of the core issue, except that N leads AS first (it costs N-S a trick) and
# E discards AD on it instead of ruffing with KC (it gives the trick back)
PLAY = "AS AD 9S QS | JC KC TC 9C | JK AH 9D JS | AC KD 9H JD | KS QH TS JH | QC TD TH QD"


def test_json_is_the_library_answer(capsys: pytest.CaptureFixture, hasenpfeffer: Example) -> None:
    status, out, err = run(capsys, "review", hasenpfeffer.deal, *CONTRACT, "--play", PLAY, "--json")
    assert (status, err) == (0, "")
    expected = review_play(
        hasenpfeffer.deal, make_contract("N", "C", "KH"), PLAY, HASENPFEFFER_GAME, dealer=hasenpfeffer.dealer
    )
    assert json.loads(out) == expected.to_json()
    assert "\n" not in out.rstrip("\n")  # one line, for machines


def test_human_output_marks_the_costly_cards(capsys: pytest.CaptureFixture, hasenpfeffer: Example) -> None:
    status, out, err = run(capsys, "review", hasenpfeffer.deal, *CONTRACT, "--play", PLAY)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert "N declares clubs, discard KH; W deals, N leads" in lines
    assert "contract: clubs, discard KH: 6 tricks double-dummy, the best choice" in lines
    header = lines.index(next(line for line in lines if line.startswith("trick  lead")))
    assert header and lines[header].split() == ["trick", "lead", "cards", "won", "by", "N-S"]
    tricks = [line.split() for line in lines[header + 1 : header + 7]]
    assert tricks[0] == ["1", "N", "AS*", "AD*", "9S", "QS", "N", "6"]
    assert tricks[1] == ["2", "N", "JC", "KC", "TC", "9C", "N", "6"]
    assert all("*" not in "".join(t) for t in tricks[1:])
    assert "  trick 1, N AS: N-S 6 -> 5 (1 trick given away); best: JK JC" in lines
    assert "  trick 1, E AD: N-S 5 -> 6 (1 trick given away); best: KC" in lines
    players = lines.index("player  cards  costly  tricks lost")
    assert [line.split() for line in lines[players + 1 : players + 5]] == [
        ["N", "6", "1", "1"],
        ["E", "6", "1", "1"],
        ["S", "6", "0", "0"],
        ["W", "6", "0", "0"],
    ]
    assert lines[-1] == "N-S took 6 tricks; the contract was worth 6, the best contract 6"


def test_a_worse_contract_and_a_partial_hand(capsys: pytest.CaptureFixture, hasenpfeffer: Example) -> None:
    contract = ["--dealer", "W", "--declarer", "N", "--trump", "H", "--discard", "AS"]
    status, out, _ = run(capsys, "review", hasenpfeffer.deal, *contract, "--play", "KH AH")
    assert status == 0
    lines = out.splitlines()
    # the core issue's table: hearts with AS discarded makes 4, clubs with KH 6
    assert (
        "contract: hearts, discard AS: 4 tricks double-dummy; best: clubs, discard KH, 6 tricks "
        "(2 tricks given away)" in lines
    )
    row = next(line for line in lines if line.startswith("1 "))
    number, leader, first, second, winner = row.split()[:5]
    assert (number, leader, first.rstrip("*"), second.rstrip("*")) == ("1", "N", "KH", "AH")
    assert winner == "-"  # nobody has won the trick yet
    assert lines[-1].startswith("after 2 cards: N-S have 0 tricks and take ")
    assert lines[-1].endswith("; S to move")


def test_nothing_played(capsys: pytest.CaptureFixture, hasenpfeffer: Example) -> None:
    status, out, _ = run(capsys, "review", hasenpfeffer.deal, *CONTRACT, "--play", "", "--alone")
    assert status == 0
    assert "N declares clubs alone, discard KH; W deals, E leads" in out
    assert "no cards played" in out


@pytest.mark.parametrize(
    "args, message",
    [
        (["review", HASENPFEFFER_DEAL, *CONTRACT], "review: a deal needs --played (or give a hand record instead)"),
        (
            ["review", HASENPFEFFER_DEAL, "--trump", "C", "--discard", "KH", "--play", ""],
            "review: a deal needs --declarer (or give a hand record instead)",
        ),
        (["review", HASENPFEFFER_DEAL, *CONTRACT, "--play", "JC KC TC QD"], "play: trick 1, W must follow C (led JC)"),
        (["review", HASENPFEFFER_DEAL, *CONTRACT, "--play", "JC QC"], "play: trick 1, E does not hold QC"),
        (
            ["review", HASENPFEFFER_DEAL, *CONTRACT, "--play", "JC KC | TC 9C"],
            "play: '|' after KC does not end a trick",
        ),
        (["review", HASENPFEFFER_DEAL, *CONTRACT, "--play", PLAY + " AS"], "play: AS after the last trick"),
        (["review", HASENPFEFFER_DEAL, *CONTRACT, "--play", "JC 1C"], "play: group 1: not a card: '1C'"),
        (["review", HASENPFEFFER_DEAL, *CONTRACT[:-1], "AH", "--play", ""], "discard: AH is neither in N's hand"),
        (["review", "N:A.K..AQJ*", *CONTRACT, "--play", ""], "deal: hasenpfeffer expects 4 or 5 fields"),
        (["review", HASENPFEFFER_DEAL, *CONTRACT[2:], "--dealer", "X", "--play", ""], "dealer: not a seat"),
        (
            ["review", HASENPFEFFER_DEAL, *CONTRACT, "--played", "JC", "--play", "KC"],
            "--played 'JC' and --play 'KC' both given: give one",
        ),
        (  # one value in two cases is one value: the second is taken, nothing is refused
            ["review", HASENPFEFFER_DEAL, *CONTRACT[:2], "--declarer", "n", "--declarer", "N", "--trump", "C"],
            "a deal needs --played",
        ),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture, args: list[str], message: str) -> None:
    status, out, err = run(capsys, *args)
    assert (status, out) == (2, "")
    assert err.startswith("hasen: ") and message in err
    assert err.count("\n") == 1
