"""The Euchre family's rules as variants: decks, deal notation, seats, who leads, the upcard
exchange and who chooses the discard, lone play and the settings that go with each game.

Expected values are written out from docs/rules.md and the issue, and the tables are worked by
hand (each example says how).
"""

from __future__ import annotations

import pytest
from examples import EUCHRE2_DEAL, EUCHRE_DEAL

from hasen.core.cards import JOKER, card_name, cards_of, parse_card
from hasen.core.deal import Deal
from hasen.core.errors import (
    HasenError,
    IllegalPlayError,
    InvalidDealError,
    NotationError,
)
from hasen.core.names import CardSet
from hasen.core.settings import Settings
from hasen.core.variants import HASENPFEFFER, variant_for
from hasen.games.euchre.table import analyze_euchre
from hasen.play.state import Contract, PlayState
from hasen.rules.trump import beats, legal_plays, power_order

N, E, S, W = range(4)
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)


def raises(error: type, call, *args, **kwargs) -> str:
    with pytest.raises(error) as info:
        call(*args, **kwargs)
    return str(info.value)


def names(mask: int) -> str:
    return str(CardSet(mask))


# --- the variants and their decks ---------------------------------------------------------


@pytest.mark.parametrize(
    "name, deck, cards",
    [
        ("euchre2", 24, "AS KS QS JS TS 9S AH KH QH JH TH 9H AD KD QD JD TD 9D AC KC QC JC TC 9C"),
        ("euchre", 24, "AS KS QS JS TS 9S AH KH QH JH TH 9H AD KD QD JD TD 9D AC KC QC JC TC 9C"),
        ("euchre2", 25, "AS KS QS JS TS 9S AH KH QH JH TH 9H AD KD QD JD TD 9D AC KC QC JC TC 9C JK"),
        ("euchre", 25, "AS KS QS JS TS 9S AH KH QH JH TH 9H AD KD QD JD TD 9D AC KC QC JC TC 9C JK"),
        (
            "euchre2",
            32,
            "AS KS QS JS TS 9S 8S 7S AH KH QH JH TH 9H 8H 7H AD KD QD JD TD 9D 8D 7D AC KC QC JC TC 9C 8C 7C",
        ),
    ],
)
def test_decks(name, deck, cards):
    variant = variant_for(name, deck)
    assert names(variant.deck) == cards
    assert variant.hand_size == 5 and variant.extra_card == "upcard"


def test_default_decks_and_hasenpfeffer():
    assert variant_for() is HASENPFEFFER
    assert variant_for("euchre2").deck_size == 24
    assert variant_for("euchre").deck_size == 24
    assert variant_for("EUCHRE2", "32").deck_size == 32  # names any case, decks as text too


@pytest.mark.parametrize(
    "name, deck, message",
    [
        (
            "pinochle",
            None,
            "variant: unknown variant 'pinochle' (expected one of hasenpfeffer, euchre2, euchre3, euchre, railroad)",
        ),
        ("euchre", 32, "deck: euchre is played with 24 or 25 cards, not 32"),
        ("hasenpfeffer", 24, "deck: hasenpfeffer is played with 25 cards, not 24"),
        ("euchre2", "many", "deck: euchre2 is played with 24, 32 or 25 cards, not 'many'"),
        ("euchre2", True, "deck: euchre2 is played with 24, 32 or 25 cards, not True"),
    ],
)
def test_unknown_variant_or_deck(name, deck, message):
    assert raises(NotationError, variant_for, name, deck) == message


# --- deal notation ------------------------------------------------------------------------


def test_two_handed_deal(euchre2):
    deal = Deal(euchre2.deal, variant=variant_for("euchre2"))
    assert names(deal.hands[N]) == "KD QD TD 9D 9C"
    assert names(deal.hands[S]) == "TS 9S AH KH QH"
    assert deal.hands[E] == deal.hands[W] == 0
    assert card_name(deal.extra) == "AS"
    again = Deal("S:T9.AKQ.. ..KQT9.9 AS", dealer="N", variant=variant_for("euchre2"))
    assert again == deal and again.notation() == euchre2.deal  # printed from the dealer
    assert "upcard: AS" in str(deal)
    seats = [line.strip().split()[0] for line in str(deal).splitlines() if line.strip()[:1] in "NESW"]
    assert seats == ["N", "S"]  # nobody sits E or W in Two-handed Euchre, so the diagram shows no one there


def test_four_hand_deal_leaves_the_kitty_out(euchre):
    deal = Deal(euchre.deal, variant=variant_for("euchre"))
    assert deal.notation() == euchre.deal
    assert sum(h.bit_count() for h in deal.hands) == 20  # the other three kitty cards are absent


