"""Single-dummy simulation speed: seconds for N layouts of one declarer's full table.

For each of a few seeded random Hasenpfeffer deals, ``hasen.simulate`` with the partner
only (one form: the 28 cells of the declarer's table on every layout), in this process, on
one thread; then the same through a process pool when ``--jobs`` is above 1. Prints the
median and the range over the deals, and the layouts per second.

    python benchmarks/bench_simulate.py                  # 1000 layouts, 5 deals
    python benchmarks/bench_simulate.py --layouts 200 --deals 3 --jobs 2
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial

from common import random_deals

import hasen
from hasen.core.variants import HASENPFEFFER
from hasen.search import USING_EXTENSION


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layouts", type=int, default=1000)
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--jobs", type=int, default=1, help="also time a pool of this many processes")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    deals = random_deals(HASENPFEFFER, args.deals, args.seed)
    print(f"search: {'compiled' if USING_EXTENSION else 'pure Python'}; {args.layouts} layouts of one declarer's "
          f"28-cell table, {args.deals} deals")
    runs = {"1 process": None}
    if args.jobs > 1:
        runs[f"{args.jobs} processes"] = args.jobs
    for label, jobs in runs.items():
        seconds = []
        pool = ProcessPoolExecutor(jobs) if jobs else None
        mapper = partial(pool.map, chunksize=25) if pool else map
        try:
            for deal in deals:
                start = time.perf_counter()
                hasen.simulate(deal, seat=deal.dealer, layouts=args.layouts, seed=1, alone=False, mapper=mapper)
                seconds.append(time.perf_counter() - start)
        finally:
            if pool:
                pool.shutdown()
        median = statistics.median(seconds)
        print(f"{label:>12}: median {median:.3f} s (min {min(seconds):.3f}, max {max(seconds):.3f}), "
              f"{args.layouts / median:.0f} layouts/s")


if __name__ == "__main__":
    main()
