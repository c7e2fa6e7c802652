"""The ``hasen`` command line: ``main(argv) -> exit status``."""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any, Callable, Sequence

from ..analysis.bidding import analyze_bidding
from ..analysis.euchre_table import analyze_euchre
from ..analysis.inputs import request_position
from ..analysis.play import PlayState
from ..analysis.position import PositionAnalysis, analyze_position, exchange_discard
from ..analysis.review import review_play
from ..analysis.table import TRUMPS, TableAnalysis, analyze
from ..core.cards import SUIT_NAMES, SUITS, card_name
from ..core.deal import Deal
from ..core.errors import HasenError
from ..core.seats import SEATS
from ..core.variants import HASENPFEFFER
from ..core.version import __version__
from ..rules.seating import active_seats, first_leader
from ..rules.settings import AUCTION_SETTINGS, PLAY_SETTINGS
from ..search import USING_EXTENSION
from ..text.report import format_bidding, format_euchre_table
from ..text.review import format_review
from .options import (
    add_settings_options,
    add_variant_options,
    settings_from,
    variant_from,
)

EXAMPLE_DEAL = "N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS"
EXAMPLE_DEALER = "W"


class UsageError(HasenError):
    """A command line that asks for something impossible (not a notation problem)."""


def report(args: argparse.Namespace, result: Any, format_text: Callable[[Any], str]) -> int:
    """Print ``result`` as JSON with ``--json``, else as text for people; exit status 0."""
    if args.json:
        print(json.dumps(result.to_json()))
    else:
        print(format_text(result))
    return 0


def format_table(analysis: TableAnalysis) -> str:
    """Each declarer's grid: trumps as rows, discards as columns, the best cell in brackets."""
    deal = analysis.deal
    out = [str(deal), ""]
    for seat, table in analysis.tables.items():
        defender = analysis.lone_defender
        seats = active_seats(deal.variant, seat, analysis.alone, defender)
        leader = first_leader(deal.dealer, seat, seats, analysis.alone, analysis.settings, defender)
        alone = " alone" if analysis.alone else ""
        if defender is not None:
            alone += f" against {SEATS[defender]} alone"
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


def deal_from(args: argparse.Namespace, command: str) -> Deal:
    """The deal of a command line: DEAL or --example, in the chosen variant."""
    variant = variant_from(args)
    if args.example:
        if args.deal is not None:
            raise UsageError(f"{command}: give a DEAL or --example, not both")
        if variant != HASENPFEFFER:
            raise UsageError(f"{command}: the built-in example is a hasenpfeffer deal; give a {variant.name} DEAL")
        return Deal(EXAMPLE_DEAL, args.dealer or EXAMPLE_DEALER)
    if args.deal is None:
        raise UsageError(f"{command}: a DEAL is required (or --example for the built-in one)")
    return Deal(args.deal, args.dealer, variant)


def show_progress(done: int, total: int) -> None:
    """Declarers done so far, on one line of a terminal's stderr."""
    print(f"\rsolving: {done}/{total} declarers", end="" if done < total else "\n",
          file=sys.stderr, flush=True)


def cmd_table(args: argparse.Namespace) -> int:
    deal = deal_from(args, "table")
    settings = settings_from(args, deal.variant)
    progress = show_progress if sys.stderr.isatty() and not args.json and args.declarer is None else None
    if deal.variant.family == "euchre":
        euchre = analyze_euchre(deal, declarer=args.declarer, alone=args.alone, defender=args.defender,
                                settings=settings, progress=progress)
        return report(args, euchre, format_euchre_table)
    result = analyze(deal, declarer=args.declarer, alone=args.alone, progress=progress,
                     settings=settings, defender=args.defender)
    return report(args, result, format_table)


def cmd_bid(args: argparse.Namespace) -> int:
    deal = deal_from(args, "bid")
    result = analyze_bidding(deal, settings_from(args, deal.variant))
    return report(args, result, format_bidding)


