"""The plausibility test over many layouts at once (hasen.analysis.agreement) gives, hand for
hand, what the model's own test gives one hand at a time (``PlayerModel.plausible``,
``playout.consistent``): on random auctions of every single-dummy game, with random calls
(so that passes, bids and calls near and far from the model's are all met) and random hands,
under both all-pass rules and with and without the table's other scoring settings; and the
layouts a single-dummy answer keeps, dealt and tested a batch at a time, are those of the plain
loop, one layout at a time."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hasen
from hasen.analysis.advice import MAX_TRIES, Agreeing, agreeing_layouts
from hasen.analysis.agreement import consistent_many, plausible_many
from hasen.analysis.knowledge import Context, Knowledge
from hasen.analysis.model import PlayerModel
from hasen.analysis.playout import consistent, layout_rules, rules_for
from hasen.core.cards import JOKER, parse_card, parse_hand
from hasen.core.settings import Settings
from hasen.rules.auction import auction_for

GAMES = [(name, size) for name, decks in hasen.VARIANTS.items() for size in decks]
HANDS = 150  # random hands a state is tested on


def random_hands(variant: hasen.Variant, rng: random.Random, count: int) -> list[int]:
    deck = [c for c in range(64) if variant.deck >> c & 1]
    return [sum(1 << c for c in rng.sample(deck, variant.hand_size)) for _ in range(count)]


@settings(max_examples=60, deadline=None)
@given(
    game=st.sampled_from(GAMES),
    seed=st.integers(0, 10**9),
    all_pass=st.sampled_from([0, 1]),
    other_scoring=st.booleans(),
)
def test_each_hand_is_plausible_as_the_model_finds_it(
    game: tuple[str, int], seed: int, all_pass: int, other_scoring: bool
) -> None:
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
        if not variant.declarer_exchanges and variant.deck >> JOKER & 1:  # a turned Joker a heart
            changed["joker_upcard"] = "hearts"
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


AUCTIONS = [  # (game, deck, seat, its cards, the upcard or None for an unseen widow, dealer, the calls so far,
    # what a turned Joker does)
    ("hasenpfeffer", 25, "S", "AJT.A9..K", None, "W", "N pass, E 4", "dealer_names"),
    ("hasenpfeffer", 25, "W", "KQ.J.AK.9", None, "N", "E 3, S pass, W 4, N 5", "dealer_names"),
    ("euchre", 24, "W", "K.AQJ..9", "TH", "W", "N pass, E pass, S pass", "dealer_names"),
    ("euchre", 25, "W", "K.AQJ..9", "TH", "W", "N pass, E pass, S pass", "hearts"),
    ("euchre", 25, "S", "9.9.9.AK", "JK", "W", "N pass, E pass", "hearts"),
    ("euchre2", 25, "N", "A.KQ..AK", "JK", "N", "S pass, N pass, S pass", "clubs"),
    ("euchre3", 24, "S", "K.AQJ..9", "TH", "N", "E pass", "dealer_names"),
    ("euchre2", 24, "N", "A.KQ..AK", "9S", "N", "S pass, N pass, S pass", "dealer_names"),
]


@pytest.mark.parametrize("case", AUCTIONS, ids=lambda c: f"{c[0]}-{c[1]}-{c[2]}-{c[7]}")
def test_the_layouts_kept_are_the_plain_loops(case: tuple) -> None:
    """agreeing_layouts deals and tests a batch at a time: the layouts it keeps, and how many it
    dealt to find them, are those of the plain loop written here, one layout at a time, each
    kept when the model finds every other seat's call plausible with that seat's cards; and a
    call for more layouts goes on from an earlier answer to the same."""
    game, deck, seat, hand, extra, dealer, calls, joker = case
    variant = hasen.variant_for(game, deck)
    settings = Settings(joker_upcard=joker) if joker != "dealer_names" else Settings()
    seat_id, dealer_id = "NESW".index(seat), "NESW".index(dealer)
    k = Knowledge(variant, dealer_id, seat_id, parse_hand(hand), None if extra is None else parse_card(extra))
    rules = rules_for(variant, dealer_id, 0 if k.extra is None else k.extra, None, settings)
    auction, state = [], rules.start()
    for text in calls.split(", "):
        who, _, words = text.partition(" ")
        call = rules.parse_call(words)
        assert rules.refusal(state, "NESW".index(who), call) is None, text
        auction.append(("NESW".index(who), call))
        state = rules.after(state, call)
    context = Context(tuple(auction))
    model = PlayerModel.of(variant)
    for count in (5, 37):
        found, tried = [], 0
        while len(found) < count and tried < MAX_TRIES * count:
            hands, widow = k.dealt("s", tried)
            if consistent(model, layout_rules(variant, dealer_id, hands, widow, settings), auction, hands, seat_id):
                found.append(tried)
            tried += 1
        agreeing = agreeing_layouts(k, "s", count, context, settings)
        # none agreeing: every layout, as dealt (the answer says so)
        expected = tuple(found) if found else tuple(range(count))
        assert (agreeing.indexes, agreeing.tried, agreeing.filtered) == (expected, tried, bool(found))
        if count == 37:
            fewer = agreeing_layouts(k, "s", 5, context, settings)
            more = agreeing_layouts(k, "s", count, context, settings, fewer)
            if fewer.filtered:
                assert more == agreeing
            else:  # the layouts already taken, unfiltered, stay so: the next ones are taken as dealt too
                assert more == Agreeing(tuple(range(count)), max(count, fewer.tried), False)
