"""``hasen deal --random N``: random deals of any game in the deal notation, one a line (or
as JSON lines that ``hasen batch`` reads), the same deals for the same ``--seed``."""

from __future__ import annotations

import argparse
import json
from itertools import islice

from ..core.dealing import dealer_of, random_deals
from ..core.seats import SEATS
from .options import UsageError, variant_from
from .output import emit

LINES_PER_WRITE = 1000


def cmd_deal(args: argparse.Namespace) -> int:
    if args.random is None:
        raise UsageError("deal: say how many deals with --random N (e.g. hasen deal --random 10 --seed 1)")
    variant = variant_from(args)
    deals = islice(random_deals(variant, args.seed, dealer_of(args.dealer, variant)), args.random)
    lines = []
    for deal in deals:
        if args.json:
            entry = {"deal": deal.notation(), "dealer": SEATS[deal.dealer], **variant.identity()}
            lines.append(json.dumps(entry))
        else:
            lines.append(deal.notation())
        if len(lines) == LINES_PER_WRITE:
            emit("\n".join(lines))
            lines = []
    if lines:
        emit("\n".join(lines))
    return 0
