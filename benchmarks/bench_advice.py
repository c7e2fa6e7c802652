"""The bid advice against a C search doing the naive work: every choice on every layout.

    python benchmarks/bench_advice.py [--hands 4] [--seed 1] [--layouts 1000]
                                      [--choice-layouts N] [--cc cc]

For seeded random Hasenpfeffer hands (North's six cards, dealer West, no auction), one thread:

- ``hasen.advise(..., model=False)``: the whole advice (each bid as if it won the auction, with
  the partner and alone), from the call to the answer object;
- ``naive, C``: the same layouts (the main ones, and the choice layouts of every widow the
  main layouts hold, as many as ``--choice-layouts``) with every cell of every table solved
  (28 choices, four tables a layout: with the partner, alone, alone against each lone
  defender) by the package's own C search driven from C (benchmarks/c/core_driver.c, its
  table emptied for each layout's table), timed inside C: the search alone, no Python.

The advice solves less: its main layouts only in the cells its choices picked, its choice
layouts past the first round only for the candidates still in the race
(``hasen.analysis.choosing``). It prints each hand's times, their ratio, and the cells each
solved. The process is pinned to one core.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import random
import statistics
import tempfile
import time

from bench_reference import build

import hasen
from hasen.cli.bench import advice_requests
from hasen.core.cards import cards_of
from hasen.core.variants import HASENPFEFFER
from hasen.notation.inputs import DEFAULT_CHOICE_LAYOUTS
from hasen.search import thread_searcher
from hasen.search.protocol import NOT_SOLVED


def cells_of(request) -> tuple[list[int], int, int, int]:
    """A table request's every position (as the compiled core builds them), flat."""
    hands, layouts, takers, extra, active, leader, side = request[:7]
    stride = len(layouts) // 4
    flat: list[int] = []
    for trump in range(4):
        row = layouts[trump * stride : (trump + 1) * stride]
        laid = [sum(1 << row[c] for c in cards_of(hand)) for hand in hands]
        taker = takers[trump]
        if taker < 0:
            flat += laid
            continue
        full = laid[taker] | 1 << row[extra]
        for card in sorted(cards_of(hands[taker] | 1 << extra)):  # by card number, as the core
            position = list(laid)
            position[taker] = full & ~(1 << row[card])
            flat += position
    return flat, active, leader, side


def solve_naive(core, requests: list[tuple]) -> tuple[float, int, list[list[int]]]:
    seconds, cells, values = 0.0, 0, []
    for request in requests:
        flat, active, leader, side = cells_of(request)
        count = len(flat) // 4
        positions = (ctypes.c_uint64 * len(flat))(*flat)
        out = (ctypes.c_int * count)()
        played = ctypes.c_uint64()
        seconds += core(positions, count, active, leader, side, out, ctypes.byref(played))
        cells += count
        values.append(list(out))
    return seconds, cells, values


def counted_cells(job):
    """The cells the advice solves, counted as its chunks come back."""
    counts = [0]

    def counting(self, span):
        extras, rows = job(self, span)
        counts[0] += sum(int((r != NOT_SOLVED).sum()) for r in rows)
        return extras, rows

    return counting, counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--layouts", type=int, default=1000)
    parser.add_argument("--choice-layouts", type=int, default=DEFAULT_CHOICE_LAYOUTS)
    parser.add_argument("--cc", default=os.environ.get("CC", "cc"))
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    from hasen.analysis import layouts as layouts_module

    rng = random.Random(args.seed)
    deck = cards_of(HASENPFEFFER.deck)
    ratios = []
    print(
        f"Hasenpfeffer bid advice, {args.layouts} layouts and {args.choice_layouts} choice layouts per widow, "
        f"one thread"
    )
    print(f"{'hand':>16} {'advice':>9} {'naive, C':>9} {'ratio':>7} {'cells: advice':>14} {'naive':>9}")
    with tempfile.TemporaryDirectory() as tmp:
        _, core = build(args.cc, tmp)
        for _ in range(args.hands):
            hand = sum(1 << c for c in rng.sample(deck, HASENPFEFFER.hand_size))
            requests = advice_requests(hand, args.layouts, args.choice_layouts, args.seed)
            naive_seconds, naive_cells, values = solve_naive(core, requests)
            sample = thread_searcher().solve_tables(requests[:40], clear_each=True)
            assert [list(v) for v in sample] == values[:40], "the C from C and the package's search disagree"
            real = layouts_module.TablesJob.__call__
            counting, counts = counted_cells(real)
            layouts_module.TablesJob.__call__ = counting
            try:
                thread_searcher().clear()
                start = time.perf_counter()
                hasen.advise(
                    hasen.SeatView("N", hand=hasen.CardSet(hand), dealer="W"),
                    layouts=args.layouts,
                    choice_layouts=args.choice_layouts,
                    seed=args.seed,
                    model=False,
                )
                advice_seconds = time.perf_counter() - start
            finally:
                layouts_module.TablesJob.__call__ = real
            ratios.append(advice_seconds / naive_seconds)
            print(
                f"{str(hasen.CardSet(hand)):>16} {advice_seconds:8.3f}s {naive_seconds:8.3f}s {ratios[-1]:6.2f}x "
                f"{counts[0]:>14,} {naive_cells:>9,}"
            )
    print(f"median ratio, advice / naive C: {statistics.median(ratios):.2f}x")


if __name__ == "__main__":
    main()
