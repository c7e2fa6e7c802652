"""``hasen session IN OUT``: a night's hand records reviewed fairly, summed per player.

Each record of IN (blocks or lines, docs/notation.md "Hand records") gets one JSON line in
OUT, in the order of IN: ``{"id": ..., "review": {...}}`` with the answer of ``hasen review
RECORD --json``, or ``{"id": ..., "line": N, "error": "..."}`` for a record that cannot be
reviewed. A record's id is its ``id`` field, or else its number in IN. As with ``hasen
batch``, lines are written as they are ready, a stopped run keeps every whole line and the
same command resumes it, and the work runs here, on ``--jobs`` processes or a Dask cluster
with the same bytes in OUT. At the end the players' figures over every hand of OUT are
printed, and written as a tidy CSV (``--csv``: a row per decision) and as an HTML report
with charts (``--html``).
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import io
import json
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, BinaryIO, NamedTuple

from .. import public
from ..analysis.columns import DECISION_ROW, names
from ..analysis.games import place_hands
from ..analysis.rows import decision_rows
from ..analysis.session import Session
from ..core.errors import HasenError, quoted
from ..core.record_text import RecordText, not_records, read_id, split_records
from ..notation.egn import is_egn, read_egn
from ..notation.inputs import DEFAULT_REVIEW_LAYOUTS
from ..notation.json_schema import SchemaError, check_against
from ..notation.record import Record, parse_block
from ..text.session_report import REPORT_MARK, game_words, require_matplotlib, session_html
from ..workers import BackendError, Workers, WorkersFailed
from .batch import Progress, counted
from .cells import cell, id_cell
from .defaults import record_game
from .options import STANDARD, read_text
from .output import OutputError, emit
from .parquet import ours, require_pyarrow, write_parquet
from .targets import (
    MARK,
    check_apart,
    check_replaceable,
    finished,
    hold,
    id_key,
    replace_text,
    result_line,
    rewritten,
    sweep,
)

COMMAND = "session"  # the mark of its results' lines (hasen.cli.targets)
SHOWN_IDS = 8  # the ids a message names before "..."
CSV_COLUMNS = names(DECISION_ROW)
HEADER = ",".join(CSV_COLUMNS)
# a CSV an earlier version wrote is still its own: without the score, then without the verdicts' facts
EARLIER_HEADERS = tuple(",".join(CSV_COLUMNS[:n]) for n in (14, 18))


class Hand(NamedTuple):
    """One record of IN: its first line, its id, and its canonical text (or why it has none);
    and its place in the games of IN (None: the score is not known)."""

    line: int
    id: int | str
    text: str | None
    error: str | None = None
    passed_out: bool = False  # every player passed: a hand dealt again, nothing to review
    game: dict[str, Any] | None = None  # GamePlace.to_json

    @property
    def score(self) -> tuple[Any, ...] | None:  # two scores, or three players'
        """The score before the hand, where its place in the games is known."""
        return None if self.game is None else tuple(self.game["score"])

    @property
    def digest(self) -> str:
        """What its line of OUT was made from: the record as read (or why it cannot be
        reviewed, and where) and its place in the games. A run going on with OUT reviews
        again a hand whose digest IN no longer gives."""
        made_from = [self.text, self.error, self.passed_out, self.game, None if self.text else self.line]
        return hashlib.sha256(json.dumps(made_from, sort_keys=True).encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Reviewer:
    """What each worker runs: one record's review as a line of OUT (picklable)."""

    layouts: int | None
    seed: int
    uniform: bool = False

    def __call__(self, hand: Hand) -> str:
        def review(text: str, score: tuple[Any, ...] | None) -> dict[str, Any]:
            return public.review_hand(
                text, layouts=self.layouts, seed=self.seed, uniform=self.uniform, score=score
            ).to_json()

        try:
            return result_line(COMMAND, hand.id, digest=hand.digest, **hand_outcome(hand, review))
        except Exception as exc:  # a bug: one hand's error, not the end of the night
            return result_line(
                COMMAND,
                hand.id,
                digest=hand.digest,
                line=hand.line,
                error=f"internal error: {type(exc).__name__}: {exc}",
                game=hand.game,
            )


