"""What two threads gain on a batch of tables, through the Python API and in the search
alone, so that the machine's own ceiling is measured beside the package's figure.

    python benchmarks/bench_threads.py [--game hasenpfeffer|euchre|all] [--deals 1000] [--rounds 9] [--threads 2]

The tables are those of ``hasen bench`` (one random declarer's table per seeded deal). Each
round times the batch on one thread, then split among ``--threads`` threads, twice:

- **public.analyze**: each table as a user asks for it (the deal's text in, the answer out);
- **analyze_many**: the same tables as one batch, as ``hasen.analyze_many`` runs it (each
  thread solves a chunk of tables in one call, holding the GIL once for the chunk);
- **search alone**: the same tables' ``solve_table`` requests, recorded from the first pass
  and solved in one ``solve_tables`` call per thread: nothing but the search, which holds
  no GIL while it solves.

Each thread's search table is emptied before every table. The figure is the median over
the rounds of each round's own ratio (one thread's time over the threads' time), so that
a slower spell of a shared machine falls on both sides of a ratio.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from hasen import public
from hasen.analysis import table
from hasen.cli.bench import GAMES, batch_per_second, seeded_deals, table_jobs
from hasen.core.deal import read_deal
from hasen.core.names import Seat
from hasen.search import thread_searcher


def recorded_calls(jobs: list[tuple[str, str, str, str]]) -> list[tuple[Any, ...]]:
    """The arguments of every ``solve_table`` call the jobs make (the searcher left out):
    every analysis's tables are solved through ``hasen.analysis.table.solve_table``."""
    solve_table = table.solve_table
    calls: list[tuple[Any, ...]] = []

    def recording(searcher: Any, *args: Any) -> bytes:
        calls.append(args)
        return solve_table(searcher, *args)

    table.solve_table = recording
    try:
        run_analyze(jobs)
    finally:
        table.solve_table = solve_table
    assert len(calls) == len(jobs), "a table was solved elsewhere than hasen.analysis.table.solve_table"
    return calls


def run_analyze(jobs: Sequence[tuple[str, str, str, str]]) -> None:
    searcher = thread_searcher()
    for text, dealer, variant, seat in jobs:
        searcher.clear()
        public.analyze(read_deal(text, dealer, variant), declarer=Seat(seat))


def run_search(calls: Sequence[tuple[Any, ...]]) -> None:
    """The tables in one call: the search alone, the GIL released once."""
    thread_searcher().solve_tables(calls, clear_each=True)


def round_speedup(
    pool: ThreadPoolExecutor, threads: int, work: Callable[[Sequence[Any]], None], items: Sequence[Any]
) -> float:
    """One round: the time on this thread over the time split among the pool's threads."""
    start = time.perf_counter()
    work(items)
    one = time.perf_counter() - start
    start = time.perf_counter()
    list(pool.map(work, [items[i::threads] for i in range(threads)]))
    return one / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=[*GAMES, "all"], default="all")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    with ThreadPoolExecutor(args.threads) as pool:
        list(pool.map(lambda _: thread_searcher(), range(args.threads)))  # the threads started untimed
        for game in GAMES if args.game == "all" else [args.game]:
            jobs = table_jobs(seeded_deals(GAMES[game], args.deals, 1), 1)
            calls = recorded_calls(jobs)
            ratios: dict[str, list[float]] = {"public.analyze": [], "analyze_many": [], "search alone": []}
            for _ in range(args.rounds):
                ratios["public.analyze"].append(round_speedup(pool, args.threads, run_analyze, jobs))
                ratios["analyze_many"].append(batch_per_second(jobs, args.threads) / batch_per_second(jobs, 1))
                ratios["search alone"].append(round_speedup(pool, args.threads, run_search, calls))
            print(f"{game}: {len(jobs)} tables, {args.threads} threads against 1, {args.rounds} rounds")
            for name, values in ratios.items():
                rounds = " ".join(f"{r:.2f}" for r in values)
                print(f"  {name:15} median {statistics.median(values):.2f}x   (rounds: {rounds})")


if __name__ == "__main__":
    main()
