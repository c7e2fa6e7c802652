"""What the ``hasen`` command line accepts: every command's arguments and the function that
runs it, named as ``module:function`` of ``hasen.cli`` so that a command's modules are
imported only when it runs (``hasen table`` never loads the batch or the pools)."""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, NoReturn

from ..core.bounds import (
    MAX_CACHE_SIZE,
    MAX_CHUNK,
    MAX_LAYOUTS,
    MAX_RANDOM_DEALS,
    MAX_SEED,
    MAX_THREADS,
    MAX_TIME_LIMIT,
)
from ..core.errors import QUOTE_LIMIT, HasenError, quoted, shortened
from ..core.settings import AUCTION_SETTINGS, PLAY_SETTINGS, SCORING_SETTINGS
from ..core.version import __version__
from ..games import FAMILIES
from ..notation.inputs import DEFAULT_CHOICE_LAYOUTS, DEFAULT_LAYOUTS, DEFAULT_REVIEW_LAYOUTS
from ..search import USING_EXTENSION
from .defaults import defaults
from .options import (
    UsageError,
    add_backend_options,
    add_settings_options,
    add_variant_options,
    port_number,
    seconds,
    whole_number,
)
from .output import write_out

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

LONG_WORD = re.compile(rf"\S{{{QUOTE_LIMIT + 1},}}")  # an argument argparse would echo in full
NO_COMMAND = "the following arguments are required: command"  # argparse's words (unknown ones list the commands)
FORMS = {"both": None, "partner": False, "alone": True}  # simulate --form: the value of alone
MAX_DEALS = 100_000  # hasen bench --deals: about 10 minutes of tables
MAX_ROUNDS = 100  # hasen bench --rounds


class StoreOnce(argparse._StoreAction):
    """An option's value: given twice with two values (``--trump C --trump S``, ``--played``
    and its older name ``--play``), it is refused, for which one was meant is not known
    (argparse keeps the last)."""

    # the values given in the parse under way, by namespace (a command's own is another
    # than the top's): emptied as each command line is read
    given: ClassVar[dict[int, dict[str, tuple[str | None, Any]]]] = {}

    def __call__(
        self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any, option: str | None = None
    ) -> None:
        seen = self.given.setdefault(id(namespace), {})
        if self.dest in seen and folded(self.dest, seen[self.dest][1]) != folded(self.dest, values):
            first, value = seen[self.dest]
            shown = [quoted(v) if isinstance(v, str) else str(v) for v in (value, values)]
            parser.error(f"{first} {shown[0]} and {option} {shown[1]} both given: give one")
        seen[self.dest] = (option, values)
        setattr(namespace, self.dest, values)


# the options typed in either case (seats, suits, cards, games): a file's name or a title is not
CASELESS = {"dealer", "declarer", "defender", "seat", "trump", "discard", "widow", "upcard", "variant", "hand"}


def folded(dest: str, value: Any) -> Any:
    """A value as the options compare it: a seat or a card in either case is one (``--trump c``)."""
    return value.casefold() if dest in CASELESS and isinstance(value, str) else value


