"""Many analyses at once, on threads: each thread takes a chunk of them, plans them, solves
all their tables in one call to its search (one release of the GIL for the chunk) and
finishes them.

Threads share one interpreter, so a thread holds it while it reads a deal or builds an
answer; when every table also released and retook it, two threads spent their time
handing it over (a four-hand Euchre table is about as much Python as search), and gained
nothing over one. A chunk hands it over once for many tables.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import islice
from typing import Any, TypeVar

from ..core.bounds import whole_number
from ..core.errors import HasenError
from ..search import thread_searcher
from .answer import Answer
from .table import Plan

Item = TypeVar("Item")

MAX_CHUNK = 32  # analyses per chunk at most: enough that handing the GIL over costs little
CHUNKS_PER_THREAD = 4  # at least, where there are enough: the threads finish together


def answer_chunk(
    items: Sequence[tuple[int, Item]], plan_of: Callable[[Item], Plan], what: str, clear_each: bool = False
) -> list[Answer]:
    """The answers of one chunk of (index, item): every table of the chunk in one search call."""
    plans = []
    for index, item in items:
        try:
            plans.append(plan_of(item))
        except HasenError as exc:  # which of the many it was
            raise type(exc)(f"{what}[{index}]: {exc}") from None
    requests = [request for plan in plans for request in plan.requests]
    values = iter(thread_searcher().solve_tables(requests, clear_each))
    return [plan.finish([next(values) for _ in plan.requests]) for plan in plans]


def answer_many(
    items: Sequence[Item],
    plan_of: Callable[[Item], Plan],
    threads: int = 1,
    chunk: int | None = None,
    clear_each: bool = False,
    what: str = "items",
) -> list[Answer]:
    """The answer of each item, in order, planned by ``plan_of``; ``threads`` threads take
    chunks of ``chunk`` items (by default up to MAX_CHUNK, fewer where that gives each
    thread CHUNKS_PER_THREAD); an item's error names it as ``what[index]``. With
    ``clear_each`` each table's search starts from an empty table, as a first call would
    (for benchmarks). Each call with more than one thread starts its threads, whose search
    tables start empty."""
    whole_number("threads", threads)
    if chunk is None:
        chunk = max(1, min(MAX_CHUNK, -(-len(items) // (threads * CHUNKS_PER_THREAD))))
    whole_number("chunk", chunk)
    indexed = list(enumerate(items))
    parts = [indexed[start : start + chunk] for start in range(0, len(indexed), chunk)]
    if threads == 1 or len(parts) < 2:
        done = [answer_chunk(part, plan_of, what, clear_each) for part in parts]
    else:
        from concurrent.futures import ThreadPoolExecutor  # only for the threaded runs

        with ThreadPoolExecutor(min(threads, len(parts))) as pool:
            done = list(pool.map(lambda part: answer_chunk(part, plan_of, what, clear_each), parts))
    return [answer for part in done for answer in part]


def answer_each(
    items: Iterable[Item],
    plan_of: Callable[[Item], Plan],
    threads: int = 1,
    chunk: int = MAX_CHUNK,
    what: str = "items",
) -> Iterator[Answer]:
    """``answer_many`` as a lazy iterator: the items are read a chunk at a time, at most two
    chunks per thread are out at once, and the answers come in order as they are done."""
    whole_number("threads", threads)
    whole_number("chunk", chunk)
    indexed = enumerate(items)
    parts = iter(lambda: list(islice(indexed, chunk)), [])
    if threads == 1:
        for part in parts:
            yield from answer_chunk(part, plan_of, what)
        return
    from concurrent.futures import ThreadPoolExecutor  # only for the threaded runs

    with ThreadPoolExecutor(threads) as pool:
        pending: deque[Any] = deque()
        try:
            for part in parts:
                pending.append(pool.submit(answer_chunk, part, plan_of, what))
                if len(pending) >= 2 * threads:
                    yield from pending.popleft().result()
            while pending:
                yield from pending.popleft().result()
        finally:
            for future in pending:
                future.cancel()