@pytest.mark.parametrize(
    "text, variant, found",
    [
        # a five-card deal without --variant says to pass it
        (
            EUCHRE_DEAL,
            None,
            "deal: N holds 5 cards, expected 6: 'A.K..AQJ' (5-card hands in 5 fields fit euchre or "
            "railroad: pass --variant euchre or --variant railroad",
        ),
        (
            EUCHRE2_DEAL,
            None,
            "deal: hasenpfeffer expects 4 or 5 fields (4 hands, then the widow), found 3: "
            f"'{EUCHRE2_DEAL}' (5-card hands in 3 fields fit euchre2: pass --variant euchre2",
        ),
        (EUCHRE2_DEAL, ("euchre", None), "deal: euchre expects 5 fields (4 hands, then the upcard), found 3"),
        (EUCHRE_DEAL, ("euchre2", None), "deal: euchre2 expects 3 fields (2 hands, then the upcard), found 5"),
        ("N:..KQT9.9 T9.AKQ..", ("euchre2", None), "expects 3 fields (2 hands, then the upcard), found 2"),
        ("E:..KQT9.9 T9.AKQ.. AS", ("euchre2", None), "deal: euchre2 deals to N, S, not E"),
        ("N:..KQT9.9* T9.AKQ.. AS", ("euchre2", None), "deal: N holds 6 cards, expected 5"),
        (
            "N:..KQT.9* T9.AKQ.. AS",
            ("euchre2", None),
            "deal: JK in N's hand is not in the euchre2 deck (24 cards) (it is in the 25-card deck: --deck 25)",
        ),
        (
            "N:..KQT.97 T9.AKQ.. AS",
            ("euchre2", None),
            "deal: 7C in N's hand is not in the euchre2 deck (24 cards) (it is in the 32-card deck: --deck 32)",
        ),
        (
            "N:A.K..AQ7 .AQ.AT.K T9.T9.9. QJ.J.Q.9 KS",
            ("euchre", 25),
            "deal: 7C in N's hand is not in the euchre deck (25 cards)",
        ),
        (
            "N:..KQT9.9 T9.AKQ.. 8S",
            ("euchre2", 25),
            "deal: the upcard 8S is not in the euchre2 deck (25 cards) (it is in the 32-card deck: --deck 32)",
        ),
        ("N:..KQT9.9 T9.AKQ.. KH", ("euchre2", None), "deal: the upcard KH is also in S's hand"),
    ],
)
def test_deals_that_do_not_fit_the_variant(text, variant, found):
    chosen = HASENPFEFFER if variant is None else variant_for(*variant)
    message = raises(HasenError, Deal, text, variant=chosen)
    assert found in message


def test_dealer_must_hold_a_hand(euchre2):
    message = raises(NotationError, Deal, euchre2.deal, dealer="E", variant=variant_for("euchre2"))
    assert message == "dealer: euchre2 deals to N, S, so E cannot deal"


def test_32_card_deck_plays_7s_and_8s():
    deal = Deal("N:..KQT.97 T9.AK8.. 7S", variant=variant_for("euchre2", 32))
    assert names(deal.hands[N]) == "KD QD TD 9C 7C" and card_name(deal.extra) == "7S"
    # 7 and 8 are the lowest cards of their suit, in trump too (below the 9)
    assert [card_name(c) for c in power_order(SPADES, SPADES)][:4] == ["7S", "8S", "9S", "TS"]
    assert [card_name(c) for c in power_order(HEARTS, SPADES)][:3] == ["7H", "8H", "9H"]
    assert beats(parse_card("8H"), parse_card("7H"), SPADES)
    assert beats(parse_card("7S"), parse_card("AH"), SPADES)  # the 7 of trump ruffs
    hand = CardSet.from_names("8H 7C KD").mask
    assert names(legal_plays(hand, parse_card("AH"), SPADES)) == "8H"


# --- who plays, who leads -----------------------------------------------------------------


def leader(
    text: str, name: str, dealer: str, contract: Contract, deck: int | None = None, settings: Settings = Settings()
) -> str:
    deal = Deal(text, dealer=dealer, variant=variant_for(name, deck))
    state = PlayState(deal, contract, settings)
    return "NESW"[state.leader] + ":" + "".join("NESW"[s] for s in state.seats)


def test_two_handed_the_non_dealer_leads(euchre2):
    assert leader(euchre2.deal, "euchre2", "N", Contract(N, HEARTS, parse_card("AS"))) == "S:NS"
    assert leader(euchre2.deal, "euchre2", "S", Contract(N, HEARTS, parse_card("AS"))) == "N:NS"
    assert leader(euchre2.deal, "euchre2", "S", Contract(S, HEARTS, parse_card("AS"))) == "N:NS"


