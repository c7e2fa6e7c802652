"""``hasen table`` starts fast: it loads only what the table needs. Each module named here
is the root of a heavy tree that other commands (serve, simulate, bid, batch) import when
they run. ``dataclasses`` (with ``inspect``, ``ast``, ``dis``) costs about 8 ms of a 55 ms
start, so the classes a table makes are NamedTuples or plain classes."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

import pytest

from hasen.cli.parser import COMMANDS, build_parser

NOT_FOR_A_TABLE = [
    "flask",
    "waitress",
    "jsonschema",
    "asyncio",
    "concurrent.futures",
    "distributed",
    "hasen.cli.batch",
    "hasen.cli.bench",
    "hasen.cli.simulate",
    "hasen.workers",
    "hasen.cli.completion",
    "hasen.cli.schema",
    "hasen.cli.parquet",
    "pandas",
    "pyarrow",
    "html",
    "dataclasses",
    "inspect",
    "threading",
    "shutil",  # which argparse's help formatter imports (with lzma, bz2 and zlib) for the width
    "hashlib",  # with OpenSSL: only dealing single-dummy layouts seeds by SHA-512
    "hasen.analysis.simulate",
    "hasen.analysis.lead",
    "hasen.analysis.bidding",
    "hasen.analysis.review",
    "hasen.text.review",
    "hasen.text.bidding",
]
# and each game's table loads no other game's code
OTHER_GAMES = {
    "hasenpfeffer": ["hasen.games.euchre.game", "hasen.games.euchre.table", "hasen.games.euchre.rules"],
    "euchre": ["hasen.games.hasenpfeffer.game", "hasen.games.hasenpfeffer.rules", "hasen.games.hasenpfeffer.table"],
}

# the modules the table loads past those Python's start loaded (a site hook may load more)
PROBE = """
import json, sys
started = set(sys.modules)
from hasen.cli import main
main(["table", "--example", "--json", "--variant", sys.argv[1]])
print(json.dumps(sorted(set(sys.modules) - started)), file=sys.stderr)
"""


@pytest.mark.parametrize("variant, best", [("hasenpfeffer", 6), ("euchre", 4)])
def test_a_table_loads_no_other_commands_modules(variant: str, best: int) -> None:
    done = subprocess.run([sys.executable, "-c", PROBE, variant], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    loaded = set(json.loads(done.stderr.splitlines()[-1]))
    assert json.loads(done.stdout)["declarers"]["N"]["best"]["tricks"] == best
    assert sorted(loaded & set(NOT_FOR_A_TABLE + OTHER_GAMES[variant])) == []


def test_a_command_parsed_alone_has_all_its_arguments() -> None:
    """``main`` builds only the arguments of the command it is given: each must be the
    same as in the whole command line."""

    def commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
        [action] = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        return dict(action.choices)

    whole = commands(build_parser())
    assert list(whole) == list(COMMANDS)
    for name in COMMANDS:
        alone = commands(build_parser(name))
        assert alone[name].format_help() == whole[name].format_help()
        assert alone[name].get_default("run") == whole[name].get_default("run") == COMMANDS[name].run


ODDS_PROBE = """
import json, sys
from hasen.cli import main
main(["odds", "8-5", "--dealer", "N", "--json"])
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


def test_the_odds_are_read_without_numpy() -> None:
    """``hasen odds`` reads the shipped table: numpy (some 60 ms to import) is for building it."""
    done = subprocess.run([sys.executable, "-c", ODDS_PROBE], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    loaded = set(json.loads(done.stderr.splitlines()[-1]))
    assert 0 < json.loads(done.stdout)["chance"]["N-S"] < 1
    assert sorted(loaded & {"numpy", "flask", "hasen.analysis.simulate", "hasen.workers"}) == []


# the core install has no web framework: each of the service's packages missing in turn
WITHOUT = """
import sys
sys.modules[sys.argv[1]] = None  # as if not installed: importing it raises ModuleNotFoundError
from hasen.cli import main
sys.exit(main(["serve", "--port", "0"]))
"""


@pytest.mark.parametrize("package", ["flask", "waitress", "jsonschema"])
def test_serve_without_the_web_extra_says_what_to_install(package: str) -> None:
    done = subprocess.run([sys.executable, "-c", WITHOUT, package], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip() == (
        f"hasen: serve: the web service needs {package}, which is not installed: pip install 'hasen[serve]'"
    )


REFUSAL_PROBE = """
import json, sys
started = set(sys.modules)
from hasen.cli import main
status = main(sys.argv[1:])
print(json.dumps([status, sorted(set(sys.modules) - started)]), file=sys.stderr)
"""


@pytest.mark.parametrize(
    "argv",
    [
        ["bid", "--seat", "N", "--hand", "A.K..AQJ", "--dealer", "W"],  # five cards
        ["bid", "--seat", "N", "--hand", "A.K..AQJ*", "--dealer", "W", "--auction", "Q 3"],
        ["bid", "--seat", "N", "--hand", "A.K..AQJ*", "--dealer", "W", "--known", "E:AS"],
        ["simulate", "--seat", "N", "--hand", "A.K..AQJ*", "--dealer", "W", "--widow", "ZZ"],
        ["lead", "--seat", "E", "--hand", "A.K..AQJ*", "--dealer", "W", "--declarer", "N", "--trump", "X"],
    ],
)
def test_a_bad_single_dummy_request_is_refused_before_numpy_loads(argv: list[str]) -> None:
    """Reading and checking a single-dummy request needs no numpy (about 100 ms to import):
    a mistake is told at once."""
    done = subprocess.run([sys.executable, "-c", REFUSAL_PROBE, *argv], capture_output=True, text=True, timeout=120)
    status, loaded = json.loads(done.stderr.splitlines()[-1])
    assert status == 2 and done.stderr.startswith("hasen: "), done.stderr
    assert "numpy" not in loaded
