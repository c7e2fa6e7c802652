"""First-call tables through the public API against the same positions solved in C alone.

    python benchmarks/bench_reference.py [--deals 300] [--seed 1] [--cc cc]

For each seeded deal (a random declarer; Hasenpfeffer: one declarer's 28 cells; four-hand
Euchre: one maker's table, nine solves: four trumps, six discards for the upcard's suit),
interleaved, deal by deal:

- ``hasen.analyze(deal, declarer=...)``: the whole call as a user makes it, from the deal's
  text to the answer object, the thread's search table emptied first (a first call);
- ``plain C``: the same positions solved by benchmarks/c/plain_search.c, a plain alpha-beta
  written for this comparison (see its header), compiled here with ``-O2 -march=native``
  and timed inside C;
- ``core from C``: the package's own C search (solver/search/_search_cpu.h) driven from C
  (benchmarks/c/core_driver.c, same flags), timed inside C: the search with no Python.

The plain search runs first on each deal; the API and the core from C follow in turns, each
first on every other deal (the second of the two finds the caches and the branch history
warmed by the same search). It prints the medians, the ratios of the medians, and the
cards each C search plays; the three must agree on every cell, or the script stops. The
process is pinned to one core.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

from common import random_deals

import hasen
from hasen.core.cards import cards_of
from hasen.core.deal import read_deal
from hasen.core.seats import side_seats
from hasen.core.variants import HASENPFEFFER, variant_for
from hasen.play.state import Contract, PlayState, declarer_cards, exchanging_seat
from hasen.search import thread_searcher
from hasen.search.layout import layout, to_layout

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
EUCHRE = variant_for("euchre", 24)


def build(cc: str, tmp: str) -> tuple[ctypes.CDLL, ctypes.CDLL]:
    libs = []
    for name, extra in (("plain_search", []), ("core_driver", ["-I", os.path.join(ROOT, "solver", "search")])):
        out = os.path.join(tmp, f"{name}.so")
        subprocess.run(
            [cc, "-O2", "-march=native", "-shared", "-fPIC", *extra, "-o", out, os.path.join(HERE, "c", f"{name}.c")],
            check=True,
        )
        lib = ctypes.CDLL(out)
        fn = getattr(lib, name.replace("_search", "_table").replace("_driver", "_table"))
        fn.restype = ctypes.c_double
        fn.argtypes = [
            ctypes.POINTER(ctypes.c_uint64),
            ctypes.c_int,
            ctypes.c_int,
            ctypes.c_int,
            ctypes.c_int,
            ctypes.POINTER(ctypes.c_int),
            ctypes.POINTER(ctypes.c_uint64),
        ]
        libs.append(fn)
    return libs[0], libs[1]


def solve_in_c(
    fn, groups: list[tuple[list[list[int]], int, int, int]], side_as_seats: bool = False
) -> tuple[float, list[int], int]:
    """Each group (positions with one seat set, leader and side) through ``fn``, the side
    by parity or (``side_as_seats``: the package's core) as the mask of its seats; the
    table is emptied once, at the start, as for a first call."""
    seconds, values, cards = 0.0, [], 0
    first = True
    for positions, active, leader, side in groups:
        side = side_seats(side) if side_as_seats else side
        flat = (ctypes.c_uint64 * (4 * len(positions)))(*[h for p in positions for h in p])
        out = (ctypes.c_int * len(positions))()
        played = ctypes.c_uint64()
        # one table for the whole answer: only the first group starts it empty
        seconds += (
            fn(flat, len(positions), active, leader, side, out, ctypes.byref(played))
            if first
            else fn(flat, len(positions), active, leader, side, out, ctypes.byref(played))
        )
        first = False
        values.extend(out)
        cards += played.value
    return seconds, values, cards


def hasenpfeffer_positions(deal, declarer: int) -> list[tuple[list[list[int]], int, int, int]]:
    """The 28 positions of one declarer's table, trump by trump, discards in card order."""
    seven = declarer_cards(deal, declarer)
    discards = cards_of(seven)
    state = PlayState(deal, Contract(declarer, 0, discards[0]))
    seat = deal.variant.search_seat(declarer)
    positions = []
    for trump in range(4):
        hands, active, leader = state.search_position(trump)
        for d in discards:
            hands[seat] = to_layout(seven, trump) & ~(1 << layout(trump)[d])
            positions.append(list(hands))
    return [(positions, active, leader, state.declaring_side)]


def euchre_positions(deal, maker: int) -> list[tuple[list[list[int]], int, int, int]]:
    """One maker's table: one position per trump, six (the dealer's discards) for the
    upcard's suit."""
    groups = []
    for trump in range(4):
        state = PlayState(deal, Contract(maker, trump, deal.extra))
        hands, active, leader = state.search_position()
        taker = exchanging_seat(deal, trump, maker, state.seats)
        if taker is None:
            groups.append(([hands], active, leader, state.declaring_side))
            continue
        six = declarer_cards(deal, taker)
        seat = deal.variant.search_seat(taker)
        positions = []
        for d in cards_of(six):
            hands[seat] = to_layout(six, trump) & ~(1 << layout(trump)[d])
            positions.append(list(hands))
        groups.append((positions, active, leader, state.declaring_side))
    return groups


def api_values(answer, seat: str) -> list[int]:
    table = answer.tables[seat]
    if hasattr(table, "discards"):
        return [table.tricks[t][d] for t in range(4) for d in table.discards]
    values = []
    for t in range(4):
        entry = table.entries[t]
        values.extend(entry.discards.values() if entry.discards else [entry.value])
    return values


def bench(game: str, variant, make_groups, count: int, seed: int, plain, core) -> None:
    rng = random.Random(seed)
    searcher = thread_searcher()
    api, plain_s, core_s, plain_cards, core_cards = [], [], [], [], []
    for number, deal in enumerate(random_deals(variant, count, seed)):
        seat = rng.choice(variant.seats)
        text, dealer = deal.notation(), "NESW"[deal.dealer]
        name = "NESW"[seat]
        groups = make_groups(deal, seat)
        seconds, values, cards = solve_in_c(plain, groups)
        plain_s.append(seconds)
        plain_cards.append(cards)
        # the API and the core from C in turns, each first on every other deal: the second
        # of the two finds the machine's caches and branch history warmed by the same search
        for which in ("api", "core") if number % 2 else ("core", "api"):
            if which == "api":
                searcher.clear()
                start = time.perf_counter()
                answer = hasen.analyze(read_deal(text, dealer, variant), declarer=name)
                api.append(time.perf_counter() - start)
            else:
                seconds, core_values, cards = solve_in_c(core, groups, side_as_seats=True)
                core_s.append(seconds)
                core_cards.append(cards)
        if not values == core_values == api_values(answer, name):
            sys.exit(
                f"the searches disagree on {deal!r}, {name}: plain {values}, core {core_values}, "
                f"API {api_values(answer, name)}"
            )
    a, p, c = statistics.median(api), statistics.median(plain_s), statistics.median(core_s)
    print(f"{game} ({count} deals, one table each, median)")
    print(f"  hasen.analyze(deal, declarer=...)  {a * 1e6:8.1f} us")
    print(
        f"  plain C search                     {p * 1e6:8.1f} us   cards per table median "
        f"{statistics.median(plain_cards):.0f}"
    )
    print(
        f"  the package's C search from C      {c * 1e6:8.1f} us   cards per table median "
        f"{statistics.median(core_cards):.0f}"
    )
    print(f"  analyze / plain C {a / p:.2f}x   analyze / core from C {a / c:.2f}x   core / plain C {c / p:.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cc", default=os.environ.get("CC", "cc"))
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    with tempfile.TemporaryDirectory() as tmp:
        plain, core = build(args.cc, tmp)
        bench(
            "Hasenpfeffer, one declarer's 28 cells",
            HASENPFEFFER,
            hasenpfeffer_positions,
            args.deals,
            args.seed,
            plain,
            core,
        )
        bench("four-hand Euchre, one maker's table", EUCHRE, euchre_positions, args.deals, args.seed, plain, core)


if __name__ == "__main__":
    main()
