"""The fair review of the play (hasen.analysis.views and .fair) against what it
must equal:
- the layouts never contradict what the player knew: its cards, the cards played, the
  suits shown out of, the widow and discard only for the one who took them, the upcard;
  and the real layout is always among them (a property test over random played hands);
- they are dealt uniformly: counted exactly, and drawn evenly on a small case;
- with every card known to the player, each card's figures are its double-dummy values;
- on seeded layouts a card's figures are those of a plain loop written here, which deals
  by its own code (the documented rule) and solves through PlayState.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import product
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hasen
from hasen.analysis.fair import Stakes, judge_card, judge_play
from hasen.analysis.views import OUT, View
from hasen.core.cards import cards_of
from hasen.play.state import Contract, PlayState, declarer_cards, exchanging_seat
from hasen.rules.scoring import Bid, hand_score, tricks_needed
from hasen.rules.trump import effective_suit, legal_plays

GAMES = [
    ("hasenpfeffer", 25),
    ("euchre", 24),
    ("euchre", 25),
    ("euchre2", 24),
    ("euchre2", 32),
    ("euchre3", 24),
    ("euchre3", 32),
]


def declares(state: PlayState, seat: int) -> bool:
    """Is ``seat`` on the declaring side (docs/rules.md): the declarer, and its partner where
    there are partners; with three players, the maker alone."""
    declarer = state.contract.declarer
    return seat == declarer or (state.deal.variant.partners and (seat - declarer) % 2 == 0)


def worth(variant: hasen.Variant, mover_declares: bool, ours: int, theirs: int) -> float:
    """A hand's score as its player counts it: its side's points less the other side's; with
    three players each for themselves, its own points less the mean of the other two's."""
    if mover_declares:
        return ours - theirs
    return theirs - (ours + theirs) / 2 if variant.cutthroat else theirs - ours


def random_hand(seed: int, game: tuple[str, int], played: int | None = None) -> tuple[PlayState, list[int]]:
    """A random deal of the game, a random contract, and a random legal play of ``played``
    cards (default: a random number), written here from the rules."""
    rng = random.Random(seed)
    variant = hasen.variant_for(*game)
    deck = cards_of(variant.deck)
    rng.shuffle(deck)
    hands = [0, 0, 0, 0]
    for i, seat in enumerate(variant.seats):
        hands[seat] = sum(1 << c for c in deck[i * variant.hand_size : (i + 1) * variant.hand_size])
    extra = deck[len(variant.seats) * variant.hand_size]
    deal = hasen.Deal.from_masks(tuple(hands), extra, rng.choice(variant.seats), variant)
    declarer, trump = rng.choice(variant.seats), rng.randrange(4)
    alone = variant.partners and rng.random() < 0.3
    seats = tuple(s for s in variant.seats if not (alone and s == (declarer + 2) % 4))
    taker = exchanging_seat(deal, trump, declarer, seats)
    discard = extra if taker is None else rng.choice(cards_of(declarer_cards(deal, taker)))
    state = PlayState(deal, Contract(declarer, trump, discard, alone))
    total = len(seats) * variant.hand_size
    count = rng.randrange(total) if played is None else played
    cards = []
    probe = state.copy()
    for _ in range(count):
        led = probe.trick[0] if probe.trick else None
        card = rng.choice(cards_of(legal_plays(probe.hands[probe.to_move], led, trump)))
        cards.append(card)
        probe.play(card)
    return state, cards


def stakes_of(state: PlayState) -> Stakes:
    """The contract's stakes: a Hasenpfeffer bid of three (the random hands have no auction)."""
    variant = state.deal.variant
    bid = Bid(3) if variant.declarer_exchanges else None
    return Stakes.of(variant, state.settings, bid, state.contract.alone)


def replayed(state: PlayState, cards: list[int]) -> PlayState:
    out = state.copy()
    for card in cards:
        out.play(card)
    return out


