"""Rebuild the model's calling thresholds by self-play (``hasen.analysis.policy``), into
hasen/data/player_model.json beside the fits:

    python tools/policy_fit.py [--deals N] [--seed S] [--threads T] [--games NAME ...]

For every game, deck and table rules (``RULES``), random deals (``--deals`` of each) are dealt and
every contract the model's seats could end in is solved double dummy once (each seat as
maker in each trump and form, the exchanges by the model's rules). Then, starting from
calling against 0 (the model before self-play), each round of self-play plays every deal's
auction by the current thresholds and, at each call a seat makes with a choice to make,
plays the auction on twice: with the seat making its best call, and with it passing, every
later call by the current thresholds. The difference, to the seat's side, is what the call
gains there. The threshold that gains most over the calls made at a place is its best
response to the others (and, for the lone margin, calling alone against calling with the
partner); each round moves every place's threshold part of the way there, a shorter step
each round (``halfway``). The rounds go on until no threshold moves by more than ``SETTLED``
(or ``ROUNDS`` rounds), on the same deals; tests/analysis/test_policy.py checks on other
deals that no place's best response gains more than a tolerance.

With a score, the objective is the side's chance of winning the game (the shipped table of
chances, ``hasen.analysis.chances``). In the games of ``SCORED`` each pair of classes of
``policy.score_class`` is played at a score of its classes (``scores_of``: 4, 6, 8 or 9 of a
game to 10), each side's seats learning the thresholds of its own class, starting from
those for points: ``SCORED_ROUNDS`` rounds on the first ``SCORED_DEALS`` deals.

It prints what each game took and how far its thresholds moved in the last round.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from model_fit import random_layout, shipped

from hasen.analysis.chances import game_chances
from hasen.analysis.contracts import Play, solve_plays
from hasen.analysis.layouts import map_chunks
from hasen.analysis.model import MODEL_FILE, PlayerModel, model_for
from hasen.analysis.odds import scoring_of
from hasen.analysis.playout import continued, euchre_exchanges, layout_rules, model_after
from hasen.analysis.policy import ALWAYS, POINTS, Policies, Policy, table_rules
from hasen.core.cards import CardId, Mask
from hasen.core.settings import Settings
from hasen.core.variants import ALL_VARIANTS, Variant
from hasen.games.euchre.model import EuchreModel
from hasen.games.hasenpfeffer.model import HasenpfefferModel
from hasen.rules.auction import PASSING, AuctionEnd, AuctionRules, AuctionState
from hasen.rules.scoring import hand_score, scorer_points, standing

# the games whose seats call by the score too (the others, where scores are three or too
# rare to learn from, call for points at every score)
SCORED = ("hasenpfeffer/25", "euchre/24", "euchre2/24", "railroad/25")
# the tables each game's thresholds are fitted for (``policy.table_rules``): in Hasenpfeffer
# a defence that scores its tricks takes away most of what contesting a contract gains
RULES = {
    "hasenpfeffer": (
        Settings(all_pass="redeal"),
        Settings(all_pass="joker_bids_3"),
        Settings(all_pass="redeal", defenders_score=True),
    ),
    "euchre": (Settings(all_pass="redeal"), Settings(all_pass="stick_the_dealer")),
}
SETTLED = 0.05  # points: a threshold that moves less than this in a round has settled
ROUNDS = 12  # rounds of self-play at the most
# at a score, from the thresholds for points: rounds and deals (each class learns from the
# calls of one side at one score, and there are ten pairs of classes a game)
SCORED_ROUNDS, SCORED_DEALS = 3, 6000
STEP = 0.5  # how far the first round moves a threshold towards its best response (then 3/8, 3/10, ...)
MIN_CALLS = 60  # calls at a place below which its threshold keeps the one before (too few to learn from)
SEED_OFFSET = 7919  # the deals differ from the fit's


@dataclass(frozen=True)
class Dealt:
    """One deal and the tricks of every contract the model's seats could end in: Euchre by
    (maker, alone, trump); Hasenpfeffer by (declarer, alone), in the trump and with the
    discard the model's declarer chooses once the widow is seen."""

    hands: tuple[Mask, ...]
    extra: CardId
    dealer: int
    tricks: dict[tuple[int, ...], int]


