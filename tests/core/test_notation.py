"""Cards, hands and deals as docs/notation.md writes them: round trips and every error path."""

from __future__ import annotations

import random
import re

import pytest

from hasen.core.cards import (
    JOKER,
    NUM_CARDS,
    card_name,
    cards_of,
    make_card,
    parse_card,
    parse_suit,
)
from hasen.core.deal import Deal, format_hand, parse_hand
from hasen.core.errors import HasenError, InvalidDealError, NotationError
from hasen.core.names import CardSet
from hasen.core.seats import parse_seat
from hasen.core.variants import HASENPFEFFER, Variant
from hasen.notation.inputs import parse_trump

EXAMPLE_FROM_W = "W:QJ.J.QJ.9 A.K..AQJ* .AQ.AKT.K T9.T9.9.T KS"
ALL_CARDS = list(range(NUM_CARDS))  # the 32-card deck and the Joker
SYMBOLS = dict(zip("SHDC", "♠♥♦♣"))


def cards(text: str) -> int:
    """A mask from a list of canonical card names."""
    return sum(1 << parse_card(t) for t in text.split())


def raises(error: type[Exception], call, *args, **kwargs) -> str:
    """Call, expect ``error`` (always a ValueError and a HasenError), return its message."""
    with pytest.raises(error) as info:
        call(*args, **kwargs)
    assert isinstance(info.value, ValueError) and isinstance(info.value, HasenError)
    return str(info.value)


# --- cards --------------------------------------------------------------------------------


@pytest.mark.parametrize("card", ALL_CARDS, ids=card_name)
def test_card_round_trip(card):
    name = card_name(card)
    assert parse_card(name) == card
    assert parse_card(name.lower()) == card
    assert card_name(parse_card(name)) == name
    if card != JOKER:
        assert parse_card(name[0] + SYMBOLS[name[1]]) == card  # suit symbols on input
        assert re.fullmatch(r"[789TJQKA][SHDC]", name)  # canonical: upper case, T for ten


def test_card_input_forms():
    assert parse_card("10H") == parse_card("TH") == parse_card("th") == parse_card("10♥")
    assert parse_card("*") == parse_card("JK") == parse_card("jk") == parse_card("Jk") == JOKER
    assert card_name(JOKER) == "JK"
    assert parse_card("  qd ") == make_card(2, 5)


@pytest.mark.parametrize("token", ["", " ", "A", "S", "AX", "XS", "1S", "10", "AS5", "♠A", "JKK", "**", "11S", "A S"])
def test_bad_card(token):
    message = raises(NotationError, parse_card, token)
    assert repr(token) in message and message.startswith("card: not a card")


def test_bad_card_names_where_it_stands():
    assert raises(NotationError, parse_card, "ZZ", "discard").startswith("discard: not a card: 'ZZ'")


def test_card_list_form():
    listed = CardSet.from_names("AS,JS,KH,9H,QC,JK")
    assert listed.mask == parse_hand("AJ.K9..Q*")
    assert str(listed) == "AS JS KH 9H QC JK"
    assert CardSet.from_names("jk  9h, as,js kh ,qc").mask == listed.mask  # any order, mixed separators
    assert str(CardSet.from_names("10h *")) == "TH JK"
    assert eval(repr(listed), {"CardSet": CardSet}) == listed
    assert len(listed) == 6 and parse_card("KH") in listed and parse_card("KS") not in listed


def test_card_list_errors():
    message = raises(NotationError, CardSet.from_names, "AS, KH, as")
    assert "AS is listed twice" in message and "'AS, KH, as'" in message
    message = raises(NotationError, CardSet.from_names, "AS QX", "discards")
    assert message.startswith("discards: not a card: 'QX'")


def test_canonical_card_order():
    # spades, hearts, diamonds, clubs, each high to low, then the Joker
    assert [card_name(c) for c in cards_of(HASENPFEFFER.deck)] == (
        "AS KS QS JS TS 9S AH KH QH JH TH 9H AD KD QD JD TD 9D AC KC QC JC TC 9C JK".split()
    )


