"""``hasen record FILE``: hand records read, checked and written back in canonical form, with
their results (docs/notation.md, "Hand records")."""

from __future__ import annotations

import argparse
import json
import sys

from ..core.errors import HasenError
from ..core.record_text import split_records
from ..notation.egn import is_egn, read_egn, split_games, write_egn
from ..notation.record import parse_block
from .defaults import record_game
from .options import STANDARD, UsageError, read_text
from .output import emit
from .targets import identity


def cmd_record(args: argparse.Namespace) -> int:
    if args.records != STANDARD and identity(STANDARD, sys.stdout) == identity(args.records):
        # hasen record FILE >> FILE: the records would be written after themselves
        raise UsageError(f"record: standard output is {args.records} itself: write the records to another file")
    text = read_text(args.records, "record")
    where = "" if args.records == "-" else f"{args.records}: "
    records = []
    left_out: list[str] = []  # the EGN deals that are no record, each said where it would be
    egn = is_egn(text)
    if egn:
        for deal in read_egn(text):
            if deal.record is None:
                left_out.append(f"{deal.name} is no hand record: {deal.missing}")
            else:
                records.append(deal.record)
    for block in [] if egn else split_records(text):
        try:
            records.append(parse_block(block, record_game()))
        except HasenError as exc:
            raise type(exc)(f"{where}{exc}") from None
    for why in left_out:
        print(f"hasen: record: {where}{why}", file=sys.stderr)
    if not records:
        raise UsageError(f"record: no record in {'standard input' if args.records == '-' else args.records}")
    if args.game is not None:
        games = split_games(records)
        if args.game > len(games):
            raise UsageError(
                f"record: --game {args.game}: the records hold {len(games)} game{'' if len(games) == 1 else 's'}"
            )
        records = games[args.game - 1]
    if args.egn:
        emit(write_egn(records))
    elif args.json:
        emit("\n".join(json.dumps(r.to_json()) for r in records))
    elif args.line:
        emit("\n".join(r.line() for r in records))
    else:
        emit("\n\n".join(str(r) for r in records))
    return 0


__all__ = ["cmd_record"]
