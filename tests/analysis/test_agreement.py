"""The plausibility test over many layouts at once (hasen.analysis.agreement) gives, hand for
hand, what the model's own test gives one hand at a time (``PlayerModel.plausible``,
``playout.consistent``): on random auctions of every single-dummy game, with random calls
(so that passes, bids and calls near and far from the model's are all met) and random hands,
under both all-pass rules and with and without the table's other scoring settings."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import hasen
from hasen.analysis.agreement import consistent_many, plausible_many
from hasen.analysis.model import PlayerModel
from hasen.analysis.playout import consistent
from hasen.rules.auction import auction_for

# the games the single-dummy analyses weigh: all but Railroad (its calls for best have no fit)
GAMES = [(name, size) for name, decks in hasen.VARIANTS.items() for size in decks if name != "railroad"]
HANDS = 150  # random hands a state is tested on


def random_hands(variant: hasen.Variant, rng: random.Random, count: int) -> list[int]:
    deck = [c for c in range(64) if variant.deck >> c & 1]
    return [sum(1 << c for c in rng.sample(deck, variant.hand_size)) for _ in range(count)]


@settings(max_examples=60, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10**9), all_pass=st.sampled_from([0, 1]),
       other_scoring=st.booleans())
def test_each_hand_is_plausible_as_the_model_finds_it(game: tuple[str, int], seed: int, all_pass: int,
                                                      other_scoring: bool) -> None:
    variant = hasen.variant_for(*game)
    rule = {"hasenpfeffer": ["redeal", "joker_bids_3"], "euchre": ["redeal", "stick_the_dealer"]}[variant.family]
    changed = {"all_pass": rule[all_pass]}
    if other_scoring:  # the settings that change what a call is worth, or who leads
        changed["first_lead"] = "declarer"
        if variant.declarer_exchanges:
            changed |= {"bidding": "pepper", "fail_penalty": "pepper", "defenders_score": True}
        elif variant.partners:
            changed["lone_lead"] = "dealer_left_skip_idle"
        elif variant.cutthroat:
            changed["euchred"] = "maker_loses"
    deal = hasen.random_deal(variant, seed=seed).replace(settings=changed)
    model = PlayerModel.of(variant)
    rules = auction_for(deal, deal.settings)
    rng = random.Random(seed)
    state = rules.start()
    calls = []
    for _ in range(64):
        seat = rules.to_call(state)
        if seat is None:
            break
        hands = random_hands(variant, rng, HANDS)
        legal = rules.calls(state)
        for call in legal:
            expected = [model.plausible(rules, state, hand, call) for hand in hands]
            got = plausible_many(model, rules, state, np.array(hands, dtype=np.uint64), call)
            assert got.tolist() == expected, (state, call)
        call = rng.choice(legal)
        calls.append((seat, call))
        state = rules.after(state, call)
    layouts = [random_hands(variant, rng, 4) for _ in range(HANDS)]
    viewer = rng.choice(variant.seats)
    expected = [consistent(model, rules, calls, hands, viewer) for hands in layouts]
    by_seat = [np.array([hands[s] for hands in layouts], dtype=np.uint64) for s in range(4)]
    checked = [s for s in variant.seats if s != viewer]
    assert consistent_many(model, rules, calls, by_seat, checked).tolist() == expected