# --- hands --------------------------------------------------------------------------------


def test_hand_example_of_the_notation():
    assert parse_hand("AJ.K9..Q*") == cards("AS JS KH 9H QC JK")
    assert format_hand(cards("AS JS KH 9H QC JK")) == "AJ.K9..Q*"


@pytest.mark.parametrize(
    "text", ["*AJ.K9..Q", "AJ*.K9..Q", "AJ.K*9..Q", "AJ.K9.*.Q", "AJ.K9..*Q", "JA.9K..Q*", "aj.k9..q*", "Aj.9k..*q"]
)
def test_hand_input_forms(text):
    """The Joker anywhere, ranks in any order, any case: all the same hand."""
    assert parse_hand(text) == cards("AS JS KH 9H QC JK")
    assert format_hand(parse_hand(text)) == "AJ.K9..Q*"


def test_hand_ten():
    assert parse_hand("A10.10..109") == parse_hand("AT.T..T9") == cards("AS TS TH TC 9C")
    assert format_hand(parse_hand("10.10.10.10")) == "T.T.T.T"


def test_empty_hand():
    assert parse_hand("...") == 0 and format_hand(0) == "..."
    assert parse_hand("..*.") == 1 << JOKER and format_hand(1 << JOKER) == "...*"


@pytest.mark.parametrize("seed", range(50))
def test_hand_round_trip(seed):
    rng = random.Random(seed)
    mask = sum(1 << c for c in rng.sample(ALL_CARDS, rng.randint(0, 12)))
    text = format_hand(mask)
    assert parse_hand(text) == mask and format_hand(parse_hand(text)) == text
    assert parse_hand(text.lower()) == mask
    assert text.count(".") == 3 and ("*" not in text or text.endswith("*"))
    for section in text.rstrip("*").split("."):  # high to low
        assert list(section) == sorted(section, key="AKQJT987".index)


@pytest.mark.parametrize(
    "text, found",
    [
        ("A*.K*..", "the Joker '*' appears 2 times"),
        ("***...", "the Joker '*' appears 3 times"),
        ("AJ.K9.Q", "expected 3 dots (spades.hearts.diamonds.clubs), found 2"),
        ("AJ.K9.Q..", "expected 3 dots (spades.hearts.diamonds.clubs), found 4"),
        ("AS KH", "expected 3 dots (spades.hearts.diamonds.clubs), found 0"),
        ("", "expected 3 dots (spades.hearts.diamonds.clubs), found 0"),
        ("AX.K..", "not a rank: 'X' in the S section"),
        ("A.K.1.", "not a rank: '1' in the D section"),
        ("A.K..Q♣", "not a rank: '♣' in the C section"),
        ("A.K.. 9", "not a rank: ' ' in the C section"),
        ("AA...", "AS is listed twice"),
        ("..T10.", "TD is listed twice"),
        ("...9q9", "9C is listed twice"),
    ],
)
def test_bad_hand(text, found):
    message = raises(NotationError, parse_hand, text)
    assert message.startswith("hand: ") and found in message and repr(text) in message


def test_bad_hand_names_where_it_stands():
    assert raises(NotationError, parse_hand, "AX...", "E's hand").startswith("E's hand: not a rank: 'X'")


# --- deals --------------------------------------------------------------------------------


def test_example_deal(hasenpfeffer):
    deal = Deal(hasenpfeffer.deal)
    assert deal.dealer == 0  # the first seat of the string
    assert deal.hands == (
        cards("AS KH AC QC JC JK"),
        cards("AH QH AD KD TD KC"),
        cards("TS 9S TH 9H 9D TC"),
        cards("QS JS JH QD JD 9C"),
    )
    assert deal.widow == deal.extra == parse_card("KS")
    assert deal.notation() == hasenpfeffer.deal
    assert str(deal.hand(0)) == "AS KH AC QC JC JK"


