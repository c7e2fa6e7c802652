"""The model of the other players: how a seat bids or calls knowing only its own cards.

The single-dummy answers weigh a decision by what follows it, and what follows depends on
the other players' calls, which depend on cards the seat cannot see. The model stands in for
them: fast enough to be asked thousands of times inside one simulation, and fitted to the
product's own double-dummy play (``tools/model_fit.py`` rebuilds it; docs/variants.md,
"The model of the other players", says how and how close it comes to the full advice).

A hand is judged as declarer (maker) for one trump and one form of play by a few counts:
which of the trumps it holds (the Joker, the bowers, then the trump suit's ranks), how many,
its side aces, kings and queens, its short suits, who leads, and in Euchre who takes the
upcard. A linear fit of those counts predicts the tricks the declaring side takes double
dummy; the spread around the prediction is the distribution of the real tricks among the
fitted hands with about the same prediction. From that distribution, and the table's
scoring, each call's expected points follow.

How the model calls (an assumption, not a rule of play). A call is made when its expected
points are above the threshold of the seat's place in the auction, found by self-play at
the table's rules and, where a score is known, its class (``hasen.analysis.policy``; 0
before self-play). Each family's model (``hasen.games.<family>.model``) says the rest:

- Hasenpfeffer: a seat bids the lowest bid it may, if that bid's expected score is above
  the threshold with the partner or alone; else it passes (and is out). So it bids up, one step at a time,
  to the highest bid it expects to profit from, over its partner's bid too (a seat that
  passes is out of the bidding, so keeping the contract on one's side means bidding). Its
  declarer plays alone if that expects more at its bid, and having taken the widow plays
  the trump its fit expects most of, discarding by the rule below.
- Euchre: a seat orders up, or names the suit its fit rates best, with the partner or
  alone (alone when that is worth more by the lone margin of its place), when that call's
  expected points are above the threshold; else it passes. A dealer stuck with the last
  call names its best suit.
- A discard (the Hasenpfeffer declarer's, the Euchre dealer's) keeps the trumps and the
  aces: it is the lowest card of the shortest side suit that is not an ace, the lowest ace
  when all side cards are aces, or the lowest trump when every card is one.
- Railroad's call for best: the lone player's partner passes its highest trump, or its
  highest card (the first suit in S H D C order on a tie) when it holds no trump, and the
  lone player puts away by the discard rule above.

The model does not read the other players' calls when it calls.
"""

from __future__ import annotations

import json
import threading
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import import_module
from importlib.resources import files
from operator import mul
from typing import TYPE_CHECKING, Any, ClassVar, Self

from ..core.cards import (
    ACE,
    JACK,
    JOKER,
    KING,
    QUEEN,
    RANKS_PER_SUIT,
    CardId,
    Mask,
    left_bower,
    make_card,
    rank_of,
    trump_cards,
)
from ..core.settings import Settings
from ..core.variants import Variant
from ..rules.auction import PASS, PASSING, AuctionEnd, AuctionRules, AuctionState, Call
from ..rules.seating import active_seats, first_leader
from .policy import UNFITTED, Policies, Policy, score_class, table_rules

if TYPE_CHECKING:
    import numpy as np

    from .agreement import Ratings
    from .contracts import Play

MODEL_FILE = "player_model.json"  # in hasen/data, written by tools/model_fit.py
MODEL_VERSION = 2

# The trump suit's cards from the top, as a feature each: the Joker, the right and left
# bowers, then the suit's ranks A K Q T 9 8 7 (a deck without some of them never holds those).
TRUMP_RANKS = ("A", "K", "Q", "T", "9", "8", "7")
FEATURES = (
    "bias",
    "JK",
    "RB",
    "LB",
    *(f"trump {r}" for r in TRUMP_RANKS),
    "trumps",
    "side A",
    "side K guarded",
    "side K bare",
    "side Q",
    "voids",
    "singletons",
    "leads",
    "partner leads",
    *(
        f"upcard {who} {slot}"
        for who in ("self", "partner", "opponent")
        for slot in ("JK", "RB", "LB", "A", "K", "Q", "T", "9", "8", "7")
    ),
)
UPCARD_FEATURES = FEATURES.index("upcard self JK")
SLOTS = len(TRUMP_RANKS) + 3


@cache
def trump_slots(trump: int) -> tuple[CardId, ...]:
    """The trumps from the top: Joker, right bower, left bower, then A K Q T 9 8 7."""
    by_rank = {r: make_card(trump, "789TJQKA".index(r)) for r in TRUMP_RANKS}
    return (JOKER, make_card(trump, JACK), left_bower(trump), *(by_rank[r] for r in TRUMP_RANKS))


