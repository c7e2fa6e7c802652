"""Many random Hasenpfeffer deals through ``hasen batch``: time per deal, and what the tables say.

    python benchmarks/bench_batch.py [--deals 100000] [--seed 1] [--jobs1-deals N] [--dask]
                                     [--interrupt SECONDS] [--sd-deals 200] [--sd-layouts 100] [--keep DIR]
    python benchmarks/bench_batch.py --stats-from OUT [--sd-deals 200] [--sd-layouts 100] [--seed 1]

It writes ``--deals`` seeded random deals (each with a random dealer) as JSON lines, runs
``hasen batch`` on them with ``--jobs 1`` (on the first ``--jobs1-deals`` only, when given)
and ``--jobs 2``, and with ``--dask`` on a Dask LocalCluster of two worker processes too,
each as its own process with the wall time measured around it. ``--interrupt SECONDS``
stops the ``--jobs 2`` run with Ctrl-C (SIGINT to its process group, as a terminal sends it)
after that long and runs it again to resume; the time counts both. All outputs must be the
same bytes (the shorter ``--jobs 1`` run: the same first lines).

Then, from the tables of every deal:

- the distribution of the deal's best declarer tricks (the most any seat takes as declarer,
  with the partner, with its best trump and discard);
- for the best declarer (the first of N E S W with those tricks) and its best contract (the
  table's bracketed cell), how many trumps it holds in the six cards it plays (the Joker and
  the left bower count): how often each count is the winning contract's, and its mean tricks;
- DD-best against SD-best on the first ``--sd-deals`` deals: that declarer's choice by
  ``hasen.simulate`` (knowing its hand and the widow, ``--sd-layouts`` layouts, with the
  partner; the choice with the most mean tricks) against the double-dummy best: how often it
  is one of the double-dummy best cells (ties count), how often its trump is that of one,
  and the tricks it gives away on the real deal.

``--stats-from OUT`` prints the figures from the output of an earlier run (with the same
``--seed``) without running anything.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from common import random_deals

from hasen.core.deal import Deal
from hasen.core.variants import HASENPFEFFER
from hasen.rules.trump import effective_suit
from hasen.search import USING_EXTENSION
from hasen.workers import ordered_map

ROOT = Path(__file__).resolve().parent.parent
SEATS = "NESW"
SUITS = "SHDC"


def write_deals(path: Path, count: int, seed: int) -> None:
    with path.open("w", encoding="utf-8") as out:
        for i, deal in enumerate(random_deals(HASENPFEFFER, count, seed)):
            out.write(json.dumps({"id": i, "deal": deal.notation(), "dealer": SEATS[deal.dealer]}) + "\n")


def first_lines(source: Path, target: Path, count: int) -> None:
    with source.open(encoding="utf-8") as lines, target.open("w", encoding="utf-8") as out:
        for _, line in zip(range(count), lines):
            out.write(line)


def batch_command(source: Path, out: Path, *options: str) -> list[str]:
    return [sys.executable, "-m", "hasen.cli", "batch", str(source), str(out), *options]


def timed_batch(source: Path, out: Path, *options: str, interrupt: float | None = None) -> tuple[float, str]:
    """Seconds for ``hasen batch`` to finish (stopped with Ctrl-C after ``interrupt`` seconds
    and run again, when given) and what happened; its stderr goes to ours (a progress bar
    when that is a terminal)."""
    command = batch_command(source, out, *options)
    start = time.perf_counter()
    note = ""
    if interrupt is not None:
        child = subprocess.Popen(command, cwd=ROOT, start_new_session=True)
        try:
            child.wait(timeout=interrupt)
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, signal.SIGINT)
            child.wait()
        kept = sum(1 for _ in out.open(encoding="utf-8")) if out.exists() else 0
        note = f"Ctrl-C after {interrupt:g} s (exit {child.returncode}, {kept} lines kept), then resumed"
        if child.returncode not in (0, 130):
            raise SystemExit(f"hasen batch failed: exit {child.returncode}")
    subprocess.run(command, cwd=ROOT, check=True)
    return time.perf_counter() - start, note


def best_contracts(path: Path) -> list[tuple[int, str, str, str, list[list[str]], dict]]:
    """Per deal: the best tricks, the best declarer (first of N E S W), its trump, discard,
    ties and whole table."""
    out = []
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            table = json.loads(line)["table"]
            declarers = table["declarers"]
            tricks = max(d["best"]["tricks"] for d in declarers.values())
            seat = next(s for s in SEATS if declarers[s]["best"]["tricks"] == tricks)
            best = declarers[seat]["best"]
            out.append((tricks, seat, best["trump"], best["discard"], declarers[seat]["ties"], table))
    return out


def trumps_held(deal: Deal, seat: str, trump: str, discard: str) -> int:
    """The trumps among the six cards the declarer plays: its hand and the widow less the discard."""
    cards = [c for c in deal.hand(seat) if str(c) != discard]
    if str(deal.widow) != discard:
        cards.append(deal.widow)
    suit = SUITS.index(trump)
    return sum(1 for c in cards if effective_suit(int(c), suit) == suit)


def sd_choice(job: tuple[str, str, str, int, int]) -> tuple[str, str]:
    """The declarer's choice single-dummy: most mean tricks with the partner (first on a tie)."""
    import hasen

    deal, dealer, seat, layouts, seed = job
    simulation = hasen.simulate(
        hasen.SeatView(seat, deal=hasen.Deal(deal, dealer)), layouts=layouts, seed=seed, alone=False
    )
    choices = simulation.forms["with_partner"].choices
    best = max(choices, key=lambda c: c.mean)
    return str(best.trump), str(best.discard)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs1-deals", type=int, help="time --jobs 1 on the first N deals only")
    parser.add_argument("--dask", action="store_true", help="run on a Dask LocalCluster of 2 workers too")
    parser.add_argument("--interrupt", type=float, metavar="SECONDS", help="Ctrl-C the --jobs 2 run, then resume")
    parser.add_argument("--sd-deals", type=int, default=200)
    parser.add_argument("--sd-layouts", type=int, default=100)
    parser.add_argument("--keep", type=Path, metavar="DIR", help="write the files here and keep them")
    parser.add_argument(
        "--stats-from", type=Path, metavar="OUT", help="no runs: the figures of the deals from an OUT of an earlier run"
    )
    args = parser.parse_args()
    if args.stats_from:
        print(f"the tables in {args.stats_from}")
        report(best_contracts(args.stats_from), args)
        return

    folder = args.keep or Path(tempfile.mkdtemp(prefix="bench_batch_"))
    folder.mkdir(parents=True, exist_ok=True)
    try:
        run(args, folder)
    finally:
        if args.keep is None:
            shutil.rmtree(folder, ignore_errors=True)