@dataclass(frozen=True)
class PayoffJob:
    """Deal and solve deals ``span`` of one game's self-play (picklable)."""

    variant: Variant
    seed: int

    def __call__(self, span: tuple[int, int]) -> list[Dealt]:
        variant, settings = self.variant, Settings()
        model = PlayerModel.of(variant)
        plays: list[Play] = []
        keys: list[list[tuple[int, ...]]] = []
        deals = []
        for index in range(*span):
            hands, extra, dealer = random_layout(variant, self.seed + SEED_OFFSET, index)
            deals.append((hands, extra, dealer))
            mine: list[tuple[int, ...]] = []
            for seat in variant.seats:
                for alone in model.forms:
                    if isinstance(model, HasenpfefferModel):
                        cards = hands[seat] | 1 << extra
                        trump, discard = model.declarer_choice(cards, seat, dealer, settings, alone)
                        after = list(hands)
                        after[seat] = cards & ~(1 << discard)
                        plays.append(Play(tuple(after), dealer, seat, trump, alone))
                        mine.append((seat, int(alone)))
                        continue
                    assert isinstance(model, EuchreModel)
                    for trump in range(4):
                        taker = model.upcard_taker(seat, dealer, extra, trump, alone, settings)
                        played = euchre_exchanges(
                            variant, list(hands), dealer, extra, trump, seat, alone, settings, taker
                        )
                        plays.append(Play(played, dealer, seat, trump, alone))
                        mine.append((seat, int(alone), trump))
            keys.append(mine)
        solved = solve_plays(variant, plays, settings)
        out, at = [], 0
        for (hands, extra, dealer), mine in zip(deals, keys):
            out.append(Dealt(hands, extra, dealer, {key: int(solved[at + i]) for i, key in enumerate(mine)}))
            at += len(mine)
        return out


Value = Callable[[AuctionEnd, int, int, bool, int], float]  # (end, seat, tricks, alone, dealer) -> to the seat


def points_value(variant: Variant, settings: Settings) -> Value:
    """What a hand is worth to a seat in points: its side's less the other side's."""

    def value(end: AuctionEnd, seat: int, tricks: int, alone: bool, dealer: int) -> float:
        if end.declarer is None:
            return 0.0
        return standing(variant, seat, end.declarer, hand_score(variant, settings, end.bid, tricks, alone))

    return value


def win_value(variant: Variant, settings: Settings, score: tuple[int, int]) -> Value:
    """What a hand is worth to a seat at ``score``: its side's chance of winning the game after it."""
    table = game_chances(variant, scoring_of(settings))

    def value(end: AuctionEnd, seat: int, tricks: int, alone: bool, dealer: int) -> float:
        declaring = -1 if end.declarer is None else variant.scorer_of(end.declarer)
        gains = (
            (0,) * len(variant.score_names)
            if end.declarer is None
            else scorer_points(variant, settings, end.bid, tricks, alone, declaring)
        )
        return table.after(score, gains, declaring, dealer)[variant.scorer_of(seat)]

    return value


def tricks_of(model: PlayerModel, dealt: Dealt, end: AuctionEnd, settings: Settings) -> tuple[int, bool]:
    """The declaring side's tricks in the contract the auction ended in, and whether alone."""
    assert end.declarer is not None
    alone = model.own_form(None, end, dealt.hands[end.declarer], end.declarer, dealt.dealer, settings)
    if model.variant.declarer_exchanges:
        return dealt.tricks[(end.declarer, int(alone))], alone
    assert end.trump is not None
    return dealt.tricks[(end.declarer, int(alone), end.trump)], alone


class Sample(list[tuple[float, float]]):
    """A place's calls: (the value its best call had, what calling gained over passing)."""


Place = tuple[str, str]  # the score's class, the place in the auction


def worth(
    model: PlayerModel,
    rules: AuctionRules,
    state: AuctionState,
    dealt: Dealt,
    seat: int,
    value: Value,
    memo: dict[AuctionState, AuctionState],
) -> float:
    """The auction from ``state`` on by the model's thresholds, played out, to ``seat``
    (``memo``: the model's call at each state of the deal's auctions, as ``continued`` keeps it)."""
    end = continued(model, rules, state, dealt.hands, memo=memo).end
    assert end is not None
    if end.declarer is None:
        return value(end, seat, 0, False, dealt.dealer)
    tricks, alone = tricks_of(model, dealt, end, rules.settings)
    return value(end, seat, tricks, alone, dealt.dealer)


