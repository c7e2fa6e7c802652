"""Every /api/v1 endpoint and every class of error, through Flask's test client."""

from __future__ import annotations

import json
import sys
import time

import pytest
from examples import HASENPFEFFER_DEAL, HASENPFEFFER_DEALER, Example
from flask import Flask
from flask.testing import FlaskClient
from problems import PROBLEM_TYPE, assert_problem

from hasen.analysis.position import analyze_position, position
from hasen.api import create_app
from hasen.core import strict_json
from hasen.core.version import __version__
from hasen.games.hasenpfeffer.game import Hasenpfeffer
from hasen.games.hasenpfeffer.table import analyze_table
from hasen.notation.inputs import make_contract
from hasen.search import USING_EXTENSION

TABLE = {"deal": HASENPFEFFER_DEAL, "dealer": HASENPFEFFER_DEALER, "declarer": "N"}
SOLVE = {
    "deal": HASENPFEFFER_DEAL,
    "dealer": HASENPFEFFER_DEALER,
    "declarer": "N",
    "trump": "C",
    "discard": "KH",
    "played": "JC KC TC 9C | AS",
}
LAST_TRICK = {**SOLVE, "played": "JC KC TC 9C | AS AD 9S QS | JK AH 9D JS | AC KD 9H JD | KS QH TS JH"}


def post(client: FlaskClient, path: str, body) -> tuple[int, dict]:
    data = body if isinstance(body, (bytes, str)) else json.dumps(body)
    response = client.post(f"/api/v1/{path}", data=data, content_type="application/json")
    return response.status_code, response.get_json()


def error_of(client: FlaskClient, path: str, body, status: int = 400) -> str:
    code, answer = post(client, path, body)
    assert code == status, answer
    return assert_problem(answer, status)


# --- answers --------------------------------------------------------------------------------


def test_table_is_the_cli_json(client: FlaskClient, hasenpfeffer: Example) -> None:
    code, answer = post(client, "table", TABLE)
    assert code == 200
    assert answer == analyze_table(hasenpfeffer.deal, hasenpfeffer.dealer, declarer="N").to_json()
    assert answer["declarers"]["N"]["best"] == {"trump": "C", "discard": "KH", "tricks": 6}
    assert answer["version"] == __version__


def test_table_for_all_declarers_alone(client: FlaskClient, hasenpfeffer: Example) -> None:
    code, answer = post(client, "table", {"deal": hasenpfeffer.deal, "alone": True})
    assert code == 200
    assert answer == analyze_table(hasenpfeffer.deal, alone=True).to_json()
    assert list(answer["declarers"]) == ["N", "E", "S", "W"]
    assert answer["dealer"] == "N"  # the deal string's first seat


def test_table_keys_keep_the_solver_order(client: FlaskClient) -> None:
    response = client.post("/api/v1/table", json=TABLE)
    text = response.get_data(as_text=True)
    # trumps S H D C, and discards in canonical card order, not alphabetical
    assert text.index('"S":') < text.index('"H":') < text.index('"D":') < text.index('"C":')
    assert text.index('"KS"') < text.index('"KH"') < text.index('"AC"')


def test_solve_matches_the_library(client: FlaskClient, hasenpfeffer: Example) -> None:
    code, answer = post(client, "solve", SOLVE)
    assert code == 200
    state = position(hasenpfeffer.deal, make_contract("N", "C", "KH"), SOLVE["played"], dealer="W")
    assert answer == analyze_position(state).to_json()
    assert (answer["to_move"], answer["taken"], answer["total"]) == ("E", 1, 6)
    assert answer["choices"] and min(c["cost"] for c in answer["choices"]) == 0


def test_solve_defaults_to_the_opening_lead(client: FlaskClient) -> None:
    body = {k: v for k, v in SOLVE.items() if k != "played"}
    code, answer = post(client, "solve", body)
    assert code == 200
    assert (answer["played"], answer["to_move"], answer["total"]) == ("", "N", 6)


def test_batch_answers_in_order_and_isolates_bad_items(client: FlaskClient, hasenpfeffer: Example) -> None:
    items = [TABLE, 7, {"deal": "N:nonsense"}, {**TABLE, "declarer": "E", "alone": True}, {**TABLE, "color": "red"}]
    code, answer = post(client, "batch", {"items": items})
    assert code == 200 and answer["version"] == __version__
    results = answer["results"]
    assert len(results) == len(items)
    assert results[0] == analyze_table(hasenpfeffer.deal, hasenpfeffer.dealer, declarer="N").to_json()
    assert results[1] == {"index": 1, "error": "item: expected an object, got a number"}
    assert results[2]["index"] == 2 and "deal: " in results[2]["error"]
    assert results[3] == analyze_table(hasenpfeffer.deal, hasenpfeffer.dealer, declarer="E", alone=True).to_json()
    assert results[4] == {
        "index": 4,
        "error": "item: unknown key 'color' (allowed: deal, dealer, declarer, "
        "alone, variant, deck, defender, first_lead, lone_lead, call_for_best, "
        "joker_upcard)",
    }


