"""Hands and deals in the notation of docs/notation.md: strict parsing, canonical printing.

A deal carries its table settings (``hasen.core.settings``, which imports nothing above
this layer: tests/test_layers.py counts it in it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import (
    CARD_IDS,
    JOKER,
    JOKER_NAME,
    RANKS,
    RANKS_PER_SUIT,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    CardId,
    Mask,
    card_name,
    cards_of,
    parse_card,
    parse_hand,
    rank_of,
    suit_of,
)
from .errors import InvalidDealError, NotationError, quoted
from .names import Card, CardSet, Seat, SeatLike, card_set_of
from .seats import NUM_SEATS, SEATS, parse_seat
from .settings import DEFAULT_SETTINGS, Settings, SettingsLike, joker_suit, settings_for
from .variants import HASENPFEFFER, VARIANTS, DeckSize, Variant, VariantName, variant_for


def format_hand(mask: Mask) -> str:
    """Canonical dotted form: ranks high to low, the Joker as a trailing ``*``."""
    sections = _SECTION_TEXT
    try:
        text = (
            f"{sections[mask & 0xFF]}.{sections[mask >> 8 & 0xFF]}.{sections[mask >> 16 & 0xFF]}."
            f"{sections[mask >> 24 & 0xFF]}"
        )
    except KeyError:
        for suit in range(len(SUITS)):
            ranks = mask >> (RANKS_PER_SUIT * suit) & 0xFF
            sections[ranks] = "".join(RANKS[r] for r in reversed(range(RANKS_PER_SUIT)) if ranks >> r & 1)
        return format_hand(mask)
    return text + "*" if mask >> JOKER & 1 else text


# a suit's byte of a mask -> its section, ranks high to low; filled as met
_SECTION_TEXT: dict[int, str] = {}


class Deal:
    """A whole deal: every hand, the widow or upcard, and the dealer; the game it is dealt
    for (its variant and deck) and the table rules it is played by (``settings``), so that
    every analysis of it needs only the deal and what is its own.

    ``Deal('N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS', dealer='W')``; ``repr`` is the
    canonical constructor (the string starts with the dealer), ``str`` the diagram.

    >>> deal = Deal("N:..KQT9.9 T9.AKQ.. AS", variant="euchre2")
    >>> deal.hand("S"), deal.upcard, deal.dealer
    (CardSet('TS 9S AH KH QH'), Card('AS'), Seat('N'))
    >>> Deal("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", settings={"first_lead": "declarer"}).settings
    Settings(first_lead='declarer', lone_lead='left_of_loner', fail_penalty='bid', defenders_score=False, \
bidding='plain', joker_upcard='dealer_names', all_pass='redeal', call_for_best=True, euchred='others_score', \
game_points=10)
    """

    # a value: set once, as it is made (``replace`` makes another), so that a deal kept in a
    # set or as a key stays findable and an analysis never sees it change
    __slots__ = ("_variant", "_hands", "_extra", "_dealer", "_settings")
    _variant: Variant
    _hands: tuple[CardSet, ...]
    _extra: Card
    _dealer: Seat
    _settings: Settings

    @property
    def variant(self) -> Variant:
        return self._variant

    @property
    def hands(self) -> tuple[CardSet, ...]:
        """By seat; empty for a seat the game leaves out."""
        return self._hands

    @property
    def extra(self) -> Card:
        """The widow or the upcard."""
        return self._extra

    @property
    def dealer(self) -> Seat:
        return self._dealer

    @property
    def settings(self) -> Settings:
        return self._settings

    def __init__(
        self,
        text: str,
        dealer: SeatLike | None = None,
        variant: Variant | VariantName = HASENPFEFFER,
        deck: DeckSize | None = None,
        settings: SettingsLike = None,
    ) -> None:
        if not isinstance(text, str):
            raise NotationError(f"deal: expected a string, got {type(text).__name__}")
        if isinstance(variant, str) or deck is not None:
            variant = variant_for(variant if isinstance(variant, str) else variant.name, deck)
        elif not isinstance(variant, Variant):
            raise NotationError(f"variant: expected a variant's name or a Variant, got {quoted(variant)}")
        first, hands, extra = _parse_deal(text, variant)
        # masks checked by the parser: no CardSet check again
        self._set(
            variant,
            tuple(map(card_set_of, hands)),
            Card.instances[extra],
            Seat.instances[first if dealer is None else dealer_seat(dealer, variant)],
            DEFAULT_SETTINGS if settings is None else settings_for(variant, settings),
        )

    def _set(self, variant: Variant, hands: tuple[CardSet, ...], extra: Card, dealer: Seat, settings: Settings) -> None:
        for name, value in zip(self.__slots__, (variant, hands, extra, dealer, settings), strict=True):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Deal is not changed once made: deal.replace({name}=...) makes another")

    def __delattr__(self, name: str) -> None:
        self.__setattr__(name, None)

    def __getstate__(self) -> tuple[Any, ...]:
        return self.variant, self.hands, self.extra, self.dealer, self.settings

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        self._set(*state)

    @classmethod
    def from_masks(
        cls,
        hands: tuple[Mask, ...],
        extra: CardId,
        dealer: int,
        variant: Variant = HASENPFEFFER,
        settings: Settings = DEFAULT_SETTINGS,
    ) -> Deal:
        """A deal from cards already in the solver's form (a hand per seat, 0 for a seat with
        no hand), checked as the notation is: the hand sizes, the deck, no card twice."""
        held = 0
        for seat in range(NUM_SEATS):
            mask = hands[seat]
            size = variant.hand_size if seat in variant.seats else 0
            if mask.bit_count() != size or mask & ~variant.deck or mask & held:
                raise InvalidDealError(f"deal: {SEATS[seat]}'s {CardSet(mask)} is no {variant.name} hand here")
            held |= mask
        if not variant.deck >> extra & 1 or held >> extra & 1:
            raise InvalidDealError(f"deal: the {variant.extra_card} {card_name(extra)} is not free")
        if variant.extra_optional and variant.deck & ~held & ~(1 << extra):
            raise InvalidDealError(f"deal: {CardSet(variant.deck & ~held & ~(1 << extra))} dealt to nobody")
        if dealer not in variant.seats:
            raise InvalidDealError(f"dealer: {variant.name} deals to {_seat_list(variant)}, not {SEATS[dealer]}")
        settings.check_for(variant)
        deal = cls.__new__(cls)
        deal._set(variant, tuple(CardSet(hand) for hand in hands), Card(extra), Seat(dealer), settings)
        return deal

    def replace(self, *, dealer: SeatLike | None = None, settings: SettingsLike = None) -> Deal:
        """The same cards with another dealer or other table settings (those not given kept).

        >>> Deal("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS").replace(dealer="W")
        Deal('W:QJ.J.QJ.9 A.K..AQJ* .AQ.AKT.K T9.T9.9.T KS')
        """
        deal = Deal.__new__(Deal)  # the cards are checked already: not read again from their text
        deal._set(
            self.variant,
            self.hands,
            self.extra,
            self.dealer if dealer is None else Seat.instances[dealer_seat(dealer, self.variant)],
            self.settings if settings is None else settings_for(self.variant, settings),
        )
        return deal

    @property
    def widow(self) -> Card:
        """The widow (Hasenpfeffer) or the upcard (Euchre): the card dealt to no hand."""
        return self.extra

    upcard = widow

    def hand(self, seat: SeatLike | int) -> CardSet:
        """A seat's cards: ``deal.hand("N")``."""
        return self.hands[Seat(seat)]

    def notation(self) -> str:
        """The canonical deal string, starting with the dealer."""
        order = _listed_seats(self.dealer, self.variant)
        fields = [format_hand(self.hands[s]) for s in order] + [card_name(self.extra)]
        return f"{SEATS[order[0]]}:" + " ".join(fields)

    def __repr__(self) -> str:
        """The constructor: the canonical string (it starts with the dealer), and the variant,
        deck and settings when they are not the defaults."""
        extra = ""
        if self.variant != HASENPFEFFER:
            extra += f", variant={self.variant.name!r}"
            if self.variant != variant_for(self.variant.name):
                extra += f", deck={self.variant.deck_size}"
        if self.settings.changed():
            extra += f", settings={self.settings.changed()!r}"
        return f"Deal({self.notation()!r}{extra})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Deal)
            and other.variant == self.variant
            and other.hands == self.hands
            and other.extra == self.extra
            and other.dealer == self.dealer
            and other.settings == self.settings
        )

    def __hash__(self) -> int:
        return hash((self.variant, self.hands, self.extra, self.dealer, self.settings))

    def __str__(self) -> str:
        return diagram(self)


