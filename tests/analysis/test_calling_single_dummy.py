"""Railroad's lone player single dummy: the partner's best card and the card put away are the
model's (docs/variants.md, "The model of the other players"): the partner passes its highest
trump, else its highest card; the lone player puts away the lowest card of its shortest side
suit that is not an ace (the lowest ace when its side cards are all aces, the lowest trump
when every card is one). Both rules are written out here on card names.

With every card known a simulation has one layout, so each lone choice must be the cell of
the double-dummy table where exactly those calls are made: the table keeps the tricks of
every call (its ``leaves``), and the search behind it is checked against the plain minimax
in tests/search/test_calling_for_best.py. The dealer's own discard is a choice of its seat
(a column each); an opponent dealer's is that dealer's double-dummy choice.
"""

from __future__ import annotations

import random

import pytest
from euchre_deals import random_deal

import hasen
from hasen.core.cards import card_name, cards_of, parse_card
from hasen.core.deal import format_hand

SEATS = "NESW"
SUITS = "SHDC"
RANKS = "789TJQKA"
PARTNER_SUIT = {"S": "C", "C": "S", "H": "D", "D": "H"}  # the suit of the same colour


def trump_order(trump: str) -> list[str]:
    """The trumps from the highest: the Joker, the right and left bowers, then A K Q T 9 8 7."""
    return ["JK", "J" + trump, "J" + PARTNER_SUIT[trump], *(r + trump for r in "AKQT987")]


def passed(hand: list[str], trump: str) -> str:
    trumps = [c for c in trump_order(trump) if c in hand]
    if trumps:
        return trumps[0]
    return max(hand, key=lambda c: (RANKS.index(c[0]), -SUITS.index(c[1])))


def put_away(cards: list[str], trump: str) -> str:
    side = [c for c in cards if c not in trump_order(trump)]
    if not side:
        return next(c for c in reversed(trump_order(trump)) if c in cards)
    length = {s: sum(c[1] == s for c in side) for s in SUITS}
    return min(side, key=lambda c: (c[0] == "A", length[c[1]], RANKS.index(c[0]), SUITS.index(c[1])))


def names(mask: int) -> list[str]:
    return [card_name(c) for c in cards_of(mask)]


def expected_row(deal: hasen.Deal, seat: int) -> dict[tuple[str, str | None], int]:
    """Each lone choice of ``seat`` as the table's cell of the model's calls."""
    table = hasen.analyze(deal, declarer=SEATS[seat], alone=True).tables[SEATS[seat]]
    partner = (seat + 2) % 4
    upcard = card_name(deal.extra)
    out: dict[tuple[str, str | None], int] = {}
    for t, trump in enumerate(SUITS):
        given = passed(names(deal.hands[partner]), trump)
        leaves = table.leaves[t]
        # the dealer takes the upcard of the trump suit (a turned Joker: whatever suit it names),
        # unless it is the lone player's partner, who sits out
        takes = upcard[1] in (trump, "K") and deal.dealer != partner
        own = names(deal.hands[seat])

        def cell(discard: int | None, hand: list[str]) -> int:
            away = put_away([*hand, given], trump)
            return leaves[discard][(parse_card(given), parse_card(away))][None]

        if takes and deal.dealer == seat:  # the seat's own discard, then its call
            for discard in sorted(own + [upcard], key=parse_card):
                kept = [c for c in own + [upcard] if c != discard]
                out[(trump, discard)] = cell(parse_card(discard), kept)
        elif takes:  # an opponent deals, takes the upcard and discards for its side
            out[(trump, None)] = min(cell(d, own) for d in leaves if d is not None)
        else:
            out[(trump, None)] = cell(None, own)
    return out


def lone_row(deal: hasen.Deal, seat: int) -> dict[tuple[str, str | None], int]:
    known = {SEATS[s]: format_hand(deal.hands[s]) for s in deal.variant.seats if s != seat}
    sim = hasen.simulate(deal, seat=SEATS[seat], known=known, layouts=2, alone=True)
    return {(str(c.trump), None if c.discard is None else str(c.discard)): c.mean for c in sim.forms["alone"].choices}


@pytest.mark.parametrize("index", range(6))
def test_with_every_card_known_a_lone_railroad_simulation_is_the_tables_cell_of_the_models_calls(index: int) -> None:
    rng = random.Random(f"calling single dummy {index}")
    deal = random_deal(rng, "railroad", 25).replace(dealer=SEATS[index % 4])  # each seat deals
    for seat in deal.variant.seats:
        assert lone_row(deal, seat) == expected_row(deal, seat), (deal.notation(), SEATS[seat])


def test_the_rules_written_here_are_the_models_on_a_hand() -> None:
    """A worked case: in hearts the partner passes its left bower, not its ace; the lone
    player then puts away its lowest card of its shortest side suit."""
    assert passed(["AH", "JD", "9S", "TC", "QC"], "H") == "JD"
    assert passed(["AS", "KC", "9D", "TD", "QC"], "H") == "AS"
    assert put_away(["JK", "AH", "9S", "TC", "QC", "AD"], "H") == "9S"
