"""Single-dummy simulation (hasen.simulate) against what it must equal:
- with every card known there is one layout, and each choice is its double-dummy table cell;
- on seeded layouts its figures are those of a plain sample-and-solve loop written here,
  which deals each layout as the documented rule says and does its own arithmetic;
- the answer does not depend on how the layouts are mapped to workers.
"""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

import pytest
from cli_run import run, run_json
from examples import EUCHRE, EUCHRE2, HASENPFEFFER
from seat_views import view_and_options

import hasen
from hasen.core.cards import cards_of
from hasen.core.deal import format_hand

SEATS = "NESW"


def all_known(deal: hasen.Deal, seat: int) -> dict[str, str]:
    return {SEATS[s]: format_hand(deal.hands[s]) for s in deal.variant.seats if s != seat}


def choices(sim: hasen.Simulation, form: str = "with_partner") -> dict[tuple[str, str | None], float]:
    return {(str(c.trump), None if c.discard is None else str(c.discard)): c.mean for c in sim.forms[form].choices}


@pytest.mark.parametrize("seat", "NESW")
def test_with_every_card_known_a_hasenpfeffer_simulation_is_the_table(seat: str) -> None:
    deal = hasen.Deal(HASENPFEFFER.deal, dealer=HASENPFEFFER.dealer)
    for alone in (False, True):
        sim = hasen.simulate(
            hasen.SeatView(seat, known=all_known(deal, SEATS.index(seat)), deal=deal), layouts=3, alone=alone
        )
        table = hasen.analyze(deal, declarer=seat, alone=alone).tables[seat]
        form = "alone" if alone else "with_partner"
        expected = {(str(t), str(d)): table.tricks[t][d] for t in "SHDC" for d in table.discards}
        assert choices(sim, form) == expected
        assert all(c.stderr == 0 for c in sim.forms[form].choices)
        best = {(str(t), str(d)) for t, d in table.ties}
        assert {k for k, c in zip(expected, sim.forms[form].choices) if c.dd_best == 1} == best


@pytest.mark.parametrize("example", [EUCHRE2, EUCHRE], ids=lambda e: e.variant)
def test_with_every_card_known_a_euchre_simulation_is_the_makers_table(example) -> None:
    deal = hasen.Deal(example.deal, dealer=example.dealer, variant=example.variant)
    for seat in (SEATS[s] for s in deal.variant.seats):
        sim = hasen.simulate(
            hasen.SeatView(seat, known=all_known(deal, SEATS.index(seat)), deal=deal), layouts=2, alone=False
        )
        entries = hasen.analyze(deal, declarer=seat).tables[seat].entries
        expected: dict[tuple[str, str | None], int] = {}
        for trump in "SHDC":
            entry = entries[trump]
            if entry.discards and seat == str(deal.dealer):  # the seat's own discard is a choice
                expected |= {(trump, str(d)): n for d, n in entry.discards.items()}
            else:  # nobody exchanges, or the dealer does, by the dealer's own rule
                expected[(trump, None)] = entry.value
        assert choices(sim) == expected, seat


# --- the plain loop ---------------------------------------------------------------------------


def plain_layout(deal: hasen.Deal, seat: int, seed: int, index: int) -> hasen.Deal:
    """The documented rule: the cards the seat cannot see, in canonical order, shuffled by
    random.Random(f"{seed}/{index}"), fill the other hands in seat order."""
    unseen = cards_of(deal.variant.deck & ~deal.hands[seat] & ~(1 << deal.extra))
    random.Random(f"{seed}/{index}").shuffle(unseen)
    hands = ["" for _ in range(4)]
    hands[seat] = format_hand(deal.hands[seat])
    for other in deal.variant.seats:
        if other != seat:
            size = deal.variant.hand_size
            hands[other] = format_hand(sum(1 << c for c in unseen[:size]))
            unseen = unseen[size:]
    text = "N:" + " ".join(hands[s] for s in deal.variant.seats) + " " + str(deal.extra)
    return hasen.Deal(text, dealer=deal.dealer, variant=deal.variant)


def plain_points(bid: int, tricks: int, alone: bool) -> int:
    """Hasenpfeffer's default scoring: the tricks taken when made, minus the bid when not;
    doubled alone; the defenders score nothing."""
    points = tricks if tricks >= bid else -bid
    return points * (2 if alone else 1)


