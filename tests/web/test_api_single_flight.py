"""The service's dearest answers, bounded: identical requests asked at once share one
analysis; the chance of winning at other scoring settings (a table worked out in seconds)
runs under the time limit in the single-dummy lane; the answers kept are bounded in bytes."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from flask import Flask
from flask.testing import FlaskClient

from hasen.analysis.odds import win_chances
from hasen.api.cache import AnswerCache

ADVICE = {"hand": "AJT.A9..K", "seat": "S", "dealer": "W", "layouts": 40, "choice_layouts": 8, "seed": 5}


@pytest.mark.compiled
@pytest.mark.app_config(HASEN_TIME_LIMIT=30)
def test_sixteen_identical_requests_at_once_are_worked_out_once(app: Flask, monkeypatch) -> None:
    """16 identical single-dummy requests (/simulate, here /bid) gave 16 analyses, and 14 answers
    of 503."""
    import hasen.public

    ran = []
    real = hasen.public.advise_seat  # the work of a /bid request for one seat

    def counted(*args, **kwargs):
        ran.append(1)
        time.sleep(0.3)  # long enough that all 16 ask while it runs
        return real(*args, **kwargs)

    monkeypatch.setattr(hasen.public, "advise_seat", counted)
    start = threading.Barrier(16)

    def ask(_: int):
        client = app.test_client()
        start.wait(10)
        return client.post("/api/v1/bid", json=ADVICE)

    with ThreadPoolExecutor(16) as pool:
        answers = list(pool.map(ask, range(16)))
    assert [a.status_code for a in answers] == [200] * 16
    assert len({a.get_data() for a in answers}) == 1
    assert len(ran) == 1
    cache = app.test_client().get("/api/v1/health").get_json()["cache"]
    assert cache["shared"] + cache["hits"] == 15


@pytest.mark.app_config(HASEN_TIME_LIMIT=0.3)
def test_odds_at_other_settings_are_worked_out_under_the_time_limit(client: FlaskClient) -> None:
    """A table not yet worked out took 1.4 to 4.8 s, whatever the time limit: now the
    request answers 503 at its limit, the work goes on, and a later request reads it."""
    body = {"score": "5-5", "game_points": 15}  # Hasenpfeffer to 15: some 2 s of work
    win_chances.cache_clear()
    started = time.monotonic()
    first = client.post("/api/v1/odds", json=body)
    took = time.monotonic() - started
    assert first.status_code == 503 and took < 1.5, (first.status_code, took)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        later = client.post("/api/v1/odds", json=body)
        if later.status_code == 200:
            break
        time.sleep(0.5)
    assert later.status_code == 200 and 0 < later.get_json()["chance"]["N-S"] < 1


def test_the_answers_kept_are_bounded_in_bytes() -> None:
    cache = AnswerCache(capacity=100, max_bytes=1000)
    for i in range(50):
        cache.put(i, {"text": "x" * 90})
    stats = cache.stats()
    assert stats["bytes"] <= 1000 and stats["size"] == stats["bytes"] // len('{"text":"' + "x" * 90 + '"}')
    assert cache.get(49) is not None and cache.get(0) is None  # the oldest went first
    cache.put("huge", {"text": "x" * 2000})  # larger than the whole cache: not kept
    assert cache.get("huge") is None and cache.stats()["bytes"] <= 1000
