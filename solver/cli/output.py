"""Writing the CLI's answers: to any terminal encoding, and to readers that go away.

A terminal that cannot show the suit symbols (``PYTHONIOENCODING=cp1252``) gets the suit
letters instead; a reader that closes the pipe early (``hasen table | head``) ends the
command quietly; a disk that is full is one line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys

from ..analysis.answer import Answer
from ..core.cards import SUIT_SYMBOLS, SUITS

SYMBOLS_AS_LETTERS = str.maketrans(dict(zip(SUIT_SYMBOLS, SUITS, strict=True)))


class OutputError(Exception):
    """The answer could not be written (not the user's input: exit status 1)."""


def encodable(text: str, encoding: str | None) -> str:
    """``text`` as the stream's encoding can carry it: suit symbols become letters, and
    anything else it cannot show is replaced rather than raising."""
    if not encoding:
        return text
    try:
        text.encode(encoding)
        return text
    except UnicodeEncodeError:
        lettered = text.translate(SYMBOLS_AS_LETTERS)
        return lettered.encode(encoding, "replace").decode(encoding)
    except LookupError:  # an encoding Python does not know: leave the text to the stream
        return text


def emit(text: str) -> None:
    """Write one answer and a newline to stdout, now (so that a failure shows here)."""
    write_out(text + "\n")


def write_out(text: str) -> None:
    """Write ``text`` to stdout, now; a failure is an OutputError (a broken pipe is left to
    the caller, for whom it is no error)."""
    stream = sys.stdout
    try:
        stream.write(encodable(text, getattr(stream, "encoding", None)))
        stream.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise OutputError(f"cannot write the output: {exc.strerror or exc}") from None


def silence_stdout() -> None:
    """After a broken pipe: send whatever Python flushes at exit to /dev/null."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no real file behind stdout (a test's capture)
        pass


def report(args: argparse.Namespace, result: Answer) -> int:
    """Print ``result`` as JSON with ``--json``, else as text for people; exit status 0."""
    if args.json:
        import json  # a few modules fewer for the text

        emit(json.dumps(result.to_json()))
    else:
        emit(str(result))
    return 0
