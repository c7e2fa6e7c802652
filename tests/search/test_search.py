"""The search, extension and twin alike, against the plain-minimax oracle (tests/oracle.py).

Endings: random deals played at random down to 1-4 tricks, and endings dealt directly (four
seats, a lone declarer's three, or two), some with a trick in progress. Whole deals: one
random trump and discard each, sometimes alone. Each batch of endings goes through one
searcher, so its transposition table is shared by unrelated positions as it is in a table
analysis. On a mismatch the message reproduces each position.
"""

from __future__ import annotations

import os

import pytest
from dealgen import ending, whole_deal_position
from oracle import Oracle
from stored_oracle import golden_value

import hasen.search
from hasen.core.cards import parse_card
from hasen.core.deal import parse_hand
from hasen.core.seats import side_seats
from hasen.search.layout import layout, to_layout

# raise these for a deeper check: HASEN_WHOLE_DEALS=100 python -m pytest tests/search/test_search.py
ENDING_BATCHES = int(os.environ.get("HASEN_ENDING_BATCHES", "16"))
ENDINGS_PER_BATCH = 25  # 400 endings
WHOLE_DEALS = int(os.environ.get("HASEN_WHOLE_DEALS", "20"))
SLOW_WHOLE_DEALS = int(os.environ.get("HASEN_SLOW_WHOLE_DEALS", "2"))

_oracle_cache: dict[str, int] = {}
# more positions than the stored ones (a deeper check): the oracle works them all out
LIVE = any(name in os.environ for name in ("HASEN_ENDING_BATCHES", "HASEN_WHOLE_DEALS", "HASEN_SLOW_WHOLE_DEALS"))


def oracle_of(position) -> int:
    """The oracle's value, stored (tests/stored_oracle.py) and read once per position for
    both implementations."""
    if position.label not in _oracle_cache:
        stored = position.oracle() if LIVE else golden_value(f"search: {position.label}", position.oracle)
        _oracle_cache[position.label] = stored
    return _oracle_cache[position.label]


@pytest.mark.slow
def test_the_stored_oracle_values_are_the_oracles() -> None:
    """A sample of the stored answers, worked out again by the oracle: endings played from a
    deal and dealt, a lone hand's whole deal and a four-hand one."""
    sample = [ending(seed) for seed in (0, 1, 138, 399)] + [whole_deal_position(i) for i in (0, 1)]
    for position in sample:
        assert golden_value(f"search: {position.label}", position.oracle) == position.oracle(), position.label


def mismatch_report(position, expected: int, got: int, searcher) -> str:
    fresh = position.solve(type(searcher)())
    return (
        f"{type(searcher).__module__}.Searcher gives {got}, the oracle {expected} "
        f"(a fresh searcher gives {fresh})\n{position.describe()}"
    )


@pytest.mark.parametrize("batch", range(ENDING_BATCHES))
def test_endings_equal_the_oracle(searcher, batch):
    failures = []
    for seed in range(batch * ENDINGS_PER_BATCH, (batch + 1) * ENDINGS_PER_BATCH):
        position = ending(seed)
        expected, got = oracle_of(position), position.solve(searcher)
        if got != expected:
            failures.append(mismatch_report(position, expected, got, searcher))
    assert not failures, f"{len(failures)} of {ENDINGS_PER_BATCH} endings differ:\n" + "\n".join(failures)


def whole_deal_indices() -> list:
    """Every whole deal; the four-hand ones but the first in the full run only (the plain
    minimax takes seconds on each)."""
    return [
        pytest.param(index, marks=pytest.mark.slow) if index % 4 == 1 and index > 1 else index
        for index in range(WHOLE_DEALS)
    ]


@pytest.mark.parametrize("index", whole_deal_indices())
def test_whole_deal_equals_the_oracle(searcher, index):
    position = whole_deal_position(index)
    expected, got = oracle_of(position), position.solve(searcher)
    assert got == expected, mismatch_report(position, expected, got, searcher)


