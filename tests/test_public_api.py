"""The Python API (``import hasen``): the names it gives, the types of its answers, and that
it answers as the CLI does for every game."""

from __future__ import annotations

import ast
import concurrent.futures
import copy
import dataclasses
import doctest
import importlib
import inspect
import json
import pickle
import pkgutil
import random
import subprocess
import sys
import time
import typing
from pathlib import Path
from types import SimpleNamespace

import euchre_deals
import pytest
from cli_run import run
from dealgen import random_deal
from examples import EUCHRE, EUCHRE2, HASENPFEFFER, HASENPFEFFER_LINE

import hasen
from hasen.analysis.layouts import LAYOUTS_PER_CHUNK
from hasen.games.euchre.table import analyze_euchre
from hasen.games.hasenpfeffer.table import analyze_table

PUBLIC_FUNCTIONS = [hasen.analyze, hasen.solve, hasen.review, hasen.bid, hasen.position]


def cli_json(capsys, *argv: str) -> dict:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def cli_text(capsys, *argv: str) -> str:
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    return out.rstrip("\n")


# --- the names and their documentation ----------------------------------------------------


def test_the_public_names_are_exported() -> None:
    for name in ("Deal", "analyze", "solve", "review", "bid", "Seat", "Suit", "Card", "Settings", "Variant"):
        assert name in hasen.__all__ and hasattr(hasen, name), name


PUBLIC_OBJECTS = {
    name: getattr(hasen, name)
    for name in hasen.__all__
    if name not in hasen._ANSWER_TYPES
    and (inspect.isclass(getattr(hasen, name)) or inspect.isfunction(getattr(hasen, name)))
}


