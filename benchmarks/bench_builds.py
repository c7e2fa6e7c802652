"""Two builds of the compiled search against each other, in one process, table by table.

    python benchmarks/bench_builds.py BEFORE.so AFTER.so [--rounds 3] [--deals 150]

Each ``.so`` is a built ``hasen/search/_search`` extension (of this tree or an older one,
built apart). Both are loaded side by side, and every declarer's table of seeded deals
(Hasenpfeffer: four tables of 28 cells a deal; four-hand Euchre: four tables, twice the
deals) is solved by each, in turns, each first on every other table, the search's table
emptied first: the ratio of their summed times is the change, with the machine's load
falling on both alike. The answers must agree, or the script stops. A build older than the
seat masks takes the declaring side as a number (0: N-S, 1: E-W); the script finds out
which a build takes from one small position.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import importlib.util
import time
from types import ModuleType

from common import random_deals

from hasen.core.variants import HASENPFEFFER, variant_for
from hasen.games.hasenpfeffer.table import declarer_job

PARTNERS = {0b0101: 0, 0b1010: 1}  # the declaring seats of a partnership, and its older number


def load(path: str) -> ModuleType:
    loader = importlib.machinery.ExtensionFileLoader("hasen.search._search", path)
    spec = importlib.util.spec_from_file_location("hasen.search._search", path, loader=loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def takes_masks(build: ModuleType) -> bool:
    """North leads the top card of the only suit: one trick to N-S, if 5 is read as their seats."""
    return bool(build.Searcher().solve([1 << 15, 1 << 14, 1 << 13, 1 << 12], 0b1111, 0, 0b0101))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--deals", type=int, default=150)
    args = parser.parse_args()
    builds = [load(args.before), load(args.after)]
    masks = [takes_masks(build) for build in builds]
    for name, variant, count in (
        ("hasenpfeffer", HASENPFEFFER, args.deals),
        ("euchre", variant_for("euchre", 24), 2 * args.deals),
    ):
        requests = [
            declarer_job(deal, seat, False, deal.settings).request
            for deal in random_deals(variant, count, 1)
            for seat in variant.seats
        ]
        searchers = [build.Searcher() for build in builds]
        seconds = [0.0, 0.0]
        for r in range(args.rounds):
            for i, request in enumerate(requests):
                answers = []
                for which in (0, 1) if (i + r) % 2 else (1, 0):
                    declarers = request[6] if masks[which] else PARTNERS[request[6]]
                    searchers[which].clear()
                    start = time.perf_counter()
                    answers.append(searchers[which].solve_table(*request[:6], declarers))
                    seconds[which] += time.perf_counter() - start
                if answers[0] != answers[1]:
                    raise SystemExit(f"the builds disagree on table {i} of {name}")
        before, after = seconds
        print(
            f"{name}: {len(requests)} tables x {args.rounds} rounds: before {before:.3f} s, after {after:.3f} s, "
            f"after / before {after / before:.3f}"
        )


if __name__ == "__main__":
    main()
