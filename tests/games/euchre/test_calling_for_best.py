"""Railroad's calling for best against the plain-minimax oracle, on random deals.

docs/rules.md ("Calling for best"): a lone maker takes a card of the partner's and puts one
of its six away; a lone defender then does the same with its own partner. With every hand
open each chooses for its own side in the order of the game: the dealer's discard (when the
dealer plays and the upcard's suit is trump), the maker's call, the defender's. Here that
order is played out by brute force over every choice, each leaf solved by the oracle from
the start position ``euchre_deals`` works out; the product's table (both searches) must give
the same value for every trump, and the same tricks for random calls of a contract.
"""

from __future__ import annotations

import random

import pytest
from euchre_deals import next_seat, random_deal, takes_upcard
from oracle import Oracle
from stored_oracle import golden_value

from hasen.core.cards import card_name
from hasen.core.deal import Deal
from hasen.core.settings import Settings
from hasen.games.euchre.table import analyze_euchre
from hasen.play.state import Contract, PlayState

SEATS = "NESW"


def cards(mask: int) -> list[int]:
    return [c for c in range(64) if mask >> c & 1]


class Brute:
    """Every choice of the hand tried, in the game's order, the leaves by the oracle."""

    def __init__(self, deal, maker: int, trump: int, defender: int | None) -> None:
        self.deal, self.maker, self.trump, self.defender = deal, maker, trump, defender
        idle = {(maker + 2) % 4} | (set() if defender is None else {(defender + 2) % 4})
        self.playing = tuple(s for s in range(4) if s not in idle)
        self.leader = defender if defender is not None else next_seat(maker, self.playing)
        self.oracle = Oracle(trump, self.playing, maker % 2)

    def leaf(self, hands: dict[int, int]) -> int:
        placed = [hands.get(s, 0) if s in self.playing else 0 for s in range(4)]
        return self.oracle.value(placed, self.leader)

    def calls(self, hands: dict[int, int], caller: int) -> list[tuple[tuple[int, int], dict[int, int]]]:
        """Each card the caller's partner may pass and each the caller may then put away."""
        out = []
        for passed in cards(self.deal.hands[(caller + 2) % 4]):
            for away in cards(hands[caller] | 1 << passed):
                after = dict(hands)
                after[caller] = (hands[caller] | 1 << passed) & ~(1 << away)
                out.append(((passed, away), after))
        return out

    def after_dealer(self, hands: dict[int, int]) -> int:
        maker_values = []
        for _, after in self.calls(hands, self.maker):
            if self.defender is None:
                maker_values.append(self.leaf(after))
            else:
                maker_values.append(min(self.leaf(h) for _, h in self.calls(after, self.defender)))
        return max(maker_values)

    def value(self) -> int:
        deal = self.deal
        hands = {s: deal.hands[s] for s in self.playing}
        if deal.dealer in self.playing and takes_upcard(deal.extra, self.trump):
            six = hands[deal.dealer] | 1 << deal.extra
            values = []
            for discard in cards(six):
                values.append(self.after_dealer({**hands, deal.dealer: six & ~(1 << discard)}))
            return (max if (deal.dealer - self.maker) % 2 == 0 else min)(values)
        return self.after_dealer(hands)


# the oracle takes seconds a trump: one trump a deal (the upcard's half the time, where the
# dealer exchanges too), two deals of each kind in the quick suite, four more slow
CASES = [
    pytest.param(
        seed,
        size,
        defends,
        id=f"{seed}-{size}-{'defended' if defends else 'lone'}",
        marks=[pytest.mark.slow] if seed >= 2 else [],
    )
    for seed in range(6)
    for size, defends in ((25, False), (33, False), (25, True))
]
_oracle_values: dict[tuple[int, int, bool], int] = {}  # the same for both searches


@pytest.mark.parametrize("seed, size, defends", CASES)
def test_calling_tables_equal_the_oracle(searcher, seed, size, defends):
    deal, maker, trump, defender = calling_case(seed, size, defends)
    table = analyze_euchre(deal, declarer=SEATS[maker], alone=True, defender=defender, searcher=searcher).tables[
        SEATS[maker]
    ]
    key = (seed, size, defends)
    if key not in _oracle_values:
        _oracle_values[key] = golden_value(brute_label(*key), Brute(deal, maker, trump, defender).value)
    assert table.entries[trump].value == _oracle_values[key], f"{deal!r}, {SEATS[maker]} alone, trump {'SHDC'[trump]}"


def calling_case(seed: int, size: int, defends: bool) -> tuple[Deal, int, int, int | None]:
    """A random Railroad deal and a lone maker's contract on it: the deal, the maker, the trump
    (often the upcard's suit) and the lone defender, if one defends."""
    rng = random.Random(seed)
    deal = random_deal(rng, "railroad", size)
    maker = rng.randrange(4)
    defender = (maker + rng.choice((1, 3))) % 4 if defends else None
    upcard_suit = "SHDC".find(card_name(deal.extra)[1])
    trump = upcard_suit if upcard_suit >= 0 and rng.random() < 0.5 else rng.randrange(4)
    return deal, maker, trump, defender


def brute_label(seed: int, size: int, defends: bool) -> str:
    return f"calling for best: seed {seed}, {size} cards, {'defended' if defends else 'lone'}"


@pytest.mark.slow
def test_the_stored_oracle_values_are_the_oracles() -> None:
    """The stored answers of the first two seeds worked out again by the oracle, each form."""
    for seed, size, defends in [
        (seed, size, defends) for seed in (0, 1) for size, defends in ((25, False), (33, False), (25, True))
    ]:
        brute = Brute(*calling_case(seed, size, defends))
        assert golden_value(brute_label(seed, size, defends), brute.value) == brute.value(), (seed, size, defends)


@pytest.mark.parametrize("seed", range(12))
def test_a_contract_with_random_calls_equals_the_oracle(searcher, seed):
    """The contract as written (random calls, random dealer's discard): PlayState, and the
    table's own entry for those calls, against the oracle's leaf."""
    rng = random.Random(100 + seed)
    deal = random_deal(rng, "railroad", rng.choice((25, 33)))
    maker, trump = rng.randrange(4), rng.randrange(4)
    defender = (maker + rng.choice((1, 3))) % 4 if rng.random() < 0.5 else None
    brute = Brute(deal, maker, trump, defender)
    hands = {s: deal.hands[s] for s in brute.playing}
    discard = deal.extra
    if deal.dealer in brute.playing and takes_upcard(deal.extra, trump):
        six = hands[deal.dealer] | 1 << deal.extra
        discard = rng.choice(cards(six))
        hands[deal.dealer] = six & ~(1 << discard)
    best, hands = rng.choice(brute.calls(hands, maker))
    defender_best = None
    if defender is not None:
        defender_best, hands = rng.choice(brute.calls(hands, defender))
    contract = Contract(maker, trump, discard, True, defender, best, defender_best)
    expected = brute.leaf(hands)
    assert PlayState(deal, contract, Settings()).value(searcher) == expected, f"{deal!r} {contract}"
    table = analyze_euchre(deal, declarer=SEATS[maker], alone=True, defender=defender, searcher=searcher).tables[
        SEATS[maker]
    ]
    assert table.contract_tricks(contract) == expected, f"{deal!r} {contract}"
    named = f"{card_name(best[0])} for {card_name(best[1])}"
    assert contract.best.text() == named
