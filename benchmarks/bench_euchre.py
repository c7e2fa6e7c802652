"""Time single solves on seeded random four-hand Euchre deals (24 cards, the family's
common benchmark): one maker and one trump each, with the partner; the dealer keeps the
upcard and discards a random card when its suit is trump.

Prints, for the C extension and the pure-Python twin, the median and 90th percentile time
of one solve and the nodes (trick-boundary positions) per solve; also one maker's whole
table (four trumps, six discards for the upcard's suit).

    python setup.py build_ext --inplace
    python benchmarks/bench_euchre.py [--deals 1000] [--twin-deals 50] [--seed 1]

The searcher's table is cleared (untimed) before each timed solve and table, so nothing is
answered from an earlier deal's entries. The process is pinned to one core where the OS
allows it.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from solver.cards import card_name, cards_of
from solver.deal import Deal, format_hand
from solver.euchre import maker_table
from solver.play import Contract, PlayState, declarer_cards
from solver.rules import Settings, takes_upcard, variant_for
from solver.search import USING_EXTENSION

EUCHRE = variant_for("euchre", 24)


def random_deals(count: int, seed: int) -> list[Deal]:
    rng = random.Random(seed)
    deck = cards_of(EUCHRE.deck)
    deals = []
    for _ in range(count):
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[5 * i:5 * i + 5]) for i in range(4)]
        text = "N:" + " ".join(format_hand(h) for h in hands) + " " + card_name(deck[20])
        deals.append(Deal(text, dealer=rng.randrange(4), variant=EUCHRE))
    return deals


def random_state(rng: random.Random, deal: Deal) -> PlayState:
    maker, trump = rng.randrange(4), rng.randrange(4)
    discard = deal.extra
    if takes_upcard(deal.extra, trump):
        discard = rng.choice(cards_of(declarer_cards(deal, deal.dealer)))
    return PlayState(deal, Contract(maker, trump, discard))


def percentiles(seconds: list[float]) -> str:
    ordered = sorted(seconds)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return f"median {statistics.median(ordered) * 1e3:8.4f} ms   p90 {p90 * 1e3:8.4f} ms"


def bench(name: str, searcher_class: type, deals: list[Deal], seed: int) -> None:
    rng = random.Random(seed)
    searcher = searcher_class()
    solves, tables, nodes = [], [], []
    for deal in deals:
        state = random_state(rng, deal)
        hands, active, leader = state.search_position()  # the solve alone is timed
        searcher.clear()
        before = searcher.nodes
        start = time.perf_counter()
        searcher.solve(hands, active, leader, state.declaring_side)
        solves.append(time.perf_counter() - start)
        nodes.append(searcher.nodes - before)
        searcher.clear()
        start = time.perf_counter()
        maker_table(deal, state.contract.declarer, False, None, Settings(), searcher)
        tables.append(time.perf_counter() - start)
    print(f"{name} ({len(deals)} deals)")
    print(f"  one solve (one maker, one trump)  {percentiles(solves)}")
    print(f"  one maker's table (9 solves)      {percentiles(tables)}")
    print(f"  nodes per solve                   median {statistics.median(nodes):.0f}   "
          f"mean {statistics.mean(nodes):.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals for the extension")
    parser.add_argument("--twin-deals", type=int, default=50, help="deals for the Python twin")
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
