"""How often a Euchre first-round pass plans a second-round call that the table of calls
ranks below another.

    python benchmarks/second_round_plan.py [--hands 24] [--layouts 300] [--seed 0]

For random four-hand Euchre deals, the seat first to call asks for the bid advice. Where
its first-round advice passes and plans a call for the second round (chosen on other
layouts than those the advice is scored on), the plan is compared with the table of calls
of the advice (each second-round call played by the seat, on the advice's own layouts, in
the plan's form): it prints how many plans are not that table's best, and of those how many
are more than three standard errors behind it.
"""

from __future__ import annotations

import argparse
import math
import time

import hasen
from hasen.analysis.advice import CallAdvice


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=24)
    parser.add_argument("--layouts", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    start = time.perf_counter()
    plans = other = clear = 0
    for seed in range(args.seed, args.seed + args.hands):
        deal = hasen.random_deal(variant="euchre", seed=seed)
        advice = hasen.advise(hasen.SeatView((deal.dealer + 1) % 4, deal=deal), layouts=args.layouts)
        assert isinstance(advice, CallAdvice)
        plan = advice.second_round
        if plan is None or plan.call.kind == "pass":
            continue
        plans += 1
        calls = [c for c in advice.calls if c.round == 2 and c.alone == plan.alone]
        best = max(calls, key=lambda c: c.expected)
        mine = next(c for c in calls if c.bid == plan.words.removesuffix(" alone"))
        if mine is not best and mine.expected < best.expected:
            other += 1
            clear += best.expected - mine.expected > 3 * math.hypot(best.stderr, mine.stderr)
    print(
        f"{args.hands} hands, {plans} first-round passes that plan a call: {other} plan another call than the "
        f"table's best, {clear} of them more than three standard errors behind it "
        f"({time.perf_counter() - start:.0f} s)"
    )


if __name__ == "__main__":
    main()
