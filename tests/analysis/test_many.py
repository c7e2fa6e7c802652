"""``hasen.analyze_many``: the answers of ``hasen.analyze`` for each deal, in order, on any
number of threads and chunks; a bad deal named by its place."""

from __future__ import annotations

import pytest

import hasen
from hasen.cli.bench import seeded_deals
from hasen.core.variants import variant_for

VARIANTS = [("hasenpfeffer", 25), ("euchre", 24), ("euchre", 25), ("euchre2", 24), ("euchre2", 32)]


@pytest.mark.parametrize("name, deck", VARIANTS)
@pytest.mark.parametrize("threads, chunk", [(1, 32), (2, 1), (2, 3), (3, 32)])
def test_each_answer_is_analyze(name: str, deck: int, threads: int, chunk: int) -> None:
    deals = seeded_deals(variant_for(name, deck), 9, 5)
    texts = [deal.notation() for deal in deals]  # each starts with its dealer
    many = hasen.analyze_many(deals, run=hasen.Run(threads=threads, chunk=chunk))
    one_by_one = [hasen.analyze(hasen.Deal(text, variant=name, deck=deck)) for text in texts]
    assert many == one_by_one
    assert [answer.to_json() for answer in many] == [answer.to_json() for answer in one_by_one]


def test_the_options_apply_to_every_deal() -> None:
    deals = seeded_deals(variant_for("hasenpfeffer"), 5, 8)
    for options in ({"declarer": "E", "alone": True}, {"declarer": "E", "alone": True, "defender": "N"}):
        many = hasen.analyze_many(deals, **options, run=hasen.Run(threads=2, chunk=2))
        assert many == [hasen.analyze(deal, **options) for deal in deals]
        assert all(list(map(str, answer.tables)) == ["E"] and answer.alone for answer in many)
        assert all(str(answer.lone_defender) == str(options.get("defender")) for answer in many)


def test_each_deal_keeps_its_own_settings() -> None:
    lone_lead = {"lone_lead": "dealer_left_skip_idle"}
    deals = [
        deal.replace(settings=lone_lead if i % 2 else None)
        for i, deal in enumerate(seeded_deals(variant_for("hasenpfeffer"), 4, 8))
    ]
    many = hasen.analyze_many(deals, declarer="E", alone=True, run=hasen.Run(threads=2, chunk=1))
    assert [answer.settings.changed() for answer in many] == [{}, lone_lead, {}, lone_lead]
    assert many == [hasen.analyze(deal, declarer="E", alone=True) for deal in deals]


def test_deals_of_several_games_keep_their_own() -> None:
    deals = [*seeded_deals(variant_for("euchre2"), 2, 1), *seeded_deals(variant_for("hasenpfeffer"), 2, 1)]
    many = hasen.analyze_many(deals, run=hasen.Run(threads=2, chunk=1))
    assert [type(answer).__name__ for answer in many] == ["EuchreAnalysis"] * 2 + ["TableAnalysis"] * 2
    assert many == [hasen.analyze(deal) for deal in deals]


@pytest.mark.parametrize("threads", [1, 2])
def test_a_bad_deal_is_named_by_its_place(threads: int) -> None:
    deals = [deal.notation() for deal in seeded_deals(variant_for("hasenpfeffer"), 6, 2)]
    deals[4] = deals[4].replace(":", ";")
    with pytest.raises(hasen.NotationError, match=r"^deals\[4\]: deal: expected '<seat>:<hands>'"):
        hasen.analyze_many(deals, run=hasen.Run(threads=threads, chunk=2))


@pytest.mark.parametrize(
    "option, value, error",
    [("threads", 0, ValueError), ("chunk", 0, ValueError), ("threads", 1.5, TypeError), ("chunk", True, TypeError)],
)
def test_threads_and_chunks_are_whole_numbers(option: str, value: object, error: type[Exception]) -> None:
    """A count given in code is no notation: not a NotationError."""
    with pytest.raises(error, match=f"^{option}: expected a whole number of at least 1") as raised:
        hasen.analyze_many([], run=hasen.Run(**{option: value}))
    assert not isinstance(raised.value, hasen.HasenError)


def test_no_deals_no_answers() -> None:
    assert hasen.analyze_many([]) == [] and hasen.analyze_many(iter([]), run=hasen.Run(threads=2)) == []


@pytest.mark.parametrize("deals", [[], ["N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS"]])
def test_a_bad_seat_among_the_options_is_named_as_itself(deals: list[str]) -> None:
    """A bad declarer is the request's, not the first deal's: refused as ``declarer`` before
    any deal is read, and so when there are no deals (it was ``deals[0]: declarer: ...``)."""
    for call in (hasen.analyze_many, lambda given, **options: list(hasen.analyze_each(given, **options))):
        with pytest.raises(hasen.NotationError, match=r"^declarer: not a seat: 'X'"):
            call(deals, declarer="X")
        with pytest.raises(hasen.NotationError, match=r"^defender: not a seat: 'Q'"):
            call(deals, declarer="N", defender="Q")
