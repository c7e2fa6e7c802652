"""``hasen simulate`` and ``hasen lead``: the declarer's choice and the opening lead, knowing
only one's own cards (single dummy)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from .. import public
from ..core.deal import read_deal
from ..core.run import Run
from ..core.variants import Variant
from ..workers import Workers, usable_cores
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
            raise UsageError(f"--known takes SEAT:CARDS, like 'E:AH KD', not {entry[:60]!r}")
        if seat.strip().upper() in (s.upper() for s in known):
            raise UsageError(f"--known gives {seat.strip()} twice; list its cards once")
        known[seat.strip()] = cards
    return known


def show_progress(done: int, total: int) -> None:
    """Layouts done so far, on one line of a terminal's stderr (called for each chunk)."""
    print(f"\rsolving: {done:,}/{total:,} layouts", end="" if done < total else "\n", file=sys.stderr, flush=True)


@contextmanager
def layout_workers(args: argparse.Namespace) -> Iterator[dict[str, Any]]:
    """Where the layouts are solved: on ``--jobs`` threads of this process, one per core by
    default (the search holds no GIL, and threads start at once), or on a Dask cluster
    (``--scheduler``)."""
    if args.scheduler is None:
        yield {"threads": threads_wanted(args.jobs, args.command)}
        return
    with Workers(1, args.scheduler) as workers:
        yield {"mapper": workers.map}


def threads_wanted(jobs: int | None, command: str) -> int:
    """``--jobs`` threads, one per core when not given; more than the cores would only take
    turns, so they are capped, and that is said."""
    cores = usable_cores()
    if jobs is None:
        return cores
    if jobs > cores:
        print(f"hasen: {command}: --jobs {jobs} capped to the {cores} cores here", file=sys.stderr)
    return min(jobs, cores)


def run_advice(args: argparse.Namespace) -> int:
    """``hasen bid --seat``: what the seat should bid or call knowing only its own cards."""
    variant = variant_from(args)
    seen = variant.seen_extra()
    if args.upcard is not None and seen is None:
        raise UsageError(
            f"bid: {variant.name} has no upcard, and the widow is not seen before the bid (an upcard "
            "is the Euchre games': pass --variant euchre, euchre2, euchre3 or railroad)"
        )
    deal, dealer = deal_or_hand(args, "bid", variant, args.upcard, seen or "")
    progress = show_progress if sys.stderr.isatty() and not args.json else None
    with layout_workers(args) as workers:
        view = seat_view(args, deal, dealer, args.upcard, variant)
        question = public.seat_question(view, sees_widow=False, what="bid")
        result = public.advise_seat(
            question,
            layouts=args.layouts,
            choice_layouts=args.choice_layouts,
            seed=args.seed,
            alone=FORMS[args.form or "both"],
            model=args.model,
            uniform=args.uniform,
            score=args.score,
            run=Run(progress=progress, **workers),
        )
    return report(args, result)


def run(args: argparse.Namespace) -> int:
    variant = variant_from(args)
    given = {"widow": args.widow, "upcard": args.upcard}  # by the extra card's name
    extra, wrong = given[variant.extra_card], variant.other_extra_card
    if given[wrong] is not None:
        raise UsageError(f"simulate: {variant.name} has no {wrong}; give --{variant.extra_card}")
    deal, dealer = deal_or_hand(args, "simulate", variant, extra, variant.extra_card)
    progress = show_progress if sys.stderr.isatty() and not args.json else None
    with layout_workers(args) as workers:
        question = public.seat_question(seat_view(args, deal, dealer, extra, variant))
        result = public.simulate_seat(
            question,
            layouts=args.layouts,
            seed=args.seed,
            alone=FORMS[args.form],
            uniform=args.uniform,
            run=Run(progress=progress, **workers),
        )
    return report(args, result)


def deal_or_hand(
    args: argparse.Namespace, command: str, variant: Variant, extra: str | None, extra_option: str
) -> tuple[str | None, str | None]:
    """The deal and dealer of a command that takes either a whole DEAL (or --example) or the
    seat's --hand with --dealer (and the --EXTRA_OPTION card, when it names one): the deal's
    text, or None when the hand is given."""
    if args.hand is None and extra is None:
        return deal_text(args, command, variant)
    cards = ["--hand", *([f"--{extra_option}"] if extra_option else [])]
    if args.deal is not None or args.example:
        raise UsageError(f"{command}: give a DEAL (or --example) or {' and '.join(cards)}, not both")
    if args.hand is None or args.dealer is None or (extra_option and extra is None):
        needed = [*cards, "--dealer"]
        raise UsageError(f"{command}: without a DEAL, give {', '.join(needed[:-1])} and {needed[-1]}")
    return None, args.dealer


def seat_view(
    args: argparse.Namespace, deal: str | None, dealer: str | None, extra: str | None, variant: Variant
) -> public.SeatView:
    """What the seat of the command line knows: a whole deal (which carries the dealer,
    variant and settings), or the hand and extra card with them; its known cards and the
    auction so far."""
    settings = settings_from(args, variant)
    # as typed on the command line (a seat's name as a str): SeatView reads and checks them
    seen: dict[str, Any] = {"seat": args.seat, "known": known_cards(args.known), "auction": args.auction}
    if deal is not None:
        return public.SeatView(**seen, deal=read_deal(deal, dealer, variant, settings))
    seen.update(hand=args.hand, extra=extra, dealer=dealer, variant=variant, settings=settings)
    return public.SeatView(**seen)


def run_lead(args: argparse.Namespace) -> int:
    variant = variant_from(args)
    seen = variant.seen_extra()
    if args.upcard is not None and seen is None:
        raise UsageError(
            f"lead: {variant.name} has no upcard (the widow is not seen by the leader; an upcard is "
            "the Euchre games': pass --variant euchre, euchre2, euchre3 or railroad)"
        )
    deal, dealer = deal_or_hand(args, "lead", variant, args.upcard, seen or "")
    progress = show_progress if sys.stderr.isatty() and not args.json else None
    with layout_workers(args) as workers:
        question = public.seat_question(seat_view(args, deal, dealer, args.upcard, variant), sees_widow=False)
        result = public.lead_of_seat(
            question,
            declarer=args.declarer,
            trump=args.trump,
            alone=args.alone,
            layouts=args.layouts,
            seed=args.seed,
            bid=args.bid,
            uniform=args.uniform,
            run=Run(progress=progress, **workers),
        )
    return report(args, result)
