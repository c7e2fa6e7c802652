"""One answer, said once: the text of the bid advice (``hasen bid --seat``) recommends one
option, in one line, and the rest of it gives figures only.

For a set of hands of Hasenpfeffer and Euchre, first seat and dealer, with the score and
without, every line of the text that recommends (starts with an option, or with the score and
an option) is collected: there must be one, naming the option the table at the table ranks
best (by points, or with the score by the chance of winning the game), or a close call that
names it. No option is listed in two rows of that table, and options sharing a row show the
same figures. A Euchre first-round pass that plans a second-round call plans one the table of
calls does not rank plainly below another (more than three standard errors).
"""

from __future__ import annotations

import math
import re

import pytest
from seat_views import view_and_options

import hasen
from hasen.analysis.advice import BidAdvice, CallAdvice
from hasen.text.advice import format_bid_advice, format_call_advice

LAYOUTS = {"layouts": 200, "choice_layouts": 60}
HANDS = [
    {"hand": "A.K..AQJ*", "seat": "N", "dealer": "W"},  # a strong hand: a bid
    {"hand": "9S TD 9H QS TH KD", "seat": "N", "dealer": "W"},  # junk
    {"hand": "9S TD 9H QS TH KD", "seat": "W", "dealer": "W", "score": "8-3"},
    {"hand": "JK JC AC KS QH 9D", "seat": "E", "dealer": "N", "score": "2-9"},
    {"variant": "euchre", "hand": "AS KS QD 9H TH", "extra": "9C", "seat": "E", "dealer": "N"},
    {"variant": "euchre", "hand": "JS JC AS KH 9D", "extra": "9S", "seat": "N", "dealer": "N"},
    {"variant": "euchre", "hand": "TD 9D KC QC 9H", "extra": "AS", "seat": "S", "dealer": "E", "score": "9-6"},
    {"variant": "euchre2", "hand": "AD KD JH TS 9S", "extra": "QD", "seat": "S", "dealer": "N"},
]
OPENINGS = (
    "pass",
    "bid up to",
    "order it up",
    "pick it up",
    "name ",
    "with the partner:",
    "alone:",
    "first round:",
    "second round:",
    "advice:",
)


def recommendations(text: str) -> list[str]:
    """The lines that say what to do: an option first, or the score then an option."""
    out = []
    for line in text.splitlines():
        words = re.sub(r"^At [-\d]+(?: to [-\d]+|-[-\d]+)+ \([^)]*\): ", "", line).lower()
        if words.startswith(OPENINGS) and not line.startswith(" ") and not line.endswith(":"):  # not a title
            out.append(line)
    return out


def table_rows(text: str) -> list[tuple[str, float, tuple[str, ...]]]:
    """The table at the table: each row's options, expected points and shares (and win)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("at the table")) + 2
    rows = []
    for line in lines[start:]:
        if not line.startswith("  "):
            break
        found = re.match(r"  (.+?)\s+([-+]\d+\.\d\d) ±\d+\.\d\d\s+(.*)$", line)
        assert found, line
        rows.append((found[1], float(found[2]), tuple(found[3].split())))
    return rows


def option_phrases(row: str) -> list[str]:
    """A row's options one by one: ``pass, or bid up to 1 or 2, with the partner or alone`` is
    pass, bid up to 1 with the partner, bid up to 1 alone, and so on."""
    out = []
    for part in row.split(", or "):
        if not part.startswith("bid up to "):
            out.append(part)
            continue
        rest = part.removeprefix("bid up to ")
        forms = (
            ["with the partner", "alone"]
            if rest.endswith(", with the partner or alone")
            else ["alone"]
            if rest.endswith(" alone")
            else ["with the partner"]
            if rest.endswith(" with the partner")
            else [""]
        )
        rest = re.sub(r",? (with the partner or alone|with the partner|alone)$", "", rest)
        out += [f"bid up to {level} {form}".strip() for level in rest.split(" or ") for form in forms]
    return out


@pytest.mark.parametrize(
    "case", HANDS, ids=lambda c: f"{c.get('variant', 'hasenpfeffer')}-{c['seat']}{'-score' if 'score' in c else ''}"
)
def test_the_advice_says_one_thing(case: dict) -> None:
    view, options = view_and_options({**case, **LAYOUTS, "seed": 1})
    advice = hasen.advise(view, **options)
    text = format_bid_advice(advice) if isinstance(advice, BidAdvice) else format_call_advice(advice)
    assert isinstance(advice, (BidAdvice, CallAdvice)) and advice.actions
    said = recommendations(text)
    assert len(said) == 1, said
    rows = table_rows(text)
    phrases = [p for row, _, _ in rows for p in option_phrases(row)]
    assert len(phrases) == len(set(phrases)), f"an option in two rows: {phrases}"
    assert len(phrases) == len(advice.actions)
    # the headline's option is the best row's (a close call names the best among others)
    if "score" in case:
        best = max(advice.actions, key=lambda a: a.win)
    else:
        best = max(advice.actions, key=lambda a: a.expected)
    best_row = next(row for row, expected, _ in rows if expected == round(best.expected, 2))
    headline = said[0].lower()
    assert any(p in headline for p in option_phrases(best_row)), (headline, best_row)
    if isinstance(advice, CallAdvice) and advice.second_round is not None and advice.second_round.call.kind != "pass":
        plan = advice.second_round
        calls = [c for c in advice.calls if c.round == 2 and c.alone == plan.alone]
        top = max(calls, key=lambda c: c.expected)
        mine = next(c for c in calls if c.bid == plan.words.removesuffix(" alone"))
        assert top.expected - mine.expected <= 3 * math.hypot(top.stderr, mine.stderr), (plan.words, top.bid)