def read_deal(
    text: str,
    dealer: str | int | None = None,
    variant: Variant | str | None = None,
    settings: Settings | Mapping[str, object] | None = None,
) -> Deal:
    """``Deal(text, dealer, variant, settings=settings)`` of values a program read as text (a
    command line, a request body), whose names a type checker cannot know: the Deal checks
    them all the same, so a bad one is the same error."""
    chosen = variant_for(variant) if variant is None or isinstance(variant, str) else variant
    return Deal(text, dealer, chosen, settings=settings)  # type: ignore[arg-type]


def _listed_seats(first: int, variant: Variant) -> tuple[int, ...]:
    """The variant's seats clockwise from ``first`` (the first dealt seat at or after it)."""
    orders = _LISTED.get(variant.seats)
    if orders is None:
        orders = _LISTED[variant.seats] = tuple(
            tuple(s for s in _CLOCKWISE[start] if s in variant.seats) for start in range(NUM_SEATS)
        )
    return orders[first]


_CLOCKWISE = tuple(tuple((first + i) % NUM_SEATS for i in range(NUM_SEATS)) for first in range(NUM_SEATS))
_LISTED: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}  # a variant's seats -> their order from each seat


def dealer_seat(dealer: SeatLike | str | int, variant: Variant) -> int:
    """The dealer given, a seat the game deals to."""
    if isinstance(dealer, int) and not isinstance(dealer, bool) and 0 <= dealer < NUM_SEATS:
        seat = int(dealer)
    elif isinstance(dealer, str):
        seat = SEATS.find(dealer) if len(dealer) == 1 else -1
        if seat < 0:
            seat = parse_seat(dealer, "dealer")
    else:
        raise NotationError(f"dealer: not a seat: {quoted(dealer)} (expected one of N, E, S, W)")
    if seat not in variant.seats:
        raise NotationError(f"dealer: {variant.name} deals to {_seat_list(variant)}, so {SEATS[seat]} cannot deal")
    return seat


