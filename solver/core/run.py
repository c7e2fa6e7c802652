"""How an analysis runs, apart from what it answers: ``Run``, the one value every public
analysis takes as ``run=``, the keywords of the calls' older forms it replaces
(``older_run``), and the checkpoints that stop work at its time limit (``checkpoint_for``).

The same request gives the same answer however it is run: on one thread or many, in worker
processes or on a Dask cluster, with or without a time limit (which can only stop it).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any, NamedTuple

from .bounds import whole_number
from .errors import DeadlineExceeded, NotationError, quoted
from .older import P, R, keeps_older_form

Progress = Callable[[int, int], None]  # progress(done, total), as the work advances
# a ``map`` that keeps the order of its items (a process pool's): one analysis's layouts
Mapper = Callable[[Callable[[Any], Any], Iterable[Any]], Iterator[Any]]


Checkpoint = Callable[[], None]  # checkpoint(): raises DeadlineExceeded once the time is up


def no_checkpoint() -> None:
    """The checkpoint of work with no time limit."""


def checkpoint_for(deadline: float | None) -> Checkpoint:
    """A checkpoint that raises ``DeadlineExceeded`` once ``deadline`` (a
    ``time.monotonic()`` instant) has passed, and never without one; it is checked once at
    once, so that work past its time never starts."""

    def checkpoint() -> None:
        if deadline is not None and time.monotonic() >= deadline:
            raise DeadlineExceeded("the analysis ran past its deadline")

    checkpoint()
    return checkpoint


def progress_for(deadline: float | None, progress: Progress | None) -> Progress | None:
    """``progress`` with the deadline checked at each step."""
    if deadline is None:
        return progress
    checkpoint = checkpoint_for(deadline)

    def step(done: int, total: int) -> None:
        checkpoint()
        if progress is not None:
            progress(done, total)

    return step


class Run(NamedTuple):
    """How to run an analysis: ``threads`` of this process; ``jobs`` worker processes or a
    Dask ``scheduler`` (its address or a ``distributed.Client``) for many deals, sent
    ``chunk`` deals at a time; ``mapper``, a ``map`` that keeps the order (a process pool's),
    for the layouts of one single-dummy analysis; ``progress(done, total)``, called as the
    work advances; ``timeout``, the seconds after which the analysis stops at its next step
    with ``DeadlineExceeded``. A call refuses a field it has no use for, rather than drop it.

    >>> Run(threads=2, timeout=30.0)
    Run(threads=2, jobs=1, scheduler=None, mapper=None, chunk=None, progress=None, timeout=30.0)
    """

    threads: int = 1
    jobs: int = 1
    scheduler: Any = None
    mapper: Mapper | None = None
    chunk: int | None = None
    progress: Progress | None = None
    timeout: float | None = None

    def deadline(self) -> float | None:
        """The ``time.monotonic()`` instant the work must end by, ``timeout`` seconds from now."""
        timeout = self.timeout
        if timeout is None:
            return None
        if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout >= 0:
            raise NotationError(f"timeout: expected seconds, 0 or more, got {quoted(timeout)}")
        return time.monotonic() + timeout

    def only(self, what: str, *used: str) -> Run:
        """This run, checked to set no field but those of ``used``: a field the call has no use
        for is refused by name, not dropped."""
        unused = [
            name for name in self._fields if name not in used and getattr(self, name) != self._field_defaults[name]
        ]
        if unused:
            takes = ", ".join(used) or "nothing of a run"
            raise NotationError(f"{what}: run.{', run.'.join(unused)} is not used here (it takes {takes})")
        return self


DEFAULT_RUN = Run()
# the keywords of the calls' older forms that are now a Run's (``deadline``: a time.monotonic() instant)
RUN_FIELDS = ("threads", "mapper", "progress", "timeout", "deadline")


def run_of(run: Run | None) -> Run:
    """``run`` as given, checked, or the default; anything else is refused by name. Its counts
    and functions are code, not notation: a TypeError or a ValueError names the field."""
    if run is None:
        return DEFAULT_RUN
    if not isinstance(run, Run):
        raise NotationError(f"run: expected a hasen.Run, got {quoted(run)}")
    whole_number("threads", run.threads)
    whole_number("jobs", run.jobs)
    if run.chunk is not None:
        whole_number("chunk", run.chunk)
    for name, function in (("mapper", run.mapper), ("progress", run.progress)):
        if function is not None and not callable(function):
            raise TypeError(f"{name}: expected a function, got {function!r}")
    return run


def run_from_older(run: Run | None, old: dict[str, Any]) -> Run:
    """``run`` with the older form's run keywords (``threads``, ``mapper``, ``progress``,
    ``jobs``, ``scheduler``, ``chunk``, ``timeout``, and ``deadline``, a ``time.monotonic()``
    instant) taken out of ``old`` and set on it."""
    given = run_of(run)
    names = set(Run._fields)
    taken = {name: old.pop(name) for name in list(old) if name in names}
    deadline = old.pop("deadline", None)
    if deadline is not None:
        if taken.get("timeout") is not None or given.timeout is not None:
            raise NotationError("timeout: give timeout= or deadline=, not both")
        if isinstance(deadline, bool) or not isinstance(deadline, (int, float)):
            raise NotationError(f"deadline: expected a time.monotonic() instant, got {quoted(deadline)}")
        taken["timeout"] = max(deadline - time.monotonic(), 0.0)
    if run is not None and taken:
        raise NotationError(f"run: give {', '.join(taken)} in run=, not beside it")
    return given._replace(**taken) if taken else given


def through_run(
    function: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any], old: dict[str, Any]
) -> Any:
    """A call of an older form whose older keywords are all a ``Run``'s, answered with them
    in its ``run``."""
    return function(*args, **{**kwargs, "run": run_from_older(kwargs.get("run"), old)})


def older_run(what: str, *names: str) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """A call that also takes the run keywords ``names`` of its older form (``timeout=``,
    ``threads=``, ...): they go to its ``run``, with a ``DeprecationWarning``."""
    return keeps_older_form(
        what, names, f"run=hasen.Run({', '.join(n + '=...' for n in names if n != 'deadline')})", through_run
    )
