"""``hasen batch IN OUT``: the table of every deal in a file, one JSON line each (docs/batch.md).

Each non-blank line of IN is a JSON object with the keys of the web API's table request and
an ``"id"``, or a deal string alone (its id: its line number); IN is read as bytes, a file
and standard input alike, each line decoded as UTF-8 on its own. Each gets one line in OUT,
in the order of IN: ``{"id": ..., "table": {...}}`` with the answer of ``hasen table --json``,
or ``{"id": ..., "line": N, "error": "..."}``. A bad line is an error line, never the end of
the run. Lines are written as soon as the next in order is ready and flushed one by one, so
a run that is stopped keeps every whole line; run again, it drops a torn last line and
skips the ids already in OUT. OUT ``-`` is standard output (nothing to resume there). The
work runs in this process, in ``--jobs N`` processes or on a Dask cluster (``--scheduler``)
through ``hasen.workers``, with the same bytes in OUT.
"""

from __future__ import annotations

import argparse
import json
import os
import stat
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any, NamedTuple, TextIO

from .. import public
from ..analysis.columns import TABLE_ROW
from ..core import strict_json
from ..core.bounds import MAX_LINE
from ..core.deal import read_deal
from ..core.errors import HasenError, quoted
from ..core.settings import GAME_SETTINGS, PLAY_SETTINGS
from ..core.variants import variant_for
from ..workers import BackendError, Workers, WorkersFailed
from . import batch_csv
from .options import STANDARD, settings_from, standard_input
from .output import OutputError
from .parquet import ours, require_pyarrow, write_parquet
from .targets import MARK, byte_lines, check_apart, check_replaceable, finished, hold, id_key, named, result_line

# The keys of a line: those of the web API's table request (api/request_schemas.py TABLE_REQUEST,
# kept equal by tests/cli/test_batch.py) and the id, with the JSON type each takes.
TYPES: dict[str, type] = {
    "deal": str,
    "dealer": str,
    "declarer": str,
    "alone": bool,
    "variant": str,
    "deck": int,
    "defender": str,
    **{
        name: bool if all(isinstance(v, bool) for s in GAME_SETTINGS.values() for v in s.get(name, ())) else str
        for name in PLAY_SETTINGS
    },
}
KEYS = ("id", *TYPES)
JSON_NAMES = {
    str: "a string",
    bool: "a boolean",
    int: "an integer",
    float: "a number",
    list: "an array",
    dict: "an object",
    type(None): "null",
}
SHOWN_ERRORS = 10  # errors also printed on stderr; the others are only in OUT
BYTE_ORDER_MARK = b"\xef\xbb\xbf"  # UTF-8's, as some editors begin a file with it


class Item(NamedTuple):
    """One line to answer: its number in IN, its id, and its request (or why it has none)."""

    line: int
    id: int | str
    body: dict[str, Any] | None
    error: str | None = None
    named: bool = False  # did the line give its id? (else its number is its id)


COMMAND = "batch"  # the mark of its results' lines (hasen.cli.targets)


def answer(item: Item) -> str:
    """The line of OUT for one line of IN (what each worker runs)."""
    if item.error is not None:
        return failure(item, item.error)
    assert item.body is not None
    try:
        return result_line(COMMAND, item.id, table=table_of(item.body))
    except HasenError as exc:
        return failure(item, str(exc))
    except Exception as exc:  # a bug in the solver: one line's error, not the end of the run
        return failure(item, f"internal error: {type(exc).__name__}: {exc}")


def failure(item: Item, message: str) -> str:
    return result_line(COMMAND, item.id, line=item.line, error=message)


def table_of(body: dict[str, Any]) -> dict[str, Any]:
    """``hasen table --json`` of one request, its keys and their types checked first."""
    for key, value in body.items():
        if key not in TYPES:
            raise HasenError(f"unknown key {quoted(key)} (allowed: {', '.join(KEYS)})")
        wanted = TYPES[key]
        if type(value) is not wanted:
            raise HasenError(f"{key}: expected {JSON_NAMES[wanted]}, got {described(value)}")
    if "deal" not in body:
        raise HasenError("missing key 'deal' (required: deal)")
    settings = {name: body[name] for name in PLAY_SETTINGS if name in body}
    deal = read_deal(body["deal"], body.get("dealer"), variant_for(body.get("variant"), body.get("deck")), settings)
    return public.analyze(
        deal, declarer=body.get("declarer"), alone=body.get("alone", False), defender=body.get("defender")
    ).to_json()


def described(value: object) -> str:
    return JSON_NAMES.get(type(value), type(value).__name__)


