"""Trump order and the play of one trick: which suit a card follows, what beats what.

Trump, high to low: the Joker, the right bower (jack of trump), the left bower (the other
jack of the same colour), then A K Q T 9 (8 7). The Joker and the left bower belong to
the trump suit for every purpose (docs/rules.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ..core.cards import (
    JACK,
    JOKER,
    RANKS_PER_SUIT,
    CardId,
    Mask,
    left_bower,
    make_card,
    mask_of,
    suit_of,
)


def takes_upcard(upcard: CardId, trump: int, joker_suit: int | None) -> bool:
    """Does the dealer take the upcard with this trump? When it is of the trump suit as
    turned (its printed suit: a jack turned up names its own suit, not its bower's). A
    Joker is the top trump whatever suit is named: it is taken for every trump, or, where
    the table has it stand for a suit (``joker_suit``, ``settings.joker_suit``), for that
    suit only."""
    if upcard == JOKER:
        return joker_suit is None or trump == joker_suit
    return suit_of(upcard) == trump


def effective_suit(card: CardId, trump: int) -> int:
    """The suit a card belongs to for following, leading and winning."""
    if card == JOKER or card == left_bower(trump):
        return trump
    return suit_of(card)


@cache
def power_order(suit: int, trump: int) -> tuple[CardId, ...]:
    """Every card of the universe whose effective suit is ``suit``, weakest first."""
    if suit == trump:
        right = make_card(trump, JACK)
        plain = [make_card(trump, r) for r in range(RANKS_PER_SUIT) if r != JACK]
        return (*plain, left_bower(trump), right, JOKER)
    return tuple(make_card(suit, r) for r in range(RANKS_PER_SUIT) if make_card(suit, r) != left_bower(trump))


def beats(card: CardId, best: CardId, trump: int) -> bool:
    """Does ``card`` beat ``best``, the card winning the trick so far?"""
    suit, best_suit = effective_suit(card, trump), effective_suit(best, trump)
    if suit == best_suit:
        order = power_order(suit, trump)
        return order.index(card) > order.index(best)
    return suit == trump


def trick_winner(cards: Sequence[CardId], trump: int) -> int:
    """Index in ``cards`` (in order played) of the card that wins the trick."""
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], trump):
            best = i
    return best


def legal_plays(hand: Mask, led: CardId | None, trump: int) -> Mask:
    """The cards of ``hand`` that may be played to a trick led by ``led`` (None: leading)."""
    if led is None:
        return hand
    suit = effective_suit(led, trump)
    following = mask_of(c for c in power_order(suit, trump)) & hand
    return following or hand
