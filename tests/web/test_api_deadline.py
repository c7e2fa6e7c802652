"""The time limit counts from when the server read the request: time spent queued
before the analysis is asked for counts, and a request that has waited its time out is
refused at once, without an analysis. ``hasen serve`` gives that moment in the WSGI environ
under ``hasen.api.service.RECEIVED``; here the test client gives it."""

from __future__ import annotations

import threading
import time

import pytest
from examples import HASENPFEFFER_DEAL
from flask.testing import FlaskClient

from hasen.api.runner import Runner, TimeLimitExceeded
from hasen.api.service import RECEIVED

TABLE = {"deal": HASENPFEFFER_DEAL, "declarer": "N"}
HEADERS = {"Content-Type": "application/json"}


def table(client: FlaskClient, waited: float):
    """POST /table for a request the server read ``waited`` seconds ago."""
    return client.post("/api/v1/table", json=TABLE, headers=HEADERS, environ_base={RECEIVED: time.monotonic() - waited})


# The time limit of the tests below: long enough that a deadline counted from the wrong moment
# (the app's call rather than the server's read) is told from the right one by more than a
# busy machine's delays (they passed with a 1 s limit and 0.5 s margins, but not always on a
# starved runner).
LIMIT = 3


@pytest.mark.app_config(HASEN_TIME_LIMIT=LIMIT, HASEN_CACHE_SIZE=0)
def test_a_request_that_waited_out_its_time_is_refused_without_an_analysis(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    ran = []
    monkeypatch.setattr("hasen.games.hasenpfeffer.game.Hasenpfeffer.table", lambda *a, **k: ran.append(1))
    start = time.monotonic()
    response = table(client, waited=LIMIT + 0.5)
    assert time.monotonic() - start < LIMIT / 2  # at once, not after a time limit counted from now
    assert response.status_code == 503 and response.headers["Retry-After"]
    assert f"limit of {LIMIT} s" in response.get_json()["error"]
    assert ran == []
    assert client.get("/api/v1/health").get_json()["busy"] == 0


@pytest.mark.app_config(HASEN_TIME_LIMIT=LIMIT, HASEN_CACHE_SIZE=0, HASEN_SOLVER_THREADS=1)
def test_a_request_that_waited_has_only_the_rest_of_its_time(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def endless(*args, progress, **kwargs):
        while True:
            progress(0, 1)  # the checkpoint: stops the analysis once its request gave up
            time.sleep(0.001)

    monkeypatch.setattr("hasen.games.hasenpfeffer.game.Hasenpfeffer.table", endless)
    start = time.monotonic()
    response = table(client, waited=LIMIT - 0.2)
    took = time.monotonic() - start
    assert response.status_code == 503
    # 0.2 s were left: not the whole limit again, nor nothing
    assert 0.1 <= took < LIMIT / 2, f"answered after {took:.2f} s; 0.2 s of the limit were left"


@pytest.mark.app_config(HASEN_CACHE_SIZE=0)
def test_a_request_that_waited_is_answered_while_time_is_left(client: FlaskClient) -> None:
    response = table(client, waited=0.5)  # of 10 s
    assert response.status_code == 200 and response.get_json()["declarers"]["N"]["best"]["tricks"] == 6


def test_a_job_given_up_before_it_got_a_thread_never_runs() -> None:
    runner = Runner(threads=1, time_limit=0.1)
    release, ran = threading.Event(), []

    def hold(checkpoint):
        release.wait(10)

    holder = threading.Thread(target=lambda: pytest.raises(TimeLimitExceeded, runner.run, hold))
    holder.start()
    time.sleep(0.02)  # the only thread taken
    with pytest.raises(TimeLimitExceeded):
        runner.run(lambda checkpoint: ran.append(1))
    holder.join(10)
    assert runner.busy == 1  # the holder, still running: the job behind it is counted off
    release.set()
    runner.shutdown()
    assert ran == [] and runner.busy == 0


def test_a_deadline_already_past_is_refused_at_once() -> None:
    runner = Runner(threads=1, time_limit=5)
    ran = []
    try:
        with pytest.raises(TimeLimitExceeded):
            runner.run(lambda checkpoint: ran.append(1), deadline=time.monotonic() - 0.01)
        assert ran == [] and runner.busy == 0
        assert runner.run(lambda checkpoint: 7, deadline=time.monotonic() + 5) == 7
    finally:
        runner.shutdown()