# --- reading IN ---------------------------------------------------------------------------


def parse_line(number: int, text: str, defaults: dict[str, Any]) -> Item:
    """One non-blank line: a JSON object, a JSON string holding a deal, or a bare deal (a
    line that begins as JSON does, an array too, is read as JSON)."""
    if not text.startswith(("{", '"', "[")):
        return Item(number, number, {**defaults, "deal": text})
    try:
        value = strict_json.loads(text)
    except strict_json.JSONInputError as exc:
        return Item(number, number, None, str(exc))
    if isinstance(value, str):
        return Item(number, number, {**defaults, "deal": value})
    if not isinstance(value, dict):
        return Item(number, number, None, f"expected a JSON object or a deal, got {described(value)}")
    body = dict(value)
    key = body.pop("id", number)
    if type(key) not in (int, str):
        return Item(number, number, None, f"id: expected a string or an integer, got {described(key)}")
    return Item(number, key, {**defaults, **body}, named="id" in value)


def decoded(number: int, raw: bytes | None) -> str | Item:
    """Line ``number`` of IN as text, stripped; or an error Item saying why it is not text."""
    if raw is None:
        return Item(number, number, None, f"longer than {MAX_LINE} bytes")
    if number == 1 and raw.startswith(BYTE_ORDER_MARK):
        raw = raw[len(BYTE_ORDER_MARK) :]
    try:
        return raw.decode("utf-8").strip()
    except UnicodeDecodeError as exc:
        return Item(number, number, None, f"not UTF-8 (byte {exc.start})")


# --- the progress bar --------------------------------------------------------------------


class Progress:
    """Lines done of the total, the rate and the time left, on one line of a terminal; or
    nothing, when ``stream`` is not a terminal."""

    INTERVAL = 0.2  # seconds between redraws

    def __init__(self, stream: TextIO, total: int | None, clock: Callable[[], float] = time.monotonic) -> None:
        self.stream, self.total, self.clock = stream, total, clock
        self.shown = stream.isatty()
        self.start = self.last = clock()
        self.width = 0

    def update(self, done: int, solved: int, force: bool = False) -> None:
        """``done``: lines of IN dealt with (skipped ones too); ``solved``: answered in this run."""
        now = self.clock()
        if not self.shown or (not force and now - self.last < self.INTERVAL):
            return
        self.last = now
        self.draw(bar_text(done, solved, self.total, now - self.start))

    def draw(self, text: str) -> None:
        self.stream.write("\r" + text.ljust(self.width))
        self.stream.flush()
        self.width = len(text)

    def clear(self) -> None:
        """Take the bar off its line, before other text is printed there."""
        if self.shown and self.width:
            self.draw("")
            self.stream.write("\r")
            self.width = 0


def bar_text(done: int, solved: int, total: int | None, seconds: float) -> str:
    """``batch: 1200/100000 lines (1%)  410.2 lines/s  ETA 4:01``.

    >>> bar_text(1200, 1000, 100000, 2.5)
    'batch: 1200/100000 lines (1%)  400.0 lines/s  ETA 4:07'
    >>> bar_text(3, 3, None, 0.0)
    'batch: 3 lines'
    """
    text = f"batch: {done}/{total} lines ({100 * done // max(total, 1)}%)" if total else f"batch: {done} lines"
    if solved and seconds > 0:
        rate = solved / seconds
        text += f"  {rate:.1f} lines/s"
        if total:
            left = round(max(total - done, 0) / rate)
            hours, rest = divmod(left, 3600)
            clock = f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"
            text += f"  ETA {clock}"
    return text


# --- the command -------------------------------------------------------------------------


class Run:
    """One run over IN: what was skipped, answered and refused."""

    def __init__(self, done: Counter[str], defaults: dict[str, Any]) -> None:
        self.remaining, self.defaults = done, defaults
        self.first_line: dict[str, int] = {}
        self.skipped = self.tables = self.errors = self.written = 0
        self.backend = ""

    def items(self, lines: Iterable[bytes | None]) -> Iterator[Item]:
        """The lines of IN still to answer, in order (ids already in OUT are skipped; an id
        seen before in IN gets an error line)."""
        for number, raw in enumerate(lines, 1):
            text = decoded(number, raw)
            if not text:
                continue
            item = text if isinstance(text, Item) else parse_line(number, text, self.defaults)
            key = id_key(item.id)
            first = self.first_line.setdefault(key, number)
            if self.remaining[key]:
                self.remaining[key] -= 1
                self.skipped += 1
                continue
            if first != number and item.error is None:
                own = "" if item.named else " (a line without an id has its place for one: give it an id)"
                item = Item(number, item.id, None, f"id: {key} is already the id of line {first}{own}")
            yield item

    def count(self, line: str) -> str | None:
        """Count one line of OUT; the error message if it is an error."""
        if line.endswith("}") and '"error": ' in line:
            record = json.loads(line)
            if set(record) == {MARK, "id", "line", "error"}:
                self.errors += 1
                return f"line {record['line']} (id {id_key(record['id'])}): {record['error']}"
        self.tables += 1
        return None


