"""The text of hand records: fields (``field: value``) in blocks of lines or on one line
between semicolons, comments, continued lines, and the words every field may hold (an id, a
name). What the fields mean (the deal, the auction, the contract, the play) is read by
``hasen.notation.record``.
"""

from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

from .bounds import max_int_digits
from .errors import NotationError, quoted

FIELDS = (
    "id",
    "variant",
    "deck",
    "settings",
    "players",
    "score",
    "unknown",
    "dealer",
    "deal",
    "upcard",
    "widow",
    "auction",
    "contract",
    "play",
    "result",
)
# a record without a deal: the hands are worked out from the play (docs/notation.md, "A hand typed once")
NO_DEAL = (
    "the deal is missing ('deal: <deal>'); without one, give the contract and the whole play, and the "
    "hands are worked out from the cards each seat played"
)
FIELD_SEPARATOR = ";"  # between the fields of a record written on one line
COMMENT = "#"
FORBIDDEN_IN_NAMES = ",;=\n\r"  # they separate the parts of a record
MAX_NAME = 40  # characters in a player's name: a name, not a text


class RecordText(NamedTuple):
    """One record's text in a file: its fields with the line each is on. A line that is no
    field is kept as a field named "" whose value says why: that record is refused, not the
    file (the records around it are read)."""

    fields: list[tuple[int, str, str]]  # (line, field, value) in the order given
    one_line: bool

    @property
    def line(self) -> int:
        return self.fields[0][0]

    def where(self, line: int) -> str:
        """Where a message points: the line of a block's field; a one-line record is one place."""
        return "record: " if self.one_line else f"record line {line}: "

    def by_key(self) -> dict[str, tuple[int, str]]:
        """Each field's line and value, each given once, the deal among them."""
        by_key: dict[str, tuple[int, str]] = {}
        for line, key, value in self.fields:
            if not key:
                raise NotationError(value)
            if key in by_key:
                raise NotationError(
                    f"{self.where(line)}{key} is given twice"
                    + ("" if self.one_line else f" (also on line {by_key[key][0]})")
                )
            by_key[key] = (line, value)
        if "deal" not in by_key and "play" not in by_key:
            raise NotationError(f"{self.where(self.line)}{NO_DEAL}")
        return by_key


# the line ends an editor counts: str.splitlines() also breaks at form feeds and Unicode's
# line separators, which would put every later line's number off in messages
LINE_END = re.compile(r"\r\n|\r|\n")


def split_records(text: str, first_line: int = 1) -> list[RecordText]:
    """The records of a text (a file): blocks of ``field: value`` lines separated by blank
    lines, or single lines holding several fields between semicolons. Lines that start
    with ``#`` are comments; a line that starts with a space continues the field above."""
    records: list[RecordText] = []
    block: list[tuple[int, str, list[str]]] = []  # a field's value in parts: continued in linear time
    text = text.removeprefix("\ufeff")  # a byte order mark, which a file read as text may still start with

    def close() -> None:
        if block:
            records.append(RecordText([(at, key, " ".join(p for p in parts if p)) for at, key, parts in block], False))
            block.clear()

    for number, raw in enumerate(LINE_END.split(text), first_line):
        line = raw.rstrip()
        if not line.strip():
            close()
            continue
        if line.lstrip().startswith(COMMENT):
            continue
        if line[0] in " \t":
            if not block:
                why = (
                    f"record line {number}: a line that starts with a space continues the "
                    f"field above it, and there is none: {quoted(line.strip())}"
                )
                block.append((number, "", [why]))
            elif block[-1][1]:
                block[-1][2].append(line.strip())
            continue
        items = line.split(FIELD_SEPARATOR)
        fields = [_field(number, item) for item in items if item.strip()]
        if len(items) > 1:
            if not fields:
                why = (
                    f"record line {number}: a record of no fields, only {quoted(line.strip())} "
                    "(a record on one line is 'field: value' parts between semicolons)"
                )
                fields = [(number, "", why)]
            close()
            records.append(RecordText(fields, True))
        else:
            block.extend((at, key, [value]) for at, key, value in fields)
    close()
    return records


def not_records(records: list[RecordText]) -> str | None:
    """Why a text holds no hand record at all, where none of its blocks is all fields with a
    deal or a play (a file given by mistake, whose every block would be listed as an
    error): the first block's error; None where a block may be a record."""
    keys = [{key for _, key, _ in record.fields} for record in records]
    if not records or any("" not in given and given & {"deal", "play"} for given in keys):
        return None
    try:
        records[0].by_key()
    except NotationError as exc:
        return str(exc)
    return None


def _field(line: int, text: str) -> tuple[int, str, str]:
    """A field's line, name and value; a text that is no field has the name "" and why."""
    key, colon, value = text.strip().partition(":")
    key = key.strip().lower()
    if not colon:
        shown = quoted(text.strip())
        return line, "", f"record line {line}: expected 'field: value', got {shown} (the fields: {', '.join(FIELDS)})"
    if key not in FIELDS:
        return line, "", f"record line {line}: unknown field {quoted(key)} (the fields: {', '.join(FIELDS)})"
    return line, key, value.strip()


def read_id(value: object, written: bool = False) -> str | int | None:
    """An id: a string or a whole number; a written one of digits (no leading zero, a minus
    sign allowed) is a number, as its JSON form writes it."""
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    if not isinstance(value, str) or not value.strip() or any(c in value for c in ";\n\r") or hidden(value):
        raise NotationError(
            f"id: expected a word or a number (no ';', line break or control character), got {quoted(value)}"
        )
    text = value.strip()
    if written and WRITTEN_NUMBER.fullmatch(text) and len(text.lstrip("-")) <= max_int_digits():
        return int(text)
    return text


WRITTEN_NUMBER = re.compile(r"-?[1-9][0-9]*|0")  # how a whole-number id is written: "7", "-1", not "07"


def hidden(text: str) -> bool:
    """Does ``text`` hold a character a terminal would act on or hide (a control character,
    an escape sequence's start, a direction override) rather than show?"""
    return any(unicodedata.category(c) in ("Cc", "Cf") and c not in JOINERS for c in text)


JOINERS = "\u200c\u200d"  # format characters that join letters and emoji: shown, not acted on
