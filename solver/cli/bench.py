"""``hasen bench``: the speed of the search on seeded deals, to compare machines and versions.

For each game (Hasenpfeffer; four-hand Euchre, 24 cards) it makes ``--deals`` seeded random
deals (random dealers) and measures, on one thread:

- single solves: one random declarer (maker), trump and discard per deal, the search alone
  on the prepared position, its table emptied first: solves per second, cards played and
  trick boundaries per solve, the time per card played and per boundary;
- tables: one random declarer's table per deal through ``hasen.analyze`` (a Hasenpfeffer
  declarer's 28 cells, a Euchre maker's four trumps with the dealer's discards), the
  thread's search table emptied first: tables per second;

then the same tables on 1 and on ``--threads`` threads at once (each with its own search
table; the search runs without the GIL), tables per second and the ratio; for Hasenpfeffer
the bid advice on a seeded hand (one thread, each bid as if it won the auction) against the
same search solving every cell of every table of the same layouts (``advice_requests``):
the advice solves only what it reads (with the compiled search only); and the process's
peak memory and the search table's size per thread. ``--json`` prints the same as one JSON
object. The deals depend only on ``--seed``, so two machines or two versions measure the
same positions.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from itertools import islice
from typing import Any

from ..core.cards import cards_of
from ..core.deal import Deal, read_deal
from ..core.dealing import random_deals
from ..core.names import CardSet, Seat
from ..core.variants import Variant, variant_for
from ..core.version import __version__
from ..games import FAMILIES
from ..seat_view import SeatView

# each family by its variant of the same name, first deck: Hasenpfeffer, four-hand Euchre (24 cards)
GAMES = {family: variant_for(family) for family in FAMILIES}
STARTUP_RUNS_PER_ROUND = 5  # whole-process runs of each command per round


def seeded_deals(variant: Variant, count: int, seed: int) -> list[Deal]:
    """``count`` random deals of ``variant`` from ``seed``, each with a random dealer."""
    return list(islice(random_deals(variant, seed), count))


def contract_state(deal: Deal, rng: random.Random) -> Any:
    """A random contract's opening position: declarer (maker), trump and a discard where
    somebody exchanges."""
    from ..play.state import Contract, PlayState, declarer_cards, exchanging_seat
    from ..rules.seating import active_seats

    declarer, trump = rng.choice(deal.variant.seats), rng.randrange(4)
    taker = exchanging_seat(deal, trump, declarer, active_seats(deal.variant, declarer, False, None))
    discard = deal.extra if taker is None else rng.choice(cards_of(declarer_cards(deal, taker)))
    return PlayState(deal, Contract(declarer, trump, discard))


def bench_solves(deals: list[Deal], seed: int) -> dict[str, Any]:
    from ..search import thread_searcher

    rng = random.Random(seed)
    searcher = thread_searcher()
    seconds, cards, nodes = [], [], []
    for deal in deals:
        state = contract_state(deal, rng)
        hands, active, leader = state.search_position()
        searcher.clear()
        before_cards, before_nodes = getattr(searcher, "cards", 0), searcher.nodes
        start = time.perf_counter()
        searcher.solve(hands, active, leader, state.declarers)
        seconds.append(time.perf_counter() - start)
        cards.append(getattr(searcher, "cards", 0) - before_cards)
        nodes.append(searcher.nodes - before_nodes)
    total = sum(seconds)
    return {
        "solves": len(deals),
        "solves_per_second": len(deals) / total,
        "median_solve_us": statistics.median(seconds) * 1e6,
        "cards_per_solve": {"median": statistics.median(cards), "mean": statistics.mean(cards)},
        "boundaries_per_solve": {"median": statistics.median(nodes), "mean": statistics.mean(nodes)},
        "ns_per_card": total / max(1, sum(cards)) * 1e9,
        "ns_per_boundary": total / max(1, sum(nodes)) * 1e9,
    }


def table_jobs(deals: list[Deal], seed: int) -> list[tuple[str, str, str, str]]:
    """One random declarer's table per deal, as the public API is called: text, dealer, variant, seat."""
    rng = random.Random(seed + 1)
    return [
        (deal.notation(), "NESW"[deal.dealer], deal.variant.name, "NESW"[rng.choice(deal.variant.seats)])
        for deal in deals
    ]


def run_tables(jobs: list[tuple[str, str, str, str]]) -> list[float]:
    """Each job's first-call table, this thread's search table emptied first; the seconds of each."""
    from .. import public
    from ..search import thread_searcher

    searcher = thread_searcher()
    seconds = []
    for text, dealer, variant, seat in jobs:
        searcher.clear()
        start = time.perf_counter()
        public.analyze(read_deal(text, dealer, variant), declarer=Seat(seat))
        seconds.append(time.perf_counter() - start)
    return seconds


