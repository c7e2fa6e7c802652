"""The calls' older keyword forms still answer, for one minor release, each with a
DeprecationWarning that points at the caller's line, and each answer equals the new form's;
the new values (``SeatView``, ``Run``, a contract's text) refuse what they cannot use."""

from __future__ import annotations

import inspect
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest
from examples import HASENPFEFFER_DEAL

import hasen

DEAL = hasen.Deal(HASENPFEFFER_DEAL, dealer="W")
RAILROAD = hasen.Deal("N:QT.Q.A.* A.J.QJ9. .K.K.QJ9 K9.A..KT TD", dealer="N", variant="railroad")
RECORD = (
    "dealer: W; deal: N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS; auction: N 6, E pass, S pass, W pass; "
    "contract: N 6, trump C, discard KH; play: JC KC TC 9C"
)


def older(call: Callable[[], Any], *keywords: str) -> Any:
    """The answer of an older form, checked to warn once, naming its keywords, at this file."""
    with pytest.warns(DeprecationWarning, match="is the older form") as caught:
        answer = call()
    assert len(caught) == 1 and all(f"{name}=" in str(caught[0].message) for name in keywords)
    assert caught[0].filename == __file__, "the warning points at the caller's line"
    return answer


def json_of(answer: Any) -> Any:
    return answer.to_json()


@pytest.mark.parametrize(
    ("old", "new", "keywords"),
    [
        (
            lambda: hasen.bid(hand="A.K..AQJ*", seat="N", dealer="W", layouts=12, choice_layouts=3, threads=2),
            lambda: hasen.advise(
                hasen.SeatView("N", hand="A.K..AQJ*", dealer="W"),
                layouts=12,
                choice_layouts=3,
                run=hasen.Run(threads=2),
            ),
            ("hand", "seat", "dealer", "threads"),
        ),
        (
            lambda: hasen.simulate(DEAL, seat="N", layouts=6, seed=2, alone=False),
            lambda: hasen.simulate(hasen.SeatView.in_deal(DEAL, "N"), layouts=6, seed=2, alone=False),
            ("seat",),
        ),
        (
            lambda: hasen.simulate_lead(DEAL, seat="S", declarer="E", trump="D", alone=True, layouts=6),
            lambda: hasen.simulate_lead(hasen.SeatView.in_deal(DEAL, "S"), "E, trump D, alone", layouts=6),
            ("seat", "declarer", "trump", "alone"),
        ),
        (
            lambda: hasen.solve(RAILROAD, "S", "C", alone=True, best="JK for KH", timeout=60),
            lambda: hasen.solve(RAILROAD, "S, trump C, alone, best JK for KH", run=hasen.Run(timeout=60)),
            ("best", "timeout"),
        ),
        (
            lambda: hasen.review(DEAL, "N", "C", "KH", played="JC KC TC 9C", timeout=60),
            lambda: hasen.review(DEAL, "N 6, trump C, discard KH", played="JC KC TC 9C"),
            ("timeout",),
        ),
        (
            lambda: hasen.review_hand(RECORD, layouts=8, threads=2),
            lambda: hasen.review_hand(RECORD, layouts=8, run=hasen.Run(threads=2)),
            ("threads",),
        ),
        (
            lambda: hasen.analyze_many([DEAL, DEAL], declarer="N", threads=2, chunk=1),
            lambda: hasen.analyze_many([DEAL, DEAL], declarer="N"),
            ("threads", "chunk"),
        ),
    ],
    ids=["bid", "simulate", "simulate_lead", "solve", "review", "review_hand", "analyze_many"],
)
def test_an_older_form_warns_and_answers_as_the_new(old: Callable[[], Any], new: Callable[[], Any], keywords) -> None:
    answer = older(old, *keywords)
    assert json_of(answer) == json_of(new()) if not isinstance(answer, list) else answer == new()


def test_the_older_run_keywords_of_a_lazy_iterator_and_a_record() -> None:
    steps: list[tuple[int, int]] = []
    answers = older(lambda: list(hasen.analyze_each([DEAL] * 3, progress=lambda *s: steps.append(s))), "progress")
    assert answers == hasen.analyze_many([DEAL] * 3) and steps[-1] == (3, 3)
    joker = {"joker_upcard": "hearts"}
    euchre = hasen.Deal("N:A.K..AQJ .AQ.AT.K T9.T9.9. QJ.J.Q.9 JK", dealer="N", variant=hasen.variant_for("euchre", 25))
    record = older(lambda: hasen.Record(euchre, settings=joker), "settings")
    assert str(record) == str(hasen.Record(euchre.replace(settings=joker)))


