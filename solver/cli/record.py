"""``hasen record FILE``: hand records read, checked and written back in canonical form, with
their results (docs/notation.md, "Hand records")."""

from __future__ import annotations

import argparse
import json

from ..analysis.record import split_records
from ..core.errors import HasenError
from .options import UsageError, read_text
from .output import emit


def cmd_record(args: argparse.Namespace) -> int:
    text = read_text(args.records, "record")
    records = []
    for block in split_records(text):
        try:
            records.append(block.parse())
        except HasenError as exc:
            where = "" if args.records == "-" else f"{args.records}: "
            raise type(exc)(f"{where}{exc}") from None
    if not records:
        raise UsageError(f"record: no record in {'standard input' if args.records == '-' else args.records}")
    if args.json:
        emit("\n".join(json.dumps(r.to_json()) for r in records))
    elif args.line:
        emit("\n".join(r.line() for r in records))
    else:
        emit("\n\n".join(str(r) for r in records))
    return 0


__all__ = ["cmd_record"]