def test_empty_batch(client: FlaskClient) -> None:
    assert post(client, "batch", {"items": []}) == (200, {"version": __version__, "results": []})


def test_health(client: FlaskClient) -> None:
    response = client.get("/api/v1/health")
    answer = response.get_json()
    assert response.status_code == 200
    assert answer["status"] == "ok" and answer["version"] == __version__
    assert answer["extension"] is USING_EXTENSION
    assert answer["busy"] == 0 and answer["threads"] >= 1
    assert answer["cache"]["capacity"] == 1024


def test_openapi_is_served(client: FlaskClient) -> None:
    response = client.get("/api/v1/openapi.json")
    assert response.status_code == 200
    doc = response.get_json()
    assert doc["openapi"].startswith("3.") and doc["info"]["version"] == __version__
    assert set(doc["paths"]) == {
        f"/api/v1/{p}"
        for p in (
            "table",
            "bid",
            "solve",
            "review",
            "batch",
            "simulate",
            "lead",
            "record",
            "record/step",
            "egn",
            "night",
            "night/review",
            "night/report",
            "odds",
            "health",
            "openapi.json",
        )
    }


def test_the_rest_of_the_site_keeps_html_errors(client: FlaskClient) -> None:
    # / is the review page (tests/web/test_page.py); other paths outside the API are ordinary 404s
    response = client.get("/no-such-page")
    assert response.status_code == 404 and not response.is_json


# --- the cache ------------------------------------------------------------------------------


def test_cache_answers_the_same_canonical_request(client: FlaskClient) -> None:
    first = client.post("/api/v1/table", json=TABLE)
    # the same deal and dealer written differently: lower case, other first seat, no widow
    same = {"deal": "w:qj.j.qj.9 a.k..aqj* .aq.akt.k t9.t9.9.t", "declarer": "n"}
    second = client.post("/api/v1/table", json=same)
    assert (first.headers["X-Cache"], second.headers["X-Cache"]) == ("miss", "hit")
    assert first.get_json() == second.get_json()
    stats = client.get("/api/v1/health").get_json()["cache"]
    assert (stats["size"], stats["hits"], stats["misses"]) == (1, 1, 1)


def test_cache_tells_requests_apart(client: FlaskClient) -> None:
    headers = [
        client.post("/api/v1/table", json=body).headers["X-Cache"]
        for body in (TABLE, {**TABLE, "alone": True}, {**TABLE, "dealer": "N"})
    ]
    assert headers == ["miss"] * 3
    solves = [
        client.post("/api/v1/solve", json=body).headers["X-Cache"]
        for body in (SOLVE, {**SOLVE, "played": "JC KC TC 9C AS"}, {**SOLVE, "played": "JC"})
    ]
    assert solves == ["miss", "hit", "miss"]  # '|' is only checked, not part of the position


@pytest.mark.app_config(HASEN_CACHE_SIZE=2)
def test_cache_is_bounded(client: FlaskClient) -> None:
    for dealer in "NESW":
        client.post("/api/v1/table", json={**TABLE, "dealer": dealer})
    assert client.get("/api/v1/health").get_json()["cache"]["size"] == 2
    # the oldest went first; the newest is still there
    assert client.post("/api/v1/table", json={**TABLE, "dealer": "N"}).headers["X-Cache"] == "miss"
    assert client.post("/api/v1/table", json={**TABLE, "dealer": "W"}).headers["X-Cache"] == "hit"


@pytest.mark.app_config(HASEN_CACHE_SIZE=0)
def test_cache_can_be_turned_off(client: FlaskClient) -> None:
    headers = [client.post("/api/v1/table", json=TABLE).headers["X-Cache"] for _ in range(2)]
    assert headers == ["miss", "miss"]