def shown_out(state: PlayState) -> set[tuple[int, int]]:
    """(seat, suit) for every suit a player did not follow, by the effective suit."""
    trump, out = state.contract.trump, set()
    tricks = [(leader, cards) for leader, cards, _ in state.tricks] + [(state.leader, state.trick)]
    for leader, cards in tricks:
        if not cards:
            continue
        i = state.seats.index(leader)
        order = state.seats[i:] + state.seats[:i]
        led = effective_suit(cards[0], trump)
        out |= {(seat, led) for seat, card in zip(order[1:], cards[1:]) if effective_suit(card, trump) != led}
    return out


# --- what the player knows stays known --------------------------------------------------------


@settings(max_examples=50, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6), game=st.sampled_from(GAMES))
def test_layouts_never_contradict_what_the_player_knows(seed: int, game: tuple[str, int]) -> None:
    start, cards = random_hand(seed, game)
    state = replayed(start, cards)
    if state.finished:
        return
    me, deal, contract = state.to_move, state.deal, state.contract
    view = View.of(state)
    played = 0
    for _, trick, _ in state.tricks:
        played |= sum(1 << c for c in trick)
    played |= sum(1 << c for c in state.trick)
    taker = exchanging_seat(deal, contract.trump, contract.declarer, state.seats)
    mine = state.hands[me] | played
    if taker == me:  # the widow or upcard, and the discard, are the taker's to know
        mine |= 1 << deal.extra | 1 << contract.discard
    # the upcard is seen by every seat; once the dealer took it, where it is stays the dealer's to know
    upcard_free = not deal.variant.declarer_exchanges and taker not in (None, me) and not played >> deal.extra & 1
    if not deal.variant.declarer_exchanges and not upcard_free:
        mine |= 1 << deal.extra
    voids = shown_out(state)
    # the real layout agrees with what the player knows
    real = [state.hands[p] if p != OUT else 0 for p in view.places]
    assert all(real[i] & ~(view.fixed[i]) & mine == 0 for i in range(len(real)))
    rng = random.Random(seed)
    for _ in range(5):
        layout = view.layout(rng)
        held = 0
        for place, cards_there in zip(view.places, layout):
            assert not held & cards_there, "a card given twice"
            held |= cards_there
            if place == OUT:
                continue
            assert cards_there.bit_count() == state.hands[place].bit_count(), "a hand of the wrong size"
            for card in cards_of(cards_there):
                assert (place, effective_suit(card, contract.trump)) not in voids, "a suit it showed out of"
        assert not held & mine, "a card the player has seen, dealt"
        if upcard_free:  # the taken upcard: with the dealer, or discarded (out of play)
            assert not any(
                cards_there >> deal.extra & 1
                for place, cards_there in zip(view.places, layout)
                if place not in (taker, OUT)
            )
        assert held | mine == deal.variant.deck, "every card of the deck is somewhere"


def test_layouts_are_counted_exactly_and_drawn_evenly() -> None:
    """A late position of few layouts: every one listed once, their number the count by
    suits, and draws spread evenly over them."""
    for seed in range(100):  # the first seeded position with a few dozen layouts
        start, cards = random_hand(seed, ("hasenpfeffer", 25), played=13)
        state = replayed(start, cards)
        view = View.of(state)
        if 20 <= view.count <= 200:
            break
    every = [tuple(layout) for layout in view.every_layout()]
    assert len(every) == len(set(every)) == view.count > 10
    draws = Counter(tuple(view.layout(random.Random(f"draw {i}"))) for i in range(40 * view.count))
    assert set(draws) == set(every)
    expected = 40
    # a chi-square statistic far below what an uneven sampler would give
    chi2 = sum((n - expected) ** 2 / expected for n in draws.values())
    assert chi2 < 2 * view.count + 60


def test_the_count_by_suits_is_the_count_by_brute_force() -> None:
    start, cards = random_hand(11, ("euchre", 24), played=11)
    state = replayed(start, cards)
    view = View.of(state)
    unseen = [c for g in view.groups for c in g.cards]
    voids = shown_out(state)
    count = 0
    for places in product(range(len(view.places)), repeat=len(unseen)):
        sizes = Counter(places)
        if any(sizes.get(i, 0) != view.needs[i] for i in range(len(view.places))):
            continue
        if all(
            view.places[p] == OUT or (view.places[p], effective_suit(c, state.contract.trump)) not in voids
            for p, c in zip(places, unseen)
        ):
            count += 1
    assert count == view.count