def type_checkers_names() -> dict[str, str]:
    """Each name the ``if TYPE_CHECKING:`` block of hasen/__init__.py imports, and its module."""
    tree = ast.parse(Path(hasen.__file__).read_text())
    block = next(node for node in tree.body if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING")
    return {
        alias.asname or alias.name: (node.module or "")
        for node in block.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }


def test_the_lazy_names_are_the_type_checkers_names() -> None:
    """Each public name loads at run time from the module the type checker reads it from: a
    name missing from either would be there at run time and ``Any`` to mypy, or the reverse."""
    assert type_checkers_names() == hasen._HOMES


def answer_types(root: object, seen: set[int]) -> set[type]:
    """The project's classes that ``root``'s annotations name, transitively: its fields, its
    properties' and methods' answers."""
    found: set[type] = set()
    members = (
        [root]
        if not inspect.isclass(root)
        else [
            root,
            *(
                getattr(member, "fget", None) or getattr(member, "method", None) or member
                for member_name, member in vars(root).items()
                if not member_name.startswith("_")
            ),
        ]
    )
    for member in members:
        if id(member) in seen or not callable(member) and not inspect.isclass(member):
            continue
        seen.add(id(member))
        try:
            own = vars(sys.modules[member.__module__])  # a name means its own module's first
            hints = typing.get_type_hints(member, globalns={**ANNOTATION_NAMES, **own})
        except TypeError:  # not annotated (a constant, a NamedTuple's field descriptor)
            continue
        for hint in hints.values():
            for cls in classes_named(hint):
                if cls.__module__.startswith("hasen.") and cls not in found:
                    found.add(cls)
                    found |= answer_types(cls, seen)
    return found


def classes_named(hint: object) -> list[type]:
    return ([hint] if inspect.isclass(hint) else []) + [c for arg in typing.get_args(hint) for c in classes_named(arg)]


def every_name_of_the_package() -> dict[str, object]:
    """Every module-level name of every hasen module, for reading annotations written as text."""
    for module in pkgutil.walk_packages(hasen.__path__, "hasen."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)
    names: dict[str, object] = {}
    for name, module in list(sys.modules.items()):
        if name.startswith("hasen"):
            names.update(vars(module))
    # what modules import for the type checker only
    names.update(Future=concurrent.futures.Future, Analysis=hasen.TableAnalysis | hasen.EuchreAnalysis)
    return names


ANNOTATION_NAMES: dict[str, object] = {}


def test_every_type_an_answer_holds_is_exported() -> None:
    """A user can name (annotate, ``isinstance``) whatever an answer holds."""
    ANNOTATION_NAMES.update(every_name_of_the_package())
    exported = {id(getattr(hasen, name)) for name in hasen.__all__}
    seen: set[int] = set()
    reached = {cls for name in sorted(PUBLIC_OBJECTS) for cls in answer_types(PUBLIC_OBJECTS[name], seen)}
    missing = sorted(f"{cls.__module__}.{cls.__qualname__}" for cls in reached if id(cls) not in exported)
    assert len(reached) > 40 and not missing


@pytest.mark.parametrize("function", PUBLIC_FUNCTIONS, ids=lambda f: f.__name__)
def test_every_public_function_is_typed(function) -> None:
    signature = inspect.signature(function)
    assert signature.return_annotation is not inspect.Signature.empty
    assert all(p.annotation is not inspect.Parameter.empty for p in signature.parameters.values())


# a call of more would be hard to read at its call sites: what a seat knows is one value
# (SeatView), how to run is another (Run); an older keyword form goes through **older
MOST_PARAMETERS = 8


def public_calls() -> dict[str, typing.Callable[..., object]]:
    """Every public function, and every public method of a public class, by name; a class made
    of its fields (a dataclass, a named tuple) is built from them, so its constructor is not a
    call here."""
    found: dict[str, typing.Callable[..., object]] = {}
    for name, obj in sorted(PUBLIC_OBJECTS.items()):
        if inspect.isfunction(obj):
            found[name] = obj
            continue
        of_fields = dataclasses.is_dataclass(obj) or hasattr(obj, "_fields")
        for attr, member in vars(obj).items():
            function = member.__func__ if isinstance(member, (classmethod, staticmethod)) else member
            public = not attr.startswith("_") or (attr == "__init__" and not of_fields)
            if inspect.isfunction(function) and public:
                found[f"{name}.{attr}"] = function
    return found


def test_no_public_call_takes_more_than_eight_parameters() -> None:
    counts = {
        name: sum(
            p.name not in ("self", "cls") and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
            for p in inspect.signature(call).parameters.values()
        )
        for name, call in public_calls().items()
    }
    assert len(counts) > 100
    wide = {name: count for name, count in counts.items() if count > MOST_PARAMETERS}
    assert wide == {}


@pytest.mark.parametrize("name", sorted(PUBLIC_OBJECTS))
def test_every_public_name_has_an_example(name: str) -> None:
    assert ">>> " in (PUBLIC_OBJECTS[name].__doc__ or ""), f"hasen.{name} has no example in its docstring"


DOCUMENTED_MODULES = sorted({"hasen"} | {inspect.getmodule(o).__name__ for o in PUBLIC_OBJECTS.values()})
# the examples of single-dummy advice and the fair review solve thousands of layouts
COSTLY_EXAMPLES = {"hasen.analysis.advice", "hasen.public"}


@pytest.mark.parametrize(
    "module",
    [pytest.param(m, marks=[pytest.mark.compiled] if m in COSTLY_EXAMPLES else []) for m in DOCUMENTED_MODULES],
)
def test_the_docstring_examples_hold(module: str) -> None:
    failures, tried = doctest.testmod(__import__(module, fromlist=["_"]), optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0


# --- seats, suits and cards -----------------------------------------------------------------


def test_seats_suits_and_cards_print_as_their_names_and_compare_as_their_kind() -> None:
    assert (str(hasen.Seat("n")), str(hasen.Suit("♣")), str(hasen.Card("10h")), str(hasen.Card("*"))) == (
        "N",
        "C",
        "TH",
        "JK",
    )
    assert hasen.Seat(1) == hasen.Seat("E") and hasen.Seat(1) == 1 and hasen.Seat(1).name == "E"
    assert hasen.Card("KH") == hasen.Card("kh") and hasen.Card("KH") != hasen.Card("KS")
    assert repr(hasen.Card("KH")) == "Card('KH')" and eval(repr(hasen.Seat("S")), vars(hasen)) == hasen.Seat("S")
    with pytest.raises(hasen.NotationError, match="seat"):
        hasen.Seat("X")


# --- Deal -----------------------------------------------------------------------------------


def test_a_deal_takes_its_variant_by_name() -> None:
    deal = hasen.Deal(EUCHRE2.deal, variant="euchre2")
    assert deal.variant == hasen.variant_for("euchre2")
    assert hasen.Deal(EUCHRE2.deal, variant="euchre2", deck=32).variant.deck_size == 32


@pytest.mark.parametrize(
    "deal",
    [
        hasen.Deal(HASENPFEFFER.deal, dealer="W"),
        hasen.Deal(EUCHRE2.deal, variant="euchre2"),
        hasen.Deal(EUCHRE2.deal, variant="euchre2", deck=32),
        hasen.Deal(EUCHRE.deal, dealer="E", variant="euchre"),
    ],
    ids=repr,
)
def test_a_deals_repr_builds_the_same_deal(deal: hasen.Deal) -> None:
    assert eval(repr(deal), vars(hasen)) == deal


def test_a_hand_is_found_by_seat_name_and_holds_cards_by_name() -> None:
    deal = hasen.Deal(HASENPFEFFER.deal)
    assert deal.hand("N") == deal.hand(0) == deal.hand(hasen.Seat("N"))
    assert "KH" in deal.hand(0) and "KH" not in deal.hand("E") and hasen.Card("JK") in deal.hand("N")
    assert [card.name for card in deal.hand("N")] == ["AS", "KH", "AC", "QC", "JC", "JK"]
    assert deal.widow == hasen.Card("KS") and deal.dealer == hasen.Seat("N")


def test_a_play_takes_a_card_by_name() -> None:
    state = hasen.position(hasen.Deal(HASENPFEFFER.deal, dealer="W"), "N", "C", "KH")
    state.play("JC")
    state.play(hasen.Card("KC"))
    assert state.trick == [hasen.Card("JC"), hasen.Card("KC")] and state.to_move == hasen.Seat("S")


def test_a_deal_carries_its_settings() -> None:
    """The settings are the deal's, in its equality and its repr."""
    plain = hasen.Deal(HASENPFEFFER.deal, dealer="W")
    led = hasen.Deal(HASENPFEFFER.deal, dealer="W", settings={"first_lead": "declarer"})
    assert led != plain and led == plain.replace(settings=hasen.Settings(first_lead="declarer"))
    assert repr(led).endswith(", settings={'first_lead': 'declarer'})") and eval(repr(led), vars(hasen)) == led
    assert hasen.analyze(led, declarer="E").settings.first_lead == "declarer"
    assert hasen.analyze(plain, declarer="E").settings.first_lead == "dealer_left"
    assert plain.replace(dealer="N").dealer == hasen.Seat("N") and plain.replace(dealer="N").hands == plain.hands


def test_hands_and_legal_cards_are_card_sets() -> None:
    """No bare masks in the answers."""
    deal = hasen.Deal(HASENPFEFFER.deal, dealer="W")
    assert all(isinstance(hand, hasen.CardSet) for hand in deal.hands)
    assert repr(deal.hands[0]) == "CardSet('AS KH AC QC JC JK')"
    state = hasen.position(deal, "N", "C", "KH", played="JC")
    assert isinstance(state.legal(), hasen.CardSet) and list(state.legal()) == [hasen.Card("KC")]
    assert state.hand("N") == hasen.CardSet("AS KS AC QC JK")  # KS taken, KH put away, JC played


def test_a_card_set_reads_the_dotted_form() -> None:
    assert hasen.CardSet("AJT.A9..K") == hasen.CardSet("AS JS TS AH 9H KC")
    assert hasen.CardSet(" .A..*") == hasen.CardSet("AH JK")
    with pytest.raises(hasen.NotationError, match="expected 3 dots"):
        hasen.CardSet("AJT.A9.K")


def test_the_typed_names_are_the_notations() -> None:
    """The Literal types of the signatures name exactly the seats, suits, variants, decks and settings."""
    from typing import get_args, get_type_hints

    from hasen.core.names import SeatName, SuitName
    from hasen.core.seats import SEATS
    from hasen.core.settings import GAME_SETTINGS, SettingsDict
    from hasen.core.variants import VARIANTS, DeckSize, VariantName

    assert "".join(get_args(SeatName)) == "".join(SEATS) and "".join(get_args(SuitName)) == "SHDC"
    assert set(get_args(VariantName)) == set(VARIANTS)
    assert set(get_args(DeckSize)) == {size for decks in VARIANTS.values() for size in decks}
    hints = get_type_hints(SettingsDict)
    assert set(hints) == set(hasen.Settings._fields)
    for name, hint in hints.items():
        values = {value for game in GAME_SETTINGS.values() for value in game.get(name, ())}
        assert set(get_args(hint) or (False, True)) == values, name


def test_an_analysis_stops_at_its_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    """The public functions' time limit, which the web API uses."""
    deal = hasen.Deal(HASENPFEFFER.deal, dealer="W")
    for analysis in (
        lambda: hasen.analyze(deal, run=hasen.Run(timeout=0)),
        lambda: hasen.bid(deal, run=hasen.Run(timeout=0)),
        lambda: hasen.solve(deal, "N", "C", "KH", run=hasen.Run(timeout=0)),
        lambda: hasen.review(deal, "N", "C", "KH", played="JC", run=hasen.Run(timeout=0)),
        lambda: hasen.simulate(hasen.SeatView("N", deal=deal), layouts=5, run=hasen.Run(timeout=0)),
        lambda: hasen.simulate_lead(hasen.SeatView("N", deal=deal), "E, trump D", layouts=5, run=hasen.Run(timeout=0)),
    ):
        with pytest.raises(hasen.DeadlineExceeded):
            analysis()
    # a clock of the test's own: the deadline passes after the second chunk of layouts, and
    # the simulation stops at the next step
    clock, steps = [0.0], []
    chunk = LAYOUTS_PER_CHUNK

    def step(done: int, total: int) -> None:
        steps.append(done)
        clock[0] = 10.0 if done == 2 * chunk else clock[0]

    monkeypatch.setattr("hasen.core.run.time", SimpleNamespace(monotonic=lambda: clock[0]))
    with pytest.raises(hasen.DeadlineExceeded):
        hasen.simulate(hasen.SeatView("N", deal=deal), layouts=4 * chunk, run=hasen.Run(progress=step, timeout=5.0))
    assert steps == [chunk, 2 * chunk]
    clock[0] = 0.0
    assert hasen.analyze(deal, run=hasen.Run(timeout=5.0)).tables["N"].best_tricks == 6


def test_the_older_deadline_still_works_with_a_warning() -> None:
    """``deadline=``, a ``time.monotonic()`` instant, was the time limit's first form."""
    deal = hasen.Deal(HASENPFEFFER.deal, dealer="W")
    with pytest.warns(DeprecationWarning, match="deadline= is the older form"):
        with pytest.raises(hasen.DeadlineExceeded):
            hasen.analyze(deal, deadline=time.monotonic())
    with pytest.warns(DeprecationWarning):
        assert hasen.analyze(deal, declarer="N", deadline=time.monotonic() + 60).tables["N"].best_tricks == 6
    for bad in (-1, "5", True, float("nan")):
        with pytest.raises(hasen.NotationError, match="timeout: expected seconds"):
            hasen.analyze(deal, run=hasen.Run(timeout=bad))  # type: ignore[arg-type]


# --- answers ----------------------------------------------------------------------------------


def test_tables_are_keyed_by_names_and_show_them() -> None:
    analysis = hasen.analyze(hasen.Deal(HASENPFEFFER.deal, dealer="W"))
    east = analysis.tables["E"]
    assert east is analysis.tables[1] and east.declarer == hasen.Seat("E")
    assert east.tricks["D"]["KS"] == east.tricks[2][hasen.Card("KS")]
    assert repr(east.discards) == "[Card('KS'), Card('AH'), Card('QH'), Card('AD'), Card('KD'), Card('TD'), Card('KC')]"
    assert "Card(" not in str(analysis) and "discard" in str(analysis)


def test_a_table_has_html_for_notebooks() -> None:
    html = hasen.analyze(hasen.Deal(HASENPFEFFER.deal, dealer="W"), declarer="N")._repr_html_()
    assert html.startswith("<table>") and "<b>6</b>" in html and "KH" in html
    euchre = hasen.analyze(hasen.Deal(EUCHRE2.deal, variant="euchre2"))._repr_html_()
    assert euchre.count("<table>") == 2


@pytest.mark.parametrize("example", [HASENPFEFFER, EUCHRE2, EUCHRE], ids=lambda e: e.variant)
def test_str_and_to_json_are_the_clis_table(capsys, example) -> None:
    analysis = hasen.analyze(hasen.Deal(example.deal, dealer=example.dealer, variant=example.variant))
    argv = ("table", example.deal, "--dealer", example.dealer, "--variant", example.variant)
    assert analysis.to_json() == cli_json(capsys, *argv)
    assert str(analysis) == cli_text(capsys, *argv)


def test_solve_review_and_bid_are_the_clis(capsys) -> None:
    contract = ("--dealer", "W", "--declarer", "N", "--trump", "C", "--discard", "KH")
    deal = hasen.Deal(HASENPFEFFER.deal, dealer="W")
    solved = hasen.solve(deal, "N", "C", "KH", played="JC KC")
    assert solved.to_json() == cli_json(capsys, "solve", HASENPFEFFER.deal, *contract, "--played", "JC KC")
    assert str(solved) == cli_text(capsys, "solve", HASENPFEFFER.deal, *contract, "--played", "JC KC")
    reviewed = hasen.review(deal, "N", "C", "KH", played=HASENPFEFFER_LINE)
    assert reviewed.to_json() == cli_json(capsys, "review", HASENPFEFFER.deal, *contract, "--play", HASENPFEFFER_LINE)
    assert str(reviewed) == cli_text(capsys, "review", HASENPFEFFER.deal, *contract, "--play", HASENPFEFFER_LINE)
    advice = hasen.bid(hasen.Deal(EUCHRE.deal, variant="euchre", settings={"all_pass": "stick_the_dealer"}))
    argv = ("bid", EUCHRE.deal, "--variant", "euchre", "--all-pass", "stick_the_dealer")
    assert advice.to_json() == cli_json(capsys, *argv)
    assert str(advice) == cli_text(capsys, *argv)


def test_an_answers_text_does_not_depend_on_what_was_imported_first(tmp_path) -> None:
    """An answer unpickled where only its own module was imported prints its table, not its
    repr: its text comes from its game, through the games' presentation, which nothing had
    imported and which the answer loads when first printed."""
    analysis = hasen.analyze(hasen.Deal(HASENPFEFFER.deal, dealer="W"), declarer="N")
    (tmp_path / "answer.pickle").write_bytes(pickle.dumps(analysis))
    script = (
        "import pickle, sys; answer = pickle.loads(open(sys.argv[1], 'rb').read()); "
        "loaded = 'hasen.games.presentation' in sys.modules; print(loaded); print(answer, end='')"
    )
    shown = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path / "answer.pickle")], capture_output=True, text=True, check=True
    ).stdout
    loaded, text = shown.split("\n", 1)
    assert loaded == "False" and text == str(analysis) and "6 tricks" in text