def test_four_hand_leads(euchre):
    upcard = parse_card("KS")
    # left of the dealer; left of a lone maker (partner out); a lone defender leads
    assert leader(euchre.deal, "euchre", "N", Contract(S, HEARTS, upcard)) == "E:NESW"
    assert leader(euchre.deal, "euchre", "W", Contract(S, HEARTS, upcard, alone=True)) == "W:ESW"
    assert leader(euchre.deal, "euchre", "W", Contract(E, HEARTS, upcard, alone=True)) == "S:NES"
    assert leader(euchre.deal, "euchre", "N", Contract(E, HEARTS, upcard, alone=True, lone_defender=N)) == "N:NE"
    assert leader(euchre.deal, "euchre", "N", Contract(E, HEARTS, upcard, alone=True, lone_defender=S)) == "S:ES"
    # the table's lone-lead setting: left of the dealer, skipping the idle partner
    skip = Settings(lone_lead="dealer_left_skip_idle")
    assert leader(euchre.deal, "euchre", "N", Contract(W, HEARTS, upcard, alone=True), settings=skip) == "S:NSW"


@pytest.mark.parametrize(
    "contract, error, message",
    [
        (
            Contract(N, HEARTS, parse_card("AS"), alone=True),
            InvalidDealError,
            "alone: euchre2 has no partners, so nobody plays alone",
        ),
        (Contract(E, HEARTS, parse_card("AS")), InvalidDealError, "declarer: E holds no hand in euchre2"),
        (
            Contract(S, HEARTS, parse_card("KD")),
            IllegalPlayError,
            "discard: nobody takes the upcard AS (hearts is not the upcard's suit), so the discard is the "
            "upcard itself, not KD",
        ),
        (
            Contract(S, SPADES, parse_card("AH")),
            IllegalPlayError,
            "discard: AH is neither in N's hand nor the upcard: AS KD QD TD 9D 9C",
        ),
    ],
)
def test_bad_two_handed_contracts(contract, error, message, euchre2):
    deal = Deal(euchre2.deal, variant=variant_for("euchre2"))
    assert raises(error, PlayState, deal, contract) == message


@pytest.mark.parametrize(
    "contract, message",
    [
        (
            Contract(N, SPADES, parse_card("AS"), alone=False, lone_defender=E),
            "defender: a defender plays alone only against a lone declarer",
        ),
        (Contract(N, SPADES, parse_card("AS"), alone=True, lone_defender=S), "defender: S is not an opponent of N"),
        # N deals; S makes spades alone: N sits out, so nobody takes the upcard KS
        (
            Contract(S, SPADES, parse_card("AS"), alone=True),
            "discard: nobody takes the upcard KS (the dealer N sits out), so the discard is the upcard itself, not AS",
        ),
    ],
)
def test_bad_lone_contracts(contract, message, euchre):
    deal = Deal(euchre.deal, variant=variant_for("euchre"))
    assert raises(HasenError, PlayState, deal, contract) == message


# --- the upcard exchange ------------------------------------------------------------------


def test_the_dealer_takes_the_upcard_only_in_its_suit(euchre):
    deal = Deal(euchre.deal, dealer="W", variant=variant_for("euchre"))  # W: QJ.J.Q.9, upcard KS
    state = PlayState(deal, Contract(N, SPADES, parse_card("9C")))
    assert names(state.hands[W]) == "KS QS JS JH QD" and state.taker == W  # took KS, put 9C away
    state = PlayState(deal, Contract(N, SPADES, parse_card("KS")))
    assert names(state.hands[W]) == "QS JS JH QD 9C"  # "discarding" the upcard: not keeping it
    state = PlayState(deal, Contract(N, CLUBS, parse_card("KS")))
    assert names(state.hands[W]) == "QS JS JH QD 9C"  # another trump: the upcard stays out
    assert state.taker is None


def test_a_turned_jack_names_its_own_suit():
    # upcard JD: diamonds is the first-round suit; with hearts trump it would be the left
    # bower, but it was turned down and nobody takes it
    deal = Deal("N:A.K..AQT .AQ.AT.K T9.T9.9. QJ.J.Q.9 JD", variant=variant_for("euchre"))
    message = raises(IllegalPlayError, PlayState, deal, Contract(E, HEARTS, parse_card("9C")))
    assert "nobody takes the upcard JD" in message
    state = PlayState(deal, Contract(E, DIAMONDS, parse_card("AS")))
    assert names(state.hands[N]) == "KH JD AC QC TC"


