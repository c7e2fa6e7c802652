"""Bid advice and par, from the double-dummy results of every declarer (``outcomes``).

Advice: for each seat, what it takes as declarer with its best trump and discard, with the
partner and alone, the highest bid that makes, and what each bid would score.

Par: the outcome of the auction when every seat knows every card and bids to maximise its
side's score minus the other side's. The auction is a game tree searched to the end
(minimax). The README's "Par: the auction model" describes it: the order of bidding,
ties, sacrifices, all-pass.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable

from ..core.cards import JOKER, SUITS
from ..core.deal import Deal
from ..core.seats import SEATS, left_of
from ..core.variants import Variant
from ..core.version import __version__
from ..rules.scoring import Bid, bid_ladder, euchre_score, hasenpfeffer_score
from ..rules.settings import Settings
from ..rules.trump import takes_upcard
from ..search import Searcher
from .outcomes import AloneComparison, Outcomes, Result, compare_alone
from .table import TRUMPS

JOKER_BIDS = 3  # the all-pass rule "joker_bids_3": the Joker's holder must bid three


@dataclass(frozen=True)
class Call:
    seat: int
    call: str  # "pass", a bid ("3", "big pepper"), "order up", "name H", with " alone"

    def to_json(self) -> dict[str, str]:
        return {"seat": SEATS[self.seat], "call": self.call}


@dataclass(frozen=True)
class Played:
    """A contract as played: who declared what, how it went, and the points of each side."""

    result: Result
    bid: str | None  # the Hasenpfeffer bid; None in Euchre
    score: tuple[int, int]  # the declaring side's points, the defenders'

    def net(self, variant: Variant, side: int) -> int:
        """``side``'s points minus the other side's."""
        mine, theirs = self.score
        return mine - theirs if variant.side_of(self.result.declarer) == side else theirs - mine

    def to_json(self, variant: Variant) -> dict[str, Any]:
        made = variant.side_of(self.result.declarer)
        names = variant.side_names
        data = {"declarer": SEATS[self.result.declarer]}
        if self.bid is not None:
            data["bid"] = self.bid
        data.update(self.result.to_json())
        data["score"] = {names[made]: self.score[0], names[1 - made]: self.score[1]}
        return data


@dataclass
class Auction:
    """A path through the auction and where it ends: a contract, or a redeal (None)."""

    calls: list[Call]
    played: Played | None

    def value(self, variant: Variant) -> int:
        """The first side's (N-S, or N) net score; 0 for a redeal."""
        return 0 if self.played is None else self.played.net(variant, 0)


def best_for(seat: int, variant: Variant, options: list[tuple[Call, Callable[[], Auction]]]) -> Auction:
    """The option the seat's side prefers (the first of equals: callers list passing first)."""
    best: Auction | None = None
    sign = 1 if variant.side_of(seat) == 0 else -1
    for call, rest in options:
        auction = rest()
        candidate = Auction([call] + auction.calls, auction.played)
        if best is None or sign * candidate.value(variant) > sign * best.value(variant):
            best = candidate
    assert best is not None, "every turn has a call"
    return best


# --- Hasenpfeffer ---------------------------------------------------------------------------

def hasenpfeffer_contract(outcomes: Outcomes, declarer: int, bid: Bid) -> Played:
    """The declarer plays its best trump and discard, with the partner or alone, whichever
    scores better for its side (with the partner on a tie)."""
    variant, settings = outcomes.deal.variant, outcomes.settings
    side = variant.side_of(declarer)
    best: Played | None = None
    for alone in (False, True):
        result = outcomes.best(declarer, alone)
        score = hasenpfeffer_score(bid, result.tricks, alone, variant, settings)
        played = Played(result, bid.name(settings), score)
        if best is None or played.net(variant, side) > best.net(variant, side):
            best = played
    assert best is not None
    return best


def hasenpfeffer_par(outcomes: Outcomes) -> Auction:
    deal, settings = outcomes.deal, outcomes.settings
    variant = deal.variant
    ladder = bid_ladder(variant, settings)
    seats = variant.seats

    def all_pass() -> Auction:
        holder = next((s for s in seats if deal.hands[s] >> JOKER & 1), None)
        if settings.all_pass == "joker_bids_3" and holder is not None:
            return Auction([], hasenpfeffer_contract(outcomes, holder, Bid(JOKER_BIDS)))
        return Auction([], None)  # redealt (also when the Joker is the widow)

    def next_open(seat: int, passed: frozenset[int]) -> int:
        """The next seat clockwise that has not passed (``seat`` itself when all others have)."""
        after = left_of(seat)
        while after in passed and after != seat:
            after = left_of(after)
        return after

    @lru_cache(maxsize=None)
    def turn(seat: int, high: int, bidder: int | None, passed: frozenset[int]) -> Auction:
        """``seat`` to call; ``high`` indexes the ladder (-1: no bid yet); passed seats are out."""
        if len(passed) == len(seats):
            return all_pass()
        if len(passed) == len(seats) - 1 and bidder is not None:
            return Auction([], hasenpfeffer_contract(outcomes, bidder, ladder[high]))
        out = passed | {seat}
        options: list[tuple[Call, Callable[[], Auction]]] = [
            (Call(seat, "pass"), lambda: turn(next_open(seat, out), high, bidder, out))]
        for index in range(high + 1, len(ladder)):
            options.append((Call(seat, ladder[index].name(settings)),
                            lambda index=index: turn(next_open(seat, passed), index, seat, passed)))
        return best_for(seat, variant, options)

    return turn(left_of(deal.dealer), -1, None, frozenset())


# --- Euchre ---------------------------------------------------------------------------------