def test_answers_have_readable_reprs() -> None:
    analysis = hasen.analyze(hasen.Deal(HASENPFEFFER.deal, dealer="W"), declarer="N")
    assert repr(analysis) == f"<TableAnalysis of {analysis.deal!r}: best tricks N 6>"
    assert repr(analysis.tables["N"]) == "<DeclarerTable N: best C discarding KH, 6 tricks>"


# --- a deal of one game is never answered by another's analysis -----------------------------


def test_a_euchre_deal_gets_the_makers_table_not_the_widow_table() -> None:
    deal = hasen.Deal(EUCHRE2.deal, variant="euchre2")
    assert isinstance(hasen.analyze(deal), hasen.EuchreAnalysis)
    with pytest.raises(hasen.NotationError, match="euchre2 .*no declarer's trump x discard table"):
        analyze_table(deal)


def test_a_hasenpfeffer_deal_is_refused_by_the_euchre_table() -> None:
    with pytest.raises(hasen.NotationError, match="no maker's table"):
        analyze_euchre(hasen.Deal(HASENPFEFFER.deal))


def test_settings_by_name_are_checked_against_the_game() -> None:
    with pytest.raises(hasen.NotationError, match="joker_upcard"):
        hasen.Deal(HASENPFEFFER.deal, settings={"joker_upcard": "redeal"})
    with pytest.raises(hasen.NotationError, match="no setting called 'first_leed'"):
        hasen.Deal(HASENPFEFFER.deal, settings={"first_leed": "declarer"})
    led = hasen.analyze(hasen.Deal(HASENPFEFFER.deal, dealer="W", settings={"first_lead": "declarer"}), declarer="E")
    assert led.settings == hasen.Settings(first_lead="declarer")