def _seat_list(variant: Variant) -> str:
    return ", ".join(SEATS[s] for s in variant.seats)


def _variant_hint(fields: list[str], variant: Variant) -> str:
    """When a deal fits another variant (its hand count and its field count), a hint that
    says which to choose; else nothing."""
    counts = set()
    for field in fields:
        try:
            counts.add(parse_hand(field).bit_count())
        except NotationError:
            pass  # the upcard or widow field, or a bad hand reported on its own
    try:  # the field after the hands: a card, or (where the extra card may be left out) a hand
        extra_given = bool(fields) and parse_card(fields[-1]) is not None
    except NotationError:
        extra_given = False
    names = []
    for name, decks in VARIANTS.items():
        other = next(iter(decks.values()))  # every deck of a variant has the same hands
        fits = (
            len(fields) == len(other.seats) + 1
            and extra_given
            or other.extra_optional
            and len(fields) == len(other.seats)
            and not extra_given
        )
        if name != variant.name and counts == {other.hand_size} and fits:
            names.append(name)
    if not names:
        return ""
    choices = " or ".join(f"--variant {n}" for n in names)
    return (
        f" ({next(iter(counts))}-card hands in {len(fields)} fields fit {' or '.join(names)}: "
        f'pass {choices}, or "variant" in the API)'
    )


def hand_hint(size: int, variant: Variant) -> str:
    """When a hand of ``size`` cards is another game's, a hint naming the ``--variant`` that
    fits it; else nothing."""
    names = [
        name
        for name, decks in VARIANTS.items()
        if name != variant.name and next(iter(decks.values())).hand_size == size
    ]
    if not names:
        return ""
    choices = " or ".join(f"--variant {n}" for n in names)
    return f' ({size}-card hands fit {" or ".join(names)}: pass {choices}, or "variant" in the API)'


def deck_hint(card: CardId, variant: Variant) -> str:
    """When another deck of the same variant, or another game, has the card, a hint naming
    the option that fits."""
    hint = _deck_hint(card, variant)
    if hint:
        return hint
    games = [name for name, decks in VARIANTS.items() if any(v.deck >> card & 1 for v in decks.values())]
    return f" ({card_name(card)} is a card of {' or '.join(games)}: --variant {games[0]})" if games else ""


def _deck_hint(card: CardId, variant: Variant) -> str:
    """When another deck of the same variant has the card, a hint naming it."""
    sizes = [size for size, v in VARIANTS.get(variant.name, {}).items() if v.deck >> card & 1]
    return f" (it is in the {sizes[0]}-card deck: --deck {sizes[0]})" if sizes else ""


