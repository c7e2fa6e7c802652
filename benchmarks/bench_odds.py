"""How long ``hasen odds 8-5 --dealer N`` takes as a whole process, against Python starting
and doing nothing; the answer's own time inside one process; and that the path reads the
shipped table without importing numpy. The target: at most 0.2 s for the whole command.

    python benchmarks/bench_odds.py [--runs 41]

As with bench_startup.py, run it with the package installed (``pip install .``, whose modules
come with their bytecode); the two commands run in turns so that other load falls on both.
Rebuilding the shipped table is ``python tools/odds_fit.py`` (its docstring says how
long it takes).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys

from bench_startup import wall_times

ODDS = ["-m", "hasen", "odds", "8-5", "--dealer", "N"]
IN_PROCESS = """
import contextlib, io, sys, time
start = time.perf_counter()
from hasen.cli.main import main
with contextlib.redirect_stdout(io.StringIO()):
    main(["odds", "8-5", "--dealer", "N"])
print(time.perf_counter() - start, "numpy" in sys.modules)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=41, help="timed runs of each command (default: 41)")
    args = parser.parse_args()
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        print("note: PYTHONDONTWRITEBYTECODE is set: sources without bytecode are compiled at every start")
    odds, bare = wall_times([[sys.executable, *ODDS], [sys.executable, "-c", "pass"]], args.runs)
    print(f"whole process, {args.runs} runs each in turns (ms): median (min - max)")
    for name, measured in (("hasen odds 8-5 --dealer N", odds), ("python -c pass", bare)):
        print(
            f"  {name:27} {statistics.median(measured) * 1e3:6.1f}  "
            f"({min(measured) * 1e3:.1f} - {max(measured) * 1e3:.1f})"
        )
    inside = [
        subprocess.run([sys.executable, "-c", IN_PROCESS], capture_output=True, text=True, check=True).stdout.split()
        for _ in range(min(args.runs, 11))
    ]
    seconds = statistics.median(float(run[0]) for run in inside)
    print(
        f"  imports and answer inside the process: median {seconds * 1e3:.1f} ms; "
        f"numpy imported: {any(run[1] == 'True' for run in inside)}"
    )
    verdict = "within" if statistics.median(odds) <= 0.2 else "over"
    print(f"target: the whole command in at most 200 ms: {verdict}")


if __name__ == "__main__":
    main()
