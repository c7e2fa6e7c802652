"""``hasen table`` starts fast: it loads only what the table needs. Each module named here
is the root of a heavy tree that other commands (serve, simulate, bid, batch) import when
they run."""

from __future__ import annotations

import json
import subprocess
import sys

NOT_FOR_A_TABLE = ["flask", "waitress", "jsonschema", "asyncio", "concurrent.futures", "distributed",
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
