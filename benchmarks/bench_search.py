"""The search's work on the benchmark's positions: cards played and trick boundaries per
solve, time per solve, and (with ``--instructions``) machine instructions per solve counted
by valgrind's callgrind.

    python benchmarks/bench_search.py [--instructions] [--game hasenpfeffer|euchre|both]

Each position is solved once by the compiled search with its table cleared (untimed) first:
the positions of bench_table.py (300 Hasenpfeffer deals, seed 1) and bench_euchre.py (1000
four-hand Euchre deals, seed 1). "Cards" counts every card played in the search, the unit
other double-dummy solvers report; "boundaries" the trick-boundary positions, the unit of
the older figures. The instruction count is that of a run that clears and solves, less
that of a run that only clears, divided by the positions: the search alone.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

from positions import euchre_states, hasenpfeffer_states, search_position

GAMES = {"hasenpfeffer": hasenpfeffer_states, "euchre": euchre_states}


def positions(game: str) -> list:
    return [search_position(state) for state in GAMES[game]()]


def measure(game: str) -> tuple[list[int], list[int], list[float]]:
    from hasen.search._search import Searcher

    searcher = Searcher()
    cards, nodes, seconds = [], [], []
    for hands, active, leader, side in positions(game):
        searcher.clear()
        c0, n0 = searcher.cards, searcher.nodes
        start = time.perf_counter()
        searcher.solve(hands, active, leader, side)
        seconds.append(time.perf_counter() - start)
        cards.append(searcher.cards - c0)
        nodes.append(searcher.nodes - n0)
    return cards, nodes, seconds


def child(game: str, solve: bool) -> None:
    """The run that valgrind counts: clear and (or not) solve every position."""
    from hasen.search._search import Searcher

    searcher = Searcher()
    todo = positions(game)
    for hands, active, leader, side in todo:
        searcher.clear()
        if solve:
            searcher.solve(hands, active, leader, side)


def instructions(game: str, solve: bool) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, __file__, "--child", game]
            + (["--solve"] if solve else []),
            check=True,
            capture_output=True,
        )
        with open(out) as f:
            return int(re.search(r"^totals: (\d+)", f.read(), re.M).group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=[*GAMES, "both"], default="both")
    parser.add_argument("--instructions", action="store_true", help="count instructions with callgrind (slow)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--solve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.solve)
        return
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    for game in GAMES if args.game == "both" else [args.game]:
        cards, nodes, seconds = measure(game)
        print(f"{game} ({len(cards)} solves, table cleared before each)")
        for label, counts in (("cards played per solve    ", cards), ("trick boundaries per solve", nodes)):
            print(f"  {label} median {statistics.median(counts):7.0f}   mean {statistics.mean(counts):7.0f}")
        print(
            f"  time per solve             median {statistics.median(seconds) * 1e6:7.1f} us"
            f"   mean {statistics.mean(seconds) * 1e6:7.1f} us"
        )
        print(f"  time per card played       {sum(seconds) / sum(cards) * 1e9:7.1f} ns")
        if args.instructions:
            per = (instructions(game, True) - instructions(game, False)) / len(cards)
            per_card = per * len(cards) / sum(cards)
            print(f"  instructions per solve     mean {per:9.0f}   per card played {per_card:5.1f}")


if __name__ == "__main__":
    main()