def test_a_request_twice_in_one_batch_is_solved_once(client: FlaskClient, monkeypatch) -> None:
    calls = []

    real = Hasenpfeffer.table

    def counted(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(Hasenpfeffer, "table", counted)
    code, answer = post(client, "batch", {"items": [TABLE, TABLE]})
    assert code == 200 and answer["results"][0] == answer["results"][1]
    assert len(calls) == 1


def test_batch_items_share_the_cache(client: FlaskClient) -> None:
    client.post("/api/v1/table", json=TABLE)
    post(client, "batch", {"items": [TABLE, TABLE]})
    assert client.get("/api/v1/health").get_json()["cache"]["hits"] == 2


# --- bad input: 400 -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "body, message",
    [
        (b"", "body: empty; expected a JSON object"),
        (b"{", "body: malformed JSON: Expecting property name enclosed in double quotes at line 1 column 2"),
        (
            b'{"deal": "x",}',
            "body: malformed JSON: Expecting property name enclosed in double quotes at line 1 column 14",
        ),
        (b"\xff\xfe", "body: not UTF-8 (byte 0)"),
        (b"[" * 5000, "body: malformed JSON: nested too deeply"),
        (b'{"deal": NaN}', "body: malformed JSON: NaN is not a JSON number"),
        (
            b'{"deal": 1' + b"0" * 5000 + b"}",
            f"body: malformed JSON: a whole number of more than {sys.get_int_max_str_digits()} digits",
        ),
        (
            b'{"deal": 1e100000000}',
            f"body: malformed JSON: 1e100000000: a whole number of more than {sys.get_int_max_str_digits()} digits",
        ),
        (b'{"deal": 1' + b"0" * 400 + b".5}", "body: malformed JSON: 10000000000000000000...: a number too large"),
        # an exponent beyond what a decimal holds: it was a 500
        (b'{"deal": 1e9999999999999999999}', "body: malformed JSON: 1e999999999999999999...: a number too large"),
        (b'{"deal": "a", "deal": "b"}', "body: key 'deal' appears twice in one object"),
    ],
)
def test_malformed_json(client: FlaskClient, body: bytes, message: str) -> None:
    assert error_of(client, "table", body).startswith(message)


def test_a_byte_order_mark_is_skipped_in_a_body_and_in_a_record(client: FlaskClient) -> None:
    """JSON lets a reader skip a byte order mark, and a record's text copied from a file may
    start with one: each was refused (in Python's words, or as an unknown field)."""
    deal = b'{"deal": "N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS"}'
    answer = client.post("/api/v1/table", data=b"\xef\xbb\xbf" + deal, content_type="application/json")
    assert answer.status_code == 200 and answer.get_json()["deal"].startswith("N:")
    record = "\ufeffvariant: euchre2; dealer: N; deal: N:..KQT9.9 T9.AKQ.. AS"
    answer = client.post("/api/v1/record", json={"record": record})
    assert answer.status_code == 200 and answer.get_json()["record"]["variant"] == "euchre2"


@pytest.mark.parametrize(
    "body, message",
    [
        ([TABLE], "body: expected an object, got an array"),
        ("null", "body: expected an object, got null"),
        ({"deal": 5}, "deal: expected a string, got a number"),
        ({**TABLE, "dealer": None}, "dealer: expected a string, got null"),
        ({**TABLE, "declarer": ["N"]}, "declarer: expected a string, got an array"),
        ({**TABLE, "alone": "true"}, "alone: expected a boolean, got a string"),
        ({**TABLE, "alone": 1}, "alone: expected a boolean, got a number"),
        ({**TABLE, "deal": "x" * 300}, "deal: 300 characters, at most 256"),
    ],
)
def test_wrong_types(client: FlaskClient, body, message: str) -> None:
    assert error_of(client, "table", body).startswith(message)


@pytest.mark.parametrize(
    "path, body, message",
    [
        (
            "table",
            {**TABLE, "trump": "C"},
            "body: unknown key 'trump' (allowed: deal, dealer, declarer, alone, "
            "variant, deck, defender, first_lead, lone_lead, call_for_best, joker_upcard)",
        ),
        (
            "solve",
            {**SOLVE, "Played": "JC"},
            "body: unknown key 'Played' (allowed: deal, dealer, declarer, trump, discard, alone, variant, deck, "
            "defender, best, defender_best, first_lead, lone_lead, call_for_best, joker_upcard, played)",
        ),
        ("batch", {"items": [], "limit": 3}, "body: unknown key 'limit' (allowed: items)"),
        ("table", {"dealer": "W"}, "body: missing key 'deal' (required: deal)"),
        (
            "solve",
            {"deal": HASENPFEFFER_DEAL, "declarer": "N", "trump": "C"},
            "body: missing key 'discard' (required: deal, declarer, trump, discard)",
        ),
        ("batch", {}, "body: missing key 'items' (required: items)"),
        ("batch", {"items": {"0": TABLE}}, "items: expected an array, got an object"),
    ],
)
def test_unknown_and_missing_keys(client: FlaskClient, path: str, body, message: str) -> None:
    assert error_of(client, path, body) == message


