"""The fair review's speed: a whole played hand at the default layouts, on 1 and N threads.

Each hand is a seeded random deal with a made-up record: the auction of its par (every
hand open), the declarer's double-dummy best contract, and the cards played at random
(legal, seeded), so that the review has mistakes to find. Every
hand is reviewed once on one thread and once on ``--threads``, in turns, for ``--rounds``
rounds; prints the median seconds on each and the median of each hand's own ratio. Then
a club night of ``--session`` Hasenpfeffer hands (benchmarks/common.py: the deal passing
left, the model's auctions, the play double dummy with slips; games to 10), ``hasen
session`` with its report timed as a whole process with ``--jobs`` 1 and 2, every decision
judged at its score. The targets: a whole hand within 2 s on this machine, a 20-hand
session within 60 s with ``--jobs 2``.

    python benchmarks/bench_review.py                    # 4 hands of each game, 2 rounds
    python benchmarks/bench_review.py --hands 10 --rounds 3 --game hasenpfeffer
    python benchmarks/bench_review.py --hands 0 --session 20
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from importlib.util import find_spec
from pathlib import Path

from common import club_night

import hasen
from hasen.search import USING_EXTENSION

REVIEWED = ["hasenpfeffer", "euchre", "euchre2", "euchre3", "railroad"]  # the games reviewed from each seat


def made_up_record(variant: str, seed: int) -> hasen.Record:
    """A random deal bid as its par auction goes (every hand open), the declarer's
    double-dummy best contract, and the cards played at random; the next seed's deal when
    the par is a redeal."""
    rng = random.Random(seed)
    while True:
        deal = hasen.random_deal(variant=variant, seed=rng.randrange(10**9))
        par = hasen.bid(deal).par
        if par.played is not None:
            break
    result = par.played.result
    auction = ", ".join(f"{call.seat} {call.call}" for call in par.calls)
    contract = f"{result.declarer}" + (f" {par.played.bid}" if par.played.bid else "") + f", trump {result.trump}"
    if result.discard is not None:
        contract += f", discard {result.discard}"
    if result.alone:
        contract += ", alone" + ("" if result.defender is None else f", defender {result.defender}")
        if deal.variant.calls_for_best:  # the calls the lone players make with every hand open
            table = hasen.analyze(deal, declarer=result.declarer, alone=True, defender=result.defender)
            entry = table.tables[result.declarer].entries[result.trump]
            contract += f", best {entry.best.text()}"
            if entry.defender_best is not None:
                contract += f", defender best {entry.defender_best.text()}"
    record = hasen.Record(deal, auction=auction, contract=contract)
    state = record.state
    assert state is not None
    cards = []
    while not state.finished:
        card = rng.choice(list(state.legal()))
        cards.append(str(card))
        state.play(card)
    return hasen.Record(deal, auction=auction, contract=contract, play=" ".join(cards))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4, help="hands of each game")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--game", choices=REVIEWED, action="append")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--session", type=int, default=20, help="hands in the session (0: none)")
    args = parser.parse_args()
    print(
        f"search: {'compiled' if USING_EXTENSION else 'pure Python'}; whole hands at the default layouts, "
        f"1 and {args.threads} threads in turns, {args.rounds} rounds"
    )
    print(f"{'game':<14}{'1 thread':>10}{f'{args.threads} threads':>12}{'ratio':>8}")
    for game in (args.game or REVIEWED) if args.hands else []:
        records = [made_up_record(game, args.seed + i) for i in range(args.hands)]
        hasen.review_hand(records[0], layouts=10)  # warm: imports, the search's tables
        one, many, ratios = [], [], []
        for _ in range(args.rounds):
            for record in records:
                start = time.perf_counter()
                hasen.review_hand(record)
                middle = time.perf_counter()
                hasen.review_hand(record, run=hasen.Run(threads=args.threads))
                end = time.perf_counter()
                one.append(middle - start)
                many.append(end - middle)
                ratios.append((middle - start) / (end - middle))
        print(
            f"{game:<14}{statistics.median(one):>9.3f}s{statistics.median(many):>11.3f}s"
            f"{statistics.median(ratios):>7.2f}x"
        )
    if args.session:
        session(args.session, args.seed)


def session(hands: int, seed: int) -> None:
    """``hasen session`` of a club night of Hasenpfeffer, with its report, as a whole process."""
    with tempfile.TemporaryDirectory() as folder:
        night = Path(folder) / "night.txt"
        night.write_text("\n\n".join(club_night(hands, seed)) + "\n", encoding="utf-8")
        report = ["--html", str(Path(folder) / "night.html")] if find_spec("matplotlib") else []
        for jobs in (1, 2):
            out = Path(folder) / f"out{jobs}.jsonl"
            start = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-m", "hasen.cli", "session", str(night), str(out), "--jobs", str(jobs), *report],
                check=True,
                capture_output=True,
                text=True,
            )
            print(f"session of {hands} hands, --jobs {jobs}: {time.perf_counter() - start:.1f} s")
        print("\n".join(line for line in done.stdout.splitlines() if line.startswith("  game ")))


if __name__ == "__main__":
    main()
