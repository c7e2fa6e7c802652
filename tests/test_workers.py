"""hasen.workers: results in the items' order from every backend, a bounded number of
items taken ahead, the function's own errors passed on, the backend's failures named."""

from __future__ import annotations

import math
import os
import signal
import subprocess
import sys
import time
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


@pytest.mark.slow  # processes, Dask or interrupts: in the full run
def test_in_processes_the_order_is_kept() -> None:
    assert list(ordered_map(bits, SIZES, jobs=2, chunk=1)) == WANTED
    assert list(ordered_map(bits, iter(SIZES), jobs=2, chunk=5, window=2)) == WANTED


@pytest.mark.slow  # processes, Dask or interrupts: in the full run
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


@pytest.mark.slow  # processes, Dask or interrupts: in the full run
def test_the_functions_own_error_is_passed_on() -> None:
    with pytest.raises(ValueError, match="invalid literal"):
        list(ordered_map(int, ["1", "2", "x", "4"], jobs=2, chunk=1))


@pytest.mark.slow  # processes, Dask or interrupts: in the full run
def test_a_worker_that_dies_is_a_failure_of_the_workers() -> None:
    with pytest.raises(WorkersFailed, match="a worker process died"):
        list(ordered_map(os._exit, [3], jobs=2))


@pytest.mark.slow  # processes, Dask or interrupts: in the full run
def test_a_simulation_runs_its_layouts_through_the_workers() -> None:
    """hasen.simulate takes ordered_map as its mapper: the same answer from two processes."""
    options = {"layouts": 40, "seed": 3, "alone": False}
    north = hasen.SeatView.in_deal(hasen.Deal(HASENPFEFFER_DEAL, dealer="W"), "N")
    here = hasen.simulate(north, **options).to_json()
    mapper = partial(ordered_map, jobs=2, chunk=4)
    assert hasen.simulate(north, **options, run=hasen.Run(mapper=mapper)).to_json() == here


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


@pytest.mark.slow  # processes, Dask or interrupts: in the full run
@pytest.mark.skipif(not hasattr(os, "killpg"), reason="process groups")
@pytest.mark.parametrize("delay", [0.0, 0.005, 0.02, 0.05, 0.1, 0.2])
def test_workers_outlive_an_interrupt_however_early_in_their_start(delay: float) -> None:
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    done = subprocess.run(
        [sys.executable, "-c", INTERRUPTED_START, str(delay)],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=60,
        start_new_session=True,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "[[1], [2]]\n", "")


@pytest.mark.parametrize("jobs", [0, -1, 1025, 2**31, 2.0, True, "2"])
def test_jobs_are_bounded(jobs) -> None:
    with pytest.raises(BackendError, match=r"^jobs: a whole number from 1 to 1024, not "):
        Workers(jobs=jobs)


def test_no_more_processes_than_cores(monkeypatch) -> None:
    """--jobs 1000 started 80 processes on two cores."""
    monkeypatch.setattr("hasen.workers.usable_cores", lambda: 2)
    workers = Workers(jobs=1000)
    assert (workers.jobs, workers.capped) == (2, "--jobs 1000 capped to the 2 cores here")
    assert (Workers(jobs=2).jobs, Workers(jobs=2).capped) == (2, None)
    with Workers(jobs=1000) as started:
        assert started.describe == "2 local processes (--jobs 1000 capped to the 2 cores here)"
        assert len(started.pool._processes or {}) <= 2  # type: ignore[union-attr]
        assert list(started.map(abs, [-1, -2, -3], chunk=1)) == [1, 2, 3]
        assert len(started.pool._processes) == 2  # type: ignore[union-attr]


@pytest.mark.parametrize("chunk", [0, 10_001, 2**63])
def test_chunks_are_bounded(chunk: int) -> None:
    with Workers(jobs=2) as workers, pytest.raises(BackendError, match="^chunk: a whole number from 1 to 10000"):
        next(workers.map(abs, [1], chunk=chunk))