def format_position(result: PositionAnalysis) -> str:
    """The position, then every legal card with its total and cost, best first."""
    state = result.state
    deal, contract = state.deal, state.contract
    alone = " alone" if contract.alone else ""
    if contract.lone_defender is not None:
        alone += f" against {SEATS[contract.lone_defender]} alone"
    side = deal.variant.side_names[state.declaring_side]
    discard = exchange_discard(state)
    if deal.variant.declarer_exchanges:
        exchange = f"discard {card_name(contract.discard)}"
    elif discard is None:
        exchange = f"nobody takes the upcard {card_name(deal.extra)}"
    else:
        exchange = f"{SEATS[deal.dealer]} takes the upcard {card_name(deal.extra)}, discards {card_name(discard)}"
    verb = "declares" if deal.variant.declarer_exchanges else "makes"
    out = [str(deal), "",
           f"{SEATS[contract.declarer]} {verb} {SUIT_NAMES[contract.trump]}{alone}, "
           f"{exchange}; {SEATS[deal.dealer]} deals",
           f"played: {result.played_record() or '(nothing)'}"]
    if result.to_move is None:
        out.append(f"the hand is over: {side} took {result.taken} tricks")
        return "\n".join(out)
    out.append(f"trick {len(state.tricks) + 1}, {SEATS[state.leader]} led; {SEATS[result.to_move]} to move")
    out.append(f"{side}: {result.taken} taken + {result.remaining} with best play = {result.total}")
    out.append("")
    out.append(f"{'card':<16}{'total':>5}{'cost':>6}")
    for choice in sorted(result.choices, key=lambda c: c.cost):
        cards = " ".join(card_name(c) for c in choice.cards)
        mark = "  best" if choice.cost == 0 else ""
        out.append(f"{cards:<16}{choice.total:>5}{choice.cost:>6}{mark}")
    out.append("")
    out.append(f"best line: {result.line_record()}")
    return "\n".join(out)


def position_from(args: argparse.Namespace, played: str) -> PlayState:
    """The position of a ``solve`` or ``review`` command line, in the chosen variant."""
    variant = variant_from(args)
    return request_position(args.deal, args.declarer, args.trump, args.discard, args.alone, args.defender,
                            played, dealer=args.dealer, variant=variant, settings=settings_from(args, variant))


def cmd_solve(args: argparse.Namespace) -> int:
    result = analyze_position(position_from(args, args.played))
    return report(args, result, format_position)


def cmd_review(args: argparse.Namespace) -> int:
    start = position_from(args, "")
    result = review_play(start.deal, start.contract, args.play, settings=start.settings)
    return report(args, result, format_review)


def digits(text: str) -> bool:
    return text.isascii() and text.isdigit()


def port_number(text: str) -> int:
    if not digits(text) or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"not a port: {text!r} (0 to 65535; 0 picks a free one)")
    return int(text)


def positive_int(text: str) -> int:
    if not digits(text) or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {text!r}")
    return int(text)


def positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"expected a number of seconds above 0, not {text!r}")
    return value


def whole_number(text: str) -> int:
    if not digits(text):
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}")
    return int(text)


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
        raise UsageError(f"{command}: {message}" if command else message)


def add_contract_options(parser: argparse.ArgumentParser) -> None:
    """The deal and the contract, for the commands that look at the play."""
    parser.add_argument("deal", metavar="DEAL", help="the deal, in deal notation")
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
    review.add_argument("--play", metavar="CARDS", required=True,
                        help='the cards played, from the first, whole hand or part: "JC KC TC 9C | AS ..."')
    review.add_argument("--json", action="store_true", help="print JSON instead of text")
    review.set_defaults(run=cmd_review)

    serve = commands.add_parser("serve", help="run the web API under waitress")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    serve.add_argument("--port", type=port_number, default=8000, help="default: 8000; 0 picks a free port")
    serve.add_argument("--threads", type=positive_int,
                       help="requests answered at once (default: the number of cores)")
    serve.add_argument("--time-limit", type=positive_float, metavar="SECONDS",
                       help="longest analysis before a 503 (default: 10)")
    serve.add_argument("--cache-size", type=whole_number, metavar="N",
                       help="answers kept in memory (default: 1024; 0 for none)")
    serve.set_defaults(run=cmd_serve)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        return args.run(args)
    except HasenError as exc:
        print(f"hasen: {exc}", file=sys.stderr)
        return 2