ReviewHand = Callable[[str, "tuple[Any, ...] | None"], dict[str, Any]]  # a record's review at a score, as JSON


def hand_outcome(hand: Hand, review: ReviewHand) -> dict[str, Any]:
    """A hand's line of OUT past its id: passed out, its record's error, or its review at its
    score (``review``), each with its place in the games."""
    if hand.passed_out:
        return {"line": hand.line, "passed_out": True, "game": hand.game}
    if hand.error is not None:
        return {"line": hand.line, "error": hand.error, "game": hand.game}
    assert hand.text is not None
    try:
        return {"game": hand.game, "review": review(hand.text, hand.score)}
    except HasenError as exc:
        return {"line": hand.line, "error": str(exc), "game": hand.game}


def read_hands(path: str, text: str | None = None) -> list[Hand]:
    """Every record of IN (or of ``text``, IN's to be), each parsed (a bad one becomes an
    error line, the rest go on), and placed in the games of IN (hasen.analysis.games)."""
    text = read_text(path, "session") if text is None else text
    texts = [] if is_egn(text) else split_records(text)
    why = not_records(texts)
    if why is not None:  # no record at all: another file than meant
        raise HasenError(f"{path} holds no hand record: {why}")
    hands = []
    records: list[Record | None] = []  # each hand's record, None where its result cannot count
    seen: dict[str, int] = {}
    blocks: list[EgnBlock | RecordText] = [*egn_blocks(text)] if is_egn(text) else [*texts]
    for number, block in enumerate(blocks, 1):
        try:
            record = block.parse() if isinstance(block, EgnBlock) else parse_block(block, record_game())
        except HasenError as exc:
            hands.append(Hand(block.line, written_id(block) or number, None, str(exc)))
            records.append(None)
            continue
        hand_id = record.id if record.id is not None else number
        first = seen.setdefault(id_key(hand_id), block.line)
        end = record.auction_end
        counted_in_game: Record | None = None
        if first != block.line:
            why = (
                f"id: {id_key(hand_id)} is already the id of the record on line {first}"
                if record.id is not None
                else f"id: the record has none, and its place, {number}, is the id the record on line {first} "
                "gave: give it an id"
            )
            hands.append(Hand(block.line, hand_id, None, why))
        elif record.contract is None and end is not None and end.redeal:
            hands.append(Hand(block.line, hand_id, None, passed_out=True))
            counted_in_game = record
        elif record.contract is None:
            hands.append(
                Hand(
                    block.line,
                    hand_id,
                    None,
                    "the auction is not over: no contract to review yet"
                    if end is None
                    else "no contract line: the auction is over, but the record does not "
                    "say the declarer's trump and discard ('contract: ...')",
                )
            )
        else:
            hands.append(Hand(block.line, hand_id, record.line()))
            counted_in_game = record
        records.append(counted_in_game)
    places = place_hands(records)
    return [
        hand if place is None or record is None else hand._replace(game=place.to_json(record.variant))
        for hand, place, record in zip(hands, places, records)
    ]


EGN_DEAL = ("EGN deal", "EMN game")  # how an EGN deal is named in a message


class EgnBlock(NamedTuple):
    """A deal of an EGN file where a session takes a record's text: its ``line`` is the
    deal's number, and its record, or why the deal cannot be reviewed."""

    line: int
    record: Record | None
    missing: str | None
    name: str  # how a message names it
    fields: tuple[tuple[int, str, str], ...] = ()  # no fields of text: the id is the deal's number

    def parse(self) -> Record:
        if self.record is None:
            raise HasenError(f"{self.name} is not reviewed: {self.missing}")
        return self.record


