"""Input from people and programs, checked and turned into the solver's types: one place
for the CLI, the web API and the Python API alike.

Seats, suits and cards are taken as names (``"N"``, ``"C"``, ``"KH"``), as the library's
``Seat``, ``Suit`` and ``CardId``, or as their ints; anything else is a ``NotationError``
that names the field, never a silent default.
"""

from __future__ import annotations

from functools import lru_cache

from ..core.cards import SUIT_NAMES, SUITS, CardId, Mask, card_name, parse_card, parse_hand, parse_suit
from ..core.deal import Deal, read_deal
from ..core.errors import InvalidDealError, NotationError, quoted
from ..core.names import Card, CardSet, NamedInt
from ..core.seats import SEATS, parse_seat
from ..core.settings import Settings, SettingsLike, settings_for
from ..core.variants import HASENPFEFFER, Variant, variant_for
from ..play.state import BestCard, Contract, PlayState, declarer_cards, exchanging_seat, nobody_takes, replay
from ..rules.seating import check_lead_settings, playing_seats

DEFAULT_LAYOUTS = 1000  # random layouts a simulation solves unless told: a standard error of ~0.03 tricks
# the most layouts the declarer's later choice (trump and discard, after the widow) is made on,
# per widow: its loss against a choice on 2,000 layouts is 0.002 in P(make), 0.007 on 60
# (benchmarks/choice_accuracy.py, docs/variants.md)
DEFAULT_CHOICE_LAYOUTS = 240
DEFAULT_REVIEW_LAYOUTS = 200  # random layouts per decision of a fair review: a standard error near 0.05 tricks


def coerce_variant(variant: Variant | str | None = None, deck: int | str | None = None) -> Variant | None:
    """A variant given by name (with its deck size) or as a ``Variant``; None when neither
    is given, so that a ``Deal`` keeps its own."""
    if isinstance(variant, Variant):
        if deck is not None and variant_for(variant.name, deck) != variant:
            raise NotationError(f"deck: {variant.label} is not played with {quoted(deck)} cards")
        return variant
    if variant is None and deck is None:
        return None
    return variant_for(variant, deck)


def coerce_settings(variant: Variant, settings: SettingsLike = None) -> Settings:
    """Table settings as a ``Settings`` or by name, checked against the variant (``settings_for``)."""
    return settings_for(variant, settings)


def coerce_hand(cards: str | CardSet, where: str) -> Mask:
    """Cards in the dotted form (``A.K..AQJ*``), as a list (``AS KH JK``) or a ``CardSet``."""
    if isinstance(cards, CardSet):
        return cards.mask
    if not isinstance(cards, str):
        raise NotationError(f"{where}: expected cards as a string, got {quoted(cards)}")
    if "." in cards:
        return parse_hand(cards.strip(), where)
    return CardSet.from_names(cards, where).mask


def coerce_card(card: str | int, where: str) -> CardId:
    if isinstance(card, str):
        return parse_card(card, where)
    if isinstance(card, NamedInt) and type(card).kind == "card":
        return int(card)
    raise NotationError(f"{where}: not a card: {quoted(card)} (expected a card like 'KH')")


def coerce_deal(deal: Deal | str, dealer: str | int | None = None, variant: Variant | None = None) -> Deal:
    """A Deal from a string, or a Deal with its dealer replaced when one is given."""
    if not isinstance(deal, Deal):
        return parsed_deal(deal, dealer, variant or HASENPFEFFER)
    if variant is not None and variant != deal.variant:
        raise NotationError(f"variant: the deal is a {deal.variant.label} deal, not {variant.label}")
    return deal if dealer is None else read_deal(deal.notation(), dealer, deal.variant, deal.settings)


@lru_cache(maxsize=256)
def parsed_deal(text: str, dealer: str | int | None, variant: Variant) -> Deal:
    """``Deal(text, dealer, variant)``, parsed once for a text asked for again (a Deal is
    never changed once made, so one object serves every caller)."""
    return read_deal(text, dealer, variant)


def coerce_defender(defender: str | int | None, declarer: int | None, alone: bool) -> int | None:
    """The lone defender's seat; one needs a lone declarer to defend against."""
    if defender is None:
        return None
    seat = coerce_seat(defender, "defender")
    if declarer is None:
        raise NotationError("defender: a lone defender needs the declarer too (--declarer)")
    if not alone:
        raise NotationError("defender: a defender plays alone only against a lone declarer (--alone)")
    return seat


def coerce_seat(seat: str | int, where: str) -> int:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(SEATS):
        return seat
    if isinstance(seat, str):
        return parse_seat(seat, where)
    raise NotationError(f"{where}: not a seat: {quoted(seat)} (expected one of N, E, S, W)")


def check_flags(optional: bool = False, **flags: object) -> None:
    """Each of ``flags`` (``alone=...``) true or false; None too, left out, when ``optional``."""
    for name, value in flags.items():
        if not isinstance(value, bool) and not (optional and value is None):
            raise NotationError(f"{name}: expected true or false, got {value!r}")


def make_contract(
    declarer: str | int, trump: str | int, discard: str | CardId, alone: bool = False, lone_defender: int | None = None
) -> Contract:
    """A contract from notation (``"N"``, ``"C"``, ``"KH"``) or from ints."""
    seat = coerce_seat(declarer, "declarer")
    suit = coerce_trump(trump)
    card = coerce_card(discard, "discard")
    check_flags(alone=alone)
    return Contract(seat, suit, card, alone, lone_defender)


def check_contract_notation(declarer: str | int, trump: str | int, discard: str | int | None) -> None:
    """Refuse a seat, suit or card of a contract that is no seat, suit or card."""
    coerce_seat(declarer, "declarer")
    coerce_trump(trump)
    if discard is not None:
        make_contract(declarer, trump, discard)