def session_processes(session: int) -> dict[int, str]:
    """The processes of ``session`` still running (not zombies), by pid: their command lines."""
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rpartition(")")[2].split()
            with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                command = cmdline.read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:  # ended meanwhile
            continue
        state, sid = fields[0], int(fields[3])
        if sid == session and state != "Z":
            found[int(entry)] = command
    return found


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the process table in /proc")
@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM])
def test_workers_end_when_the_command_dies(tmp_path, how: signal.Signals) -> None:
    """After ``hasen batch --jobs 2`` was killed outright, its two workers and
    the resource tracker lived on, waiting for work, for ever."""
    import json
    import random

    from dealgen import random_deal

    rng = random.Random(15)
    source = tmp_path / "in.jsonl"
    source.write_text("".join(json.dumps({"id": i, "deal": random_deal(rng).notation()}) + "\n" for i in range(3000)))
    out = tmp_path / "out.jsonl"
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    command = subprocess.Popen(
        [sys.executable, "-m", "hasen.cli", "batch", str(source), str(out), "--jobs", "2", "--chunk", "1"],
        cwd=root,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    session = command.pid  # a new session's id is its first process's
    try:
        deadline = time.monotonic() + 120
        while not (out.exists() and out.stat().st_size) and time.monotonic() < deadline:
            time.sleep(0.05)
        running = session_processes(session)
        assert len(running) == 4, running  # the command, two workers, the resource tracker
        command.send_signal(how)
        command.wait(timeout=30)
        deadline = time.monotonic() + 20
        while (left := session_processes(session)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert left == {}, f"still running after {how.name} of the command: {left}"
    finally:
        for pid in session_processes(session):
            os.kill(pid, signal.SIGKILL)


@pytest.fixture(scope="module")
def dask_cluster():
    """One local Dask cluster of two worker processes for the module's Dask tests (each start
    costs about a second of CPU); each test leaves it as it found it."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster:
        yield cluster


@pytest.mark.slow
def test_the_order_is_kept_on_a_dask_cluster(dask_cluster) -> None:
    with Workers(scheduler=dask_cluster.scheduler_address) as workers:
        assert workers.workers == 2
        assert workers.describe == f"Dask scheduler {dask_cluster.scheduler_address} (2 worker threads)"
        assert list(workers.map(bits, SIZES, chunk=2)) == WANTED
        with pytest.raises(ValueError, match="invalid literal"):
            list(workers.map(int, ["1", "x"], chunk=1))


@pytest.mark.slow  # processes, Dask or interrupts: in the full run
def test_a_scheduler_nobody_answers_at_is_an_error(monkeypatch) -> None:
    pytest.importorskip("distributed")
    with pytest.raises(BackendError, match=r"scheduler: cannot connect to 'tcp://127\.0\.0\.1:9': "):
        Workers(scheduler="tcp://127.0.0.1:9", connect_timeout=0.5).__enter__()
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(BackendError, match=r"needs the distributed package \(pip install 'hasen\[cluster\]'\)"):
        Workers(scheduler="tcp://127.0.0.1:9").__enter__()


@pytest.mark.slow  # processes, Dask or interrupts: in the full run
def test_a_script_without_the_main_guard_is_told_why_its_workers_died(tmp_path) -> None:
    """Each worker imports the user's script: without ``if __name__ == "__main__":`` it starts
    workers again while it starts, and dies. The error says what the script lacks."""
    script = tmp_path / "night.py"
    script.write_text("import hasen\nprint(list(hasen.ordered_map(abs, range(-20, 0), jobs=2)))\n")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 1
    assert "WorkersFailed: a worker process died" in done.stderr
    assert 'must do its work under `if __name__ == "__main__":`' in done.stderr.splitlines()[-1]
    # each worker refuses before it makes a pool, so it leaves no locks for the exit to report
    assert "a worker cannot start workers while it imports the script" in done.stderr
    assert "resource_tracker" not in done.stderr
    script.write_text(
        "import hasen\nif __name__ == '__main__':\n    print(list(hasen.ordered_map(abs, range(-3, 0), jobs=2)))\n"
    )
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert (done.returncode, done.stdout) == (0, "[3, 2, 1]\n"), done.stderr


@pytest.mark.slow  # processes, Dask or interrupts: in the full run
def test_a_dask_client_is_taken_where_an_address_is_and_left_open(dask_cluster) -> None:
    """A Dask user's own ``distributed.Client``: used as it is, its workers' versions checked,
    and never closed (it is the caller's)."""
    distributed = pytest.importorskip("distributed")
    with distributed.Client(dask_cluster) as client:
        assert list(ordered_map(bits, SIZES, scheduler=client, chunk=3)) == WANTED
        with Workers(scheduler=client) as workers:
            assert workers.describe == f"Dask scheduler {dask_cluster.scheduler_address} (2 worker threads)"
        assert client.status == "running"
        deals = [hasen.random_deal(seed=s) for s in range(3)]
        tables = list(hasen.analyze_each(deals, declarer="N", run=hasen.Run(scheduler=client)))
        assert [t.to_json() for t in tables] == [hasen.analyze(d, declarer="N").to_json() for d in deals]
        # a worker with another hasen is refused by name before any work; then its own again
        ours = hasen.__version__
        client.run(lambda: __import__("hasen.core.version").core.version.__dict__.update(__version__="0.0.1"))
        try:
            with pytest.raises(
                BackendError, match=r"2 of 2 workers run hasen 0\.0\.1 \(e\.g\. tcp://.*\), this process"
            ):
                Workers(scheduler=client).__enter__()
        finally:
            client.run(lambda: __import__("hasen.core.version").core.version.__dict__.update(__version__=ours))
    with pytest.raises(BackendError, match="scheduler: an address or a distributed.Client, not 42"):
        Workers(scheduler=42)
    with pytest.warns(DeprecationWarning, match="run.threads is ignored beside run.jobs"):
        list(hasen.analyze_each([], run=hasen.Run(threads=2, jobs=2)))


@pytest.mark.slow  # processes, Dask or interrupts: in the full run
def test_a_dask_bag_of_deals_makes_the_frame_of_their_rows(dask_cluster) -> None:
    """The composition docs/batch.md shows: a bag of deals through ``hasen.analyze``, the rows
    flattened into a Dask DataFrame, has the rows of ``hasen.to_frame``."""
    distributed = pytest.importorskip("distributed")
    bag = pytest.importorskip("dask.bag")
    pytest.importorskip("dask.dataframe")
    deals = [hasen.random_deal(seed=seed).notation() for seed in range(12)]
    with distributed.Client(dask_cluster):
        tables = bag.from_sequence(deals, npartitions=4).map(hasen.analyze)
        frame = tables.map(lambda table: list(table.rows())).flatten().to_dataframe().compute()
    expected = hasen.to_frame(hasen.analyze_each(deals))
    assert len(frame) == len(expected) == 12 * 4 * 4 * 7
    assert sorted(frame["tricks"]) == sorted(expected["tricks"])
    assert set(frame["deal"]) == {hasen.Deal(d).notation() for d in deals}


def test_a_worker_of_the_hasen_command_that_died_is_not_blamed_on_a_script(monkeypatch) -> None:
    """The hasen command has no script of the user's to blame: a worker killed from outside
    (or by the out-of-memory killer) is said to be so (it was told to add the main guard)."""
    import types

    from hasen.workers import worker_died

    command = types.ModuleType("__main__")
    command.__file__ = "/usr/local/bin/hasen"
    monkeypatch.setitem(sys.modules, "__main__", command)
    said = str(worker_died(RuntimeError("A process in the pool was terminated abruptly.")))
    assert said.endswith("(killed from outside, or short of memory?)") and "__main__" not in said
    script = types.ModuleType("__main__")
    script.__file__ = "/home/anna/night.py"
    monkeypatch.setitem(sys.modules, "__main__", script)
    assert 'must do its work under `if __name__ == "__main__":`' in str(worker_died(RuntimeError("gone")))
