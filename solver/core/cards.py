"""Cards as small ints, sets of cards as 64-bit masks.

A card is ``suit * 8 + rank`` with suits ``S H D C`` = 0..3 and ranks ``7 8 9 T J Q K A`` =
0..7; the Joker is 32. Every deck of the family (24, 25 and 32 cards) fits one mask.
"""

from __future__ import annotations

from typing import Iterable, Iterator

from .errors import NotationError, quoted

CardId = int  # a card: suit * 8 + rank, the Joker 32 (hasen.core.names.Card prints it)
Mask = int

SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RANKS = "789TJQKA"
RANKS_PER_SUIT = len(RANKS)
JOKER: CardId = len(SUITS) * RANKS_PER_SUIT
JOKER_NAME = "JK"
NUM_CARDS = JOKER + 1

ACE, KING, QUEEN, JACK, TEN, NINE = (RANKS.index(r) for r in "AKQJT9")


def make_card(suit: int, rank: int) -> CardId:
    return suit * RANKS_PER_SUIT + rank


def suit_of(card: CardId) -> int:
    """The printed suit (the Joker has none and gives -1)."""
    return -1 if card == JOKER else card // RANKS_PER_SUIT


def rank_of(card: CardId) -> int:
    return -1 if card == JOKER else card % RANKS_PER_SUIT


def is_red(suit: int) -> bool:
    return suit in (1, 2)


# every card's name by id: names are asked for by the hundred per answer
CARD_NAMES = tuple(RANKS[rank] + suit for suit in SUITS for rank in range(RANKS_PER_SUIT)) + (JOKER_NAME,)
CARD_IDS = {name: card for card, name in enumerate(CARD_NAMES)}  # a name as printed -> its card


def card_name(card: CardId) -> str:
    return CARD_NAMES[card]


def canonical_key(card: CardId) -> tuple[int, int]:
    """Sort key of the canonical order: S H D C, each high to low, then the Joker."""
    if card == JOKER:
        return (len(SUITS), 0)
    return (suit_of(card), -rank_of(card))


def parse_rank(text: str) -> int:
    """A rank token (``T`` or ``10`` for ten), case-insensitive; -1 if it is not a rank."""
    if not text.isascii():  # ``upper`` would make letters of others ('ſ' is 'S')
        return -1
    text = text.upper()
    if text == "10":
        text = "T"
    return RANKS.index(text) if len(text) == 1 and text in RANKS else -1


def parse_suit(text: str) -> int:
    """One suit letter or symbol; -1 if it is not exactly one suit."""
    if len(text) != 1:
        return -1
    if text in SUIT_SYMBOLS:
        return SUIT_SYMBOLS.index(text)
    if not text.isascii():
        return -1
    upper = text.upper()
    return SUITS.index(upper) if upper in SUITS else -1


def parse_card(text: str, where: str = "card") -> CardId:
    """One card: rank then suit (``AS``, ``10h``, ``9♣``), or the Joker (``JK``, ``*``)."""
    token = text.strip()
    if (token.isascii() and token.upper() == JOKER_NAME) or token == "*":
        return JOKER
    if len(token) >= 2:
        rank, suit = parse_rank(token[:-1]), parse_suit(token[-1])
        if rank >= 0 and suit >= 0:
            return make_card(suit, rank)
    raise NotationError(f"{where}: not a card: {quoted(text)} (expected rank then suit, like 'AS' or 'TH', or 'JK')")


def mask_of(cards: Iterable[CardId]) -> Mask:
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: Mask) -> list[CardId]:
    """The cards of a mask in canonical order."""
    if mask >> NUM_CARDS or mask < 0:  # no set of the family's cards: sorted the long way
        return sorted(iter_bits(mask), key=canonical_key)
    suits = _SUIT_CARDS
    try:
        cards = [*suits[mask & 0xFF], *suits[0x100 | mask >> 8 & 0xFF], *suits[0x200 | mask >> 16 & 0xFF],
                 *suits[0x300 | mask >> 24 & 0xFF]]
    except KeyError:
        for suit in range(len(SUITS)):
            ranks = mask >> (RANKS_PER_SUIT * suit) & 0xFF
            suits[suit << 8 | ranks] = tuple(make_card(suit, r) for r in reversed(range(RANKS_PER_SUIT))
                                             if ranks >> r & 1)
        return cards_of(mask)
    if mask >> JOKER & 1:
        cards.append(JOKER)
    return cards


# suit << 8 | the suit's byte of a mask -> that suit's cards high to low, filled as met
_SUIT_CARDS: dict[int, tuple[CardId, ...]] = {}


def iter_bits(mask: Mask) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


