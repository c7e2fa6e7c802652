"""Bid advice in points at the table (``advice.actions``) against a plain loop written here:
on each layout (dealt by the documented rule), the auction goes on from the seat's option,
every other call the model's (``PlayerModel.call``, the assumption under test elsewhere), and
the contract it ends in is played double dummy through ``hasen.solve`` and scored by the
rules. With every card known to the seat there is one layout, and each option's value is
that layout's; on seeded layouts passing is worth the mean of the loop's scores.
"""

from __future__ import annotations

import random

import pytest
from dealgen import all_known, plain_deal
from examples import EUCHRE, EUCHRE2, EUCHRE3, HASENPFEFFER

import hasen
from hasen.analysis.model import PlayerModel, model_discard
from hasen.core.deal import format_hand
from hasen.core.settings import joker_suit
from hasen.rules.auction import BID, PASS, PASSING, auction_for
from hasen.rules.scoring import Bid, hand_score
from hasen.rules.trump import takes_upcard

SEATS = "NESW"


def solved(deal: hasen.Deal, declarer: int, trump: int, discard: int | None, alone: bool) -> int:
    """The declaring side's tricks double dummy, against the best defence: a lone declarer's
    defenders may defend alone, either of them (docs/rules.md)."""
    defenders = [None]
    if alone and deal.variant.partners:
        defenders += [SEATS[(declarer + 1) % 4], SEATS[(declarer + 3) % 4]]
    return min(
        hasen.solve(
            deal,
            SEATS[declarer],
            "SHDC"[trump],
            None if discard is None else str(hasen.Card(discard)),
            alone=alone,
            defender=d,
        ).total
        for d in defenders
    )


def table_value(deal: hasen.Deal, seat: int, trump: int, alone: bool) -> int:
    """The seat's own contract as its table values it: another seat's discard is that
    seat's double-dummy choice for its side; against the best defence."""
    defenders = [None]
    if alone and deal.variant.partners:
        defenders += [SEATS[(seat + 1) % 4], SEATS[(seat + 3) % 4]]
    tables = [hasen.analyze(deal, declarer=SEATS[seat], alone=alone, defender=d).tables[SEATS[seat]] for d in defenders]
    if deal.variant.declarer_exchanges:  # the declarer's best discard, each met by the best defence
        row = "SHDC"[trump]
        return max(min(t.tricks[row][d] for t in tables) for d in tables[0].tricks[row])
    return min(t.entries["SHDC"[trump]].value for t in tables)


def worth(variant: hasen.Variant, seat: int, declarer: int, mine: int, theirs: int) -> float:
    """A hand's score (the declaring side's points, the defenders') to ``seat``: its side's
    points less the other side's; with three players each for themselves, its own points less
    the mean of the other two's (docs/variants.md)."""
    if seat == declarer or (variant.partners and (seat - declarer) % 2 == 0):
        return mine - theirs
    return theirs - (mine + theirs) / 2 if variant.cutthroat else theirs - mine


