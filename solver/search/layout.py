"""The search layout: cards placed in a 64-bit mask by their power under one trump.

Each effective suit owns a block of ``BLOCK_BITS`` bits, ordered by power (a higher bit
beats a lower one), and the trump suit is always block ``TRUMP_BLOCK``. In that form
following suit is a mask test, the winner of a trick is a comparison, and cards are
compared by power without knowing which suit is trump. Both search cores read these
constants from here.
"""

from __future__ import annotations

from functools import cache

from ..core.cards import NUM_CARDS, SUITS, Mask
from ..rules.trump import power_order

BLOCK_BITS = 16
NUM_BLOCKS = len(SUITS)  # one block per effective suit
TRUMP_BLOCK = NUM_BLOCKS - 1
BLOCK_MASK = (1 << BLOCK_BITS) - 1
# A block holds a suit of up to 15 ranks in play (its count is 4 bits of the table key).

# The seating: a hand per seat, 2 to MAX_SEATS of them, played clockwise by seat number;
# the declaring side is any mask of seats, the rest of the table its opponents.
MAX_SEATS = 8
# the cards in play a table key holds: a 2-bit owner each at a table of four seats or
# fewer, a 3-bit one at a wider table
NARROW_KEY_CARDS = 28
WIDE_KEY_CARDS = 17


# why a position's hands are refused, in both cores' words
SHARED_CARD = "hands: a card in two hands"
IDLE_HAND = "hands: a seat that does not play holds cards"


def key_cards(seats: int) -> int:
    """The most cards in play at a table of ``seats`` seats."""
    return NARROW_KEY_CARDS if seats <= 4 else WIDE_KEY_CARDS


def seating_error(seats: int, active: int, declarers: int, leader: int) -> str | None:
    """Why a search request's seating is refused (both cores give these words), or None."""
    if not 2 <= seats <= MAX_SEATS:
        return f"hands: a mask per seat, for 2 to {MAX_SEATS} seats"
    if not 0 < active < 1 << seats:
        return f"active: a mask of the seats that play, of the table's {seats}"
    if not 0 <= declarers < 1 << seats:
        return f"declarers: a mask of the declaring seats, of the table's {seats}"
    if not 0 <= leader < seats or not active >> leader & 1:
        return "the leader must play"
    return None


def suit_block(suit: int, trump: int) -> int:
    """The layout block of an effective suit: trump last, the plain suits in S H D C order."""
    if suit == trump:
        return TRUMP_BLOCK
    return [s for s in range(len(SUITS)) if s != trump].index(suit)


@cache
def layout(trump: int) -> tuple[int, ...]:
    """Card -> bit position in the search layout, for this trump."""
    position = [0] * NUM_CARDS
    for suit in range(len(SUITS)):
        base = suit_block(suit, trump) * BLOCK_BITS
        for power, card in enumerate(power_order(suit, trump)):
            position[card] = base + power
    return tuple(position)


@cache
def _byte_layouts(trump: int) -> tuple[tuple[int, ...], ...]:
    """For each byte of a card mask, its 256 values already in the layout of ``trump``
    (built on first use: a value is its lowest card's bit added to the value without it)."""
    positions = layout(trump)
    tables = []
    for start in range(0, NUM_CARDS, 8):
        bits = [1 << positions[c] if c < NUM_CARDS else 0 for c in range(start, start + 8)]
        table = [0] * 256
        for value in range(1, 256):
            low = value & -value
            table[value] = table[value ^ low] | bits[low.bit_length() - 1]
        tables.append(tuple(table))
    assert len(tables) == 5, "to_layout reads five bytes"
    return tuple(tables)


def to_layout(mask: Mask, trump: int) -> Mask:
    """A card mask in the search layout of ``trump``."""
    b0, b1, b2, b3, b4 = _byte_layouts(trump)
    return (
        b0[mask & 0xFF] | b1[mask >> 8 & 0xFF] | b2[mask >> 16 & 0xFF] | b3[mask >> 24 & 0xFF] | b4[mask >> 32 & 0xFF]
    )


# each trump's layout, one byte per card, for Searcher.solve_table
LAYOUT_BYTES = bytes(position for trump in range(len(SUITS)) for position in layout(trump))