# --- the Python API and the CLI agree on random deals of every game -------------------------

VARIANT_DECKS = [
    ("hasenpfeffer", 25),
    ("euchre2", 24),
    ("euchre2", 32),
    ("euchre2", 25),
    ("euchre", 24),
    ("euchre", 25),
]


@pytest.mark.slow
@pytest.mark.parametrize("name, size", VARIANT_DECKS)
def test_analyze_equals_the_clis_json_on_random_deals(capsys, name: str, size: int) -> None:
    rng = random.Random(f"{name}-{size}")
    for _ in range(200):
        deal = random_deal(rng) if name == "hasenpfeffer" else euchre_deals.random_deal(rng, name, size)
        argv = ("table", deal.notation(), "--variant", name, "--deck", str(size))
        assert hasen.analyze(deal).to_json() == cli_json(capsys, *argv), deal


def test_a_seed_outside_0_to_2_to_the_32_is_refused() -> None:
    """The seeds the API states (0 to 2**32 - 1); -1 was once taken, and dealt a deal. A
    simulation takes a text seed too, as the reviews deal their layouts."""
    for bad in (-1, 2**32, 1.5, "7", True):
        with pytest.raises(hasen.NotationError, match="seed: expected a whole number 0 to 4294967295"):
            hasen.random_deal(seed=bad)  # type: ignore[arg-type]
        if not isinstance(bad, str):
            with pytest.raises(hasen.NotationError, match="seed: "):
                hasen.simulate(hasen.SeatView("N", hand="A.K..AQJ*", extra="KS", dealer="W"), layouts=4, seed=bad)  # type: ignore[arg-type]
    assert hasen.random_deal(seed=2**32 - 1) == hasen.random_deal(seed=2**32 - 1)


