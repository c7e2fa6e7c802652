"""CSV cells a spreadsheet shows as they are, and ids that read back as they were written.

A spreadsheet runs a cell that begins with ``=``, ``+``, ``-`` or ``@`` (or a tab or carriage
return) as a formula, so a player's name or an error message from the input could run
``=HYPERLINK(...)`` on the reader's machine. As OWASP's guidance on CSV injection
recommends, such a text cell is written with a ``'`` before it, which a spreadsheet shows as
text and does not run. Numbers are written as numbers (a negative cost stays a number).

An id is a whole number or a text, and 7 and "7" are two ids. A text id is written as its
JSON string (in double quotes) when it would otherwise read as a number, begins as a formula
or a quote does, or holds a line break or leading or trailing spaces; any other text id as it
is. So every id reads back as itself, and none is a formula.
"""

from __future__ import annotations

import json
import re

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
NUMBER = re.compile(r"-?[0-9]+")


def cell(value: object) -> object:
    """A value for a CSV cell: a text that a spreadsheet would run, made text."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def id_cell(value: int | str) -> str:
    """An id as its CSV cell."""
    if isinstance(value, int):
        return str(value)
    if (
        NUMBER.fullmatch(value)
        or value.startswith((*FORMULA_STARTS, '"', "'"))
        or "\n" in value
        or "\r" in value  # a line end to a CSV reader as much as a newline is
        or value != value.strip()
        or not value
    ):
        return json.dumps(value)
    return value


def read_id_cell(text: str) -> int | str:
    """The id an id cell holds (``id_cell`` the other way).

    >>> [read_id_cell(id_cell(v)) for v in (7, "7", "=1+1", "Anna's", "-3", '"x"')]
    [7, '7', '=1+1', "Anna's", '-3', '"x"']
    """
    if text.startswith('"'):
        value = json.loads(text)
        if isinstance(value, str):
            return value
    if NUMBER.fullmatch(text):
        return int(text)
    return text
