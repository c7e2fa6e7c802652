"""``hasen simulate`` and ``hasen lead``: the declarer's choice and the opening lead, knowing
only one's own cards (single dummy)."""

from __future__ import annotations

import argparse
import sys

from .. import public
from ..workers import Workers
from .options import (
    UsageError,
    deal_text,
    settings_from,
    variant_from,
)
from .output import report
from .parser import FORMS


def known_cards(entries: list[str]) -> dict[str, str]:
    known: dict[str, str] = {}
    for entry in entries:
        seat, colon, cards = entry.partition(":")
        if not colon or not cards.strip():
            raise UsageError(f"simulate: --known takes SEAT:CARDS, like 'E:AH KD', not {entry[:60]!r}")
        if seat.strip().upper() in (s.upper() for s in known):
            raise UsageError(f"simulate: --known gives {seat.strip()} twice; list its cards once")
        known[seat.strip()] = cards
    return known


def show_progress(done: int, total: int) -> None:
    """Layouts done so far, on one line of a terminal's stderr."""
    if done == total or done % max(total // 100, 1) == 0:
        print(f"\rsimulating: {done}/{total} layouts", end="" if done < total else "\n", file=sys.stderr, flush=True)


def say_if_capped(workers: Workers, command: str) -> None:
    """Say on stderr if fewer processes start than --jobs asked for (one per core)."""
    if workers.capped:
        print(f"hasen: {command}: {workers.capped}", file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    variant = variant_from(args)
    extra, other = (args.widow, args.upcard) if variant.declarer_exchanges else (args.upcard, args.widow)
    if other is not None:
        wrong = "upcard" if variant.declarer_exchanges else "widow"
        raise UsageError(f"simulate: {variant.name} has no {wrong}; give --{variant.extra_card}")
    deal, dealer = args.deal, args.dealer
    if args.hand is None and extra is None:
        deal, dealer = deal_text(args, "simulate", variant)
    elif deal is not None or args.example:
        raise UsageError(f"simulate: give a DEAL (or --example) or --hand and --{variant.extra_card}, not both")
    elif args.hand is None or extra is None or dealer is None:
        raise UsageError(f"simulate: without a DEAL, give --hand, --{variant.extra_card} and --dealer")
    progress = show_progress if sys.stderr.isatty() and not args.json else None
    with Workers(args.jobs, args.scheduler) as workers:
        say_if_capped(workers, "simulate")
        result = public.simulate(deal, seat=args.seat, hand=args.hand, extra=extra, known=known_cards(args.known),
                                 dealer=dealer, variant=variant, layouts=args.layouts, seed=args.seed,
                                 alone=FORMS[args.form], settings=settings_from(args, variant), progress=progress,
                                 mapper=workers.map)
    return report(args, result)


def run_lead(args: argparse.Namespace) -> int:
    variant = variant_from(args)
    if args.upcard is not None and variant.declarer_exchanges:
        raise UsageError(f"lead: {variant.name} has no upcard (the widow is not seen by the leader)")
    deal, dealer = args.deal, args.dealer
    if args.hand is None and args.upcard is None:
        deal, dealer = deal_text(args, "lead", variant)
    elif deal is not None or args.example:
        raise UsageError("lead: give a DEAL (or --example) or --hand, not both")
    elif dealer is None or (args.upcard is None and not variant.declarer_exchanges):
        raise UsageError("lead: without a DEAL, give --hand, --dealer" + ("" if variant.declarer_exchanges
                                                                          else " and --upcard"))
    progress = show_progress if sys.stderr.isatty() and not args.json else None
    with Workers(args.jobs, args.scheduler) as workers:
        say_if_capped(workers, "lead")
        result = public.simulate_lead(deal, seat=args.seat, declarer=args.declarer, trump=args.trump,
                                      alone=args.alone, hand=args.hand, extra=args.upcard,
                                      known=known_cards(args.known), dealer=dealer, variant=variant,
                                      layouts=args.layouts, seed=args.seed, settings=settings_from(args, variant),
                                      progress=progress, mapper=workers.map)
    return report(args, result)