def tables_per_second(jobs: list[tuple[str, str, str, str]], threads: int) -> float:
    """The jobs split among ``threads`` threads at once: tables per second of wall time."""
    if threads == 1:
        start = time.perf_counter()
        run_tables(jobs)
        return len(jobs) / (time.perf_counter() - start)
    from concurrent.futures import ThreadPoolExecutor  # only for the threaded runs

    parts = [jobs[i::threads] for i in range(threads)]
    with ThreadPoolExecutor(threads) as pool:
        pool.submit(run_tables, jobs[:1]).result()  # the pool's threads started before timing
        start = time.perf_counter()
        list(pool.map(run_tables, parts))
        return len(jobs) / (time.perf_counter() - start)


def batch_per_second(jobs: list[tuple[str, str, str, str]], threads: int) -> float:
    """The jobs as one batch, as ``hasen.analyze_many`` runs it on ``threads`` threads (each
    thread solving a chunk's tables in one call), every table's search from an empty table
    as a first call's: tables per second of wall time."""
    from .. import public
    from ..analysis.many import answer_many

    def plan_of(job: tuple[str, str, str, str]) -> Any:
        text, dealer, variant, seat = job
        return public.plan_analysis(read_deal(text, dealer, variant), declarer=Seat(seat))

    start = time.perf_counter()
    answer_many(jobs, plan_of, threads, clear_each=True)
    return len(jobs) / (time.perf_counter() - start)


def search_share(jobs: list[tuple[str, str, str, str]]) -> dict[str, float]:
    """Each job's first-call table through ``hasen.analyze`` and, in turns with it, the
    same table's request alone through ``Searcher.solve_table`` (the search with one call
    around it), the thread's search table emptied before each: the medians and their
    ratio, the Python around a table's search. The two go first on every other job: the
    second of a pair finds the machine's caches warmed by the same search."""
    from .. import public
    from ..search import thread_searcher

    searcher = thread_searcher()
    analyzed: list[float] = []
    alone: list[float] = []
    for number, (text, dealer, variant, seat) in enumerate(jobs):
        request = public.plan_analysis(read_deal(text, dealer, variant), declarer=Seat(seat)).requests[0]
        for which in (0, 1) if number % 2 else (1, 0):
            searcher.clear()
            start = time.perf_counter()
            if which:
                public.analyze(read_deal(text, dealer, variant), declarer=Seat(seat))
            else:
                searcher.solve_table(*request)
            (analyzed if which else alone).append(time.perf_counter() - start)
    table, search = statistics.median(analyzed), statistics.median(alone)
    return {"median_table_us": table * 1e6, "median_search_us": search * 1e6, "ratio": table / search}


def output_share(deals: list[Deal]) -> dict[str, float]:
    """A batch's work per deal: every declarer's table through ``hasen.analyze`` (a first
    call), then its line of output (``to_json`` and ``json.dumps``, as ``hasen batch``
    writes it): the medians, and the median of each deal's output share."""
    from .. import public
    from ..search import thread_searcher

    searcher = thread_searcher()
    tables: list[float] = []
    output: list[float] = []
    for number, deal in enumerate(deals):
        searcher.clear()
        start = time.perf_counter()
        answer = public.analyze(deal)
        middle = time.perf_counter()
        json.dumps({"id": number, "table": answer.to_json()})
        output.append(time.perf_counter() - middle)
        tables.append(middle - start)
    return {
        "tables_ms_per_deal": statistics.median(tables) * 1e3,
        "output_ms_per_deal": statistics.median(output) * 1e3,
        "share": statistics.median(o / (t + o) for t, o in zip(tables, output)),
    }


ADVICE_LAYOUTS = 1000  # the advice's default main layouts, as hasen bid solves them
ADVICE_CHOICE_LAYOUTS: int | None = None  # its choice layouts per widow (None: the advice's default)


def advice_requests(hand: int, layouts: int, choice_layouts: int, seed: int) -> list[tuple[Any, ...]]:
    """The naive work of the Hasenpfeffer bid advice for North's ``hand`` (dealer West, no
    auction): the table request of every layout it deals (the main ones, and every widow's
    choice layouts), for both forms and every defence, each asking for every cell."""
    from dataclasses import replace

    from ..analysis.advice import with_defences
    from ..analysis.knowledge import Knowledge
    from ..core.cards import card_name
    from ..core.settings import Settings
    from ..core.variants import HASENPFEFFER

    settings = Settings()
    k = Knowledge(HASENPFEFFER, 3, 0, hand, None)
    unseen = k.unseen
    requests, widows = [], set()
    shapes = [s for alone in (False, True) for s in with_defences(k, 0, alone, settings)]
    for i in range(layouts):
        hands, extra = k.dealt(seed, i, unseen)
        widows.add(extra)
        requests += [shape.request(HASENPFEFFER, hands, extra) for shape in shapes]
    for widow in sorted(widows):
        seen = replace(k, extra=widow)
        shapes = [s for alone in (False, True) for s in with_defences(seen, 0, alone, settings)]
        for i in range(choice_layouts):
            hands, extra = seen.dealt(f"{seed}/widow {card_name(widow)}", i)
            requests += [shape.request(HASENPFEFFER, hands, extra) for shape in shapes]
    return requests


