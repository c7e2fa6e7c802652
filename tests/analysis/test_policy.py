"""The model's calling thresholds (``hasen.analysis.policy``), worked out by self-play.

- The fixed point holds: on deals the build never saw, for every game, each place's best
  threshold is found on half of the deals and played on the other half, against the others'
  shipped thresholds; it gains no more than ``TOLERANCE`` points a deal over the shipped one
  (beyond twice the standard error of that gain).
- The shipped file is the build's: a game rebuilt from scratch gives its thresholds again.
- Without thresholds the model calls against 0, as it did before self-play.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

import policy_fit
import pytest
from policy_fit import Dealt, PayoffJob, best_threshold, points_value, samples

import hasen
from hasen.analysis.model import PlayerModel, model_for
from hasen.analysis.playout import layout_rules
from hasen.analysis.policy import ALWAYS, POINTS, UNFITTED, Policies, Policy, score_class
from hasen.core.settings import Settings
from hasen.rules.auction import PASSING

TOLERANCE = 0.02  # points a deal: what a seat may gain by another threshold at one place (docs/variants.md)
GAMES = [
    ("hasenpfeffer", 25, "redeal"),
    ("euchre", 24, "stick_the_dealer"),
    ("euchre", 24, "redeal"),
    ("euchre2", 24, "redeal"),
    ("euchre3", 24, "redeal"),
    ("railroad", 25, "redeal"),
]


@cache
def payoffs(name: str, deck: int) -> list[Dealt]:
    """2,400 deals the build never saw, with every contract's tricks: the same for every table
    rule of a game (the rules change the auctions, not the play)."""
    return PayoffJob(hasen.variant_for(name, deck), 424242)((0, 2400))


def shipped() -> dict:
    return json.loads(resources.files("hasen").joinpath("data", "player_model.json").read_text())


@pytest.mark.compiled
@pytest.mark.parametrize("name, deck, rule", GAMES, ids=[f"{n}/{d}/{r}" for n, d, r in GAMES])
def test_no_seat_gains_by_another_threshold_against_the_others(name: str, deck: int, rule: str) -> None:
    variant = hasen.variant_for(name, deck)
    deals = payoffs(name, deck)
    model = PlayerModel.of(variant)
    settings = Settings(all_pass=rule)
    make, alone = samples(model, deals, settings, points_value(variant, settings))
    policy = model.policy(settings, variant.seats[0])
    assert make, "the auctions reach calls"
    for kind, by_place, current in (("make", make, policy.threshold), ("alone", alone, policy.lone_margin)):
        for (klass, place), sample in by_place.items():
            assert klass == POINTS
            learn, play = sample[::2], sample[1::2]
            other = best_threshold(learn, current(place))
            if other == current(place) or len(play) < policy_fit.MIN_CALLS:
                continue
            # the calls the other threshold decides otherwise, each with what it changes
            changed = [g if v > other else -g for v, g in play if (v > other) != (v > current(place))]
            better = sum(changed)
            spread = sum(c * c for c in changed) ** 0.5  # the standard error of that sum, at most
            assert better / len(deals) <= TOLERANCE + 2 * spread / len(deals), (
                f"{kind} at {place}: {other} instead of {current(place)} gains {better / len(deals):.3f} a deal"
            )


@pytest.mark.slow
def test_a_game_rebuilt_gives_the_shipped_thresholds(tmp_path) -> None:
    data = shipped()
    built = data["built"]["policies"]
    path = tmp_path / "model.json"
    data["policies"] = {}
    path.write_text(json.dumps(data))
    variant = hasen.variant_for("euchre2", 24)
    # the thresholds for points of one table (the score classes start from them and take as
    # long again); the build's first step, on the same deals
    policy_fit.build(built["deals"], built["seed"], 2, path, [variant], stage="points", only=("redeal",))
    rebuilt = json.loads(path.read_text())["policies"][variant.key]["redeal"][POINTS]
    assert rebuilt == shipped()["policies"][variant.key]["redeal"][POINTS]


def test_without_thresholds_the_model_calls_against_0() -> None:
    """The neutral policy: call the best call when worth more than 0, alone when that is
    worth more (the model before self-play)."""
    variant = hasen.variant_for("euchre")
    model = model_for(variant, PlayerModel.of(variant).fits, UNFITTED)
    settings = Settings()
    for seed in range(40):
        deal = hasen.random_deal(variant="euchre", seed=seed)
        rules = layout_rules(variant, deal.dealer, [int(h) for h in deal.hands], int(deal.extra), settings)
        state = rules.start()
        seat = rules.to_call(state)
        hand = int(deal.hands[seat])
        values = {c: model.value_of(rules, state, hand, c) for c in rules.calls(state) if c.kind != "pass"}
        best = max(values.values())
        call = model.call(rules, state, hand)
        assert (call.kind == "pass") == (best <= 0)
        if call.kind != "pass":
            assert values[call] == best


def test_places_and_score_classes_are_named_as_documented() -> None:
    deal = hasen.random_deal(variant="euchre", seed=1, dealer="N")
    rules = layout_rules(deal.variant, 0, [int(h) for h in deal.hands], int(deal.extra), Settings())
    state = rules.start()
    assert rules.place(state) == "r1p1"  # E: the first to call, left of the dealer
    for _ in range(4):
        state = rules.after(state, PASSING)
    assert rules.place(state) == "r2p1"
    pepper = hasen.random_deal(variant="hasenpfeffer", seed=1, dealer="N")
    rules = layout_rules(pepper.variant, 0, [int(h) for h in pepper.hands], int(pepper.extra), Settings())
    state = rules.start()
    assert rules.place(state) == "b1-"  # E, first to call: the lowest bid, the ladder's first
    state = rules.after(state, rules.calls(state)[1])  # E makes it
    assert rules.place(state) == "b2-"  # S: the second bid, over an opponent's
    state = rules.after(state, PASSING)
    assert rules.place(state) == "b2+"  # W: the second bid, over its partner's
    assert score_class(None, 0, 10) == POINTS
    assert score_class((9, 3), 0, 10) == "one/far" and score_class((9, 3), 1, 10) == "far/one"
    assert score_class((6, 8), 0, 10) == "lone/two" and score_class((0, 3), 0, 5) == "far/two"


def test_policies_read_back_from_their_json() -> None:
    policies = Policies({"redeal": {POINTS: Policy({"r1p1": 0.5, "r2p3": ALWAYS}, {"r1p1": 1.25})}})
    assert Policies.from_json(json.loads(json.dumps(policies.to_json()))) == policies
    assert policies.of("stick_the_dealer").threshold("r1p1") == 0.0  # a rule not fitted: against 0


def test_the_docs_thresholds_are_the_shipped_ones() -> None:
    """docs/variants.md shows the thresholds as the figures script prints them from the
    shipped data, so that the docs say what the model calls by."""
    from pathlib import Path

    from hasen.text.policy_figures import euchre_table, hasenpfeffer_table, scored_table

    docs = (Path(__file__).resolve().parents[2] / "docs" / "variants.md").read_text(encoding="utf-8")
    for table in (euchre_table(), hasenpfeffer_table(), scored_table()):
        assert table in docs, table.splitlines()[0]
