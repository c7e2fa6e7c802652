"""Every call of an auction judged in the fair review: each seat's call against every call open
to it, named as the player made it; a call with nothing else open is not judged, and a dealer
stuck with the last call is judged among the suits it may name, never against a pass it could
not make. The values are those of the actions of the bid advice (``value_options``) on the
call's own layouts; their figures have tests of their own (test_advice_at_the_table.py)."""

from __future__ import annotations

import pytest

import hasen

EUCHRE_DEAL = "N:A.K..AQJ .AQ.AT.K T9.T9.9. QJ.J.Q.9 KS"


@pytest.mark.compiled
def test_a_lone_call_is_named_as_made_and_judged_among_both_forms() -> None:
    record = (
        f"variant: euchre; dealer: N; deal: {EUCHRE_DEAL}; auction: E pass, S pass, W pass, N pass, "
        "E pass, S name H alone; contract: S, trump H, alone"
    )
    review = hasen.review_hand(record, layouts=30, seed=1)
    verdict = review.calls[-1]
    assert (str(verdict.seat), verdict.made.call) == ("S", "name H alone")
    calls = {o.call for o in verdict.options}
    assert {"name H", "name H alone", "pass"} <= calls
    assert verdict.best.expected == max(o.expected for o in verdict.options)
    text = str(review)
    assert "6. S name H alone:" in text


@pytest.mark.compiled
def test_a_pass_over_the_opponents_bid_is_judged() -> None:
    """``W pass, N pass, E 4, S 5, E pass``: E's pass over S's 5 is a call of its own."""
    record = (
        "dealer: S; deal: N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS; "
        "auction: W pass, N pass, E 4, S 5, E pass; contract: S 5, trump D, discard TC"
    )
    review = hasen.review_hand(record, layouts=30, seed=2)
    by_number = {v.number: v for v in review.calls}
    assert set(by_number) == {1, 2, 3, 4, 5}
    passing = by_number[5]
    assert (str(passing.seat), passing.made.call) == ("E", "pass")
    assert {"pass", "6"} == {o.call for o in passing.options}
    as_json = review.to_json()["calls"][4]
    assert as_json["call"] == "pass" and as_json["seat"] == "E" and "cost" in as_json


@pytest.mark.compiled
def test_a_stuck_dealer_is_judged_among_the_suits_it_may_name() -> None:
    def stuck_with(call: str) -> str:
        trump, alone = call.split()[1], call.endswith(" alone")
        return (
            f"variant: euchre; settings: all_pass=stick_the_dealer; dealer: N; deal: {EUCHRE_DEAL}; "
            f"auction: E pass, S pass, W pass, N pass, E pass, S pass, W pass, N {call}; "
            f"contract: N, trump {trump}{', alone' if alone else ''}"
        )

    review = hasen.review_hand(stuck_with("name C"), layouts=30, seed=3)
    stuck = review.calls[-1]
    assert str(stuck.seat) == "N" and "pass" not in {o.call for o in stuck.options}
    # named as the best of the suits it may name: no mistake, whatever it may lose
    review = hasen.review_hand(stuck_with(stuck.best.call), layouts=30, seed=3)
    stuck = review.calls[-1]
    assert stuck.cost == 0 and not stuck.mistake


def test_a_call_with_nothing_else_open_is_not_judged() -> None:
    """A turned Joker in Euchre: the dealer names trump, and that is a choice among suits; the
    Hasenpfeffer all-pass rule makes the Joker's holder declare, which is no call."""
    record = (
        "settings: all_pass=joker_bids_3; dealer: W; deal: N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS; "
        "auction: N pass, E pass, S pass, W pass; contract: N 3, trump C, discard KH"
    )
    review = hasen.review_hand(record, layouts=10, seed=1)
    assert [v.number for v in review.calls] == [1, 2, 3, 4]
    assert all(len(v.options) > 1 for v in review.calls)
