"""Answers as tidy rows and DataFrames, and ``analyze_each``, the lazy batch: every row's
values are plain names and numbers, each row agrees with the answer's own fields, and the
deals are read only as the work needs them."""

from __future__ import annotations

import itertools
import json

import pytest
from examples import EUCHRE, HASENPFEFFER

import hasen

PLAIN = (str, int, float, bool, type(None))


def assert_plain(rows: list[dict]) -> None:
    """Every value a plain name or number (a Seat or Card is an int subclass: not plain)."""
    assert rows and all(type(value) in PLAIN for row in rows for value in row.values())
    json.dumps(rows)


def test_a_hasenpfeffer_tables_rows_are_its_cells() -> None:
    analysis = hasen.analyze(hasen.Deal(HASENPFEFFER.deal, dealer=HASENPFEFFER.dealer))
    rows = analysis.rows()
    assert_plain(rows)
    cells = {
        (t.declarer, trump, discard)
        for t in analysis.tables.values()
        for trump in t.tricks
        for discard in t.tricks[trump]
    }
    assert len(rows) == len(cells) == 4 * 4 * 7
    for row in rows:
        table = analysis.tables[row["declarer"]]
        assert row["tricks"] == table.tricks[row["trump"]][row["discard"]]
        assert row["best"] == ((hasen.Suit(row["trump"]), hasen.Card(row["discard"])) in table.ties)
        assert row["dealer"] == "W" and row["dealer_choice"] is None and row["defender"] is None


def test_a_euchre_tables_rows_carry_the_dealers_discard() -> None:
    analysis = hasen.analyze(hasen.Deal(EUCHRE.deal, dealer="E", variant="euchre"))
    rows = analysis.rows()
    assert_plain(rows)
    for row in rows:
        entry = analysis.tables[row["declarer"]].entries[row["trump"]]
        if row["discard"] is None:  # nobody takes the upcard
            assert not entry.discards and row["tricks"] == entry.value and row["dealer_choice"] is None
        else:
            assert row["tricks"] == entry.discards[row["discard"]]
            assert row["dealer_choice"] == (hasen.Card(row["discard"]) == entry.discard)
    expected = sum(len(t.entries[s].discards) or 1 for t in analysis.tables.values() for s in "SHDC")
    assert len(rows) == expected


def test_every_kind_of_answer_gives_rows_of_names() -> None:
    deal = hasen.Deal(HASENPFEFFER.deal, dealer=HASENPFEFFER.dealer)
    sim = hasen.simulate(hasen.SeatView("N", deal=deal), layouts=4, seed=1)
    rows = sim.rows()
    assert_plain(rows)
    assert len(rows) == sum(len(form.choices) for form in sim.forms.values())
    assert {row["form"] for row in rows} == set(sim.forms)

    review = hasen.review(deal, "N", "C", "KH", played="AS KC 9S QS")
    assert [(r["seat"], r["card"], r["cost"]) for r in review.rows()] == [
        (str(c.seat), str(c.card), c.cost) for c in review.cards
    ]

    position = hasen.solve(deal, "N", "C", "KH")
    assert [r["cards"] for r in position.rows()] == [" ".join(map(str, c.cards)) for c in position.choices]

    odds = hasen.odds("8-5", variant="euchre")
    assert sorted(r["dealer"] for r in odds.rows()) == ["E", "N", "S", "W"]
    for kind in (sim, review, position, odds, hasen.bid(deal)):
        assert_plain(kind.rows())


def test_a_part_of_an_answer_points_to_the_whole() -> None:
    analysis = hasen.analyze(hasen.Deal(HASENPFEFFER.deal, dealer=HASENPFEFFER.dealer))
    with pytest.raises(TypeError, match="DeclarerTable is part of an answer"):
        analysis.tables["N"].rows()


def test_many_deals_go_into_one_frame() -> None:
    pandas = pytest.importorskip("pandas")
    deals = [hasen.random_deal(seed=seed) for seed in range(12)] + [
        hasen.random_deal(variant="euchre", seed=seed) for seed in range(4)
    ]
    frame = hasen.to_frame(hasen.analyze_each(deals, run=hasen.Run(threads=2)))
    assert isinstance(frame, pandas.DataFrame)
    assert frame["answer"].nunique() == 16 and set(frame["declarer"]) == set("NESW")
    assert not pandas.api.types.is_integer_dtype(frame["declarer"])  # names, not seat numbers
    # typed as one table's to_frame(), the two games' tables alike: seats in the table's order
    assert list(frame["declarer"].cat.categories) == list("NESW") and str(frame["tricks"].dtype) == "Int8"
    assert frame.drop(columns="answer").dtypes.to_dict() == hasen.analyze(deals[0]).to_frame().dtypes.to_dict()
    by_hand = {(i, s): t.best_tricks for i, a in enumerate(hasen.analyze_many(deals)) for s, t in a.tables.items()}
    best = frame.groupby(["answer", "declarer"], observed=True).tricks.max()
    assert {(i, hasen.Seat(s)): n for (i, s), n in best.items()} == by_hand


