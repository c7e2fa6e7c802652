"""Opening-lead simulation (hasen.simulate_lead) against what it must equal: with every
other hand known, each lead's tricks are those of solving the position after the
declarer's best discard; on seeded layouts, those of a plain loop written here."""

from __future__ import annotations

import random

import pytest
from calling_rule import passed, put_away
from cli_run import run, run_json
from examples import EUCHRE, EUCHRE3, HASENPFEFFER
from seat_views import view_and_options

import hasen
from hasen.core.cards import cards_of
from hasen.core.deal import format_hand

DEAL = hasen.Deal(HASENPFEFFER.deal, dealer=HASENPFEFFER.dealer)  # W deals, so N leads


def defence_after_each_lead(deal: hasen.Deal, declarer: str, trump: str) -> dict[str, int]:
    """The defence's tricks after each of N's leads, the declarer having put away the first
    of its best discards for this trump (the table, read here; solve does the rest)."""
    table = hasen.analyze(deal, declarer=declarer).tables[declarer]
    row = table.tricks[trump]
    discard = next(d for d in table.discards if row[d] == max(row.values()))
    out = {}
    for card in deal.hand("N"):
        after = hasen.solve(deal, declarer, trump, str(discard), played=str(card))
        out[str(card)] = 6 - after.total
    return out


@pytest.mark.parametrize("declarer, trump", [("E", "D"), ("W", "S"), ("E", "C")])
def test_with_every_other_hand_known_each_lead_is_solved_exactly(declarer: str, trump: str) -> None:
    known = {s: format_hand(DEAL.hands["NESW".index(s)]) for s in "ESW"}  # the widow is the one card left
    sim = hasen.simulate_lead(hasen.SeatView.in_deal(DEAL, "N", known=known), f"{declarer}, trump {trump}", layouts=2)
    expected = defence_after_each_lead(DEAL, declarer, trump)
    assert {str(lead.card): lead.mean for lead in sim.leads} == expected
    assert not sim.leader_declares
    assert [str(lead.card) for lead in sim.best()] == [c for c, n in expected.items() if n == max(expected.values())]


def test_the_figures_are_those_of_a_plain_loop() -> None:
    seed, layouts = 5, 12
    sim = hasen.simulate_lead(hasen.SeatView("N", deal=DEAL), "E, trump D", layouts=layouts, seed=seed)
    per_layout = []
    for i in range(layouts):
        # the documented rule: the unseen cards (the widow among them) shuffled by
        # Random(f"{seed}/{i}") fill E, S, W in order; the one left is the widow
        unseen = cards_of(DEAL.variant.deck & ~DEAL.hands[0])
        random.Random(f"{seed}/{i}").shuffle(unseen)
        hands = [format_hand(DEAL.hands[0])] + [
            format_hand(sum(1 << c for c in unseen[6 * k : 6 * k + 6])) for k in range(3)
        ]
        layout = hasen.Deal("N:" + " ".join(hands), dealer="W")
        assert layout.widow == unseen[18]
        per_layout.append(defence_after_each_lead(layout, "E", "D"))
    for lead in sim.leads:
        values = [row[str(lead.card)] for row in per_layout]
        assert lead.counts == [values.count(t) for t in range(7)]  # layouts per number of tricks
        assert lead.mean == pytest.approx(sum(values) / layouts)
        assert lead.best == pytest.approx(sum(row[str(lead.card)] == max(row.values()) for row in per_layout) / layouts)


def test_a_euchre_lead_sees_the_upcard() -> None:
    sim = hasen.simulate_lead(
        hasen.SeatView("E", deal=hasen.Deal(EUCHRE.deal, variant="euchre", dealer="N")), "S, trump H", layouts=5, seed=1
    )
    assert str(sim.knowledge.extra) == "KS" and len(sim.leads) == 5
    for i in range(5):
        assert str(sim.knowledge.layout(1, i).upcard) == "KS"


