"""Bid advice and par, from the double-dummy results of every declarer (``outcomes``).

Advice: for each seat, what it takes as declarer with its best trump and discard, with the
partner and alone, the highest bid that makes, and what each bid would score.

Par: the outcome of the auction when every seat knows every card and bids to maximise its
side's score minus the other side's. The auction is a game tree searched to the end
(minimax); each game (solver/games) runs its own. docs/variants.md, "Par: the auction
model", describes it: the order of bidding, ties, sacrifices, all-pass.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, partial
from typing import Any

from ..core.deal import Deal
from ..core.names import ByName, Seat
from ..core.run import Checkpoint
from ..core.seats import SEATS
from ..core.settings import Settings
from ..core.variants import Variant
from ..core.version import __version__
from ..rules.auction import AuctionEnd, AuctionRules, AuctionState
from ..rules.scoring import named_points, standing
from ..search import Searcher
from .answer import Answer
from .family import Family
from .outcomes import AloneComparison, Outcomes, Result, compare_alone


@dataclass(frozen=True)
class SeatCall:
    """One call of the par auction: who made it and what, in words."""

    seat: Seat
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

    def standing(self, variant: Variant, seat: int) -> float:
        """What the hand is worth to ``seat`` (``rules.scoring.standing``)."""
        return standing(variant, seat, self.result.declarer, self.score)

    def to_json(self, variant: Variant) -> dict[str, Any]:
        data: dict[str, Any] = {"declarer": SEATS[self.result.declarer]}
        if self.bid is not None:
            data["bid"] = self.bid
        data.update(self.result.to_json())
        data["score"] = named_points(variant, self.result.declarer, self.score)
        return data


@dataclass
class Auction:
    """A path through the auction and where it ends: a contract, or a redeal (None)."""

    calls: list[SeatCall]
    played: Played | None

    def value(self, variant: Variant, seat: int) -> float:
        """What it is worth to ``seat`` (``Played.standing``); 0 for a redeal."""
        return 0 if self.played is None else self.played.standing(variant, seat)


def best_for(seat: int, variant: Variant, options: list[tuple[SeatCall, Callable[[], Auction]]]) -> Auction:
    """The option the seat's side prefers (the first of equals: callers list passing first)."""
    best: Auction | None = None
    for call, rest in options:
        auction = rest()
        candidate = Auction([call] + auction.calls, auction.played)
        if best is None or candidate.value(variant, seat) > best.value(variant, seat):
            best = candidate
    assert best is not None, "every turn has a call"
    return best


def search_auction(rules: AuctionRules, played: Callable[[AuctionEnd], Played]) -> Auction:
    """The par: every legal path through the auction (``hasen.rules.auction``) searched to
    its end, each seat calling for its side's best; ``played`` scores a contract won."""

    words: dict[Any, str] = {}  # each call's words, worked out once

    @cache  # paths meet again (bids in another order): each state once
    def from_state(state: AuctionState) -> Auction:
        if state.end is not None:
            return Auction([], None if state.end.redeal else played(state.end))
        seat = rules.to_call(state)
        assert seat is not None
        options: list[tuple[SeatCall, Callable[[], Auction]]] = []
        for call in rules.calls(state):
            if call not in words:
                words[call] = call.words(rules.settings)
            options.append((SeatCall(Seat(seat), words[call]), partial(from_state, rules.after(state, call))))
        return best_for(seat, rules.variant, options)

    return from_state(rules.start())


# --- bid advice ----------------------------------------------------------------------------


@dataclass(frozen=True)
class BidScore:
    """What one bid scores when the declarer takes its best: made or not, and each side's points."""

    bid: str
    made: bool
    declarers: int
    defenders: int

    def to_json(self) -> dict[str, Any]:
        return {"bid": self.bid, "made": self.made, "declarers": self.declarers, "defenders": self.defenders}


@dataclass(frozen=True)
class DeclarerBest:
    """A Hasenpfeffer declarer's best with the partner or alone: the contract and its tricks
    (``result``), the highest bid that makes, and what each bid would score."""

    result: Result
    highest_bid: str | None  # None: not even the lowest bid makes
    scores: tuple[BidScore, ...]

    @property
    def tricks(self) -> int:
        return self.result.tricks

    def to_json(self) -> dict[str, Any]:
        return {
            **self.result.to_json(),
            "highest_bid": self.highest_bid,
            "scores": [score.to_json() for score in self.scores],
        }


