"""The ``hasen`` command line: ``main(argv) -> exit status``."""

from __future__ import annotations

import argparse
import re
import sys
from typing import Any, Sequence

from .. import public
from ..core.deal import Deal
from ..core.errors import QUOTE_LIMIT, HasenError, shortened
from ..core.version import __version__
from ..games.hasenpfeffer import EXAMPLE_DEAL, EXAMPLE_DEALER
from ..rules.settings import AUCTION_SETTINGS, PLAY_SETTINGS
from ..search import USING_EXTENSION
from .batch import add_batch_command
from .bench import add_bench_command
from .options import (
    UsageError,
    add_settings_options,
    add_variant_options,
    deal_text,
    port_number,
    positive_float,
    positive_int,
    settings_from,
    variant_from,
    whole_number,
)
from .output import OutputError, report, silence_stdout
from .simulate import add_lead_parser
from .simulate import add_parser as add_simulate_parser

__all__ = ["EXAMPLE_DEAL", "EXAMPLE_DEALER", "main"]


LONG_WORD = re.compile(rf"\S{{{QUOTE_LIMIT + 1},}}")  # an argument argparse would echo in full


def deal_from(args: argparse.Namespace, command: str) -> Deal:
    """The deal of a command line: DEAL or --example, in the chosen variant."""
    variant = variant_from(args)
    text, dealer = deal_text(args, command, variant)
    return Deal(text, dealer, variant)


def show_progress(done: int, total: int) -> None:
    """Declarers done so far, on one line of a terminal's stderr."""
    print(f"\rsolving: {done}/{total} declarers", end="" if done < total else "\n",
          file=sys.stderr, flush=True)


def cmd_table(args: argparse.Namespace) -> int:
    deal = deal_from(args, "table")
    settings = settings_from(args, deal.variant)
    progress = show_progress if sys.stderr.isatty() and not args.json and args.declarer is None else None
    return report(args, public.analyze(deal, declarer=args.declarer, alone=args.alone, defender=args.defender,
                                       settings=settings, progress=progress))


def cmd_bid(args: argparse.Namespace) -> int:
    deal = deal_from(args, "bid")
    return report(args, public.bid(deal, settings=settings_from(args, deal.variant)))


def contract_options(args: argparse.Namespace, command: str) -> dict[str, Any]:
    """The deal and contract of a ``solve`` or ``review`` command line, as the Python API
    takes them (the deal as given: the contract's notation is checked first)."""
    variant = variant_from(args)
    deal, dealer = deal_text(args, command, variant)
    return {"deal": deal, "dealer": dealer, "variant": variant, "declarer": args.declarer,
            "trump": args.trump, "discard": args.discard, "alone": args.alone, "defender": args.defender,
            "settings": settings_from(args, variant)}


def cmd_solve(args: argparse.Namespace) -> int:
    return report(args, public.solve(**contract_options(args, "solve"), played=args.played))


def cmd_review(args: argparse.Namespace) -> int:
    return report(args, public.review(**contract_options(args, "review"), played=args.played))


def cmd_serve(args: argparse.Namespace) -> int:
    # imported here so that the other commands start without loading Flask and waitress
    from api.server import serve

    options = {"HASEN_SOLVER_THREADS": args.threads, "HASEN_TIME_LIMIT": args.time_limit,
               "HASEN_CACHE_SIZE": args.cache_size}
    try:
        serve(args.host, args.port, {k: v for k, v in options.items() if v is not None})
    except OSError as exc:  # the address is taken or cannot be bound
        raise UsageError(f"serve: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}") from None
    except KeyboardInterrupt:  # Ctrl-C is how a server is stopped: not an error
        pass
    return 0