def samples(
    model: PlayerModel, deals: Sequence[Dealt], settings: Settings, value: Value
) -> tuple[dict[Place, Sample], dict[Place, Sample]]:
    """Every call with a choice made on the deals' auctions by the model's thresholds: by
    class and place, its best call's value and the gain of making it over passing; and of the
    calls made where the other form was open, the lone call's value less the other's and its
    gain."""
    make: dict[Place, Sample] = defaultdict(Sample)
    alone: dict[Place, Sample] = defaultdict(Sample)
    for dealt in deals:
        rules = layout_rules(model.variant, dealt.dealer, dealt.hands, dealt.extra, settings)
        state = rules.start()
        # the auctions played out from each call pass through the same states: the model's
        # call at each is worked out once for the deal (the thresholds do not move in a round)
        memo: dict[AuctionState, AuctionState] = {}
        while (seat := rules.to_call(state)) is not None:
            legal = rules.calls(state)
            if PASSING in legal and len(legal) > 1:
                place = (model.class_of(seat, settings), rules.place(state))
                best, call, other = model.best_call(rules, state, dealt.hands[seat])
                gain = worth(model, rules, rules.after(state, call), dealt, seat, value, memo) - worth(
                    model, rules, rules.after(state, PASSING), dealt, seat, value, memo
                )
                make[place].append((best, gain))
                if other is not None and best > model.policy(settings, seat).threshold(place[1]):
                    lone, together = (call, other) if call.alone else (other, call)
                    hand = dealt.hands[seat]
                    margin = model.value_of(rules, state, hand, lone) - model.value_of(rules, state, hand, together)
                    alone[place].append(
                        (
                            margin,
                            worth(model, rules, rules.after(state, lone), dealt, seat, value, memo)
                            - worth(model, rules, rules.after(state, together), dealt, seat, value, memo),
                        )
                    )
            state = model_after(model, rules, state, dealt.hands[seat], memo)
    return make, alone


def best_threshold(sample: Sample, before: float) -> float:
    """The threshold that gains most over the sample: make the call above it (the sum of the
    gains of the calls above it is the greatest; ``ALWAYS`` when every sum is below 0); with
    fewer than ``MIN_CALLS`` calls, the one before."""
    if len(sample) < MIN_CALLS:
        return before
    ranked = sorted(sample, key=lambda pair: -pair[0])
    total, best, threshold = 0.0, 0.0, ALWAYS
    for i, (value, gain) in enumerate(ranked):
        total += gain
        below = ranked[i + 1][0] if i + 1 < len(ranked) else value - 1.0
        if total > best and below < value:
            best, threshold = total, (value + below) / 2
    return round(threshold, 3)


def halfway(before: float, best: float, number: int = 1) -> float:
    """A step towards the best response, shorter each round (``number``, from 1), so that two
    places that answer each other settle; a place that should never call goes there at once."""
    step = STEP * 3 / (2 + number)
    return best if best == ALWAYS or before == ALWAYS else round(before + step * (best - before), 3)


def self_play(
    model: PlayerModel,
    deals: Sequence[Dealt],
    settings: Settings,
    value: Value,
    start: dict[str, Policy] | None = None,
    log: Callable[[str], None] | None = None,
    rounds: int = ROUNDS,
) -> dict[str, Policy]:
    """The thresholds at the fixed point of best responses on ``deals`` (see the module), by
    the class of the score each seat calls in (the model's own score)."""
    policies: dict[str, Policy] = dict(start or {})
    for number in range(1, rounds + 1):
        model.policies = Policies({table_rules(settings): policies})
        make, alone = samples(model, deals, settings, value)
        moved: dict[str, Policy] = {}
        change = 0.0
        for klass in sorted({k for k, _ in make} | set(policies)):
            policy = policies.get(klass, Policy())
            thresholds = {
                place: halfway(policy.threshold(place), best_threshold(sample, policy.threshold(place)), number)
                for (k, place), sample in make.items()
                if k == klass
            }
            margins = {
                place: halfway(policy.lone_margin(place), best_threshold(sample, policy.lone_margin(place)), number)
                for (k, place), sample in alone.items()
                if k == klass
            }
            moved[klass] = Policy({**policy.make, **thresholds}, {**policy.alone, **margins})
            change = max(
                [change]
                + [abs(v - policy.threshold(p)) for p, v in thresholds.items()]
                + [abs(v - policy.lone_margin(p)) for p, v in margins.items()]
            )
        policies = moved
        if log:
            counts = ", ".join(f"{k}:{place} {len(sample)}" for (k, place), sample in sorted(make.items()))
            log(f"  round {number}: thresholds moved {change:.3f} at the most (calls: {counts})")
        if change <= SETTLED:
            break
    return policies


