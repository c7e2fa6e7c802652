"""The ``hasen`` command line: ``main(argv) -> exit status``."""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import signal
import sys
from collections.abc import Sequence
from importlib import import_module

from .. import public
from ..core.deal import Deal, read_deal
from ..core.errors import HasenError
from ..core.record_text import FIELDS
from ..core.run import Run
from ..core.version import __version__
from ..notation.inputs import check_contract_notation, request_position
from ..play.state import PlayState
from . import defaults
from .options import UsageError, deal_text, settings_from, variant_from
from .output import OutputError, emit, report, silence_stdout
from .parser import COMMANDS, build_parser, scores_as_values

__all__ = ["main"]


def deal_from(args: argparse.Namespace, command: str) -> Deal:
    """The deal of a command line: DEAL or --example, in the chosen variant, with the
    table settings given (the deal's notation is checked before the settings)."""
    variant = variant_from(args)
    text, dealer = deal_text(args, command, variant)
    deal = read_deal(text, dealer, variant)
    return deal.replace(settings=settings_from(args, variant))


def show_progress(done: int, total: int) -> None:
    """Declarers done so far, on one line of a terminal's stderr."""
    print(f"\rsolving: {done}/{total} declarers", end="" if done < total else "\n", file=sys.stderr, flush=True)


def cmd_table(args: argparse.Namespace) -> int:
    deal = deal_from(args, "table")
    progress = show_progress if sys.stderr.isatty() and not args.json and args.declarer is None else None
    return report(
        args,
        public.analyze(
            deal, declarer=args.declarer, alone=args.alone, defender=args.defender, run=Run(progress=progress)
        ),
    )


def cmd_bid(args: argparse.Namespace) -> int:
    if args.seat is not None:  # one seat's view: single dummy
        from .simulate import run_advice

        return run_advice(args)
    given = [
        f"--{name.replace('_', '-')}"
        for name in (
            "hand",
            "upcard",
            "known",
            "choice_layouts",
            "layouts",
            "seed",
            "jobs",
            "scheduler",
            "form",
            "auction",
            "score",
        )
        if getattr(args, name) not in (None, [])
    ]
    given += [flag for flag, on in (("--no-model", not args.model), ("--uniform", args.uniform)) if on]
    if given:
        raise UsageError(
            f"bid: {', '.join(given)} {'is' if len(given) == 1 else 'are'} for one seat's view "
            "(single dummy): give --seat too"
        )
    return report(args, public.bid(deal_from(args, "bid")))


def played_position(args: argparse.Namespace, command: str) -> PlayState:
    """The position after ``--played`` in the deal and contract of a ``solve`` or ``review``
    command line (the contract's notation is checked before the deal)."""
    check_contract_notation(args.declarer, args.trump, args.discard)
    deal = deal_from(args, command)
    return request_position(
        deal,
        args.declarer,
        args.trump,
        args.discard,
        args.alone,
        args.defender,
        args.played or "",
        args.best,
        args.defender_best,
    )


def cmd_solve(args: argparse.Namespace) -> int:
    return report(args, public.solve_position(played_position(args, "solve")))


# a record's field at a line's start or after a ';' (a deal's "N:" is none)
RECORD_FIELD = re.compile(rf"(?:^|[;\n])\s*(?:{'|'.join(FIELDS)})\s*:", re.IGNORECASE)


def cmd_review(args: argparse.Namespace) -> int:
    contract = [
        name
        for name in ("declarer", "trump", "discard", "played", "defender", "best", "defender_best")
        if getattr(args, name)
    ]
    if not contract and not args.example:
        from .review import review_record

        return review_record(args)
    fair = [f"--{name}" for name in ("layouts", "seed", "id", "jobs") if getattr(args, name) is not None]
    fair += ["--uniform"] if args.uniform else []
    fair += ["--score"] if args.score is not None else []
    given = [f"--{name.replace('_', '-')}" for name in contract] + (["--example"] if args.example else [])
    options = ", ".join(given)
    if args.deal is not None and (RECORD_FIELD.search(args.deal) or os.path.isfile(args.deal)):
        raise UsageError(
            f"review: {options} {'is' if len(given) == 1 else 'are'} for a deal reviewed with every hand "
            "open; a hand record gives its own deal, contract and play: leave them out"
        )
    if fair:
        raise UsageError(
            f"review: {', '.join(fair)} {'is' if len(fair) == 1 else 'are'} for a hand record, "
            f"not a deal with {options}"
        )
    missing = [f"--{name}" for name in ("declarer", "trump", "played") if getattr(args, name) is None]
    if missing:
        raise UsageError(f"review: a deal needs {', '.join(missing)} (or give a hand record instead)")
    return report(args, public.review_position(played_position(args, "review"), args.played))


