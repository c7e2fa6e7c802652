"""Cards as small ints, sets of cards as 64-bit masks.

A card is ``suit * 8 + rank`` with suits ``S H D C`` = 0..3 and ranks ``7 8 9 T J Q K A`` =
0..7; the Joker is 32. Every deck of the family (24, 25 and 32 cards) fits one mask.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache, lru_cache
from typing import NoReturn

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


def same_colour_suit(suit: int) -> int:
    """The other suit of the same colour (S<->C, H<->D)."""
    return {0: 3, 3: 0, 1: 2, 2: 1}[suit]


def left_bower(trump: int) -> CardId:
    """The jack of the other suit of trump's colour: a trump, the second highest after the
    Joker and the right bower (the jack of trump)."""
    return make_card(same_colour_suit(trump), JACK)


@cache
def trump_cards(trump: int) -> Mask:
    """Every trump of the 33 cards: the trump suit's, the left bower and the Joker."""
    return ((1 << RANKS_PER_SUIT) - 1) << trump * RANKS_PER_SUIT | 1 << left_bower(trump) | 1 << JOKER


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
        cards = [
            *suits[mask & 0xFF],
            *suits[0x100 | mask >> 8 & 0xFF],
            *suits[0x200 | mask >> 16 & 0xFF],
            *suits[0x300 | mask >> 24 & 0xFF],
        ]
    except KeyError:
        for suit in range(len(SUITS)):
            ranks = mask >> (RANKS_PER_SUIT * suit) & 0xFF
            suits[suit << 8 | ranks] = tuple(
                make_card(suit, r) for r in reversed(range(RANKS_PER_SUIT)) if ranks >> r & 1
            )
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


def parse_hand(text: str, where: str = "hand") -> Mask:
    """A hand in dotted form ``spades.hearts.diamonds.clubs``; ``*`` is the Joker."""
    mask = _known_hand(text)
    return mask if mask >= 0 else _parse_hand(text, where)


# each suit's sections met so far -> their cards (a deal's sections recur)
_SECTIONS: tuple[dict[str, Mask], ...] = tuple({} for _ in SUITS)
MAX_SECTIONS = 4096  # per suit: every list of distinct ranks in canonical order is far fewer


def _known_hand(text: str) -> Mask:
    """The hand's cards when each of its sections was met before (the Joker last, if
    anywhere); -1 otherwise, for ``_parse_hand`` to parse or refuse."""
    joker = 0
    if text[-1:] == "*":
        text, joker = text[:-1], 1 << JOKER
    sections = text.split(".")
    if len(sections) != len(SUITS) or "*" in text:
        return -1
    spades, hearts, diamonds, clubs = _SECTIONS
    try:
        return joker | spades[sections[0]] | hearts[sections[1]] | diamonds[sections[2]] | clubs[sections[3]]
    except KeyError:
        return -1


def _parse_hand(text: str, where: str) -> Mask:
    body = text.replace("*", "")
    joker = len(text) - len(body)
    if joker > 1:
        raise NotationError(f"{where}: the Joker '*' appears {joker} times: {quoted(text)}")
    sections = body.split(".")
    if len(sections) != len(SUITS):
        raise NotationError(
            f"{where}: expected 3 dots (spades.hearts.diamonds.clubs), found {len(sections) - 1}: {quoted(text)}"
        )
    mask = (1 << JOKER) if joker else 0
    for suit, section in enumerate(sections):
        cards = _section_cards(suit, section)
        if cards < 0:
            _refuse_section(suit, section, text, where)
        if len(_SECTIONS[suit]) < MAX_SECTIONS:
            _SECTIONS[suit][section] = cards
        mask |= cards
    return mask


@lru_cache(maxsize=4096)
def _section_cards(suit: int, section: str) -> Mask:
    """The cards of one suit's section (a deal's sections recur: kept once parsed), or -1
    if it is not a list of distinct ranks."""
    mask = 0
    for token in _rank_tokens(section):
        rank = parse_rank(token)
        if rank < 0 or mask >> make_card(suit, rank) & 1:
            return -1
        mask |= 1 << make_card(suit, rank)
    return mask


def _refuse_section(suit: int, section: str, text: str, where: str) -> NoReturn:
    """The error of a suit section that ``_section_cards`` refused."""
    seen: set[int] = set()
    for token in _rank_tokens(section):
        rank = parse_rank(token)
        if rank < 0:
            raise NotationError(f"{where}: not a rank: {quoted(token)} in the {SUITS[suit]} section of {quoted(text)}")
        if rank in seen:
            raise NotationError(f"{where}: {RANKS[rank]}{SUITS[suit]} is listed twice: {quoted(text)}")
        seen.add(rank)
    raise AssertionError(f"_section_cards refused a valid section: {section!r}")


def _rank_tokens(section: str) -> list[str]:
    """Split a suit section into rank tokens; ``10`` is one token."""
    tokens, i = [], 0
    while i < len(section):
        step = 2 if section[i : i + 2] == "10" else 1
        tokens.append(section[i : i + step])
        i += step
    return tokens
