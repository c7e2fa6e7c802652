"""The rules of docs/rules.md, case by case: bowers, the Joker, following, trick winner, leaders.

Following and the trick winner are checked on the product's rules (hasen.rules) and on the
oracle's own (tests/oracle.py), with the same hand-written cases.
"""

from __future__ import annotations

import pytest
from oracle import Oracle

import hasen
from hasen.core.cards import JOKER, card_name, left_bower, parse_card
from hasen.core.deal import Deal
from hasen.core.errors import IllegalPlayError, NotationError
from hasen.core.names import CardSet
from hasen.core.settings import Settings
from hasen.core.variants import HASENPFEFFER
from hasen.play.state import Contract, PlayState
from hasen.rules.seating import active_seats, first_leader
from hasen.rules.trump import (
    beats,
    effective_suit,
    legal_plays,
    power_order,
    trick_winner,
)
from hasen.search.layout import layout

N, E, S, W = range(4)
SUITS = "SHDC"


def mask(text: str) -> int:
    return CardSet.from_names(text).mask


def names(m: int) -> str:
    return str(CardSet(m))


# --- effective suit and power order -------------------------------------------------------


@pytest.mark.parametrize("trump, left", [("S", "JC"), ("C", "JS"), ("H", "JD"), ("D", "JH")])
def test_left_bower_is_the_other_jack_of_the_colour(trump, left):
    t = SUITS.index(trump)
    assert card_name(left_bower(t)) == left
    assert effective_suit(parse_card(left), t) == t  # it belongs to trump
    assert effective_suit(parse_card("J" + trump), t) == t
    assert effective_suit(JOKER, t) == t
    for other in SUITS:  # the jacks of the other colour keep their suit
        card = parse_card("J" + other)
        if other != trump and card_name(card) != left:
            assert effective_suit(card, t) == SUITS.index(other)


@pytest.mark.parametrize("trump", range(4))
def test_power_order(trump):
    t = SUITS[trump]
    left = card_name(left_bower(trump))
    expect = ["JK", "J" + t, left, "A" + t, "K" + t, "Q" + t, "T" + t, "9" + t]  # high to low
    assert [card_name(c) for c in power_order(trump, trump)][::-1][: len(expect)] == expect
    for suit in range(4):
        if suit != trump:
            s = SUITS[suit]
            plain = [card_name(c) for c in power_order(suit, trump)][::-1]
            ranks = "AKQT9" if "J" + s == left else "AKQJT9"
            assert plain[: len(ranks)] == [r + s for r in ranks]
    for high, low in zip(expect, expect[1:]):
        assert beats(parse_card(high), parse_card(low), trump)
        assert not beats(parse_card(low), parse_card(high), trump)


def test_layout_puts_every_card_in_its_own_place():
    for trump in range(4):
        positions = [layout(trump)[c] for c in range(33)]
        assert len(set(positions)) == 33


# --- following and winning: the same cases on hasen.rules and on the oracle --------------

# (trump, hand, led card, the legal cards)
FOLLOW_CASES = [
    # the left bower follows trump ...
    ("H", "JD 9C", "AH", "JD"),
    ("S", "JC AH KD", "9S", "JC"),
    # ... and cannot follow its printed suit
    ("H", "JD 9C", "AD", "JD 9C"),
    ("H", "JD 9D AC", "AD", "9D"),
    ("C", "JS QS", "AS", "QS"),
    # the right bower is a trump like any other
    ("H", "JH 9S", "9H", "JH"),
    # a led left bower is a trump lead
    ("H", "9H AD KD", "JD", "9H"),
    ("H", "AD KD", "JD", "AD KD"),
    # the Joker led is a trump lead: trumps (bowers included) must follow
    ("S", "9S AH", "JK", "9S"),
    ("S", "JC AH", "JK", "JC"),
    ("S", "AH KD", "JK", "AH KD"),
    ("D", "JH 9C", "JK", "JH"),
    # the Joker follows a trump lead, and cannot follow a plain suit
    ("C", "JK AH", "9C", "JK"),
    ("C", "JK 9H", "AH", "9H"),
    ("C", "JK AS", "AH", "JK AS"),
    # plain following
    ("D", "AS 9S KH", "TS", "AS 9S"),
    ("D", "AS 9S KH", "TC", "AS 9S KH"),
]


