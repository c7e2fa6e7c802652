"""The pure-Python twin against the compiled search, paired: the same tables, in turns.

    python benchmarks/bench_twin.py [--deals 20] [--seed 1]

On seeded random deals of each game (Hasenpfeffer, four-hand Euchre), one random
declarer's whole table (``Searcher.solve_table``: every trump and discard, the positions
built from real cards) is solved by each core with its table cleared first, the two in
turns (the order alternating from deal to deal), so that both see the same load, and timed
as the thread's CPU time, so that other work on the machine does not count. It prints each
core's median time per table and the median of the per-table ratios, twin over C.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from common import random_deals

from hasen.core.variants import variant_for
from hasen.public import plan_analysis
from hasen.search._search import Searcher as Extension
from hasen.search._search_py import Searcher as Twin


def table_seconds(searcher: Extension | Twin, request: tuple) -> float:
    searcher.clear()
    start = time.thread_time()
    searcher.solve_table(*request)
    return time.thread_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    cores = {"C": Extension(), "twin": Twin()}
    for name in ("hasenpfeffer", "euchre"):
        variant = variant_for(name)
        rng = random.Random(args.seed)
        seconds: dict[str, list[float]] = {core: [] for core in cores}
        for index, deal in enumerate(random_deals(variant, args.deals, args.seed)):
            plan = plan_analysis(deal, declarer=rng.choice(variant.seats))
            order = list(cores) if index % 2 == 0 else list(reversed(cores))
            for request in plan.requests:
                for core in order:
                    seconds[core].append(table_seconds(cores[core], request))
        ratios = [twin / c for c, twin in zip(seconds["C"], seconds["twin"])]
        print(
            f"{name} ({len(ratios)} tables): C median {statistics.median(seconds['C']) * 1e3:.3f} ms, "
            f"twin median {statistics.median(seconds['twin']) * 1e3:.1f} ms, "
            f"twin/C median of the ratios {statistics.median(ratios):.0f}x "
            f"(range {min(ratios):.0f}x-{max(ratios):.0f}x)"
        )


if __name__ == "__main__":
    main()