# --- nothing left to sample ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "seed, game",
    [
        (3, ("hasenpfeffer", 25)),
        (4, ("euchre", 24)),
        (5, ("euchre2", 24)),
        (6, ("euchre", 25)),
        (7, ("euchre3", 24)),
        (8, ("euchre3", 32)),
    ],
)
def test_with_every_card_known_each_verdict_is_the_double_dummy_one(seed: int, game: tuple[str, int]) -> None:
    start, cards = random_hand(seed, game, played=None)
    total = len(start.seats) * start.deal.variant.hand_size
    cards = random_hand(seed, game, played=total)[1]
    verdicts = judge_play(start, cards, stakes_of(start), layouts=5, known=start.hands)
    state = start.copy()
    for verdict, card in zip(verdicts, cards):
        legal = cards_of(state.legal())
        mover_declares = declares(state, state.to_move)
        double_dummy = {}
        for option in legal:
            after = state.copy()
            after.play(option)
            value = after.declarer_taken() + after.value()
            double_dummy[option] = value if mover_declares else state.deal.variant.hand_size - value
        if len(legal) > 1:
            assert verdict.exact and verdict.layouts == 1
            assert {int(c.card): c.mean for c in verdict.choices} == double_dummy
            assert verdict.cost == max(double_dummy.values()) - double_dummy[card]
            # in points: the hand's score after the card, every hand open; the chance is 0 or 1
            variant = state.deal.variant
            bid = Bid(3) if variant.declarer_exchanges else None
            for choice in verdict.choices:
                mine = double_dummy[int(choice.card)]
                declarers = mine if mover_declares else variant.hand_size - mine
                ours, theirs = hand_score(variant, state.settings, bid, declarers, state.contract.alone)
                assert choice.points == worth(variant, mover_declares, ours, theirs)
                made = declarers >= tricks_needed(variant, bid)
                assert choice.chance == (1.0 if made == mover_declares else 0.0)
            best = max(c.points for c in verdict.choices)
            assert verdict.points_cost == best - next(c.points for c in verdict.choices if c.card == card)
        state.play(card)


# --- the plain loop -------------------------------------------------------------------------


def plain_view(state: PlayState) -> tuple[list[int], list[int], list[tuple[list[int], list[int]]]]:
    """The documented rule, by its own code: the places (other players in seat order, then
    out of play as 4), the cards each holds, and the unseen cards in groups (effective suit
    order; the taken Euchre upcard last, with the dealer or out) with the places allowed."""
    me, deal, contract = state.to_move, state.deal, state.contract
    trump = contract.trump
    seen = state.hands[me]
    for _, trick, _ in state.tricks:
        seen |= sum(1 << c for c in trick)
    seen |= sum(1 << c for c in state.trick)
    taker = exchanging_seat(deal, trump, contract.declarer, state.seats)
    upcard_with = None
    if not deal.variant.declarer_exchanges:
        if taker is not None and taker != me and not seen >> deal.extra & 1:
            upcard_with = taker
        else:
            seen |= 1 << deal.extra
    if taker == me:
        seen |= 1 << deal.extra | 1 << contract.discard
    places = [s for s in state.seats if s != me] + [4]
    unseen = cards_of(deal.variant.deck & ~seen)
    needs = [state.hands[p].bit_count() for p in places[:-1]]
    needs.append(len(unseen) - sum(needs))
    voids = shown_out(state)
    groups = []
    for suit in range(4):
        members = sorted(
            c for c in unseen if effective_suit(c, trump) == suit and not (c == deal.extra and upcard_with is not None)
        )
        if members:
            groups.append((members, [i for i, p in enumerate(places) if p == 4 or (p, suit) not in voids]))
    if upcard_with is not None:
        holder = places.index(upcard_with)
        allowed = [i for i in (holder, len(places) - 1) if places[i] == 4 or (upcard_with, trump) not in voids]
        groups.append(([deal.extra], allowed))
    return places, needs, groups


def plain_rows(cards: int, allowed: list[int], left: list[int]) -> list[tuple[int, ...]]:
    """Every way to give ``cards`` cards to the allowed places within their room, in
    lexicographic order."""
    return [
        row
        for row in product(*(range(min(cards, left[i]) + 1) if i in allowed else [0] for i in range(len(left))))
        if sum(row) == cards
    ]


