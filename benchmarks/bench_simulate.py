"""Single-dummy speed: simulations, opening leads and bid advice, on 1 and N threads.

Each job runs on seeded random deals at its default size (1,000 layouts; bid advice also
its choice layouts for each widow), once on one thread and once on ``--threads``, in turns,
for ``--rounds`` rounds. Prints per job the median seconds on each (over rounds and deals)
and the median of each round's own ratio, which holds better than a ratio of medians on a
busy machine. The targets: Hasenpfeffer bid advice within 2 s and Euchre call advice within
1 s on this machine's threads; 2 threads at least 1.8x one on a 1,000-layout simulation.

    python benchmarks/bench_simulate.py                  # 3 deals, 3 rounds, 2 threads
    python benchmarks/bench_simulate.py --deals 5 --rounds 5 --threads 4
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable

from common import random_deals

import hasen
from hasen.core.seats import SEATS, left_of
from hasen.core.variants import variant_for
from hasen.search import USING_EXTENSION

Job = Callable[[hasen.Deal, int], object]  # (deal, threads) -> the answer


def first_bidder(deal: hasen.Deal) -> str:
    seat = left_of(deal.dealer)
    while seat not in deal.variant.seats:
        seat = left_of(seat)
    return SEATS[seat]


JOBS: dict[str, tuple[str, Job]] = {
    "simulate, 1,000 layouts": (
        "hasenpfeffer",
        lambda deal, threads: hasen.simulate(
            hasen.SeatView(SEATS[deal.dealer], deal=deal), run=hasen.Run(threads=threads)
        ),
    ),
    "lead, 1,000 layouts": (
        "hasenpfeffer",
        lambda deal, threads: hasen.simulate_lead(
            hasen.SeatView.in_deal(deal, first_bidder(deal)),
            f"{SEATS[deal.dealer]}, trump S",
            run=hasen.Run(threads=threads),
        ),
    ),
    "Hasenpfeffer bid advice": (
        "hasenpfeffer",
        lambda deal, threads: hasen.advise(
            hasen.SeatView(first_bidder(deal), deal=deal), run=hasen.Run(threads=threads)
        ),
    ),
    "Euchre call advice": (
        "euchre",
        lambda deal, threads: hasen.advise(
            hasen.SeatView(first_bidder(deal), deal=deal), run=hasen.Run(threads=threads)
        ),
    ),
    "Three-Handed call advice": (
        "euchre3",
        lambda deal, threads: hasen.advise(
            hasen.SeatView(first_bidder(deal), deal=deal), run=hasen.Run(threads=threads)
        ),
    ),
}


def seconds(job: Job, deal: hasen.Deal, threads: int) -> float:
    start = time.perf_counter()
    job(deal, threads)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--job", choices=list(JOBS), action="append", help="only these jobs (repeat)")
    args = parser.parse_args()
    print(
        f"search: {'compiled' if USING_EXTENSION else 'pure Python'}; {args.deals} deals, {args.rounds} rounds, "
        f"1 and {args.threads} threads in turns"
    )
    print(f"{'job':<26}{'1 thread':>10}{f'{args.threads} threads':>12}{'ratio':>8}")
    for name in args.job or JOBS:
        game, job = JOBS[name]
        deals = random_deals(variant_for(game), args.deals, args.seed)
        job(deals[0], 1)  # warm: imports, the search's tables
        one, many, ratios = [], [], []
        for _ in range(args.rounds):
            for deal in deals:
                a, b = seconds(job, deal, 1), seconds(job, deal, args.threads)
                one.append(a)
                many.append(b)
                ratios.append(a / b)
        print(
            f"{name:<26}{statistics.median(one):>9.3f}s{statistics.median(many):>11.3f}s"
            f"{statistics.median(ratios):>7.2f}x"
        )


if __name__ == "__main__":
    main()
