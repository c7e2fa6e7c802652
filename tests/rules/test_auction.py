"""The auction's rules (hasen.rules.auction), the one place a record's auction is checked and
the par is searched: whose call it is, what may be called, how it ends."""

from __future__ import annotations

from hasen.core.deal import Deal
from hasen.core.settings import Settings
from hasen.rules.auction import BID, NAME, ORDER_UP, PASS, auction_for
from hasen.rules.scoring import Bid

N, E, S, W = range(4)
HASEN = Deal("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", dealer="W")
EUCHRE = Deal("N:A.K..AQJ .AQ.AT.K T9.T9.9. QJ.J.Q.9 KS", variant="euchre")  # N deals, upcard KS


def words(rules, state) -> list[str]:
    return [call.words(rules.settings) for call in rules.calls(state)]


def play(rules, *calls: str):
    """The state after the calls, each checked legal first."""
    state = rules.start()
    for text in calls:
        seat = rules.to_call(state)
        call = rules.parse_call(text)
        assert rules.refusal(state, seat, call) is None, text
        state = rules.after(state, call)
    return state


def test_hasenpfeffer_bidding_goes_round_the_seats_still_in() -> None:
    rules = auction_for(HASEN)
    start = rules.start()
    assert rules.to_call(start) == N and words(rules, start) == ["pass", "1", "2", "3", "4", "5", "6"]
    state = play(rules, "4", "pass", "5")
    assert rules.to_call(state) == W and words(rules, state) == ["pass", "6"]
    state = play(rules, "4", "pass", "5", "pass")
    assert rules.to_call(state) == N  # E and W are out
    end = play(rules, "4", "pass", "5", "pass", "pass").end
    assert (end.declarer, end.bid) == (S, Bid(5))
    assert rules.refusal(play(rules, "4"), E, rules.parse_call("4")) == "a bid must be higher than N's 4"
    assert rules.refusal(play(rules, "4"), S, rules.parse_call("pass")) == "out of turn: it is E's call"


def test_hasenpfeffer_pepper_ladder_and_all_pass() -> None:
    rules = auction_for(HASEN, Settings(bidding="pepper"))
    assert words(rules, play(rules, "little pepper")) == ["pass", "big pepper"]
    assert play(rules, "pass", "pass", "pass", "pass").end.redeal
    forced = auction_for(HASEN, Settings(all_pass="joker_bids_3"))
    end = play(forced, "pass", "pass", "pass", "pass").end
    assert (end.declarer, end.bid, end.forced) == (N, Bid(3), True)  # N holds the Joker


def test_euchre_rounds_and_the_stuck_dealer() -> None:
    rules = auction_for(EUCHRE)
    start = rules.start()
    assert rules.to_call(start) == E
    assert words(rules, start) == ["pass", "order up", "order up alone"]
    second = play(rules, "pass", "pass", "pass", "pass")
    assert second.round == 2 and rules.to_call(second) == E
    assert words(rules, second) == ["pass"] + [f"name {s}{a}" for s in "HDC" for a in ("", " alone")]
    assert play(rules, *["pass"] * 8).end.redeal
    stuck = auction_for(EUCHRE, Settings(all_pass="stick_the_dealer"))
    dealer_last = play(stuck, *["pass"] * 7)
    assert stuck.to_call(dealer_last) == N and "pass" not in words(stuck, dealer_last)
    end = play(rules, "pass", "order up alone").end
    assert (end.declarer, end.trump, end.alone) == (S, 0, True)
    assert {c.kind for c in rules.calls(start)} == {PASS, ORDER_UP} and BID not in {c.kind for c in rules.calls(second)}


def test_two_handed_euchre_has_no_alone_and_a_joker_upcard_is_named_at_once() -> None:
    two = auction_for(Deal("N:..KQT9.9 T9.AKQ.. AS", variant="euchre2"))
    assert words(two, two.start()) == ["pass", "order up"] and two.to_call(two.start()) == S
    joker = Deal("N:A.K..AQJ .AQ.AT.K T9.T9.9. QJ.J.Q.9 JK", variant="euchre", deck=25)
    rules = auction_for(joker)
    start = rules.start()
    assert rules.to_call(start) == N and len(rules.calls(start)) == 8
    assert {c.kind for c in rules.calls(start)} == {NAME}
    redeal = auction_for(joker, Settings(joker_upcard="redeal"))
    assert redeal.start().end.redeal and redeal.to_call(redeal.start()) is None


def test_a_joker_standing_for_a_suit_is_ordered_up_as_that_suit() -> None:
    """joker_upcard: hearts (docs/rules.md): the turned Joker's rounds go as a heart's would:
    ordering it up makes hearts (the dealer N takes the Joker), and the second round names
    any suit but hearts."""
    joker = Deal("N:A.K..AQJ .AQ.AT.K T9.T9.9. QJ.J.Q.9 JK", variant="euchre", deck=25)
    rules = auction_for(joker, Settings(joker_upcard="hearts"))
    start = rules.start()
    assert rules.to_call(start) == E and words(rules, start) == ["pass", "order up", "order up alone"]
    ordered = play(rules, "pass", "order up")
    assert ordered.end.declarer == S and ordered.end.trump == 1
    second = play(rules, "pass", "pass", "pass", "pass")
    assert words(rules, second) == ["pass", *(f"name {s}{alone}" for s in "SDC" for alone in ("", " alone"))]
    refused = rules.refusal(second, E, rules.parse_call("name H"))
    assert refused == "hearts went down with the upcard JK: name S, D or C"
    spades = auction_for(joker, Settings(joker_upcard="spades"))
    assert play(spades, "order up").end.trump == 0