def run(args: argparse.Namespace, folder: Path) -> None:
    deals = folder / "deals.jsonl"
    write_deals(deals, args.deals, args.seed)
    print(
        f"hasen batch on {args.deals} random Hasenpfeffer deals (seed {args.seed}), all four declarers; "
        f"{'compiled' if USING_EXTENSION else 'pure-Python'} search",
        flush=True,
    )
    outputs: dict[str, Path] = {}
    per_deal: dict[str, float] = {}
    for out in folder.glob("out_*.jsonl"):
        out.unlink()  # a kept folder: time whole runs, not resumed ones

    one_count = min(args.jobs1_deals or args.deals, args.deals)
    one_source = deals
    if one_count < args.deals:
        one_source = folder / f"deals_first_{one_count}.jsonl"
        first_lines(deals, one_source, one_count)
    runs = [
        ("--jobs 1", one_source, one_count, ("--jobs", "1"), None),
        ("--jobs 2", deals, args.deals, ("--jobs", "2"), args.interrupt),
    ]
    for name, source, count, options, interrupt in runs:
        out = folder / f"out_{name.replace('--', '').replace(' ', '')}.jsonl"
        seconds, note = timed_batch(source, out, *options, interrupt=interrupt)
        outputs[name], per_deal[name] = out, seconds / count
        print(
            f"  {name:<22} {count:>7} deals  {seconds:8.1f} s  {seconds / count * 1e3:7.3f} ms per deal"
            + (f"  ({note})" if note else ""),
            flush=True,
        )
    if args.dask:
        from distributed import LocalCluster

        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster:
            out = folder / "out_dask.jsonl"
            seconds, _ = timed_batch(deals, out, "--scheduler", cluster.scheduler_address)
        outputs["Dask LocalCluster, 2"] = out
        per_deal["Dask LocalCluster, 2"] = seconds / args.deals
        print(
            f"  {'Dask LocalCluster, 2':<22} {args.deals:>7} deals  {seconds:8.1f} s  "
            f"{seconds / args.deals * 1e3:7.3f} ms per deal",
            flush=True,
        )
    print(f"  time per deal, 1 worker / 2 workers: {per_deal['--jobs 1'] / per_deal['--jobs 2']:.2f}x")

    reference = outputs["--jobs 2"].read_bytes()
    for name, out in outputs.items():
        data = out.read_bytes()
        if name == "--jobs 1":  # perhaps the first lines only
            same = reference.startswith(data) and data.count(b"\n") == one_count
        else:
            same = data == reference
        print(
            f"  {name}: {len(data)} bytes, {'the same bytes' if same else 'DIFFERENT BYTES'}"
            + (f" as the first {one_count} lines of --jobs 2" if name == "--jobs 1" and one_count < args.deals else "")
        )
        if not same:
            raise SystemExit("the backends disagree")

    report(best_contracts(outputs["--jobs 2"]), args)


