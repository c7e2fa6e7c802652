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
from .errors import NotationError

SEATS = "NESW"
SEAT_NAMES = ("North", "East", "South", "West")
NUM_SEATS = len(SEATS)

BLOCK_BITS = 16
TRUMP_BLOCK = 3
BLOCK_MASK = (1 << BLOCK_BITS) - 1


def parse_seat(text: str, where: str = "seat") -> int:
    token = text.strip().upper()
    if len(token) != 1 or token not in SEATS:
        raise NotationError(f"{where}: not a seat: {text!r} (expected one of N, E, S, W)")
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

    @property
    def deck_size(self) -> int:
        return self.deck.bit_count()


def standard_deck(low_rank: str = "9", joker: bool = False) -> Mask:
    low = RANKS.index(low_rank)
    cards = [make_card(s, r) for s in range(len(SUITS)) for r in range(low, RANKS_PER_SUIT)]
    return mask_of(cards) | ((1 << JOKER) if joker else 0)


HASENPFEFFER = Variant(
    name="hasenpfeffer",
    deck=standard_deck(joker=True),
    hand_size=6,
    seats=(0, 1, 2, 3),
    extra_card="widow",
    extra_optional=True,
)

VARIANTS = {v.name: v for v in (HASENPFEFFER,)}


@dataclass(frozen=True)
class Settings:
    """Table rules that sources disagree on (see rules.md); the defaults are the seed's."""

    first_lead: str = "dealer_left"  # or "declarer"
    lone_lead: str = "left_of_loner"  # or "dealer_left_skip_idle"

    def __post_init__(self) -> None:
        for name, allowed in (("first_lead", ("dealer_left", "declarer")),
                              ("lone_lead", ("left_of_loner", "dealer_left_skip_idle"))):
            if getattr(self, name) not in allowed:
                raise NotationError(f"{name}: {getattr(self, name)!r} is not one of {', '.join(allowed)}")


def active_seats(variant: Variant, declarer: int, alone: bool) -> tuple[int, ...]:
    """The seats that play: the variant's, less the lone declarer's partner."""
    idle = partner_of(declarer) if alone else -1
    return tuple(s for s in variant.seats if s != idle)


def first_leader(dealer: int, declarer: int, active: Sequence[int], alone: bool,
                 settings: Settings = Settings()) -> int:
    """Who leads the first trick, per rules.md and the table's settings."""
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


@lru_cache(maxsize=None)
def unlayout(trump: int) -> dict[int, Card]:
    """Bit position in the search layout -> card, for this trump."""
    return {pos: card for card, pos in enumerate(layout(trump))}


@lru_cache(maxsize=None)
def _byte_layouts(trump: int) -> tuple[tuple[int, ...], ...]:
    """For each byte of a card mask, its 256 values already in the layout of ``trump``."""
    positions = layout(trump)
    tables = []
    for start in range(0, NUM_CARDS, 8):
        cards = range(start, min(start + 8, NUM_CARDS))
        tables.append(tuple(sum(1 << positions[c] for c in cards if value >> (c - start) & 1)
                            for value in range(256)))
    return tuple(tables)


def to_layout(mask: Mask, trump: int) -> Mask:
    out = 0
    for table in _byte_layouts(trump):
        out |= table[mask & 0xFF]
        mask >>= 8
    return out


def from_layout(mask: Mask, trump: int) -> Mask:
    cards = unlayout(trump)
    out = 0
    while mask:
        low = mask & -mask
        out |= 1 << cards[low.bit_length() - 1]
        mask ^= low
    return out


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
    "Variant", "Settings", "HASENPFEFFER", "VARIANTS", "parse_seat", "left_of", "partner_of",
    "side_of", "active_seats", "first_leader", "effective_suit", "power_order", "layout",
    "unlayout", "to_layout", "from_layout", "beats", "trick_winner", "legal_plays",
    "left_bower",
]
