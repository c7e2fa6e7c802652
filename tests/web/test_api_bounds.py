"""Every number the web API takes is bounded, in its settings and in its requests:
the OpenAPI document says the bounds, and a number outside them is a 400 or 413 naming it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient

from hasen.api import create_app
from hasen.core.bounds import MAX_LAYOUTS, MAX_SEED, MAX_TIME_LIMIT
from hasen.core.variants import DECKS

HEADERS = {"Content-Type": "application/json"}
SIMULATION = {"hand": "A.K..AQJ*", "widow": "KS", "seat": "N", "dealer": "W", "layouts": 5}


def request_schemas(document: dict) -> dict[str, dict]:
    return {name: schema for name, schema in document["components"]["schemas"].items() if name.endswith("Request")}


def numbers(schema: Any, where: str) -> Iterator[tuple[str, dict]]:
    """(where, schema) of every number in ``schema``, however deep."""
    if isinstance(schema, dict):
        if schema.get("type") in ("integer", "number"):
            yield where, schema
        for key, value in schema.items():
            yield from numbers(value, f"{where}.{key}")
    elif isinstance(schema, list):
        for index, value in enumerate(schema):
            yield from numbers(value, f"{where}[{index}]")


def test_every_number_in_a_request_is_bounded(openapi_doc: dict) -> None:
    found = {
        where: schema
        for name, schema in request_schemas(openapi_doc).items()
        for where, schema in numbers(schema, name)
    }
    assert any(where.endswith(".seed") for where in found) and any(where.endswith(".deck") for where in found)
    for where, schema in found.items():
        if where.endswith("layouts"):  # bounded by the service's setting: over it is a 413
            assert "at most 2000 (more gives 413)" in schema["description"], where
        else:
            assert "maximum" in schema or "enum" in schema, where


def test_deck_is_an_enum_in_every_request(openapi_doc: dict) -> None:
    """``deck`` had no enum in the OpenAPI document."""
    decks = [
        schema
        for name, schema in request_schemas(openapi_doc).items()
        for where, schema in numbers(schema, name)
        if where.endswith(".deck")
    ]
    assert len(decks) >= 5 and all(deck["enum"] == sorted(DECKS) for deck in decks)


@pytest.mark.parametrize(
    "body, message",
    [
        ({**SIMULATION, "seed": MAX_SEED + 1}, f"seed: expected at most {MAX_SEED}, got {MAX_SEED + 1}"),
        ({**SIMULATION, "seed": -1}, "seed: expected at least 0, got -1"),
        ({**SIMULATION, "layouts": 0}, "layouts: expected at least 1, got 0"),
        ({**SIMULATION, "deck": 52}, "deck: 52 is not one of 24, 25, 32, 33"),
    ],
)
def test_numbers_out_of_bounds_are_refused(client: FlaskClient, body: dict, message: str) -> None:
    response = client.post("/api/v1/simulate", json=body, headers=HEADERS)
    assert response.status_code == 400 and response.get_json()["error"] == message


def test_the_largest_seed_is_taken(client: FlaskClient) -> None:
    response = client.post("/api/v1/simulate", json={**SIMULATION, "seed": MAX_SEED}, headers=HEADERS)
    assert response.status_code == 200 and response.get_json()["seed"] == MAX_SEED


@pytest.mark.parametrize(
    "config, message",
    [
        (
            {"HASEN_TIME_LIMIT": 1e10},
            f"HASEN_TIME_LIMIT (seconds per request) must be at most {MAX_TIME_LIMIT}, not 10000000000.0",
        ),
        ({"HASEN_TIME_LIMIT": float("nan")}, "HASEN_TIME_LIMIT (seconds per request) must be a number, not nan"),
        ({"HASEN_TIME_LIMIT": 10**400}, "HASEN_TIME_LIMIT (seconds per request) must be at most 3600, not 1000"),
        (
            {"HASEN_SIMULATE_LIMIT": MAX_LAYOUTS + 1},
            f"HASEN_SIMULATE_LIMIT (layouts per simulation) must be at most {MAX_LAYOUTS}, not {MAX_LAYOUTS + 1}",
        ),
        ({"HASEN_SOLVER_THREADS": 10**6}, "HASEN_SOLVER_THREADS (solver threads) must be at most 256"),
        ({"HASEN_CACHE_SIZE": 10**9}, "HASEN_CACHE_SIZE (cached answers) must be at most 100000"),
        ({"HASEN_BATCH_LIMIT": 10**9}, "HASEN_BATCH_LIMIT (items per batch) must be at most 10000"),
        ({"MAX_CONTENT_LENGTH": 2**40}, "MAX_CONTENT_LENGTH (bytes per request body) must be at most 16777216"),
    ],
)
def test_every_setting_has_a_maximum(config: dict, message: str) -> None:
    """A time limit of 1e10 s started, then answered 500 (OverflowError)."""
    with pytest.raises(ValueError) as refused:
        create_app(config)
    assert str(refused.value).startswith(message) and len(str(refused.value)) < 200


def test_the_time_limit_at_its_maximum_serves(client: FlaskClient) -> None:
    app = create_app({"HASEN_TIME_LIMIT": MAX_TIME_LIMIT, "TESTING": True})
    response = app.test_client().post(
        "/api/v1/table", json={"deal": "N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS", "declarer": "N"}, headers=HEADERS
    )
    assert response.status_code == 200
    app.extensions["hasen"].runner.shutdown()


def test_a_body_against_its_schema_points_at_the_member_in_error(client) -> None:
    """The problem details carry the JSON pointer (RFC 6901) of what broke the schema: a
    member of the wrong type, a key missing, a key not allowed, an item of a list."""
    cases = [
        ("table", {"deal": 3}, "/deal"),
        ("table", {"dealer": "N"}, "/deal"),
        ("table", {"deal": "x", "bogus": 1}, "/bogus"),
        ("table", [1], ""),
        ("record/step", {"dealer": "N", "play": ["AS", "XX"]}, "/play/1"),
        ("bid", {"known": {"Q": "AS"}, "hand": "AS", "seat": "N"}, "/known"),
    ]
    for endpoint, body, pointer in cases:
        answer = client.post(f"/api/v1/{endpoint}", json=body)
        assert answer.status_code == 400 and answer.get_json()["pointer"] == pointer, (body, answer.get_json())
