"""How long self-play takes to find the calls of one round: ``samples`` of tools/policy_fit.py
(the model's auctions played out on every deal, each call weighed against passing), per game,
on deals solved beforehand. Rebuilding the shipped thresholds runs it up to 12 times per
table rule of each game, on 20,000 deals.

    python benchmarks/bench_self_play.py [--deals 2400] [--rounds 5]

Prints each game's median CPU seconds over the rounds and a digest of the samples, so that two
builds can be compared: the same digest, the same samples.
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import sys
import time
from pathlib import Path

import hasen
from hasen.analysis.model import PlayerModel
from hasen.core.settings import Settings

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
from policy_fit import PayoffJob, points_value, samples  # noqa: E402 (the build's own self-play)

GAMES = [("hasenpfeffer", "redeal"), ("euchre", "stick_the_dealer"), ("euchre2", "redeal"), ("euchre3", "redeal")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=2400, help="deals a game (default: 2,400)")
    parser.add_argument("--rounds", type=int, default=5, help="timed rounds a game (default: 5)")
    args = parser.parse_args()
    print(f"{'game':13} {'table rule':17} {'median s':>9}   samples' digest")
    for name, rule in GAMES:
        variant = hasen.variant_for(name)
        deals = PayoffJob(variant, 424242)((0, args.deals))
        model, settings = PlayerModel.of(variant), Settings(all_pass=rule)
        value = points_value(variant, settings)
        seconds = []
        for _ in range(args.rounds):
            start = time.process_time()
            make, alone = samples(model, deals, settings, value)
            seconds.append(time.process_time() - start)
        drawn = repr([sorted((k, list(v)) for k, v in by.items()) for by in (make, alone)])
        digest = hashlib.sha256(drawn.encode()).hexdigest()[:12]
        print(f"{name:13} {rule:17} {statistics.median(seconds):9.3f}   {digest}")


if __name__ == "__main__":
    main()
