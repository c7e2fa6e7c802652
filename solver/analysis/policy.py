"""When the model's seats make a call: thresholds worked out by self-play.

The model (``hasen.analysis.model``) values each call a seat could make from its own cards:
the points its side expects if that call makes the contract. A call is not made against 0
but against passing, whose worth depends on what the later seats then do: a partner who
would pick the upcard up, a second round, a stuck dealer, an opponent's overcall. So each
seat calls when its best call's value is above the *threshold* of its place in the auction,
and goes alone when the lone call is worth more than the call with the partner by more than
the *lone margin* of its place. The thresholds are those no seat can better by changing its
own while the others keep theirs: a fixed point of best responses found by self-play
(``tools/policy_fit.py``, docs/variants.md, "The model of the other players").

A place in the auction (``AuctionRules.place``): in Euchre the round (1, 2) and the seat's place in
the order of calling (1: left of the dealer; the dealer last); in Hasenpfeffer the bid the
seat would make (its place on the ladder) and whether its partner holds the highest bid so
far. A table's rules change the auction (``table_rules``: what a hand passed out by all brings,
and in Hasenpfeffer whether the defenders score their tricks), so each has its own thresholds. With a
score the objective is the side's chance of winning the game, not points, and the thresholds
are those of the score's class (``score_class``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.settings import Settings

POINTS = "points"  # the class without a score: the objective is points
ALWAYS = 99.0  # a threshold no value reaches: the seat never makes the call there


@dataclass(frozen=True)
class Policy:
    """The thresholds of one game, table rule and score class, by place (see the module)."""

    make: Mapping[str, float] = field(default_factory=dict)  # the best call is made above this value
    alone: Mapping[str, float] = field(default_factory=dict)  # alone when worth this much more than not

    def threshold(self, place: str) -> float:
        return self.make.get(place, 0.0)

    def lone_margin(self, place: str) -> float:
        return self.alone.get(place, 0.0)

    def to_json(self) -> dict[str, Any]:
        return {
            "make": {k: round(v, 3) for k, v in sorted(self.make.items())},
            "alone": {k: round(v, 3) for k, v in sorted(self.alone.items())},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Policy:
        return cls(dict(data.get("make", {})), dict(data.get("alone", {})))


NEUTRAL = Policy()  # calls against 0 and alone when it is worth more: the model before self-play


DEFENDERS_SCORE = "+defenders_score"  # the key's mark of a table whose defenders score their tricks


def table_rules(settings: Settings) -> str:
    """The key of the table's rules that its thresholds are fitted for: the ``all_pass`` rule
    (``redeal``), marked when the defenders score their tricks (``redeal+defenders_score``)."""
    return settings.all_pass + (DEFENDERS_SCORE if settings.defenders_score else "")


def score_class(score: tuple[int, ...] | None, scorer: int, game_points: int) -> str:
    """The class of a score for the side that calls (``scorer``: its place among the scorers):
    ``points`` without a score; else where each side stands against the end of the game,
    ``far`` (more than 4 to go), ``lone`` (a lone march, 4, wins), ``two`` (2 win) or ``one``,
    the side's first: ``far/one`` is a side far from the end against one a point from it."""
    if score is None or len(score) != 2:
        return POINTS
    mine, theirs = score[scorer], score[1 - scorer]
    return f"{_stand(game_points - mine)}/{_stand(game_points - theirs)}"


def _stand(to_go: int) -> str:
    return "one" if to_go <= 1 else "two" if to_go <= 2 else "lone" if to_go <= 4 else "far"


@dataclass(frozen=True)
class Policies:
    """Every policy of one game: by table rules (``table_rules``) and score class."""

    by_rule: Mapping[str, Mapping[str, Policy]] = field(default_factory=dict)

    def of(self, rules: str, klass: str = POINTS) -> Policy:
        """The policy for the table's rules and class: the class's, else the rules' without a
        score, else (rules not fitted) the ``all_pass`` rule's, else the neutral one (a game
        not fitted)."""
        classes = self.by_rule.get(rules) or self.by_rule.get(rules.split("+")[0], {})
        return classes.get(klass) or classes.get(POINTS) or NEUTRAL

    def to_json(self) -> dict[str, Any]:
        return {
            rule: {klass: policy.to_json() for klass, policy in sorted(classes.items())}
            for rule, classes in sorted(self.by_rule.items())
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Policies:
        return cls(
            {rule: {klass: Policy.from_json(p) for klass, p in classes.items()} for rule, classes in data.items()}
        )


UNFITTED = Policies()  # a game without thresholds: every seat calls against 0
