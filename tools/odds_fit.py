"""Rebuild the chance of winning the game, hasen/data/win_chances.json:

    python tools/odds_fit.py [--hands N] [--seed S] [--resamples R] [--out FILE]

For every game and deck, ``--hands`` random deals are bid by the model of the other players
(every seat, from the start of the auction) and the contract each ends in is played double
dummy with the model's choices, as the bid advice plays out an auction
(``hasen.analysis.playout``). How each hand came out is kept relative to its dealer (who
declared, the bid, alone or not, the tricks; or nobody), counted; from those counts the
table of ``hasen.analysis.odds`` is solved for the default settings, and again on
``--resamples`` resamplings of the hands (drawn with replacement), whose spread is each
chance's standard error. The file keeps a few hands with their results for a test to play
again. At the default 100,000 hands a game it takes about 2 minutes (129 s) on two cores;
the docs' table and heat map of it are drawn by ``python -m hasen.text.odds_figures``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from model_fit import random_layout, shipped

from hasen.analysis.contracts import Play, solve_plays
from hasen.analysis.layouts import map_chunks
from hasen.analysis.model import PlayerModel
from hasen.analysis.odds import ODDS_FILE, ODDS_VERSION, Outcome, declarer_offset, solve_table
from hasen.analysis.odds_three import solve_three_table
from hasen.analysis.playout import continued, layout_rules
from hasen.core.settings import Settings
from hasen.core.variants import ALL_VARIANTS, Variant
from hasen.rules.scoring import bid_ladder

SETTINGS = Settings()
CHECKS = 12  # hands kept in the file per game, for the test that plays them again


def played(
    variant: Variant, hands: tuple[int, ...], extra: int, dealer: int
) -> tuple[tuple[int, int, bool], Play | None]:
    """A hand bid by the model from the start: (declarer offset from the dealer, bid index,
    alone) and the play to solve; offset -1 and no play when nobody declared."""
    model = PlayerModel.of(variant)
    rules = layout_rules(variant, dealer, hands, extra, SETTINGS)
    end = continued(model, rules, rules.start(), hands).end
    assert end is not None
    if end.declarer is None:
        return (-1, -1, False), None
    play = model.play(end, dealer, hands, extra, SETTINGS)
    bid = -1 if end.bid is None else bid_ladder(variant, SETTINGS).index(end.bid)
    return (declarer_offset(variant, dealer, end.declarer), bid, play.alone), play


@dataclass(frozen=True)
class HandsJob:
    variant: Variant
    seed: int

    def __call__(self, span: tuple[int, int]) -> list[tuple[int, int, bool, int]]:
        rows, plays = [], []
        for index in range(*span):
            hands, extra, dealer = random_layout(self.variant, self.seed, index)
            key, play = played(self.variant, hands, extra, dealer)
            rows.append((key, play is not None))
            if play is not None:
                plays.append(play)
        tricks = iter(solve_plays(self.variant, plays, SETTINGS))
        return [(*key, next(tricks) if solved else 0) for key, solved in rows]


def build_game(variant: Variant, hands: int, seed: int, resamples: int, threads: int) -> dict[str, Any]:
    results = [row for part in map_chunks(HandsJob(variant, seed), hands, threads) for row in part]
    counts = Counter(results)
    outcomes = [Outcome(offset, bid, alone, tricks, n) for (offset, bid, alone, tricks), n in sorted(counts.items())]
    solve = solve_three_table if variant.cutthroat else solve_table
    table = solve(variant, SETTINGS, outcomes)
    rng = np.random.default_rng(seed)
    spread = []
    shares = np.array([o.count for o in outcomes], dtype=np.float64) / hands
    for _ in range(resamples):
        drawn = rng.multinomial(hands, shares)
        again = [Outcome(o.offset, o.bid, o.alone, o.tricks, int(n)) for o, n in zip(outcomes, drawn) if n]
        spread.append(solve(variant, SETTINGS, again))
    stderr = np.std(np.array(spread), axis=0, ddof=1) if resamples > 1 else np.zeros_like(table)
    checks = [{"deal": i, "result": list(results[i])} for i in range(min(CHECKS, hands))]
    return {
        "hands": hands,
        "outcomes": [[o.offset, o.bid, o.alone, o.tricks, o.count] for o in outcomes],
        "table": np.round(table, 4).tolist(),
        "stderr": np.round(stderr, 4).tolist(),
        "checks": checks,
    }


def build(
    hands: int, seed: int, resamples: int, threads: int, out: Path, games: list[Variant] | None = None
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "version": ODDS_VERSION,
        "built": {
            "hands": hands,
            "seed": seed,
            "resamples": resamples,
            "command": f"python tools/odds_fit.py --hands {hands} --seed {seed} --resamples {resamples}",
        },
        "games": {},
    }
    started = time.monotonic()
    for variant in games or ALL_VARIANTS:
        start = time.monotonic()
        data["games"][variant.key] = build_game(variant, hands, seed, resamples, threads)
        print(f"{variant.label}: {hands:,} hands in {time.monotonic() - start:.0f} s", file=sys.stderr)
    data["built"]["seconds"] = round(time.monotonic() - started)
    out.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    return data


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/odds_fit.py", description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=100_000, help="random hands per game and deck (default 100000)")
    parser.add_argument("--seed", type=int, default=2, help="default 2")
    parser.add_argument("--resamples", type=int, default=20, help="resamplings for the standard errors (default 20)")
    parser.add_argument("--threads", type=int, default=2, help="default 2")
    parser.add_argument("--out", type=Path, default=None, help="default: the package's own hasen/data file")
    args = parser.parse_args(argv)
    out = args.out or shipped(ODDS_FILE)
    build(args.hands, args.seed, args.resamples, args.threads, out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