@pytest.mark.slow
@pytest.mark.parametrize("index", range(100, 100 + SLOW_WHOLE_DEALS))
def test_more_four_hand_deals_equal_the_oracle(searcher, index):
    """Four-hand deals only: each takes the plain minimax several seconds."""
    position = whole_deal_position(index, four_hands=True)
    expected, got = oracle_of(position), position.solve(searcher)
    assert got == expected, mismatch_report(position, expected, got, searcher)


def test_the_generators_cover_what_they_should():
    """The random endings include every kind the differential tests rely on."""
    positions = [ending(seed) for seed in range(400)]
    assert {len(p.seats) for p in positions} == {2, 3, 4}
    assert {len(p.trick) for p in positions} == {0, 1, 2, 3}
    assert {p.trump for p in positions} == {0, 1, 2, 3}
    assert {p.leader for p in positions} == {0, 1, 2, 3}
    assert {p.hands[p.seats[-1]].bit_count() + (p.seats[-1] == p.leader and len(p.trick) > 0) for p in positions} >= {
        1,
        2,
        3,
        4,
    }
    assert any(p.state is not None for p in positions) and any(p.state is None for p in positions)
    deals = [whole_deal_position(i) for i in range(WHOLE_DEALS)]
    assert {len(p.seats) for p in deals} == {3, 4}


# --- hand-made positions, checked by hand and against the oracle -----------------------------


def solve_cards(searcher, hands: dict[str, str], trump: str, leader: str, side: int, trick: str = "") -> int:
    """Solve a position given in dotted hands, e.g. {"N": "A...", "E": ".A.."}."""
    t = "SHDC".index(trump)
    masks = [parse_hand(hands[s]) if s in hands else 0 for s in "NESW"]
    active = sum(1 << i for i, s in enumerate("NESW") if s in hands)
    played = [parse_card(c) for c in trick.split()]
    value = searcher.solve(
        [to_layout(m, t) for m in masks], active, "NESW".index(leader), side_seats(side), [layout(t)[c] for c in played]
    )
    seats = [i for i, s in enumerate("NESW") if s in hands]
    assert Oracle(t, seats, side).value(masks, "NESW".index(leader), played) == value, "oracle differs"
    return value


def test_left_bower_is_a_trump_in_the_search(searcher):
    # hearts trump: JD is the left bower, a trump, so N (void in spades) ruffs E's 9S lead
    hands = {"N": "..J.", "E": "9...", "S": "..9.", "W": "T..."}
    assert solve_cards(searcher, hands, "H", "E", 0) == 1
    # the same cards with spades trump: JD is a plain diamond, and W's TS takes the trick
    assert solve_cards(searcher, hands, "S", "E", 0) == 0


def test_joker_is_the_highest_trump_in_the_search(searcher):
    hands = {"N": "...*", "E": "J...", "S": "9...", "W": ".J.."}
    assert solve_cards(searcher, hands, "S", "E", 0) == 1  # Joker over the right bower


def test_lone_hand_in_the_search(searcher):
    # N alone (S idle) against E and W, hearts trump, no trumps out: N's AS KS take both
    hands = {"N": "AK...", "E": "QJ...", "W": "T9..."}
    assert solve_cards(searcher, hands, "H", "E", 0) == 2
    assert solve_cards(searcher, hands, "H", "E", 1) == 0


def test_solve_with_a_trick_in_progress(searcher):
    # E led the 9S, S played AS; W and N to play, one trick: N-S win it
    hands = {"N": "T...", "E": "...", "S": "...", "W": "K..."}
    assert solve_cards(searcher, hands, "H", "E", 0, trick="9S AS") == 1
    assert solve_cards(searcher, hands, "H", "E", 1, trick="9S AS") == 0


@pytest.mark.skipif(
    os.environ.get("HASEN_NO_EXTENSIONS", "") not in ("", "0"),
    reason="HASEN_NO_EXTENSIONS is set: the pure-Python twin runs on purpose",
)
def test_extension_is_loaded():
    """The guard: a missing or broken build must not silently fall back to the twin."""
    assert hasen.search.USING_EXTENSION, (
        "hasen.search.USING_EXTENSION is False: the Cython extension hasen.search._search did not load, "
        "so the pure-Python twin is running (build it with `pip install -e .`, or set "
        "HASEN_NO_EXTENSIONS=1 to test the twin on purpose)"
    )
