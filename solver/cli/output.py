"""Writing the CLI's answers: to any terminal encoding, and to readers that go away.

A terminal that cannot show the suit symbols (``PYTHONIOENCODING=cp1252``) gets the suit
letters instead; a reader that closes the pipe early (``hasen table | head``) ends the
command quietly; a disk that is full is one line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import errno
import os
import sys
from typing import Any

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
    """Write ``text`` to stdout, now, every byte of it; a failure, or a write cut short (a
    full disk, a file size limit), is an OutputError (a broken pipe is left to the caller, for
    whom it is no error)."""
    stream = sys.stdout
    encoding = getattr(stream, "encoding", None)
    try:
        stream.flush()  # what went to the text layer before, first
        binary = getattr(stream, "buffer", None)
        if binary is None:  # a stream of text only (no bytes underneath): it reports no short write
            stream.write(encodable(text, encoding))
            stream.flush()
            return
        write_all(binary, encodable(text, encoding).encode(encoding or "utf-8", "replace"))
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise OutputError(f"cannot write standard output: {exc.strerror or exc}") from None


def write_all(binary: Any, data: bytes) -> None:
    """Write ``data`` to a binary stream whole: an unbuffered one (``PYTHONUNBUFFERED``) may
    take part of it and say so, or take nothing, at a file size limit or on a full disk."""
    view = memoryview(data)
    while view:
        written = binary.write(view)
        if not written:
            raise OSError(
                errno.ENOSPC if written == 0 else errno.EAGAIN,
                "the output took none of the bytes written (a full disk or a file size limit?)",
            )
        view = view[written:]
    binary.flush()


def silence_stdout() -> None:
    """After a broken pipe or a failed write: send whatever stdout still holds to /dev/null,
    now, so that Python's flush at exit does not fail again ("Exception ignored", exit 120)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no real file behind stdout (a test's capture)
        return
    stream = sys.stdout
    try:  # what the stream holds goes now, or is dropped with it
        stream.close()
    except OSError:
        pass
    sys.stdout = open(os.devnull, "w")  # it lives as long as the process


def report(args: argparse.Namespace, result: Answer) -> int:
    """Print ``result`` as JSON with ``--json``, else as text for people; exit status 0."""
    if args.json:
        import json  # a few modules fewer for the text

        emit(json.dumps(result.to_json()))
    else:
        emit(str(result))
    return 0
