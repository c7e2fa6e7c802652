"""Railroad's lone player single dummy: the partner's best card and the card put away are the
model's (docs/variants.md, "The model of the other players"), written out on card names in
tests/calling_rule.py.

With every card known a simulation has one layout, so each lone choice must be the cell of
the double-dummy table where exactly those calls are made: the table keeps the tricks of
every call (its ``leaves``), and the search behind it is checked against the plain minimax
in tests/games/euchre/test_calling_for_best.py. The dealer's own discard is a choice of its seat
(a column each); an opponent dealer's is that dealer's double-dummy choice.
"""

from __future__ import annotations

import random

import pytest
from calling_rule import passed, put_away
from euchre_deals import random_deal

import hasen
from hasen.core.cards import card_name, cards_of, parse_card
from hasen.core.deal import format_hand

SEATS = "NESW"
SUITS = "SHDC"


def names(mask: int) -> list[str]:
    return [card_name(c) for c in cards_of(mask)]


def cell(leaves: dict, trump: str, discard: int | None, hand: list[str], given: str) -> int:
    """The table's tricks after the dealer's ``discard`` when the partner passes ``given`` to
    the lone player holding ``hand``, who then puts away by the rule."""
    away = put_away([*hand, given], trump)
    return leaves[discard][(parse_card(given), parse_card(away))][None]


def expected_row(deal: hasen.Deal, seat: int) -> dict[tuple[str, str | None], int]:
    """Each lone choice of ``seat`` as the table's cell of the model's calls."""
    table = hasen.analyze(deal, declarer=SEATS[seat], alone=True).tables[SEATS[seat]]
    partner = (seat + 2) % 4
    upcard = card_name(deal.extra)
    own = names(deal.hands[seat])
    out: dict[tuple[str, str | None], int] = {}
    for t, trump in enumerate(SUITS):
        given = passed(names(deal.hands[partner]), trump)
        leaves = table.leaves[t]
        # the dealer takes the upcard of the trump suit (a turned Joker: whatever suit it names),
        # unless it is the lone player's partner, who sits out
        takes = upcard[1] in (trump, "K") and deal.dealer != partner
        if takes and deal.dealer == seat:  # the seat's own discard, then its call
            for discard in sorted(own + [upcard], key=parse_card):
                kept = [c for c in own + [upcard] if c != discard]
                out[(trump, discard)] = cell(leaves, trump, parse_card(discard), kept, given)
        elif takes:  # an opponent deals, takes the upcard and discards for its side
            out[(trump, None)] = min(cell(leaves, trump, d, own, given) for d in leaves if d is not None)
        else:
            out[(trump, None)] = cell(leaves, trump, None, own, given)
    return out


def lone_row(deal: hasen.Deal, seat: int) -> dict[tuple[str, str | None], int]:
    known = {SEATS[s]: format_hand(deal.hands[s]) for s in deal.variant.seats if s != seat}
    sim = hasen.simulate(hasen.SeatView(SEATS[seat], known=known, deal=deal), layouts=2, alone=True)
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