def played_out(deal: hasen.Deal, seat: int, first, later=None, own_alone: bool | None = None) -> float:
    """The seat's side's points less the other side's: the auction from the start, the seat
    calling ``first`` at its first turn (and ``later`` after, if given), every other call the
    model's; the contract played out. The seat's own contract is its table's value (its own
    choices with every card known: the best for it), in the form ``own_alone`` (Hasenpfeffer)
    or its call's; every other contract the model's."""
    variant, settings = deal.variant, deal.settings
    model = PlayerModel.of(variant)
    rules = auction_for(deal, settings)
    state, own_turns = rules.start(), 0
    while (turn := rules.to_call(state)) is not None:
        if turn == seat and own_turns == 0:
            call = first
        elif turn == seat and later is not None:
            call = later
        else:
            call = model.call(rules, state, deal.hands[turn])
        own_turns += turn == seat
        state = rules.after(state, call)
    end = state.end
    if end.declarer is None:
        return 0
    d = end.declarer
    if d == seat and (own_alone is not None or not variant.declarer_exchanges):
        alone = own_alone if variant.declarer_exchanges else bool(end.alone)
        if variant.declarer_exchanges:  # the best trump and discard for the points at the bid
            tricks = max(table_value(deal, seat, t, alone) for t in range(4))
        else:
            tricks = table_value(deal, seat, end.trump, alone)
        mine, theirs = hand_score(variant, settings, end.bid, tricks, alone)
        return mine - theirs
    if variant.declarer_exchanges:
        alone = model.declarer_form(deal.hands[d], d, deal.dealer, end.bid, settings)
        cards = deal.hands[d] | 1 << deal.extra
        trump, discard = model.declarer_choice(cards, d, deal.dealer, settings, alone)
        tricks = solved(deal, d, trump, discard, alone)
    else:
        alone, trump = bool(end.alone), end.trump
        idle = alone and variant.partners and deal.dealer == (d + 2) % 4
        discard = None  # nobody takes the upcard
        if takes_upcard(deal.extra, trump, joker_suit(settings)) and not idle:
            discard = model_discard(deal.hands[deal.dealer] | 1 << deal.extra, trump)
        tricks = solved(deal, d, trump, discard, alone)
    mine, theirs = hand_score(variant, settings, end.bid, tricks, alone)
    return worth(variant, seat, d, mine, theirs)


@pytest.mark.compiled
@pytest.mark.parametrize("example", [EUCHRE2, EUCHRE, EUCHRE3], ids=lambda e: e.variant)
def test_with_every_card_known_each_call_is_worth_that_layouts_auction(example) -> None:
    """Every option's value is the plain loop's on the one layout there is: the auction from
    the seat's call on by the model, the contract played out."""
    deal = hasen.Deal(example.deal, dealer=example.dealer, variant=example.variant)
    for seat in deal.variant.seats:
        advice = hasen.advise(
            hasen.SeatView(
                SEATS[seat],
                hand=format_hand(deal.hands[seat]),
                extra=str(deal.extra),
                dealer=deal.dealer,
                variant=deal.variant,
                known=all_known(deal, seat),
            ),
            layouts=2,
            choice_layouts=2,
        )
        if advice.nothing_to_decide:
            continue
        later = None if advice.second_round is None else advice.second_round.call
        for action in advice.actions:
            assert action.expected == played_out(deal, seat, action.option.call, later), (SEATS[seat], action.call)


@pytest.mark.compiled
@pytest.mark.parametrize("seat", "NESW")
def test_with_every_card_known_each_hasenpfeffer_bid_is_worth_that_layouts_auction(seat: str) -> None:
    """Each highest bid (the seat bidding the lowest bid allowed while it is no higher), with
    the partner and alone, and passing: the plain loop's value on the one layout there is."""
    deal = hasen.Deal(HASENPFEFFER.deal, dealer=HASENPFEFFER.dealer)
    where = SEATS.index(seat)
    advice = hasen.advise(
        hasen.SeatView(seat, hand=format_hand(deal.hands[where]), dealer=deal.dealer, known=all_known(deal, where)),
        layouts=2,
        choice_layouts=2,
    )
    variant, settings = deal.variant, deal.settings
    model = PlayerModel.of(variant)
    for action in advice.actions:
        limit = action.option.up_to
        rules = auction_for(deal, settings)
        state = rules.start()
        while (turn := rules.to_call(state)) is not None:
            if turn == where:
                bids = [c for c in rules.calls(state) if c.kind == BID]
                call = bids[0] if limit is not None and bids and bids[0].bid <= limit else PASSING
            else:
                call = model.call(rules, state, deal.hands[turn])
            state = rules.after(state, call)
        first = state  # the auction's end, replayed below through the plain loop's own scoring
        end = first.end
        if end.declarer is None:
            assert action.expected == 0
            continue
        if end.declarer == where:
            tricks = max(table_value(deal, where, t, action.option.alone) for t in range(4))
            mine, theirs = hand_score(variant, settings, end.bid, tricks, action.option.alone)
            assert action.expected == mine - theirs, action.call
        else:
            d = end.declarer
            alone = model.declarer_form(deal.hands[d], d, deal.dealer, end.bid, settings)
            trump, discard = model.declarer_choice(deal.hands[d] | 1 << deal.extra, d, deal.dealer, settings, alone)
            mine, theirs = hand_score(variant, settings, end.bid, solved(deal, d, trump, discard, alone), alone)
            net = mine - theirs
            assert action.expected == (net if variant.side_of(d) == variant.side_of(where) else -net), action.call