class Parser(argparse.ArgumentParser):
    """Usage errors become one line on stderr and exit status 2; help that cannot be written
    is an error too (argparse itself drops a failed write and exits 0). An option given twice
    with two values is refused (``StoreOnce``)."""

    _intermixing = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.register("action", None, StoreOnce)
        self.register("action", "store", StoreOnce)

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        """A command of several optional words (``session [IN] [OUT]``) reads them among its
        options too: argparse alone gives every optional word its value from the first run
        of words, and calls a word after an option unrecognized."""
        optional_words = [a for a in self._get_positional_actions() if a.nargs == argparse.OPTIONAL]
        # after a "--" every word is a word, never an option: the plain reading keeps that
        if len(optional_words) < 2 or self._intermixing or "--" in (args or ()):
            return super().parse_known_args(args, namespace)
        self._intermixing = True  # the intermixed reading calls this method again, twice
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._intermixing = False

    def print_help(self, file: SupportsWrite[str] | None = None) -> None:
        write_out(self.format_help())

    def _get_formatter(self) -> argparse.HelpFormatter:
        # argparse makes a formatter for every argument added (to check it), and the default
        # one imports shutil (and its compression modules) for the terminal's width
        return self.formatter_class(prog=self.prog, width=help_width())  # type: ignore[call-arg]

    def parse_args(self, args: Any = None, namespace: Any = None) -> Any:
        StoreOnce.given.clear()
        try:
            parsed, extra = self.parse_known_args(args, namespace)
        finally:
            StoreOnce.given.clear()
        if extra:  # named by the command given them, as its other errors are (argparse: by hasen)
            refuse(getattr(parsed, "command", None) or "", f"unrecognized arguments: {' '.join(extra)}")
        return parsed

    def error(self, message: str) -> None:  # type: ignore[override]
        refuse(self.prog.partition(" ")[2], message)


def refuse(command: str, message: str) -> NoReturn:
    """A usage error in one line: the command it is of, long words shortened."""
    message = LONG_WORD.sub(lambda m: shortened(m.group()), message)
    if command:
        raise UsageError(f"{command}: {message}")
    if message.startswith(NO_COMMAND):
        message += " (hasen --help lists the commands)"
    raise UsageError(message)


