"""Run one function over many items, in this process, in local worker processes or on a
Dask cluster, and get the results back in the items' order.

``ordered_map(function, items, jobs=1, scheduler=None)`` is a lazy ``map``: results come
back in input order whatever the backend, so a deterministic function gives the same
sequence everywhere. Work is sent in chunks of ``chunk`` items (so that the per-task cost
of a process pool or a cluster is small next to the work) and at most ``window`` chunks
are out at once, so memory stays flat however long ``items`` is: the next chunk goes out
as the oldest comes back.

- ``jobs=1`` and no scheduler: the builtin ``map``, in this process;
- ``jobs=N``: ``concurrent.futures.ProcessPoolExecutor`` with N spawned processes (at most
  one per core this process may use: more would only share the cores), which ignore Ctrl-C
  from the moment they start (the caller decides what an interrupt means), are ended when
  the caller stops early, and end by themselves when the caller dies, however it dies;
- ``scheduler="tcp://host:8786"``: a ``distributed.Client`` of that scheduler; its workers
  must be able to import ``function`` (install the same package there). Dask is imported
  only then.

``function`` and the items must pickle (a function defined at the top of a module, or a
picklable callable object). The module imports nothing of the project but its errors and
bounds, so every layer may use it (tests/test_layers.py counts it with the core).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from itertools import islice
from typing import TYPE_CHECKING, Any, TypeVar

from .core.bounds import MAX_CHUNK, MAX_JOBS
from .core.errors import HasenError, quoted, shortened

if TYPE_CHECKING:  # the pools are imported when used: a command in this process needs none
    from concurrent.futures import Future, ProcessPoolExecutor

T = TypeVar("T")
R = TypeVar("R")

CLUSTER_EXTRA = "pip install 'hasen[cluster]'"
PROCESS_CHUNK = 8  # items per task in a process pool
CLUSTER_CHUNK = 32  # per task on a cluster, where a task costs a few milliseconds more
CHUNKS_PER_WORKER = 4  # chunks out at once for each worker: enough to keep every one busy
CLUSTER_CHUNKS_PER_WORKER = 8  # more on a cluster, where a chunk takes longer to come back
CONNECT_TIMEOUT = 10.0  # seconds to reach a scheduler
Scheduler = Any  # a scheduler's address (str), a distributed.Client, or None: this machine


class BackendError(HasenError):
    """The workers cannot be had: Dask is not installed, or the scheduler cannot be reached."""


class WorkersFailed(RuntimeError):
    """The workers failed during the run (a process died, the cluster went away)."""


def worker_died(exc: BaseException) -> WorkersFailed:
    """The error of a pool whose worker died; from a script of the user's, with the likeliest
    cause: a script that starts workers outside ``if __name__ == "__main__":``, which each
    worker (a fresh interpreter that imports the script) runs again, and dies of."""
    import os
    import sys

    message = f"a worker process died: {str(exc).rstrip('.')}"
    main = sys.modules.get("__main__")
    spec = getattr(main, "__spec__", None)
    script = os.path.basename(getattr(main, "__file__", None) or "")
    ours = (spec is not None and spec.name.startswith("hasen")) or script.split(".")[0] in ("hasen", "hasen-script")
    if not script or ours:  # the hasen command: killed from outside, or out of memory
        message += " (killed from outside, or short of memory?)"
    else:
        message += (
            '; a script that starts workers must do its work under `if __name__ == "__main__":`, '
            "or each worker runs the script again and dies (docs/batch.md)"
        )
    return WorkersFailed(message)


def run_chunk(function: Callable[[T], R], chunk: list[T]) -> list[R]:
    """What each worker runs: the function over one chunk of items."""
    return [function(item) for item in chunk]


def start_worker() -> None:
    """A worker process's start (the pool's initializer).

    Ctrl-C reaches the whole process group, and only the parent should act on it. The worker
    was spawned with SIGINT blocked (``interrupts_held``), so one that came while it started
    waits, and is dropped here.

    A worker must not outlive its parent. The pool does not see to that: each worker holds
    both ends of the pipe it takes its tasks from, so a parent killed outright (SIGKILL, the
    out-of-memory killer) leaves it waiting for a task for ever, and with it the resource
    tracker the workers share. A thread waits on the parent's sentinel, which becomes ready
    when the parent ends, and ends the worker then.
    """
    import multiprocessing  # in the worker processes only
    import signal
    import threading

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=end_with, args=(parent.sentinel,), name="hasen-parent-watch", daemon=True).start()


def end_with(sentinel: int) -> None:
    """Wait until ``sentinel`` (a process's) is ready, that is until that process has ended,
    then end this process at once: its work has nobody to go to."""
    import os
    from multiprocessing.connection import wait

    wait([sentinel])
    os._exit(1)


def usable_cores() -> int:
    """The cores this process may run on (its affinity, where the system tells it)."""
    import os

    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


@contextmanager
def interrupts_held() -> Iterator[None]:
    """SIGINT blocked in this thread for the block's length. A process spawned meanwhile
    inherits the block, so that Ctrl-C cannot reach it before ``ignore_interrupts`` runs
    (as Python starts it would kill the worker or print a traceback); here an interrupt
    that came meanwhile is raised when the block ends."""
    import signal

    if not hasattr(signal, "pthread_sigmask"):  # Windows: no process groups to worry about
        yield
        return
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def chunked(items: Iterable[T], size: int) -> Iterator[list[T]]:
    iterator = iter(items)
    while chunk := list(islice(iterator, size)):
        yield chunk


class Workers:
    """The backend, as a context manager: set up on entry (so that a missing Dask or an
    unreachable scheduler is an error before any work), shut down on exit.

    >>> with Workers(jobs=1) as workers:
    ...     list(workers.map(abs, [-3, 1, -2]))
    [3, 1, 2]
    """

    def __init__(self, jobs: int = 1, scheduler: Scheduler = None, *, connect_timeout: float = CONNECT_TIMEOUT) -> None:
        if isinstance(jobs, bool) or not isinstance(jobs, int) or not 1 <= jobs <= MAX_JOBS:
            raise BackendError(f"jobs: a whole number from 1 to {MAX_JOBS}, not {jobs!r}")
        if scheduler is not None and not isinstance(scheduler, str) and not is_client(scheduler):
            raise BackendError(f"scheduler: an address or a distributed.Client, not {quoted(scheduler)}")
        self.asked, self.scheduler, self.connect_timeout = jobs, scheduler, connect_timeout
        self.jobs = min(jobs, usable_cores())  # the processes that start
        self.pool: ProcessPoolExecutor | None = None
        self.client: Any = None
        self.own_client = False  # a client given is the caller's to close

    def __enter__(self) -> Workers:
        if isinstance(self.scheduler, str):
            self.client, self.own_client = connect(self.scheduler, self.connect_timeout), True
        elif self.scheduler is not None:
            self.client = self.scheduler
        if self.client is not None:
            try:
                check_versions(self.client)
            except BaseException:
                self.close()
                raise
        elif self.jobs > 1:
            from concurrent.futures import ProcessPoolExecutor
            from multiprocessing import current_process, get_context

            if getattr(current_process(), "_inheriting", False):
                # a worker importing a script that starts workers at its top level: refused
                # before the pool exists, so the worker leaves no locks for the exit to report
                raise WorkersFailed(
                    "a worker cannot start workers while it imports the script that "
                    'started it: do the work under `if __name__ == "__main__":`'
                )

            self.pool = ProcessPoolExecutor(self.jobs, mp_context=get_context("spawn"), initializer=start_worker)
        return self

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        self.close(finished=kind is None)

    def close(self, finished: bool = True) -> None:
        """Shut the backend down; when stopped early, without waiting for work in progress."""
        if self.pool is not None:
            pool, self.pool = self.pool, None
            if finished:
                pool.shutdown()
            else:
                # Python 3.11 has no public way to stop a running task: end the processes
                processes = list((getattr(pool, "_processes", None) or {}).values())
                manager = getattr(pool, "_executor_manager_thread", None)
                tasks = getattr(pool, "_call_queue", None)
                pool.shutdown(wait=False, cancel_futures=True)
                for process in processes:
                    process.terminate()
                for process in processes:
                    process.join()
                if tasks is not None:
                    # its thread may be writing a task to a pipe no worker reads any more: the
                    # exit must not wait for it (multiprocessing joins it otherwise)
                    tasks.cancel_join_thread()
                # the pool's own thread closes its wake-up pipe as it ends: let it end now, or
                # the interpreter's exit may write to the pipe as it closes (EBADF, a traceback)
                if manager is not None:
                    manager.join(timeout=1)
                    if manager.is_alive():
                        # a worker ended while it wrote a result: the thread waits for the rest
                        # of it for ever, and the interpreter's exit waits for the thread. With
                        # every worker gone this process holds the pipe's last writing end:
                        # closed, the thread reads the end of the pipe and stops.
                        writer = getattr(getattr(pool, "_result_queue", None), "_writer", None)
                        if writer is not None:
                            writer.close()
                        manager.join(timeout=2)
        if self.client is not None:
            client, self.client = self.client, None
            if self.own_client:
                client.close()

    @property
    def workers(self) -> int:
        """How many items run at once: 1, ``jobs``, or the cluster's worker threads."""
        if self.client is not None:
            return max(1, int(sum(self.client.nthreads().values())))
        return self.jobs if self.pool is not None else 1

    @property
    def describe(self) -> str:
        if self.client is not None:
            return f"Dask scheduler {self.client.scheduler.address} ({self.workers} worker threads)"
        where = f"{self.jobs} local processes" if self.pool is not None else "this process"
        return f"{where} ({self.capped})" if self.capped else where

    @property
    def capped(self) -> str | None:
        """What became of a ``jobs`` above the cores, said for the user; None if nothing."""
        if self.scheduler is not None or self.jobs == self.asked:
            return None
        cores = "1 core" if self.jobs == 1 else f"{self.jobs} cores"
        return f"--jobs {self.asked} capped to the {cores} here"

    def map(
        self, function: Callable[[T], R], items: Iterable[T], *, chunk: int | None = None, window: int | None = None
    ) -> Iterator[R]:
        """``function(item)`` for each item, in order; ``window`` chunks out at once at most
        (default: 4 per worker, 8 on a cluster)."""
        if self.pool is None and self.client is None:
            yield from map(function, items)
            return
        size = chunk if chunk is not None else CLUSTER_CHUNK if self.client is not None else PROCESS_CHUNK
        if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= MAX_CHUNK:
            raise BackendError(f"chunk: a whole number from 1 to {MAX_CHUNK}, not {size!r}")
        ahead = CLUSTER_CHUNKS_PER_WORKER if self.client is not None else CHUNKS_PER_WORKER
        limit = window or ahead * self.workers
        pending: deque[Any] = deque()
        chunks = chunked(items, size)
        try:
            for piece in chunks:
                pending.append(self.submit(function, piece))
                if len(pending) >= limit:
                    yield from self.result(pending.popleft())
            while pending:
                yield from self.result(pending.popleft())
        finally:
            for future in pending:
                future.cancel()

    def submit(self, function: Callable[[T], R], chunk: list[T]) -> Any:
        if self.client is not None:
            return self.client.submit(run_chunk, function, chunk, pure=False)
        assert self.pool is not None
        from concurrent.futures.process import BrokenProcessPool

        try:
            with interrupts_held():  # the pool may spawn a worker here
                return self.pool.submit(run_chunk, function, chunk)
        except BrokenProcessPool as exc:
            raise worker_died(exc) from None

    def result(self, future: Future[list[R]] | Any) -> list[R]:
        from concurrent.futures.process import BrokenProcessPool

        try:
            return future.result()
        except BrokenProcessPool as exc:
            raise worker_died(exc) from None
        except Exception as exc:
            if self.client is not None and is_cluster_failure(exc):
                raise WorkersFailed(f"the cluster failed: {type(exc).__name__}: {exc}") from None
            raise


def ordered_map(
    function: Callable[[T], R],
    items: Iterable[T],
    jobs: int = 1,
    scheduler: Scheduler = None,
    *,
    chunk: int | None = None,
    window: int | None = None,
) -> Iterator[R]:
    """``map(function, items)`` on the chosen backend, results in the items' order.

    >>> list(ordered_map(str.upper, ["a", "b"]))
    ['A', 'B']
    """
    with Workers(jobs, scheduler) as workers:
        yield from workers.map(function, items, chunk=chunk, window=window)


def connect(address: str, timeout: float) -> Any:
    """A client of the Dask scheduler at ``address``; Dask is imported here only."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    try:
        from distributed import Client
        from distributed.comm.core import connect as open_comm
    except ImportError:
        raise BackendError(
            f"scheduler: running on a Dask cluster needs the distributed package ({CLUSTER_EXTRA})"
        ) from None

    async def probe() -> None:
        comm = await open_comm(address, timeout=timeout)
        await comm.close()

    # A Client that fails to connect still tries to close itself when collected, and that
    # times out with a traceback: so the address is tried first, without one.
    try:
        with ThreadPoolExecutor(1) as thread:  # a thread of its own: the caller may be in an event loop
            thread.submit(asyncio.run, probe()).result()
        return Client(address, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError, ValueError, TypeError) as exc:
        raise BackendError(f"scheduler: cannot connect to {quoted(address)}: {shortened(str(exc))}") from None


def is_client(value: object) -> bool:
    """A ``distributed.Client`` (Dask is not imported to tell: a caller without it has none)."""
    return any(kind.__module__.startswith("distributed") and kind.__name__ == "Client" for kind in type(value).__mro__)


def installed_version() -> str | None:
    """This package's version where it runs (a Dask worker); None where it is not installed."""
    try:
        from .core.version import __version__
    except ImportError:
        return None
    return __version__


def check_versions(client: Any) -> None:
    """Refuse a cluster whose workers run another Dask, Python or hasen than this process: the
    work would be pickled for one and run by the other."""
    from .core.version import __version__

    try:
        client.get_versions(check=True)
    except ValueError as exc:  # Dask's own mismatch, with its table of packages
        raise BackendError(
            f"scheduler: the workers' packages differ from this process's: {shortened(str(exc))}"
        ) from None
    try:
        found = client.run(installed_version)
    except Exception as exc:  # hasen missing there: the function cannot be unpickled
        raise BackendError(
            f"scheduler: the workers cannot run hasen (is it installed there?): "
            f"{type(exc).__name__}: {shortened(str(exc))}"
        ) from None
    other = {address: version for address, version in found.items() if version != __version__}
    if other:
        worker, version = next(iter(other.items()))
        raise BackendError(
            f"scheduler: {len(other)} of {len(found)} workers run hasen {version} "
            f"(e.g. {worker}), this process {__version__}: install the same version on both"
        )


def is_cluster_failure(exc: BaseException) -> bool:
    """A Dask error of the cluster, not of the function: a worker that died over and over,
    a lost connection, a cancelled task."""
    from concurrent.futures import CancelledError

    from distributed import KilledWorker
    from distributed.comm.core import CommClosedError

    return isinstance(exc, KilledWorker | CommClosedError | CancelledError | OSError)