def euchre_contract(outcomes: Outcomes, maker: int, trump: int, alone: bool) -> Played:
    result = outcomes.by_trump(maker, alone)[trump]
    return Played(result, None, euchre_score(result.tricks, alone, outcomes.deal.variant))


def euchre_par(outcomes: Outcomes) -> Auction:
    """Round one: from left of the dealer, each may order up the upcard's suit (alone or
    not), the first to do so making it. Round two: each may name another suit. Then a
    redeal, or the dealer must name one (stick the dealer). A turned Joker lets the dealer
    name any trump at once, or the hand is redealt."""
    deal, settings = outcomes.deal, outcomes.settings
    variant = deal.variant
    order = []
    seat = left_of(deal.dealer)
    while len(order) < len(variant.seats):
        if seat in variant.seats:
            order.append(seat)
        seat = left_of(seat)
    forms = (False, True) if variant.partners else (False,)

    def make(maker: int, trump: int, alone: bool, words: str) -> tuple[Call, Callable[[], Auction]]:
        call = Call(maker, words + (" alone" if alone else ""))
        return call, lambda: Auction([], euchre_contract(outcomes, maker, trump, alone))

    if deal.extra == JOKER:
        if settings.joker_upcard == "redeal":
            return Auction([], None)
        dealer = deal.dealer
        return best_for(dealer, variant, [make(dealer, t, a, f"name {SUITS[t]}") for t in TRUMPS for a in forms])

    upcard_suit = next(t for t in TRUMPS if takes_upcard(deal.extra, t))

    def round_two(i: int) -> Auction:
        if i == len(order):
            return Auction([], None)  # everyone passed twice: redealt
        seat = order[i]
        options = [make(seat, t, a, f"name {SUITS[t]}") for t in TRUMPS if t != upcard_suit for a in forms]
        stuck = settings.all_pass == "stick_the_dealer" and seat == deal.dealer
        if not stuck:
            options.insert(0, (Call(seat, "pass"), lambda: round_two(i + 1)))
        return best_for(seat, variant, options)

    def round_one(i: int) -> Auction:
        if i == len(order):
            return round_two(0)
        seat = order[i]
        options = [(Call(seat, "pass"), lambda: round_one(i + 1))]
        options += [make(seat, upcard_suit, a, "order up") for a in forms]
        return best_for(seat, variant, options)

    return round_one(0)


# --- advice ---------------------------------------------------------------------------------

@dataclass
class BidAnalysis:
    deal: Deal
    settings: Settings
    outcomes: Outcomes
    par: Auction
    comparison: AloneComparison | None = None
    advice: dict[int, dict[str, Any]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        variant = self.deal.variant
        names = variant.side_names
        played = self.par.played
        score = {names[0]: 0, names[1]: 0} if played is None else played.to_json(variant)["score"]
        return {
            "version": __version__,
            "variant": variant.name,
            "deck": variant.deck_size,
            "deal": self.deal.notation(),
            "dealer": SEATS[self.deal.dealer],
            "settings": self.settings.applicable(variant),
            "alone_vs_partner": None if self.comparison is None else self.comparison.to_json(),
            "advice": {SEATS[s]: a for s, a in self.advice.items()},
            "par": {
                "contract": None if played is None else played.to_json(variant),
                "redeal": played is None,
                "score": score,
                "auction": [c.to_json() for c in self.par.calls],
            },
        }


def hasenpfeffer_advice(outcomes: Outcomes, seat: int) -> dict[str, Any]:
    variant, settings = outcomes.deal.variant, outcomes.settings
    ladder = bid_ladder(variant, settings)
    advice = {}
    for form, alone in (("with_partner", False), ("alone", True)):
        result = outcomes.best(seat, alone)
        making = [b for b in ladder if b.tricks <= result.tricks]
        scores = []
        for bid in ladder:
            mine, theirs = hasenpfeffer_score(bid, result.tricks, alone, variant, settings)
            scores.append({"bid": bid.name(settings), "made": result.tricks >= bid.tricks,
                           "declarers": mine, "defenders": theirs})
        advice[form] = {**result.to_json(), "highest_bid": making[-1].name(settings) if making else None,
                        "scores": scores}
    return advice


def euchre_advice(outcomes: Outcomes, seat: int) -> dict[str, Any]:
    variant = outcomes.deal.variant
    forms = (False, True) if variant.partners else (False,)
    calls = []
    best: tuple[int, dict[str, Any]] | None = None
    for trump in TRUMPS:
        for alone in forms:
            played = euchre_contract(outcomes, seat, trump, alone)
            entry = {**played.result.to_json(), "makers": played.score[0], "defenders": played.score[1]}
            calls.append(entry)
            net = played.net(variant, variant.side_of(seat))
            if best is None or net > best[0]:
                best = net, entry
    assert best is not None
    return {"calls": calls, "best": best[1]}


def analyze_bidding(deal: Deal, settings: Settings = Settings(), searcher: Searcher | None = None,
                    checkpoint: Callable[[], None] | None = None) -> BidAnalysis:
    """Advice for every seat, the alone-or-not comparison and the par of the hand.

    ``checkpoint()`` is called before each declarer's table is solved (a place to stop)."""
    outcomes = Outcomes(deal, settings, searcher, checkpoint)
    variant = deal.variant
    if variant.family == "hasenpfeffer":
        par, advise = hasenpfeffer_par(outcomes), hasenpfeffer_advice
    else:
        par, advise = euchre_par(outcomes), euchre_advice
    comparison = compare_alone(outcomes) if variant.partners else None
    return BidAnalysis(deal, settings, outcomes, par, comparison,
                       {s: advise(outcomes, s) for s in variant.seats})
