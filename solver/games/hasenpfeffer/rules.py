"""Hasenpfeffer's auction and scoring (docs/rules.md): bidding for tricks, and a point a
trick for a made bid. ``hasen.rules`` loads this module by the family's name, for the
auction (``AUCTION``), the tricks a contract needs and a hand's points."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.errors import NotationError, quoted
from ...core.seats import SEATS, left_of, partner_of
from ...core.settings import Settings
from ...rules.auction import (
    ALONE,
    BID,
    PASS,
    PASSING,
    REDEAL,
    AuctionEnd,
    AuctionRules,
    AuctionState,
    Call,
    normal_words,
)
from ...rules.scoring import Bid, bid_ladder, parse_bid

if TYPE_CHECKING:
    from ...core.variants import Variant

PEPPER_PENALTY = 6  # a failed bid in the pepper form loses a flat 6, whatever was bid
LONE_FACTOR = 2  # a lone Hasenpfeffer declarer wins or loses double
BIG_PEPPER_FACTOR = 2  # big pepper doubles the stakes
JOKER_BIDS = Bid(3)  # the all-pass rule "joker_bids_3": the Joker's holder must bid three


class HasenpfefferAuction(AuctionRules):
    """Bidding for tricks: each in turn, from left of the dealer, passes (and is out) or bids
    higher; three passes after a bid end it. All four passing is a redeal, or under
    ``all_pass: joker_bids_3`` the Joker's holder declares a bid of three."""

    def __init__(self, variant: Variant, dealer: int, extra: int, joker_holder: int | None, settings: Settings) -> None:
        super().__init__(variant, dealer, extra, joker_holder, settings)
        self.ladder = bid_ladder(variant, settings)
        # each bid's call and its place on the ladder, made once: the par asks for them often
        self.bid_calls = [Call(BID, bid) for bid in self.ladder]
        self.rank = {bid: index for index, bid in enumerate(self.ladder)}

    def start(self) -> AuctionState:
        return AuctionState(turn=self.order[0])

    def to_call(self, state: AuctionState) -> int | None:
        return None if state.end is not None else state.turn

    def next_open(self, seat: int, passed: frozenset[int]) -> int:
        """The next seat clockwise that has not passed."""
        after = left_of(seat)
        while after in passed and after != seat:
            after = left_of(after)
        return after

    def calls(self, state: AuctionState) -> list[Call]:
        if state.end is not None:
            return []
        return [PASSING, *self.bid_calls[state.high + 1 :]]

    def after(self, state: AuctionState, call: Call) -> AuctionState:
        seat, seats = state.turn, len(self.variant.seats)
        if call.kind == PASS:
            passed = state.passed | {seat}
            high, bidder = state.high, state.bidder
        else:
            assert call.bid is not None
            passed, high, bidder = state.passed, self.rank[call.bid], seat
        end = None
        if len(passed) == seats:
            end = self.all_passed()
        elif len(passed) == seats - 1 and bidder is not None:
            end = AuctionEnd(bidder, self.ladder[high])
        return AuctionState(self.next_open(seat, passed), high, bidder, passed, end=end)

    def place(self, state: AuctionState) -> str:
        """The bid the seat would make (its place on the ladder, from 1) and whether its
        partner holds the highest bid so far (``+``) or not (``-``)."""
        seat = self.to_call(state)
        assert seat is not None
        partner_high = self.variant.partners and state.bidder == partner_of(seat)
        return f"b{state.high + 2}{'+' if partner_high else '-'}"

    def all_passed(self) -> AuctionEnd:
        if self.settings.all_pass == "joker_bids_3" and self.joker_holder is not None:
            return AuctionEnd(self.joker_holder, JOKER_BIDS, forced=True)
        return REDEAL  # also when the Joker is the widow

    def forced_rule(self) -> str | None:
        if self.settings.all_pass != "joker_bids_3":
            return None
        return f"everyone passed: the Joker's holder must bid {JOKER_BIDS.name(self.settings)}"

    def redeal_reason(self) -> str:
        if self.settings.all_pass == "joker_bids_3":
            return "everyone passed and the Joker is the widow: the hand is dealt again"
        return "everyone passed: the hand is dealt again"

    def refusal(self, state: AuctionState, seat: int, call: Call) -> str | None:
        wrong = self.out_of_turn(state, seat)
        if wrong is not None or call.kind == PASS:
            return wrong
        if call.kind != BID or call.bid is None:
            return f"{call.words(self.settings)!r} is a Euchre call; {self.variant.name} bids for tricks"
        if call.bid not in self.ladder:
            return f"{call.words(self.settings)!r} is no bid here"
        if self.rank[call.bid] <= state.high:
            assert state.bidder is not None
            return f"a bid must be higher than {SEATS[state.bidder]}'s {self.ladder[state.high].name(self.settings)}"
        return None

    def parse_call(self, text: str) -> Call:
        words = normal_words(text)
        if words == PASS:
            return PASSING
        if words.endswith(ALONE):
            raise NotationError(
                f"not a call: {quoted(text)} (in {self.variant.name} the declarer says 'alone' in "
                "the contract, after the auction)"
            )
        try:
            return Call(BID, parse_bid(words, self.variant, self.settings))
        except NotationError:
            bids = ", ".join(b.name(self.settings) for b in self.ladder)
            raise NotationError(f"not a call: {quoted(text)} (expected pass or a bid: {bids})") from None


AUCTION = HasenpfefferAuction
BIDS = True  # a contract names its bid, the tricks its declaring side needs
BELOW_ZERO = True  # a failed bid loses its points


def hasenpfeffer_score(bid: Bid, tricks: int, alone: bool, variant: Variant, settings: Settings) -> tuple[int, int]:
    """A made bid scores a point per trick taken; a failed one loses by ``fail_penalty``:
    the bid, the tricks taken, or a flat 6 (pepper). Alone and big pepper each double the
    declaring side's points. The defenders score their tricks when ``defenders_score``."""
    if tricks >= bid.tricks:
        points = tricks
    else:
        points = -{"bid": bid.tricks, "tricks": tricks, "pepper": PEPPER_PENALTY}[settings.fail_penalty]
    if alone:
        points *= LONE_FACTOR
    if bid.big_pepper:
        points *= BIG_PEPPER_FACTOR
    defenders = variant.hand_size - tricks if settings.defenders_score else 0
    return points, defenders


def tricks_needed(bid: Bid | None) -> int:
    """The tricks a declaring side needs: its bid."""
    assert bid is not None, "a Hasenpfeffer contract has a bid"
    return bid.tricks


def hand_score(
    variant: Variant, settings: Settings, bid: Bid | None, tricks: int, alone: bool, lone_defence: bool = False
) -> tuple[int, int]:
    """``hasenpfeffer_score`` of the contract's bid (nobody defends alone here)."""
    assert bid is not None, "a Hasenpfeffer contract has a bid"
    return hasenpfeffer_score(bid, tricks, alone, variant, settings)
