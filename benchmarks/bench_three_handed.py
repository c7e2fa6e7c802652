"""Time Three-Handed Euchre's maker tables against the same search driven from C.

For seeded random deals, one random maker each: its table through ``hasen.analyze`` (the
deal's text read, the request checked, the tables built, solved on the thread's searcher
and the answer made), and
the same table requests solved in one ``solve_tables`` call of the compiled core, which
builds and solves every position in C without the GIL: the search alone. The ratio is what
the Python around the search costs. The searcher's table is cleared before each, and each
goes first on every other deal (the second solve of a deal runs in warm caches).

    python benchmarks/bench_three_handed.py [--deals 500] [--deck 24] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from functools import partial

from hasen import public
from hasen.core.deal import Deal
from hasen.core.dealing import random_deals
from hasen.core.seats import SEATS
from hasen.core.variants import variant_for
from hasen.games import game_of
from hasen.search import thread_searcher


def analyzed(text: str, dealer: str, maker: str, deck: int) -> None:
    """The maker's table as a caller gets it, from the deal's text to the answer built."""
    answer = public.analyze(Deal(text, dealer=dealer, variant="euchre3", deck=deck), declarer=maker)
    assert len(answer.tables[maker].entries) == 4


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--deck", type=int, default=24, choices=(24, 32))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    variant = variant_for("euchre3", args.deck)
    searcher = thread_searcher()
    rng = random.Random(args.seed)
    deals = random_deals(variant, args.seed)
    whole, search = [], []
    for number in range(args.deals):
        deal = next(deals)
        text, dealer, maker = deal.notation(), SEATS[deal.dealer], SEATS[rng.choice(variant.seats)]
        plan = game_of(variant).plan_table(deal, declarer=maker)
        # the second solve of a deal finds the processor's caches warm: each side goes first
        # on every other deal
        timings = [
            (whole, partial(analyzed, text, dealer, maker, args.deck)),
            (search, partial(searcher.solve_tables, plan.requests)),
        ]
        for times, work in timings if number % 2 == 0 else reversed(timings):
            searcher.clear()
            start = time.perf_counter()
            work()
            times.append(time.perf_counter() - start)
    print(f"Three-Handed Euchre, {args.deck} cards, {args.deals} deals, one maker's table each (one core)")
    print(f"  hasen.analyze        median {statistics.median(whole) * 1e6:8.1f} us   total {sum(whole):.3f} s")
    print(f"  the search from C    median {statistics.median(search) * 1e6:8.1f} us   total {sum(search):.3f} s")
    print(f"  ratio (totals)       {sum(whole) / sum(search):.2f}x")


if __name__ == "__main__":
    main()
