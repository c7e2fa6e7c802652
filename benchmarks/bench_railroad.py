"""Time Railroad Euchre's lone tables, where the maker (and a lone defender) calls for best,
against the same search driven from C.

For seeded random 25-card deals, one random lone maker each: its table through
``analyze_euchre`` (what ``hasen.analyze`` calls: building the requests of every choice
before the last caller's, solving them, folding the choices in the game's order), and the
same requests solved in one ``solve_tables`` call of the compiled core, which builds and
solves every position in C without the GIL: the search alone. The ratio is what the Python around the search costs.
Both with and without a lone defender; the searcher's table is cleared before each, and each
goes first on every other deal (the second solve of a deal runs in warm caches).

    python benchmarks/bench_railroad.py [--deals 200] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from functools import partial

from hasen.core.deal import Deal
from hasen.core.dealing import random_deals
from hasen.core.seats import SEATS
from hasen.core.settings import Settings
from hasen.core.variants import variant_for
from hasen.games.euchre.table import CallingPlan, analyze_euchre
from hasen.search import Searcher, thread_searcher

RAILROAD = variant_for("railroad", 25)


def analyzed(deal: Deal, maker: int, defender: int | None, searcher: Searcher) -> None:
    """The lone maker's table through ``analyze_euchre``, its answer built."""
    entries = (
        analyze_euchre(deal, declarer=SEATS[maker], alone=True, defender=defender, searcher=searcher)
        .tables[SEATS[maker]]
        .entries
    )
    assert len(entries) == 4


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    searcher = thread_searcher()
    for defended in (False, True):
        rng = random.Random(args.seed)
        whole, search, requests = [], [], []
        deals = random_deals(RAILROAD, args.seed)
        for _ in range(args.deals):
            deal = next(deals)
            maker = rng.randrange(4)
            defender = (maker + rng.choice((1, 3))) % 4 if defended else None
            plan = CallingPlan(deal, maker, defender, Settings())
            # the second solve of a deal finds the processor's caches warm: each side goes
            # first on every other deal
            timings = [
                (whole, partial(analyzed, deal, maker, defender, searcher)),
                (search, partial(searcher.solve_tables, plan.requests)),
            ]
            for times, work in timings if len(whole) % 2 == 0 else reversed(timings):
                searcher.clear()
                start = time.perf_counter()
                work()
                times.append(time.perf_counter() - start)
            requests.append(len(plan.requests))
        form = "against a lone defender" if defended else "against both defenders"
        total_whole, total_search = sum(whole), sum(search)
        print(
            f"lone maker {form}: {args.deals} tables, {statistics.mean(requests):.0f} requests a table; "
            f"the table {1000 * total_whole / args.deals:.2f} ms a table, the search alone from C "
            f"{1000 * total_search / args.deals:.2f} ms: {total_whole / total_search:.2f}x"
        )


if __name__ == "__main__":
    main()