def advice_against_naive(seed: int, layouts: int | None = None, choice_layouts: int | None = None) -> dict[str, Any]:
    """The Hasenpfeffer bid advice (``model=False``, one thread) on a seeded hand, against
    the same search solving every cell of every table of the same layouts in one call (by
    default the advice's default layouts)."""
    from .. import public
    from ..core.variants import HASENPFEFFER
    from ..notation.inputs import DEFAULT_CHOICE_LAYOUTS
    from ..search import thread_searcher

    layouts = ADVICE_LAYOUTS if layouts is None else layouts
    choice_layouts = DEFAULT_CHOICE_LAYOUTS if choice_layouts is None else choice_layouts
    hand = sum(1 << c for c in random.Random(seed).sample(cards_of(HASENPFEFFER.deck), HASENPFEFFER.hand_size))
    requests = advice_requests(hand, layouts, choice_layouts, seed)
    searcher = thread_searcher()
    searcher.clear()
    start = time.perf_counter()
    cells = sum(len(values) for values in searcher.solve_tables(requests))
    naive = time.perf_counter() - start
    searcher.clear()
    start = time.perf_counter()
    public.advise(
        SeatView("N", hand=CardSet(hand), dealer="W"),
        layouts=layouts,
        choice_layouts=choice_layouts,
        seed=seed,
        model=False,
    )
    advice = time.perf_counter() - start
    return {
        "layouts": layouts,
        "choice_layouts": choice_layouts,
        "advice_s": advice,
        "naive_s": naive,
        "naive_cells": cells,
        "ratio": advice / naive,
    }


def startup(runs: int) -> dict[str, float] | None:
    """``hasen table --example`` as a whole process against ``python -c pass``, in turns,
    after one untimed run of each: the medians and the median of each pair's ratio; None
    where the ``hasen`` command is not beside this Python."""
    import shutil
    import subprocess

    command = shutil.which("hasen", path=os.path.dirname(sys.executable))
    if command is None:
        return None
    pair = [[command, "table", "--example"], [sys.executable, "-c", "pass"]]
    times: list[list[float]] = [[], []]
    for run in range(runs + 1):
        for i, argv in enumerate(pair):
            start = time.perf_counter()
            subprocess.run(argv, stdout=subprocess.DEVNULL, check=True)
            if run:
                times[i].append(time.perf_counter() - start)
    return {
        "runs": runs,
        "table_ms": statistics.median(times[0]) * 1e3,
        "python_ms": statistics.median(times[1]) * 1e3,
        "ratio": statistics.median(t / p for t, p in zip(*times)),
    }


def median_speedup(rates: dict[int, list[float]], threads: int) -> float:
    """The median of each round's ratio of its own two runs: a slower spell of the machine
    falls on both."""
    return statistics.median(n / o for o, n in zip(rates[1], rates[threads]))


def peak_memory_bytes() -> int | None:
    try:
        import resource
    except ImportError:  # not on Windows
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


def bench(games: list[str], deals: int, seed: int, threads: int, rounds: int) -> dict[str, Any]:
    from ..rules.scoring import bids_for_tricks
    from ..search import USING_EXTENSION, Core, thread_searcher

    searcher = thread_searcher()
    result: dict[str, Any] = {
        "version": __version__,
        "search": "compiled" if USING_EXTENSION else "pure-Python",
        "cpu_path": getattr(searcher, "cpu_path", None),
        "machine": platform.machine(),
        "processor": platform.processor() or None,
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "deals": deals,
        "seed": seed,
        "threads": threads,
        "rounds": rounds,
        "search_table_bytes_per_thread": getattr(searcher, "table_bytes", None),
        "core": f"{Core.__module__}.{Core.__name__}",
        "games": {},
    }
    for game in games:
        dealt = seeded_deals(GAMES[game], deals, seed)
        jobs = table_jobs(dealt, seed)
        solves = bench_solves(dealt, seed)
        seconds = run_tables(jobs)
        against_search = search_share(jobs)
        outputs = output_share(dealt)
        # 1 and N threads in turns, so that other load on the machine falls on both alike
        rates: dict[int, list[float]] = {1: [], threads: []}
        batches: dict[int, list[float]] = {1: [], threads: []}
        for _ in range(rounds):
            for n in dict.fromkeys([1, threads]):
                rates[n].append(tables_per_second(jobs, n))
            for n in dict.fromkeys([1, threads]):
                batches[n].append(batch_per_second(jobs, n))
        result["games"][game] = {
            **solves,
            "tables": len(jobs),
            "tables_per_second": len(jobs) / sum(seconds),
            "median_table_us": statistics.median(seconds) * 1e6,
            "table_against_search": against_search,
            "batch_output": outputs,
            "tables_per_second_by_threads": {str(n): statistics.median(rates[n]) for n in rates},
            "thread_speedup": median_speedup(rates, threads),
            "batch_tables_per_second_by_threads": {str(n): statistics.median(batches[n]) for n in batches},
            "batch_thread_speedup": median_speedup(batches, threads),
        }
        if bids_for_tricks(GAMES[game]) and USING_EXTENSION:  # the bid advice; the twin would take minutes
            result["games"][game]["advice"] = advice_against_naive(seed, choice_layouts=ADVICE_CHOICE_LAYOUTS)
    result["startup"] = startup(STARTUP_RUNS_PER_ROUND * rounds)
    result["peak_memory_bytes"] = peak_memory_bytes()
    return result