def test_a_joker_upcard_is_taken_for_every_trump():
    deal = Deal("N:..KQT9.9 T9.AKQ.. JK", variant=variant_for("euchre2", 25))
    for trump in range(4):
        state = PlayState(deal, Contract(S, trump, parse_card("9C")))
        assert names(state.hands[N]) == "KD QD TD 9D JK"


def test_a_joker_standing_for_a_suit_is_taken_for_that_suit_alone():
    """joker_upcard: hearts: the dealer N takes the turned Joker when hearts is trump; in
    another trump nobody takes it, and a discard is refused saying why."""
    deal = Deal("N:..KQT9.9 T9.AKQ.. JK", variant=variant_for("euchre2", 25), settings={"joker_upcard": "hearts"})
    state = PlayState(deal, Contract(S, 1, parse_card("9C")))
    assert names(state.hands[N]) == "KD QD TD 9D JK"
    spades = PlayState(deal, Contract(S, 0, JOKER))
    assert names(spades.hands[N]) == "KD QD TD 9D 9C" and spades.taker is None
    message = raises(IllegalPlayError, PlayState, deal, Contract(S, 0, parse_card("9C")))
    assert message == (
        "discard: nobody takes the upcard JK (under joker_upcard: hearts the turned Joker counts as "
        "a heart, and spades is trump), so the discard is the upcard itself, not 9C"
    )


# --- the tables, worked by hand -----------------------------------------------------------


def test_two_handed_table_and_who_chooses_the_discard(euchre2):
    """N deals ..KQT9.9 (no spades, no hearts), S holds T9.AKQ.. (TS 9S AH KH QH); upcard
    AS; the bowers are in the stock. S leads (the non-dealer).

    Spades, N keeps AS: AS is the top trump in play and N's only trump, so it wins exactly one
    trick (on S's trump lead, or ruffing a heart); S's two trumps ruff N's diamonds and the
    hearts are all top: S 4, N 1. N discards AS: N has no trump, S takes all five.
    Hearts: S's AH KH QH are trumps and N has none: S 5. Diamonds: N's four trumps ruff S's
    lead and then run: N 5. Clubs: N ruffs the first lead with 9C and runs four diamonds,
    which S can neither follow nor ruff: N 5.
    The dealer N maximises when making spades (keeps AS: 1) and minimises when S makes
    them (keeps AS: 4)."""
    result = analyze_euchre(euchre2.deal, variant_for("euchre2")).to_json()
    assert result["variant"] == "euchre2" and result["deck"] == 24 and result["upcard"] == "AS"
    north, south = result["declarers"]["N"], result["declarers"]["S"]
    assert north["tricks"] == {
        "S": {"AS": 0, "KD": 1, "QD": 1, "TD": 1, "9D": 1, "9C": 1, "value": 1},
        "H": 0,
        "D": 5,
        "C": 5,
    }
    assert north["best"] == {"trump": "D", "tricks": 5, "discard": None} and north["ties"] == [["D", None], ["C", None]]
    assert south["tricks"] == {
        "S": {"AS": 5, "KD": 4, "QD": 4, "TD": 4, "9D": 4, "9C": 4, "value": 4},
        "H": 5,
        "D": 0,
        "C": 0,
    }
    assert south["best"] == {"trump": "H", "tricks": 5, "discard": None}


def test_british_joker_upcard():
    """The same hands with the Joker turned up (25-card deck): the dealer takes it whatever
    the trump. S makes hearts: the Joker is N's only trump and the top one, worth one trick,
    as AS was above (S 4); N throwing the Joker away gives S all five."""
    result = analyze_euchre("N:..KQT9.9 T9.AKQ.. JK", variant_for("euchre2", 25)).to_json()
    hearts = result["declarers"]["S"]["tricks"]["H"]
    assert hearts == {"KD": 4, "QD": 4, "TD": 4, "9D": 4, "9C": 4, "JK": 5, "value": 4}
    assert result["declarers"]["N"]["tricks"]["S"]["value"] == 1  # N makes spades: keeps the Joker


def test_maker_table_options(euchre2, euchre):
    variant = variant_for("euchre")
    result = analyze_euchre(euchre.deal, variant, declarer="E", alone=True, defender="N").to_json()
    assert list(result["declarers"]) == ["E"] and result["alone"] and result["defender"] == "N"
    assert (
        raises(NotationError, analyze_euchre, euchre.deal, variant, defender="N", alone=True)
        == "defender: a lone defender needs the declarer too (--declarer)"
    )
    assert (
        raises(NotationError, analyze_euchre, euchre.deal, variant, declarer="E", defender="N")
        == "defender: a defender plays alone only against a lone declarer (--alone)"
    )
    assert (
        raises(NotationError, analyze_euchre, euchre2.deal, variant_for("euchre2"), declarer="E")
        == "declarer: euchre2 deals to N, S, not E"
    )


