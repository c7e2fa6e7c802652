"""Bid advice and par, worked by hand.

The auction tests give the auction fixed trick counts per declarer (a stand-in for the
double-dummy results), so that the par can be reasoned out in a few lines; the end-to-end
tests use deals whose tricks are clear from the cards.
"""

from __future__ import annotations

import pytest

from hasen.analysis.bidding import analyze_bidding
from hasen.analysis.outcomes import Result
from hasen.core.deal import Deal
from hasen.core.settings import Settings
from hasen.core.variants import variant_for
from hasen.games import game_of
from hasen.games.euchre.family import euchre_par
from hasen.games.hasenpfeffer.family import hasenpfeffer_par

N, E, S, W = range(4)
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)


class FixedOutcomes:
    """The declaring side's tricks, given per (seat, alone) or per (seat, alone, trump);
    anything not given takes no trick."""

    def __init__(self, deal: Deal, tricks: dict[tuple, int], settings: Settings = Settings()) -> None:
        self.deal, self.tricks, self.settings = deal, tricks, settings

    def by_trump(self, seat: int, alone: bool) -> dict[int, Result]:
        return {
            t: Result(seat, alone, t, None, None, self.tricks.get((seat, alone, t), self.tricks.get((seat, alone), 0)))
            for t in range(4)
        }

    def best(self, seat: int, alone: bool) -> Result:
        return max(self.by_trump(seat, alone).values(), key=lambda r: r.tricks)


def calls(auction) -> list[str]:
    return [f"{'NESW'[c.seat]} {c.call}" for c in auction.calls]


def contract(auction) -> tuple:
    p = auction.played
    return None if p is None else ("NESW"[p.result.declarer], p.bid, p.result.alone, p.result.tricks, p.score)


# --- Hasenpfeffer ---------------------------------------------------------------------------


def test_nobody_makes_anything_is_a_redeal(hasenpfeffer):
    deal = Deal(hasenpfeffer.deal, dealer="W")
    auction = hasenpfeffer_par(FixedOutcomes(deal, {}))
    assert calls(auction) == ["N pass", "E pass", "S pass", "W pass"] and auction.played is None


def test_all_pass_the_joker_holder_bids_three(hasenpfeffer):
    """Nobody takes a trick. If all pass, the Joker's holder N must bid 3 and fails: -3 for
    N-S. S saves a point by bidding 1 (failing costs 1); a bid by E-W would only cost them,
    and N, first to speak, may as well pass: S will bid."""
    deal = Deal(hasenpfeffer.deal, dealer="W")
    auction = hasenpfeffer_par(FixedOutcomes(deal, {}, Settings(all_pass="joker_bids_3")))
    assert calls(auction) == ["N pass", "E pass", "S 1", "W pass"]
    assert contract(auction) == ("S", "1", False, 0, (-1, 0))


def test_sacrifices_push_the_declarer_up(hasenpfeffer):
    """N makes 5 with the partner, 3 alone (6 points alone up to a bid of 3, else 5); E-W
    make nothing. W deals. Each failed E-W bid costs them its size, which is worth paying
    while it is less than what N would score: N 1, E and S pass (E-W need only one
    bidder), W 2 (costs 2 < 6), N 3 (alone: 6), W 4 (4 < 6), N 5 (with the partner: 5),
    and W passes (6 > 5). N-S score 5."""
    deal = Deal(hasenpfeffer.deal, dealer="W")
    auction = hasenpfeffer_par(FixedOutcomes(deal, {(N, False): 5, (N, True): 3}))
    assert calls(auction) == ["N 1", "E pass", "S pass", "W 2", "N 3", "W 4", "N 5", "W pass"]
    assert contract(auction) == ("N", "5", False, 5, (5, 0))


def test_sacrifice_at_six(hasenpfeffer):
    """N deals; N makes six alone (+12). E speaks first, W third; each makes 2 with the
    partner. If W lets N play, N-S score 12; bidding 6 at once (N cannot bid higher) and
    failing costs E-W only 6. A lower bid would let N bid 6 over it. E need not: W will.
    S, who makes nothing, cannot stop it either (a failed 6 costs N-S 6)."""
    deal = Deal(hasenpfeffer.deal, dealer="N")
    tricks = {(N, False): 6, (N, True): 6, (E, False): 2, (W, False): 2}
    auction = hasenpfeffer_par(FixedOutcomes(deal, tricks))
    assert calls(auction) == ["E pass", "S pass", "W 6", "N pass"]
    assert contract(auction) == ("W", "6", False, 2, (-6, 0))
    assert auction.value(deal.variant, N) == 6  # N-S's net