def egn_blocks(text: str) -> list[EgnBlock]:
    return [EgnBlock(number, deal.record, deal.missing, deal.name) for number, deal in enumerate(read_egn(text), 1)]


def written_id(block: RecordText | EgnBlock) -> int | str | None:
    """The id a record that cannot be read gives itself, so that its error line carries it."""
    try:
        return next((read_id(value, written=True) for _, key, value in block.fields if key == "id"), None)
    except HasenError:
        return None


def open_results(path: str) -> BinaryIO:
    """OUT, open to read what it holds and held from any other run until closed (a torn last
    line cut off), after checking that it can be written and is this command's; created
    empty when it is new."""
    if path == STANDARD:
        raise HasenError("session: OUT must be a file: the players' figures go to standard output")
    try:
        out = open(path, "a+b")
    except IsADirectoryError:
        raise HasenError(f"session: cannot write {path}: it is a folder") from None
    except OSError as exc:
        raise HasenError(f"session: cannot write {path}: {exc.strerror or exc}") from None
    try:
        hold(out, path, COMMAND)
        sweep(path)  # what a rewrite killed outright left beside it
        out.seek(0)
        finished(out, path, COMMAND)
    except HasenError as exc:
        out.close()
        raise HasenError(f"{COMMAND}: {exc}") from None
    return out


class Resumed(NamedTuple):
    """How a run goes on with OUT: the hands still to review, the lines of OUT made from IN
    as it is now, and the ids of those it no longer gives (a record changed, moved or
    removed since, or the score before it changed), and whether OUT is of IN's night."""

    to_do: list[Hand]
    kept: list[bytes]
    stale: list[str]
    same_night: bool


def resumed(out: BinaryIO, path: str, hands: list[Hand]) -> Resumed:
    """Which hands OUT holds already (``line_of``), and which of its lines IN no longer gives."""
    lines, made, where = lines_of(out, path)
    used: set[int] = set()
    to_do = []
    for hand in hands:
        number = line_of(hand, made, where)
        if number is None:
            to_do.append(hand)
        else:
            used.add(number)
    return Resumed(
        to_do,
        [line for number, line in enumerate(lines) if number in used],
        [id_key(line["id"]) for number, line in enumerate(made) if number not in used],
        bool(used) or of_night(made, hands),
    )


Where = dict[tuple[str, str | None], list[int]]  # the lines of OUT of each id and digest, by number


def lines_of(out: BinaryIO, path: str) -> tuple[list[bytes], list[dict[str, Any]], Where]:
    """OUT's lines as written and as read, and where each id and digest is found (``path``:
    OUT's name, for messages; a file ``rewritten`` has another)."""
    out.seek(0)
    lines = out.read().splitlines(keepends=True)
    made = [session_line(line, number, path) for number, line in enumerate(lines, 1)]
    where: Where = {}
    for number, line in enumerate(made):
        where.setdefault((id_key(line["id"]), line.get("digest")), []).append(number)
    return lines, made, where


def line_of(hand: Hand, made: list[dict[str, Any]], where: Where) -> int | None:
    """The line of OUT made from the hand as IN gives it now, taken out of ``where``: of its id
    and ``digest`` (a line of an earlier version, which has none, by its id alone), and where
    the line names the record's line, that line still."""
    for key in ((id_key(hand.id), hand.digest), (id_key(hand.id), None)):
        for number in where.get(key, []):
            if made[number].get("line", hand.line) == hand.line and of_its_kind(made[number], hand):
                where[key].remove(number)
                return number
    return None


def of_its_kind(line: dict[str, Any], hand: Hand) -> bool:
    """Could the line be the hand's: a hand passed out's, a bad record's error, or a record's
    review (or the error its review met)? A line of an earlier version, with no digest, is
    matched by its id, and two records may give one id (the second is then an error)."""
    if hand.passed_out:
        return bool(line.get("passed_out"))
    if hand.error is not None:
        return "error" in line
    return "review" in line or "error" in line