class Parser(argparse.ArgumentParser):
    """Usage errors become one line on stderr and exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        command = self.prog.partition(" ")[2]
        message = LONG_WORD.sub(lambda m: shortened(m.group()), message)
        raise UsageError(f"{command}: {message}" if command else message)


def add_contract_options(parser: argparse.ArgumentParser) -> None:
    """The deal and the contract, for the commands that look at the play."""
    parser.add_argument("deal", nargs="?", metavar="DEAL", help="the deal, in deal notation")
    parser.add_argument("--example", action="store_true", help="use the built-in example deal (W deals)")
    parser.add_argument("--dealer", metavar="SEAT", help="N, E, S or W (default: the deal's first seat)")
    parser.add_argument("--declarer", metavar="SEAT", required=True,
                        help="N, E, S or W: the declarer, or in Euchre the maker")
    parser.add_argument("--trump", metavar="SUIT", required=True, help="S, H, D or C")
    parser.add_argument("--discard", metavar="CARD",
                        help="Hasenpfeffer: the declarer's discard, e.g. KH (required); Euchre: the dealer's "
                             "discard when the dealer takes the upcard (required then, refused otherwise)")
    parser.add_argument("--alone", action="store_true", help="the declarer plays without the partner")
    parser.add_argument("--defender", metavar="SEAT",
                        help="an opponent who plays alone too (with --alone): two hands play")
    add_variant_options(parser)
    add_settings_options(parser, PLAY_SETTINGS)


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="hasen", description="Double-dummy analysis for Hasenpfeffer and the Euchre family.")
    search = "compiled search" if USING_EXTENSION else "pure-Python search"
    parser.add_argument("--version", action="version", version=f"hasen {__version__} ({search})")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)

    table = commands.add_parser("table", help="tricks for every trump and discard")
    table.add_argument("deal", nargs="?", metavar="DEAL", help='e.g. "N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS"')
    table.add_argument("--example", action="store_true", help="use the built-in example deal")
    table.add_argument("--dealer", metavar="SEAT", help="N, E, S or W (default: the deal's first seat)")
    table.add_argument("--declarer", metavar="SEAT", help="only this declarer (default: all four)")
    table.add_argument("--alone", action="store_true", help="the declarer plays without the partner")
    table.add_argument("--defender", metavar="SEAT",
                       help="an opponent who plays alone too (with --declarer and --alone): two hands play")
    add_variant_options(table)
    add_settings_options(table, PLAY_SETTINGS)
    table.add_argument("--json", action="store_true", help="print JSON instead of a table")
    table.set_defaults(run=cmd_table)

    bid = commands.add_parser("bid", help="bid advice for every seat, alone or not, and the par of the hand")
    bid.add_argument("deal", nargs="?", metavar="DEAL", help="the deal, in deal notation")
    bid.add_argument("--example", action="store_true", help="use the built-in example deal")
    bid.add_argument("--dealer", metavar="SEAT", help="N, E, S or W (default: the deal's first seat)")
    add_variant_options(bid)
    add_settings_options(bid, PLAY_SETTINGS + AUCTION_SETTINGS)
    bid.add_argument("--json", action="store_true", help="print JSON instead of text")
    bid.set_defaults(run=cmd_bid)

    solve = commands.add_parser("solve", help="every legal card's value in a position, and a best line")
    add_contract_options(solve)
    solve.add_argument("--played", metavar="CARDS", default="",
                       help='the cards played so far, e.g. "JC KC TC 9C | AS" (| between tricks)')
    solve.add_argument("--json", action="store_true", help="print JSON instead of text")
    solve.set_defaults(run=cmd_solve)

    review = commands.add_parser("review", help="a played hand judged card by card, and the contract against the best")
    add_contract_options(review)
    review.add_argument("--played", "--play", metavar="CARDS", required=True, dest="played",
                        help='the cards played, from the first, whole hand or part: "JC KC TC 9C | AS ..." '
                             "(--play is its older name)")
    review.add_argument("--json", action="store_true", help="print JSON instead of text")
    review.set_defaults(run=cmd_review)

    add_simulate_parser(commands)
    add_lead_parser(commands)

    serve = commands.add_parser("serve", help="run the web API under waitress")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    serve.add_argument("--port", type=port_number, default=8000, help="default: 8000; 0 picks a free port")
    serve.add_argument("--threads", type=positive_int,
                       help="analyses run at once: solver threads (default: the number of cores)")
    serve.add_argument("--time-limit", type=positive_float, metavar="SECONDS",
                       help="longest a request may take from its arrival, waiting included, before a 503 "
                            "(default: 10)")
    serve.add_argument("--cache-size", type=whole_number, metavar="N",
                       help="answers kept in memory (default: 1024; 0 for none)")
    serve.set_defaults(run=cmd_serve)

    add_batch_command(commands, positive_int)
    add_bench_command(commands, positive_int)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        return args.run(args)
    except HasenError as exc:
        print(f"hasen: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader went away (``hasen ... | head``): nobody to tell
        silence_stdout()
        return 1
    except OutputError as exc:
        print(f"hasen: {exc}", file=sys.stderr)
        return 1