def test_the_warning_names_the_line_that_calls() -> None:
    with pytest.warns(DeprecationWarning) as caught:
        line = inspect.currentframe().f_lineno + 1  # type: ignore[union-attr]
        hasen.analyze(DEAL, declarer="N", timeout=60)
    assert (caught[0].filename, caught[0].lineno) == (__file__, line)
    with pytest.warns(DeprecationWarning) as caught:
        line = inspect.currentframe().f_lineno + 1  # type: ignore[union-attr]
        hasen.Record(DEAL, settings={"first_lead": "declarer"})
    assert (caught[0].filename, caught[0].lineno) == (__file__, line)


def test_a_seat_view_beside_an_older_run_keyword_is_kept() -> None:
    north = hasen.SeatView.in_deal(DEAL, "N")
    answer = older(lambda: hasen.simulate(north, layouts=6, threads=2), "threads")
    assert answer.to_json() == hasen.simulate(north, layouts=6, run=hasen.Run(threads=2)).to_json()


def test_an_older_bid_with_every_seat_keyword_at_its_default_is_the_par() -> None:
    par = hasen.bid(DEAL).to_json()
    assert older(lambda: hasen.bid(DEAL, seat=None), "seat").to_json() == par
    assert older(lambda: hasen.bid(DEAL, seed=None, model=True, uniform=False), "seed").to_json() == par


EUCHRE_DEAL = hasen.random_deal("euchre", seed=3)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: hasen.simulate_lead(EUCHRE_DEAL, seat="S", declarer="E", trump="D", alone="false", layouts=5),
            "alone: expected true or false, got 'false'",
        ),
        (lambda: hasen.position(RAILROAD, "S", "C", alone="no", best="JK for KH"), "alone: expected true or false"),
        (
            lambda: hasen.simulate_lead(DEAL, seat="S", declarer="E", trump="D", bid="4, alone", layouts=4),
            "bid: not a bid: '4, alone'",
        ),
        (lambda: hasen.solve(RAILROAD, "S", "C", best="JK for KH, alone"), "best: not a card: 'KH, alone'"),
        (lambda: hasen.solve(RAILROAD, "S", "C", alone=True, best=5), "best: expected the card passed"),
        (lambda: hasen.bid(DEAL, layouts=5), "bid: layouts is for one seat's view"),
        (lambda: hasen.simulate(DEAL, timeout=5), "simulate: timeout is for one seat's view"),
        (lambda: hasen.simulate(hasen.SeatView.in_deal(DEAL, "N"), seat="E"), "give seat in the SeatView, not beside"),
        (
            lambda: hasen.bid(seat="E", hand="AQ.AK.K.T", extra="KS", dealer="W", layouts=4),
            "^bid: the widow is not seen from this seat",
        ),
    ],
)
def test_an_older_form_is_refused_as_it_was(call: Callable[[], Any], message: str) -> None:
    """What the older form refused, it still refuses, by name and naming the call given: its
    values are checked before they are written into the new form."""
    with pytest.warns(DeprecationWarning), pytest.raises(hasen.HasenError, match=message):
        call()


def test_a_run_keyword_a_call_never_took_is_refused_as_python_refuses_one() -> None:
    with pytest.raises(TypeError, match="solve\\(\\) got an unexpected keyword argument 'threads'"):
        hasen.solve(DEAL, "N", "C", "KH", threads=2)  # type: ignore[call-arg]


def test_a_keyword_of_no_form_is_refused_as_python_refuses_one() -> None:
    with pytest.raises(TypeError, match="simulate\\(\\) got an unexpected keyword argument 'sead'"):
        hasen.simulate(hasen.SeatView.in_deal(DEAL, "N"), sead=3)  # type: ignore[call-arg]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: hasen.simulate(hasen.SeatView.in_deal(DEAL, "N"), run=hasen.Run(jobs=2)),
            "simulate: run.jobs is not used here",
        ),
        (lambda: hasen.solve(DEAL, "N", "C", "KH", run=hasen.Run(threads=2)), "solve: run.threads is not used here"),
        (
            lambda: hasen.analyze_many([DEAL], run=hasen.Run(timeout=5)),
            "analyze_many: run.timeout is not used here",
        ),
        (
            lambda: hasen.simulate(hasen.SeatView.in_deal(DEAL, "N", score="8-5")),
            "simulate: the score does not change this answer",
        ),
        (lambda: hasen.simulate(DEAL), "simulate: expected what the seat knows as a hasen.SeatView"),  # type: ignore[arg-type]
        (lambda: hasen.advise(hasen.SeatView("N", hand="A.K..AQJ*")), "advise: without a deal, give the seat's hand"),
        (
            lambda: hasen.simulate_lead(hasen.SeatView.in_deal(DEAL, "N"), "E, trump D, discard KH"),
            "contract: the leader does not know the discard",
        ),
        (lambda: hasen.simulate_lead(hasen.SeatView.in_deal(DEAL, "N")), "simulate_lead: give the contract"),
        (lambda: hasen.solve(DEAL, "N 6, trump C", "C"), "contract: give its text or its fields, not both"),
        (lambda: hasen.analyze(DEAL, run="fast"), "run: expected a hasen.Run"),  # type: ignore[arg-type]
        (
            lambda: hasen.simulate(hasen.SeatView("N", deal=DEAL, known="E AH")),  # type: ignore[arg-type]
            "known: expected cards by seat",
        ),
        (
            lambda: hasen.simulate_lead(
                hasen.SeatView.in_deal(hasen.random_deal("railroad", seed=3), "E"), "N, trump D, alone, defender E"
            ),
            "a lead is simulated for the declarer, the bid, the trump and alone; leave out the defender",
        ),
        (lambda: hasen.bid(hasen.SeatView.in_deal(DEAL, "N")), "bid: a seat's view is advise's"),  # type: ignore[arg-type]
    ],
)
def test_the_new_values_refuse_what_they_cannot_use(call: Callable[[], Any], message: str) -> None:
    with pytest.raises(hasen.HasenError, match=message):
        call()