BestLike = str | BestCard | None  # a call for best: "JK for 9C", or the pair of cards


def request_position(
    deal: Deal | str,
    declarer: str | int | Contract,
    trump: str | int | None = None,
    discard: str | int | None = None,
    alone: bool = False,
    defender: str | int | None = None,
    played: str = "",
    best: BestLike = None,
    defender_best: BestLike = None,
) -> PlayState:
    """The position of a ``solve`` or ``review`` request, in any variant: the notation of the
    contract first, then the deal (with its settings), the contract against the deal, and
    the play record (``played``) onto it. ``declarer`` may be a whole ``Contract``, with
    none of the other fields of one given."""
    if isinstance(declarer, Contract):
        given = {
            "trump": trump,
            "discard": discard,
            "alone": alone or None,
            "defender": defender,
            "best": best,
            "defender_best": defender_best,
        }
        if any(value is not None for value in given.values()):
            named = ", ".join(name for name, value in given.items() if value is not None)
            raise NotationError(f"contract: give a Contract or its fields, not both (also given: {named})")
        dealt = coerce_deal(deal)
        contract = declarer
        declarer, trump, alone, defender = contract.declarer, contract.trump, contract.alone, contract.lone_defender
        best, defender_best, discard = contract.best, contract.defender_best, contract.discard
        seats = playing_seats(dealt.variant, declarer, alone, defender)
        if discard == dealt.extra and exchanging_seat(dealt, trump, declarer, seats, dealt.settings) is None:
            discard = None  # a Contract names the upcard where nobody takes it: no discard to give
        deal = dealt
    if trump is None:
        raise NotationError("trump: give the trump suit (S, H, D or C), or a Contract as the declarer")
    check_contract_notation(declarer, trump, discard)
    dealt = coerce_deal(deal)
    settings = dealt.settings
    contract = contract_for(dealt, declarer, trump, discard, alone, defender, settings)
    contract = contract._replace(
        best=coerce_best(best, "best"), defender_best=coerce_best(defender_best, "defender_best")
    )
    check_lead_settings(settings, contract.alone, contract.lone_defender)
    return replay(PlayState(dealt, contract, settings), played)


def coerce_best(call: BestLike, where: str) -> BestCard | None:
    """A call for best (Railroad) as given: ``"JK for 9C"``, a ``BestCard``, or None."""
    if call is None or isinstance(call, BestCard):
        return call
    if not isinstance(call, str):
        raise NotationError(
            f"{where}: expected the card passed and the card put away, like 'JK for 9C', got {quoted(call)}"
        )
    passed, word, away = call.strip().partition(" for ")
    if not word or not passed.strip() or not away.strip():
        raise NotationError(
            f"{where}: expected '<card passed> for <card put away>', like 'JK for 9C', got {quoted(call)}"
        )
    return BestCard(Card(parse_card(passed.strip(), where)), Card(parse_card(away.strip(), where)))


def coerce_trump(trump: str | int) -> int:
    if isinstance(trump, int) and not isinstance(trump, bool) and 0 <= trump < len(SUITS):
        return trump
    if not isinstance(trump, str):
        raise NotationError(f"trump: not a trump suit: {quoted(trump)} (expected one of S, H, D, C)")
    return parse_trump(trump)


def contract_for(
    deal: Deal,
    declarer: str | int,
    trump: str | int,
    discard: str | int | None = None,
    alone: bool = False,
    defender: str | int | None = None,
    settings: Settings | None = None,
) -> Contract:
    """The contract of a request on ``deal``, in any variant, checked against the deal (by
    its own table rules unless ``settings`` are given).

    ``discard``: in Hasenpfeffer the declarer's (always needed); in Euchre the dealer's
    when the dealer takes the upcard (needed then, and an error when nobody exchanges: it
    is never ignored). ``defender``: an opponent who plays alone against the lone declarer.
    """
    settings = deal.settings if settings is None else settings
    seat = coerce_seat(declarer, "declarer")
    check_flags(alone=alone)
    lone = coerce_defender(defender, seat, alone)
    suit = coerce_trump(trump)
    # who plays, and who takes the extra card: the declarer the widow, always; the dealer the
    # upcard, where it plays and its suit is trump (the contract with the upcard as its
    # discard is valid whether or not anyone exchanges)
    seats = playing_seats(deal.variant, seat, alone, lone)
    taker = exchanging_seat(deal, suit, seat, seats, settings)
    upcard = card_name(deal.extra)
    if taker is None:
        if discard is not None:
            why = nobody_takes(deal, suit, seats, settings)
            raise InvalidDealError(
                f"discard: nobody takes the upcard {upcard} ({why}), so there is no "
                f"discard; leave it out (got {discard!r})"
            )
        return Contract(seat, suit, deal.extra, alone, lone)
    if discard is None:
        exchanger, extra = deal.variant.exchanger, deal.variant.extra_card
        with_trump = f" with {SUIT_NAMES[suit]} trump" if exchanger == "dealer" else ""
        raise InvalidDealError(
            f"discard: the {exchanger} {SEATS[taker]} takes the {extra} {upcard}{with_trump}: give the "
            f'{exchanger}\'s discard (--discard, "discard"), one of {CardSet(declarer_cards(deal, taker))}'
        )
    return make_contract(seat, suit, discard, alone, lone)


def parse_trump(text: str, where: str = "trump") -> int:
    """A trump suit: a letter or a symbol, as in a card (``C``, ``c``, ``♣``)."""
    suit = parse_suit(text.strip()) if isinstance(text, str) else -1
    if suit < 0:
        raise NotationError(f"{where}: not a trump suit: {quoted(text)} (expected one of S, H, D, C)")
    return suit
