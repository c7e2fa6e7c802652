"""The every-card analysis of one position (hasen.analysis.position), checked against the oracle."""

from __future__ import annotations

import pytest
from dealgen import played_ending
from examples import HASENPFEFFER_LINE, Example
from oracle import oracle_value

import hasen.analysis.position
from hasen.analysis.position import (
    analyze_position,
    equivalent_runs,
    format_record,
    position,
)
from hasen.core.cards import JOKER, card_name, cards_of, parse_card
from hasen.core.deal import Deal
from hasen.core.errors import IllegalPlayError, NotationError
from hasen.core.seats import SEATS, side_of
from hasen.core.version import __version__
from hasen.notation.inputs import make_contract
from hasen.play.state import PlayState, replay

# N holds AS QS 9S AH QH after discarding KH; E holds KS and TS
RUNS_DEAL = "N:AQ9.AKQ.. KT.T9..AK J..AKQJT. ..9.QJT9* JH"


def names(cards) -> list[str]:
    return [card_name(c) for c in cards]


def oracle_total(state: PlayState) -> int:
    """The declaring side's total for the hand, by the plain minimax of tests/oracle.py."""
    c = state.contract
    rest = oracle_value(state.hands, state.seats, state.leader, c.trump, c.declarer % 2, state.trick)
    return state.declarer_taken() + rest


def check_against_oracle(state: PlayState) -> None:
    result = analyze_position(state)
    assert result.taken == state.declarer_taken()
    assert result.total == oracle_total(state)
    played = [c for run in (r.cards for r in result.choices) for c in run]
    assert sorted(played) == sorted(cards_of(state.legal())), "every legal card appears in exactly one run"
    declaring = side_of(state.to_move) == side_of(state.contract.declarer)
    for choice in result.choices:
        for card in choice.cards:  # every card of a run, not just the one the analysis played
            after = state.copy()
            after.play(card)
            assert oracle_total(after) == choice.total, f"{card_name(card)} in {state.deal!r}"
        expected_cost = result.total - choice.total if declaring else choice.total - result.total
        assert choice.cost == expected_cost >= 0
    assert min(c.cost for c in result.choices) == 0
    check_best_line(state, result.best_line, result.total)


def check_best_line(state: PlayState, line: list[int], total: int) -> None:
    """The line finishes the hand, is legal, and every step keeps the total (by the oracle)."""
    state = state.copy()
    for card in line:
        state.play(card)
        assert oracle_total(state) == total
    assert state.finished and state.declarer_taken() == total


@pytest.mark.parametrize("seed", range(60))
def test_random_endings_match_the_oracle(seed: int) -> None:
    # random deals and contracts played at random down to their last 1-4 tricks
    check_against_oracle(played_ending(seed).state)


def test_example_opening_lead(hasenpfeffer: Example) -> None:
    result = analyze_position(position(hasenpfeffer.deal, make_contract("N", "C", "KH"), dealer="W"))
    assert (result.to_move, result.taken, result.remaining, result.total) == (0, 0, 6, 6)
    by_cards = {tuple(names(c.cards)): (c.total, c.cost) for c in result.choices}
    assert by_cards[("JK", "JC")] == (6, 0)
    assert set(by_cards) == {("AS", "KS"), ("AC",), ("QC",), ("JK", "JC")}
    check_best_line(result.state, result.best_line, 6)


def test_example_mid_trick_with_checked_separators(hasenpfeffer: Example) -> None:
    state = position(hasenpfeffer.deal, make_contract("N", "C", "KH"), "JC KC TC 9C | AS AD", dealer="W")
    result = analyze_position(state)
    assert SEATS[result.to_move] == "S"
    assert (result.taken, result.total) == (1, oracle_total(state))
    out = result.to_json()
    assert out["played"] == "JC KC TC 9C | AS AD"
    assert (out["tricks_played"], out["leader"], out["trick"]) == (1, "N", ["AS", "AD"])
    # the line first completes the current trick (two cards), then whole tricks of four
    groups = out["best_line"].split(" | ")
    assert [len(g.split()) for g in groups] == [2, 4, 4, 4, 4]


def test_the_documented_line_keeps_six_tricks(hasenpfeffer: Example) -> None:
    state = position(hasenpfeffer.deal, make_contract("N", "C", "KH"), dealer="W")
    groups = [[parse_card(t) for t in g.split()] for g in HASENPFEFFER_LINE.split("|")]
    check_best_line(state, [c for g in groups for c in g], 6)


def test_finished_hand(hasenpfeffer: Example) -> None:
    state = position(hasenpfeffer.deal, make_contract("N", "C", "KH"), HASENPFEFFER_LINE, dealer="W")
    out = analyze_position(state).to_json()
    assert out["to_move"] is None and out["leader"] is None
    assert (out["taken"], out["remaining"], out["total"]) == (6, 0, 6)
    assert out["choices"] == [] and out["best_line"] == ""
    assert out["played"] == HASENPFEFFER_LINE


def test_to_json_is_canonical(hasenpfeffer: Example) -> None:
    state = position(hasenpfeffer.deal.lower(), make_contract("n", "c", "kh", alone=True), "ad", dealer="w")
    out = analyze_position(state).to_json()
    assert out["deal"] == "W:QJ.J.QJ.9 A.K..AQJ* .AQ.AKT.K T9.T9.9.T KS"
    assert (out["dealer"], out["declarer"], out["trump"], out["discard"], out["alone"]) == ("W", "N", "C", "KH", True)
    # E leads against the lone N; S sits out, so W plays next
    assert (out["played"], out["leader"], out["to_move"]) == ("AD", "E", "W")
    assert out["version"] == __version__