def text(result: dict[str, Any]) -> str:
    lines = [
        f"hasen {result['version']} ({result['search']} search, {result['cpu_path'] or 'no'} CPU path), "
        f"{result['machine']}, {result['cores']} cores, Python {result['python']}",
        f"{result['deals']} seeded deals per game (seed {result['seed']})",
    ]
    for game, g in result["games"].items():
        threads = result["threads"]
        by, batch = g["tables_per_second_by_threads"], g["batch_tables_per_second_by_threads"]
        against, output = g["table_against_search"], g["batch_output"]
        lines += [
            f"{game}",
            f"  single solves        {g['solves_per_second']:9.0f} /s   median {g['median_solve_us']:8.1f} us",
            f"  cards per solve      median {g['cards_per_solve']['median']:6.0f}   mean "
            f"{g['cards_per_solve']['mean']:6.0f}   {g['ns_per_card']:6.1f} ns per card",
            f"  boundaries per solve median {g['boundaries_per_solve']['median']:6.0f}   mean "
            f"{g['boundaries_per_solve']['mean']:6.0f}   {g['ns_per_boundary']:6.1f} ns per boundary",
            f"  tables (first call)  {g['tables_per_second']:9.0f} /s   median {g['median_table_us']:8.1f} us",
            f"  table / its search   {against['ratio']:9.2f}x   median {against['median_table_us']:8.1f} us against "
            f"{against['median_search_us']:.1f} us (solve_table alone, in turns)",
            f"  batch output         {output['share'] * 100:8.1f} %   of a deal (median): "
            f"{output['output_ms_per_deal']:.3f} ms to_json and json.dumps after {output['tables_ms_per_deal']:.3f} ms "
            f"for every declarer's table",
            f"  tables, 1 thread     {by['1']:9.0f} /s",
        ]
        if threads != 1:
            lines.append(
                f"  tables, {threads} threads    {by[str(threads)]:9.0f} /s   "
                f"{g['thread_speedup']:.2f}x one thread (median of {result['rounds']} rounds' ratios)"
            )
        lines.append(f"  batch, 1 thread      {batch['1']:9.0f} /s")
        if threads != 1:
            lines.append(
                f"  batch, {threads} threads     {batch[str(threads)]:9.0f} /s   "
                f"{g['batch_thread_speedup']:.2f}x one thread (median of {result['rounds']} rounds' ratios)"
            )
        advice = g.get("advice")
        if advice:
            lines.append(
                f"  bid advice, 1 thread {advice['ratio']:9.2f}x  the time of every cell solved: "
                f"{advice['advice_s']:.3f} s against {advice['naive_s']:.3f} s for "
                f"{advice['naive_cells']:,} cells ({advice['layouts']} layouts, "
                f"{advice['choice_layouts']} per widow)"
            )
    start = result["startup"]
    if start:
        lines.append(
            f"start-up: hasen table --example {start['table_ms']:.1f} ms, python -c pass "
            f"{start['python_ms']:.1f} ms: {start['ratio']:.2f}x (median of {start['runs']} runs' ratios)"
        )
    table = result["search_table_bytes_per_thread"]
    peak = result["peak_memory_bytes"]
    lines.append(f"search table per thread {table / 2**20:.2f} MiB" if table else "search table per thread: a dict")
    if peak:
        lines.append(f"peak memory {peak / 2**20:.1f} MiB")
    return "\n".join(lines)


def cmd_bench(args: argparse.Namespace) -> int:
    games = list(GAMES) if args.game == "all" else [args.game]
    result = bench(games, args.deals, args.seed, args.threads, args.rounds)
    print(json.dumps(result) if args.json else text(result))
    return 0