@pytest.mark.parametrize("trump, hand, led, legal", FOLLOW_CASES)
def test_following_suit(trump, hand, led, legal):
    t = SUITS.index(trump)
    assert names(legal_plays(mask(hand), parse_card(led), t)) == names(mask(legal))
    assert names(Oracle(t, range(4), 0).legal(mask(hand), parse_card(led))) == names(mask(legal))


@pytest.mark.parametrize("trump", "SHDC")
def test_leading_anything(trump):
    hand = mask("AS JH 9D JK")
    assert legal_plays(hand, None, SUITS.index(trump)) == hand
    assert Oracle(trump, range(4), 0).legal(hand, None) == hand


# (trump, cards in the order played, the card that wins)
WINNER_CASES = [
    ("C", "9H AH 9C KH", "9C"),  # a ruff beats the led suit's ace
    ("C", "AH AS KD QH", "AH"),  # another plain suit's ace does not
    ("C", "9H KH JS AH", "JS"),  # the left bower ruffs
    ("C", "AC JS KC QC", "JS"),  # the left bower beats the ace of trump
    ("C", "JS JC 9C AC", "JC"),  # the right bower beats the left
    ("C", "JC JK JS AC", "JK"),  # the Joker beats everything
    ("H", "JK JH JD AH", "JK"),  # the Joker led wins
    ("H", "JD AH KH JH", "JH"),  # the left bower led is a trump lead
    ("H", "AD JD KD QD", "JD"),  # played to a diamond lead, JD is a trump
    ("D", "9S JS TS QS", "QS"),  # plain suits: A K Q J T 9
    ("D", "9S JS TS KH", "JS"),
    ("S", "9D JD TD AD", "AD"),
    ("S", "9C KC TC", "KC"),  # three cards: a lone hand
    ("S", "9C JC", "JC"),  # two: a lone declarer against a lone defender (JC: left bower)
    ("S", "TC 9S", "9S"),
]


@pytest.mark.parametrize("trump, trick, winner", WINNER_CASES)
def test_trick_winner(trump, trick, winner):
    t = SUITS.index(trump)
    cards = [parse_card(c) for c in trick.split()]
    want = trick.split().index(winner)
    assert trick_winner(cards, t) == want
    assert Oracle(t, range(4), 0).winner(cards) == want


def test_left_bower_cannot_be_played_to_its_printed_suit():
    """In play: hearts trump, E leads AD; N holds JD and 9D and must play the 9D."""
    deal = Deal("N:J9.J.J9.K TQ.Q.AQ.Q A.9.KT.JT K.KT..A9* AH", dealer="N")  # E leads
    state = PlayState(deal, Contract(declarer=S, trump=1, discard=parse_card("AH")))
    assert state.leader == E
    state.play(parse_card("AD"))
    state.play(parse_card("KD"))  # S follows
    state.play(parse_card("AC"))  # W is void in diamonds: anything
    with pytest.raises(IllegalPlayError) as info:
        state.play(parse_card("JD"))
    assert "must follow D (led AD)" in str(info.value) and "not JD" in str(info.value)
    assert state.legal() == mask("9D")
    state.play(parse_card("9D"))
    assert state.tricks[0][2] == E  # AD wins


def test_not_holding_the_card(hasenpfeffer):
    state = PlayState(Deal(hasenpfeffer.deal, dealer="W"), Contract(N, 3, parse_card("KH")))
    with pytest.raises(IllegalPlayError) as info:
        state.play(parse_card("AH"))
    assert "N does not hold AH" in str(info.value)


# --- who plays, who leads -------------------------------------------------------------------


@pytest.mark.parametrize("dealer", range(4))
def test_first_leader_is_left_of_the_dealer(dealer, hasenpfeffer):
    for declarer in range(4):
        seats = active_seats(HASENPFEFFER, declarer, False)
        assert seats == (0, 1, 2, 3)
        assert first_leader(dealer, declarer, seats, False) == (dealer + 1) % 4
        state = PlayState(Deal(hasenpfeffer.deal, dealer=dealer), Contract(declarer, 0, parse_card("KS")))
        assert state.leader == (dealer + 1) % 4