@pytest.mark.parametrize(
    "path, body, message",
    [
        (
            "table",
            {"deal": "N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS JK"},
            "deal: hasenpfeffer expects 4 or 5 fields",
        ),
        ("table", {"deal": "N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9X"}, "not a rank: 'X'"),
        ("table", {**TABLE, "dealer": "north"}, "dealer: 'north' is not one of N, E, S, W (either case)"),
        ("table", {**TABLE, "declarer": "Q"}, "declarer: 'Q' is not one of N, E, S, W (either case)"),
        ("solve", {**SOLVE, "trump": "NT"}, "trump: 'NT' is not one of S, H, D, C (either case) or ♠ ♥ ♦ ♣"),
        ("solve", {**SOLVE, "discard": "KK"}, "discard: 'KK' is not a card: rank then suit, like AS, 10H or 9♣, or JK"),
        ("solve", {**SOLVE, "played": "JC KC ZZ"}, "play: group 1: not a card: 'ZZ'"),
    ],
)
def test_bad_notation(client: FlaskClient, path: str, body, message: str) -> None:
    assert message in error_of(client, path, body)


@pytest.mark.parametrize(
    "path, body, message",
    [
        ("table", {"deal": "N:K.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS"}, "the widow KS is also in N's hand"),
        ("table", {"deal": "N:A.K..AQJ .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS"}, "N holds 5 cards, expected 6"),
        ("solve", {**SOLVE, "discard": "AH"}, "discard: AH is neither in N's hand nor the widow"),
        ("solve", {**SOLVE, "played": "JC KC TC QD"}, "play: trick 1, W must follow C (led JC) with JS 9C, not QD"),
        ("solve", {**SOLVE, "played": "AH"}, "play: trick 1, N does not hold AH"),
        ("solve", {**SOLVE, "played": "JC KC | TC 9C"}, "does not end a trick"),
    ],
)
def test_impossible_positions(client: FlaskClient, path: str, body, message: str) -> None:
    assert message in error_of(client, path, body)


def test_a_body_must_be_sent_as_json(client: FlaskClient) -> None:
    # curl -d sends application/x-www-form-urlencoded, as a form on another site would: the
    # answer says what to send instead
    response = client.post("/api/v1/table", data=json.dumps(TABLE), content_type="application/x-www-form-urlencoded")
    assert response.status_code == 415
    assert response.get_json()["error"] == (
        "Content-Type: expected application/json, got "
        "'application/x-www-form-urlencoded' (with curl: -H "
        "'Content-Type: application/json')"
    )


@pytest.mark.parametrize(
    "method, path, status",
    [
        ("get", "/api/v1/table", 405),
        ("post", "/api/v1/health", 405),
        ("get", "/api/v1/tables", 404),
        ("get", "/api/v2/table", 404),
    ],
)
def test_unknown_routes_are_json(client: FlaskClient, method: str, path: str, status: int) -> None:
    response = getattr(client, method)(path)
    assert response.status_code == status
    assert_problem(response.get_json(), status) and response.mimetype == PROBLEM_TYPE


def test_an_unexpected_failure_is_json_without_a_traceback(app: Flask, monkeypatch) -> None:
    def broken(*args, **kwargs):
        raise RuntimeError("secret internals")

    monkeypatch.setattr(Hasenpfeffer, "table", broken)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    response = app.test_client().post("/api/v1/table", json=TABLE)
    assert response.status_code == 500
    assert "secret" not in response.get_data(as_text=True)
    assert response.get_json()["error"].startswith("Internal Server Error")


# --- limits: 413 and 503 --------------------------------------------------------------------


@pytest.mark.app_config(MAX_CONTENT_LENGTH=100)
def test_body_over_the_size_limit(client: FlaskClient) -> None:
    body = {"items": [TABLE]}
    assert error_of(client, "batch", body, 413) == "body: more than 100 bytes (MAX_CONTENT_LENGTH)"


@pytest.mark.app_config(HASEN_BATCH_LIMIT=3)
def test_batch_over_the_item_limit(client: FlaskClient) -> None:
    message = error_of(client, "batch", {"items": [TABLE] * 4}, 413)
    assert message == "items: 4 items, at most 3 per batch (HASEN_BATCH_LIMIT)"
    assert post(client, "batch", {"items": [TABLE] * 3})[0] == 200