def test_sacrifice_when_defenders_score(hasenpfeffer):
    """As above with the defenders scoring their tricks: W's failed 6 gives E-W -6 and N-S
    the 4 tricks they took, 10 in all; still less than N's 12 alone."""
    deal = Deal(hasenpfeffer.deal, dealer="N")
    tricks = {(N, False): 6, (N, True): 6, (E, False): 2, (W, False): 2}
    auction = hasenpfeffer_par(FixedOutcomes(deal, tricks, Settings(defenders_score=True)))
    assert contract(auction) == ("W", "6", False, 2, (-6, 4))
    assert auction.value(deal.variant, N) == 10  # N-S's net


def test_pepper_form_big_pepper_outbids_little_pepper(hasenpfeffer):
    """Pepper bidding: E-W would sacrifice over little pepper, so N (first to speak, W
    deals) bids big pepper alone: 6 tricks, doubled twice, 24."""
    deal = Deal(hasenpfeffer.deal, dealer="W")
    tricks = {(N, False): 6, (N, True): 6, (E, False): 2, (W, False): 2}
    auction = hasenpfeffer_par(FixedOutcomes(deal, tricks, Settings(bidding="pepper")))
    assert calls(auction)[0] == "N big pepper"
    assert contract(auction) == ("N", "big pepper", True, 6, (24, 0))


def test_hasenpfeffer_par_end_to_end():
    """N holds the six top spades (JK, JS, JC, AS, KS, QS); the widow is 9H, which E could
    beat. N takes the widow, discards the 9H and wins every trick, alone too: 12 points.
    N speaks first (W deals) and bids 6 at once: anything lower, E-W would overbid with a
    sacrifice that costs them less than 12."""
    deal = Deal("N:AKQJ...J* .AKQJT.9. T9..AKQJ. ..T.AKQT9 9H", dealer="W")
    result = analyze_bidding(deal, game_of(deal.variant)).to_json()
    par = result["par"]
    assert [c["call"] for c in par["auction"]] == ["6", "pass", "pass", "pass"]
    assert par["contract"] == {
        "declarer": "N",
        "bid": "6",
        "trump": "S",
        "discard": "9H",
        "alone": True,
        "defender": None,
        "tricks": 6,
        "score": {"N-S": 12, "E-W": 0},
    }
    assert par["score"] == {"N-S": 12, "E-W": 0} and not par["redeal"]
    north = result["advice"]["N"]
    assert north["with_partner"]["tricks"] == north["alone"]["tricks"] == 6
    assert north["alone"]["highest_bid"] == "6"
    assert north["alone"]["scores"][0] == {"bid": "1", "made": True, "declarers": 12, "defenders": 0}
    assert result["alone_vs_partner"]["N"]["alone"]["tricks"] == 6
    assert result["settings"]["fail_penalty"] == "bid"


# --- Euchre ---------------------------------------------------------------------------------


def test_euchre_sacrifice_in_round_one(euchre):
    """N deals, upcard KS. If everybody passes round one, E names hearts in round two and
    marches alone (+4). Ordering spades up, every seat takes 2 tricks and is euchred (-2
    for its side). E-W will not; S may pass since N, last, will: -2 beats -4 for N-S."""
    deal = Deal(euchre.deal, variant=variant_for("euchre"))
    tricks = {(E, True, HEARTS): 5, (E, False, HEARTS): 5}
    for seat in range(4):
        for alone in (False, True):
            tricks[(seat, alone, SPADES)] = 2
    auction = euchre_par(FixedOutcomes(deal, tricks))
    assert calls(auction) == ["E pass", "S pass", "W pass", "N order up"]
    assert contract(auction) == ("N", None, False, 2, (0, 2))


def test_euchre_round_two_and_stick_the_dealer(euchre):
    """Nobody takes a trick anywhere: everybody passes twice and the hand is redealt, or
    with stick the dealer, N must name a suit other than spades (hearts, the first) and
    is euchred."""
    deal = Deal(euchre.deal, variant=variant_for("euchre"))
    auction = euchre_par(FixedOutcomes(deal, {}))
    assert len(auction.calls) == 8 and auction.played is None
    stuck = euchre_par(FixedOutcomes(deal, {}, Settings(all_pass="stick_the_dealer")))
    assert calls(stuck)[-1] == "N name H"
    assert contract(stuck) == ("N", None, False, 0, (0, 2))


