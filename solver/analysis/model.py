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

How the model calls (an assumption, not a rule of play):

- Hasenpfeffer: a seat bids the lowest bid it may, if that bid's expected score is above 0
  with the partner or alone; else it passes (and is out). So it bids up, one step at a time,
  to the highest bid it expects to profit from, over its partner's bid too (a seat that
  passes is out of the bidding, so keeping the contract on one's side means bidding). Its
  declarer plays alone if that expects more at its bid, and having taken the widow plays
  the trump its fit expects most of, discarding by the rule below.
- Euchre: a seat orders up, or names the suit its fit rates best, with the partner or
  alone, when that call's expected points are above 0; else it passes. A dealer stuck with
  the last call names its best suit.
- A discard (the Hasenpfeffer declarer's, the Euchre dealer's) keeps the trumps and the
  aces: it is the lowest card of the shortest side suit that is not an ace, the lowest ace
  when all side cards are aces, or the lowest trump when every card is one.
- Railroad's call for best: the lone player's partner passes its highest trump, or its
  highest card (the first suit in S H D C order on a tie) when it holds no trump, and the
  lone player puts away by the discard rule above.

The model does not read the other players' calls when it calls, and it ignores the score.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from importlib.resources import files
from operator import mul
from typing import Any

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
from ..core.seats import partner_of
from ..core.settings import Settings, joker_suit
from ..core.variants import Variant
from ..rules.auction import PASS, PASSING, AuctionRules, AuctionState, Call
from ..rules.scoring import Bid, bid_ladder, net_scores
from ..rules.seating import active_seats, first_leader
from ..rules.trump import takes_upcard
from .policy import UNFITTED, Policies, Policy, score_class, table_rules

# How far a call may stray from the model's and still be taken as the player's (the layouts
# that agree with an auction, ``PlayerModel.plausible``): players are more cautious or bolder
# than the model, and a call tells of a hand without saying exactly what it holds.
# points either way of a threshold within which a real call is taken as the model's (its
# values span about twice as much in Hasenpfeffer, six tricks a hand and the bid at stake)
PLAUSIBLE_MARGIN = {"hasenpfeffer": 1.0, "euchre": 0.5}
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


