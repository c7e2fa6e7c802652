"""Rebuild the model of the other players, hasen/data/player_model.json:

    python tools/model_fit.py [--deals N] [--seed S] [--threads T] [--out FILE]

For every game and deck, random deals (``--deals`` of each, from ``--seed``) are played out
double dummy with every seat as declarer (maker), in every trump and form of play, each
exchange made by the model's rules (the dealer's discard, Railroad's calls for best) and a
lone declarer met by the defenders' best defence (``hasen.analysis.contracts``). Then, per form:

1. Hasenpfeffer, the play: the hand kept after the widow and the discard, in each trump,
   against the tricks it took: a least-squares fit of the counts of ``hasen.analysis.model``.
2. The bid (Hasenpfeffer: the six cards before the widow, in the trump the play fit rates
   best; Euchre: the maker's five cards and who takes the upcard, in each trump) against the
   tricks of the contract the model then plays: a second fit, and the distribution of the
   real tricks in each quarter-trick bucket of its prediction (a bucket with fewer than
   ``MIN_BUCKET`` hands is pooled with its neighbours).

The file also keeps a few of the hands it was fitted on, with their tricks, so that a test
can solve them again. It prints how long each game took; the whole build, at the default
40,000 deals a game, takes some 10 minutes on two cores.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from hasen.analysis.contracts import Play, solve_plays
from hasen.analysis.layouts import map_chunks
from hasen.analysis.model import (
    FEATURES,
    MODEL_FILE,
    MODEL_VERSION,
    FormFit,
    features,
    model_discard,
    model_for,
)
from hasen.analysis.playout import euchre_exchanges
from hasen.core.cards import Mask, cards_of, mask_of
from hasen.core.settings import Settings
from hasen.core.variants import ALL_VARIANTS, Variant
from hasen.games.euchre.model import EuchreModel

BUCKET = 0.25  # tricks per bucket of a prediction
MIN_BUCKET = 150  # hands at least behind each bucket's distribution
RIDGE = 1e-3  # keeps the fit defined for counts a deck never has (a 24-card deck's 8s and 7s)
CHECKS = 12  # fitted hands kept in the file per game, for the test that solves them again
SETTINGS = Settings()  # the model is fitted at the default table settings


def random_layout(variant: Variant, seed: int, index: int) -> tuple[tuple[Mask, ...], int, int]:
    """Deal ``index`` of the build: the hands by seat, the widow or upcard, the dealer."""
    rng = random.Random(f"model {seed}/{index}")
    deck = cards_of(variant.deck)
    rng.shuffle(deck)
    hands = [0, 0, 0, 0]
    size = variant.hand_size
    for i, seat in enumerate(variant.seats):
        hands[seat] = mask_of(deck[size * i : size * (i + 1)])
    return tuple(hands), deck[size * len(variant.seats)], rng.choice(variant.seats)


@dataclass
class Samples:
    """What one game's deals give: per form, the rows of each stage and their tricks."""

    play: dict[bool, list[tuple[list[float], int]]] = field(default_factory=lambda: {False: [], True: []})
    # Hasenpfeffer's bid rows wait for the play fit: (hand, seat, dealer, per trump its tricks)
    pending: dict[bool, list[tuple[Mask, int, int, list[int], list[Mask]]]] = field(
        default_factory=lambda: {False: [], True: []}
    )
    bid: dict[bool, list[tuple[list[float], int]]] = field(default_factory=lambda: {False: [], True: []})
    checks: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class DealJob:
    """Solve deals ``span`` of one game's build (picklable)."""

    variant: Variant
    seed: int

    def __call__(self, span: tuple[int, int]) -> list[tuple[str, bool, Any]]:
        variant = self.variant
        model = model_for(variant, {})
        plays: list[Play] = []
        rows: list[tuple[str, bool, Any]] = []
        for index in range(*span):
            hands, extra, dealer = random_layout(variant, self.seed, index)
            for seat in variant.seats:
                for alone in model.forms:
                    if variant.declarer_exchanges:
                        kept_by_trump = []
                        for trump in range(4):
                            cards = hands[seat] | 1 << extra
                            kept = cards & ~(1 << model_discard(cards, trump))
                            kept_by_trump.append(kept)
                            after = list(hands)
                            after[seat] = kept
                            plays.append(Play(tuple(after), dealer, seat, trump, alone))
                        rows.append(("hasenpfeffer", alone, (hands[seat], seat, dealer, kept_by_trump, index)))
                    else:
                        assert isinstance(model, EuchreModel)
                        for trump in range(4):
                            taker = model.upcard_taker(seat, dealer, extra, trump, alone, SETTINGS)
                            played = euchre_exchanges(
                                variant, list(hands), dealer, extra, trump, seat, alone, SETTINGS, taker
                            )
                            plays.append(Play(played, dealer, seat, trump, alone))
                            leads = model.leads(seat, dealer, alone, SETTINGS)
                            values = features(hands[seat], trump, leads, None if taker is None else (taker, extra))
                            rows.append(("euchre", alone, (values, index, seat, dealer, trump)))
        tricks = solve_plays(variant, plays, SETTINGS)
        out: list[tuple[str, bool, Any]] = []
        at = 0
        for kind, alone, row in rows:
            if kind == "hasenpfeffer":
                out.append((kind, alone, (*row, tricks[at : at + 4])))
                at += 4
            else:
                out.append((kind, alone, (*row, tricks[at])))
                at += 1
        return out


