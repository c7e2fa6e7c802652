"""Where the code asks which game it plays: a game's traits (the flags of its ``Variant``) and
its family by name. A game's own code is in its folder, ``solver/games/<family>/``, which
may ask freely; so may the few shared places that say what the traits mean for everyone
(``SHARED``, listed in docs/layers.md with why). No other place asks: ``NOT_YET_MOVED``,
where such a place would be listed with how often and about what, is empty. The test fails
on a new place or a new question, and on a count left higher than the code's once one has
moved, so the list only shrinks."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TRAITS = ("partners", "cutthroat", "extra_optional", "declarer_exchanges", "calls_for_best", "has_deck_choice")
# a trait read off a variant, or the family compared or looked up by its name
QUESTION = re.compile(rf"\.({'|'.join(TRAITS)})\b|family ?(==|!=)|\.family\]")

SHARED = {
    "solver/core/variants.py": "defines the traits and what they mean for seats and sides",
    "solver/core/deal.py": "the shape of a deal: whether the extra card may be left out",
    "solver/core/settings.py": "which table settings each game has, from each family's own",
    "solver/rules/seating.py": "who plays, who takes the extra card and who leads",
    "solver/rules/scoring.py": "whether points are kept by side or by player",
    "solver/text/words.py": "how the answers say the table's shape: sides or players, one form of play or two",
    "api/page.py": "the traits the review page's script is told, for it plays every game",
}
NOT_YET_MOVED: dict[str, tuple[int, str]] = {}  # each still asks, how often and about what


def questions() -> Counter[str]:
    """How often each Python module outside the games' folders asks which game it plays."""
    found: Counter[str] = Counter()
    for folder in ("solver", "api"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if not name.startswith("solver/games/"):
                found[name] += sum(1 for line in path.read_text().splitlines() if QUESTION.search(line))
    return +found  # the modules that ask at all


def test_only_the_games_and_the_shared_places_ask_which_game_it_is() -> None:
    asking = {name: count for name, count in questions().items() if name not in SHARED}
    listed = {name: count for name, (count, _) in NOT_YET_MOVED.items()}
    new = {name: count for name, count in asking.items() if count > listed.get(name, 0)}
    assert not new, f"asks which game it plays: move it into the game's folder (solver/games/): {new}"
    moved = {name: (count, asking.get(name, 0)) for name, count in listed.items() if asking.get(name, 0) < count}
    assert not moved, f"fewer questions than listed (listed, found): lower NOT_YET_MOVED: {moved}"


def test_the_shared_places_are_the_documented_ones() -> None:
    """docs/layers.md names the shared places, each with why; each exists and asks."""
    text = (ROOT / "docs" / "layers.md").read_text()
    asking = questions()
    for name in SHARED:
        assert f"`{name.removeprefix('solver/')}`" in text, name
        assert asking[name] > 0, f"{name} no longer asks: take it off SHARED"


def test_the_question_is_recognised() -> None:
    """The pattern finds each form of the question, and not a look-alike."""
    for line in ("if variant.partners:", "v.calls_for_best and x", 'family == "euchre"', "MARGIN[self.variant.family]"):
        assert QUESTION.search(line), line
    for line in ("partners = 2", "variant.family", "self.partnership", "families == x"):
        assert not QUESTION.search(line), line
