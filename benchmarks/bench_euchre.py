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

import random
from functools import partial

from common import nodes_line, percentiles, random_deals, run, timed, timed_solve

from hasen.core.cards import cards_of
from hasen.core.deal import Deal
from hasen.core.settings import Settings
from hasen.core.variants import variant_for
from hasen.games.euchre.table import maker_table
from hasen.play.state import Contract, PlayState, declarer_cards
from hasen.rules.trump import takes_upcard

EUCHRE = variant_for("euchre", 24)


def random_state(rng: random.Random, deal: Deal) -> PlayState:
    maker, trump = rng.randrange(4), rng.randrange(4)
    discard = deal.extra
    if takes_upcard(deal.extra, trump):
        discard = rng.choice(cards_of(declarer_cards(deal, deal.dealer)))
    return PlayState(deal, Contract(maker, trump, discard))


def bench(name: str, searcher_class: type, count: int, seed: int) -> None:
    rng = random.Random(seed)
    searcher = searcher_class()
    solves, tables, nodes = [], [], []
    for deal in random_deals(EUCHRE, count, seed):
        state = random_state(rng, deal)
        seconds, searched = timed_solve(searcher, state)
        solves.append(seconds)
        nodes.append(searched)
        tables.append(
            timed(searcher, partial(maker_table, deal, state.contract.declarer, False, None, Settings(), searcher))
        )
    print(f"{name} ({count} deals)")
    print(f"  one solve (one maker, one trump)  {percentiles(solves)}")
    print(f"  one maker's table (9 solves)      {percentiles(tables)}")
    print(f"  nodes per solve                   {nodes_line(nodes)}")


if __name__ == "__main__":
    run(__doc__, bench, deals=1000, twin_deals=50)