def help_width() -> int:
    """The width argparse's help takes: the terminal's columns less 2, read as
    ``shutil.get_terminal_size`` reads them (``COLUMNS``, then the terminal, else 80)."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return (columns or 80) - 2


class Version(argparse.Action):
    """``--version``, written as help is (argparse's own action drops a failed write)."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        search = "compiled search" if USING_EXTENSION else "pure-Python search"
        try:
            game = defaults().describe()
        except HasenError as exc:
            game = f"default game: not read: {exc}"
        write_out(f"hasen {__version__} ({search})\n{game}\n")
        parser.exit()


def add_contract_options(
    parser: argparse.ArgumentParser, required: bool = True, deal_help: str = "the deal, in deal notation"
) -> None:
    """The deal and the contract, for the commands that look at the play."""
    parser.add_argument("deal", nargs="?", metavar="DEAL", help=f"{deal_help}; - for standard input")
    parser.add_argument("--example", action="store_true", help="use the variant's built-in example deal")
    parser.add_argument("--dealer", metavar="SEAT", help="N, E, S or W (default: the deal's first seat)")
    parser.add_argument(
        "--declarer", metavar="SEAT", required=required, help="N, E, S or W: the declarer, or in Euchre the maker"
    )
    parser.add_argument("--trump", metavar="SUIT", required=required, help="S, H, D or C")
    parser.add_argument(
        "--discard",
        metavar="CARD",
        help="Hasenpfeffer: the declarer's discard, e.g. KH (required); Euchre: the dealer's "
        "discard when the dealer takes the upcard (required then, refused otherwise)",
    )
    parser.add_argument("--alone", action="store_true", help="the declarer plays without the partner")
    parser.add_argument(
        "--defender", metavar="SEAT", help="an opponent who plays alone too (with --alone): two hands play"
    )
    parser.add_argument(
        "--best",
        metavar="CALL",
        help="railroad: the lone declarer's call for best, the card the partner passed and the "
        "card put away, e.g. 'JK for 9C' (required alone, refused otherwise)",
    )
    parser.add_argument("--defender-best", metavar="CALL", help="railroad: the lone defender's call for best")
    add_variant_options(parser)
    add_settings_options(parser, PLAY_SETTINGS)


def table_arguments(table: argparse.ArgumentParser) -> None:
    table.add_argument(
        "deal",
        nargs="?",
        metavar="DEAL",
        help='e.g. "N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS"; - for standard input',
    )
    table.add_argument("--example", action="store_true", help="use the variant's built-in example deal")
    table.add_argument("--dealer", metavar="SEAT", help="N, E, S or W (default: the deal's first seat)")
    table.add_argument("--declarer", metavar="SEAT", help="only this declarer (default: all four)")
    table.add_argument("--alone", action="store_true", help="the declarer plays without the partner")
    table.add_argument(
        "--defender",
        metavar="SEAT",
        help="an opponent who plays alone too (with --declarer and --alone): two hands play",
    )
    add_variant_options(table)
    add_settings_options(table, PLAY_SETTINGS)
    table.add_argument("--json", action="store_true", help="print JSON instead of a table")


def bid_arguments(bid: argparse.ArgumentParser) -> None:
    add_seat_options(
        bid,
        "advice for this seat knowing only its own cards (single dummy); without it, "
        "every seat's advice and the par with every hand open",
        "a deal (with --seat, only that seat's hand and the upcard are used)",
        ("upcard",),
        seat_required=False,
    )
    bid.add_argument(
        "--choice-layouts",
        type=whole_number(1, MAX_LAYOUTS),
        metavar="N",
        help="with --seat: layouts for each widow (Euchre: for the dealer's discard) on which the "
        f"declarer's later choice is made (default: {DEFAULT_CHOICE_LAYOUTS})",
    )
    bid.add_argument(
        "--form",
        choices=list(FORMS),
        help="with --seat: with the partner, alone, or both (default; one form where nobody has a partner)",
    )
    bid.add_argument(
        "--auction",
        metavar="CALLS",
        help='with --seat: the calls so far, e.g. "W pass, N 3": the advice is for the seat\'s turn '
        "after them (default: the start; in Euchre, the seats before this one passing)",
    )
    bid.add_argument(
        "--no-model",
        dest="model",
        action="store_false",
        help="with --seat: judge each bid as if it won the auction and passing as worth 0, leaving "
        "out what the other players would call (the model of the other players)",
    )
    bid.add_argument(
        "--uniform",
        action="store_true",
        help="with --seat: deal every layout alike, not only those that agree with the calls so far",
    )
    bid.add_argument(
        "--score",
        metavar="SCORE",
        help="with --seat: the score before the hand, N-S's then E-W's (in Two-handed Euchre N's then "
        "S's), like 8-5; in Three-Handed Euchre each player's, like 3-5-7: every option is valued "
        "by the chance of winning the game too",
    )
    # None: not given, so that the double-dummy par can refuse what only the advice uses
    bid.set_defaults(layouts=None, seed=None, jobs=None)
    add_variant_options(bid)
    add_settings_options(bid, PLAY_SETTINGS + AUCTION_SETTINGS)
    bid.add_argument("--json", action="store_true", help="print JSON instead of text")


def solve_arguments(solve: argparse.ArgumentParser) -> None:
    add_contract_options(solve)
    solve.add_argument(
        "--played",
        metavar="CARDS",
        default="",
        help='the cards played so far, e.g. "JC KC TC 9C | AS" (| between tricks)',
    )
    solve.add_argument("--json", action="store_true", help="print JSON instead of text")


def review_arguments(review: argparse.ArgumentParser) -> None:
    add_contract_options(
        review,
        required=False,
        deal_help="a hand record (its text, a file holding it, or - for standard input), "
        "reviewed fairly; or, with --declarer, --trump and --played, a deal "
        "reviewed with every hand open",
    )
    review.add_argument(
        "--played",
        "--play",
        metavar="CARDS",
        dest="played",
        help="with a deal: the cards played, from the first, whole hand or part: "
        '"JC KC TC 9C | AS ..." (--play is its older name)',
    )
    add_layout_options(review, "with a record: random layouts for each decision", None, "with a record: ")
    review.add_argument("--id", metavar="ID", help="with a file of several records: the one to review")
    review.add_argument(
        "--jobs",
        type=whole_number(1, MAX_THREADS),
        metavar="N",
        help="with a record: threads that judge the decisions (default: one per core)",
    )
    review.add_argument(
        "--uniform",
        action="store_true",
        help="with a record: deal every layout alike, not only those that agree with the auction "
        "by the model of the other players",
    )
    review.add_argument(
        "--score",
        metavar="SCORE",
        help="with a record: the score before the hand, N-S's then E-W's (in Two-handed Euchre "
        "N's then S's; in Three-Handed Euchre each player's, 3-5-7), like 8-5 (default: the "
        "record's score field): each decision's cost in the chance of winning the game is "
        "given too",
    )
    review.add_argument("--json", action="store_true", help="print JSON instead of text")


def add_layout_options(
    parser: argparse.ArgumentParser, layouts_help: str, default: int | None, prefix: str = ""
) -> None:
    """--layouts and --seed; ``default`` None leaves the fair review's default to the analysis
    (a review that is given no record takes no layouts)."""
    shown = DEFAULT_REVIEW_LAYOUTS if default is None else default
    parser.add_argument(
        "--layouts",
        type=whole_number(1, MAX_LAYOUTS),
        default=default,
        metavar="N",
        help=f"{layouts_help} (default: {shown}; at most {MAX_LAYOUTS})",
    )
    parser.add_argument(
        "--seed",
        type=whole_number(0, MAX_SEED),
        default=None if default is None else 0,
        metavar="N",
        help=f"{prefix}the random seed, 0 to {MAX_SEED} (default: 0)",
    )


def add_seat_options(
    parser: argparse.ArgumentParser, seat_help: str, deal_help: str, extras: tuple[str, ...], seat_required: bool = True
) -> None:
    """The simulating seat and what it knows: a DEAL (or --example), or its --hand, the
    ``extras`` it sees (widow, upcard) and --dealer; cards --known elsewhere; the layouts."""
    parser.add_argument("deal", nargs="?", metavar="DEAL", help=f"{deal_help}; - for standard input")
    parser.add_argument("--example", action="store_true", help="use the variant's built-in example deal")
    parser.add_argument("--seat", metavar="SEAT", required=seat_required, help=seat_help)
    parser.add_argument("--hand", metavar="CARDS", help="the seat's hand, without a DEAL: dotted (A.K..AQJ*) or a list")
    for extra in extras:
        game = "Hasenpfeffer" if extra == "widow" else "Euchre"
        parser.add_argument(f"--{extra}", metavar="CARD", help=f"{game}, without a DEAL: the {extra}")
    parser.add_argument("--dealer", metavar="SEAT", help="N, E, S or W (with a DEAL, default: its first seat)")
    parser.add_argument(
        "--known",
        metavar="SEAT:CARDS",
        action="append",
        default=[],
        help='cards known to be in another hand, e.g. "E:AH KD" (repeat for more seats)',
    )
    add_layout_options(parser, "random layouts to solve", DEFAULT_LAYOUTS)
    add_backend_options(parser, "layouts", threads=True)


def simulate_arguments(parser: argparse.ArgumentParser) -> None:
    add_seat_options(
        parser,
        "the declarer (in Euchre the maker) who simulates",
        "a deal: only --seat's hand and the widow or upcard are used",
        ("widow", "upcard"),
    )
    parser.add_argument(
        "--form",
        choices=list(FORMS),
        default="both",
        help="with the partner, alone, or both (default; one form where nobody has a partner)",
    )
    parser.add_argument(
        "--auction",
        metavar="CALLS",
        help='the auction that made the seat declarer, e.g. "N 4, E pass, S pass, W pass": the '
        "layouts agree with the other seats' calls by the model of the other players",
    )
    parser.add_argument(
        "--uniform",
        action="store_true",
        help="with --auction: deal every layout alike, not only those that agree with it",
    )
    add_variant_options(parser)
    add_settings_options(parser, PLAY_SETTINGS + AUCTION_SETTINGS)
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")


def lead_arguments(parser: argparse.ArgumentParser) -> None:
    add_seat_options(
        parser, "the player on lead", "a deal: only --seat's hand (and in Euchre the upcard) is used", ("upcard",)
    )
    parser.add_argument("--declarer", metavar="SEAT", required=True, help="the declarer (in Euchre the maker)")
    parser.add_argument("--trump", metavar="SUIT", required=True, help="S, H, D or C")
    parser.add_argument("--alone", action="store_true", help="the declarer plays without the partner")
    parser.add_argument("--bid", metavar="BID", help="Hasenpfeffer: the contract's bid, for each lead's points")
    parser.add_argument(
        "--auction",
        metavar="CALLS",
        help='the whole auction, e.g. "E pass, S 4, W pass, N pass": the layouts agree with the '
        "other seats' calls by the model of the other players, and it gives the bid",
    )
    parser.add_argument(
        "--uniform",
        action="store_true",
        help="with --auction: deal every layout alike, not only those that agree with it",
    )
    add_variant_options(parser)
    add_settings_options(parser, PLAY_SETTINGS)
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")


def serve_arguments(serve: argparse.ArgumentParser) -> None:
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    serve.add_argument("--port", type=port_number, default=8000, help="default: 8000; 0 picks a free port")
    serve.add_argument(
        "--threads",
        type=whole_number(1, MAX_THREADS),
        metavar="N",
        help="analyses run at once in each lane, single dummy and the rest: solver threads "
        "(default: the number of cores)",
    )
    serve.add_argument(
        "--time-limit",
        type=seconds(MAX_TIME_LIMIT),
        metavar="SECONDS",
        help="longest a request may take from its arrival, waiting included, before a 503 "
        f"(default: 10; at most {MAX_TIME_LIMIT})",
    )
    serve.add_argument(
        "--cache-size",
        type=whole_number(0, MAX_CACHE_SIZE),
        metavar="N",
        help="answers kept in memory (default: 1024; 0 for none)",
    )
    serve.add_argument(
        "--allow-origin",
        action="append",
        metavar="ORIGIN",
        help="let web pages of this origin (like https://club.example) call the API; again for "
        "another (default: the service's own pages only)",
    )


def batch_arguments(batch: argparse.ArgumentParser) -> None:
    batch.add_argument(
        "input", metavar="IN", help="deals, one a line: JSON objects (with an id) or deal strings; - for standard input"
    )
    batch.add_argument(
        "output",
        metavar="OUT",
        help="results, one JSON line per deal; ids already there are skipped; - for standard output",
    )
    batch.add_argument(
        "--format",
        choices=["jsonl", "csv"],
        help="jsonl: one JSON line per deal; csv: one row per declarer, trump and discard "
        "(default: csv when OUT ends in .csv, else jsonl)",
    )
    batch.add_argument(
        "--parquet",
        metavar="FILE",
        help="also write every table as rows of a Parquet file, "
        "the CSV's columns, when the run is done (needs "
        "hasen[parquet])",
    )
    add_backend_options(batch, "deals")
    batch.add_argument(
        "--chunk",
        type=whole_number(1, MAX_CHUNK),
        metavar="N",
        help="deals per task sent to a worker (default: 8 for --jobs, 32 for --scheduler)",
    )
    batch.add_argument("--declarer", metavar="SEAT", help="only this declarer, for lines that name none")
    batch.add_argument("--alone", action="store_true", help="lone declarers, for lines that say nothing")
    batch.add_argument("--defender", metavar="SEAT", help="a lone defender, for lines that name none")
    add_variant_options(batch)
    add_settings_options(batch, PLAY_SETTINGS)


def session_arguments(session: argparse.ArgumentParser) -> None:
    session.add_argument(
        "input", metavar="IN", nargs="?", help="hand records, as blocks or lines; - for standard input"
    )
    session.add_argument(
        "output",
        metavar="OUT",
        nargs="?",
        help="one JSON line per record, the review or the error; ids already there are skipped",
    )
    session.add_argument(
        "--example",
        action="store_true",
        help="review the sample night shipped with hasen (eight Hasenpfeffer hands): written as "
        "IN (default example-night.txt), reviewed into OUT (default example-night.jsonl), "
        "with the report example-night.html where hasen[report] is installed",
    )
    add_backend_options(session, "hands")
    add_layout_options(session, "random layouts for each decision", None)
    session.add_argument(
        "--uniform", action="store_true", help="deal every layout alike, not only those that agree with the auction"
    )
    session.add_argument("--csv", metavar="FILE", help="also write every decision as a row of a CSV file")
    session.add_argument(
        "--html", metavar="FILE", help="also write a report with charts, one HTML file (needs hasen[report])"
    )
    session.add_argument(
        "--parquet", metavar="FILE", help="also write the CSV's rows as a Parquet file (needs hasen[parquet])"
    )
    session.add_argument("--title", help="the report's title (default: from IN)")
    session.add_argument(
        "--page",
        metavar="URL",
        help="link each hand of the report to its review on the "
        "review page at URL, e.g. http://127.0.0.1:8000/ "
        "(where hasen serve runs)",
    )


def bench_arguments(bench: argparse.ArgumentParser) -> None:
    bench.add_argument("--game", choices=[*FAMILIES, "all"], default="all", help="default: all")
    bench.add_argument(
        "--deals",
        type=whole_number(1, MAX_DEALS),
        default=300,
        metavar="N",
        help="seeded deals per game (default: 300)",
    )
    bench.add_argument(
        "--seed", type=whole_number(0, MAX_SEED), default=1, metavar="N", help="the deals' seed (default: 1)"
    )
    bench.add_argument(
        "--threads",
        type=whole_number(1, MAX_THREADS),
        default=min(os.cpu_count() or 1, MAX_THREADS),
        metavar="N",
        help="threads for the threaded tables (default: the number of cores)",
    )
    bench.add_argument(
        "--rounds",
        type=whole_number(1, MAX_ROUNDS),
        default=3,
        metavar="N",
        help="rounds of 1 and N threads in turns (default: 3)",
    )
    bench.add_argument("--json", action="store_true", help="print JSON instead of text")


def schema_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "name",
        metavar="NAME",
        nargs="?",
        help="the output (table, review, advice, decision-rows, ...); none: the list of them",
    )