def test_lone_hand_skips_the_partner(hasenpfeffer: Example) -> None:
    state = position(hasenpfeffer.deal, make_contract("N", "C", "KH", alone=True), dealer="W")
    result = analyze_position(state)
    assert SEATS[result.to_move] == "E"  # left of the lone declarer leads
    assert result.total == oracle_total(state)
    assert len(result.best_line) == 18
    check_best_line(state, result.best_line, result.total)


def test_runs_join_across_cards_gone_in_earlier_tricks() -> None:
    contract = make_contract("N", "C", "KH")
    trick_two = position(RUNS_DEAL, contract, "KS AD 9D 9S | TS KD QC", dealer="N")
    assert [names(r) for r in equivalent_runs(trick_two)] == [["AS", "QS"]]


def test_runs_split_by_a_card_in_the_current_trick() -> None:
    contract = make_contract("N", "C", "KH")
    trick_one = position(RUNS_DEAL, contract, "KS AD 9D", dealer="N")
    assert [names(r) for r in equivalent_runs(trick_one)] == [["AS"], ["QS"], ["9S"]]


def test_runs_split_by_the_discard() -> None:
    # KH went face down: only the declarer knows it, so AH and QH stay apart
    state = position(RUNS_DEAL, make_contract("N", "C", "KH"), dealer="W")
    assert [names(r) for r in equivalent_runs(state)] == [["AS"], ["QS"], ["9S"], ["AH"], ["QH", "JH"]]


def test_trump_runs_include_the_bowers_and_joker(hasenpfeffer: Example) -> None:
    state = position(hasenpfeffer.deal, make_contract("N", "C", "KH"), "JC KC TC 9C", dealer="W")
    assert [names(r) for r in equivalent_runs(state)] == [["AS", "KS"], ["AC", "QC"], ["JK"]]


def test_each_run_is_solved_once(monkeypatch: pytest.MonkeyPatch, hasenpfeffer: Example) -> None:
    state = position(hasenpfeffer.deal, make_contract("N", "C", "KH"), dealer="W")
    tried = []
    real = hasen.analysis.position.total_after

    def spy(at, card, searcher):
        if at is state:
            tried.append(card)
        return real(at, card, searcher)

    monkeypatch.setattr(hasen.analysis.position, "total_after", spy)
    result = analyze_position(state)
    assert tried == [c.cards[0] for c in result.choices] == [r[0] for r in equivalent_runs(state)]


def test_checkpoint_can_stop_the_analysis(hasenpfeffer: Example) -> None:
    class Stop(Exception):
        pass

    calls = []

    def checkpoint() -> None:
        calls.append(1)
        if len(calls) == 3:
            raise Stop

    state = position(hasenpfeffer.deal, make_contract("N", "C", "KH"), dealer="W")
    with pytest.raises(Stop):
        analyze_position(state, checkpoint=checkpoint)
    assert len(calls) == 3


@pytest.mark.parametrize(
    "played, message",
    [
        ("JC KC TC QD", "trick 1, W must follow"),
        ("JC KC | TC 9C", "does not end a trick"),
        ("JC KC TC 9C KH", "N does not hold KH"),
        ("JC QQ", "not a card"),
        (HASENPFEFFER_LINE + " AS", "after the last trick"),
        # a '|' stands between two tricks: one with no cards on a side is not silently dropped
        ("|", "'|' at the start"),
        ("| JC KC TC 9C", "'|' at the start"),
        ("JC KC TC 9C || AS", "no cards between two '|'"),
        ("JC KC TC 9C | | AS", "no cards between two '|'"),
        ("JC KC TC 9C |", "'|' at the end"),
    ],
)
def test_bad_play_records(played: str, message: str, hasenpfeffer: Example) -> None:
    with pytest.raises((IllegalPlayError, NotationError), match=message):
        position(hasenpfeffer.deal, make_contract("N", "C", "KH"), played, dealer="W")


@pytest.mark.parametrize(
    "args, message",
    [
        (("X", "C", "KH"), "declarer: not a seat"),
        (("N", "Z", "KH"), "trump: not a trump suit"),
        (("N", "C", "KX"), "discard: not a card"),
        (("N", "C", 5), "discard: not a card"),
        (("N", "C", "KH", "yes"), "alone: expected true or false"),
    ],
)
def test_bad_contracts(args: tuple, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        make_contract(*args)


def test_discard_must_be_held(hasenpfeffer: Example) -> None:
    with pytest.raises(IllegalPlayError, match="discard: AH is neither in N's hand"):
        position(hasenpfeffer.deal, make_contract("N", "C", "AH"), dealer="W")


def test_format_record_skips_empty_groups() -> None:
    assert format_record([[parse_card("AS"), JOKER], [], [parse_card("9C")]]) == "AS JK | 9C"


def test_replay_and_position_agree(hasenpfeffer: Example) -> None:
    contract = make_contract("N", "C", "KH")
    a = position(hasenpfeffer.deal, contract, "JC KC TC 9C | AS", dealer="W")
    b = replay(PlayState(Deal(hasenpfeffer.deal, "W"), contract), "JC KC TC 9C AS")
    assert (a.hands, a.trick, a.leader, a.taken) == (b.hands, b.trick, b.leader, b.taken)
