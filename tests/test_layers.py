"""The layers of the code, as the folders show them, and the rule that holds them apart: a
module imports only from its own layer or those below, and no modules import each other in
a circle. Every import that runs counts, at the top of a module or inside a function; those
under ``if TYPE_CHECKING:`` are for the type checker only and never run."""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# lowest first; a module belongs to the entry of the longest name it starts with, or that
# matches it with * for any one family (a family's folder holds its settings, rules and model,
# each in its layer)
LAYERS: list[tuple[str, tuple[str, ...]]] = [
    # a deal carries its table settings, so each family's own are counted with the deal's
    ("core types and notation", ("hasen.core", "hasen.workers", "hasen.games.*.settings")),
    ("rules and settings", ("hasen.rules", "hasen.games.*.rules")),
    ("search", ("hasen.search",)),
    ("the play of a hand", ("hasen.play",)),
    ("notations", ("hasen.notation",)),
    # a family's table, what the analyses take from it and its model: what an analysis asks
    ("analyses", ("hasen.analysis", "hasen.games.*.table", "hasen.games.*.family", "hasen.games.*.model")),
    ("text output", ("hasen.text",)),
    ("games", ("hasen.games",)),
    ("interfaces", ("hasen.public", "hasen.seat_view", "hasen.cli", "hasen.api")),
    ("the public package", ("hasen",)),
]
# each package's folder in the repository (pyproject.toml's package-dir)
FOLDERS = {"hasen.api": ROOT / "api", "hasen": ROOT / "solver"}


def layer_of(module: str) -> int:
    """The index in LAYERS of the longest matching prefix (a ``*`` in it: one family's name)."""
    best, best_length = -1, -1
    for index, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if matches(module, prefix) and len(prefix) > best_length:
                best, best_length = index, len(prefix)
    assert best >= 0, f"{module} is in no layer: add it to LAYERS"
    return best


def name_pattern(name: str) -> str:
    """A regular expression of a module's name whose ``*`` stands for one name (a family's)."""
    return r"[^.]+".join(re.escape(part) for part in name.split("*"))


def matches(module: str, prefix: str) -> bool:
    """Does ``module`` start with ``prefix``, whose ``*`` stands for one name (a family's)?
    (A module read from an f-string has ``*`` for a value: one name, as in a prefix.)"""
    return re.fullmatch(name_pattern(prefix) + r"(\..*)?", module) is not None


def module_name(path: Path) -> str:
    package, folder = next((p, f) for p, f in FOLDERS.items() if path.is_relative_to(f))
    parts = [package, *path.relative_to(folder).with_suffix("").parts]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_module(name: str) -> bool:
    package = next((p for p in FOLDERS if name == p or name.startswith(p + ".")), None)
    if package is None:
        return False
    path = FOLDERS[package].joinpath(*name[len(package) + 1 :].split("."))
    return path.with_suffix(".py").exists() or path.with_suffix(".pyx").exists() or (path / "__init__.py").exists()


def imports_of(path: Path, at_load: bool = False) -> set[str]:
    """The project's modules that ``path`` imports (a ``.pyx`` file's Python imports too)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    source = path.read_text()
    if path.suffix == ".pyx":  # keep the lines ast can read: its Python imports
        source = "\n".join(
            line for line in source.splitlines() if line.startswith(("from .", "import ")) and "cimport" not in line
        )
    found, names = set(), constants(source)
    for node in runtime_nodes(ast.parse(source), at_load):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            # "from package import module" imports the module
            targets = [f"{base}.{a.name}" if is_module(f"{base}.{a.name}") else base for a in node.names]
        elif (module := dynamic_import(node, package, names)) is not None:
            targets = [module]
        else:
            continue
        found.update(t for t in targets if t.split(".")[0] == "hasen")
    return found


def constants(source: str) -> dict[str, str]:
    """The module's top-level names bound to a string (``PRESENTATION = "..games"``)."""
    return {
        target.id: node.value.value
        for node in ast.parse(source).body
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
        for target in node.targets
        if isinstance(target, ast.Name)
    }


def dynamic_import(node: ast.AST, package: str, names: dict[str, str]) -> str | None:
    """The module an ``import_module(name, __package__)`` call imports: a string, a name bound
    to one, or an f-string, each of whose values is ``*``, any one name (``f".{family}.game"``
    is ``package.*.game``: the module ``game`` of some folder of the package)."""
    if not (
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "import_module" and node.args
    ):
        return None
    arg = node.args[0]
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        name = arg.value
    elif isinstance(arg, ast.Name) and arg.id in names:
        name = names[arg.id]
    elif isinstance(arg, ast.JoinedStr) and arg.values and isinstance(arg.values[0], ast.Constant):
        # each value is * (f"..games.{family}.settings": "..games.*.settings", some family's)
        name = "".join(str(v.value) if isinstance(v, ast.Constant) else "*" for v in arg.values)
    elif layer_of(package) == len(LAYERS) - 1:
        return None  # the public package is the top layer: whatever it imports is below it
    else:
        raise AssertionError(f"{package}: import_module of {ast.unparse(arg)}: the layer test cannot read it")
    dots = len(name) - len(name.lstrip("."))
    if not dots:
        return name.rstrip(".")
    anchor = package.split(".")[: len(package.split(".")) - dots + 1]
    return ".".join(anchor + [part for part in [name[dots:]] if part])


