"""The benchmark's positions: the single solves of bench_table.py and bench_euchre.py, as
search positions (hands in the layout, the seats that play, the leader and the side).

    python benchmarks/positions.py   # prints how many there are of each

Both scripts draw their positions from here, and so do bench_search.py and the reference
search of bench_reference.py, so every figure of docs/benchmarks.md is about the same
positions.
"""

from __future__ import annotations

import random

from common import random_deals

from hasen.core.cards import cards_of
from hasen.core.deal import Deal
from hasen.core.variants import HASENPFEFFER, variant_for
from hasen.play.state import Contract, PlayState, declarer_cards
from hasen.rules.trump import takes_upcard

EUCHRE = variant_for("euchre", 24)
Position = tuple[list[int], int, int, int]  # hands, active, leader, declarers


def hasenpfeffer_states(count: int = 300, seed: int = 1) -> list[PlayState]:
    """One random declarer, trump and discard on each of ``count`` seeded deals."""
    rng = random.Random(seed)
    states = []
    for deal in random_deals(HASENPFEFFER, count, seed):
        declarer, trump = rng.randrange(4), rng.randrange(4)
        discard = rng.choice(cards_of(declarer_cards(deal, declarer)))
        states.append(PlayState(deal, Contract(declarer, trump, discard)))
    return states


def euchre_state(rng: random.Random, deal: Deal) -> PlayState:
    """One maker and trump, with the partner; the dealer keeps the upcard and discards a
    random card when its suit is trump."""
    maker, trump = rng.randrange(4), rng.randrange(4)
    discard = deal.extra
    if takes_upcard(deal.extra, trump, None):  # a 24-card deck: no Joker
        discard = rng.choice(cards_of(declarer_cards(deal, deal.dealer)))
    return PlayState(deal, Contract(maker, trump, discard))


def euchre_states(count: int = 1000, seed: int = 1) -> list[PlayState]:
    rng = random.Random(seed)
    return [euchre_state(rng, deal) for deal in random_deals(EUCHRE, count, seed)]


def search_position(state: PlayState) -> Position:
    hands, active, leader = state.search_position()
    return hands, active, leader, state.declarers


if __name__ == "__main__":
    print(f"Hasenpfeffer: {len(hasenpfeffer_states())} solves; four-hand Euchre: {len(euchre_states())} solves")