def test_canonical_deal_starts_with_the_dealer(hasenpfeffer):
    deal = Deal(hasenpfeffer.deal, dealer="W")
    assert deal.notation() == EXAMPLE_FROM_W
    again = Deal(deal.notation())
    assert again == deal and again.dealer == 3
    assert repr(deal) == f"Deal({EXAMPLE_FROM_W!r})"
    assert eval(repr(deal), {"Deal": Deal}) == deal


@pytest.mark.parametrize("dealer", ["W", "w", 3, " w "])
def test_dealer_forms(dealer, hasenpfeffer):
    assert Deal(hasenpfeffer.deal, dealer=dealer).dealer == 3


def test_deal_input_forms(hasenpfeffer):
    """Lower case, '10', the Joker anywhere, ranks in any order, the widow left out."""
    same = Deal(hasenpfeffer.deal)
    for text in [
        "n:a.k..aqj* .aq.akt.k t9.t9.9.t qj.j.qj.9 ks",
        "N:A.K..*AQJ .QA.AK10.K 9T.T9.9.10 JQ.J.JQ.9 KS",
        "N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9",
        "  N:A.K..AQJ*   .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 K♠  ",
        "N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 ks",
    ]:
        assert Deal(text) == same, text


def test_deal_listed_from_another_seat(hasenpfeffer):
    deal = Deal("E:.AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 A.K..AQJ* KS")
    assert deal.hands == Deal(hasenpfeffer.deal).hands and deal.dealer == 1
    assert deal.notation() == "E:.AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 A.K..AQJ* KS"


def test_widow_inferred(hasenpfeffer):
    deal = Deal("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9")
    assert card_name(deal.widow) == "KS"
    assert deal.notation() == hasenpfeffer.deal  # printed with the widow


def random_deal_text(rng: random.Random) -> tuple[str, int]:
    deck = cards_of(HASENPFEFFER.deck)
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[6 * s : 6 * s + 6]) for s in range(4)]
    first = rng.randrange(4)
    fields = [format_hand(hands[(first + i) % 4]) for i in range(4)]
    if rng.random() < 0.5:
        fields.append(card_name(deck[24]))
    return "NESW"[first] + ":" + " ".join(fields), rng.randrange(4)


@pytest.mark.parametrize("seed", range(40))
def test_deal_round_trip(seed):
    rng = random.Random(seed)
    text, dealer = random_deal_text(rng)
    deal = Deal(text, dealer=dealer)
    printed = deal.notation()
    assert printed.startswith("NESW"[dealer] + ":")
    again = Deal(printed)
    assert again == deal and again.notation() == printed
    assert Deal(printed.lower()) == deal
    assert sum(deal.hands) | 1 << deal.widow == HASENPFEFFER.deck


def test_deal_diagram_shows_every_hand(hasenpfeffer):
    text = str(Deal(hasenpfeffer.deal, dealer="W"))
    assert "W (dealer)" in text and "widow: KS" in text
    for row in ("♣ A Q J  JK", "♦ A K T", "♠ T 9", "♠ Q J"):
        assert row in text


# the errors of solver/deal.py, each with what the message must name