def test_a_deal_is_a_value_that_does_not_change() -> None:
    """Kept in a set, a deal stays findable: it cannot be changed, only replaced."""
    deal = hasen.Deal(HASENPFEFFER.deal, dealer="W")
    seen = {deal}
    for name, value in (("dealer", hasen.Seat("N")), ("dealer", "N"), ("hands", ()), ("settings", None)):
        with pytest.raises(AttributeError):
            setattr(deal, name, value)
    with pytest.raises(AttributeError):
        del deal.extra
    assert deal in seen and deal.dealer == hasen.Seat("W")
    assert deal.replace(dealer="N") not in seen
    assert pickle.loads(pickle.dumps(deal)) == deal and copy.deepcopy(deal) in seen


def test_a_contract_is_taken_whole_where_its_fields_are() -> None:
    """``position``, ``solve`` and ``review`` take a ``Contract`` in the declarer's place: the
    same answers as its fields spelled out, in a game with a discard and in one where nobody
    takes the upcard (the Contract names the upcard as its discard then)."""
    deal = hasen.Deal(HASENPFEFFER.deal, dealer="W")
    contract = hasen.position(deal, "N", "C", "KH").contract
    assert (
        hasen.solve(deal, contract, played="JC").to_json() == hasen.solve(deal, "N", "C", "KH", played="JC").to_json()
    )
    assert (
        hasen.review(deal, contract, played="JC KC TC 9C").to_json()
        == hasen.review(deal, "N", "C", "KH", played="JC KC TC 9C").to_json()
    )
    euchre = hasen.Deal("N:..KQT9.9 T9.AKQ.. AS", variant="euchre2")
    for fields in (("S", "H"), ("N", "S", "KD")):
        taken = hasen.position(euchre, *fields).contract
        assert hasen.solve(euchre, taken).to_json() == hasen.solve(euchre, *fields).to_json()
        assert hasen.position(euchre, taken, played="").legal() == hasen.position(euchre, *fields).legal()
    with pytest.raises(hasen.NotationError, match=r"a Contract or its fields, not both \(also given: trump, alone\)"):
        hasen.solve(deal, contract, "C", alone=True)
    with pytest.raises(hasen.NotationError, match="trump: give the trump suit"):
        hasen.solve(deal, "N")