class PlayerModel:
    """The model for one game (see the module): ``PlayerModel.of(variant)``."""

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
        # Hasenpfeffer: bid values worked out for many hands at once, each thread's own (two
        # requests of a service at once keep theirs apart); shared with the model at each
        # score, as they do not depend on it
        self._known = threading.local()

    def __getstate__(self) -> dict[str, Any]:  # a thread's values stay in its process
        return {name: value for name, value in self.__dict__.items() if name != "_known"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state, _known=threading.local())

    def at_score(self, score: tuple[int, ...] | None) -> PlayerModel:
        """The same model, its seats calling at ``score`` (each by the class of the score for
        its side); the fits and the values worked out are shared."""
        if score == self.score:
            return self
        scored = self._scored.get(score)
        if scored is None:
            scored = self._scored[score] = PlayerModel.__new__(PlayerModel)
            scored.__dict__.update(self.__dict__)
            scored.score = score
        return scored

    @cached_property
    def _scored(self) -> dict[tuple[int, ...] | None, PlayerModel]:
        return {}

    @classmethod
    @cache
    def of(cls, variant: Variant) -> PlayerModel:
        """The shipped model of the game."""
        data = model_data()
        fits = data["games"][variant.key]
        return cls(
            variant,
            {
                stage: {alone == "alone": FormFit.from_json(fit) for alone, fit in forms.items()}
                for stage, forms in fits.items()
            },
            Policies.from_json(data.get("policies", {}).get(variant.key, {})),
        )

    def class_of(self, seat: int, settings: Settings) -> str:
        """The class of the score for the seat's side (``policy.score_class``)."""
        return score_class(self.score, self.variant.scorer_of(seat), settings.game_points)

    def policy(self, settings: Settings, seat: int) -> Policy:
        """The thresholds ``seat`` calls by at the table's rules and the score
        (``hasen.analysis.policy``)."""
        return self.policies.of(table_rules(settings), self.class_of(seat, settings))

    @property
    def forms(self) -> tuple[bool, ...]:
        return self.variant.forms

    # --- who leads, who takes the upcard ------------------------------------------------

    def leads(self, seat: int, dealer: int, alone: bool, settings: Settings) -> int:
        """1 if ``seat``, declaring, leads the first trick; 2 if its partner does; else 0."""
        key = (seat, dealer, alone, settings)
        known = self._leads.get(key)
        if known is None:
            seats = active_seats(self.variant, seat, alone)
            leader = first_leader(dealer, seat, seats, alone, settings)
            known = 1 if leader == seat else 2 if self.variant.partners and leader == partner_of(seat) else 0
            self._leads[key] = known
        return known

    @cached_property
    def _leads(self) -> dict[tuple[int, int, bool, Settings], int]:  # asked for every hand judged
        return {}

    def upcard_taker(
        self, seat: int, dealer: int, upcard: CardId, trump: int, alone: bool, settings: Settings
    ) -> str | None:
        """Who takes the upcard if ``seat`` makes ``trump``: "self", "partner", "opponent"
        or nobody (None)."""
        if not takes_upcard(upcard, trump, joker_suit(settings)):
            return None
        if dealer == seat:
            return "self"
        if self.variant.partners and dealer == partner_of(seat):
            return None if alone else "partner"  # a lone maker's partner sits out, and takes nothing
        return "opponent"

    # --- judging a hand ------------------------------------------------------------------

    def play_value(self, hand: Mask, trump: int, seat: int, dealer: int, alone: bool, settings: Settings) -> float:
        """Hasenpfeffer: the tricks the fit expects of the hand as played (after the discard)."""
        fit = self.fits["play"][alone]
        return fit.rate(hand, trump, self.leads(seat, dealer, alone, settings))

    @lru_cache(maxsize=1 << 16)  # noqa: B019 (asked again for each bid the same declarer's auctions end in)
    def declarer_choice(
        self, cards: Mask, seat: int, dealer: int, settings: Settings, alone: bool
    ) -> tuple[int, CardId]:
        """Hasenpfeffer: the trump and discard of a declarer holding ``cards`` (the widow
        taken): the trump whose kept hand the fit expects most of (the first in S H D C on
        a tie), the discard by the rule."""
        best: tuple[float, int, CardId] | None = None
        for trump in range(4):
            discard = model_discard(cards, trump)
            value = self.play_value(cards & ~(1 << discard), trump, seat, dealer, alone, settings)
            if best is None or value > best[0]:
                best = (value, trump, discard)
        assert best is not None
        return best[1], best[2]

    def bid_prediction(self, hand: Mask, seat: int, dealer: int, settings: Settings, alone: bool) -> float:
        """Hasenpfeffer: the tricks the bid fit predicts for the declaring side, before the
        widow: the hand judged in the trump the play fit rates best."""
        leads = self.leads(seat, dealer, alone, settings)
        play = self.fits["play"][alone]
        trump, best = 0, play.rate(hand, 0, leads)
        for t in (1, 2, 3):  # the trump rated best, the first on a tie
            rated = play.rate(hand, t, leads)
            if rated > best:
                trump, best = t, rated
        return self.fits["bid"][alone].rate(hand, trump, leads)

    def bid_shares(self, hand: Mask, seat: int, dealer: int, settings: Settings, alone: bool) -> tuple[float, ...]:
        """Hasenpfeffer: P(tricks = t) for the declaring side, before the widow."""
        return self.fits["bid"][alone].distribution(self.bid_prediction(hand, seat, dealer, settings, alone))

    def call_prediction(
        self, hand: Mask, seat: int, dealer: int, upcard: CardId, trump: int, alone: bool, settings: Settings
    ) -> float:
        """Euchre: the tricks the fit predicts for the makers if ``seat`` makes ``trump``."""
        taker = self.upcard_taker(seat, dealer, upcard, trump, alone, settings)
        leads = self.leads(seat, dealer, alone, settings)
        return self.fits["bid"][alone].rate(hand, trump, leads, None if taker is None else (taker, upcard))

    def call_shares(
        self, hand: Mask, seat: int, dealer: int, upcard: CardId, trump: int, alone: bool, settings: Settings
    ) -> tuple[float, ...]:
        """Euchre: P(tricks = t) for the makers if ``seat`` makes ``trump``."""
        return self.fits["bid"][alone].distribution(
            self.call_prediction(hand, seat, dealer, upcard, trump, alone, settings)
        )

    # --- calling -------------------------------------------------------------------------

    def bid_values(self, hand: Mask, seat: int, dealer: int, settings: Settings) -> tuple[float, ...]:
        """Hasenpfeffer: each bid's expected points for the hand, with the partner or alone,
        whichever is more (the bids in ladder order); worked out for many hands at once
        beforehand where ``known_bid_values`` holds them (``agreement.remember_bid_values``)."""
        known = self.known_bid_values.get((hand, seat, dealer, settings))
        return known if known is not None else self.worked_bid_values(hand, seat, dealer, settings)

    @property
    def known_bid_values(self) -> dict[tuple[Mask, int, int, Settings], tuple[float, ...]]:
        """This thread's bid values worked out beforehand, by (hand, seat, dealer, settings):
        an advice's own, emptied when its auctions are played out."""
        return self._this_threads("bids")

    @property
    def known_call_values(self) -> dict[tuple[Mask, int, int, CardId, Settings], dict[tuple[int, bool], float]]:
        """Euchre: this thread's call values worked out beforehand, by (hand, seat, dealer,
        upcard, settings), as ``known_bid_values``."""
        return self._this_threads("calls")

    def _this_threads(self, kind: str) -> dict[Any, Any]:
        known: dict[Any, Any] | None = getattr(self._known, kind, None)
        if known is None:
            known = {}
            setattr(self._known, kind, known)
        return known

    @lru_cache(maxsize=1 << 16)  # noqa: B019 (one model per game, kept for the process)
    def worked_bid_values(self, hand: Mask, seat: int, dealer: int, settings: Settings) -> tuple[float, ...]:
        """``bid_values`` of one hand, worked out."""
        forms = [
            (self.fits["bid"][alone], self.bid_prediction(hand, seat, dealer, settings, alone)) for alone in self.forms
        ]
        return tuple(
            max(fit.expected(predicted, scores) for (fit, predicted), scores in zip(forms, by_form))
            for by_form in self.bid_scores(settings)
        )

    @lru_cache(maxsize=64)  # noqa: B019
    def bid_scores(self, settings: Settings) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """Per bid of the ladder, per form: the declaring side's net points by tricks (what
        ``expected`` weighs the shares by)."""
        return tuple(
            tuple(net_scores(self.variant, settings, bid, alone) for alone in self.forms)
            for bid in self.ladder(settings)
        )

    @lru_cache(maxsize=64)  # noqa: B019
    def ladder(self, settings: Settings) -> tuple[Bid, ...]:
        return tuple(bid_ladder(self.variant, settings))

    def call_values(
        self, hand: Mask, seat: int, dealer: int, upcard: CardId, settings: Settings
    ) -> dict[tuple[int, bool], float]:
        """Euchre: each call's expected points for the hand, by (trump, alone); worked out for
        many hands at once beforehand where ``known_call_values`` holds them."""
        known = self.known_call_values.get((hand, seat, dealer, upcard, settings))
        return known if known is not None else self.worked_call_values(hand, seat, dealer, upcard, settings)

    @lru_cache(maxsize=1 << 16)  # noqa: B019
    def worked_call_values(
        self, hand: Mask, seat: int, dealer: int, upcard: CardId, settings: Settings
    ) -> dict[tuple[int, bool], float]:
        """``call_values`` of one hand, worked out."""
        return {
            (trump, alone): self.fits["bid"][alone].expected(
                self.call_prediction(hand, seat, dealer, upcard, trump, alone, settings),
                net_scores(self.variant, settings, None, alone),
            )
            for trump in range(4)
            for alone in self.forms
        }

    def value_of(self, rules: AuctionRules, state: AuctionState, hand: Mask, call: Call) -> float:
        """The model's expected points for a call that makes or raises (not a pass)."""
        seat = rules.to_call(state)
        assert seat is not None
        if self.variant.declarer_exchanges:
            assert call.bid is not None
            ladder = self.ladder(rules.settings)
            return self.bid_values(hand, seat, rules.dealer, rules.settings)[ladder.index(call.bid)]
        return self.call_values(hand, seat, rules.dealer, rules.extra, rules.settings)[
            (self.call_trump(call), call.alone)
        ]

    @staticmethod
    def call_trump(call: Call) -> int:
        """Euchre: the trump a call makes (ordering up: the upcard's suit, which the auction
        puts in the call)."""
        assert call.trump is not None, "a Euchre call that makes trump names it"
        return call.trump

    def best_call(self, rules: AuctionRules, state: AuctionState, hand: Mask) -> tuple[float, Call, Call | None]:
        """The call the seat to call would make if it makes one, its value, and the same call
        in the other form of play (None where there is none): Hasenpfeffer, the lowest bid it
        may; Euchre, the trump its fit rates best (the first on a tie), alone when that is
        worth more than with the partner by the lone margin of its place."""
        legal = [c for c in rules.calls(state) if c.kind != PASS]
        assert legal, "a seat to call has a call that makes or raises"
        if self.variant.declarer_exchanges:
            return self.value_of(rules, state, hand, legal[0]), legal[0], None
        by_trump: dict[int, dict[bool, tuple[float, Call]]] = {}
        for option in legal:
            by_trump.setdefault(self.call_trump(option), {})[option.alone] = (
                self.value_of(rules, state, hand, option),
                option,
            )
        trump = max(by_trump, key=lambda t: max(v for v, _ in by_trump[t].values()))  # the first of equals
        forms = by_trump[trump]
        seat = rules.to_call(state)
        assert seat is not None
        margin = self.policy(rules.settings, seat).lone_margin(rules.place(state))
        alone = True in forms and (False not in forms or forms[True][0] - forms[False][0] > margin)
        value, call = forms[alone]
        other = forms.get(not alone)
        return max(v for v, _ in forms.values()), call, None if other is None else other[1]

    def call(self, rules: AuctionRules, state: AuctionState, hand: Mask) -> Call:
        """The call the model makes for the seat to call at ``state``, holding ``hand``: its
        best call when that is worth more than the threshold of its place, else a pass (the
        stuck dealer's best call)."""
        seat = rules.to_call(state)
        if seat is None or all(c.kind == PASS for c in rules.calls(state)):
            return PASSING
        value, call, _ = self.best_call(rules, state, hand)
        if PASSING not in rules.calls(state) or value > self.policy(rules.settings, seat).threshold(rules.place(state)):
            return call
        return PASSING

    def plausible(self, rules: AuctionRules, state: AuctionState, hand: Mask, made: Call) -> bool:
        """Could a player holding ``hand`` have made the call ``made`` at ``state``? Players
        are more cautious or bolder than the model, so a call is taken as the player's when it
        is near what the model would call: a pass when no call the seat could make is worth
        more than the margin (``PLAUSIBLE_MARGIN``) above the threshold of its place, a call
        when it is worth more than the margin below the threshold of the place it is made
        from (in Hasenpfeffer, a bid above the lowest: the place of that bid)."""
        seat = rules.to_call(state)
        assert seat is not None
        policy = self.policy(rules.settings, seat)
        margin = PLAUSIBLE_MARGIN[self.variant.family]
        if made.kind != PASS:
            return (
                self.value_of(rules, state, hand, made)
                > policy.threshold(self.place_of_call(rules, state, made)) - margin
            )
        threshold = policy.threshold(rules.place(state))
        return all(self.value_of(rules, state, hand, c) <= threshold + margin for c in self.choices(rules, state))

    def choices(self, rules: AuctionRules, state: AuctionState) -> list[Call]:
        """The calls a pass is weighed against: Hasenpfeffer, the lowest bid (the model's only
        bid); Euchre, every call that makes trump."""
        calls = [c for c in rules.calls(state) if c.kind != PASS]
        return calls[:1] if self.variant.declarer_exchanges else calls

    def place_of_call(self, rules: AuctionRules, state: AuctionState, call: Call) -> str:
        """The place whose threshold a call is held to: the seat's, or in Hasenpfeffer that of
        the bid made (a jump is judged as if the bids below it had been made)."""
        place = rules.place(state)
        if not self.variant.declarer_exchanges:
            return place
        assert call.bid is not None
        return f"b{self.ladder(rules.settings).index(call.bid) + 1}{place[-1]}"

    @lru_cache(maxsize=1 << 16)  # noqa: B019
    def declarer_form(self, hand: Mask, seat: int, dealer: int, bid: Bid, settings: Settings) -> bool:
        """Hasenpfeffer: does the model's declarer, before the widow, play the bid alone?"""
        if not self.variant.partners:
            return False
        values = [
            self.fits["bid"][alone].expected(
                self.bid_prediction(hand, seat, dealer, settings, alone), net_scores(self.variant, settings, bid, alone)
            )
            for alone in self.forms
        ]
        return values[1] > values[0]
