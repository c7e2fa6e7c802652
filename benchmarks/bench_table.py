"""Time the double-dummy search on seeded random Hasenpfeffer deals.

Prints, for the C extension and for the pure-Python twin: the median and 90th percentile
time of one solve (one declarer, trump and discard; the search alone, on a prepared
position), of one declarer's 28-cell table and of the four-declarer table (``analyze``,
as a caller sees it), and the nodes (trick-boundary positions searched) per solve.

    python benchmarks/bench_table.py [--deals 300] [--twin-deals 10] [--seed 1]

The searcher's table is cleared (untimed) before each timed solve and table, so nothing is
answered from an earlier deal's entries. The process is pinned to one core where the OS
allows it.
"""

from __future__ import annotations

import random
from functools import partial

from common import nodes_line, percentiles, random_deals, run, timed, timed_solve

from hasen.core.cards import cards_of
from hasen.core.variants import HASENPFEFFER
from hasen.games.hasenpfeffer.table import analyze_table
from hasen.play.state import Contract, PlayState, declarer_cards


def bench(name: str, searcher_class: type, count: int, seed: int) -> None:
    rng = random.Random(seed)
    searcher = searcher_class()
    solves, tables, fours, nodes = [], [], [], []
    for deal in random_deals(HASENPFEFFER, count, seed):
        declarer, trump = rng.randrange(4), rng.randrange(4)
        discard = rng.choice(cards_of(declarer_cards(deal, declarer)))
        state = PlayState(deal, Contract(declarer, trump, discard))
        seconds, searched = timed_solve(searcher, state)
        solves.append(seconds)
        nodes.append(searched)
        tables.append(timed(searcher, partial(analyze_table, deal, declarer=declarer, searcher=searcher)))
        fours.append(timed(searcher, partial(analyze_table, deal, searcher=searcher)))
    print(f"{name} ({count} deals)")
    print(f"  one solve              {percentiles(solves)}")
    print(f"  one declarer, 28 cells {percentiles(tables)}")
    print(f"  four declarers         {percentiles(fours)}")
    print(f"  nodes per solve        {nodes_line(nodes)}")


if __name__ == "__main__":
    run(__doc__, bench, deals=300, twin_deals=10)
