"""What the benchmark scripts share: seeded random deals, one-core pinning, percentiles."""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable

from hasen.cli.bench import seeded_deals
from hasen.cli.sample_night import club_night  # noqa: F401  (the scripts take it from here)
from hasen.play.state import PlayState
from hasen.search import USING_EXTENSION

random_deals = seeded_deals  # the seeded deals of hasen bench, for the scripts too


def timed_solve(searcher, state: PlayState) -> tuple[float, int]:
    """Seconds and nodes of the search alone on ``state``'s position, the table cleared first."""
    hands, active, leader = state.search_position()
    searcher.clear()
    before = searcher.nodes
    start = time.perf_counter()
    searcher.solve(hands, active, leader, state.declarers)
    return time.perf_counter() - start, searcher.nodes - before


def timed(searcher, job: Callable[[], object]) -> float:
    """Seconds ``job()`` takes, the searcher's table cleared first."""
    searcher.clear()
    start = time.perf_counter()
    job()
    return time.perf_counter() - start


def percentiles(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return f"median {statistics.median(ordered) * 1e3:8.4f} ms   p90 {p90 * 1e3:8.4f} ms"


def nodes_line(nodes: list[int]) -> str:
    return f"median {statistics.median(nodes):.0f}   mean {statistics.mean(nodes):.0f}"


def run(doc: str, bench: Callable[[str, type, int, int], None], deals: int, twin_deals: int) -> None:
    """Parse the common options, pin to one core, and bench the extension and the twin."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--deals", type=int, default=deals, help="deals for the extension")
    parser.add_argument("--twin-deals", type=int, default=twin_deals, help="deals for the Python twin")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    from hasen.search._search_py import Searcher as Twin

    if USING_EXTENSION:
        from hasen.search._search import Searcher as Extension

        bench("extension", Extension, args.deals, args.seed)
    else:
        print("extension: not built (HASEN_NO_EXTENSIONS set or build failed)")
    if args.twin_deals:
        bench("python twin", Twin, args.twin_deals, args.seed)
