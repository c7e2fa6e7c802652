"""Time the double-dummy search on seeded random Hasenpfeffer deals.

Prints, for the C extension and for the pure-Python twin: the median and 90th percentile
time of one solve (one declarer, trump and discard), of one declarer's 28-cell table and
of the four-declarer table, and the nodes (trick-boundary positions) per solve.

    python benchmarks/bench_table.py [--deals 200] [--twin-deals 10] [--seed 1]

The process is pinned to one core where the OS allows it.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from typing import Callable

from solver import Deal, analyze
from solver.cards import cards_of
from solver.deal import format_hand
from solver.play import Contract, PlayState, declarer_cards
from solver.rules import HASENPFEFFER
from solver.search import USING_EXTENSION


def random_deals(count: int, seed: int) -> list[Deal]:
    rng = random.Random(seed)
    deck = cards_of(HASENPFEFFER.deck)
    deals = []
    for _ in range(count):
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[6 * i:6 * i + 6]) for i in range(4)]
        text = "N:" + " ".join(format_hand(h) for h in hands)
        deals.append(Deal(text, dealer=rng.randrange(4)))
    return deals


def percentiles(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return f"median {statistics.median(ordered) * 1e3:8.3f} ms   p90 {p90 * 1e3:8.3f} ms"


def timed(job: Callable[[], object]) -> float:
    start = time.perf_counter()
    job()
    return time.perf_counter() - start


def bench(name: str, searcher_class: type, deals: list[Deal], seed: int) -> None:
    rng = random.Random(seed)
    searcher = searcher_class()
    solves, tables, fours, nodes = [], [], [], []
    for deal in deals:
        declarer, trump = rng.randrange(4), rng.randrange(4)
        discard = rng.choice(cards_of(declarer_cards(deal, declarer)))
        state = PlayState(deal, Contract(declarer, trump, discard))
        before = searcher.nodes
        solves.append(timed(lambda: state.value(searcher)))
        nodes.append(searcher.nodes - before)
        tables.append(timed(lambda: analyze(deal, declarer=declarer, searcher=searcher)))
        fours.append(timed(lambda: analyze(deal, searcher=searcher)))
    print(f"{name} ({len(deals)} deals)")
    print(f"  one solve              {percentiles(solves)}")
    print(f"  one declarer, 28 cells {percentiles(tables)}")
    print(f"  four declarers         {percentiles(fours)}")
    print(f"  nodes per solve        median {statistics.median(nodes):.0f}   "
          f"mean {statistics.mean(nodes):.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="deals for the extension")
    parser.add_argument("--twin-deals", type=int, default=10, help="deals for the Python twin")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    from solver._search_py import Searcher as Twin
    if USING_EXTENSION:
        from solver._search import Searcher as Extension
        bench("extension", Extension, random_deals(args.deals, args.seed), args.seed)
    else:
        print("extension: not built (HASEN_NO_EXTENSIONS set or build failed)")
    if args.twin_deals:
        bench("python twin", Twin, random_deals(args.twin_deals, args.seed), args.seed)


if __name__ == "__main__":
    main()
