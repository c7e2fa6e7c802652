"""``hasen simulate`` and ``hasen lead``: the declarer's choice and the opening lead, knowing
only one's own cards (single dummy)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .. import public
from ..analysis.inputs import DEFAULT_LAYOUTS
from ..rules.settings import AUCTION_SETTINGS, PLAY_SETTINGS
from ..workers import Workers
from .options import (
    UsageError,
    add_backend_options,
    add_settings_options,
    add_variant_options,
    deal_text,
    positive_int,
    settings_from,
    variant_from,
    whole_number,
)
from .output import report

FORMS = {"both": None, "partner": False, "alone": True}


def add_seat_options(parser: argparse.ArgumentParser, seat_help: str, deal_help: str, extras: tuple[str, ...]) -> None:
    """The simulating seat and what it knows: a DEAL (or --example), or its --hand, the
    ``extras`` it sees (widow, upcard) and --dealer; cards --known elsewhere; the layouts."""
    parser.add_argument("deal", nargs="?", metavar="DEAL", help=deal_help)
    parser.add_argument("--example", action="store_true", help="use the built-in example deal (W deals)")
    parser.add_argument("--seat", metavar="SEAT", required=True, help=seat_help)
    parser.add_argument("--hand", metavar="CARDS", help="the seat's hand, without a DEAL: dotted (A.K..AQJ*) or a list")
    for extra in extras:
        game = "Hasenpfeffer" if extra == "widow" else "Euchre"
        parser.add_argument(f"--{extra}", metavar="CARD", help=f"{game}, without a DEAL: the {extra}")
    parser.add_argument("--dealer", metavar="SEAT", help="N, E, S or W (with a DEAL, default: its first seat)")
    parser.add_argument("--known", metavar="SEAT:CARDS", action="append", default=[],
                        help='cards known to be in another hand, e.g. "E:AH KD" (repeat for more seats)')
    parser.add_argument("--layouts", type=positive_int, default=DEFAULT_LAYOUTS, metavar="N",
                        help=f"random layouts to solve (default: {DEFAULT_LAYOUTS})")
    parser.add_argument("--seed", type=whole_number, default=0, help="the random seed (default: 0)")
    add_backend_options(parser, "layouts")


def add_parser(commands: Any) -> argparse.ArgumentParser:
    parser = commands.add_parser(
        "simulate", help="each trump and discard over random layouts of the cards the declarer cannot see")
    add_seat_options(parser, "the declarer (in Euchre the maker) who simulates",
                     "a deal: only --seat's hand and the widow or upcard are used", ("widow", "upcard"))
    parser.add_argument("--form", choices=list(FORMS), default="both",
                        help="with the partner, alone, or both (default; one form where nobody has a partner)")
    add_variant_options(parser)
    add_settings_options(parser, PLAY_SETTINGS + AUCTION_SETTINGS)
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    parser.set_defaults(run=run)
    return parser


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
        result = public.simulate(deal, seat=args.seat, hand=args.hand, extra=extra, known=known_cards(args.known),
                                 dealer=dealer, variant=variant, layouts=args.layouts, seed=args.seed,
                                 alone=FORMS[args.form], settings=settings_from(args, variant), progress=progress,
                                 mapper=workers.map)
    return report(args, result)


def add_lead_parser(commands: Any) -> argparse.ArgumentParser:
    parser = commands.add_parser("lead",
                                 help="each opening lead over random layouts of the cards the leader cannot see")
    add_seat_options(parser, "the player on lead", "a deal: only --seat's hand (and in Euchre the upcard) is used",
                     ("upcard",))
    parser.add_argument("--declarer", metavar="SEAT", required=True, help="the declarer (in Euchre the maker)")
    parser.add_argument("--trump", metavar="SUIT", required=True, help="S, H, D or C")
    parser.add_argument("--alone", action="store_true", help="the declarer plays without the partner")
    add_variant_options(parser)
    add_settings_options(parser, PLAY_SETTINGS)
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    parser.set_defaults(run=run_lead)
    return parser


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
        result = public.simulate_lead(deal, seat=args.seat, declarer=args.declarer, trump=args.trump,
                                      alone=args.alone, hand=args.hand, extra=args.upcard,
                                      known=known_cards(args.known), dealer=dealer, variant=variant,
                                      layouts=args.layouts, seed=args.seed, settings=settings_from(args, variant),
                                      progress=progress, mapper=workers.map)
    return report(args, result)