def of_night(made: list[dict[str, Any]], hands: list[Hand]) -> bool:
    """Is OUT of IN's night, none of its lines matching IN now: one of its reviews is of a
    record IN still has (its score before it changed, say); where OUT holds no review, one of
    its ids is IN's. Ids alone do not tell: records without ids are numbered in every night."""
    reviews = [line["review"]["record"] for line in made if "review" in line]
    if not reviews:
        ids = {id_key(hand.id) for hand in hands}
        return any(id_key(line["id"]) in ids for line in made)
    texts = {hand.text for hand in hands if hand.text is not None}
    try:
        return any(Record.from_json(record).line() in texts for record in reviews)
    except HasenError:  # a review's record this version no longer reads: not this night's as it is
        return False


def drop_stale(out: BinaryIO, path: str, plan: Resumed) -> BinaryIO:
    """OUT without its lines that IN no longer gives, said on standard error, and open (see
    ``rewritten``); refused where OUT holds none of IN's hands (another night's OUT, most
    likely), never emptied by mistake."""
    if not plan.stale:
        return out
    ids = ", ".join(plan.stale[:SHOWN_IDS]) + (", ..." if len(plan.stale) > SHOWN_IDS else "")
    if not plan.same_night:
        raise HasenError(
            f"session: {path} holds the hands of another night: none of its hands is one of IN as IN "
            "is now (or every record of IN has changed since, a player renamed throughout, say); give "
            "another OUT, or remove this one to review IN afresh"
        )
    out = rewritten(out, path, plan.kept, COMMAND)
    print(
        f"hasen: session: IN has changed since {path} was written: its lines for "
        f"{'ids' if len(plan.stale) > 1 else 'id'} {ids} no longer match it "
        "(a record changed, moved or removed, or the score before it changed) and are dropped; every hand of IN "
        "they were about is reviewed again",
        file=sys.stderr,
    )
    return out


def put_in_order(out: BinaryIO, path: str, hands: list[Hand]) -> BinaryIO:
    """OUT's lines in the order of IN's hands, where a hand reviewed again was added at the
    end: the games are followed, and the report lists the hands, in the order of OUT; OUT
    open (see ``rewritten``)."""
    lines, made, where = lines_of(out, path)
    order = [number for hand in hands if (number := line_of(hand, made, where)) is not None]
    placed = set(order)
    order += [number for number in range(len(lines)) if number not in placed]
    if order == list(range(len(lines))):
        return out
    return rewritten(out, path, [lines[number] for number in order], COMMAND)


def own_csv(start: bytes) -> bool:
    """Is this the start of a CSV of hasen session (its header)?"""
    return any(
        start.startswith(f"{header}\n".encode()) or f"{header}\n".encode().startswith(start)
        for header in (HEADER, *EARLIER_HEADERS)
    )


def own_report(start: bytes) -> bool:
    """Is this the start of a report of hasen session (its mark, in the first lines)?"""
    return start.startswith(b"<!DOCTYPE html>") and REPORT_MARK.encode() in start


EXAMPLE = "example_night.txt"  # the sample night, in the package's data (made by tests/nightgen.py)
EXAMPLE_FILES = ("example-night.txt", "example-night.jsonl", "example-night.html")  # IN, OUT, the report


def sample_night() -> str:
    from importlib.resources import files

    return files("hasen").joinpath("data", EXAMPLE).read_text(encoding="utf-8")


