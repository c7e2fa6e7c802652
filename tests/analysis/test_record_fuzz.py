"""Hand records fuzzed: legal records of every game (tests/recordgen.py) cut, spliced, spread
over lines and salted with separators, control characters and long runs, then read. Whatever
the text, ``Record.parse`` and ``split_records`` give a record or a ``hasen`` error whose
message is one short line that shows no raw control character: never another exception, and
never the input quoted whole."""

from __future__ import annotations

from examples import HASENPFEFFER_DEAL
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from recordgen import random_record

import hasen
from hasen.core.record_text import split_records
from hasen.notation.record import parse_block

PIECES = [
    ";",
    ";;",
    ":",
    "\n",
    "\n\n",
    "\n ",
    "\t",
    " ",
    ",",
    "=",
    "#",
    "|",
    "*",
    "\x00",
    "\x1b[2J",
    "\r",
    "\u202e",
    "é",
    "🂡",
    "deal:",
    "play:",
    "players: N=",
    "auction: N ",
    "contract: N, trump ",
    "id: ",
    "result: ",
    "x" * 500,
    "9" * 40,
    "pass",
    "alone",
    "order up",
]
# 100 texts a test reach what 400 did beyond the rest of the suite (docs/benchmarks.md)
CHECKS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LONGEST_MESSAGE = 400  # characters: a message names the problem and quotes a short prefix


@st.composite
def mangled_records(draw: st.DrawFn) -> str:
    text = random_record(draw(st.integers(0, 2**32 - 1))).text()
    if draw(st.booleans()):
        text = text.replace("\n", "; ")  # the one-line form
    for _ in range(draw(st.integers(0, 6))):
        at = draw(st.integers(0, len(text)))
        match draw(st.sampled_from(["insert", "delete", "cut", "repeat"])):
            case "insert":
                text = text[:at] + draw(st.sampled_from(PIECES) | st.text(max_size=8)) + text[at:]
            case "delete":
                text = text[:at] + text[at + draw(st.integers(1, 12)) :]
            case "cut":
                text = text[:at]
            case "repeat":
                text = text[:at] + text[at : at + 20] * draw(st.integers(2, 50)) + text[at:]
    return text


def check_message(error: hasen.HasenError, text: str) -> None:
    message = str(error)
    assert "\n" not in message and len(message) <= LONGEST_MESSAGE, message
    assert all(c.isprintable() or c == " " for c in message), repr(message)


@CHECKS
@given(text=mangled_records())
# a setting named twice, its name unprintable: shown quoted
@example(text=f"deal: {HASENPFEFFER_DEAL}\ndealer: W\nsettings: \x00first_lead=declarer \x00first_lead=declarer")
def test_any_text_is_a_record_or_one_short_line_of_error(text: str) -> None:
    try:
        record = hasen.Record.parse(text)
    except hasen.HasenError as exc:
        check_message(exc, text)
    else:
        assert hasen.Record.parse(str(record)) == record  # what was read writes back and reads again


@CHECKS
@given(texts=st.lists(mangled_records(), min_size=1, max_size=4))
def test_a_file_of_any_records_splits_or_names_its_line(texts: list[str]) -> None:
    text = "\n\n".join(texts)
    try:
        blocks = split_records(text)
    except hasen.HasenError as exc:
        check_message(exc, text)
        return
    for block in blocks:
        try:
            parse_block(block)
        except hasen.HasenError as exc:
            check_message(exc, text)
