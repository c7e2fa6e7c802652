"""``hasen table`` starts fast: it loads only what the table needs. Each module named here
is the root of a heavy tree that other commands (serve, simulate, bid, batch) import when
they run. ``dataclasses`` (with ``inspect``, ``ast``, ``dis``) costs about 8 ms of a 55 ms
start, so the classes a table makes are NamedTuples or plain classes."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

from solver.cli.parser import COMMANDS, build_parser

NOT_FOR_A_TABLE = ["flask", "waitress", "jsonschema", "asyncio", "concurrent.futures", "distributed",
                   "solver.cli.batch", "solver.cli.bench", "solver.cli.simulate", "solver.workers",
                   "solver.games.euchre", "solver.analysis.euchre_table", "html", "dataclasses", "inspect",
                   "solver.analysis.simulate", "solver.analysis.lead", "solver.analysis.bidding",
                   "solver.analysis.review", "solver.text.review", "solver.text.bidding"]

PROBE = """
import json, sys
from solver.cli import main
main(["table", "--example", "--json"])
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


def test_a_table_loads_no_other_commands_modules() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    loaded = set(json.loads(done.stderr.splitlines()[-1]))
    assert json.loads(done.stdout)["declarers"]["N"]["best"]["tricks"] == 6
    assert sorted(loaded & set(NOT_FOR_A_TABLE)) == []


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