def take_example(args: argparse.Namespace) -> str | None:
    """``--example``: IN, OUT and the report named by default; the sample night to write as
    IN once every check has passed (None: IN holds it already; IN that holds anything else
    is refused)."""
    import os

    args.input = args.input or EXAMPLE_FILES[0]
    args.output = args.output or EXAMPLE_FILES[1]
    if args.html is None and has_matplotlib():
        args.html = EXAMPLE_FILES[2]
    if args.input == STANDARD:
        raise HasenError("session: --example writes the sample night as IN: give a file, not -")
    text = sample_night()
    if not os.path.exists(args.input):
        return text
    if read_text(args.input, COMMAND) != text:
        raise HasenError(
            f"session: --example would write the sample night to {args.input}, which holds "
            "something else: give another IN, this one is left as it is"
        )
    return None


def has_matplotlib() -> bool:
    try:
        require_matplotlib()
    except HasenError:
        return False
    return True


def cmd_session(args: argparse.Namespace) -> int:
    err = sys.stderr
    example = None
    if args.example:
        example = take_example(args)
    elif args.input is None or args.output is None:
        raise HasenError("session: give IN and OUT (or --example, to review the sample night)")
    check_apart(
        COMMAND,
        [("IN", args.input)],
        [("OUT", args.output), ("--csv", args.csv), ("--html", args.html), ("--parquet", args.parquet)],
    )
    hands = read_hands(args.input, example)
    check_replaceable(COMMAND, "--csv", args.csv, own_csv, "a CSV of hasen session")
    check_replaceable(COMMAND, "--html", args.html, own_report, "a report of hasen session")
    if args.parquet:
        require_pyarrow(COMMAND)
        check_replaceable(
            COMMAND, "--parquet", args.parquet, ours(COMMAND, args.parquet), "a Parquet file of hasen session"
        )
    if args.html:
        require_matplotlib()
    if args.page is not None and (args.html is None or not re.fullmatch(r"https?://[^\s\"'<>]+", args.page)):
        raise HasenError(
            f"session: --page: {quoted(args.page)}: "
            + (
                "the report's links need --html FILE"
                if args.html is None
                else "the review page's address, like http://127.0.0.1:8000/"
            )
        )
    if args.title is not None and args.html is None:  # it would be dropped
        raise HasenError(f"session: --title: {quoted(args.title)}: the report's title needs --html FILE")
    results = open_results(args.output)  # held until the run ends (a rewritten OUT as well)
    all_reviewed = False  # every hand of IN in OUT: what an interrupt from then on leaves

    def in_order() -> None:
        nonlocal results, all_reviewed
        all_reviewed = True
        try:
            results = put_in_order(results, args.output, hands)
        except OutputError as exc:  # the games are followed in OUT's order: no figures out of it
            raise OutputError(
                f"{exc}: every hand of IN is reviewed in it, but it is not yet in IN's order, which its "
                "games and figures follow; run the same command again once it can be written (nothing "
                "is reviewed again)"
            ) from None

    try:
        plan = resumed(results, args.output, hands)
        layouts, seed = args.layouts or DEFAULT_REVIEW_LAYOUTS, args.seed or 0
        check_resumable(args.output, len(plan.kept) + len(plan.stale), layouts, seed, args.uniform)
        results = drop_stale(results, args.output, plan)
        notes = []  # said once the work can start, not before a refusal
        if example is not None:  # every check passed: the night is written where it is read from next time
            replace_text(COMMAND, args.input, example)
            notes.append(f"the sample night written to {args.input}")
        if args.example and args.html is None:
            notes.append("the report needs matplotlib: pip install 'hasen[report]'")
        # a hand reviewed again, now or in a run stopped before, goes back to its place
        return review_night(args, hands, plan.to_do, in_order, notes)
    except KeyboardInterrupt:  # before the reviews, or after them (those in between are said there)
        kept = (
            f"every hand of IN is reviewed in {args.output}: run the same command again for the figures "
            "(nothing is reviewed again)"
            if all_reviewed
            else f"nothing new is in {args.output}: run the same command again to go on"
        )
        print(f"hasen: session: interrupted; {kept}", file=err)
        return 130
    finally:
        results.close()