@pytest.mark.parametrize(
    "options, message",
    [
        ({"seat": "E"}, "seat: E does not lead this contract; N does"),
        ({"declarer": "N"}, "seat: N leads this contract after taking the widow, so no seat's lead of it"),
        ({"declarer": "N", "seat": "E"}, "seat: N leads this contract after taking the widow"),
        ({"extra": "KS", "deal": None, "hand": "A.K..AQJ*", "dealer": "W"}, "the widow is not seen from this seat"),
        ({"dealer": "W"}, "give a deal, or the seat's hand and extra card with the dealer and variant, not both"),
    ],
)
def test_bad_requests_are_refused_by_name(options, message) -> None:
    ask = {"deal": DEAL, "seat": "N", **options}
    declarer = ask.pop("declarer", "E")
    view, _ = view_and_options(ask)
    with pytest.raises(hasen.HasenError, match=message):
        hasen.simulate_lead(view, f"{declarer}, trump D", layouts=3)


def test_the_cli_prints_the_leads_and_their_json(capsys) -> None:
    argv = ("lead", "--example", "--seat", "N", "--declarer", "E", "--trump", "D", "--layouts", "10", "--seed", "1")
    answer = run_json(capsys, *argv)
    assert answer == hasen.simulate_lead(hasen.SeatView("N", deal=DEAL), "E, trump D", layouts=10, seed=1).to_json()
    assert answer["side"] == "defenders" and [lead["card"] for lead in answer["leads"]] == [
        "AS",
        "KH",
        "AC",
        "QC",
        "JC",
        "JK",
    ]
    code, out, err = run(capsys, *argv)
    assert code == 0 and err == ""
    assert out.startswith("N leads against E's diamonds, knowing AS KH AC QC JC JK; W deals")


def test_a_three_handed_lead_with_every_other_hand_known_is_solved_exactly() -> None:
    """E leads against N's diamonds (N deals and takes the AD, putting away its double-dummy
    best); each lead is worth E's own points less the mean of the other two's (docs/rules.md:
    the maker 1 for 3 or 4 tricks, 3 for a march; euchred, each defender 2)."""
    deal = hasen.Deal(EUCHRE3.deal, dealer=EUCHRE3.dealer, variant=EUCHRE3.variant)
    known = {s: format_hand(deal.hands["NESW".index(s)]) for s in "NS"}
    sim = hasen.simulate_lead(hasen.SeatView("E", known=known, deal=deal), "N, trump D", layouts=2)
    own = deal.hands[0] | 1 << int(deal.extra)
    tricks_after = {str(hasen.Card(c)): hasen.solve(deal, "N", "D", str(hasen.Card(c))).total for c in cards_of(own)}
    discard = max(tricks_after, key=lambda c: (tricks_after[c], -int(hasen.Card(c))))  # the first best, by card
    for lead in sim.leads:
        makers = hasen.solve(deal, "N", "D", discard, played=str(lead.card)).total
        assert lead.mean == 5 - makers
        maker_points, each_other = (3, 0) if makers == 5 else (1, 0) if makers >= 3 else (0, 2)
        assert lead.points == each_other - (maker_points + each_other) / 2
    assert not sim.leader_declares


def test_a_railroad_lead_against_a_lone_maker_is_solved_with_the_models_call_for_best() -> None:
    """W leads against S's clubs alone; N, who sits out, passes its best card by the model's
    rule (tests/calling_rule.py) and S puts one away by it: with every other hand known each
    lead is the double-dummy play of the contract with those calls. A lone maker's euchre
    scores the defenders 2 (they defend together), a make costs them 1, a march 4."""
    deal = hasen.Deal("N:QT.Q.A.* A.J.QJ9. .K.K.QJ9 K9.A..KT TD", dealer="N", variant="railroad")
    known = {s: format_hand(deal.hands["NESW".index(s)]) for s in "NES"}
    sim = hasen.simulate_lead(hasen.SeatView("W", known=known, deal=deal), "S, trump C, alone", layouts=2)
    given = passed([str(c) for c in deal.hand("N")], "C")
    best = f"{given} for {put_away([str(c) for c in deal.hand('S')] + [given], 'C')}"
    assert best == "JK for KH"  # N's Joker; S's lone heart goes
    for lead in sim.leads:
        makers = hasen.solve(deal, f"S, trump C, alone, best {best}", played=str(lead.card)).total
        assert lead.mean == 5 - makers
        assert lead.points == (-4 if makers == 5 else -1 if makers >= 3 else 2)
