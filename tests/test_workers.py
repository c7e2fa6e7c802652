"""hasen.workers: results in the items' order from every backend, a bounded number of
items taken ahead, the function's own errors passed on, the backend's failures named."""

from __future__ import annotations

import math
import os
import subprocess
import sys
from functools import partial

import pytest
from examples import HASENPFEFFER_DEAL

import hasen
from hasen.workers import BackendError, Workers, WorkersFailed, ordered_map

# factorials of very different sizes: the small ones finish first, out of order
SIZES = [20000, 3, 15000, 1, 9000, 2, 12000, 0, 5, 7000, 4, 1] * 3


def bits(n: int) -> int:
    return math.factorial(n).bit_length()


WANTED = [bits(n) for n in SIZES]


def test_in_this_process() -> None:
    assert list(ordered_map(bits, SIZES)) == WANTED
    assert list(ordered_map(bits, [])) == []


@pytest.mark.slow  # processes, Dask or interrupts: in the full run (issue 16, item 8)
def test_in_processes_the_order_is_kept() -> None:
    assert list(ordered_map(bits, SIZES, jobs=2, chunk=1)) == WANTED
    assert list(ordered_map(bits, iter(SIZES), jobs=2, chunk=5, window=2)) == WANTED


@pytest.mark.slow  # processes, Dask or interrupts: in the full run (issue 16, item 8)
def test_items_are_taken_a_window_ahead_at_most() -> None:
    taken = []

    def items():
        for n in range(1000):
            taken.append(n)
            yield n

    with Workers(jobs=2) as workers:
        results = workers.map(abs, items(), chunk=3, window=4)
        assert next(results) == 0
        # four chunks out, and the fifth read as the first came back
        assert len(taken) <= 5 * 3
        assert list(results) == list(range(1, 1000))
    with Workers() as workers:  # in this process: one at a time
        taken.clear()
        results = workers.map(abs, items())
        assert next(results) == 0 and taken == [0]
        results.close()


@pytest.mark.slow  # processes, Dask or interrupts: in the full run (issue 16, item 8)
def test_the_functions_own_error_is_passed_on() -> None:
    with pytest.raises(ValueError, match="invalid literal"):
        list(ordered_map(int, ["1", "2", "x", "4"], jobs=2, chunk=1))


@pytest.mark.slow  # processes, Dask or interrupts: in the full run (issue 16, item 8)
def test_a_worker_that_dies_is_a_failure_of_the_workers() -> None:
    with pytest.raises(WorkersFailed, match="a worker process died"):
        list(ordered_map(os._exit, [3], jobs=2))


@pytest.mark.slow  # processes, Dask or interrupts: in the full run (issue 16, item 8)
def test_a_simulation_runs_its_layouts_through_the_workers() -> None:
    """hasen.simulate takes ordered_map as its mapper: the same answer from two processes."""
    options = {"seat": "N", "layouts": 40, "seed": 3, "alone": False}
    deal = hasen.Deal(HASENPFEFFER_DEAL, dealer="W")
    here = hasen.simulate(deal, **options).to_json()
    assert hasen.simulate(deal, **options, mapper=partial(ordered_map, jobs=2, chunk=4)).to_json() == here


# Interrupts the workers' whole process group at a given moment of their start and still
# collects their results: a worker must neither die of Ctrl-C nor print a traceback, however
# early in its start the interrupt comes (the run's own handling is the parent's business).
INTERRUPTED_START = """
import os, signal, sys, time
from hasen.workers import Workers
signal.signal(signal.SIGINT, lambda *_: None)  # the parent notes the interrupt and goes on
with Workers(jobs=2) as workers:
    futures = [workers.submit(abs, [-n]) for n in (1, 2)]
    time.sleep(float(sys.argv[1]))
    os.killpg(0, signal.SIGINT)
    print([workers.result(future) for future in futures])
"""


@pytest.mark.slow  # processes, Dask or interrupts: in the full run (issue 16, item 8)
@pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups")
@pytest.mark.parametrize("delay", [0.0, 0.005, 0.02, 0.05, 0.1, 0.2])
def test_workers_outlive_an_interrupt_however_early_in_their_start(delay: float) -> None:
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    done = subprocess.run([sys.executable, "-c", INTERRUPTED_START, str(delay)], cwd=root, capture_output=True,
                          text=True, timeout=60, start_new_session=True)
    assert (done.returncode, done.stdout, done.stderr) == (0, "[[1], [2]]\n", "")


def test_jobs_must_be_positive() -> None:
    with pytest.raises(BackendError, match="jobs: at least 1, not 0"):
        Workers(jobs=0)


@pytest.mark.slow  # processes, Dask or interrupts: in the full run (issue 16, item 8)
def test_the_order_is_kept_on_a_dask_cluster() -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster:
        with Workers(scheduler=cluster.scheduler_address) as workers:
            assert workers.workers == 2
            assert workers.describe == f"Dask scheduler {cluster.scheduler_address} (2 worker threads)"
            assert list(workers.map(bits, SIZES, chunk=2)) == WANTED
            with pytest.raises(ValueError, match="invalid literal"):
                list(workers.map(int, ["1", "x"], chunk=1))


@pytest.mark.slow  # processes, Dask or interrupts: in the full run (issue 16, item 8)
def test_a_scheduler_nobody_answers_at_is_an_error(monkeypatch) -> None:
    pytest.importorskip("distributed")
    with pytest.raises(BackendError, match=r"scheduler: cannot connect to 'tcp://127\.0\.0\.1:9': "):
        Workers(scheduler="tcp://127.0.0.1:9", connect_timeout=0.5).__enter__()
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(BackendError, match=r"needs the distributed package \(pip install 'hasen\[cluster\]'\)"):
        Workers(scheduler="tcp://127.0.0.1:9").__enter__()
