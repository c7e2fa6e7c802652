"""The docs' tables of the model's calling thresholds (docs/variants.md, "The model of the
other players"), printed from the shipped data:

    python -m hasen.text.policy_figures

A threshold is in the points the seat's side expects from its best call (a call is made when
its value is above it); ``never`` is a place where the seat does not call, ``(0)`` one where
self-play saw too few calls to learn from, so the seat calls against 0.
"""

from __future__ import annotations

from ..analysis.model import PlayerModel
from ..analysis.policy import ALWAYS, POINTS, table_rules
from ..core.settings import Settings
from ..core.variants import Variant, variant_for

EUCHRE_GAMES = {
    "four-hand Euchre": "euchre",
    "Two-handed": "euchre2",
    "Three-Handed": "euchre3",
    "Railroad": "railroad",
}
HASENPFEFFER_TABLES = {"redeal": Settings(), "defenders score": Settings(defenders_score=True)}
SCORED_EXAMPLE = "euchre"  # the game whose thresholds by the score the docs show
SCORED_CLASSES = ("far/far", "far/one", "one/far", "two/two", "one/one")


def shown(value: float) -> str:
    return "never" if value >= ALWAYS else f"{value:+.2f}"


CALLERS = ("1st", "2nd", "3rd", "dealer")  # the order of calling in four-hand Euchre


def place_in(variant: Variant, round_: int, caller: str) -> str | None:
    """The place of a caller in a game (the dealer is last; a smaller table has no 3rd)."""
    seats = len(variant.seats)
    order = seats if caller == "dealer" else CALLERS.index(caller) + 1
    return f"r{round_}p{order}" if order < seats or caller == "dealer" else None


def euchre_table() -> str:
    """The thresholds for points at the default table (a redeal), by place and game: the
    value a call must pass and, after the slash, the lone margin."""
    models = {label: PlayerModel.of(variant_for(name)) for label, name in EUCHRE_GAMES.items()}
    lines = ["| place | " + " | ".join(models) + " |", "| --- |" + " --- |" * len(models)]
    for round_ in (1, 2):
        for caller in CALLERS:
            cells = []
            for model in models.values():
                policy = model.policies.of(table_rules(Settings()))
                place = place_in(model.variant, round_, caller)
                if place is None:
                    cells.append("")
                    continue
                cell = shown(policy.make[place]) if place in policy.make else "(0)"
                cells.append(cell + (f" / {shown(policy.alone[place])}" if place in policy.alone else ""))
            lines.append(f"| round {round_}, {caller} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def hasenpfeffer_table() -> str:
    """The thresholds for points by the bid to make, the partner holding the highest bid or not."""
    model = PlayerModel.of(variant_for("hasenpfeffer"))
    columns = [(label, table_rules(settings), mark) for label, settings in HASENPFEFFER_TABLES.items() for mark in "-+"]
    lines = [
        "| bid | "
        + " | ".join(f"{label}, {'partner high' if mark == '+' else 'else'}" for label, _, mark in columns)
        + " |",
        "| --- |" + " --- |" * len(columns),
    ]
    for bid in range(1, 7):
        cells = []
        for _, rules, mark in columns:
            policy = model.policies.of(rules)
            place = f"b{bid}{mark}"
            cells.append(shown(policy.make[place]) if place in policy.make else "(0)")
        lines.append(f"| {bid} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def scored_table() -> str:
    """Four-hand Euchre's first-round thresholds by the class of the score."""
    variant = variant_for(SCORED_EXAMPLE)
    model = PlayerModel.of(variant)
    rules = table_rules(Settings())
    first_round = [place_in(variant, 1, caller) or "" for caller in CALLERS]
    lines = [
        "| score class | " + " | ".join(f"round 1, {caller}" for caller in CALLERS) + " |",
        "| --- |" + " --- |" * len(first_round),
    ]
    for klass in (POINTS, *SCORED_CLASSES):
        policy = model.policies.of(rules, klass)
        lines.append(f"| {klass} | " + " | ".join(shown(policy.threshold(p)) for p in first_round) + " |")
    return "\n".join(lines)


def main() -> int:
    for table in (euchre_table(), hasenpfeffer_table(), scored_table()):
        print(table, end="\n\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
