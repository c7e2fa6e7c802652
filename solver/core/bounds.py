"""The largest numbers a user may ask for, where more than one place takes them: one place,
so that ``hasen serve --time-limit`` and the service's ``HASEN_TIME_LIMIT`` (or ``hasen
simulate --layouts`` and ``HASEN_SIMULATE_LIMIT``, or ``--jobs`` and ``hasen.workers``)
cannot drift apart, and so that the command line can say them without importing what uses
them. Each bound is far above any sensible use, and low enough that no request can exhaust
the machine or overflow a system call."""

from __future__ import annotations

import sys

from .errors import NotationError, quoted

# Random layouts in one simulation. Each layout's figures are kept until the end (about 6 KB
# each: 600 MB at this bound), and one takes about 1.5 ms to solve (2.5 minutes here).
MAX_LAYOUTS = 100_000
# A simulation's random seed: any 32-bit number.
MAX_SEED = 2**32 - 1


def check_seed(seed: object, text: bool = False) -> None:
    """A seed given to the API: None (a fresh one) or a whole number 0 to ``MAX_SEED``; with
    ``text``, a text seed too (the reviews' layouts are dealt from seeds such as "1/choice",
    and a user who deals them again gives the same)."""
    if seed is None or text and isinstance(seed, str):
        return
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise NotationError(f"seed: expected a whole number 0 to {MAX_SEED}, got {quoted(seed)}")


def max_int_digits() -> int:
    """The most digits a whole number read from a user may have: Python's limit for making an
    int (4300 unless set), or that default where the limit is off, so that no number (a JSON
    1e100000000, say) can fill memory."""
    return sys.get_int_max_str_digits() or sys.int_info.default_max_str_digits


# Threads that search at once, in the service or ``hasen bench``: each keeps a search table.
MAX_THREADS = 256
# Seconds a request to the service may take: an hour (a client or proxy gives up far sooner).
MAX_TIME_LIMIT = 3600
# Answers the service keeps in memory (a simulation's answer is about 10 KB: 1 GB at most).
MAX_CACHE_SIZE = 100_000
# Local worker processes asked for (``--jobs``); no more start than the cores (hasen.workers).
MAX_JOBS = 1024
# Items in one task sent to a worker (``--chunk``): a chunk and its results are in memory at once.
MAX_CHUNK = 10_000
# Random deals ``hasen deal --random`` writes in one run: more is a mistyped number more often
# than a need (a run with another seed writes more).
MAX_RANDOM_DEALS = 100_000
# Bytes in one line of an input file or standard input (a web API request body's limit): far
# above any deal, record or request line, so that a longer one is an error rather than memory
# held for it (a device like /dev/zero has no line end at all).
MAX_LINE = 64 * 1024
# Bytes in a line of a results file that ``hasen batch`` or ``session`` reads back to resume:
# a reviewed hand's line is some 10 KB.
MAX_RESULT_LINE = 1024 * 1024
# Bytes in a file read whole (hand records for ``record``, ``review`` and ``session``): some
# 30,000 hands, a club's year; a longer file is refused, never read into memory.
MAX_TEXT_FILE = 16 * 1024 * 1024


def whole_number(name: str, value: object) -> int:
    """A count given in code (threads, chunk, layouts): a TypeError for what is no whole
    number, a ValueError for one below 1 (they are no notation, so no NotationError)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name}: expected a whole number of at least 1, got {value!r}")
    if value < 1:
        raise ValueError(f"{name}: expected a whole number of at least 1, got {value!r}")
    return value