def test_a_whole_number_is_one_however_written(client: FlaskClient) -> None:
    """JSON has one kind of number: 4.0 and 4e0 layouts are 4, the same answer as 4; a
    fraction is no count; a huge one is over the limit, said in digits, not in full."""
    body = {"seat": "N", "hand": "A.K..AQJ*", "widow": "KS", "dealer": "W", "layouts": 4, "seed": 3}
    status, plain = post(client, "simulate", body)
    assert status == 200 and plain["layouts"] == 4
    for written in ('"layouts": 4.0', '"layouts": 4e0', '"layouts": 40E-1'):
        text = json.dumps(body).replace('"layouts": 4', written).replace('"seed": 3', '"seed": 3.0')
        response = client.post("/api/v1/simulate", data=text, content_type="application/json")
        assert response.status_code == 200 and response.get_json() == plain, written
    assert error_of(client, "simulate", {**body, "layouts": 4.5}).startswith("layouts: expected an integer")
    # exactly the whole number written, past a float's 53 bits too
    assert strict_json.loads("[9007199254740993.0, 1e400, -0.0, 0.25, 0e999999999]") == [2**53 + 1, 10**400, 0, 0.25, 0]
    message = error_of(client, "simulate", {**body, "layouts": 1e308}, 413)
    assert message == "layouts: a number of 309 digits, at most 2000 per simulation (HASEN_SIMULATE_LIMIT)"


def wait_until_idle(client: FlaskClient) -> dict:
    """Health, once no analysis is running; bounded, so a stuck job fails the test."""
    for _ in range(500):
        health = client.get("/api/v1/health").get_json()
        if health["busy"] == 0:
            return health
        time.sleep(0.01)
    raise AssertionError(f"analyses still running: {health}")


def endless(*args, progress=None, checkpoint=None, **kwargs):
    """An analysis that never ends by itself: it only stops when its checkpoint says so."""
    while True:
        (progress or (lambda done, total: checkpoint()))(0, 1)
        time.sleep(0.001)


@pytest.mark.parametrize(
    "path, body, target",
    [
        ("table", {"deal": HASENPFEFFER_DEAL}, "hasen.games.hasenpfeffer.game.Hasenpfeffer.table"),
        ("solve", SOLVE, "hasen.games.base.Game.solve"),
        (
            "batch",
            {"items": [{"deal": HASENPFEFFER_DEAL, "dealer": d} for d in "NESW"]},
            "hasen.games.hasenpfeffer.game.Hasenpfeffer.table",
        ),
    ],
)
@pytest.mark.app_config(HASEN_TIME_LIMIT=0.05, HASEN_SOLVER_THREADS=1)
def test_time_limit_gives_503_and_the_server_recovers(
    client: FlaskClient, monkeypatch, path: str, body, target: str
) -> None:
    with monkeypatch.context() as patch:
        patch.setattr(target, endless)
        response = client.post(f"/api/v1/{path}", json=body)
        assert response.status_code == 503
        assert "longer than the limit of 0.05 s" in response.get_json()["error"]
        assert response.headers["Retry-After"]
        assert client.get("/api/v1/health").status_code == 200
        wait_until_idle(client)  # the abandoned analysis stopped and freed its only thread
    # the one solver thread answers again (an analysis short enough for any build)
    assert post(client, "solve", LAST_TRICK)[0] == 200


# --- configuration --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "config, message",
    [
        ({"HASEN_TIME_LIMIT": 0}, "HASEN_TIME_LIMIT (seconds per request) must be above 0"),
        ({"HASEN_TIME_LIMIT": "10"}, "HASEN_TIME_LIMIT (seconds per request) must be a number"),
        ({"HASEN_CACHE_SIZE": -1}, "HASEN_CACHE_SIZE (cached answers) must be at least 0"),
        ({"HASEN_BATCH_LIMIT": 2.5}, "HASEN_BATCH_LIMIT (items per batch) must be an integer"),
        ({"HASEN_SOLVER_THREADS": True}, "HASEN_SOLVER_THREADS (solver threads) must be an integer"),
    ],
)
def test_bad_configuration_is_refused(config: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        create_app(config)


@pytest.mark.app_config(HASEN_BATCH_LIMIT=7)
def test_limits_appear_in_the_openapi_document(openapi_doc: dict) -> None:
    assert openapi_doc["components"]["schemas"]["BatchRequest"]["properties"]["items"]["maxItems"] == 7
