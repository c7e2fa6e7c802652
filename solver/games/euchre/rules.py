"""Euchre's auction and scoring (docs/rules.md): ordering up and naming trump, and a point
or two for the makers or the defenders. ``hasen.rules`` loads this module by the family's
name, for the auction (``AUCTION``), the tricks a contract needs and a hand's points."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.cards import JOKER, SUIT_NAMES, SUITS, CardId, card_name, parse_suit, suit_of
from ...core.errors import NotationError, quoted
from ...core.settings import DEFAULT_SETTINGS, Settings, joker_suit
from ...rules.auction import (
    ALONE,
    BID,
    NAME,
    ORDER_UP,
    PASS,
    PASSING,
    REDEAL,
    TRUMPS,
    AuctionEnd,
    AuctionRules,
    AuctionState,
    Call,
    normal_words,
)
from ...rules.scoring import Bid

if TYPE_CHECKING:
    from ...core.variants import Variant

EUCHRE_MAKES = 3  # tricks the makers need
EUCHRE_MADE, EUCHRE_MARCH, EUCHRE_LONE_MARCH, EUCHRE_EUCHRED = 1, 2, 4, 2
RAILROAD_LONE_EUCHRE = 4  # Railroad: a lone defender who euchres a lone maker
CUTTHROAT_MARCH = 3  # Three-Handed: the maker's march against both others


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
        # the calls by round and whether the dealer is stuck: asked at every call of every
        # auction the model plays out
        self._calls: dict[tuple[int, bool], tuple[Call, ...]] = {}

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
        key = (state.round, self.stuck(state))
        known = self._calls.get(key)
        if known is None:
            known = self._calls[key] = tuple(self._calls_in(*key))
        return list(known)

    def _calls_in(self, number: int, stuck: bool) -> list[Call]:
        forms = self.forms()
        if number == 0:
            return [Call(NAME, trump=t, alone=a) for t in TRUMPS for a in forms]
        if number == 1:
            return [PASSING] + [Call(ORDER_UP, trump=self.upcard_suit, alone=a) for a in forms]
        names = [Call(NAME, trump=t, alone=a) for t in TRUMPS if t != self.upcard_suit for a in forms]
        return names if stuck else [PASSING] + names

    def after(self, state: AuctionState, call: Call) -> AuctionState:
        # the states made outright, not by _replace: the model plays out many auctions
        seat, high, bidder, passed = state.turn, state.high, state.bidder, state.passed
        if call.kind != PASS:
            trump = self.upcard_suit if call.kind == ORDER_UP else call.trump
            return AuctionState(
                seat, high, bidder, passed, state.round, AuctionEnd(seat, trump=trump, alone=call.alone)
            )
        index = self.order.index(seat) + 1
        if index < len(self.order):
            return AuctionState(self.order[index], high, bidder, passed, state.round, state.end)
        if state.round == 1:
            return AuctionState(self.order[0], high, bidder, passed, 2, state.end)
        return AuctionState(seat, high, bidder, passed, state.round, REDEAL)  # everybody passed twice

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

    def place(self, state: AuctionState) -> str:
        """The round (1, 2) and the seat's place in the order of calling (1: left of the
        dealer; the dealer last)."""
        seat = self.to_call(state)
        assert seat is not None
        return f"r{state.round}p{self.order.index(seat) + 1}"

    def redeal_reason(self) -> str:
        if self.joker:
            return "the Joker is turned up: the hand is dealt again (joker_upcard: redeal)"
        return "everyone passed twice: the hand is dealt again"

    def parse_call(self, text: str) -> Call:
        words = normal_words(text)
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


AUCTION = EuchreAuction
BIDS = False  # no bids for tricks: the makers need three
BELOW_ZERO = False  # a side euchred gives the others points, and loses none (three players: see odds_three)


def euchre_score(
    tricks: int, alone: bool, variant: Variant, lone_defence: bool = False, settings: Settings = DEFAULT_SETTINGS
) -> tuple[int, int]:
    """1 for three or four tricks, 2 for all five (4 alone, 3 for the maker of Three-Handed
    Euchre); makers held under three are euchred and the defenders score 2 (with three
    players, each of them, or with ``euchred=maker_loses`` the maker loses 2 instead), in
    Railroad 4 when a lone defender euchres a lone maker (``lone_defence``)."""
    if tricks == variant.hand_size:
        return (CUTTHROAT_MARCH if variant.cutthroat else EUCHRE_LONE_MARCH if alone else EUCHRE_MARCH), 0
    if tricks >= EUCHRE_MAKES:
        return EUCHRE_MADE, 0
    if variant.cutthroat and settings.euchred == "maker_loses":
        return -EUCHRE_EUCHRED, 0
    return 0, RAILROAD_LONE_EUCHRE if lone_defence and variant.calls_for_best else EUCHRE_EUCHRED


def tricks_needed(bid: Bid | None) -> int:
    """The tricks the makers need: three."""
    return EUCHRE_MAKES


def hand_score(
    variant: Variant, settings: Settings, bid: Bid | None, tricks: int, alone: bool, lone_defence: bool = False
) -> tuple[int, int]:
    """``euchre_score`` (Euchre has no bids)."""
    return euchre_score(tricks, alone, variant, lone_defence, settings)
