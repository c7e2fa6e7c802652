"""The ``hasen`` command line: ``main(argv) -> exit status``."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Sequence

from .analysis import TRUMPS, TableAnalysis, analyze
from .cards import SUIT_NAMES, SUITS, card_name
from .deal import Deal
from .errors import HasenError
from .rules import SEATS, first_leader, active_seats
from .version import __version__

EXAMPLE_DEAL = "N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS"
EXAMPLE_DEALER = "W"


class UsageError(HasenError):
    """A command line that asks for something impossible (not a notation problem)."""


def print_json(data: dict[str, Any]) -> None:
    print(json.dumps(data, indent=None))


def format_table(analysis: TableAnalysis) -> str:
    """Each declarer's grid: trumps as rows, discards as columns, the best cell in brackets."""
    deal = analysis.deal
    out = [str(deal), ""]
    for seat, table in analysis.tables.items():
        seats = active_seats(deal.variant, seat, analysis.alone)
        leader = first_leader(deal.dealer, seat, seats, analysis.alone)
        alone = " alone" if analysis.alone else ""
        out.append(f"{SEATS[seat]} declares{alone}; {SEATS[deal.dealer]} deals, {SEATS[leader]} leads")
        out.append("trump " + "".join(f"{card_name(d):>4}" for d in table.discards) + "   (discard)")
        best_trump, best_discard, best_tricks = table.best
        for trump in TRUMPS:
            cells = []
            for d in table.discards:
                n = table.tricks[trump][d]
                cells.append(f"[{n}]" if (trump, d) == (best_trump, best_discard) else f" {n} ")
            out.append(f"{SUITS[trump]:<6}" + "".join(f"{c:>4}" for c in cells).rstrip())
        ties = table.ties
        also = ""
        if len(ties) > 1:
            also = "; also " + ", ".join(f"{SUITS[t]}/{card_name(d)}" for t, d in ties[1:])
        out.append(f"best: {SUIT_NAMES[best_trump]}, discard {card_name(best_discard)}, "
                   f"{best_tricks} tricks{also}")
        out.append("")
    return "\n".join(out).rstrip()


def cmd_table(args: argparse.Namespace) -> int:
    if args.example:
        if args.deal is not None:
            raise UsageError("table: give a DEAL or --example, not both")
        deal_text, dealer = EXAMPLE_DEAL, args.dealer or EXAMPLE_DEALER
    elif args.deal is None:
        raise UsageError("table: a DEAL is required (or --example for the built-in one)")
    else:
        deal_text, dealer = args.deal, args.dealer
    deal = Deal(deal_text, dealer)
    progress = None
    if sys.stderr.isatty() and not args.json and args.declarer is None:
        def progress(done: int, total: int) -> None:
            print(f"\rsolving: {done}/{total} declarers", end="" if done < total else "\n",
                  file=sys.stderr, flush=True)
    result = analyze(deal, declarer=args.declarer, alone=args.alone, progress=progress)
    if args.json:
        print_json(result.to_json())
    else:
        print(format_table(result))
    return 0


class Parser(argparse.ArgumentParser):
    """Usage errors become one line on stderr and exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        command = self.prog.partition(" ")[2]
        raise UsageError(f"{command}: {message}" if command else message)


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="hasen", description="Double-dummy analysis for Hasenpfeffer.")
    parser.add_argument("--version", action="version", version=f"hasen {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)

    table = commands.add_parser("table", help="tricks for every trump and discard")
    table.add_argument("deal", nargs="?", metavar="DEAL", help='e.g. "N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS"')
    table.add_argument("--example", action="store_true", help="use the built-in example deal")
    table.add_argument("--dealer", metavar="SEAT", help="N, E, S or W (default: the deal's first seat)")
    table.add_argument("--declarer", metavar="SEAT", help="only this declarer (default: all four)")
    table.add_argument("--alone", action="store_true", help="the declarer plays without the partner")
    table.add_argument("--json", action="store_true", help="print JSON instead of a table")
    table.set_defaults(run=cmd_table)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        return args.run(args)
    except HasenError as exc:
        print(f"hasen: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