def runtime_nodes(tree: ast.AST, at_load: bool = False) -> list[ast.AST]:
    """Every node, less the bodies of ``if TYPE_CHECKING:`` (and with ``at_load``, those of
    functions: what runs when the module is loaded)."""
    nodes, todo = [], [tree]
    while todo:
        node = todo.pop()
        nodes.append(node)
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            todo.extend(node.orelse)
            continue
        if at_load and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        todo.extend(ast.iter_child_nodes(node))
    return nodes


# every module of the project by name, and its file
MODULES = {
    module_name(path): path
    for folder in FOLDERS.values()
    for path in sorted(folder.rglob("*.py")) + sorted(folder.rglob("*.pyx"))
}


@cache
def graph() -> dict[str, set[str]]:
    """Each module's imports: read at first use, not while the tests are collected (every test
    process collects them, one runs them)."""
    return {module: imports_of(path) for module, path in MODULES.items()}


def test_the_modules_were_found() -> None:
    assert {"hasen.core.cards", "hasen.search._search", "hasen.games.base", "hasen.api.routes", "hasen"} <= set(graph())
    assert "hasen.rules.trump" in graph()["hasen.search.layout"]


# imports of a higher layer, or back into a module that imports them, each made when first
# used, not when a module loads: the answers' text is the games' (the games layer registers
# its formatters); EGN numbers the games of a file by their score, which the analysis of the
# game to 10 keeps (hasen.analysis.games); the rules every family shares ask a family's own
# (its auction and scoring), which build on them, by the family's name, and so do the model
# of the other players (each family's says how its seats call and play) and the analyses'
# plan of a deal's table (each family's part of the analyses plans its own); and the command line
# loads a command's module by its name when it runs that command
LATE_BINDINGS = {
    ("hasen.analysis.answer", "hasen.games.presentation"),
    ("hasen.notation.egn", "hasen.analysis.games"),
    ("hasen.rules.families", "hasen.games.*.rules"),
    ("hasen.analysis.model", "hasen.games.*.model"),
    ("hasen.analysis.family", "hasen.games.*.family"),
    ("hasen.cli.main", "hasen.cli.*"),
}


def expanded(target: str) -> list[str]:
    """The project's modules an import reads: a read f-string's pattern (``*``: one name),
    each module it names; any other module, itself."""
    if "*" not in target:
        return [target]
    return [module for module in MODULES if re.fullmatch(name_pattern(target), module)]


def test_the_imports_made_by_name_are_read() -> None:
    assert "hasen.games.presentation" in graph()["hasen.analysis.answer"]  # PRESENTATION = "..games.presentation"
    assert "hasen.cli.*" in graph()["hasen.cli.main"]  # f".{module}": a module of hasen.cli
    assert "hasen.games.*.settings" in graph()["hasen.core.settings"]  # f"..games.{family}.settings"
    assert "hasen.games.*.game" in graph()["hasen.games"]
    assert "hasen.games.*.rules" in graph()["hasen.rules.families"]
    assert "hasen.games.*.family" in graph()["hasen.analysis.family"]
    assert expanded("hasen.games.*.rules") == ["hasen.games.euchre.rules", "hasen.games.hasenpfeffer.rules"]


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_import_reaches_a_higher_layer(module: str) -> None:
    mine = layer_of(module)
    upward = [
        f"{target} ({LAYERS[layer_of(target)][0]})"
        for read in sorted(graph()[module])
        if (module, read) not in LATE_BINDINGS
        for target in [read, *expanded(read)]
        if layer_of(target) > mine
    ]
    assert not upward, f"{module} ({LAYERS[mine][0]}) imports from above: {', '.join(upward)}"


def test_no_modules_import_each_other_in_a_circle() -> None:
    # a depth-first search that reports the first circle it meets
    state: dict[str, str] = {}
    stack: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = "open"
        stack.append(module)
        reads = [read for read in sorted(graph().get(module, ())) if (module, read) not in LATE_BINDINGS]
        for target in (target for read in reads for target in expanded(read)):
            if target not in MODULES:  # loaded at first use, not at import (a late binding), or not ours
                continue
            if state.get(target) == "open":
                return stack[stack.index(target) :] + [target]
            if target not in state and (circle := visit(target)):
                return circle
        stack.pop()
        state[module] = "done"
        return None

    for module in sorted(MODULES):
        if module not in state:
            circle = visit(module)
            assert circle is None, "import circle: " + " -> ".join(circle)


