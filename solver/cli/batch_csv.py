"""``hasen batch`` written as a tidy CSV (docs/batch.md, "A CSV for pandas"): one row per
id, declarer, trump and discard, with its tricks, ready for ``pandas.read_csv``.

Each line ``hasen batch`` would write is turned into its rows here, in the writing process,
so the workers and the order of the output are those of the JSON lines. A line of errors is
one row with only its id and the error. A run that stops goes on as the JSON lines do: the
rows of the last id are cut off (they may be torn), and that id is answered again.
"""

from __future__ import annotations

import csv
import io
import json
import os
from collections import Counter
from collections.abc import Iterator
from typing import Any, NamedTuple

from ..analysis.columns import TABLE_ROW, names
from ..analysis.rows import table_rows
from ..core.errors import HasenError, quoted
from ..core.variants import variant_for
from .cells import cell, id_cell, read_id_cell
from .targets import id_key

COLUMNS = (*names(TABLE_ROW), "error")  # the Parquet file has no error column: its errors stay in OUT
HEADER = ",".join(COLUMNS)
CSV_SUFFIX = ".csv"


def wants_csv(output: str, form: str | None) -> bool:
    """CSV when asked for (``--format csv``) or when OUT ends in ``.csv``."""
    return form == "csv" if form is not None else output.lower().endswith(CSV_SUFFIX)


def result_rows(result: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The rows of one result of ``hasen batch``: a table's cells, or its error alone."""
    if "error" in result:
        yield {"id": result["id"], "error": result["error"]}
        return
    table = result["table"]
    deck = variant_for(table["variant"], table.get("deck")).deck_size
    yield from ({"id": result["id"], **row, "error": None} for row in table_rows(table, deck))


def table_rows_of_file(path: str) -> Iterator[dict[str, Any]]:
    """The rows of every table of a file of ``hasen batch`` results (for Parquet; its errors
    are not rows of a table)."""
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            if not line.endswith("\n"):  # torn as it was written: answered again by the next run
                break
            result = json.loads(line)
            if "error" not in result:
                yield from result_rows(result)


def rows_of(line: str) -> str:
    """The CSV rows of one line of ``hasen batch`` results (a table or an error)."""
    result = json.loads(line)
    key = id_cell(result["id"])  # a row is one line, and its id reads back as it was
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for row in result_rows(result):
        writer.writerow([key, *(cell(row.get(column)) for column in COLUMNS[1:])])
    return out.getvalue()


class Cut(NamedTuple):
    """The rows of the last table of a CSV gone on with, cut off to be answered again (they may
    not all be there): its id (as the JSON lines' key) and its rows as they were."""

    key: str
    rows: bytes


def finished(path: str) -> tuple[Counter[str], Cut | None]:
    """The ids already answered in the CSV at ``path`` (as the JSON lines' keys), and the rows
    of the last answered id, cut off to be answered again; a file that is not such a CSV is
    refused, never written to. Read a line at a time: a CSV of millions of rows is never
    held whole."""
    done: Counter[str] = Counter()
    try:
        out = open(path, "r+b")
    except FileNotFoundError:
        return done, None
    except OSError as exc:
        raise HasenError(f"cannot open {path}: {exc.strerror or exc}") from None
    not_ours = f"{path} is not a CSV of hasen batch (its first line is not {HEADER!r}); give another OUT"
    with out:
        first = out.readline()
        if not first.endswith(b"\n"):  # no whole line: empty, or a header torn as it was written
            if not HEADER.encode().startswith(first):
                raise HasenError(not_ours)
            out.truncate(0)
            return done, None
        if first[:-1].decode("utf-8", "replace") != HEADER:
            raise HasenError(not_ours)
        offset = len(first)
        last: tuple[int, str] | None = None  # where the last answer's rows start, and its id's key
        previous: tuple[str, bool] | None = None
        for number, raw in enumerate(iter(out.readline, b""), 2):
            if not raw.endswith(b"\n"):  # what follows the last newline is torn
                break
            row = _row(path, number, raw[:-1])
            key = (row[0], bool(row[-1]))
            if key != previous or key[1]:  # a new id; an error row is an answer of its own
                if last is not None:
                    done[last[1]] += 1
                last = (offset, id_key(read_id_cell(row[0])))
            previous = key
            offset += len(raw)
        cut: Cut | None = None
        if last is not None and previous is not None and not previous[1]:
            # the last table's rows may not all be there: cut them off, to be answered again
            out.seek(last[0])
            cut = Cut(last[1], out.read(offset - last[0]))
            offset = last[0]
        elif last is not None:
            done[last[1]] += 1
        out.truncate(offset)
    return done, cut


def _row(path: str, number: int, raw: bytes) -> list[str]:
    """A line of the CSV read as a row of hasen batch, or refused saying where and why."""
    try:
        [row] = list(csv.reader([raw.decode("utf-8")]))
    except (ValueError, UnicodeDecodeError, csv.Error):
        raise HasenError(
            f"{path} line {number} is not a row of hasen batch: {quoted(raw.decode('utf-8', 'replace'))}; "
            "give another OUT"
        ) from None
    if len(row) != len(COLUMNS):
        raise HasenError(f"{path} line {number} has {len(row)} columns, not {len(COLUMNS)}; give another OUT")
    try:
        read_id_cell(row[0])
    except ValueError:
        raise HasenError(
            f"{path} line {number}: not an id of hasen batch: {quoted(row[0])}; give another OUT"
        ) from None
    return row


def header_needed(path: str) -> bool:
    """Is OUT new or empty, so that the CSV starts with its header?"""
    try:
        return os.path.getsize(path) == 0
    except OSError:
        return True
