"""The auction as rules: whose turn it is, which calls are allowed, and how the auction ends
(docs/rules.md; docs/variants.md, "Par: the auction model"). The calls, the states and what
every auction does are here; each family's own auction is its ``AuctionRules`` in its
folder (``hasen.games.<family>.rules``), which ``auction_of`` finds by the family's name.

This is the one place the auction's legality lives: the hand record checks a played
auction against it (``refusal``), and the par searches every legal path through it
(``calls`` and ``after``). A state is a small hashable tuple, so that a search can keep
what it has worked out for each.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, NamedTuple

from ..core.cards import JOKER, SUITS
from ..core.seats import SEATS, left_of
from ..core.settings import Settings
from .families import family_rules
from .scoring import Bid

if TYPE_CHECKING:
    from ..core.deal import Deal
    from ..core.variants import Variant

TRUMPS = tuple(range(len(SUITS)))  # S H D C, the order ties go by

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
    def place(self, state: AuctionState) -> str:
        """The seat to call's place in the auction, the key of the thresholds the model of the
        other players calls by (``hasen.analysis.policy``): ``r1p2`` (Euchre: the first round,
        second to call) or ``b2+`` (Hasenpfeffer: making the second bid of the ladder, its
        partner holding the highest bid; ``b2-`` otherwise)."""

    @abstractmethod
    def redeal_reason(self) -> str:
        """Why nobody declares when the auction ends so, in words."""

    def forced_rule(self) -> str | None:
        """Where the Joker's holder must declare once everyone passed, that rule in words (a
        record that does not yet say who holds the Joker must ask); None if nobody must."""
        return None

    def forms(self) -> tuple[bool, ...]:
        """With the partner, and alone where the game has partners."""
        return self.variant.forms

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


def normal_words(text: str) -> str:
    """A call as written, in lower case and single spaces."""
    return " ".join(str(text).lower().split())


def auction_of(variant: Variant, dealer: int, extra: int, joker_holder: int | None, settings: Settings) -> AuctionRules:
    """The auction of a deal of ``variant`` by its family's rules (``hasen.games.<family>.rules``)
    and the table's settings: who deals, the extra card, who holds the Joker (None: nobody)."""
    return family_rules(variant.family).AUCTION(variant, dealer, extra, joker_holder, settings)


def auction_for(deal: Deal, settings: Settings = Settings()) -> AuctionRules:
    """The auction of ``deal`` by its game's rules and the table's settings."""
    holder = next((s for s in deal.variant.seats if deal.hands[s] >> JOKER & 1), None)
    return auction_of(deal.variant, deal.dealer, deal.extra, holder, settings)