def test_the_games_folders_load_only_the_core() -> None:
    """A family's settings sit with the deal, so loading one runs the games' package and the
    family's folder first: each imports only from the core when it loads (the games' registry
    and a folder's older names load a family's Game when first asked for)."""
    from hasen.core.variants import FAMILIES

    folders = [FOLDERS["hasen"] / "games", *(FOLDERS["hasen"] / "games" / family for family in FAMILIES)]
    for folder in folders:
        loaded = imports_of(folder / "__init__.py", at_load=True)
        assert loaded and all(layer_of(module) == 0 for module in loaded), (folder, loaded)
        assert imports_of(folder / "__init__.py") - loaded, f"{folder}: nothing loaded when first asked for"


def test_the_rule_can_fail() -> None:
    """The check itself: an analysis importing the CLI is upward, the CLI importing text is not."""
    assert layer_of("hasen.cli.main") > layer_of("hasen.analysis.table") > layer_of("hasen.core.settings")
    assert layer_of("hasen.games.euchre") > layer_of("hasen.text.review") > layer_of("hasen.analysis.review")
    # a family's settings sit with the deal, its rules with the rules, its table, what the
    # analyses take from it and its model with the analyses, its game with the games
    assert layer_of("hasen.games.hasenpfeffer.rules") == layer_of("hasen.rules.auction")
    model = layer_of("hasen.games.euchre.model")
    assert model == layer_of("hasen.analysis.model") < layer_of("hasen.games.euchre.game")
    assert layer_of("hasen.games.euchre.table") == layer_of("hasen.games.hasenpfeffer.family") == model
    assert layer_of("hasen.games.*.settings") == layer_of("hasen.games.euchre.settings") == layer_of("hasen.core.deal")
    assert layer_of("hasen.games.euchre.game") == layer_of("hasen.games.*.game") == layer_of("hasen.games")
    assert layer_of("hasen.games.euchre.game.settings") == layer_of("hasen.games")  # * is one name


def test_the_map_of_the_layers_names_each_layer_in_order() -> None:
    """docs/layers.md draws the layers as this test holds them: each layer, lowest first."""
    rows = [line for line in (ROOT / "docs" / "layers.md").read_text().splitlines() if line.startswith("| ")]
    drawn = [row.split("|")[1].strip() for row in rows[2:]]  # past the head and its rule
    assert drawn == [name for name, _ in LAYERS]


