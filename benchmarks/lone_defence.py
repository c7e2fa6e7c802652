"""What Railroad's single-dummy answers leave out by having the model's defenders always
defend together against a lone maker.

With every hand open, the defenders of a lone Railroad maker may also let one of them play
alone, calling for its partner's best card, and a lone defender who euchres scores 4, not 2.
The single-dummy answers (advice, fair review, simulations, win chances) assume the
defenders defend together. For random deals, each seat as a lone maker in the trump its
double-dummy table rates best, this compares the maker's points less the defenders' when
the defenders defend together with what the defenders' best defence (together, or either
of them alone, chosen for points with every hand open) leaves:

    python benchmarks/lone_defence.py [--deals N] [--seed S]

It prints how often the best defence is a lone one, how often it changes the points, and
the mean points it takes from the maker.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import hasen
from hasen.core.seats import left_of, partner_of
from hasen.core.variants import VARIANTS
from hasen.games.euchre.rules import EUCHRE_MAKES, euchre_score

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
from model_fit import random_layout  # noqa: E402 (the model's build deals these hands)

RAILROAD = VARIANTS["railroad"][25]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    variant = RAILROAD
    started = time.monotonic()
    contracts = lone_best = making = lone_euchres = 0
    taken = 0.0
    for index in range(args.deals):
        hands, extra, dealer = random_layout(variant, args.seed, index)
        deal = hasen.Deal.from_masks(hands, extra, dealer, variant)
        for maker in variant.seats:
            together = hasen.analyze(deal, declarer=maker, alone=True).tables[maker]
            trump = together.best.trump
            tricks = together.entries[trump].value
            net = points(tricks, False)
            best = net
            for defender in (left_of(maker), partner_of(left_of(maker))):
                table = hasen.analyze(deal, declarer=maker, alone=True, defender=defender).tables[maker]
                best = min(best, points(table.entries[trump].value, True))
            contracts += 1
            lone_best += best < net
            taken += net - best
            if tricks >= EUCHRE_MAKES:  # a hand worth going alone on, against both defenders
                making += 1
                lone_euchres += best < 0
    print(
        f"{args.deals} Railroad deals (seed {args.seed}), each seat a lone maker in its best trump: "
        f"{contracts} contracts, {time.monotonic() - started:.0f} s"
    )
    print(f"a lone defence scores better for the defenders on {lone_best / contracts:.1%} of them")
    print(f"mean points the best defence takes from the maker beyond defending together: {taken / contracts:.3f}")
    print(
        f"of the {making} lone makers who make against both defenders, a lone defender euchres "
        f"{lone_euchres / max(making, 1):.1%}"
    )


def points(tricks: int, lone_defence: bool) -> int:
    """The maker's points less the defenders' for a lone maker's ``tricks``."""
    mine, theirs = euchre_score(tricks, True, RAILROAD, lone_defence)
    return mine - theirs


if __name__ == "__main__":
    main()