def review_night(
    args: argparse.Namespace,
    hands: list[Hand],
    to_do: list[Hand],
    reviewed: Callable[[], None] = lambda: None,
    notes: Sequence[str] = (),
) -> int:
    """Review the hands still to do into OUT, then (``reviewed`` called once they all are)
    write the night's figures and reports. ``notes``: said once the work can start."""
    err = sys.stderr
    kept = len(hands) - len(to_do)
    progress = Progress(err, len(hands))
    reviewer = Reviewer(args.layouts, args.seed or 0, args.uniform)
    written = 0
    try:
        with Workers(args.jobs, args.scheduler) as workers:
            for note in notes:
                print(f"hasen: session: {note}", file=err)
            if kept:  # said once the work can start, not before a refusal
                print(
                    f"hasen: session: {kept} of the {counted(len(hands), 'hand')} already in {args.output}: kept, "
                    "not reviewed again",
                    file=err,
                )
            try:
                out = open(args.output, "a", encoding="utf-8", newline="\n")
            except OSError as exc:
                raise OutputError(f"session: cannot write {args.output}: {exc.strerror or exc}") from None
            try:
                with out:
                    for line in workers.map(reviewer, to_do, chunk=1):
                        out.write(line + "\n")
                        out.flush()
                        written += 1
                        progress.update(len(hands) - len(to_do) + written, written)
            except OSError as exc:  # a full disk, a file size limit: what was written stays, to resume from
                progress.clear()
                raise OutputError(
                    f"session: cannot write {args.output}: {exc.strerror or exc}; "
                    f"{counted(written, 'new hand')} kept in it: run again to resume"
                ) from None
    except KeyboardInterrupt:
        progress.clear()
        print(
            f"hasen: session: interrupted after {counted(written, 'new hand')}, all kept in {args.output}; "
            "run the same command again to resume",
            file=err,
        )
        return 130
    except WorkersFailed as exc:
        progress.clear()
        print(
            f"hasen: session: {exc}; {counted(written, 'new hand')} kept in {args.output}: run again to resume",
            file=err,
        )
        return 1
    except BackendError as exc:
        progress.clear()
        raise HasenError(f"session: {exc}") from None
    progress.clear()
    reviewed()
    night = summed(args.output)
    emit(summary_text(night))
    if args.csv:
        replace_text(COMMAND, args.csv, csv_text(args.output), newline="")
    if args.parquet:
        write_parquet(
            COMMAND,
            args.parquet,
            DECISION_ROW,
            (row for line in reviews(args.output) if "review" in line for row in csv_rows(line)),
        )
    if args.html:
        replace_text(
            COMMAND,
            args.html,
            session_html(
                night.session,
                args.title or f"hasen session: {args.input}",
                night.layouts or 0,
                len(night.errors),
                args.page,
            ),
        )
    if args.example:  # the files the user did not name, said where they are
        report = f" and its report in {args.html}" if args.html else ""
        print(f"hasen: session: the night's reviews are in {args.output}{report}", file=err)
    return 0


def reviews(path: str) -> list[dict[str, Any]]:
    """Every line of OUT, as written: each checked whole once a run (``lines_of``, as the run
    takes OUT and holds it), here only for its kind."""
    with open(path, "rb") as lines:
        return [session_line(line, number, path, whole=False) for number, line in enumerate(lines, 1) if line.strip()]