def completion_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("shell", choices=["bash", "zsh", "fish"], help="the shell to complete in")


def odds_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "score",
        metavar="SCORE",
        help="the score before the hand: N-S's, then E-W's (in Two-handed "
        "Euchre N's, then S's), like 8-5; in Three-Handed Euchre "
        "each player's, like 3-5-7",
    )
    parser.add_argument("--dealer", metavar="SEAT", help="who deals the next hand (default: each in turn)")
    add_variant_options(parser)
    add_settings_options(parser, SCORING_SETTINGS)
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")


def deal_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--random",
        type=whole_number(1, MAX_RANDOM_DEALS),
        metavar="N",
        help=f"how many random deals to write (at most {MAX_RANDOM_DEALS}: run again with another --seed for more)",
    )
    parser.add_argument(
        "--seed",
        type=whole_number(0, MAX_SEED),
        metavar="S",
        help="the random seed: the same seed, the same deals (default: new deals each run)",
    )
    parser.add_argument("--dealer", metavar="SEAT", help="N, E, S or W deals every deal (default: a random dealer)")
    add_variant_options(parser)
    parser.add_argument(
        "--json",
        action="store_true",
        help="JSON lines with the deal, dealer, variant and deck (hasen batch reads them)",
    )


def record_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "records",
        metavar="FILE",
        help="hand records (blocks of field lines, or one a line), or an EGN file; - for standard input",
    )
    form = parser.add_mutually_exclusive_group()
    form.add_argument("--line", action="store_true", help="each record on one line")
    form.add_argument("--json", action="store_true", help="each record as a line of JSON")
    form.add_argument(
        "--egn",
        action="store_true",
        help="the records, in order, as EGN (Euchre): one game as an EGN file, several four-hand games as an EMN match",
    )
    parser.add_argument(
        "--game",
        type=whole_number(1, 10**6),
        metavar="N",
        help="only the records of the Nth game (a new game starts where the score starts again, "
        "or the players or the rules change)",
    )