@pytest.mark.parametrize("alone", [False, True])
def test_the_figures_are_those_of_a_plain_sample_and_solve_loop(alone: bool) -> None:
    deal = hasen.Deal(HASENPFEFFER.deal, dealer=HASENPFEFFER.dealer)
    seat, seed, layouts = 0, 7, 24
    sim = hasen.simulate(hasen.SeatView("N", deal=deal), layouts=layouts, seed=seed, alone=alone)
    form = sim.forms["alone" if alone else "with_partner"]
    grids = [
        hasen.analyze(plain_layout(deal, seat, seed, i), declarer="N", alone=alone).tables["N"] for i in range(layouts)
    ]
    assert len(form.choices) == 28
    for choice in form.choices:
        values = [grid.tricks[choice.trump][choice.discard] for grid in grids]
        assert choice.counts == [values.count(t) for t in range(7)]  # layouts per number of tricks
        mean = sum(values) / layouts
        assert choice.mean == pytest.approx(mean)
        spread = (sum((v - mean) ** 2 for v in values) / (layouts - 1) / layouts) ** 0.5
        assert choice.stderr == pytest.approx(spread)
        for k in range(1, 7):
            assert choice.at_least(k) == pytest.approx(sum(v >= k for v in values) / layouts)
            assert choice.scores[str(k)] == pytest.approx(sum(plain_points(k, v, alone) for v in values) / layouts)
        best = sum(grid.tricks[choice.trump][choice.discard] == grid.best_tricks for grid in grids)
        assert choice.dd_best == pytest.approx(best / layouts)
    for bid, choice in form.best().items():
        assert choice.scores[bid] == max(c.scores[bid] for c in form.choices)


def test_the_same_seed_gives_the_same_answer_however_the_layouts_are_mapped() -> None:
    deal = hasen.Deal(EUCHRE.deal, dealer=EUCHRE.dealer, variant=EUCHRE.variant)
    one = hasen.simulate(hasen.SeatView("E", deal=deal), layouts=30, seed=3)
    with ThreadPoolExecutor(2) as pool:
        two = hasen.simulate(hasen.SeatView("E", deal=deal), layouts=30, seed=3, run=hasen.Run(mapper=pool.map))
    assert one.to_json() == two.to_json()
    assert hasen.simulate(hasen.SeatView("E", deal=deal), layouts=30, seed=4).to_json() != one.to_json()


def test_known_cards_stay_where_they_are_known() -> None:
    deal = hasen.Deal(HASENPFEFFER.deal, dealer=HASENPFEFFER.dealer)
    known = {"E": "AH KD", "W": "QS"}
    sim = hasen.simulate(hasen.SeatView("N", known=known, deal=deal), layouts=5, seed=1)
    for i in range(5):
        layout = sim.knowledge.layout(1, i)
        assert "AH" in layout.hand("E") and "KD" in layout.hand("E") and "QS" in layout.hand("W")
        assert layout.hand("N") == deal.hand("N") and layout.widow == deal.widow


@pytest.mark.parametrize(
    "options, message",
    [
        ({"known": {"E": "KS"}}, "known: KS cannot be in E's hand"),
        ({"known": {"N": "AH"}}, "known: N is not another seat"),
        ({"hand": "A.K..AQJ*"}, "simulate: give a deal, or the seat's hand and extra card with the dealer and"),
        ({"settings": {"first_lead": "declarer"}}, "simulate: the deal carries its settings"),
        ({"seat": "X"}, "seat: not a seat: 'X'"),
    ],
)
def test_bad_requests_are_refused_by_name(options, message) -> None:
    with pytest.raises(hasen.HasenError, match=message):
        view, rest = view_and_options({"deal": HASENPFEFFER.deal, "seat": "N", "layouts": 5, **options})
        hasen.simulate(view, **rest)


def test_layouts_are_a_whole_number_of_at_least_one() -> None:
    with pytest.raises(ValueError, match="layouts: expected a whole number of at least 1"):
        hasen.simulate(hasen.SeatView("N", deal=HASENPFEFFER.deal), layouts=0)
    with pytest.raises(TypeError, match="layouts: expected a whole number of at least 1"):
        hasen.simulate(hasen.SeatView("N", deal=HASENPFEFFER.deal), layouts=2.5)  # type: ignore[arg-type]


def test_the_cli_prints_the_simulation_and_its_json(capsys) -> None:
    argv = (
        "simulate",
        "--hand",
        "A.K..AQJ*",
        "--widow",
        "KS",
        "--dealer",
        "W",
        "--seat",
        "N",
        "--layouts",
        "20",
        "--seed",
        "2",
        "--form",
        "partner",
    )
    answer = run_json(capsys, *argv)
    assert (
        answer
        == hasen.simulate(
            hasen.SeatView("N", hand="A.K..AQJ*", extra="KS", dealer="W"), layouts=20, seed=2, alone=False
        ).to_json()
    )
    assert answer["best"]["6"] == {"alone": False, "trump": "C", "discard": "KH", "score": answer["best"]["6"]["score"]}
    code, out, err = run(capsys, *argv)
    assert code == 0 and err == ""
    # the recommendation first, in words; then what the seat knows
    assert out.startswith("With the partner: clubs, discard KH, ")
    assert "\nN declares knowing AS KH AC QC JC JK and the widow KS; W deals\n" in out
    assert "clubs, discard KH" in out and "best choice per bid" in out


@pytest.mark.slow  # processes, Dask or interrupts: in the full run
@pytest.mark.parametrize("command", [["simulate", "--form", "both"], ["lead", "--declarer", "E", "--trump", "D"]])
def test_local_processes_give_the_same_answer(capsys, command) -> None:
    argv = (*command, "--example", "--seat", "N", "--layouts", "24", "--seed", "9")
    assert run_json(capsys, *argv, "--jobs", "2") == run_json(capsys, *argv)