@cache
def side_suits(trump: int) -> tuple[tuple[Mask, CardId, CardId, CardId], ...]:
    """Each other suit: its cards (the left bower left out), its ace, king and queen."""
    out = []
    for suit in range(4):
        if suit == trump:
            continue
        cards = 0
        for rank in range(RANKS_PER_SUIT):
            card = make_card(suit, rank)
            if card != left_bower(trump):
                cards |= 1 << card
        out.append((cards, make_card(suit, ACE), make_card(suit, KING), make_card(suit, QUEEN)))
    return tuple(out)


def features(hand: Mask, trump: int, leads: int = 0, upcard: tuple[str, CardId] | None = None) -> list[float]:
    """The counts the model judges a hand by, for ``trump`` (see the module). ``leads``: 1 if
    the hand leads the first trick, 2 if its partner does, 0 if an opponent does.
    ``upcard``: in Euchre, who takes the upcard as a trump ("self", "partner", "opponent")
    and the card."""
    values = [0.0] * len(FEATURES)
    values[0] = 1.0
    slots = trump_slots(trump)
    count = 0
    for i, card in enumerate(slots):
        if hand >> card & 1:
            values[1 + i] = 1.0
            count += 1
    values[1 + SLOTS] = count
    aces = guarded = bare = queens = voids = singletons = 0
    for cards, ace, king, queen in side_suits(trump):
        held = hand & cards
        length = held.bit_count()
        if length == 0:
            voids += 1
            continue
        if length == 1:
            singletons += 1
        if held >> ace & 1:
            aces += 1
        if held >> king & 1:
            if length > 1:
                guarded += 1
            else:
                bare += 1
        if held >> queen & 1:
            queens += 1
    base = 2 + SLOTS
    values[base : base + 6] = [aces, guarded, bare, queens, voids, singletons]
    if leads == 1:
        values[base + 6] = 1.0
    elif leads == 2:
        values[base + 7] = 1.0
    if upcard is not None:
        who, card = upcard
        slot = slots.index(card)
        values[UPCARD_FEATURES + ("self", "partner", "opponent").index(who) * SLOTS + slot] = 1.0
    return values


def model_discard(cards: Mask, trump: int) -> CardId:
    """The card the model puts away from ``cards`` (see the module): keeps trumps and aces."""
    trumps = trump_cards(trump)
    best: tuple[int, int, int] | None = None
    choice = -1
    for suit_cards, ace, _, _ in side_suits(trump):
        held = cards & suit_cards & ~trumps
        length = held.bit_count()
        while held:
            low = held & -held
            card = low.bit_length() - 1
            key = (int(card == ace), length, rank_of(card))
            if best is None or key < best:
                best, choice = key, card
            held ^= low
    if choice >= 0:
        return choice
    for card in reversed(trump_slots(trump)):  # every card a trump: the lowest goes
        if cards >> card & 1:
            return card
    raise AssertionError("a hand to discard from holds a card")


def model_best(hand: Mask, trump: int) -> CardId:
    """The card the model's partner passes to a lone player who calls for best (see the
    module): its highest trump, else its highest card."""
    for card in trump_slots(trump):
        if hand >> card & 1:
            return card
    cards = [card for card in range(hand.bit_length()) if hand >> card & 1]
    assert cards, "a partner to pass from holds a card"
    return max(cards, key=lambda card: (rank_of(card), -card))


def model_calls(hands: Sequence[Mask], callers: Sequence[tuple[int, int]], trump: int) -> tuple[Mask, ...]:
    """The hands once each lone player of ``callers`` (with the partner who passes, as
    ``rules.seating.best_callers`` gives them) has called for best by the model's rule."""
    after = list(hands)
    for caller, partner in callers:
        passed = model_best(after[partner], trump)
        cards = after[caller] | 1 << passed
        after[caller] = cards & ~(1 << model_discard(cards, trump))
        after[partner] &= ~(1 << passed)
    return tuple(after)


SUIT_BITS = RANKS_PER_SUIT  # a suit's cards are this many bits of a hand's mask (make_card)
SUIT_MASK = (1 << SUIT_BITS) - 1