class Command(NamedTuple):
    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: str  # module:function in hasen.cli


COMMANDS = {
    "table": Command("tricks for every trump and discard", table_arguments, "main:cmd_table"),
    "bid": Command(
        "what to bid: from one seat's hand over random layouts, or every seat's with all hands open and the par",
        bid_arguments,
        "main:cmd_bid",
    ),
    "solve": Command("every legal card's value in a position, and a best line", solve_arguments, "main:cmd_solve"),
    "review": Command(
        "a played hand judged decision by decision: from each player's seat (a hand record) and with every hand open",
        review_arguments,
        "main:cmd_review",
    ),
    "simulate": Command(
        "each trump and discard over random layouts of the cards the declarer cannot see",
        simulate_arguments,
        "simulate:run",
    ),
    "lead": Command(
        "each opening lead over random layouts of the cards the leader cannot see", lead_arguments, "simulate:run_lead"
    ),
    "serve": Command("run the web API under waitress (needs hasen[serve])", serve_arguments, "main:cmd_serve"),
    "batch": Command("the table of every deal in a file, one JSON line each", batch_arguments, "batch:cmd_batch"),
    "deal": Command(
        "random deals of any game, one a line, the same for the same --seed", deal_arguments, "deal:cmd_deal"
    ),
    "odds": Command("the chance of winning the game (to 10) from a score", odds_arguments, "main:cmd_odds"),
    "record": Command(
        "hand records checked and written back, with the result of each hand", record_arguments, "record:cmd_record"
    ),
    "session": Command(
        "a night's hand records reviewed from each player's seat, summed per player",
        session_arguments,
        "session:cmd_session",
    ),
    "bench": Command("the search's speed on seeded deals: solves, tables, threads", bench_arguments, "bench:cmd_bench"),
    "schema": Command(
        "the JSON Schema of what a command prints with --json, or of a tidy row", schema_arguments, "schema:cmd_schema"
    ),
    "completion": Command(
        'a shell completion script: eval "$(hasen completion bash)"', completion_arguments, "completion:cmd_completion"
    ),
}


