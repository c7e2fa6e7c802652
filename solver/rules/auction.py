"""The auction of each game as rules: whose turn it is, which calls are allowed, and how the
auction ends (docs/rules.md; docs/variants.md, "Par: the auction model").

This is the one place the auction's legality lives: the hand record checks a played
auction against it (``refusal``), and the par searches every legal path through it
(``calls`` and ``after``). A state is a small hashable tuple, so that a search can keep
what it has worked out for each.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, NamedTuple

from ..core.cards import JOKER, SUIT_NAMES, SUITS, CardId, card_name, parse_suit, suit_of
from ..core.errors import NotationError, quoted
from ..core.seats import SEATS, left_of
from .scoring import Bid, bid_ladder, parse_bid
from .settings import Settings, joker_suit

if TYPE_CHECKING:
    from ..core.deal import Deal
    from ..core.variants import Variant

TRUMPS = tuple(range(len(SUITS)))  # S H D C, the order ties go by
JOKER_BIDS = Bid(3)  # the all-pass rule "joker_bids_3": the Joker's holder must bid three

PASS, BID, ORDER_UP, NAME = "pass", "bid", "order up", "name"
ALONE = " alone"


class Call(NamedTuple):
    """One call: a pass; a Hasenpfeffer bid; a Euchre order-up of the upcard's suit or a suit
    named in the second round (or at once under a turned Joker), alone or not."""

    kind: str  # PASS, BID, ORDER_UP or NAME
    bid: Bid | None = None
    trump: int | None = None  # the suit named
    alone: bool = False

    def words(self, settings: Settings) -> str:
        """As the notation writes it: ``pass``, ``4``, ``big pepper``, ``order up alone``, ``name H``."""
        if self.kind == PASS:
            return PASS
        if self.kind == BID:
            assert self.bid is not None
            return self.bid.name(settings)
        text = ORDER_UP if self.kind == ORDER_UP else f"{NAME} {SUITS[self.trump or 0]}"
        return text + (ALONE if self.alone else "")


PASSING = Call(PASS)


class AuctionEnd(NamedTuple):
    """How an auction ended: who declares (None: nobody, the hand is dealt again), with
    which bid (Hasenpfeffer), or which trump and whether alone (Euchre, where the call says)."""

    declarer: int | None
    bid: Bid | None = None
    trump: int | None = None
    alone: bool | None = None
    forced: bool = False  # Hasenpfeffer's all-pass rule made the Joker's holder declare

    @property
    def redeal(self) -> bool:
        return self.declarer is None


REDEAL = AuctionEnd(None)


class AuctionState(NamedTuple):
    """Where an auction stands. Hasenpfeffer: the seat to call, the highest bid so far (an
    index in the ladder, -1 before any), its bidder and the seats that passed. Euchre: the
    round (1, 2; 0 when the dealer names trump under a turned Joker) and the index of the
    seat to call in the order of calling. ``end`` once it is over."""

    turn: int
    high: int = -1
    bidder: int | None = None
    passed: frozenset[int] = frozenset()
    round: int = 1
    end: AuctionEnd | None = None


class AuctionRules(ABC):
    """The auction of one deal under the table's settings."""

    def __init__(self, variant: Variant, dealer: int, extra: int, joker_holder: int | None, settings: Settings) -> None:
        self.variant, self.dealer, self.extra, self.settings = variant, dealer, extra, settings
        self.joker_holder = joker_holder
        # the seats in the order they call: from left of the dealer, the dealer last
        order: list[int] = []
        seat = left_of(dealer)
        while len(order) < len(variant.seats):
            if seat in variant.seats:
                order.append(seat)
            seat = left_of(seat)
        self.order: tuple[int, ...] = tuple(order)

    @abstractmethod
    def start(self) -> AuctionState:
        """The state before the first call."""

    @abstractmethod
    def to_call(self, state: AuctionState) -> int | None:
        """The seat whose call it is; None once the auction is over."""

    @abstractmethod
    def calls(self, state: AuctionState) -> list[Call]:
        """Every legal call of the seat to call, passing first, then the lowest bid (in Euchre
        the suits in the order S H D C, each with the partner before alone)."""

    @abstractmethod
    def after(self, state: AuctionState, call: Call) -> AuctionState:
        """The state once ``call`` (a legal one) is made."""

    @abstractmethod
    def refusal(self, state: AuctionState, seat: int, call: Call) -> str | None:
        """Why ``seat`` may not make ``call`` now, in words; None if it may."""

    @abstractmethod
    def parse_call(self, text: str) -> Call:
        """A call as written (``pass``, ``4``, ``order up alone``, ``name ♥``), any case."""

    @abstractmethod
    def redeal_reason(self) -> str:
        """Why nobody declares when the auction ends so, in words."""

    def forms(self) -> tuple[bool, ...]:
        """With the partner, and alone where the game has partners."""
        return (False, True) if self.variant.partners else (False,)

    def out_of_turn(self, state: AuctionState, seat: int) -> str | None:
        """The refusal of a call by anyone but the seat to call."""
        turn = self.to_call(state)
        if turn is None:
            return "the auction is over"
        if seat not in self.variant.seats:
            return f"{SEATS[seat]} holds no hand in {self.variant.name}"
        if seat != turn:
            return f"out of turn: it is {SEATS[turn]}'s call"
        return None