@dataclass(frozen=True)
class FormFit:
    """One fitted form: weights over FEATURES, and the tricks' distribution by prediction.

    Every count is a sum over the hand's suits (the trump suit's cards, the left bower in its
    own suit's byte, the Joker on its own) plus what does not depend on the hand (who leads,
    the upcard), so a prediction is also a constant plus a term for each suit's holding: the
    terms are worked out once per trump (``rate``), from the counts themselves."""

    weights: tuple[float, ...]
    width: float  # of a prediction's bucket, in tricks
    shares: tuple[tuple[float, ...], ...]  # per bucket from 0 tricks up: P(tricks = t)

    def predict(self, values: Sequence[float]) -> float:
        return float(sum(map(mul, self.weights, values)))

    def rate(self, hand: Mask, trump: int, leads: int = 0, upcard: tuple[str, CardId] | None = None) -> float:
        """``predict(features(...))`` from the suit terms: the same value, read from tables."""
        empty, holdings, joker = self.terms(trump, leads, upcard)
        total = empty + (joker if hand >> JOKER & 1 else 0.0)
        for suit in range(4):
            total += holdings[suit][hand >> (SUIT_BITS * suit) & SUIT_MASK]
        return total

    def terms(
        self, trump: int, leads: int, upcard: tuple[str, CardId] | None
    ) -> tuple[float, tuple[tuple[float, ...], ...], float]:
        key = (trump, leads, upcard)
        cached = self._terms.get(key)
        if cached is None:
            empty = self.predict(features(0, trump, leads, upcard))
            holdings = self._holdings.get(trump)
            if holdings is None:
                base = self.predict(features(0, trump))
                holdings = tuple(
                    tuple(self.predict(features(h << (SUIT_BITS * suit), trump)) - base for h in range(1 << SUIT_BITS))
                    for suit in range(4)
                )
                self._holdings[trump] = holdings
            joker = self.predict(features(1 << JOKER, trump)) - self.predict(features(0, trump))
            cached = self._terms[key] = (empty, holdings, joker)
        return cached

    @cached_property
    def _terms(
        self,
    ) -> dict[tuple[int, int, tuple[str, CardId] | None], tuple[float, tuple[tuple[float, ...], ...], float]]:
        return {}

    @cached_property
    def _holdings(self) -> dict[int, tuple[tuple[float, ...], ...]]:
        return {}

    def position(self, predicted: float) -> tuple[int, float]:
        """Where a prediction falls between the buckets' centres: the bucket below and how far
        towards the next (0 to 1); at either end, the end bucket. The model's figures are
        each bucket's, blended so: a hand a hair better is worth a hair more, not a
        bucket's step more."""
        last = len(self.shares) - 1
        x = min(max(predicted / self.width - 0.5, 0.0), float(last))
        low = min(int(x), max(last - 1, 0))
        return low, x - low

    def distribution(self, predicted: float) -> tuple[float, ...]:
        """P(tricks = t), blended between the buckets around the prediction."""
        low, far = self.position(predicted)
        high = min(low + 1, len(self.shares) - 1)
        return tuple((1 - far) * a + far * b for a, b in zip(self.shares[low], self.shares[high]))

    def expected(self, predicted: float, scores: tuple[int, ...]) -> float:
        """The expected ``scores`` (points by tricks) at a prediction: each bucket's expected
        points blended as ``position`` says (as the arrays of ``hasen.analysis.agreement`` do)."""
        low, far = self.position(predicted)
        by_bucket = self.expected_by_bucket(scores)
        high = min(low + 1, len(by_bucket) - 1)
        return by_bucket[low] + far * (by_bucket[high] - by_bucket[low])

    def expected_by_bucket(self, scores: tuple[int, ...]) -> tuple[float, ...]:
        """Each bucket's expected ``scores``."""
        known = self._expected.get(scores)
        if known is None:
            known = self._expected[scores] = tuple(float(sum(map(mul, row, scores))) for row in self.shares)
        return known

    @cached_property
    def _expected(self) -> dict[tuple[int, ...], tuple[float, ...]]:
        return {}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FormFit:
        return cls(tuple(data["weights"]), data["width"], tuple(tuple(row) for row in data["shares"]))

    def to_json(self) -> dict[str, Any]:
        return {
            "weights": [round(w, 5) for w in self.weights],
            "width": self.width,
            "shares": [[round(p, 4) for p in row] for row in self.shares],
        }


@cache
def model_data() -> dict[str, Any]:
    """The fitted model of every game, as shipped (hasen/data/player_model.json)."""
    text = files("hasen").joinpath("data", MODEL_FILE).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    if data.get("version") != MODEL_VERSION or tuple(data.get("features", ())) != FEATURES:
        raise RuntimeError(
            f"hasen/data/{MODEL_FILE} is not the model this version reads: rebuild it with python tools/model_fit.py"
        )
    return data