# --- settings -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "settings, variant, message",
    [
        (
            Settings(fail_penalty="pepper"),
            ("euchre", None),
            "fail_penalty: a hasenpfeffer setting, which euchre does not have (got 'pepper')",
        ),
        (
            Settings(defenders_score=True),
            ("euchre2", None),
            "defenders_score: a hasenpfeffer setting, which euchre2 does not have (got true)",
        ),
        (
            Settings(joker_upcard="redeal"),
            ("hasenpfeffer", None),
            "joker_upcard: a euchre setting, which hasenpfeffer does not have (got 'redeal')",
        ),
        (
            Settings(all_pass="stick_the_dealer"),
            ("hasenpfeffer", None),
            "all_pass: 'stick_the_dealer' is a euchre rule; hasenpfeffer has redeal, joker_bids_3",
        ),
        (
            Settings(all_pass="joker_bids_3"),
            ("euchre", 25),
            "all_pass: 'joker_bids_3' is a hasenpfeffer rule; euchre has redeal, stick_the_dealer",
        ),
        (
            Settings(joker_upcard="redeal"),
            ("euchre", 24),
            "joker_upcard: euchre (24 cards) has no Joker (got 'redeal')",
        ),
        (
            Settings(lone_lead="dealer_left_skip_idle"),
            ("euchre2", None),
            "lone_lead: euchre2 has no partners, so nobody plays alone (got 'dealer_left_skip_idle')",
        ),
        # Euchre's own settings that only some of its variants have say why (its settings' lacking)
        (
            Settings(euchred="maker_loses"),
            ("euchre", 24),
            "euchred: it scores three players each for themselves (euchre3), and euchre has sides (got 'maker_loses')",
        ),
        (
            Settings(call_for_best=False),
            ("euchre", 24),
            "call_for_best: nobody calls for the partner's best card in euchre, only in railroad (got false)",
        ),
        (
            Settings(euchred="maker_loses"),
            ("hasenpfeffer", None),
            "euchred: a euchre3 setting, which hasenpfeffer does not have (got 'maker_loses')",
        ),
    ],
)
def test_settings_belong_to_their_game(settings, variant, message):
    assert raises(NotationError, settings.check_for, variant_for(*variant)) == message


def test_applicable_settings():
    assert Settings().applicable(variant_for()) == {
        "first_lead": "dealer_left",
        "lone_lead": "left_of_loner",
        "fail_penalty": "bid",
        "defenders_score": False,
        "bidding": "plain",
        "all_pass": "redeal",
        "game_points": 10,
    }
    assert Settings().applicable(variant_for("euchre", 25)) == {
        "first_lead": "dealer_left",
        "lone_lead": "left_of_loner",
        "joker_upcard": "dealer_names",
        "all_pass": "redeal",
        "game_points": 10,
    }
    assert Settings().applicable(variant_for("euchre2")) == {
        "first_lead": "dealer_left",
        "all_pass": "redeal",
        "game_points": 10,
    }


def test_setting_values_are_checked():
    assert (
        raises(NotationError, Settings, fail_penalty="half") == "fail_penalty: 'half' is not one of bid, tricks, pepper"
    )
    assert (
        raises(NotationError, Settings, all_pass="everyone")
        == "all_pass: 'everyone' is not one of redeal, joker_bids_3, stick_the_dealer"
    )
    assert (
        raises(NotationError, Settings, defenders_score="yes") == "defenders_score: expected true or false, got 'yes'"
    )
    assert raises(NotationError, Settings, first_lead=1) == "first_lead: 1 is not one of dealer_left, declarer"
    assert raises(NotationError, Settings, game_points=7) == "game_points: 7 is not one of 10, 5, 15"
    assert raises(NotationError, Settings, game_points=True) == "game_points: true is not one of 10, 5, 15"
    assert raises(NotationError, Settings, game_points="5") == "game_points: '5' is not one of 10, 5, 15"
    assert Settings().changed() == {}
    assert Settings(fail_penalty="tricks").changed() == {"fail_penalty": "tricks"}


def test_joker_is_top_trump_in_the_british_deck():
    for trump in range(4):
        assert power_order(trump, trump)[-1] == JOKER
    assert JOKER in cards_of(variant_for("euchre", 25).deck)
