"""POST /api/v1/bid with a seat: one seat's single-dummy advice, the same as
``hasen.advise`` in Python and ``hasen bid --seat`` on the command line."""

from __future__ import annotations

import pytest
from cli_run import run_json
from flask.testing import FlaskClient
from openapi_schema_validator import OAS31Validator
from seat_views import view_and_options

import hasen

HAND = {"seat": "S", "hand": "AJT.A9..K", "dealer": "W"}


@pytest.mark.compiled
def test_the_advice_is_the_librarys(client: FlaskClient, capsys) -> None:
    body = {**HAND, "layouts": 30, "choice_layouts": 3, "seed": 4, "known": {"E": "AD KD"}}
    answer = client.post("/api/v1/bid", json=body).get_json()
    view, options = view_and_options(body)
    assert answer == hasen.advise(view, **options).to_json()
    assert answer == run_json(
        capsys,
        "bid",
        "--seat",
        "S",
        "--hand",
        "AJT.A9..K",
        "--dealer",
        "W",
        "--layouts",
        "30",
        "--choice-layouts",
        "3",
        "--seed",
        "4",
        "--known",
        "E:AD KD",
    )
    assert answer["forms"]["with_partner"]["bids"][0]["bid"] == "1"


@pytest.mark.compiled
def test_the_score_reaches_the_advice(client: FlaskClient, capsys, openapi_doc: dict) -> None:
    """The same body with and without the score: two answers (the score is part of what is
    cached), the one with it the library's and the command line's, its options carrying the
    chance of winning the game."""
    body = {**HAND, "layouts": 20, "choice_layouts": 3, "seed": 1}
    plain = client.post("/api/v1/bid", json=body).get_json()
    scored = client.post("/api/v1/bid", json={**body, "score": "8-5"}).get_json()
    assert "score" not in plain and all("win" not in a for a in plain["actions"])
    assert scored["score"] == [8, 5] and all(0 <= a["win"] <= 1 for a in scored["actions"])
    view, options = view_and_options({**body, "score": "8-5"})
    assert scored == hasen.advise(view, **options).to_json()
    assert scored == run_json(
        capsys,
        "bid",
        "--seat",
        "S",
        "--hand",
        "AJT.A9..K",
        "--dealer",
        "W",
        "--layouts",
        "20",
        "--choice-layouts",
        "3",
        "--seed",
        "1",
        "--score",
        "8-5",
    )
    answer = openapi_doc["paths"]["/api/v1/bid"]["post"]["responses"]["200"]["content"]["application/json"]
    OAS31Validator({**answer["schema"], "components": openapi_doc["components"]}).validate(scored)
    bad = client.post("/api/v1/bid", json={**body, "score": "10-3"})
    assert bad.status_code == 400 and "a game ends at 10" in bad.get_json()["error"]


def test_euchre_calls_of_both_rounds(client: FlaskClient) -> None:
    body = {
        "seat": "N",
        "hand": "9S AD JD QD 9C",
        "upcard": "TD",
        "dealer": "N",
        "variant": "euchre",
        "layouts": 40,
        "choice_layouts": 5,
    }
    answer = client.post("/api/v1/bid", json=body).get_json()
    assert {c["round"] for c in answer["calls"]} == {1, 2}
    first = [c for c in answer["calls"] if c["round"] == 1]
    assert {c["call"] for c in first} == {"order up"} and all("discard" in c for c in first)


@pytest.mark.app_config(HASEN_SIMULATE_LIMIT=50)
@pytest.mark.parametrize("key", ["layouts", "choice_layouts"])
def test_layouts_over_the_limit_are_refused_with_413(client: FlaskClient, key: str) -> None:
    response = client.post("/api/v1/bid", json={**HAND, "layouts": 10, key: 51})
    assert response.status_code == 413
    assert response.get_json()["error"] == f"{key}: 51, at most 50 per simulation (HASEN_SIMULATE_LIMIT)"


@pytest.mark.parametrize(
    "body, message",
    [
        (
            {"deal": "N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", "layouts": 5},
            'body: layouts is for one seat\'s view (single dummy): give "seat" too',
        ),
        ({"hand": "AJT.A9..K", "dealer": "W"}, 'body: hand is for one seat\'s view (single dummy): give "seat" too'),
        ({}, "body: missing key 'deal' (or 'seat' and its hand, for one seat's advice)"),
        ({**HAND, "widow": "KS"}, "body: unknown key 'widow'"),
        ({"seat": "S", "hand": "AJT.A9..K"}, "bid: without a deal, give the seat's hand, the dealer"),
    ],
)
def test_bad_requests_are_refused_by_name(client: FlaskClient, body: dict, message: str) -> None:
    response = client.post("/api/v1/bid", json=body)
    assert response.status_code == 400
    assert response.get_json()["error"].startswith(message), response.get_json()


@pytest.mark.app_config(HASEN_TIME_LIMIT=0.05)
def test_the_time_limit_stops_the_advice(client: FlaskClient) -> None:
    """The layouts are checked against the time limit chunk by chunk: 1,000 layouts take far
    longer than 50 ms, so the request ends with 503 rather than running on."""
    response = client.post("/api/v1/bid", json={**HAND, "layouts": 1000})
    assert response.status_code == 503
    assert "0.05" in response.get_json()["error"]