class PlayerModel(ABC):
    """The model for one game (see the module): ``PlayerModel.of(variant)``, the shipped fits
    in the game's own model (``hasen.games.<family>.model``), which says how its seats value
    a call and play the contract the auction ends in."""

    # points either way of a threshold within which a real call is taken as the model's
    # (``plausible``): players are more cautious or bolder than the model, and a call tells
    # of a hand without saying exactly what it holds
    plausible_margin: ClassVar[float]

    def __init__(
        self,
        variant: Variant,
        fits: dict[str, dict[bool, FormFit]],
        policies: Policies = UNFITTED,
        score: tuple[int, ...] | None = None,
    ) -> None:
        self.variant = variant
        self.fits = fits  # "bid" (before the widow or the exchange) and, Hasenpfeffer, "play": by alone
        self.policies = policies  # when its seats call (hasen.analysis.policy)
        self.score = score  # the score its seats call at (None: not known, they call for points)
        # values worked out for many hands at once, each thread's own (two requests of a
        # service at once keep theirs apart); shared with the model at each score, as they
        # do not depend on it
        self._known = threading.local()
        # each seat's class and policy, asked at every call of every auction played out
        self._classes: dict[tuple[tuple[int, ...] | None, int, int], str] = {}
        self._policies_known: tuple[Policies, dict[tuple[tuple[int, ...] | None, Settings, int], Policy]] = (
            policies,
            {},
        )

    def __getstate__(self) -> dict[str, Any]:  # a thread's values stay in its process
        return {name: value for name, value in self.__dict__.items() if name != "_known"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state, _known=threading.local())

    def at_score(self, score: tuple[int, ...] | None) -> Self:
        """The same model, its seats calling at ``score`` (each by the class of the score for
        its side); the fits and the values worked out are shared."""
        if score == self.score:
            return self
        scored = self._scored.get(score)
        if scored is None:
            scored = self._scored[score] = type(self).__new__(type(self))
            scored.__dict__.update(self.__dict__)
            scored.score = score
        return scored

    @cached_property
    def _scored(self) -> dict[tuple[int, ...] | None, Self]:
        return {}

    @classmethod
    def defends_alone(cls, variant: Variant) -> bool:
        """May a defender play alone against a lone declarer in the model's answers? Where
        the game has partners (a family's model may say otherwise)."""
        return len(variant.forms) > 1

    @classmethod
    def of(cls, variant: Variant) -> Self:
        """The shipped model of the game (asked of a family's own class, that class's)."""
        model = shipped_model(variant)
        if not isinstance(model, cls):
            raise TypeError(f"{variant.name}'s model is {type(model).__name__}, not {cls.__name__}")
        return model

    def class_of(self, seat: int, settings: Settings) -> str:
        """The class of the score for the seat's side (``policy.score_class``)."""
        key = (self.score, seat, settings.game_points)  # the models at each score share the dict
        known = self._classes.get(key)
        if known is None:
            known = self._classes[key] = score_class(self.score, self.variant.scorer_of(seat), settings.game_points)
        return known

    def policy(self, settings: Settings, seat: int) -> Policy:
        """The thresholds ``seat`` calls by at the table's rules and the score
        (``hasen.analysis.policy``)."""
        policies, known = self._policies_known
        if policies is not self.policies:  # new thresholds (self-play sets them round by round)
            policies, known = self._policies_known = (self.policies, {})
        key = (self.score, settings, seat)
        policy = known.get(key)
        if policy is None:
            policy = known[key] = policies.of(table_rules(settings), self.class_of(seat, settings))
        return policy

    @property
    def forms(self) -> tuple[bool, ...]:
        return self.variant.forms

    def leads(self, seat: int, dealer: int, alone: bool, settings: Settings) -> int:
        """1 if ``seat``, declaring, leads the first trick; 2 if its partner does; else 0."""
        key = (seat, dealer, alone, settings)
        known = self._leads.get(key)
        if known is None:
            seats = active_seats(self.variant, seat, alone)
            leader = first_leader(dealer, seat, seats, alone, settings)
            known = 1 if leader == seat else 2 if self.variant.declares_with(leader, seat) else 0
            self._leads[key] = known
        return known

    @cached_property
    def _leads(self) -> dict[tuple[int, int, bool, Settings], int]:  # asked for every hand judged
        return {}

    def _this_threads(self, kind: str) -> dict[Any, Any]:
        known: dict[Any, Any] | None = getattr(self._known, kind, None)
        if known is None:
            known = {}
            setattr(self._known, kind, known)
        return known

    # --- what each game says ----------------------------------------------------------

    @abstractmethod
    def value_of(self, rules: AuctionRules, state: AuctionState, hand: Mask, call: Call) -> float:
        """The model's expected points for a call that makes or raises (not a pass)."""

    @abstractmethod
    def best_call(self, rules: AuctionRules, state: AuctionState, hand: Mask) -> tuple[float, Call, Call | None]:
        """The call the seat to call would make if it makes one, its value, and the same call
        in the other form of play (None where there is none)."""

    @abstractmethod
    def choices(self, rules: AuctionRules, state: AuctionState) -> list[Call]:
        """The calls a pass is weighed against."""

    @abstractmethod
    def place_of_call(self, rules: AuctionRules, state: AuctionState, call: Call) -> str:
        """The place whose threshold a call is held to."""

    @abstractmethod
    def rated(self, ratings: Ratings, call: Call) -> np.ndarray:
        """``value_of`` the call on each of many hands (``agreement.Ratings``)."""

    @abstractmethod
    def remember(self, rules: AuctionRules, seat: int, hands: np.ndarray) -> None:
        """The values the seat's hand on each layout (``hands``) calls by, worked out at once
        as arrays (the same values) and kept, in this thread, for the auctions about to be
        played out; ``forget`` empties them when they are."""

    @abstractmethod
    def forget(self) -> None:
        """Empties this thread's values that ``remember`` kept."""

    @abstractmethod
    def own_form(
        self, meant: bool | None, end: AuctionEnd, hand: Mask, seat: int, dealer: int, settings: Settings
    ) -> bool:
        """Whether ``seat``, holding ``hand``, plays the contract the auction ended in (its
        own) alone: as its call said, or as it ``meant`` when it made the call (None: it was
        made to declare, and plays as the model's declarer)."""

    @abstractmethod
    def play(self, end: AuctionEnd, dealer: int, hands: Sequence[Mask], extra: CardId, settings: Settings) -> Play:
        """The contract the model plays when the auction ends in ``end`` (not a redeal)."""

    # --- calling -------------------------------------------------------------------------

    def call(self, rules: AuctionRules, state: AuctionState, hand: Mask) -> Call:
        """The call the model makes for the seat to call at ``state``, holding ``hand``: its
        best call when that is worth more than the threshold of its place, else a pass (the
        stuck dealer's best call)."""
        seat = rules.to_call(state)
        legal = rules.calls(state)
        if seat is None or all(c.kind == PASS for c in legal):
            return PASSING
        value, call, _ = self.best_call(rules, state, hand)
        if PASSING not in legal or value > self.policy(rules.settings, seat).threshold(rules.place(state)):
            return call
        return PASSING

    def plausible(self, rules: AuctionRules, state: AuctionState, hand: Mask, made: Call) -> bool:
        """Could a player holding ``hand`` have made the call ``made`` at ``state``? Players
        are more cautious or bolder than the model, so a call is taken as the player's when it
        is near what the model would call: a pass when no call the seat could make is worth
        more than the margin (``plausible_margin``) above the threshold of its place, a call
        when it is worth more than the margin below the threshold of the place it is made
        from (in Hasenpfeffer, a bid above the lowest: the place of that bid)."""
        seat = rules.to_call(state)
        assert seat is not None
        policy = self.policy(rules.settings, seat)
        margin = self.plausible_margin
        if made.kind != PASS:
            return (
                self.value_of(rules, state, hand, made)
                > policy.threshold(self.place_of_call(rules, state, made)) - margin
            )
        threshold = policy.threshold(rules.place(state))
        return all(self.value_of(rules, state, hand, c) <= threshold + margin for c in self.choices(rules, state))


@cache
def shipped_model(variant: Variant) -> PlayerModel:
    """The game's model with the fits and thresholds shipped in hasen/data."""
    data = model_data()
    fits = {
        stage: {alone == "alone": FormFit.from_json(fit) for alone, fit in forms.items()}
        for stage, forms in data["games"][variant.key].items()
    }
    return model_for(variant, fits, Policies.from_json(data.get("policies", {}).get(variant.key, {})))


def model_for(variant: Variant, fits: dict[str, dict[bool, FormFit]], policies: Policies = UNFITTED) -> PlayerModel:
    """The model of ``variant``'s family with these fits and thresholds."""
    return family_model(variant.family)(variant, fits, policies)


@cache
def family_model(family: str) -> type[PlayerModel]:
    """The model class of the family called ``family``, from its folder (loaded when first
    asked for: each family's model builds on this one)."""
    model: type[PlayerModel] = import_module(f"..games.{family}.model", __package__).MODEL
    return model