def total_lines(source: IO[bytes]) -> int | None:
    """The non-blank lines of IN, for the progress bar: counted in a regular file, which is
    then read again from the start; None for anything else (a pipe can be read once)."""
    try:
        if not stat.S_ISREG(os.fstat(source.fileno()).st_mode):
            return None
        count = sum(1 for number, line in enumerate(byte_lines(source, MAX_LINE), 1) if decoded(number, line))
        source.seek(0)
        return count
    except (OSError, ValueError):  # no file behind it (a test's stream): no total
        return None


def defaults_from(args: argparse.Namespace) -> dict[str, Any]:
    """The table options given on the command line, as the keys of a line (a line's own
    keys win); checked now, so that a bad one stops the run before it starts."""
    variant = variant_for(args.variant, args.deck)
    settings = settings_from(args, variant)
    defaults: dict[str, Any] = {}
    if args.variant is not None:
        defaults["variant"] = variant.name
    if args.deck is not None:
        defaults["deck"] = variant.deck_size
    for name in ("declarer", "defender"):
        if getattr(args, name) is not None:
            defaults[name] = getattr(args, name)
    if args.alone:
        defaults["alone"] = True
    defaults.update({name: getattr(settings, name) for name in PLAY_SETTINGS if getattr(args, name) is not None})
    return defaults


class Files(NamedTuple):
    """IN and OUT, open; what is known of OUT."""

    source: IO[bytes]
    out: IO[str]
    created: bool  # OUT did not exist before this run
    resumable: bool  # OUT is a regular file, read for the ids it holds
    where: str  # OUT, as messages name it
    opened: tuple[IO[Any], ...]  # what this run opened and closes (not standard input or output)

    def close(self) -> None:
        for stream in self.opened:
            try:
                stream.close()
            except OSError:  # what it could not write out was said when the write failed
                pass


def open_files(args: argparse.Namespace) -> Files:
    """IN for reading and OUT for appending, each checked before any work starts: a path
    that cannot be read or written, a folder, or OUT the same file as IN is one line now,
    not after the workers have started. OUT that is no regular file (``-``, a device, a pipe)
    is written as a stream, never read."""
    check_apart(COMMAND, [("IN", args.input)], [("OUT", args.output), ("--parquet", args.parquet)])
    if args.parquet:
        require_pyarrow(COMMAND)
        if args.output == STANDARD or batch_csv.wants_csv(args.output, args.format):
            raise HasenError("batch: --parquet is written from OUT's JSON lines: give a file of JSON lines as OUT")
        check_replaceable(
            COMMAND, "--parquet", args.parquet, ours(COMMAND, args.parquet), "a Parquet file of hasen batch"
        )
    try:
        source = standard_input() if args.input == STANDARD else open(args.input, "rb")
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        raise HasenError(f"batch: cannot read {named(args.input)}: {reason(exc)}") from None
    try:
        if args.output == STANDARD:
            out, created = sys.stdout, False
        else:
            created = not os.path.lexists(args.output)
            out = open(args.output, "a", encoding="utf-8", newline="\n")
    except (OSError, ValueError) as exc:
        source.close()
        raise HasenError(f"batch: cannot write {named(args.output)}: {reason(exc)}") from None
    opened = tuple(stream for stream, path in ((source, args.input), (out, args.output)) if path != STANDARD)
    try:  # standard output is never read back, even when the shell sends it to a file
        resumable = args.output != STANDARD and stat.S_ISREG(os.fstat(out.fileno()).st_mode)
    except (OSError, ValueError):  # a stream with no file behind it (a test's): nothing to read back
        resumable = False
    if resumable:
        try:
            hold(out, args.output, COMMAND)
        except HasenError as exc:
            for stream in opened:
                stream.close()
            raise HasenError(f"batch: {exc}") from None
    where = "standard output" if args.output == STANDARD else args.output
    return Files(source, out, created, resumable, where, opened)


def reason(error: Exception) -> str:
    """Why a file could not be opened, as the system says it."""
    return getattr(error, "strerror", None) or str(error)


