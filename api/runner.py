"""Runs searches on a fixed pool of threads, each request under a time limit.

The limit counts from a deadline the caller gives (under ``hasen serve``, the time limit
after the server read the request), so that time spent queued before the job is counted.
A job whose deadline has passed is refused at once, never started.

A Python thread cannot be stopped from outside, so the limit works in two parts: the
request stops waiting when time is up (and answers 503 at once), and the job, given the
deadline, passes it to the analysis (the ``deadline`` of the Python API), which stops at its
next step after it (between two solves) and so frees its thread for the next request. A
solve takes milliseconds, so a job past its time ends soon; one that never got a thread is
dropped from the queue.

Jobs run in one of two lanes, each a pool of its own: single-dummy analyses (bid advice from
one seat, the fair review, simulations, leads), which take up to their whole time limit, and
the rest (tables, solves, reviews with every hand open, records), which take milliseconds.
However many costly requests wait, a cheap one never queues behind them: the cheap lane
keeps as many threads as the costly one (docs/web-api.md, "A reserve for quick answers").
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import CancelledError, Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import TypeVar

from hasen.core.errors import DeadlineExceeded

T = TypeVar("T")


class TimeLimitExceeded(Exception):
    def __init__(self, seconds: float) -> None:
        super().__init__(
            f"the analysis took longer than the limit of {seconds:g} s; "
            f"try again later, or ask for less (one declarer, a smaller batch, fewer layouts)"
        )
        self.seconds = seconds


class Runner:
    def __init__(self, threads: int, time_limit: float) -> None:
        self.threads = threads  # in each lane
        self.time_limit = time_limit
        self._pools = {
            costly: ThreadPoolExecutor(threads, thread_name_prefix=f"hasen-{name}")
            for costly, name in ((True, "single-dummy"), (False, "solver"))
        }
        self._lock = threading.Lock()
        self._busy = 0

    @property
    def busy(self) -> int:
        """Jobs running or waiting for a thread, cancelled ones until they stop."""
        return self._busy

    def run(self, job: Callable[[float], T], deadline: float | None = None, costly: bool = False) -> T:
        """``job(deadline)`` on a thread of its lane (``costly``: single dummy); its result,
        or TimeLimitExceeded once it is ``deadline`` (a ``time.monotonic()`` value; by default
        the time limit from now)."""
        if deadline is None:
            deadline = time.monotonic() + self.time_limit
        return self.wait(self.submit(job, deadline, costly), deadline)

    def submit(self, job: Callable[[float], T], deadline: float, costly: bool = False) -> Future[T]:
        """``job(deadline)`` queued on its lane: its future (the job refuses to start once its
        deadline has passed, so a job nobody waits for any more frees its place at once)."""
        if deadline - time.monotonic() <= 0:  # it waited its time out before it got here
            raise TimeLimitExceeded(self.time_limit)

        def tracked() -> T:
            try:
                if time.monotonic() >= deadline:  # it waited its time out for a thread
                    raise DeadlineExceeded("the job's deadline passed before it started")
                return job(deadline)
            finally:
                with self._lock:
                    self._busy -= 1

        with self._lock:
            self._busy += 1
        return self._pools[costly].submit(tracked)

    def wait(self, future: Future[T], deadline: float) -> T:
        """The job's result, or TimeLimitExceeded once it is ``deadline``."""
        try:
            return future.result(timeout=max(deadline - time.monotonic(), 0.0))
        except (DeadlineExceeded, CancelledError):  # it stopped at its deadline, or never started
            raise TimeLimitExceeded(self.time_limit) from None
        except FutureTimeout:
            # still queued: past its deadline it will never run (for any who wait for it), so it
            # is counted off here
            if future.cancel():
                with self._lock:
                    self._busy -= 1
            raise TimeLimitExceeded(self.time_limit) from None

    def shutdown(self) -> None:
        for pool in self._pools.values():
            pool.shutdown(wait=True, cancel_futures=False)
