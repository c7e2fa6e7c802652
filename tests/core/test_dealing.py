"""Random deals by seed: hasen.random_deal and hasen deal --random."""

from __future__ import annotations

from collections import Counter
from itertools import islice

import pytest

import hasen
from hasen.core.cards import JOKER, cards_of
from hasen.core.deal import Deal
from hasen.core.dealing import random_deals
from hasen.core.variants import VARIANTS, variant_for

EVERY_DECK = [(name, size) for name, decks in VARIANTS.items() for size in decks]


@pytest.mark.parametrize(("name", "size"), EVERY_DECK)
def test_every_game_is_dealt_whole_and_by_seed(name: str, size: int) -> None:
    variant = variant_for(name, size)
    deals = list(islice(random_deals(variant, 11), 40))
    assert deals == list(islice(random_deals(variant, 11), 40))  # the same seed, the same deals
    assert deals != list(islice(random_deals(variant, 12), 40))
    assert hasen.random_deal(variant=name, deck=size, seed=11) == deals[0]
    for deal in deals:
        # read back from its own notation: every hand full, no card twice, the extra card free
        assert Deal(deal.notation(), variant=variant) == deal
        held = 0
        for seat in variant.seats:
            assert deal.hands[seat].bit_count() == variant.hand_size and not held & deal.hands[seat]
            held |= deal.hands[seat]
        assert deal.extra not in cards_of(held) and held & ~variant.deck == 0
    assert {deal.dealer for deal in deals} == set(variant.seats)


def test_every_card_reaches_every_seat() -> None:
    """Not a card stuck in one place: over 400 deals, every card of the 25 is in every hand
    and in the widow, about a fifth of the time each."""
    where = Counter()
    for deal in islice(random_deals(variant_for("hasenpfeffer"), 5), 400):
        for seat in range(4):
            for card in cards_of(deal.hands[seat]):
                where[card, seat] += 1
        where[deal.extra, "widow"] += 1
    for card in cards_of(variant_for("hasenpfeffer").deck):
        counts = [where[card, place] for place in (0, 1, 2, 3, "widow")]
        assert all(counts), (card, counts)
        assert counts[4] < 200 and min(counts[:4]) > 40, (card, counts)
    assert where[JOKER, "widow"]


def test_a_fixed_dealer_and_bad_arguments() -> None:
    deal = hasen.random_deal(variant="euchre2", seed=3, dealer="s")
    assert deal.dealer == hasen.Seat("S") and deal.notation().startswith("S:")
    with pytest.raises(hasen.NotationError, match="dealer: euchre2 deals to N, S, so E cannot deal"):
        hasen.random_deal(variant="euchre2", dealer="E")
    with pytest.raises(hasen.NotationError, match="seed: expected a whole number 0 to 4294967295, got '3'"):
        hasen.random_deal(seed="3")
    with pytest.raises(hasen.NotationError, match="deck: hasenpfeffer is played with 25 cards, not 24"):
        hasen.random_deal(deck=24)
