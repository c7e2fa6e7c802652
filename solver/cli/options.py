"""Command-line options shared by the commands: number arguments checked as argparse types; the
variant and deck, the lone defender, and the table settings of docs/rules.md (``Settings``
checks the values, so the allowed ones are written once, in ``settings.GAME_SETTINGS``)."""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable
from typing import IO

from ..core.bounds import MAX_JOBS, MAX_LINE, MAX_TEXT_FILE
from ..core.errors import HasenError, NotationError, quoted
from ..core.settings import (
    AUCTION_SETTINGS,
    CUTTHROAT_SETTINGS,
    GAME_SETTINGS,
    PLAY_SETTINGS,
    Settings,
    checked_settings,
    setting_value,
)
from ..core.variants import VARIANTS, Variant, variant_for
from ..games import game_of


def add_variant_options(parser: argparse.ArgumentParser) -> None:
    decks = "; ".join(f"{name}: {', '.join(map(str, decks))}" for name, decks in VARIANTS.items())
    parser.add_argument("--variant", metavar="NAME", help=f"{', '.join(VARIANTS)} (default: hasenpfeffer)")
    parser.add_argument("--deck", metavar="CARDS", help=f"the deck size ({decks}; the first is the default)")


FLAG_WORDS = {
    "defenders_score": "the defenders score a point for each trick they take",  # on/off settings
    "call_for_best": "a lone player does not call for the partner's best card",
}


def add_settings_options(parser: argparse.ArgumentParser, names: tuple[str, ...]) -> None:
    for name in names:
        games = [g for g, settings in GAME_SETTINGS.items() if name in settings]
        values = GAME_SETTINGS[games[0]][name]
        named = ["euchre3"] if name in CUTTHROAT_SETTINGS else games  # one game of its family has it
        flag = "--" + name.replace("_", "-")
        if values == (False, True):
            words = f"{FLAG_WORDS[name]} " if name in FLAG_WORDS else ""
            parser.add_argument(flag, action="store_true", default=None, help=f"{words}({' and '.join(games)})")
            continue
        if values == (True, False):  # on by default: the option turns it off
            words = f"{FLAG_WORDS[name]} " if name in FLAG_WORDS else ""
            parser.add_argument(
                "--no-" + name.replace("_", "-"),
                dest=name,
                action="store_false",
                default=None,
                help=f"{words}(railroad)",
            )
            continue
        choices = []
        for game in games:
            choices += [v for v in GAME_SETTINGS[game][name] if v not in choices]
        points = all(isinstance(v, int) for v in choices)  # game_points: a number
        parser.add_argument(
            flag,
            metavar="POINTS" if points else "RULE",
            type=number_setting(name) if points else str,
            help=f"{', '.join(map(str, choices))} ({' and '.join(named)}; default {choices[0]})",
        )


def number_setting(name: str) -> Callable[[str], object]:
    """An argparse type for a setting that is a number (``game_points``), its message the rules'."""

    def read(text: str) -> object:
        try:
            return setting_value(name, text)
        except NotationError as error:
            raise argparse.ArgumentTypeError(str(error).removeprefix(f"{name}: ")) from None

    return read


def variant_from(args: argparse.Namespace) -> Variant:
    return variant_for(args.variant, args.deck)


def settings_from(args: argparse.Namespace, variant: Variant) -> Settings:
    """The settings given on the command line (the others at their defaults), checked
    against the variant: a setting it does not have is an error, not ignored."""
    given = {
        name: getattr(args, name) for name in PLAY_SETTINGS + AUCTION_SETTINGS if getattr(args, name, None) is not None
    }
    return checked_settings(variant, given)


def digits(text: str) -> bool:
    return text.isascii() and text.isdigit()


