"""The example deal, typed in as golden data (tests/data/golden_hasenpfeffer.json)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from oracle import Oracle

from hasen.core.cards import card_name, parse_card
from hasen.core.deal import Deal
from hasen.core.seats import parse_seat
from hasen.games.hasenpfeffer.table import analyze_table
from hasen.play.state import Contract, PlayState, replay

GOLDEN = json.loads((Path(__file__).parents[2] / "data" / "golden_hasenpfeffer.json").read_text())
SUITS = "SHDC"


def contract(trump: str, discard: str) -> PlayState:
    deal = Deal(GOLDEN["deal"], dealer=GOLDEN["dealer"])
    return PlayState(
        deal, Contract(parse_seat(GOLDEN["declarer"]), SUITS.index(trump), parse_card(discard), GOLDEN["alone"])
    )


def test_golden_table(searcher):
    result = analyze_table(
        GOLDEN["deal"], dealer=GOLDEN["dealer"], declarer=GOLDEN["declarer"], alone=GOLDEN["alone"], searcher=searcher
    )
    table = result.tables[parse_seat(GOLDEN["declarer"])]
    assert [card_name(d) for d in table.discards] == GOLDEN["discards"]
    got = {SUITS[t]: [table.tricks[t][d] for d in table.discards] for t in range(4)}
    assert got == GOLDEN["tricks"]
    trump, discard, tricks = table.best
    assert {"trump": SUITS[trump], "discard": card_name(discard), "tricks": tricks} == GOLDEN["best"]
    assert [[SUITS[t], card_name(d)] for t, d in table.ties] == GOLDEN["ties"]
    declarer_json = result.to_json()["declarers"][GOLDEN["declarer"]]
    assert declarer_json["tricks"] == {t: dict(zip(GOLDEN["discards"], row)) for t, row in GOLDEN["tricks"].items()}
    assert declarer_json["best"] == GOLDEN["best"] and declarer_json["ties"] == GOLDEN["ties"]


def test_golden_table_within_all_four_declarers(searcher):
    """Analysing every declarer gives North the same table."""
    result = analyze_table(Deal(GOLDEN["deal"]), dealer=GOLDEN["dealer"], searcher=searcher)
    assert sorted(result.tables) == [0, 1, 2, 3]
    north = result.to_json()["declarers"]["N"]
    assert north["tricks"] == {t: dict(zip(GOLDEN["discards"], row)) for t, row in GOLDEN["tricks"].items()}


@pytest.mark.parametrize("trump, discard", [("C", "KH"), ("S", "AC"), ("C", "QC")])
def test_oracle_agrees_with_the_golden_cell(trump, discard):
    state = contract(trump, discard)
    oracle = Oracle(state.contract.trump, state.seats, state.contract.declarer % 2)
    expected = GOLDEN["tricks"][trump][GOLDEN["discards"].index(discard)]
    assert oracle.value(state.hands, state.leader) == expected


def test_the_best_line_takes_six_tricks(searcher):
    """Replaying the example's line: N-S take all six, and no card of it gives a trick away."""
    best = GOLDEN["best"]
    state = contract(best["trump"], best["discard"])
    assert state.leader == parse_seat("N")  # W deals, N leads
    side = state.contract.declarer % 2  # N-S 0, E-W 1
    for card in GOLDEN["best_line"].replace("|", " ").split():
        assert state.taken[side] + state.value(searcher) == best["tricks"], f"before {card}"
        replay(state, card)
    assert state.finished and state.taken[side] == 6 and state.taken[1 - side] == 0


def test_the_best_line_with_its_trick_marks():
    best = GOLDEN["best"]
    state = replay(contract(best["trump"], best["discard"]), GOLDEN["best_line"])
    assert state.finished and state.declarer_taken() == 6
    assert [card_name(c) for _, trick, _ in state.tricks for c in trick] == GOLDEN["best_line"].replace(
        "|", " "
    ).split()
    assert "NNNNNN" == "".join("NESW"[winner] for _, _, winner in state.tricks)


def test_oracle_on_the_best_line_after_two_tricks():
    best = GOLDEN["best"]
    state = contract(best["trump"], best["discard"])
    replay(state, " ".join(GOLDEN["best_line"].split("|")[:2]))
    oracle = Oracle(state.contract.trump, state.seats, state.contract.declarer % 2)
    assert state.declarer_taken() == 2 and oracle.value(state.hands, state.leader) == 4