@pytest.mark.compiled
def test_hasenpfeffer_passing_is_worth_the_plain_loops_mean() -> None:
    """S passes at its first turn (out of the bidding); N, E and W bid by the model from the
    start; the contract is played out on each seeded layout."""
    seat, hand, dealer, seed, layouts = 2, "AJT.A9..K", "W", 4, 12
    advice = hasen.advise(hasen.SeatView("S", hand=hand, dealer=dealer), layouts=layouts, choice_layouts=3, seed=seed)
    variant = hasen.variant_for("hasenpfeffer")
    mask = hasen.CardSet(hand).mask
    values = [
        played_out(plain_deal(variant, seat, mask, None, random.Random(f"{seed}/{i}"), dealer), seat, PASSING)
        for i in range(layouts)
    ]
    assert advice.passing().expected == pytest.approx(sum(values) / layouts)
    assert advice.passing().points.tolist() == values


@pytest.mark.compiled
@pytest.mark.parametrize(
    "variant, seat, dealer, hand, upcard",
    [
        ("euchre", "E", "N", "9S AD 9D QC 9C", "TC"),  # first to call: nothing to agree with
        ("euchre2", "S", "N", "TS 9S AH KH QH", "AS"),
        ("euchre3", "E", "N", "QS KH TH TD AC", "AD"),  # the first to call, left of the dealer
        ("euchre3", "N", "S", "AS JC KH QH 9D", "TS"),
    ],
)
def test_euchre_passing_is_worth_the_plain_loops_mean(
    variant: str, seat: str, dealer: str, hand: str, upcard: str
) -> None:
    """The seat passes in the first round and, should it come round, makes its own
    second-round call (the advice's, chosen on other layouts); every other call the model's."""
    seed, layouts = 7, 10
    advice = hasen.advise(
        hasen.SeatView(seat, hand=hand, extra=upcard, dealer=dealer, variant=variant),
        layouts=layouts,
        choice_layouts=4,
        seed=seed,
    )
    v = hasen.variant_for(variant)
    where = SEATS.index(seat)
    later = None if advice.second_round is None else advice.second_round.call
    values = [
        played_out(
            plain_deal(
                v, where, hasen.CardSet(hand).mask, int(hasen.Card(upcard)), random.Random(f"{seed}/{i}"), dealer
            ),
            where,
            PASSING,
            later,
        )
        for i in range(layouts)
    ]
    assert advice.passing().points.tolist() == values


@pytest.mark.compiled
def test_the_seats_own_contract_is_its_table_value_with_every_card_known() -> None:
    """Hasenpfeffer, all known: bidding up to six wins the auction for N here, and its value is
    the best cell of N's table at the bid the auction ends in, scored."""
    deal = hasen.Deal(HASENPFEFFER.deal, dealer=HASENPFEFFER.dealer)
    seat = SEATS.index("N")
    advice = hasen.advise(
        hasen.SeatView("N", hand=format_hand(deal.hands[seat]), dealer=deal.dealer, known=all_known(deal, seat)),
        layouts=2,
        choice_layouts=2,
    )
    top = next(a for a in advice.actions if a.call == "6")
    assert top.share_ours == 1.0
    tricks = max(
        hasen.analyze(deal, declarer="N").tables["N"].tricks[t][d]
        for t in "SHDC"
        for d in hasen.analyze(deal, declarer="N").tables["N"].discards
    )
    mine, theirs = hand_score(deal.variant, deal.settings, Bid(6), tricks, False)
    assert top.expected == mine - theirs
    assert [o.call for o in advice.actions][0] == "pass"
    assert {o.option.call.kind for o in advice.actions} == {PASS, BID}