@dataclass(frozen=True)
class HasenpfefferAdvice:
    """One seat's Hasenpfeffer bid advice, with the partner and alone.

    >>> import hasen
    >>> advice = hasen.bid(hasen.Deal("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", dealer="W")).advice["N"]
    >>> advice.with_partner.highest_bid, advice.alone.tricks, advice.alone.scores[0]
    ('6', 6, BidScore(bid='1', made=True, declarers=12, defenders=0))
    """

    with_partner: DeclarerBest
    alone: DeclarerBest

    def to_json(self) -> dict[str, Any]:
        return {"with_partner": self.with_partner.to_json(), "alone": self.alone.to_json()}


@dataclass(frozen=True)
class CallOutcome:
    """A Euchre call (a trump, with the partner or alone) as it would go: the contract and
    its tricks (``result``) and each side's points."""

    result: Result
    makers: int
    defenders: int

    def to_json(self) -> dict[str, Any]:
        return {**self.result.to_json(), "makers": self.makers, "defenders": self.defenders}


@dataclass(frozen=True)
class EuchreAdvice:
    """One seat's Euchre advice: every call it could make, and the best for its side.

    >>> import hasen
    >>> advice = hasen.bid(hasen.Deal("N:..KQT9.9 T9.AKQ.. AS", variant="euchre2")).advice["S"]
    >>> advice.best.result.trump, advice.best.makers, len(advice.calls)
    (Suit('H'), 2, 4)
    """

    calls: tuple[CallOutcome, ...]
    best: CallOutcome

    def to_json(self) -> dict[str, Any]:
        return {"calls": [call.to_json() for call in self.calls], "best": self.best.to_json()}


Advice = HasenpfefferAdvice | EuchreAdvice  # a seat's advice, as its game gives it


# --- the answer ----------------------------------------------------------------------------


@dataclass(repr=False, frozen=True)
class BidAnalysis(Answer):
    """Bid advice for every seat and the par of the hand: ``bids.advice["N"]``, ``bids.par``.

    >>> import hasen
    >>> bids = hasen.bid(hasen.Deal("N:..KQT9.9 T9.AKQ.. AS", variant="euchre2"))
    >>> bids.advice["S"].best.result.trump, [str(call.seat) + " " + call.call for call in bids.par.calls]
    (Suit('H'), ['S pass', 'N pass', 'S name H'])
    """

    ROWS = ((None, ("advice", (None, "seat"), (None, "form"), "scores")),)  # each seat's bids, double dummy

    deal: Deal
    settings: Settings
    outcomes: Outcomes
    par: Auction
    comparison: AloneComparison | None = None
    advice: ByName[Seat, Advice] = field(default_factory=lambda: ByName(Seat))

    def to_json(self) -> dict[str, Any]:
        variant = self.deal.variant
        played = self.par.played
        score = dict.fromkeys(variant.score_names, 0) if played is None else played.to_json(variant)["score"]
        return {
            "version": __version__,
            "variant": variant.name,
            "deck": variant.deck_size,
            "deal": self.deal.notation(),
            "dealer": SEATS[self.deal.dealer],
            "settings": self.settings.applicable(variant),
            "alone_vs_partner": None if self.comparison is None else self.comparison.to_json(),
            "advice": {SEATS[s]: a.to_json() for s, a in self.advice.items()},
            "par": {
                "contract": None if played is None else played.to_json(variant),
                "redeal": played is None,
                "score": score,
                "auction": [c.to_json() for c in self.par.calls],
            },
        }

    def __repr__(self) -> str:
        played = self.par.played
        par = "redeal" if played is None else f"{Seat(played.result.declarer)} {played.bid or 'makes'}"
        return f"<BidAnalysis of {self.deal!r}: par {par}>"


def analyze_bidding(
    deal: Deal,
    family: Family,
    settings: Settings = Settings(),
    searcher: Searcher | None = None,
    checkpoint: Checkpoint | None = None,
) -> BidAnalysis:
    """Advice for every seat, the alone-or-not comparison and the par of the hand, by the
    family's auction.

    ``checkpoint()`` is called before each declarer's table is solved (a place to stop)."""
    outcomes = Outcomes(deal, family, settings, searcher, checkpoint)
    variant = deal.variant
    comparison = compare_alone(outcomes) if len(variant.forms) > 1 else None  # two forms of play to compare
    return BidAnalysis(
        deal,
        settings,
        outcomes,
        family.par(outcomes),
        comparison,
        ByName(Seat, {s: family.advice(outcomes, s) for s in variant.seats}),
    )