def cmd_batch(args: argparse.Namespace) -> int:
    err = sys.stderr
    defaults = defaults_from(args)
    files = open_files(args)
    where, resume = files.where, "; run the same command again to resume" if files.resumable else ""
    progress = Progress(err, None)
    run = Run(Counter(), defaults)
    as_csv = batch_csv.wants_csv(args.output, args.format)
    new = new_answers(as_csv)
    cut: batch_csv.Cut | None = None
    try:
        if files.resumable:
            if as_csv:
                run.remaining, cut = batch_csv.finished(args.output)
            else:
                with open(args.output, "r+b") as kept:
                    run.remaining = finished(kept, args.output, COMMAND)
        if progress.shown:
            progress.total = total_lines(files.source)
        solve_all(args, files, run, progress, as_csv)
        if (left_out := not_given(cut, run)) is not None:
            # IN did not give the table cut off to be answered again (another IN than the
            # last run's): its rows go back, after this run's
            files.out.write(left_out.rows.decode("utf-8"))
            files.out.flush()
    except KeyboardInterrupt:
        progress.clear()
        left = not_solved_again(cut, run, where)
        said = f"interrupted after {counted(run.written, new)}, all kept in {where}{resume}{left}"
        print(f"hasen: batch: {said}", file=err)
        return 130
    except WorkersFailed as exc:
        progress.clear()
        left = not_solved_again(cut, run, where)
        print(f"hasen: batch: {exc}; {counted(run.written, new)} kept in {where}{resume}{left}", file=err)
        return 1
    except (BackendError, HasenError) as exc:
        progress.clear()
        if files.created and run.written == 0:  # nothing done: OUT is not left behind, empty
            os.remove(args.output)
        raise HasenError(f"batch: {exc}") from None
    except OutputError:
        progress.clear()
        raise
    else:  # OUT still held: the Parquet file is made from it as it is now
        progress.update(run.skipped + run.written, run.written, force=True)
        progress.clear()
        skipped = f", {run.skipped} skipped (already in {where})" if files.resumable else ""
        print(
            f"hasen: batch: {counted(run.tables, 'table')}, {counted(run.errors, 'error')}{skipped}; {run.backend}",
            file=err,
        )
        if args.parquet:
            write_parquet(COMMAND, args.parquet, TABLE_ROW, batch_csv.table_rows_of_file(args.output))
    finally:
        files.close()
    return 0


def not_given(cut: batch_csv.Cut | None, run: Run) -> batch_csv.Cut | None:
    """The CSV's last deal, cut off to be solved again, where IN has not given it (yet)."""
    return None if cut is None or cut.key in run.first_line else cut


def not_solved_again(cut: batch_csv.Cut | None, run: Run, where: str) -> str:
    """What a stop leaves out of the CSV: its last deal, cut off to be solved again, where IN
    has not given it yet (an IN that never does, another than the last run's, leaves it out)."""
    left_out = not_given(cut, run)
    if left_out is None:
        return ""
    return f"; but the last deal {where} held (id {left_out.key}) is cut off until an IN that gives it is run"


def new_answers(as_csv: bool) -> str:
    """What a run's new answers are called in its messages: lines, or deals in a CSV (where a
    deal is many rows)."""
    return "new deal" if as_csv else "new line"


def solve_all(args: argparse.Namespace, files: Files, run: Run, progress: Progress, as_csv: bool = False) -> None:
    """Answer the lines of IN still to do, appending to OUT in order, line by line (or the
    rows of each, as CSV)."""
    with Workers(args.jobs, args.scheduler) as workers:
        run.backend = workers.describe
        if as_csv and (not files.resumable or batch_csv.header_needed(args.output)):
            files.out.write(batch_csv.HEADER + "\n")
        for line in workers.map(answer, run.items(byte_lines(files.source, MAX_LINE)), chunk=args.chunk):
            try:
                files.out.write(batch_csv.rows_of(line) if as_csv else line + "\n")
                files.out.flush()
            except BrokenPipeError:
                raise
            except OSError as exc:
                kept = f"{counted(run.written, new_answers(as_csv))} kept" + (
                    ": run again to resume" if files.resumable else ""
                )
                raise OutputError(f"batch: cannot write {files.where}: {exc.strerror or exc} ({kept})") from None
            run.written += 1
            if (message := run.count(line)) is not None and run.errors <= SHOWN_ERRORS:
                progress.clear()
                more = "; further errors only in OUT" if run.errors == SHOWN_ERRORS else ""
                print(f"hasen: batch: {message}{more}", file=sys.stderr)
            progress.update(run.skipped + run.written, run.written)


def counted(number: int, word: str) -> str:
    return f"{number} {word}" if number == 1 else f"{number} {word}s"
