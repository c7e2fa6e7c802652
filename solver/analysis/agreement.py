"""Which of many layouts agree with an auction: the model's plausibility test, as arrays.

A single-dummy answer keeps the layouts on which every call another seat made is one the
model of the other players finds plausible with that seat's cards
(``PlayerModel.plausible``), and a review tests thousands of layouts for each decision.
What the test reads besides the seat's cards (the auction's state at each call, the calls
open to the seat, who leads, who would take the upcard) is the same on every layout, and the
model's rating of a hand is a sum of table lookups (``FormFit.rate``). So the test is
planned once per auction and run on a batch of layouts at a time as numpy arrays: the same
sums in the same order, the same buckets and the same expected points as ``plausible``, so
the same answer on every hand (tests/analysis/test_agreement.py holds the two together).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ..core.cards import JOKER
from ..rules.auction import PASS, AuctionRules, AuctionState, Call
from .model import SUIT_BITS, FormFit, PlayerModel

Hands = np.ndarray  # one seat's cards on each layout: uint64 masks


def consistent_many(
    model: PlayerModel,
    rules: AuctionRules,
    calls: Sequence[tuple[int, Call]],
    hands: Sequence[Hands],
    checked: Sequence[int],
) -> np.ndarray:
    """``playout.consistent`` of each layout: ``hands[seat]`` the seat's cards on each layout;
    the calls of the ``checked`` seats are tested, a seat holding no cards on a layout passing
    any test (in a review, a seat whose hand at the auction the layout does not give)."""
    agree = np.ones(len(hands[0]), dtype=bool)
    ratings: dict[int, Ratings] = {}  # a seat's hands are rated once for all its calls
    state = rules.start()
    for seat, call in calls:
        if seat in checked:
            if seat not in ratings:
                ratings[seat] = Ratings(model, rules, seat, hands[seat])
            agree &= (hands[seat] == 0) | ratings[seat].plausible(state, call)
        state = rules.after(state, call)
    return agree


def plausible_many(
    model: PlayerModel, rules: AuctionRules, state: AuctionState, hands: Hands, made: Call
) -> np.ndarray:
    """``model.plausible(rules, state, hand, made)`` of each hand."""
    seat = rules.to_call(state)
    assert seat is not None
    return Ratings(model, rules, seat, hands).plausible(state, made)


class Ratings:
    """The model's view of one seat's hands, one per layout, at one auction: each hand's
    suit holdings read once, and what the plausibility test reads of them worked out once
    (the game's model works out its values of them: ``PlayerModel.rated``)."""

    def __init__(self, model: PlayerModel, rules: AuctionRules, seat: int, hands: Hands) -> None:
        self.model, self.rules, self.seat = model, rules, seat
        hands = np.asarray(hands, dtype=np.uint64)
        self.joker = ((hands >> np.uint64(JOKER)) & np.uint64(1)).astype(bool)
        self.holdings = [
            ((hands >> np.uint64(SUIT_BITS * suit)) & np.uint64(0xFF)).astype(np.intp) for suit in range(4)
        ]
        self.values: dict[object, Any] = {}  # what the game's model worked out of these hands, by its key

    def plausible(self, state: AuctionState, made: Call) -> np.ndarray:
        """``model.plausible`` of each hand, the seat calling ``made`` at ``state``."""
        model, rules = self.model, self.rules
        assert rules.to_call(state) == self.seat
        policy = model.policy(rules.settings, self.seat)
        margin = model.plausible_margin
        if made.kind != PASS:
            return self.value(made) > policy.threshold(model.place_of_call(rules, state, made)) - margin
        threshold = policy.threshold(rules.place(state))
        agree = np.ones(len(self.joker), dtype=bool)
        for call in model.choices(rules, state):
            agree &= self.value(call) <= threshold + margin
        return agree

    def rate(self, fit: FormFit, trump: int, leads: int, upcard: tuple[str, int] | None = None) -> np.ndarray:
        """``fit.rate`` of each hand: the terms added in the same order."""
        empty, holdings, joker = fit.terms(trump, leads, upcard)
        tables = holding_tables(fit, trump, holdings)
        total = np.where(self.joker, empty + joker, empty + 0.0)
        for suit in range(4):
            total = total + tables[suit][self.holdings[suit]]
        return total

    def value(self, call: Call) -> np.ndarray:
        """``model.value_of(rules, state, hand, call)`` of each hand."""
        return self.model.rated(self, call)


# Tables worked out once per owner (a fit or a model) and what else they depend on, kept by
# the owner's id with the owner itself, so that one freed and another made at its address
# never reads the first one's tables.
_KEPT: dict[tuple[int, object], tuple[object, np.ndarray]] = {}


def kept(owner: object, key: object, build: Callable[[], np.ndarray]) -> np.ndarray:
    """``build()``, once per ``owner`` and ``key``."""
    entry = _KEPT.get((id(owner), key))
    if entry is None or entry[0] is not owner:
        entry = _KEPT[(id(owner), key)] = (owner, build())
    return entry[1]


def holding_tables(fit: FormFit, trump: int, holdings: tuple[tuple[float, ...], ...]) -> np.ndarray:
    return kept(fit, ("holdings", trump), lambda: np.array(holdings, dtype=np.float64))


def blended(fit: FormFit, predicted: np.ndarray, scores: tuple[int, ...]) -> np.ndarray:
    """``fit.expected(predicted, scores)`` of each prediction: the same operations in the
    same order."""
    by_bucket = kept(fit, ("expected", scores), lambda: np.array(fit.expected_by_bucket(scores)))
    last = len(fit.shares) - 1
    x = np.minimum(np.maximum(predicted / fit.width - 0.5, 0.0), float(last))
    low = np.minimum(x.astype(np.intp), max(last - 1, 0))
    far = x - low
    high = np.minimum(low + 1, last)
    values: np.ndarray = by_bucket[low] + far * (by_bucket[high] - by_bucket[low])
    return values