def test_euchre_joker_upcard():
    """A turned Joker: the dealer N names trump at once; with hearts alone N marches (+4).
    With the redeal rule the hand is not played."""
    deal = Deal("N:A.K..AQJ .AQ.AT.K T9.T9.9. QJ.J.Q.9 JK", variant=variant_for("euchre", 25))
    tricks = {(N, True, HEARTS): 5, (N, False, HEARTS): 5}
    auction = euchre_par(FixedOutcomes(deal, tricks))
    assert calls(auction) == ["N name H alone"]
    assert contract(auction) == ("N", None, True, 5, (4, 0))
    redeal = euchre_par(FixedOutcomes(deal, tricks, Settings(joker_upcard="redeal")))
    assert redeal.calls == [] and redeal.played is None


def test_two_handed_par_end_to_end():
    """The hand of test_variants.test_two_handed_table_and_who_chooses_the_discard: N deals,
    upcard AS. S takes 4 in spades (N keeps AS), 5 in hearts; N takes 1 in spades, 5 in
    diamonds or clubs. Round one: S ordering spades up scores 1; N accepting would be
    euchred (S +2). Passing both, S names hearts first in round two and marches: S +2,
    better for S than ordering up; so S passes, N passes (S +2 either way) and S names
    hearts."""
    deal = Deal("N:..KQT9.9 T9.AKQ.. AS", variant=variant_for("euchre2"))
    result = analyze_bidding(deal, game_of(deal.variant)).to_json()
    par = result["par"]
    assert [(c["seat"], c["call"]) for c in par["auction"]] == [("S", "pass"), ("N", "pass"), ("S", "name H")]
    assert par["contract"] == {
        "declarer": "S",
        "trump": "H",
        "discard": None,
        "alone": False,
        "defender": None,
        "tricks": 5,
        "score": {"S": 2, "N": 0},
    }
    assert result["alone_vs_partner"] is None  # no partners
    assert result["advice"]["S"]["best"]["trump"] == "H"
    spades = result["advice"]["S"]["calls"][0]
    assert spades == {
        "trump": "S",
        "discard": "KD",
        "alone": False,
        "defender": None,
        "tricks": 4,
        "makers": 1,
        "defenders": 0,
    }


def test_settings_must_fit_the_variant():
    deal = Deal("N:..KQT9.9 T9.AKQ.. AS", variant=variant_for("euchre2"))
    with pytest.raises(ValueError) as info:
        analyze_bidding(deal, game_of(deal.variant), Settings(fail_penalty="pepper"))
    assert "fail_penalty: a hasenpfeffer setting, which euchre2 does not have" in str(info.value)


# --- alone against the best lone defence ----------------------------------------------------


def test_hasenpfeffer_alone_is_the_best_choice_against_the_best_defence(hasenpfeffer):
    """A lone declarer picks trump and discard; then the defence picks: both defend, or one
    of them alone. From the three tables: max over (trump, discard) of the min over the
    defences, for every seat."""
    from hasen.analysis.outcomes import Outcomes
    from hasen.games.hasenpfeffer.table import analyze_table

    deal = Deal(hasenpfeffer.deal, dealer="W")
    outcomes = Outcomes(deal, game_of(deal.variant))
    for seat in range(4):
        defences = [None, (seat + 1) % 4, (seat + 3) % 4]
        tables = [analyze_table(deal, declarer=seat, alone=True, defender=d).tables[seat].tricks for d in defences]
        expected = max(min(t[trump][card] for t in tables) for trump in range(4) for card in tables[0][trump])
        assert outcomes.best(seat, True).tricks == expected


def test_euchre_lone_maker_against_a_defending_dealer(euchre):
    """N deals; E makes alone. The dealer N and the lone-defence choice both work against
    E: for each trump, the least over the defences of the dealer's pick (the fewest)."""
    from hasen.analysis.outcomes import Outcomes
    from hasen.games.euchre.table import analyze_euchre

    deal = Deal(euchre.deal, variant=variant_for("euchre"))
    entries = [analyze_euchre(deal, declarer="E", alone=True, defender=d).tables[E].entries for d in (None, "S", "N")]
    outcomes = Outcomes(deal, game_of(deal.variant)).by_trump(E, True)
    for trump in range(4):
        every = [n for e in entries for n in (e[trump].discards.values() or [e[trump].value])]
        assert outcomes[trump].tricks == min(every)
