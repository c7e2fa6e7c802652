"""A whole hand reviewed fairly: every decision judged by what its maker could know.

Each decision gets two verdicts side by side. Single dummy, from the seat of the player
who made it: the declarer's bid (or the Euchre maker's call) by the bid advice for its own
hand (``hasen.analysis.advice``); the declarer's trump and discard (the Euchre dealer's
discard) over layouts of the cards it could not see; every card of the play from its
player's seat (``hasen.analysis.fair``). Double dummy, with every hand open: the existing
review of the contract and of every card (``hasen.analysis.review``). A decision is a
mistake only when its single-dummy cost is material (``fair.MISTAKE`` tricks or more, and
clear of twice its standard error); a card that cost tricks only with every hand open is
shown as such. The review ends with the result (made or down, the score) and the par.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..core.cards import SUITS, canonical_key, card_name
from ..core.errors import NotationError
from ..core.names import Card, Seat, Suit
from ..core.seats import SEATS
from ..core.version import __version__
from ..rules.trump import takes_upcard
from .advice import BidFigures, advise_euchre, advise_hasenpfeffer, call_of
from .answer import Answer
from .bidding import Auction
from .fair import MISTAKE, FairVerdict, judge_play
from .family import Family
from .inputs import DEFAULT_REVIEW_LAYOUTS, whole_number
from .layouts import Knowledge, TableShape, solve_layouts
from .play import PlayState, exchanging_seat
from .record import HandResult, Record
from .review import PlayReview, review_play

Progress = Callable[[int, int], None]


def choice_layouts(layouts: int) -> int:
    """Layouts per widow for the declarer's later choice when a bid is judged: a twentieth
    of the main layouts, at least 10 (the bid is one of several decisions reviewed)."""
    return max(layouts // 20, 10)


def figure(value: float) -> float:
    return round(value, 4) + 0.0


@dataclass(frozen=True)
class BidVerdict:
    """The declarer's bid (Euchre: the maker's call) judged by the advice for its own hand."""

    seat: Seat
    figures: BidFigures  # the bid made: its chance of making, its expected score
    worth: str | None  # the highest bid worth making in that form (Euchre: the round's best call); None: pass
    layouts: int

    @property
    def mistake(self) -> bool:
        """A bid expected to lose, clear of twice its standard error."""
        return self.figures.expected + 2 * self.figures.stderr < 0

    def to_json(self) -> dict[str, Any]:
        f = self.figures
        return {"seat": SEATS[self.seat], "bid": f.bid, "make": figure(f.make), "expected": figure(f.expected),
                "stderr": figure(f.stderr), "worth": self.worth, "layouts": self.layouts, "mistake": self.mistake}


@dataclass(frozen=True)
class ChoiceVerdict:
    """The trump and discard (the Euchre dealer's discard), judged from the chooser's seat:
    the mean tricks of its side with the choice made and with the best one."""

    seat: Seat
    chosen: tuple[Suit, Card | None]
    best: tuple[Suit, Card | None]
    mean: float  # with the choice made
    best_mean: float
    stderr: float  # of the difference
    layouts: int

    @property
    def cost(self) -> float:
        return self.best_mean - self.mean

    @property
    def mistake(self) -> bool:
        return self.cost >= MISTAKE and self.cost > 2 * self.stderr

    def to_json(self) -> dict[str, Any]:
        def choice(pair: tuple[Suit, Card | None]) -> dict[str, Any]:
            return {"trump": SUITS[pair[0]], "discard": None if pair[1] is None else card_name(pair[1])}

        return {"seat": SEATS[self.seat], "chosen": choice(self.chosen), "best": choice(self.best),
                "mean": figure(self.mean), "best_mean": figure(self.best_mean), "cost": figure(self.cost),
                "stderr": figure(self.stderr), "layouts": self.layouts, "mistake": self.mistake}


@dataclass(frozen=True)
class PlayerTotals:
    """One player's decisions over a hand (or a session)."""

    cards: int = 0
    mistakes: int = 0  # single dummy: bid, choice and cards
    given_away: float = 0.0  # mean tricks given away in the play, single dummy
    bidding_given_away: float = 0.0  # mean tricks given away by the trump and discard chosen
    double_dummy_given_away: int = 0  # tricks given away in the play with every hand open

    def __add__(self, other: PlayerTotals) -> PlayerTotals:
        return PlayerTotals(*(a + b for a, b in zip(self.as_tuple(), other.as_tuple())))

    def as_tuple(self) -> tuple[Any, ...]:
        return (self.cards, self.mistakes, self.given_away, self.bidding_given_away, self.double_dummy_given_away)

    def to_json(self) -> dict[str, Any]:
        return {"cards": self.cards, "mistakes": self.mistakes, "given_away": figure(self.given_away),
                "bidding_given_away": figure(self.bidding_given_away),
                "double_dummy_given_away": self.double_dummy_given_away}


@dataclass(repr=False)
class HandReview(Answer):
    """A hand record reviewed fairly (see the module): ``review.cards``, ``review.result``.

    >>> import hasen
    >>> review = hasen.review_hand("variant: euchre2; dealer: N; deal: N:..KQT9.9 T9.AKQ.. AS; "
    ...                            "auction: S pass, N pass, S name H; contract: S, trump H; "
    ...                            "play: AH KD KH QD QH TD TS 9D 9S 9C", layouts=20)
    >>> review.result.made, review.bid.figures.bid, len(review.cards)
    (True, 'name H', 10)
    """

    record: Record
    layouts: int
    seed: int
    bid: BidVerdict | None
    choice: ChoiceVerdict | None
    cards: list[FairVerdict]
    double_dummy: PlayReview
    par: Auction
    players: dict[Seat, PlayerTotals] = field(default_factory=dict)

    @property
    def result(self) -> HandResult | None:
        return self.record.result

    def double_dummy_cost(self, number: int) -> int:
        return self.double_dummy.cards[number - 1].cost

    def verdict(self, card: FairVerdict) -> str:
        """``mistake``, ``forced``, ``double dummy only`` (a cost only with every hand open), or
        ``good``."""
        if card.mistake:
            return "mistake"
        if not card.choices:
            return "forced"
        return "double dummy only" if self.double_dummy_cost(card.number) else "good"

    def to_json(self) -> dict[str, Any]:
        dd = self.double_dummy
        par = self.par.played
        return {
            "version": __version__,
            "record": self.record.to_json(),
            "layouts": self.layouts,
            "seed": self.seed,
            "result": None if self.result is None else self.result.to_json(),
            "par": {"contract": None if par is None else par.to_json(self.record.variant),
                    "auction": [c.to_json() for c in self.par.calls]},
            "bid": None if self.bid is None else self.bid.to_json(),
            "choice": None if self.choice is None else self.choice.to_json(),
            "contract": dd.contract_json(),
            "cards": [{**card.to_json(), "trick": dd.cards[card.number - 1].trick,
                       "double_dummy": {"cost": self.double_dummy_cost(card.number),
                                        "best": [card_name(c) for c in dd.cards[card.number - 1].best_cards]},
                       "verdict": self.verdict(card)} for card in self.cards],
            "players": {SEATS[seat]: totals.to_json() for seat, totals in self.players.items()},
        }

    def __repr__(self) -> str:
        mistakes = sum(t.mistakes for t in self.players.values())
        return f"<HandReview of {self.record.deal!r}: {len(self.cards)} cards, {mistakes} mistakes>"


def review_hand(record: Record, family: Family, layouts: int = DEFAULT_REVIEW_LAYOUTS, seed: int = 0,
                threads: int = 1, progress: Progress | None = None) -> HandReview:
    """Review a record whose auction ended in a contract (the play whole or part-way)."""
    whole_number("layouts", layouts)
    contract = record.contract
    if contract is None:
        raise NotationError("review: the record has no contract to review (the auction is not over, or all passed)")
    deal, settings = record.deal, record.settings
    start = PlayState(deal, contract, settings)
    cards = [int(c) for c in record.cards]
    steps = 3 + len(cards)
    done = [0]

    def step(count: int = 1) -> None:
        done[0] += count
        if progress:
            progress(done[0], steps)

    def tick(*_: object) -> None:  # within a step: a place for the caller to stop
        if progress:
            progress(done[0], steps)

    bid = judge_bid(record, family, layouts, seed, threads, tick)
    step()
    choice = judge_choice(record, layouts, seed, threads, tick)
    step()
    play = judge_play(start, cards, layouts, seed, threads,
                      progress=None if progress is None else lambda n, total: progress(2 + n, steps))
    done[0] += len(cards)
    text = " ".join(card_name(c) for c in cards)
    dd = review_play(deal, contract, text, family, settings=settings, checkpoint=tick)
    par = family.par(_outcomes(record, family))
    step()
    review = HandReview(record, layouts, seed, bid, choice, play, dd, par)
    review.players = player_totals(review)
    return review


def _outcomes(record: Record, family: Family) -> Any:
    from .outcomes import Outcomes

    return Outcomes(record.deal, family, record.settings)


def player_totals(review: HandReview) -> dict[Seat, PlayerTotals]:
    totals = {Seat(s): PlayerTotals() for s in review.record.variant.seats}
    for card in review.cards:
        totals[card.seat] += PlayerTotals(1, int(card.mistake), card.cost, 0.0,
                                          review.double_dummy_cost(card.number))
    if review.bid is not None:
        totals[review.bid.seat] += PlayerTotals(mistakes=int(review.bid.mistake))
    if review.choice is not None:
        totals[review.choice.seat] += PlayerTotals(mistakes=int(review.choice.mistake),
                                                   bidding_given_away=review.choice.cost)
    return totals


def judge_bid(record: Record, family: Family, layouts: int, seed: int, threads: int,
              progress: Progress | None = None) -> BidVerdict | None:
    """The declarer's bid, or the Euchre maker's call, by the advice for its own hand."""
    contract, end = record.contract, record.auction_end
    assert contract is not None and end is not None
    deal, variant = record.deal, record.variant
    seat = contract.declarer
    if variant.declarer_exchanges:
        if end.bid is None or end.forced:  # made to declare by the all-pass rule: not a choice
            return None
        known = Knowledge(variant, deal.dealer, seat, deal.hands[seat], None)
        advice = advise_hasenpfeffer(known, family, layouts, seed, record.settings, contract.alone,
                                     choice_layouts(layouts), threads, progress=progress)
        form = next(iter(advice.forms.values()))
        figures = next(b for b in form.bids if b.bid == end.bid.name(record.settings))
        worth = form.worth()
        return BidVerdict(Seat(seat), figures, None if worth is None else worth.bid, layouts)
    known = Knowledge(variant, deal.dealer, seat, deal.hands[seat], deal.extra)
    calls = advise_euchre(known, family, layouts, seed, record.settings, contract.alone,
                          choice_layouts(layouts), threads, progress=progress)
    upcard_suit = None if all(takes_upcard(deal.extra, t) for t in range(4)) else \
        next(t for t in range(4) if takes_upcard(deal.extra, t))
    round, name = call_of(contract.trump, upcard_suit)
    made = next(c for c in calls.calls if c.bid == name and c.alone == contract.alone)
    top = calls.best(round)
    best_call = None if top is None else top.bid + (" alone" if top.alone else "")
    return BidVerdict(Seat(seat), made, best_call, layouts)


def judge_choice(record: Record, layouts: int, seed: int, threads: int,
                 progress: Progress | None = None) -> ChoiceVerdict | None:
    """The trump and discard of the Hasenpfeffer declarer, or the discard of the Euchre
    dealer who took the upcard, from the chooser's seat (its cards and the widow or
    upcard known, the rest dealt at random)."""
    contract = record.contract
    assert contract is not None
    deal, variant = record.deal, record.variant
    seats = PlayState(deal, contract, record.settings).seats
    taker = exchanging_seat(deal, contract.trump, contract.declarer, seats)
    if taker is None:
        return None
    known = Knowledge(variant, deal.dealer, taker, deal.hands[taker], deal.extra)
    shape = TableShape.of(known, contract.declarer, contract.alone, record.settings, contract.lone_defender)
    rows = solve_layouts(known, [shape], layouts, f"{seed}/choice", threads, progress=progress).rows[0].astype(np.int64)
    if variant.side_of(taker) != variant.side_of(contract.declarer):
        rows = variant.hand_size - rows  # the chooser's side's tricks
    columns = shape.columns
    candidates = [c for c, (t, d) in enumerate(columns)
                  if d is not None and (variant.declarer_exchanges or t == contract.trump)]
    means = rows.mean(axis=0)
    def place(c: int) -> tuple[float, int, tuple[int, ...]]:
        trump, discard = columns[c]
        assert discard is not None  # a candidate discards
        return -means[c], trump, canonical_key(discard)

    best = min(candidates, key=place)
    chosen = columns.index((contract.trump, contract.discard))
    differences = rows[:, best] - rows[:, chosen]
    stderr = float(differences.std(ddof=1) / math.sqrt(len(rows))) if len(rows) > 1 else 0.0

    def pair(c: int) -> tuple[Suit, Card | None]:
        t, d = columns[c]
        return Suit(t), None if d is None else Card(d)

    return ChoiceVerdict(Seat(taker), pair(chosen), pair(best), float(means[chosen]), float(means[best]), stderr,
                         layouts)