def session_line(raw: bytes, number: int, path: str, whole: bool = True) -> dict[str, Any]:
    """One line of OUT, read: a hand's review, a hand passed out, or a record's error, each
    with its id. Anything else (a line edited by hand, say) is refused, naming the line; with
    ``whole``, so is one whose parts are not as this version writes them (some milliseconds a
    line: a line this run wrote, or checked already, is not checked again)."""
    try:
        line = json.loads(raw)
    except ValueError:
        line = None
    if (
        not isinstance(line, dict)
        or line.get(MARK) != COMMAND
        or "id" not in line
        or not (
            isinstance(line.get("review"), dict) or line.get("passed_out") is True or isinstance(line.get("error"), str)
        )
    ):
        shown = quoted(raw.decode("utf-8", "replace").rstrip("\n"))
        raise HasenError(
            f"session: {path} line {number} is not a hand's line of hasen session ({shown}: each holds a hand's "
            "review, a hand passed out or why a record was not reviewed): give another OUT, or remove it to review "
            "IN afresh"
        )
    try:  # its parts as this version writes them: a line edited by hand, or another version's, is refused
        if whole:
            check_against(line, line_schema())
    except SchemaError as exc:
        raise HasenError(
            f"session: {path} line {number} is not a hand's line of hasen session as this version writes it "
            f"({exc}): give another OUT, or remove it to review IN afresh"
        ) from None
    return line


NUMBERS = {"type": "array", "items": {"type": "integer"}}
GAME_PLACE = {  # a hand's place in the games of the night: GamePlace.to_json
    "type": "object",
    "required": ["number", "hand", "score", "started", "chance", "after", "winner"],
    "properties": {
        "number": {"type": "integer", "minimum": 1},
        "hand": {"type": "integer", "minimum": 1},
        "score": NUMBERS,
        "started": NUMBERS,
        "chance": {"type": "number"},
        "chances": {"type": "array", "items": {"type": "number"}},
        "after": {"oneOf": [{"type": "null"}, NUMBERS]},
        "winner": {"oneOf": [{"type": "null"}, {"type": "string"}]},
    },
}


@cache
def line_schema() -> dict[str, Any]:
    """The JSON Schema of a line of OUT: its review is the fair review's answer (``hasen
    schema hand-review``), made when first needed (a night afresh reads no line)."""
    from .schema import schema_of

    review = schema_of("hand-review")
    return {
        "$defs": review["$defs"],
        "type": "object",
        "required": [MARK, "id"],
        "properties": {
            "id": {"oneOf": [{"type": "string"}, {"type": "integer"}]},
            "digest": {"type": "string"},
            "game": {"oneOf": [{"type": "null"}, GAME_PLACE]},
            "review": {"$ref": review["$ref"]},
            "passed_out": {"const": True},
            "error": {"type": "string"},
        },
    }


class Summed(NamedTuple):
    """What OUT holds: the players' figures over its reviewed hands, its hands passed out and
    its errors (each line as written), and the layouts and seed of its reviews."""

    session: Session
    passed_out: list[dict[str, Any]]
    errors: list[dict[str, Any]]
    layouts: int | None
    seed: int | None
    uniform: bool = False


def summed(path: str) -> Summed:
    return summed_lines(reviews(path))


def summed_lines(lines: Iterable[dict[str, Any]]) -> Summed:
    """What lines of OUT hold, summed (``summed``, of lines made elsewhere: the web service's)."""
    session, passed_out, errors, layouts, seed, uniform = Session(), [], [], None, None, False
    for line in lines:
        game = line.get("game")
        if "review" in line:
            session.add(line["id"], line["review"], game)
            review = line["review"]
            layouts, seed, uniform = review["layouts"], review["seed"], review.get("uniform", False)
        elif line.get("passed_out"):
            session.add_passed_out(line["id"], game)
            passed_out.append(line)
        else:
            session.add_error(line["id"], line["error"], game)
            errors.append(line)
    return Summed(session, passed_out, errors, layouts, seed, uniform)