def _parse_deal(text: str, variant: Variant) -> tuple[int, tuple[Mask, ...], CardId]:
    """Check the whole string before building anything; return (first seat, hands, extra)."""
    head, colon, body = text.strip().partition(":")
    if not colon:
        raise NotationError(f"deal: expected '<seat>:<hands>', no ':' in {quoted(text)}")
    first = SEATS.find(head) if len(head) == 1 else -1
    if first < 0:
        first = parse_seat(head, "deal: first seat")
    if first not in variant.seats:
        raise NotationError(f"deal: {variant.name} deals to {_seat_list(variant)}, not {SEATS[first]}: {quoted(text)}")
    fields = body.split()
    order = _listed_seats(first, variant)
    n = len(order)
    allowed = (n, n + 1) if variant.extra_optional else (n + 1,)
    if len(fields) not in allowed:
        want = " or ".join(str(a) for a in allowed)
        raise NotationError(
            f"deal: {variant.name} expects {want} fields ({n} hands"
            f"{', then the ' + variant.extra_card}), found {len(fields)}: {quoted(text)}"
            + _variant_hint(fields, variant)
        )
    hands = [0] * NUM_SEATS
    held = 0
    size, outside = variant.hand_size, ~variant.deck
    for seat, field in zip(order, fields):
        mask = parse_hand(field, f"deal: {SEATS[seat]}'s hand")
        if mask.bit_count() != size:
            raise InvalidDealError(
                f"deal: {SEATS[seat]} holds {mask.bit_count()} cards, expected {size}: {quoted(field)}"
                + _variant_hint(fields, variant)
            )
        if mask & outside or mask & held:  # checked card by card only to say which
            for card in cards_of(mask):
                if not variant.deck >> card & 1:
                    raise InvalidDealError(
                        f"deal: {card_name(card)} in {SEATS[seat]}'s hand is not in the {variant.name} deck "
                        f"({variant.deck_size} cards){_deck_hint(card, variant)}"
                    )
                if held >> card & 1:
                    raise InvalidDealError(
                        f"deal: {card_name(card)} is in both {SEATS[_owner(hands, card)]}'s and {SEATS[seat]}'s hands"
                    )
        hands[seat] = mask
        held |= mask
    if len(fields) > n:
        extra = CARD_IDS.get(fields[n], -1)
        if extra < 0:
            extra = parse_card(fields[n], f"deal: {variant.extra_card}")
        if not variant.deck >> extra & 1:
            raise InvalidDealError(
                f"deal: the {variant.extra_card} {card_name(extra)} is not in the "
                f"{variant.name} deck ({variant.deck_size} cards){_deck_hint(extra, variant)}"
            )
        if held >> extra & 1:
            raise InvalidDealError(
                f"deal: the {variant.extra_card} {card_name(extra)} is also in {SEATS[_owner(hands, extra)]}'s hand"
            )
        if variant.extra_optional:
            # the hands and the widow make the whole deck, so nothing can be left over
            missing = variant.deck & ~held & ~(1 << extra)
            if missing:
                raise InvalidDealError(
                    f"deal: {CardSet(missing)} dealt to nobody, though the deck has {variant.deck_size} cards"
                )
    else:
        missing = variant.deck & ~held
        if missing.bit_count() != 1:
            raise InvalidDealError(
                f"deal: cannot infer the {variant.extra_card}: {missing.bit_count()} cards are missing "
                f"({CardSet(missing)}), expected exactly one"
            )
        extra = missing.bit_length() - 1
    return first, tuple(hands), extra


def _owner(hands: list[Mask], card: CardId) -> int:
    return next(seat for seat, hand in enumerate(hands) if hand >> card & 1)


def diagram(deal: Deal, compact: bool = False) -> str:
    """The deal as a bridge-style diagram, for people. ``compact``: each column as wide as its
    hands need, not a fixed width (a phone's narrow screen)."""

    def lines(seat: int) -> list[str]:
        if seat not in deal.variant.seats:
            return []  # nobody sits there in this game (Two-handed Euchre's E and W)
        cards = cards_of(deal.hands[seat])
        rows = [SEATS[seat] + (" (dealer)" if seat == deal.dealer else "")]
        for suit in range(len(SUITS)):
            ranks = " ".join(RANKS[rank_of(c)] for c in cards if suit_of(c) == suit)
            rows.append(f"{SUIT_SYMBOLS[suit]} {ranks or '-'}")
        if deal.hands[seat] >> JOKER & 1:
            rows[-1] += f"  {JOKER_NAME}"
        return rows

    north, east, south, west = (lines(s) for s in range(NUM_SEATS))
    width = 22  # where N and S start, and E at twice that
    middle = 2 * width
    if compact:
        width = max(map(len, [*west, "W"])) + 2
        middle = width + max(map(len, [*north, *south, "N"])) + 2
    out = [" " * width + row for row in north]
    for i in range(max(len(west), len(east))):
        left = west[i] if i < len(west) else ""
        right = east[i] if i < len(east) else ""
        out.append(f"{left:<{middle}}{right}")
    out += [" " * width + row for row in south]
    out.append(f"{deal.variant.extra_card}: {upcard_text(deal.extra, deal.settings)}")
    return "\n".join(row.rstrip() for row in out)


def upcard_text(upcard: CardId, settings: Settings) -> str:
    """The upcard (or widow) by name, and the suit a turned Joker stands for where the table
    has it so (``joker_upcard: hearts``)."""
    suit = joker_suit(settings) if upcard == JOKER else None
    return card_name(upcard) + ("" if suit is None else f" (standing for {SUIT_NAMES[suit]})")
