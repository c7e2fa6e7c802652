"""The rules of the family as data: seats, variants, trump order, and the search layout.

Everything trump-relative is computed here once. The search works on a *layout*: each
effective suit owns a block of ``BLOCK_BITS`` bits of a 64-bit mask, ordered by power (a
higher bit beats a lower one), and the trump suit is always block ``TRUMP_BLOCK``. In that
form following suit is a mask test, the winner of a trick is a comparison, and cards are
compared by power without knowing which suit is trump.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from .cards import (
    JACK, JOKER, NUM_CARDS, RANKS, RANKS_PER_SUIT, SUITS, Card, Mask,
    make_card, mask_of, suit_of,
)
from .errors import NotationError, quoted
from .settings import Settings

SEATS = "NESW"
SEAT_NAMES = ("North", "East", "South", "West")
NUM_SEATS = len(SEATS)

BLOCK_BITS = 16
TRUMP_BLOCK = 3
BLOCK_MASK = (1 << BLOCK_BITS) - 1


def parse_seat(text: str, where: str = "seat") -> int:
    token = text.strip().upper()
    if len(token) != 1 or token not in SEATS:
        raise NotationError(f"{where}: not a seat: {quoted(text)} (expected one of N, E, S, W)")
    return SEATS.index(token)


def left_of(seat: int) -> int:
    """The next seat clockwise (N -> E -> S -> W)."""
    return (seat + 1) % NUM_SEATS


def partner_of(seat: int) -> int:
    return (seat + 2) % NUM_SEATS


def side_of(seat: int) -> int:
    """0 for N-S, 1 for E-W."""
    return seat % 2


@dataclass(frozen=True)
class Variant:
    """One game of the family: everything the parser, the rules and the analyses vary by."""

    name: str
    deck: Mask
    hand_size: int
    seats: tuple[int, ...]  # the seats that are dealt a hand, clockwise
    extra_card: str  # "widow" (Hasenpfeffer) or "upcard" (Euchre)
    extra_optional: bool  # may the deal string leave the extra card out?
    # who takes the extra card and discards: "declarer" (the widow, always) or "dealer"
    # (the upcard, only when its suit becomes trump)
    extra_taker: str = "declarer"
    partners: bool = True  # N-S against E-W; False: each dealt seat plays for itself
    game: str = "hasenpfeffer"  # the scoring and auction rules: "hasenpfeffer" or "euchre"

    @property
    def deck_size(self) -> int:
        return self.deck.bit_count()

    @property
    def label(self) -> str:
        """The name with the deck, for messages: ``euchre2 (32 cards)``."""
        return f"{self.name} ({self.deck_size} cards)"

    def side_of(self, seat: int) -> int:
        """The seat's side: 0 for N-S, 1 for E-W; without partners, the order of dealing."""
        return side_of(seat) if self.partners else self.seats.index(seat)

    def search_seat(self, seat: int) -> int:
        """Where the seat sits for the search, which tells sides apart by seat parity: the
        seat itself with partners; without, the two players take N and E."""
        return seat if self.partners else self.seats.index(seat)


def standard_deck(low_rank: str = "9", joker: bool = False) -> Mask:
    low = RANKS.index(low_rank)
    cards = [make_card(s, r) for s in range(len(SUITS)) for r in range(low, RANKS_PER_SUIT)]
    return mask_of(cards) | ((1 << JOKER) if joker else 0)


# the decks of the family by size: 9 to A, the same with the Joker, 7 to A
DECKS = {24: standard_deck("9"), 25: standard_deck("9", joker=True), 32: standard_deck("7")}

HASENPFEFFER = Variant(
    name="hasenpfeffer",
    deck=DECKS[25],
    hand_size=6,
    seats=(0, 1, 2, 3),
    extra_card="widow",
    extra_optional=True,
)


def _euchre(name: str, deck_size: int, seats: tuple[int, ...]) -> Variant:
    return Variant(name=name, deck=DECKS[deck_size], hand_size=5, seats=seats, extra_card="upcard",
                   extra_optional=False, extra_taker="dealer", partners=len(seats) == NUM_SEATS,
                   game="euchre")


# every variant by name and deck size; the first deck listed is the default
VARIANTS: dict[str, dict[int, Variant]] = {
    "hasenpfeffer": {25: HASENPFEFFER},
    "euchre2": {size: _euchre("euchre2", size, (0, 2)) for size in (24, 32, 25)},
    "euchre": {size: _euchre("euchre", size, (0, 1, 2, 3)) for size in (24, 25)},
}
DEFAULT_VARIANT = HASENPFEFFER.name


def variant_for(name: str | None = None, deck: int | str | None = None) -> Variant:
    """The variant called ``name`` (default Hasenpfeffer) with ``deck`` cards (default: its
    first deck); an unknown name or a deck the variant does not offer is an error."""
    name = DEFAULT_VARIANT if name is None else name
    if not isinstance(name, str) or name.strip().lower() not in VARIANTS:
        raise NotationError(f"variant: unknown variant {quoted(name)} (expected one of {', '.join(VARIANTS)})")
    decks = VARIANTS[name.strip().lower()]
    if deck is None:
        return next(iter(decks.values()))
    size = deck if isinstance(deck, int) and not isinstance(deck, bool) else None
    if isinstance(deck, str) and deck.strip().isascii() and deck.strip().isdigit():
        size = int(deck.strip())
    if size not in decks:
        sizes = [str(d) for d in decks]
        offered = sizes[0] if len(sizes) == 1 else ", ".join(sizes[:-1]) + " or " + sizes[-1]
        raise NotationError(f"deck: {name.strip().lower()} is played with {offered} cards, not {quoted(deck)}")
    return decks[size]