def test_example_north_leads_when_west_deals(hasenpfeffer):
    assert PlayState(Deal(hasenpfeffer.deal, dealer="W"), Contract(N, 3, parse_card("KH"))).leader == N


@pytest.mark.parametrize("declarer", range(4))
@pytest.mark.parametrize("dealer", range(4))
def test_lone_hand_rotation(dealer, declarer):
    partner = (declarer + 2) % 4
    seats = active_seats(HASENPFEFFER, declarer, True)
    assert seats == tuple(s for s in range(4) if s != partner)
    # the player left of the lone declarer leads, wherever the deal was
    assert first_leader(dealer, declarer, seats, True) == (declarer + 1) % 4
    # the other setting: left of the dealer, skipping the idle partner
    skip = first_leader(dealer, declarer, seats, True, Settings(lone_lead="dealer_left_skip_idle"))
    left_of_dealer = (dealer + 1) % 4
    assert skip == ((left_of_dealer + 1) % 4 if left_of_dealer == partner else left_of_dealer)


def test_lone_hand_in_play(hasenpfeffer):
    """N alone: S's cards are out, the play goes E, W, N, and a trick has three cards."""
    deal = Deal(hasenpfeffer.deal, dealer="W")
    state = PlayState(deal, Contract(N, 3, parse_card("KH"), alone=True))
    assert state.seats == (N, E, W)
    assert state.hands[S] == 0 and state.hands[N] == mask("AS AC QC JC JK KS")
    assert state.leader == E and state.order == [E, W, N]
    for card in ("KC", "9C", "JK"):  # E leads the KC, W follows, N wins with the Joker
        state.play(parse_card(card))
    assert len(state.tricks) == 1 and state.tricks[0] == (E, [parse_card(c) for c in ("KC", "9C", "JK")], N)
    assert state.leader == N and state.order == [N, E, W] and state.taken == [1, 0]


def test_declarer_takes_the_widow_and_discards(hasenpfeffer):
    state = PlayState(Deal(hasenpfeffer.deal, dealer="W"), Contract(N, 3, parse_card("KH")))
    assert state.hands[N] == mask("AS KS AC QC JC JK")  # KS from the widow, KH discarded
    assert state.taker == N
    with pytest.raises(IllegalPlayError) as info:
        PlayState(Deal(hasenpfeffer.deal, dealer="W"), Contract(N, 3, parse_card("AH")))
    assert "discard: AH is neither in N's hand nor the widow" in str(info.value)


def test_first_lead_by_the_declarer_setting():
    settings = Settings(first_lead="declarer")
    for declarer in range(4):
        assert first_leader(0, declarer, (0, 1, 2, 3), False, settings) == declarer


def test_bad_settings():
    with pytest.raises(NotationError) as info:
        Settings(first_lead="dealer")
    assert "first_lead: 'dealer' is not one of dealer_left, declarer" in str(info.value)
    with pytest.raises(NotationError):
        Settings(lone_lead="anyone")
    with pytest.raises(NotationError, match="first_lead: 'dealer' is not one of"):
        Settings()._replace(first_lead="dealer")  # a changed copy is checked too


def test_a_changed_contract_keeps_names():
    changed = Contract(0, 3, parse_card("KH"))._replace(declarer=1, discard=parse_card("AS"))
    assert (repr(changed.declarer), repr(changed.discard)) == ("Seat('E')", "Card('AS')")


def test_only_hasenpfeffer_bids_for_tricks() -> None:
    """A contract names a bid in Hasenpfeffer; in every Euchre the makers need three, and a
    bid given where there are none is refused by name, not ignored."""
    from hasen.core.variants import ALL_VARIANTS
    from hasen.rules.scoring import bids_for_tricks

    assert {v.name for v in ALL_VARIANTS if bids_for_tricks(v)} == {"hasenpfeffer"}
    deal = hasen.random_deal("euchre", seed=3)
    with pytest.raises(NotationError, match="euchre has no bids for tricks"):
        hasen.simulate_lead(hasen.SeatView.in_deal(deal, "S"), "E 4, trump D", layouts=5)
