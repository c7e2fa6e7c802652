"""Railroad's call for best as the model of the other players makes it (docs/variants.md,
"The model of the other players"), written out here on card names for the tests: the
partner passes its highest trump, else its highest card (the first suit in S H D C order on
a tie); the lone player puts away the lowest card of its shortest side suit that is not an
ace (the lowest ace when its side cards are all aces, the lowest trump when every card is
one; the first suit in S H D C order on a tie).
"""

from __future__ import annotations

SUITS = "SHDC"
RANKS = "789TJQKA"
PARTNER_SUIT = {"S": "C", "C": "S", "H": "D", "D": "H"}  # the suit of the same colour


def trump_order(trump: str) -> list[str]:
    """The trumps from the highest: the Joker, the right and left bowers, then A K Q T 9 8 7."""
    return ["JK", "J" + trump, "J" + PARTNER_SUIT[trump], *(r + trump for r in "AKQT987")]


def passed(hand: list[str], trump: str) -> str:
    trumps = [c for c in trump_order(trump) if c in hand]
    if trumps:
        return trumps[0]
    return max(hand, key=lambda c: (RANKS.index(c[0]), -SUITS.index(c[1])))


def put_away(cards: list[str], trump: str) -> str:
    side = [c for c in cards if c not in trump_order(trump)]
    if not side:
        return next(c for c in reversed(trump_order(trump)) if c in cards)
    length = {s: sum(c[1] == s for c in side) for s in SUITS}
    return min(side, key=lambda c: (c[0] == "A", length[c[1]], RANKS.index(c[0]), SUITS.index(c[1])))