BAD_DEALS = [
    # (deal string, error class, what the message must contain)
    ("N A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", NotationError, "no ':' in"),
    ("X:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", NotationError, "deal: first seat: not a seat: 'X'"),
    ("NE:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", NotationError, "deal: first seat: not a seat: 'NE'"),
    (":A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", NotationError, "deal: first seat: not a seat: ''"),
    (
        "N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T",
        NotationError,
        "deal: hasenpfeffer expects 4 or 5 fields (4 hands, then the widow), found 3",
    ),
    ("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS 9C", NotationError, "found 6"),
    ("N:", NotationError, "found 0"),
    (
        "N:A.K..AQJ* .AQ.AKX.K T9.T9.9.T QJ.J.QJ.9 KS",
        NotationError,
        "deal: E's hand: not a rank: 'X' in the D section of '.AQ.AKX.K'",
    ),
    (
        "N:A.K..AQJ* .AQ.AKT.K T9.T9.9 QJ.J.QJ.9 KS",
        NotationError,
        "deal: S's hand: expected 3 dots (spades.hearts.diamonds.clubs), found 2: 'T9.T9.9'",
    ),
    ("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ*.9* KS", NotationError, "deal: W's hand: the Joker '*' appears 2 times"),
    (
        "N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QQJ.9 KS",
        NotationError,
        "deal: W's hand: QD is listed twice: 'QJ.J.QQJ.9'",
    ),
    ("N:A.K..AQJ* .AQ.AKT. T9.T9.9.T QJ.J.QJ.9 KS", InvalidDealError, "deal: E holds 5 cards, expected 6: '.AQ.AKT.'"),
    (
        "N:A.K..AQJ* .AQ.AKT.K9 T9.T9.9.T QJ.J.QJ.9 KS",
        InvalidDealError,
        "deal: E holds 7 cards, expected 6: '.AQ.AKT.K9'",
    ),
    (
        "N:7.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS",
        InvalidDealError,
        "deal: 7S in N's hand is not in the hasenpfeffer deck",
    ),
    (
        "N:A.K..AQJ* .AQ.AKT.8 T9.T9.9.T QJ.J.QJ.9 KS",
        InvalidDealError,
        "deal: 8C in E's hand is not in the hasenpfeffer deck",
    ),
    ("N:A.K..AQJ* A.AQ.AKT. T9.T9.9.T QJ.J.QJ.9 KS", InvalidDealError, "deal: AS is in both N's and E's hands"),
    ("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.* KS", InvalidDealError, "deal: JK is in both N's and W's hands"),
    ("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KX", NotationError, "deal: widow: not a card: 'KX'"),
    (
        "N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 8H",
        InvalidDealError,
        "deal: the widow 8H is not in the hasenpfeffer deck",
    ),
    ("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 QD", InvalidDealError, "deal: the widow QD is also in W's hand"),
    ("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 *", InvalidDealError, "deal: the widow JK is also in N's hand"),
]


@pytest.mark.parametrize("text, error, found", BAD_DEALS, ids=[f[2][:40] for f in BAD_DEALS])
def test_bad_deal(text, error, found):
    message = raises(error, Deal, text)
    assert found in message


def test_bad_deal_quotes_the_input():
    for text in ("N A.K", "N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T"):
        assert repr(text) in raises(NotationError, Deal, text)


def test_deal_must_be_a_string(hasenpfeffer):
    assert "deal: expected a string, got bytes" in raises(NotationError, Deal, hasenpfeffer.deal.encode())
    assert "deal: expected a string, got NoneType" in raises(NotationError, Deal, None)


@pytest.mark.parametrize("dealer", ["X", "", "NW", 4, -1, True, 1.5, []])
def test_bad_dealer(dealer, hasenpfeffer):
    message = raises(NotationError, Deal, hasenpfeffer.deal, dealer=dealer)
    assert message.startswith("dealer: not a seat: ") and repr(dealer) in message


@pytest.mark.parametrize("text", ["X", "", "north", "NE", "1"])
def test_bad_seat(text):
    message = raises(NotationError, parse_seat, text)
    assert message == f"seat: not a seat: {text!r} (expected one of N, E, S, W)"


def test_seat_forms():
    assert [parse_seat(s) for s in ("N", "e", " S ", "w")] == [0, 1, 2, 3]


# the errors that Hasenpfeffer's own deck cannot reach: variants are data, so make one

FIVE_CARD = Variant(
    name="fivecard", deck=HASENPFEFFER.deck, hand_size=5, seats=(0, 1, 2, 3), extra_card="widow", extra_optional=True
)
TWO_SEATS = Variant(
    name="twoseat", deck=HASENPFEFFER.deck, hand_size=6, seats=(0, 2), extra_card="upcard", extra_optional=False
)