def build_game(
    variant: Variant, deals: int, seed: int, threads: int, stage: str, shipped: dict[str, Any], only: Sequence[str] = ()
) -> dict[str, Any]:
    """One game's policies by rule and class of the score: ``stage`` "points" (the classes
    kept from ``shipped``, the game's policies in the file), "scores" (the classes, from
    the shipped thresholds for points; in the games of ``SCORED``) or "all"; for the table
    rules named in ``only`` (every table of ``RULES`` when empty; the others kept)."""
    parts = map_chunks(PayoffJob(variant, seed), deals, threads)
    dealt = [d for part in parts for d in part]
    out: dict[str, Any] = dict(shipped) if only else {}
    base = PlayerModel.of(variant)
    scored = stage != "points" and variant.key in SCORED
    for settings in RULES[variant.family]:
        rule = table_rules(settings)
        if only and rule not in only:
            continue
        print(f"{variant.label}, {rule}:", file=sys.stderr)
        model = model_for(variant, base.fits)
        if stage == "scores":
            points = {POINTS: Policies.from_json(shipped).of(rule)}
        else:
            points = self_play(
                model, dealt, settings, points_value(variant, settings), log=lambda line: print(line, file=sys.stderr)
            )
        classes = (
            {**shipped.get(rule, {}), POINTS: points[POINTS].to_json()}
            if stage == "points"
            else {POINTS: points[POINTS].to_json()}
        )
        for score in scores_of(variant, settings) if scored else []:
            print(f"  at {score[0]}-{score[1]}:", file=sys.stderr)
            model = model_for(variant, base.fits).at_score(score)
            start = {model.class_of(seat, settings): points[POINTS] for seat in variant.seats}
            learned = self_play(
                model,
                dealt[:SCORED_DEALS],
                settings,
                win_value(variant, settings, score),
                start,
                log=lambda line: print(f"  {line}", file=sys.stderr),
                rounds=SCORED_ROUNDS,
            )
            classes.update({klass: policy.to_json() for klass, policy in learned.items()})
        out[rule] = classes
    return out


TO_GO = {"far": 6, "lone": 4, "two": 2, "one": 1}  # the points to go that stand for each class of a score


def scores_of(variant: Variant, settings: Settings) -> list[tuple[int, int]]:
    """A score of each pair of classes (the first side's, the second's), each pair once."""
    game = settings.game_points
    stands = list(TO_GO)
    return [(game - TO_GO[a], game - TO_GO[b]) for i, a in enumerate(stands) for b in stands[i:]]


def build(
    deals: int,
    seed: int,
    threads: int,
    path: Path,
    games: list[Variant] | None = None,
    stage: str = "all",
    only: Sequence[str] = (),
) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    policies = data.setdefault("policies", {})
    started = time.monotonic()
    for variant in games or ALL_VARIANTS:
        if stage == "scores" and variant.key not in SCORED:
            continue
        start = time.monotonic()
        policies[variant.key] = build_game(variant, deals, seed, threads, stage, policies.get(variant.key, {}), only)
        print(f"{variant.label}: {deals:,} deals in {time.monotonic() - start:.0f} s", file=sys.stderr)
    done = data["built"].get("policies", {}) if stage == "scores" else {}
    data["built"]["policies"] = {
        "deals": deals,
        "seed": seed,
        "seconds": done.get("seconds", 0) + round(time.monotonic() - started),
        "command": f"python tools/policy_fit.py --deals {deals} --seed {seed}",
    }
    path.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    return data


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/policy_fit.py", description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=20_000, help="random deals per game and deck (default 20000)")
    parser.add_argument("--seed", type=int, default=1, help="default 1")
    parser.add_argument("--threads", type=int, default=2, help="default 2")
    parser.add_argument("--games", nargs="*", help="only these games (name/deck, as in the file: euchre/24)")
    parser.add_argument("--file", type=Path, default=shipped(MODEL_FILE))
    parser.add_argument(
        "--stage",
        choices=("all", "points", "scores"),
        default="all",
        help="points: the thresholds for points only; scores: at a score only, from the file's "
        "thresholds for points (the chances of winning the game rebuilt between the two)",
    )
    parser.add_argument(
        "--rules",
        nargs="*",
        default=(),
        help="only these tables, as in the file (redeal+defenders_score); the others kept",
    )
    args = parser.parse_args(argv)
    games = None if not args.games else [v for v in ALL_VARIANTS if v.key in args.games]
    build(args.deals, args.seed, args.threads, args.file, games, args.stage, args.rules)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