def port_number(text: str) -> int:
    if not digits(text) or len(text) > 5 or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"not a port: {text!r} (0 to 65535; 0 picks a free one)")
    return int(text)


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``, written in digits."""

    def parse(text: str) -> int:
        # the length first: int() of thousands of digits is slow, then refused
        if not digits(text) or len(text.lstrip("0")) > len(str(high)) or not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(f"expected a whole number from {low} to {high}, not {text!r}")
        return int(text)

    return parse


def seconds(high: float) -> Callable[[str], float]:
    """An argparse type: a number of seconds above 0 and at most ``high``."""

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not 0 < value <= high:  # NaN fails too
            raise argparse.ArgumentTypeError(f"expected a number of seconds above 0 and at most {high:g}, not {text!r}")
        return value

    return parse


class UsageError(HasenError):
    """A command line that asks for something impossible (not a notation problem)."""


def deal_text(args: argparse.Namespace, command: str, variant: Variant) -> tuple[str, str | None]:
    """The deal of a command line, as given, and its dealer: DEAL, or --example (whose own
    dealer is the default)."""
    if args.example:
        if args.deal is not None:
            raise UsageError(f"{command}: give a DEAL or --example, not both")
        example = game_of(variant).examples[variant.name]  # every variant has one (tests/web/test_page.py)
        return example.deal, args.dealer or example.dealer
    if args.deal is None:
        raise UsageError(f"{command}: a DEAL is required (or --example for the built-in one)")
    if args.deal == STANDARD:
        return deal_from_input(command), args.dealer
    return args.deal, args.dealer


def deal_from_input(command: str) -> str:
    """DEAL given as ``-``: the one deal on standard input (blank lines around it allowed)."""
    lines = [line.strip() for line in read_text(STANDARD, command).splitlines() if line.strip()]
    if len(lines) != 1:
        many = "nothing" if not lines else f"{len(lines)} lines"
        raise UsageError(f"{command}: standard input holds {many}; give one deal there (hasen batch takes many)")
    return lines[0]


def add_backend_options(parser: argparse.ArgumentParser, what: str, threads: bool = False) -> None:
    """Where the work runs (hasen.workers): this process, --jobs local processes (or, with
    ``threads``, threads of this process, which start at once), or a Dask cluster; the
    answer is the same."""
    backend = parser.add_mutually_exclusive_group()
    if threads:
        backend.add_argument(
            "--jobs",
            type=whole_number(1, MAX_JOBS),
            metavar="N",
            help=f"threads that solve the {what}, at most one per core (default: one per core)",
        )
    else:
        backend.add_argument(
            "--jobs",
            type=whole_number(1, MAX_JOBS),
            default=1,
            metavar="N",
            help=f"local processes that solve the {what}, at most one per core (default: 1, this process)",
        )
    backend.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="solve on a Dask cluster, e.g. tcp://10.0.0.5:8786 (needs hasen[cluster])",
    )


STANDARD = "-"  # a file argument meaning standard input (or output)


def standard_input() -> IO[bytes]:
    """Standard input, as bytes."""
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:  # no standard input at all (closed), or no bytes behind it (a test's stream)
        raise OSError("no standard input")
    return stream  # type: ignore[no-any-return]


def read_text(path: str, command: str) -> str:
    """The whole text of a file argument, or of standard input for ``-``: UTF-8 (a byte-order
    mark allowed), at most MAX_TEXT_FILE bytes and MAX_LINE bytes a line; refused in one line
    when it cannot be read, is too long or is not text."""
    where = "standard input" if path == STANDARD else path if path.isprintable() else quoted(path)
    try:
        if path == STANDARD and not hasattr(sys.stdin, "buffer"):  # a stream of text alone (a test's)
            data = sys.stdin.read(MAX_TEXT_FILE + 1).encode("utf-8")
        elif path == STANDARD:
            data = standard_input().read(MAX_TEXT_FILE + 1)
        else:
            with open(path, "rb") as file:
                data = file.read(MAX_TEXT_FILE + 1)
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        raise UsageError(f"{command}: cannot read {where}: {getattr(exc, 'strerror', None) or exc}") from None
    if len(data) > MAX_TEXT_FILE:
        raise UsageError(
            f"{command}: {where} is longer than {MAX_TEXT_FILE:,} bytes ({MAX_TEXT_FILE // 2**20} MiB), "
            "the most a file of records may be: split it"
        )
    for number, line in enumerate(data.split(b"\n"), 1):
        if len(line) > MAX_LINE:
            raise UsageError(
                f"{command}: {where} line {number} is longer than {MAX_LINE:,} bytes, the most a line may be"
            )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise UsageError(f"{command}: {where} is not UTF-8 text (line {line}, byte {exc.start + 1})") from None