def test_a_contracts_side_is_right_in_every_game() -> None:
    """The declaring side is its place in the game's side names: N-S or E-W, N or S with
    two players, the maker with three; the old ``side`` (N-S against E-W only) warns."""
    expected = {
        "hasenpfeffer": {"N": "N-S", "E": "E-W", "S": "N-S", "W": "E-W"},
        "euchre": {"N": "N-S", "E": "E-W", "S": "N-S", "W": "E-W"},
        "euchre2": {"N": "N", "S": "S"},
        "euchre3": {"N": "the maker", "E": "the maker", "S": "the maker"},
    }
    for name, sides in expected.items():
        variant = hasen.variant_for(name)
        for seat, side in sides.items():
            contract = hasen.Contract(hasen.Seat(seat), hasen.Suit("C"), hasen.Card("9C"))
            assert variant.side_names[contract.side_in(variant)] == side, (name, seat)
    south = hasen.Contract(hasen.Seat("S"), hasen.Suit("C"), hasen.Card("9C"))
    assert south.side_in("euchre2") == 1 and south.side_in("euchre") == 0  # a game by its name too
    with pytest.raises(hasen.NotationError, match="W does not play euchre3"):
        hasen.Contract(hasen.Seat("W"), hasen.Suit("C"), hasen.Card("9C")).side_in("euchre3")
    with pytest.warns(DeprecationWarning, match="side_in"):
        assert hasen.Contract(hasen.Seat("S"), hasen.Suit("C"), hasen.Card("9C")).side == 0
