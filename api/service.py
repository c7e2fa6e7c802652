"""What the endpoints share: the answer cache and the solver threads."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable
from concurrent.futures import Future
from typing import Any

from flask import has_request_context, request

from .cache import AnswerCache
from .runner import Runner

Work = Callable[[float], dict[str, Any]]  # given the deadline (a time.monotonic() value)
Job = tuple[Hashable, Work]  # the canonical request, and how to answer it

# The WSGI environ key of the time.monotonic() at which the server had read the whole request:
# `hasen serve` sets it (api/server.py), so that time spent queued counts against the time
# limit. Without it the limit counts from when the analysis is asked for.
RECEIVED = "hasen.received"


class Service:
    def __init__(self, cache: AnswerCache, runner: Runner) -> None:
        self.cache = cache
        self.runner = runner
        # the requests being worked out: an identical one asked meanwhile waits for the same job
        self._working: dict[Hashable, Future[dict[str, Any]]] = {}
        self._lock = threading.RLock()  # a job done at once calls back while the lock is held
        self.shared = 0  # answers that waited for a job another request had started

    def deadline(self) -> float:
        """When the request being answered must have its answer: the time limit after the
        server read it."""
        received = request.environ.get(RECEIVED) if has_request_context() else None
        start = received if isinstance(received, float) else time.monotonic()
        return start + self.runner.time_limit

    def answer(self, key: Hashable, work: Work, costly: bool = False) -> tuple[dict[str, Any], bool]:
        """The answer and whether it came from the cache (or from the job of an identical
        request already being worked out: one computation serves them all); ``costly``:
        single-dummy work, which runs in a lane of its own (hasen.api.runner)."""
        found = self.cache.get(key)
        if found is not None:
            return found, True
        deadline = self.deadline()
        with self._lock:
            job = self._working.get(key)
            started = job is None
            if job is None:
                job = self._working[key] = self.runner.submit(work, deadline, costly)
                job.add_done_callback(lambda done: self._finished(key, done))
            else:
                self.shared += 1
        return self.runner.wait(job, deadline), not started

    def _finished(self, key: Hashable, job: Future[dict[str, Any]]) -> None:
        """A job is done: its answer is kept (not an error, nor a job stopped at its deadline)."""
        with self._lock:
            self._working.pop(key, None)
        if not job.cancelled() and job.exception() is None:
            self.cache.put(key, job.result())

    def answer_all(self, jobs: list[Job | str]) -> list[dict[str, Any]]:
        """Answers in order; a string is an item's error and gives ``{"index", "error"}``.

        The uncached items run one after another in one job, under one time limit: a batch
        is one request, and it should not take every solver thread from the others.
        """
        results: list[dict[str, Any] | None] = []
        todo: list[tuple[int, Job]] = []
        for index, job in enumerate(jobs):
            if isinstance(job, str):
                results.append({"index": index, "error": job})
                continue
            found = self.cache.get(job[0])
            results.append(found)
            if found is None:
                todo.append((index, job))

        def work(deadline: float) -> list[tuple[int, Hashable, dict[str, Any]]]:
            done, seen = [], {}
            for index, (key, item_work) in todo:
                if key not in seen:  # the same request twice in one batch is solved once
                    seen[key] = item_work(deadline)  # each stops at the deadline
                done.append((index, key, seen[key]))
            return done

        if todo:
            for index, key, data in self.runner.run(work, self.deadline()):
                self.cache.put(key, data)
                results[index] = data
        return results  # type: ignore[return-value]