def least_squares(rows: list[tuple[list[float], int]]) -> np.ndarray:
    x = np.array([r for r, _ in rows], dtype=np.float64)
    y = np.array([t for _, t in rows], dtype=np.float64)
    solved: np.ndarray = np.linalg.solve(x.T @ x + RIDGE * len(rows) * np.eye(x.shape[1]), x.T @ y)
    return solved


def fitted(rows: list[tuple[list[float], int]], hand_size: int) -> FormFit:
    """The weights, then the tricks' distribution in each bucket of the prediction."""
    weights = least_squares(rows)
    buckets = int(np.ceil((hand_size + 1) / BUCKET))
    counts = np.zeros((buckets, hand_size + 1), dtype=np.int64)
    x = np.array([r for r, _ in rows], dtype=np.float64)
    predicted = x @ weights
    for value, (_, tricks) in zip(predicted, rows):
        counts[min(max(int(value / BUCKET), 0), buckets - 1), tricks] += 1
    shares = []
    for b in range(buckets):
        low, high = b, b + 1
        pooled = counts[low:high].sum(axis=0)
        while pooled.sum() < MIN_BUCKET and (low > 0 or high < buckets):
            low, high = max(low - 1, 0), min(high + 1, buckets)
            pooled = counts[low:high].sum(axis=0)
        shares.append(tuple(float(n) / max(int(pooled.sum()), 1) for n in pooled))
    return FormFit(tuple(float(w) for w in weights), BUCKET, tuple(shares))


def build_game(variant: Variant, deals: int, seed: int, threads: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """One game's fits by stage and form, and the hands kept for the check."""
    parts = map_chunks(DealJob(variant, seed), deals, threads)
    samples = Samples()
    forms = variant.forms
    for part in parts:
        for kind, alone, row in part:
            if kind == "hasenpfeffer":
                hand, seat, dealer, kept_by_trump, index, tricks = row
                model = model_for(variant, {})
                leads = model.leads(seat, dealer, alone, SETTINGS)
                for trump in range(4):
                    samples.play[alone].append((features(kept_by_trump[trump], trump, leads), tricks[trump]))
                samples.pending[alone].append((hand, seat, dealer, tricks, kept_by_trump))
                if len(samples.checks) < CHECKS and not alone:
                    samples.checks.append({"deal": index, "seat": seat, "alone": alone, "tricks": tricks})
            else:
                values, index, seat, dealer, trump, tricks = row
                samples.bid[alone].append((values, tricks))
                if len(samples.checks) < CHECKS and index % 7 == 0:
                    samples.checks.append(
                        {"deal": index, "seat": seat, "alone": alone, "trump": trump, "tricks": tricks}
                    )
    fits: dict[str, dict[str, Any]] = {}
    if variant.declarer_exchanges:
        play = {alone: fitted(samples.play[alone], variant.hand_size) for alone in forms}
        model = model_for(variant, {"play": play})
        for alone in forms:
            for hand, seat, dealer, tricks, kept_by_trump in samples.pending[alone]:
                leads = model.leads(seat, dealer, alone, SETTINGS)
                # the contract the model's declarer plays once the widow is seen
                chosen = max(range(4), key=lambda t: (play[alone].predict(features(kept_by_trump[t], t, leads)), -t))
                before = max(range(4), key=lambda t: (play[alone].predict(features(hand, t, leads)), -t))
                samples.bid[alone].append((features(hand, before, leads), tricks[chosen]))
        fits["play"] = {"alone" if alone else "with_partner": play[alone].to_json() for alone in forms}
    fits["bid"] = {
        "alone" if alone else "with_partner": fitted(samples.bid[alone], variant.hand_size).to_json() for alone in forms
    }
    return fits, samples.checks


def build(deals: int, seed: int, threads: int, out: Path, games: list[Variant] | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {
        "version": MODEL_VERSION,
        "features": list(FEATURES),
        "built": {
            "deals": deals,
            "seed": seed,
            "command": f"python tools/model_fit.py --deals {deals} --seed {seed}",
        },
        "games": {},
        "checks": {},
    }
    chosen = games or ALL_VARIANTS
    started = time.monotonic()
    for variant in chosen:
        start = time.monotonic()
        data["games"][variant.key], data["checks"][variant.key] = build_game(variant, deals, seed, threads)
        print(f"{variant.label}: {deals:,} deals in {time.monotonic() - start:.0f} s", file=sys.stderr)
    data["built"]["seconds"] = round(time.monotonic() - started)
    out.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    return data


def shipped(name: str) -> Path:
    """The package's data file ``name`` in this source tree (solver/data), which the rebuilds
    write by default."""
    return Path(__file__).resolve().parent.parent / "solver" / "data" / name


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/model_fit.py", description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=40_000, help="random deals per game and deck (default 40000)")
    parser.add_argument("--seed", type=int, default=1, help="default 1")
    parser.add_argument("--threads", type=int, default=2, help="default 2")
    parser.add_argument("--out", type=Path, default=None, help="default: the package's own hasen/data file")
    args = parser.parse_args(argv)
    build(args.deals, args.seed, args.threads, args.out or shipped(MODEL_FILE))
    return 0


def deals_of(variant: Variant, seed: int, indexes: list[int]) -> Iterator[tuple[tuple[Mask, ...], int, int]]:
    """The build's deals at ``indexes`` (for the check of the shipped file)."""
    for index in indexes:
        yield random_layout(variant, seed, index)


if __name__ == "__main__":
    raise SystemExit(main())