def test_analyze_each_reads_the_deals_as_it_needs_them() -> None:
    read = []

    def deals():
        for seed in itertools.count():
            read.append(seed)
            yield hasen.random_deal(seed=seed)

    answers = hasen.analyze_each(deals(), declarer="N", run=hasen.Run(chunk=4))
    first = [next(answers) for _ in range(5)]
    assert len(read) == 8  # two chunks of four, not the endless rest
    assert first == [hasen.analyze(hasen.random_deal(seed=seed), declarer="N") for seed in range(5)]


@pytest.mark.parametrize("backend", [{"threads": 2}, {"jobs": 2}])
def test_analyze_each_answers_in_order_with_progress_on_every_backend(backend: dict) -> None:
    deals = [hasen.random_deal(seed=seed) for seed in range(10)]
    seen: list[tuple[int, int]] = []
    answers = list(
        hasen.analyze_each(
            deals, run=hasen.Run(chunk=4, progress=lambda done, total: seen.append((done, total)), **backend)
        )
    )
    assert answers == hasen.analyze_many(deals)
    assert seen == [(4, 10), (8, 10), (10, 10)]


@pytest.mark.parametrize("backend", [{}, {"threads": 2}, {"jobs": 2}])
def test_analyze_each_names_the_bad_deal(backend: dict) -> None:
    deals = [hasen.random_deal(seed=seed).notation() for seed in range(5)]
    deals[3] = "N:A.K..AQJ*"
    with pytest.raises(hasen.NotationError, match=r"^deals\[3\]: "):
        list(hasen.analyze_each(deals, run=hasen.Run(chunk=2, **backend)))


def test_no_answer_can_be_changed() -> None:
    """Every kind of answer refuses a field set or deleted, with an AttributeError (a frozen
    dataclass's FrozenInstanceError is one), and its fields keep their values."""
    import inspect

    from hasen.analysis.answer import Answer

    deal = hasen.Deal(HASENPFEFFER.deal, dealer=HASENPFEFFER.dealer)
    euchre = hasen.random_deal(variant="euchre", seed=4)
    railroad = hasen.Deal("N:QT.Q.A.* A.J.QJ9. .K.K.QJ9 K9.A..KT TD", dealer="N", variant="railroad")
    answers = [
        hasen.analyze(deal),
        hasen.analyze(euchre),
        hasen.analyze(railroad, declarer="S", alone=True),
        hasen.simulate(hasen.SeatView("N", deal=deal), layouts=4),
        hasen.review(deal, "N", "C", "KH", played="AS KC"),
        hasen.solve(deal, "N", "C", "KH"),
        hasen.odds("8-5"),
        hasen.odds("3-4-5", variant="euchre3"),
        hasen.bid(deal),
        hasen.advise(hasen.SeatView("E", deal=deal), layouts=4, choice_layouts=2),
        hasen.advise(hasen.SeatView(euchre.dealer.left, deal=euchre), layouts=4, choice_layouts=2),
        hasen.simulate_lead(hasen.SeatView("N", deal=deal), "E, trump D", layouts=4),
        hasen.review_hand(
            "variant: euchre2; dealer: N; deal: N:..KQT9.9 T9.AKQ.. AS; auction: S pass, N pass, "
            "S name H; contract: S, trump H; play: AH KD KH QD QH TD TS 9D 9S 9C",
            layouts=4,
        ),
    ]
    parts = [table for answer in answers[:3] for table in answer.tables.values()]
    seen = set()
    for answer in answers + parts:
        seen.add(type(answer))
        name, value = next(iter(vars(answer).items()))
        with pytest.raises(AttributeError):
            setattr(answer, name, None)
        with pytest.raises(AttributeError):
            delattr(answer, name)
        with pytest.raises(AttributeError):
            answer.something_new = 1  # type: ignore[attr-defined]
        assert getattr(answer, name) is value
    kinds = set()
    todo = [Answer]
    while todo:
        kind = todo.pop()
        kinds.add(kind)
        todo += kind.__subclasses__()
    assert {k for k in kinds if not inspect.isabstract(k) and k is not Answer} <= seen, "every kind of answer tried"


def test_a_review_row_read_by_an_earlier_name_warns_and_gives_the_earlier_value() -> None:
    """The names a review's rows had before they took the files' columns still answer, for
    one minor version, with a DeprecationWarning, however the row is read."""
    review = hasen.review_hand(
        "variant: euchre2; dealer: N; deal: N:..KQT9.9 T9.AKQ.. AS; auction: S pass, "
        "N pass, S name H; contract: S, trump H; play: AH KD KH QD QH TD TS 9D 9S 9C",
        layouts=8,
    )
    call = review.to_json()["calls"][0]
    for row in (review.rows()[0], next(hasen.rows_of([review, review]))):
        with pytest.warns(DeprecationWarning, match="expected"):
            assert row["expected"] == call["expected"]
        with pytest.warns(DeprecationWarning, match="cost"):
            assert row.get("cost") == call["cost"]
        assert row["points_cost"] == call["cost"] and row.get("no such name", 7) == 7