@pytest.mark.parametrize(
    ("run", "error", "message"),
    [
        (hasen.Run(threads=0), ValueError, "threads: expected a whole number of at least 1, got 0"),
        (hasen.Run(threads="2"), TypeError, "threads: expected a whole number of at least 1, got '2'"),  # type: ignore[arg-type]
        (hasen.Run(chunk=1.5), TypeError, "chunk: expected a whole number"),  # type: ignore[arg-type]
        (hasen.Run(progress=5), TypeError, "progress: expected a function, got 5"),  # type: ignore[arg-type]
    ],
)
def test_a_runs_counts_and_functions_are_checked_by_name(run: hasen.Run, error: type, message: str) -> None:
    """A Run is code, not notation: a bad count or function is a TypeError or ValueError that
    names the field, before any work (not an error from deep inside it)."""
    with pytest.raises(error, match=message) as raised:
        hasen.advise(hasen.SeatView.in_deal(DEAL, "N"), layouts=5, run=run)
    assert not isinstance(raised.value, hasen.HasenError)


def test_an_older_keyword_beside_run_is_refused() -> None:
    with pytest.warns(DeprecationWarning), pytest.raises(hasen.NotationError, match="run: give threads in run="):
        hasen.analyze_many([DEAL], threads=2, run=hasen.Run(chunk=1))  # type: ignore[call-arg]


@pytest.mark.parametrize(
    "family, module, name",
    [
        ("hasenpfeffer", "game", "Hasenpfeffer"),
        ("euchre", "game", "Euchre"),
        ("euchre", "family", "euchre_par"),
        ("hasenpfeffer", "family", "hasenpfeffer_advice"),
    ],
)
def test_a_games_names_in_its_folder_are_its_modules_with_a_warning(family: str, module: str, name: str) -> None:
    """A family's folder held its Game and its helpers; its modules ``game`` and ``family``
    do now, and the folder keeps the names for one minor release, each with a warning at the
    caller's line that names the new place."""
    import importlib

    folder = importlib.import_module(f"hasen.games.{family}")
    home = importlib.import_module(f"hasen.games.{family}.{module}")
    with pytest.warns(DeprecationWarning, match=rf"hasen.games.{family}.{module}.{name}") as caught:
        assert getattr(folder, name) is getattr(home, name)
    assert caught[0].filename == __file__
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        folder.nothing  # noqa: B018 (the attribute's lookup is the check)
    # a name the game's module only imports, or no name at all, is no name that moved
    assert not hasattr(folder, "Settings") and not hasattr(folder, "a.b")


def test_a_games_folder_loads_its_game_only_for_a_name_of_it() -> None:
    """Importing a family's rules or settings through its folder, or a question the import
    machinery asks of the folder, does not load the family's Game and the analyses behind it."""
    script = (
        "import sys; from hasen.games.euchre import rules, settings; import hasen.games.euchre as folder; "
        "hasattr(folder, '__all__'); print('hasen.games.euchre.game' in sys.modules)"
    )
    shown = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert shown.stdout.strip() == "False"


def test_the_settings_older_module_gives_each_name_with_a_warning() -> None:
    """The table settings moved from hasen.rules.settings to hasen.core.settings; the older
    module still gives each name (a pickle made before names it so)."""
    import pickle

    import hasen.rules.settings as older

    with pytest.warns(DeprecationWarning, match=r"hasen.core.settings.Settings") as caught:
        assert older.Settings is hasen.Settings
    assert caught[0].filename == __file__
    made = pickle.dumps(hasen.Settings(first_lead="declarer"), protocol=0)  # the module's name as text
    made_before = made.replace(b"hasen.core.settings", b"hasen.rules.settings")
    with pytest.warns(DeprecationWarning):
        assert pickle.loads(made_before) == hasen.Settings(first_lead="declarer")
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        older.nothing  # noqa: B018 (the attribute's lookup is the check)