def test_widow_cannot_be_inferred():
    text = "N:A.K..AQJ .AQ.AK.K T9.T9.9. QJ.J.Q.9"  # 20 cards of 25: 5 missing
    message = raises(InvalidDealError, Deal, text, variant=FIVE_CARD)
    assert "deal: cannot infer the widow: 5 cards are missing (KS JD TD TC JK), expected exactly one" in message


def test_cards_dealt_to_nobody():
    text = "N:A.K..AQJ .AQ.AK.K T9.T9.9. QJ.J.Q.9 JK"
    message = raises(InvalidDealError, Deal, text, variant=FIVE_CARD)
    assert "deal: KS JD TD TC dealt to nobody, though the deck has 25 cards" in message


def test_variant_with_two_seats():
    deal = Deal("S:T9.T9.9.T A.K..AQJ* KS", variant=TWO_SEATS)
    assert deal.notation() == "S:T9.T9.9.T A.K..AQJ* KS"
    assert deal.hands[1] == deal.hands[3] == 0
    message = raises(NotationError, Deal, "E:T9.T9.9.T A.K..AQJ* KS", variant=TWO_SEATS)
    assert "deal: twoseat deals to N, S, not E" in message
    message = raises(NotationError, Deal, "N:A.K..AQJ* T9.T9.9.T", variant=TWO_SEATS)
    assert "deal: twoseat expects 3 fields (2 hands, then the upcard), found 2" in message


@pytest.mark.parametrize("text", ["", "♠♥", "♥♦♣", "SH"])
def test_parse_suit_takes_exactly_one_suit(text):
    # the symbols are matched as one character each, not as a substring of "♠♥♦♣"
    assert parse_suit(text) == -1


@pytest.mark.parametrize("text, suit", [("C", 3), ("c", 3), (" h ", 1), ("♣", 3), ("♥", 1)])
def test_trump_takes_a_letter_or_a_symbol_as_cards_do(text, suit):
    assert parse_trump(text) == suit


@pytest.mark.parametrize("text", ["", "♠♥", "CC", "X", "♤"])
def test_bad_trump(text):
    with pytest.raises(NotationError, match="trump: not a trump suit"):
        parse_trump(text)


def test_a_very_long_input_is_quoted_short():
    """One bad token must not flood a terminal: the message quotes the start and the length."""
    text = "N:" + "A" * 100_000
    with pytest.raises(ValueError) as caught:
        Deal(text)
    message = str(caught.value)
    assert len(message) < 200
    assert "'N:AAAA" in message and f"({len(text)} characters)" in message


def test_a_deal_that_fits_a_game_whose_extra_card_may_be_left_out_names_it() -> None:
    """A Hasenpfeffer deal without its widow (which may be left out) read as Euchre: four
    fields, where Euchre needs its upcard too; the message says which game the deal fits."""
    with pytest.raises(NotationError) as refused:
        Deal("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9", dealer="W", variant="euchre")
    assert str(refused.value).endswith(
        '(6-card hands in 4 fields fit hasenpfeffer: pass --variant hasenpfeffer, or "variant" in the API)'
    )


def test_a_deal_from_masks_refuses_an_extra_card_that_a_hand_holds_or_the_deck_lacks() -> None:
    deal = Deal("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", dealer="W")
    hands = tuple(int(hand) for hand in deal.hands)
    held = next(iter(deal.hands[0]))  # a card of N's
    with pytest.raises(InvalidDealError, match=rf"deal: the widow {held} is not free"):
        Deal.from_masks(hands, int(held), dealer=3)
    eight = parse_card("8C")  # no 8 in Hasenpfeffer's deck
    with pytest.raises(InvalidDealError, match="deal: the widow 8C is not free"):
        Deal.from_masks(hands, eight, dealer=3)
    assert Deal.from_masks(hands, int(deal.extra), dealer=3).notation() == deal.notation()
