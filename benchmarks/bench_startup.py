"""How long ``hasen table --example`` takes as a whole process, against Python starting and
doing nothing, and which imports its start spends the most on.

    python benchmarks/bench_startup.py [--runs 41] [--imports 15] [--compare HASEN ...]

Run it with the package installed (``pip install .``: the installed modules come with their
bytecode; an editable install adds its path finder, and ``PYTHONDONTWRITEBYTECODE`` makes
every start compile the sources again). The two commands run in turns, so that other load
on the machine falls on both alike; the figures are wall times of each process from start
to exit. ``--compare`` adds the ``hasen`` command of other installs (another version's
virtualenv) to the same turns, each against the ``python`` beside it. ``--imports`` runs of
``python -X importtime`` give each module's least self time over those runs, for the
heaviest modules.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from collections import defaultdict

SHOWN_IMPORTS = 15


def wall_times(commands: list[list[str]], runs: int) -> list[list[float]]:
    """Each command run ``runs`` times, the commands in turns after one untimed run each."""
    times: list[list[float]] = [[] for _ in commands]
    for round_ in range(runs + 1):
        for i, command in enumerate(commands):
            start = time.perf_counter()
            subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
            if round_:
                times[i].append(time.perf_counter() - start)
    return times


def heaviest_imports(python: str, runs: int) -> list[tuple[int, int, str]]:
    """(least self, least cumulative microseconds, module) of ``from hasen.cli import main``."""
    self_us: dict[str, list[int]] = defaultdict(list)
    total_us: dict[str, list[int]] = defaultdict(list)
    for _ in range(runs):
        err = subprocess.run(
            [python, "-X", "importtime", "-c", "from hasen.cli import main"], capture_output=True, text=True, check=True
        ).stderr
        for line in err.splitlines()[1:]:
            own, total, name = line.removeprefix("import time:").split("|")
            self_us[name.strip()].append(int(own))
            total_us[name.strip()].append(int(total))
    rows = [(min(self_us[name]), min(total_us[name]), name) for name in self_us]
    return sorted(rows, reverse=True)[:SHOWN_IMPORTS]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=41, help="timed runs of each command (default: 41)")
    parser.add_argument("--imports", type=int, default=15, help="importtime runs (default: 15; 0 skips)")
    parser.add_argument(
        "--compare",
        nargs="+",
        default=[],
        metavar="HASEN",
        help="the hasen command of other installs, timed in the same turns",
    )
    args = parser.parse_args()
    hasen = shutil.which("hasen")
    if hasen is None:
        sys.exit("bench_startup: no hasen command on PATH: pip install . first")
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        print("note: PYTHONDONTWRITEBYTECODE is set: sources without bytecode are compiled at every start")
    installs = [(hasen, sys.executable)]
    for other in args.compare:
        python = os.path.join(os.path.dirname(os.path.abspath(other)), os.path.basename(sys.executable))
        if not os.path.exists(python):
            sys.exit(f"bench_startup: no {os.path.basename(sys.executable)} beside {other}")
        installs.append((other, python))
    commands = [
        argv for command, python in installs for argv in ([command, "table", "--example"], [python, "-c", "pass"])
    ]
    times = wall_times(commands, args.runs)
    print(f"whole process, {args.runs} runs each in turns (ms): median (min - max)")
    for i, (command, _) in enumerate(installs):
        table, bare = times[2 * i], times[2 * i + 1]
        if len(installs) > 1:
            print(command)
        for name, measured in (("hasen table --example", table), ("python -c pass", bare)):
            print(
                f"  {name:24} {statistics.median(measured) * 1e3:6.1f}  "
                f"({min(measured) * 1e3:.1f} - {max(measured) * 1e3:.1f})"
            )
        difference = statistics.median(t - b for t, b in zip(table, bare))
        print(
            f"  hasen less python, median of the differences: {difference * 1e3:.1f} ms; "
            f"ratio {statistics.median(t / b for t, b in zip(table, bare)):.2f}x"
        )
    if args.imports:
        print(f"\nheaviest imports of the command line (least of {args.imports} runs, us): self, with what it imports")
        for own, total, name in heaviest_imports(sys.executable, args.imports):
            print(f"  {own:6d} {total:7d}  {name}")


if __name__ == "__main__":
    main()