def summary_text(out: Summed) -> str:
    session = out.session
    passed = f", {len(out.passed_out)} passed out (nothing to review)" if out.passed_out else ""
    names = {p.name: shown_name(p.name) for p in session.players.values()}
    width = max([10, *map(len, names.values())]) + 2
    scored = session.partly_scored()
    lines = [f"{counted(len(session.reviewed), 'hand')} reviewed{passed}, {counted(len(out.errors), 'error')}."]
    lines += [f"  {game_words(session, game)}" for game in session.games()]
    lines += [
        "Per player, summed over the hands: the points given away (pts; single dummy, from the player's "
        "seat) in the play and in the bidding"
        + (
            ", the chance of winning the game given away per game "
            "(win%/game: a game's decisions added up, then the mean over "
            "the games the player sat in)"
            if scored
            else ""
        )
        + ", the tricks given away with every hand open (dd):",
        f"  {'player':<{width}}{'hands':>6}{'mistakes':>10}{'pts play':>10}{'pts bid':>9}"
        + (f"{'win%/game play':>16}{'win%/game bid':>15}" if scored else "")
        + f"{'dd':>5}{'declared':>10}{'made':>6}{'set':>5}",
    ]
    for p in sorted(session.players.values(), key=lambda p: p.name):
        per_game = session.win_per_game(p)
        game = (
            ""
            if not scored
            else f"{'':>16}{'':>15}"
            if per_game is None
            else f"{100 * per_game[0]:>15.1f}%{100 * per_game[1]:>14.1f}%"
        )
        lines.append(
            f"  {names[p.name]:<{width}}{p.hands:>6}{p.mistakes:>10}{p.play_points:>10.2f}"
            f"{p.bidding_points:>9.2f}{game}{p.double_dummy_given_away:>5}{p.declared:>10}{p.made:>6}"
            f"{p.set:>5}"
        )
    if out.errors:
        lines.append("not reviewed:")
        # the records that share a reason (a night of hands left unfinished) are listed with it once
        by_error: dict[str, list[dict[str, Any]]] = {}
        for e in out.errors:
            by_error.setdefault(e["error"], []).append(e)
        for error, same in by_error.items():
            # an EGN deal's error names the deal, whose number is its id: no line of IN to point to
            where = [
                f"{id_key(e['id'])}" + ("" if error.startswith(EGN_DEAL) else f" (line {e['line']})") for e in same
            ]
            lines.append(f"  {'ids' if len(same) > 1 else 'id'} {', '.join(where)}: {error}")
    return "\n".join(lines)


NAME_WIDTH = 24  # characters of a name in the summary's column; a longer one is cut there, with ...


def shown_name(name: str) -> str:
    """A player's name for the terminal: what it cannot show escaped, a long one shortened."""
    text = name if name.isprintable() else repr(name)[1:-1]
    return text if len(text) <= NAME_WIDTH else text[: NAME_WIDTH - 3] + "..."


def check_resumable(path: str, kept: int, layouts: int, seed: int, uniform: bool) -> None:
    """Refuse to add reviews to an OUT whose reviews were made at other layouts, another seed
    or the other way of dealing them: a session's figures come from one of each."""
    if not kept:
        return
    before = summed(path)
    if before.layouts is not None and (before.layouts, before.seed) != (layouts, seed):
        raise HasenError(
            f"session: {path} holds reviews at {before.layouts} layouts, seed {before.seed}, not "
            f"{layouts} and {seed}: give those --layouts and --seed to go on with it, or another OUT"
        )
    if before.layouts is not None and before.uniform != uniform:
        made = "with" if before.uniform else "without"
        raise HasenError(
            f"session: {path} holds reviews made {made} --uniform: give the same to go on with it, or another OUT"
        )


def csv_rows(line: dict[str, Any]) -> list[dict[str, Any]]:
    """The decisions of one reviewed hand, a row each (``DECISION_ROW``), with the game it
    belongs to and the score before it where known."""
    return decision_rows(line["review"], line["id"], line.get("game"))


def csv_text(source: str) -> str:
    """The tidy CSV of every decision of OUT's reviewed hands."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for line in reviews(source):
        if "review" in line:
            writer.writerows(
                [id_cell(row["id"]), *(cell(row[key]) for key in CSV_COLUMNS[1:])] for row in csv_rows(line)
            )
    return out.getvalue()