def cmd_odds(args: argparse.Namespace) -> int:
    variant = variant_from(args)
    return report(
        args, public.odds(args.score, dealer=args.dealer, variant=variant, settings=settings_from(args, variant))
    )


def cmd_serve(args: argparse.Namespace) -> int:
    options = {
        "HASEN_SOLVER_THREADS": args.threads,
        "HASEN_TIME_LIMIT": args.time_limit,
        "HASEN_CACHE_SIZE": args.cache_size,
        "HASEN_ALLOWED_ORIGINS": None if args.allow_origin is None else tuple(args.allow_origin),
    }
    try:
        # imported here so that the other commands start without loading Flask and waitress;
        # serve builds the app, which imports the rest of what it needs, before it listens
        from hasen.api.server import serve

        serve(args.host, args.port, {k: v for k, v in options.items() if v is not None})
    except ModuleNotFoundError as exc:  # the core install: the web service is an extra
        raise UsageError(
            f"serve: the web service needs {exc.name}, which is not installed: pip install 'hasen[serve]'"
        ) from None
    except OSError as exc:  # the address is taken or cannot be bound
        raise UsageError(f"serve: cannot listen on {args.host}:{args.port}: {exc.strerror or exc}") from None
    except ValueError as exc:  # a setting the service refuses at start (an --allow-origin that is none)
        raise UsageError(f"serve: {exc}") from None
    except KeyboardInterrupt:  # Ctrl-C is how a server is stopped: not an error
        pass
    return 0


JSON_FLAG = "--json"


def main(argv: Sequence[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    interrupted: list[bool] = []

    def on_interrupt(signum: int, frame: object) -> None:
        interrupted.append(True)
        if signum == signal.SIGTERM:  # timeout sends it twice: the second would break the tidying up
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
        raise KeyboardInterrupt

    # an interrupt that lands inside a lock's release (threads waiting on the work) comes out
    # as another error: the flag tells it from a real one
    # SIGTERM (timeout, a batch scheduler, systemd) stops a command as Ctrl-C does: what is
    # done is kept and said, and no half-written file is left beside a report
    try:
        # a program that calls main() keeps its own way with SIGTERM: only the command takes it
        numbers = (signal.SIGINT, signal.SIGTERM) if argv is None else (signal.SIGINT,)
        previous = {number: signal.signal(number, on_interrupt) for number in numbers}
        handled = True
    except ValueError:  # main() called from another thread: only the main thread takes signals
        handled = False
    try:
        code = run_command(words, interrupted)
    finally:
        if handled:
            # as the command (``argv`` from the process): what it did is written and its exit
            # code says so; a Ctrl-C while Python shuts down would only replace that code
            for number, before in previous.items():
                signal.signal(number, signal.SIG_IGN if argv is None else before)
    if interrupted and argv is None:
        # Ctrl-C, said and done: the files are closed and the workers ended. Python's own exit
        # would tidy up after the worker pool (its threads, queues and pipes) and, under load,
        # was seen to wait for ever doing so, where no thread could end it: end here instead.
        ended(code)
    return code


def ended(code: int) -> None:
    """End the process now, with ``code``, what it printed flushed and the worker pool's
    semaphores given back (multiprocessing's own exit step, short of joining its threads:
    else its resource tracker warns of them)."""
    if "multiprocessing" in sys.modules:
        from multiprocessing import util

        with contextlib.suppress(Exception):
            util._run_finalizers(0)  # type: ignore[attr-defined]
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(code)


def run_command(words: list[str], interrupted: list[bool]) -> int:
    try:
        args = build_parser(words[0] if words else None).parse_args(scores_as_values(words))
        defaults.apply(args)
        module, _, function = args.run.partition(":")
        return int(getattr(import_module(f".{module}", __package__), function)(args))
    except HasenError as exc:
        if JSON_FLAG in words:  # a program asked for JSON: it reads the error there too
            import json  # only here: a table's text needs no JSON

            emit(json.dumps({"error": str(exc), "version": __version__}))
        else:
            print(f"hasen: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl-C: what was asked is not done, and that is all there is to say
        return said_interrupted(words)
    except BrokenPipeError:  # the reader went away (``hasen ... | head``): nobody to tell
        silence_stdout()
        return 1
    except OutputError as exc:
        print(f"hasen: {exc}", file=sys.stderr)
        silence_stdout()  # what stdout still holds could not be written: not again at exit
        return 1
    except Exception:
        if interrupted:  # an error the interrupt caused: the interrupt is what there is to say
            return said_interrupted(words)
        raise


def said_interrupted(words: list[str]) -> int:
    command = f" {words[0]}:" if words and words[0] in COMMANDS else ""
    # on a terminal, off the progress line the interrupt may have cut
    print(f"{chr(10) if sys.stderr.isatty() else ''}hasen:{command} interrupted", file=sys.stderr)
    return 130
