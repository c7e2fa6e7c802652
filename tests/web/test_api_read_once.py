"""A request is read once: what it asks is checked where the body comes in, keys the cache,
and is the very value the work runs from. For a single-dummy request that is what the seat
knows, its table's settings and the calls so far (``hasen.seat_view.seat_question``); for a
solve or a review, the position the play record reaches (``request_position``).
Reading them again inside the work would check every body twice and make two ways to write
one request two cache entries."""

from __future__ import annotations

import pytest
from examples import HASENPFEFFER_DEAL, HASENPFEFFER_DEALER
from flask.testing import FlaskClient

import hasen.api.routes
from hasen import seat_view

HASENPFEFFER = {"seat": "S", "hand": "AJT.A9..K", "dealer": "W", "layouts": 8, "seed": 3}
EUCHRE = {"variant": "euchre", "seat": "N", "hand": "AJ.K.Q.A", "upcard": "JD", "dealer": "W", "layouts": 8}
# each single-dummy operation, its body, and the same auction written another way
REQUESTS = [
    ("/api/v1/bid", {**HASENPFEFFER, "auction": "N pass, E pass"}, {"auction": "n PASS,  e pass"}),
    (
        "/api/v1/bid",
        {**EUCHRE, "auction": "N pass, E pass, S pass, W pass"},
        {"auction": "n pass, E PASS, s pass, w pass"},
    ),
    (
        "/api/v1/simulate",
        {**HASENPFEFFER, "widow": "KS", "auction": "N pass, E pass, S 3, W pass"},
        {"auction": "n pass, e pass, s 3, w pass"},
    ),
    (
        "/api/v1/lead",
        {**EUCHRE, "seat": "E", "dealer": "N", "declarer": "W", "trump": "D", "auction": "E pass, S pass, W order up"},
        {"auction": "e pass, s pass, w ORDER UP"},
    ),
]


@pytest.mark.parametrize(("path", "body", "rewritten"), REQUESTS)
def test_the_seat_is_read_once_and_keys_the_cache(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch, path: str, body: dict, rewritten: dict
) -> None:
    reads = {"knowledge_of": 0, "auction_calls": 0, "settings_for": 0}
    for name in reads:
        original = getattr(seat_view, name)

        def counted(*args, _original=original, _name=name, **kwargs):
            reads[_name] += 1
            return _original(*args, **kwargs)

        monkeypatch.setattr(seat_view, name, counted)
    first = client.post(path, json=body)
    assert first.status_code == 200, first.get_json()
    assert first.headers["X-Cache"] == "miss"
    assert reads == {"knowledge_of": 1, "auction_calls": 1, "settings_for": 1}
    again = client.post(path, json={**body, **rewritten})
    assert again.status_code == 200, again.get_json()
    assert again.headers["X-Cache"] == "hit", "the same auction written another way is the same question"
    assert again.get_json() == first.get_json()


def test_an_auction_that_cannot_be_read_is_refused_before_any_work_is_queued(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:

    queued = []
    monkeypatch.setattr(hasen.api.routes, "run_simulation", lambda *args: queued.append(args))
    for path, body in (
        ("/api/v1/bid", {**HASENPFEFFER, "auction": "N 9"}),
        ("/api/v1/simulate", {**HASENPFEFFER, "widow": "KS", "auction": "N pass, E pass, S three"}),
        ("/api/v1/lead", {**REQUESTS[3][1], "auction": "E pass, S pass, W order"}),
    ):
        response = client.post(path, json=body)
        assert response.status_code == 400, path
        assert response.get_json()["error"].startswith("auction: call "), response.get_json()
    assert queued == []


CONTRACT = {"deal": HASENPFEFFER_DEAL, "dealer": HASENPFEFFER_DEALER, "declarer": "N", "trump": "C", "discard": "KH"}
# each double-dummy operation on a position, its body, and the same play record written another way
PLAYED = [
    ("/api/v1/solve", {**CONTRACT, "played": "JC KC TC 9C | AS"}, {"played": "jc kc tc 9c as"}),
    ("/api/v1/review", {**CONTRACT, "played": "JC KC TC 9C | AS AD 9S QS"}, {"played": "JC KC TC 9C AS AD 9S QS"}),
]


@pytest.mark.parametrize(("path", "body", "rewritten"), PLAYED)
def test_the_position_is_replayed_once_and_keys_the_cache(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch, path: str, body: dict, rewritten: dict
) -> None:
    replays = []
    original = hasen.api.routes.request_position

    def counted(*args, **kwargs):
        replays.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(hasen.api.routes, "request_position", counted)
    first = client.post(path, json=body)
    assert first.status_code == 200, first.get_json()
    assert (first.headers["X-Cache"], len(replays)) == ("miss", 1)
    again = client.post(path, json={**body, **rewritten})
    assert again.status_code == 200, again.get_json()
    assert again.headers["X-Cache"] == "hit"
    assert again.get_json() == first.get_json()
    assert len(replays) == 2, "the second request is read, then answered from the cache"