# A fresh process (nothing loaded, nothing cached) runs a request of each kind on a record of
# each family: an analysis, a fair review, the bid advice with every card known, one seat's
# advice knowing its own, and many deals' tables (and on Hasenpfeffer's, a position, a played
# card, a simulation and a lead); the Euchre record's review, advice and many deals' tables on
# two threads, so that the work done in a pool's threads is traced too. It notes each load of a
# module of a higher layer than the one that asks (at its load or in a function), and each call
# from a function of one layer to a function of a higher one, in every thread. Two kinds of
# frame are no call of the code that runs in them: a generator expression resumed by whoever
# reads it (it runs for the function that wrote it, handing values down), and the wrappers that
# keep a call's older form (``hasen.core.older``, ``hasen.core.run``), which stand for the call
# they wrap.
TRACE = """
import builtins, functools, importlib, inspect, json, sys, threading
sys.path.insert(0, sys.argv[1])
from test_layers import layer_of

@functools.cache
def climbs(asking, asked):
    return asking.startswith("hasen.") and asked.startswith("hasen.") and layer_of(asked) > layer_of(asking)

found = {"loads": set(), "calls": set(), "calls in the text": set(), "calls in a pool": set()}
phase = "calls"

def note_load(importer, target):
    if climbs(importer, target):
        found["loads"].add((importer, target))

plain_import, plain_import_module = builtins.__import__, importlib.import_module

def traced_import(name, globals=None, locals=None, fromlist=(), level=0):
    module = plain_import(name, globals, locals, fromlist, level)
    importer = (globals or {}).get("__name__", "")
    package = (globals or {}).get("__package__") or ""
    target = importlib.util.resolve_name("." * level + name, package) if level else name
    note_load(importer, target)
    for part in fromlist or ():
        if f"{target}.{part}" in sys.modules:
            note_load(importer, f"{target}.{part}")
    return module

def traced_import_module(name, package=None):
    module = plain_import_module(name, package)
    note_load(sys._getframe(1).f_globals.get("__name__", ""), module.__name__)
    return module

builtins.__import__, importlib.import_module = traced_import, traced_import_module
import hasen

WRAPPERS = {("hasen.core.older", "keeps_older_form.<locals>.decorate.<locals>.call"), ("hasen.core.run", "through_run")}
started = set()  # the frames of the generators whose first run was noted, kept: an id is reused

def where(frame):
    return frame.f_globals.get("__name__", ""), frame.f_code.co_qualname

def note_call(frame, event, arg):
    if event != "call":
        return
    code = frame.f_code
    if code.co_flags & (inspect.CO_GENERATOR | inspect.CO_COROUTINE):
        if code.co_name == "<genexpr>" or frame in started:
            return
        started.add(frame)
    back = frame.f_back
    while back is not None and where(back) in WRAPPERS:
        back = back.f_back
    caller = "" if back is None else back.f_globals.get("__name__", "")
    callee = frame.f_globals.get("__name__", "")
    if caller != callee and caller.startswith("hasen.") and callee.startswith("hasen."):
        if threading.current_thread() is not threading.main_thread():
            found["calls in a pool"].add((caller, callee))
        if climbs(caller, callee):
            found[phase].add((caller, callee))

threading.setprofile(note_call)
sys.setprofile(note_call)
for text, threads in zip(sys.argv[2:], (1, 2)):
    phase = "calls"
    run = hasen.Run(threads=threads)
    deal = hasen.Record.parse(text).deal
    answers = [
        hasen.analyze(deal, declarer="N"),
        hasen.review_hand(text, layouts=10, run=run),
        hasen.bid(deal),
        hasen.advise(hasen.SeatView.in_deal(deal, "E"), layouts=5, run=run),
        *hasen.analyze_many([deal, deal.replace(dealer="E")], declarer="N", run=run),
        *hasen.analyze_each(iter([deal]), declarer="S", run=run),
    ]
    if threads == 1:  # a position, a played card and the single-dummy play: Hasenpfeffer's
        view = hasen.SeatView("N", deal=deal)
        answers += [
            hasen.solve(deal, "N", "C", "KH"),
            hasen.review(deal, "N", "C", "KH", played="JC KC"),
            hasen.simulate(view, layouts=5),
            hasen.simulate_lead(view, "E, trump D", layouts=5),
        ]
    phase = "calls in the text"
    [str(answer) for answer in answers]
sys.setprofile(None)
threading.setprofile(None)
print(json.dumps({name: sorted(pairs) for name, pairs in found.items()}))
"""
REVIEWED = (
    "dealer: W; deal: N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS; auction: N 6, E pass, S pass, W pass; "
    "contract: N 6, trump C, discard KH; play: JC KC TC 9C | AS AD 9S QS"
)
# E orders up the KS for four-hand Euchre's dealer N, who takes it and puts away the KH
EUCHRE_REVIEWED = (
    "variant: euchre; dealer: N; deal: N:A.K..AQJ .AQ.AT.K T9.T9.9. QJ.J.Q.9 KS; auction: E order up; "
    "contract: E, trump S, discard KH; play: AH TH JH JC"
)


@pytest.fixture(scope="module")
def traced() -> dict[str, list[list[str]]]:
    ran = subprocess.run(
        [sys.executable, "-c", TRACE, str(ROOT / "tests"), REVIEWED, EUCHRE_REVIEWED],
        capture_output=True,
        text=True,
        check=True,
    )
    found: dict[str, list[list[str]]] = json.loads(ran.stdout)
    return found


@pytest.mark.slow
def test_the_requests_load_nothing_from_a_higher_layer(traced: dict[str, list[list[str]]]) -> None:
    """As they run, not only as they are written: nothing a request does loads a module of a
    layer above the one asking (the late bindings that stay in their layer, a family's rules,
    model and part of the analyses, are let be). Their text is the one climb on purpose on
    the way, which the check finds: so it can fail."""
    assert traced["loads"] == [["hasen.analysis.answer", "hasen.games.presentation"]]


@pytest.mark.slow
def test_the_requests_call_nothing_in_a_higher_layer(traced: dict[str, list[list[str]]]) -> None:
    """The descent of a request, call by call: from the public call down, no function of an
    analysis, a notation, the play, the rules or the core calls one of a layer above its own
    (a family's part of the analyses sits in theirs, so asking it is no climb; the deadline's
    checkpoint is the core's). The one call up on purpose is the answers' text, which the
    check finds; and the trace did see the calls that descend, in the pools' threads too:
    so it can fail."""
    assert traced["calls"] == []
    assert traced["calls in the text"] == [["hasen.analysis.answer", "hasen.games.presentation"]]
    pooled = traced["calls in a pool"]
    assert ["hasen.analysis.fair", "hasen.analysis.hand_review"] in pooled  # a fair review's cards
    assert ["hasen.analysis.family", "hasen.games.euchre.family"] in pooled  # many deals' plans
