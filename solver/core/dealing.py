"""Random deals of any game, reproducible by seed: for practice, for batches and for
benchmarks.

The deck is shuffled and dealt in the variant's seats' order, each a hand, then the widow
or upcard; the dealer is drawn next, unless fixed. One seed gives one stream of deals:
``random_deal(seed=S)`` is the first deal of ``hasen deal --random N --seed S``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from .bounds import check_seed
from .cards import cards_of, mask_of
from .deal import Deal, dealer_seat
from .seats import SEATS
from .variants import Variant, variant_for


def random_deals(variant: Variant, seed: int | None = None, dealer: int | None = None) -> Iterator[Deal]:
    """An endless stream of random deals of ``variant`` from ``seed`` (None: a fresh seed),
    each with a random dealer unless ``dealer`` is given."""
    rng = random.Random(seed)
    deck = cards_of(variant.deck)
    size, seats = variant.hand_size, variant.seats
    while True:
        rng.shuffle(deck)  # the deck is shuffled from where the last deal left it
        hands = [0] * len(SEATS)
        for i, seat in enumerate(seats):
            hands[seat] = mask_of(deck[size * i : size * (i + 1)])
        chosen = rng.choice(seats) if dealer is None else dealer
        yield Deal.from_masks(tuple(hands), deck[size * len(seats)], chosen, variant)


def random_deal(
    variant: Variant | str | None = None,
    deck: int | str | None = None,
    seed: int | None = None,
    dealer: str | int | None = None,
) -> Deal:
    """A random deal of the game (default Hasenpfeffer) with a random dealer, or ``dealer``;
    the same ``seed`` gives the same deal.

    >>> import hasen
    >>> deal = hasen.random_deal(variant="euchre2", seed=7)
    >>> deal == hasen.random_deal(variant="euchre2", seed=7), deal.variant.name, len(deal.hand(deal.dealer))
    (True, 'euchre2', 5)
    """
    chosen = (
        variant
        if isinstance(variant, Variant) and deck is None
        else variant_for(variant.name if isinstance(variant, Variant) else variant, deck)
    )
    check_seed(seed)
    return next(random_deals(chosen, seed, dealer_of(dealer, chosen)))


def dealer_of(dealer: str | int | None, variant: Variant) -> int | None:
    """A fixed dealer, checked: a seat that holds a hand in the game."""
    if dealer is None:
        return None
    return dealer_seat(dealer.strip() if isinstance(dealer, str) else dealer, variant)