NEGATIVE_SCORE = re.compile(r"-\d+(-+\d+)+")  # a score whose first figure is below 0: -3-8, -2-5-7


def scores_as_values(words: list[str]) -> list[str]:
    """The command line with a score that starts with a minus given as a value: argparse
    takes ``-3-8`` for an option, so ``--score -3-8`` becomes ``--score=-3-8`` and the
    score of ``hasen odds -3-8`` goes after a ``--``."""
    out: list[str] = []
    moved: list[str] = []
    for i, word in enumerate(words):
        if not NEGATIVE_SCORE.fullmatch(word) or "--" in words[:i]:
            out.append(word)
        elif out and out[-1] == "--score":
            out[-1] = f"--score={word}"
        elif words[:1] == ["odds"]:
            moved.append(word)
        else:
            out.append(word)
    return out + ["--", *moved] if moved else out


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The whole command line, or (when ``command`` is one of COMMANDS) every command
    listed but only that one's arguments: all of them cost a few milliseconds to build."""
    parser = Parser(prog="hasen", description="Double-dummy analysis for Hasenpfeffer and the Euchre family.")
    parser.add_argument("--version", action=Version, help="show the version and the search in use, and exit")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    for name, (help_text, arguments, run) in COMMANDS.items():
        sub = commands.add_parser(name, help=help_text)
        if command not in COMMANDS or command == name:
            arguments(sub)
        sub.set_defaults(run=run)
    return parser