def report(contracts: list, args: argparse.Namespace) -> None:
    print_distribution(contracts)
    print_trumps(contracts)
    print_sd_agreement(contracts, args)


def print_distribution(contracts: list) -> None:
    counts = Counter(tricks for tricks, *_ in contracts)
    print(f"\nthe deal's best declarer tricks ({len(contracts)} deals)")
    for tricks in range(7):
        share = counts[tricks] / len(contracts)
        print(f"  {tricks} tricks  {counts[tricks]:>7}  {share:7.2%}  {'#' * round(share * 100)}")


def print_trumps(contracts: list) -> None:
    held: Counter[int] = Counter()
    tricks_by: Counter[int] = Counter()
    for tricks, seat, trump, discard, _, table in contracts:
        count = trumps_held(Deal(table["deal"], table["dealer"]), seat, trump, discard)
        held[count] += 1
        tricks_by[count] += tricks
    print("\ntrumps the best declarer holds in its best contract (of the six cards it plays)")
    print("  trumps   deals    share   mean tricks")
    for count in sorted(held):
        print(
            f"  {count:>6}  {held[count]:>6}  {held[count] / len(contracts):7.2%}   "
            f"{tricks_by[count] / held[count]:5.2f}"
        )


def print_sd_agreement(contracts: list, args: argparse.Namespace) -> None:
    chosen = contracts[: args.sd_deals]
    jobs = [(table["deal"], table["dealer"], seat, args.sd_layouts, args.seed) for _, seat, _, _, _, table in chosen]
    start = time.perf_counter()
    choices = list(ordered_map(sd_choice, jobs, jobs=2, chunk=1))
    seconds = time.perf_counter() - start
    agree = same_trump = lost = 0
    for (tricks, seat, _, _, ties, table), (sd_trump, sd_discard) in zip(chosen, choices):
        agree += [sd_trump, sd_discard] in ties
        same_trump += any(sd_trump == best_trump for best_trump, _ in ties)
        lost += tricks - table["declarers"][seat]["tricks"][sd_trump][sd_discard]
    n = len(chosen)
    print(
        f"\nDD-best against SD-best: {n} deals, the best declarer's choice over {args.sd_layouts} layouts "
        f"({seconds:.1f} s on 2 processes)"
    )
    print(f"  the SD choice is a DD-best cell        {agree:>3}/{n}  {agree / n:7.2%}")
    print(f"  the SD choice's trump is a DD-best one {same_trump:>3}/{n}  {same_trump / n:7.2%}")
    print(f"  tricks the SD choice gives away        {lost / n:.3f} per deal (double-dummy, on the real deal)")


if __name__ == "__main__":
    main()
