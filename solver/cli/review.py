"""``hasen review RECORD``: a hand record reviewed fairly, from each player's seat."""

from __future__ import annotations

import argparse
import os
import sys

from .. import public
from ..core.errors import HasenError
from ..core.record_text import split_records
from ..core.run import Run
from ..notation.egn import is_egn, read_egn
from ..notation.record import Record, parse_block
from .defaults import record_game
from .options import STANDARD, UsageError, read_text
from .output import report
from .simulate import threads_wanted


def read_record(args: argparse.Namespace) -> Record:
    """The record of the command line: its text, a file holding it (or several, one named by
    --id), or standard input (-)."""
    given = args.deal
    if given is None:
        raise UsageError(
            "review: a hand record is required (its text, a file, or - for standard input), or a "
            "deal with --declarer, --trump and --played"
        )
    where = ""
    if given == STANDARD or os.path.isfile(given):
        text = read_text(given, "review")
        where = "" if given == STANDARD else f"{given}: "
    elif os.path.isdir(given):
        raise UsageError(f"review: {given} is a folder: give a file of hand records, or a record's text")
    elif ":" not in given:  # no field of a record: a file name, most likely
        raise UsageError(
            f"review: {given}: no such file (give a hand record's text, a file holding records, or - "
            "for standard input)"
        )
    else:
        text = given
    try:
        records = (
            egn_records(text, args.id)
            if is_egn(text)
            else [parse_block(block, record_game()) for block in split_records(text)]
        )
    except HasenError as exc:
        raise type(exc)(f"{where}{exc}") from None
    if not records:
        raise UsageError(f"review: {where}no hand record in it")
    # a record without an id has its place for one, as hasen session numbers it
    ids = [str(n) if r.id is None else str(r.id) for n, r in enumerate(records, 1)]
    if args.id is not None:
        chosen = [r for r, id in zip(records, ids) if id == args.id]
        if not chosen:
            shown = ", ".join(ids[:12]) + (", ..." if len(ids) > 12 else "")
            raise UsageError(f"review: no record has the id {args.id!r} (the ids: {shown})")
        return chosen[0]
    if len(records) != 1:
        raise UsageError(
            f"review: {len(records)} records given; name one with --id, or review them all with hasen session"
        )
    return records[0]


def egn_records(text: str, wanted: str | None) -> list[Record]:
    """The deals of an EGN file as records (their ids the deals' numbers), or the one
    ``--id`` names; a deal that cannot be a record, asked for, is refused with the reason."""
    deals = read_egn(text)
    chosen = [d for d in deals if wanted is None or str(d.id) == wanted] or deals
    if len(chosen) == 1 and chosen[0].record is None:
        raise UsageError(f"{chosen[0].name} cannot be reviewed: {chosen[0].missing}")
    return [d.record for d in chosen if d.record is not None]


def show_progress(done: int, total: int) -> None:
    print(f"\rreviewing: {done}/{total} decisions", end="" if done < total else "\n", file=sys.stderr, flush=True)


# the options of a deal reviewed with every hand open, which a record gives in its fields
DEAL_OPTIONS = {
    "dealer": "--dealer",
    "variant": "--variant",
    "deck": "--deck",
    "alone": "--alone",
    "first_lead": "--first-lead",
    "lone_lead": "--lone-lead",
    "joker_upcard": "--joker-upcard",
    "call_for_best": "--no-call-for-best",
}


def review_record(args: argparse.Namespace) -> int:
    given = [
        option
        for name, option in DEAL_OPTIONS.items()
        if getattr(args, name, None) is not None
        and not (name == "alone" and not args.alone)  # left out: False
        and name not in getattr(args, "from_defaults", ())  # the default game's: a record names its own
    ]
    if given:  # they would be dropped: a record says its game, dealer and rules itself
        raise UsageError(
            f"review: {', '.join(given)} {'is' if len(given) == 1 else 'are'} for a deal reviewed with every "
            "hand open; a hand record gives its game, dealer and table rules in its fields ('variant: euchre2', "
            "'dealer: N', 'settings: first_lead=declarer')"
        )
    record = read_record(args)
    progress = show_progress if sys.stderr.isatty() and not args.json else None
    threads = threads_wanted(args.jobs, "review")
    return report(
        args,
        public.review_hand(
            record,
            layouts=args.layouts,
            seed=args.seed or 0,
            uniform=args.uniform,
            score=args.score,
            run=Run(threads=threads, progress=progress),
        ),
    )
