"""The sample night that ``hasen session --example`` reviews (``hasen/data/example_night.txt``),
made from a seed, so that it can be made again and checked:

    python tests/nightgen.py            # writes solver/data/example_night.txt (about a second)

Eight Hasenpfeffer hands among four named players by ``hasen.cli.sample_night.club_night``:
the deal passes to the left, the auctions are the model of the players' (docs/variants.md),
every seat calling on its own cards, the contract is the model's trump and discard, and the
play is double dummy but for a random card now and then, so that the report has mistakes
to show.
"""

from __future__ import annotations

import sys
from pathlib import Path

from hasen.cli.sample_night import club_night

PATH = Path(__file__).resolve().parent.parent / "solver" / "data" / "example_night.txt"
HANDS = 8
SEED = 48  # a night in which two games end
SLIP = 0.08  # the share of cards played at random


def night() -> str:
    return "\n\n".join(club_night(HANDS, SEED, SLIP)) + "\n"


if __name__ == "__main__":
    PATH.write_text(night(), encoding="utf-8")
    print(f"wrote {PATH}", file=sys.stderr)