def plain_ways(groups: list, g: int, left: list[int]) -> int:
    """The layouts of groups g on, by brute force over their rows."""
    if g == len(groups):
        return int(not any(left))
    cards, allowed = groups[g]
    total = 0
    for row in plain_rows(len(cards), allowed, left):
        ways, rest = 1, len(cards)
        for k in row:
            ways, rest = ways * comb(rest, k), rest - k
        total += ways * plain_ways(groups, g + 1, [n - k for n, k in zip(left, row)])
    return total


def plain_layout(places: list[int], needs: list[int], groups: list, rng: random.Random) -> list[int]:
    """The documented draw: group by group, its row by randrange over the running total of
    the layouts each row leaves, then its cards shuffled and given out in place order."""
    held = [0] * len(places)
    left = list(needs)
    for g, (cards, allowed) in enumerate(groups):
        pick = rng.randrange(plain_ways(groups, g, left))
        for row in plain_rows(len(cards), allowed, left):
            ways, rest = 1, len(cards)
            for k in row:
                ways, rest = ways * comb(rest, k), rest - k
            weight = ways * plain_ways(groups, g + 1, [n - k for n, k in zip(left, row)])
            if pick < weight:
                break
            pick -= weight
        members = list(cards)
        rng.shuffle(members)
        at = 0
        for place, k in enumerate(row):
            held[place] |= sum(1 << c for c in members[at : at + k])
            at += k
        left = [n - k for n, k in zip(left, row)]
    return held


@pytest.mark.parametrize(
    "seed, game, played",
    [
        (28, ("hasenpfeffer", 25), 2),
        (22, ("euchre", 24), 6),
        (26, ("euchre2", 24), 2),
        (24, ("hasenpfeffer", 25), 9),
        (25, ("euchre", 25), 4),
        (27, ("euchre3", 24), 3),
        (29, ("euchre3", 32), 6),
    ],
)
def test_a_cards_figures_are_those_of_a_plain_loop(seed: int, game: tuple[str, int], played: int) -> None:
    start, cards = random_hand(seed, game, played=played + 1)
    state = replayed(start, cards[:-1])
    card, number, layouts = cards[-1], played + 1, 8
    legal = cards_of(state.legal())
    assert len(legal) > 1, "a card with a choice"
    verdict = judge_card(state, card, number, layouts, seed=5, known=(0, 0, 0, 0), stakes=stakes_of(state))
    places, needs, groups = plain_view(state)
    assert plain_ways(groups, 0, needs) > layouts and not verdict.exact
    totals = {c: [] for c in legal}
    for i in range(layouts):
        held = plain_layout(places, needs, groups, random.Random(f"5/{number}/{i}"))
        hands = list(state.hands)
        for place, cards_there in zip(places, held):
            if place != 4:
                hands[place] = cards_there
        layout = state.copy()
        layout.hands = hands
        for option in legal:
            after = layout.copy()
            after.play(option)
            value = after.declarer_taken() + after.value()
            mine = declares(state, state.to_move)
            totals[option].append(value if mine else state.deal.variant.hand_size - value)
    means = {c: sum(v) / layouts for c, v in totals.items()}
    assert {int(c.card): pytest.approx(c.mean) for c in verdict.choices} == means
    best = max(means.values())
    assert verdict.cost == pytest.approx(best - means[card])
    # the same layouts in points: the contract's score of each, from the mover's side
    variant = state.deal.variant
    mover_declares = declares(state, state.to_move)
    bid = Bid(3) if variant.declarer_exchanges else None

    def net(mine: int) -> float:
        declarers = mine if mover_declares else variant.hand_size - mine
        ours, theirs = hand_score(variant, state.settings, bid, declarers, state.contract.alone)
        return worth(variant, mover_declares, ours, theirs)

    points = {c: sum(net(t) for t in v) / layouts for c, v in totals.items()}
    assert {int(c.card): pytest.approx(c.points) for c in verdict.choices} == points
    assert verdict.points_cost == pytest.approx(max(points.values()) - points[card])
