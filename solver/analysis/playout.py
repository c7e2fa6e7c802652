"""Auctions continued by the model of the other players, on one layout at a time.

From any point of an auction, the calls still to come are the model's
(``hasen.analysis.model``), each seat calling with its own cards, until the auction ends in
a contract or a redeal. The game's model makes the contract its declarer plays ready for the
play (``PlayerModel.play``): its trump and form, and the exchanges by the model's rules, with
Euchre's here: the dealer's discard, and in Railroad a lone maker's call for best.

The same model says which layouts agree with the calls already made: a layout agrees when
every call another seat made is one the model holding that seat's cards finds plausible
(``PlayerModel.plausible``: within a margin of points of what it would call itself).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from ..core.cards import JOKER, CardId, Mask
from ..core.settings import Settings
from ..core.variants import Variant
from ..rules.auction import AuctionEnd, AuctionRules, AuctionState, Call, auction_of
from ..rules.scoring import hand_score, standing
from ..rules.seating import best_callers
from .model import PlayerModel, model_calls, model_discard

OwnCall = Callable[[AuctionState], Call | None]  # a seat's own later call (None: the model's)
MAX_CALLS = 64  # far more than any auction has: a guard against a rule that never ends one


@cache
def rules_for(
    variant: Variant, dealer: int, extra: CardId, joker_holder: int | None, settings: Settings
) -> AuctionRules:
    return auction_of(variant, dealer, extra, joker_holder, settings)


def layout_rules(
    variant: Variant, dealer: int, hands: Sequence[Mask], extra: CardId, settings: Settings
) -> AuctionRules:
    """The auction's rules on one layout (the Joker's holder matters when all pass)."""
    holder = (
        next((s for s in variant.seats if hands[s] >> JOKER & 1), None) if settings.all_pass == "joker_bids_3" else None
    )
    return rules_for(variant, dealer, extra, holder, settings)


def continued(
    model: PlayerModel,
    rules: AuctionRules,
    state: AuctionState,
    hands: Sequence[Mask],
    seat: int | None = None,
    own: OwnCall | None = None,
    memo: dict[AuctionState, AuctionState] | None = None,
) -> AuctionState:
    """The auction from ``state`` to its end, every call the model's, but ``seat``'s own
    where ``own`` gives one. ``memo``: the state after the model's call at each state, kept
    across the auctions of one layout (they pass through the same states)."""
    for _ in range(MAX_CALLS):
        turn = rules.to_call(state)
        if turn is None:
            return state
        call = own(state) if own is not None and turn == seat else None
        state = rules.after(state, call) if call is not None else model_after(model, rules, state, hands[turn], memo)
    raise AssertionError("an auction of the model ends")


def model_after(
    model: PlayerModel,
    rules: AuctionRules,
    state: AuctionState,
    hand: Mask,
    memo: dict[AuctionState, AuctionState] | None = None,
) -> AuctionState:
    """The auction after the model's call at ``state``, for the seat to call holding ``hand``;
    kept in ``memo`` when given (the auctions of one layout pass through the same states)."""
    if memo is not None and state in memo:
        return memo[state]
    after = rules.after(state, model.call(rules, state, hand))
    if memo is not None:
        memo[state] = after
    return after


def consistent(
    model: PlayerModel, rules: AuctionRules, calls: Sequence[tuple[int, Call]], hands: Sequence[Mask], viewer: int
) -> bool:
    """Does a layout (``hands`` at the auction) agree with every call of ``calls`` that a seat
    other than ``viewer`` made?"""
    state = rules.start()
    for seat, call in calls:
        if seat != viewer and not model.plausible(rules, state, hands[seat], call):
            return False
        state = rules.after(state, call)
    return True


def euchre_exchanges(
    variant: Variant,
    hands: list[Mask],
    dealer: int,
    upcard: CardId,
    trump: int,
    maker: int,
    alone: bool,
    settings: Settings,
    taker: str | None,
) -> tuple[Mask, ...]:
    """Euchre: the hands once a dealer who plays has taken the upcard (``taker``, as
    ``EuchreModel.upcard_taker`` says: None when nobody does) and discarded by the model's
    rule, and then (Railroad) a lone maker has called for best by the model's rule."""
    if taker is not None:
        cards = hands[dealer] | 1 << upcard
        hands[dealer] = cards & ~(1 << model_discard(cards, trump))
    return model_calls(hands, best_callers(variant, settings, maker, alone), trump)


def net_points(variant: Variant, settings: Settings, end: AuctionEnd, alone: bool, tricks: int, seat: int) -> float:
    """What the contract ``end`` ended in is worth to ``seat`` (``rules.scoring.standing``)
    when its declaring side takes ``tricks`` (0: a redeal)."""
    if end.declarer is None:
        return 0
    return standing(variant, seat, end.declarer, hand_score(variant, settings, end.bid, tricks, alone))
