"""``hasen record FILE``: hand records read, checked and written back in canonical form, with
their results (docs/notation.md, "Hand records")."""

from __future__ import annotations

import argparse
import json
import sys

from ..analysis.record import split_records
from ..core.errors import HasenError
from .options import UsageError
from .output import emit


def read_text(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8-sig") as source:
            return source.read()
    except OSError as exc:
        raise UsageError(f"record: cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise UsageError(f"record: {path} is not UTF-8 text (byte {exc.start})") from None


def cmd_record(args: argparse.Namespace) -> int:
    text = read_text(args.records)
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