def _normal(text: str) -> str:
    return " ".join(str(text).lower().split())


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

    def all_passed(self) -> AuctionEnd:
        if self.settings.all_pass == "joker_bids_3" and self.joker_holder is not None:
            return AuctionEnd(self.joker_holder, JOKER_BIDS, forced=True)
        return REDEAL  # also when the Joker is the widow

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
        words = _normal(text)
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


def first_round_suit(upcard: CardId, settings: Settings) -> int | None:
    """The suit the first round of a Euchre auction orders up: the upcard's as turned, or the
    suit a turned Joker stands for (``joker_upcard: hearts``); None where a turned Joker lets
    the dealer name any suit at once (or the hand is dealt again)."""
    return joker_suit(settings) if upcard == JOKER else suit_of(upcard)


class EuchreAuction(AuctionRules):
    """Making trump: in the first round each in turn passes or orders up the upcard's suit;
    in the second each passes or names another suit (the dealer may not pass when stuck);
    each call that makes trump may go alone where there are partners. A turned Joker lets the
    dealer name any suit at once, or under ``joker_upcard: redeal`` the hand is dealt again;
    where it stands for a suit (``joker_upcard: hearts``) the rounds go as for that suit."""

    def __init__(self, variant: Variant, dealer: int, extra: int, joker_holder: int | None, settings: Settings) -> None:
        super().__init__(variant, dealer, extra, joker_holder, settings)
        self.upcard_suit = first_round_suit(extra, settings)
        self.joker = self.upcard_suit is None  # a turned Joker: the dealer names trump at once (or a redeal)

    def start(self) -> AuctionState:
        if self.joker:
            if self.settings.joker_upcard == "redeal":
                return AuctionState(turn=self.dealer, round=0, end=REDEAL)
            return AuctionState(turn=self.dealer, round=0)
        return AuctionState(turn=self.order[0])

    def to_call(self, state: AuctionState) -> int | None:
        return None if state.end is not None else state.turn

    def stuck(self, state: AuctionState) -> bool:
        """Must the seat to call name a suit (the dealer in the second round, stuck)?"""
        return state.round == 2 and state.turn == self.dealer and self.settings.all_pass == "stick_the_dealer"

    def calls(self, state: AuctionState) -> list[Call]:
        if state.end is not None:
            return []
        forms = self.forms()
        if state.round == 0:
            return [Call(NAME, trump=t, alone=a) for t in TRUMPS for a in forms]
        if state.round == 1:
            return [PASSING] + [Call(ORDER_UP, trump=self.upcard_suit, alone=a) for a in forms]
        names = [Call(NAME, trump=t, alone=a) for t in TRUMPS if t != self.upcard_suit for a in forms]
        return names if self.stuck(state) else [PASSING] + names

    def after(self, state: AuctionState, call: Call) -> AuctionState:
        seat = state.turn
        if call.kind != PASS:
            trump = self.upcard_suit if call.kind == ORDER_UP else call.trump
            return state._replace(end=AuctionEnd(seat, trump=trump, alone=call.alone))
        index = self.order.index(seat) + 1
        if index < len(self.order):
            return state._replace(turn=self.order[index])
        if state.round == 1:
            return state._replace(turn=self.order[0], round=2)
        return state._replace(end=REDEAL)  # everybody passed twice

    def refusal(self, state: AuctionState, seat: int, call: Call) -> str | None:
        wrong = self.out_of_turn(state, seat)
        if wrong is not None:
            if state.round == 0 and state.end is None:
                wrong += " (with the Joker turned up the dealer names trump at once: joker_upcard: dealer_names)"
            return wrong
        if call.kind == BID:
            return f"{self.variant.name} has no bids for tricks: pass, order up or name a suit"
        if call.alone and not self.variant.partners:
            return self.variant.never_alone
        upcard = card_name(self.extra)
        if state.round == 0:
            if call.kind != NAME:
                return (
                    f"with the Joker turned up the dealer names trump at once: write 'name <suit>' "
                    f"(joker_upcard: dealer_names), not {call.words(self.settings)!r}"
                )
            return None
        if state.round == 1:
            if call.kind == NAME:
                assert self.upcard_suit is not None
                return (
                    f"no suit is named in the first round: pass, or order up the upcard {upcard} "
                    f"({SUIT_NAMES[self.upcard_suit]})"
                )
            return None
        if call.kind == ORDER_UP:
            return f"the upcard {upcard} is turned down in the second round: pass or name another suit"
        if call.kind == NAME and call.trump is not None and call.trump == self.upcard_suit:
            first, second, third = (SUITS[t] for t in TRUMPS if t != self.upcard_suit)
            return f"{SUIT_NAMES[call.trump]} went down with the upcard {upcard}: name {first}, {second} or {third}"
        if call.kind == PASS and self.stuck(state):
            return "the dealer must name a suit in the second round (all_pass: stick_the_dealer)"
        return None

    def redeal_reason(self) -> str:
        if self.joker:
            return "the Joker is turned up: the hand is dealt again (joker_upcard: redeal)"
        return "everyone passed twice: the hand is dealt again"

    def parse_call(self, text: str) -> Call:
        words = _normal(text)
        if words == PASS:
            return PASSING
        alone = words.endswith(ALONE)
        core = words[: -len(ALONE)] if alone else words
        if core == ORDER_UP:
            return Call(ORDER_UP, trump=self.upcard_suit, alone=alone)
        if core.startswith(NAME + " "):
            suit = _suit(core[len(NAME) + 1 :])
            if suit >= 0:
                return Call(NAME, trump=suit, alone=alone)
        if core.isdigit() or core in ("little pepper", "big pepper"):
            raise NotationError(
                f"not a call: {quoted(text)} ({self.variant.name} has no bids for tricks: "
                "pass, order up, or name S, H, D or C)"
            )
        raise NotationError(
            f"not a call: {quoted(text)} (expected pass, order up, or name S, H, D or C; "
            "each but pass may end with 'alone')"
        )


def _suit(text: str) -> int:
    """A suit as a letter, a symbol or its name (``h``, ``♥``, ``hearts``); -1 if none."""
    text = text.strip()
    return SUIT_NAMES.index(text) if text in SUIT_NAMES else parse_suit(text)


AUCTIONS: dict[str, type[AuctionRules]] = {"hasenpfeffer": HasenpfefferAuction, "euchre": EuchreAuction}


def auction_for(deal: Deal, settings: Settings = Settings()) -> AuctionRules:
    """The auction of ``deal`` by its game's rules and the table's settings."""
    holder = next((s for s in deal.variant.seats if deal.hands[s] >> JOKER & 1), None)
    return AUCTIONS[deal.variant.family](deal.variant, deal.dealer, deal.extra, holder, settings)