def active_seats(variant: Variant, declarer: int, alone: bool,
                 lone_defender: int | None = None) -> tuple[int, ...]:
    """The seats that play: the variant's, less the lone declarer's partner and, when a
    defender also plays alone, that defender's partner."""
    idle = {partner_of(declarer)} if alone else set()
    if lone_defender is not None:
        idle.add(partner_of(lone_defender))
    return tuple(s for s in variant.seats if s not in idle)


def first_leader(dealer: int, declarer: int, active: Sequence[int], alone: bool,
                 settings: Settings = Settings(), lone_defender: int | None = None) -> int:
    """Who leads the first trick, per rules.md and the table's settings."""
    if lone_defender is not None:
        return lone_defender  # two hands play: the lone defender leads
    if alone and settings.lone_lead == "left_of_loner":
        start = left_of(declarer)
    elif not alone and settings.first_lead == "declarer":
        return declarer
    else:
        start = left_of(dealer)
    seat = start
    while seat not in active:
        seat = left_of(seat)
    return seat


def takes_upcard(upcard: Card, trump: int) -> bool:
    """Does the dealer take the upcard with this trump? When it is of the trump suit as
    turned (its printed suit: a jack turned up names its own suit, not its bower's), and
    always for a Joker, which is the top trump whatever suit is named."""
    return upcard == JOKER or suit_of(upcard) == trump


# --- trump order --------------------------------------------------------------------------

def same_colour_suit(suit: int) -> int:
    """The other suit of the same colour (S<->C, H<->D)."""
    return {0: 3, 3: 0, 1: 2, 2: 1}[suit]


def left_bower(trump: int) -> Card:
    return make_card(same_colour_suit(trump), JACK)


def effective_suit(card: Card, trump: int) -> int:
    """The suit a card belongs to for following, leading and winning."""
    if card == JOKER or card == left_bower(trump):
        return trump
    return suit_of(card)


@lru_cache(maxsize=None)
def power_order(suit: int, trump: int) -> tuple[Card, ...]:
    """Every card of the universe whose effective suit is ``suit``, weakest first."""
    if suit == trump:
        right = make_card(trump, JACK)
        plain = [make_card(trump, r) for r in range(RANKS_PER_SUIT) if r != JACK]
        return (*plain, left_bower(trump), right, JOKER)
    return tuple(make_card(suit, r) for r in range(RANKS_PER_SUIT)
                 if make_card(suit, r) != left_bower(trump))


def suit_block(suit: int, trump: int) -> int:
    """The layout block of an effective suit: trump last, the plain suits in S H D C order."""
    if suit == trump:
        return TRUMP_BLOCK
    return [s for s in range(len(SUITS)) if s != trump].index(suit)


@lru_cache(maxsize=None)
def layout(trump: int) -> tuple[int, ...]:
    """Card -> bit position in the search layout, for this trump."""
    position = [0] * NUM_CARDS
    for suit in range(len(SUITS)):
        base = suit_block(suit, trump) * BLOCK_BITS
        for power, card in enumerate(power_order(suit, trump)):
            position[card] = base + power
    return tuple(position)


def _byte_layouts(trump: int) -> tuple[tuple[int, ...], ...]:
    """For each byte of a card mask, its 256 values already in the layout of ``trump``."""
    positions = layout(trump)
    tables = []
    for start in range(0, NUM_CARDS, 8):
        cards = range(start, min(start + 8, NUM_CARDS))
        tables.append(tuple(sum(1 << positions[c] for c in cards if value >> (c - start) & 1)
                            for value in range(256)))
    return tuple(tables)


# to_layout is on the path of every solve, so its tables are built once, here
_BYTE_LAYOUTS = tuple(_byte_layouts(trump) for trump in range(len(SUITS)))
assert all(len(tables) == 5 for tables in _BYTE_LAYOUTS), "to_layout reads five bytes"


def to_layout(mask: Mask, trump: int) -> Mask:
    """A card mask in the search layout of ``trump``."""
    b0, b1, b2, b3, b4 = _BYTE_LAYOUTS[trump]
    return (b0[mask & 0xFF] | b1[mask >> 8 & 0xFF] | b2[mask >> 16 & 0xFF]
            | b3[mask >> 24 & 0xFF] | b4[mask >> 32 & 0xFF])


def beats(card: Card, best: Card, trump: int) -> bool:
    """Does ``card`` beat ``best``, the card winning the trick so far?"""
    pos = layout(trump)
    a, b = pos[card], pos[best]
    if a // BLOCK_BITS == b // BLOCK_BITS:
        return a > b
    return a // BLOCK_BITS == TRUMP_BLOCK


def trick_winner(cards: Sequence[Card], trump: int) -> int:
    """Index in ``cards`` (in order played) of the card that wins the trick."""
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], trump):
            best = i
    return best


def legal_plays(hand: Mask, led: Card | None, trump: int) -> Mask:
    """The cards of ``hand`` that may be played to a trick led by ``led`` (None: leading)."""
    if led is None:
        return hand
    suit = effective_suit(led, trump)
    following = mask_of(c for c in power_order(suit, trump)) & hand
    return following or hand


__all__ = [
    "SEATS", "SEAT_NAMES", "NUM_SEATS", "BLOCK_BITS", "TRUMP_BLOCK", "BLOCK_MASK",
    "Variant", "HASENPFEFFER", "VARIANTS", "DECKS", "variant_for", "parse_seat", "left_of", "partner_of",
    "side_of", "active_seats", "first_leader", "takes_upcard", "effective_suit", "power_order", "layout",
    "to_layout", "beats", "trick_winner", "legal_plays",
    "left_bower",
]
