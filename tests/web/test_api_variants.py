"""The Euchre family over HTTP: ``variant``/``deck``, lone defence and settings in table
requests, ``POST /api/v1/bid``, their errors, and every answer against the OpenAPI
document. Expected numbers are the hand-worked examples of test_variants.py and
test_bidding.py."""

from __future__ import annotations

import json

import pytest
from examples import EUCHRE2_DEAL, EUCHRE_DEAL, HASENPFEFFER_DEAL, TOP_SPADES_DEAL
from flask.testing import FlaskClient
from openapi_schema_validator import OAS31Validator
from problems import assert_problem


def post(client: FlaskClient, path: str, body: dict) -> tuple[int, dict]:
    response = client.post(f"/api/v1/{path}", data=json.dumps(body), content_type="application/json")
    return response.status_code, response.get_json()


def documented(doc: dict, path: str, answer: dict) -> None:
    """The answer fits the document's 200 schema for the path."""
    schema = doc["paths"][f"/api/v1/{path}"]["post"]["responses"]["200"]["content"]["application/json"]["schema"]
    OAS31Validator({**schema, "components": doc["components"]}).validate(answer)


def test_two_handed_table(client, openapi_doc, euchre2):
    code, answer = post(client, "table", {"deal": euchre2.deal, "variant": "euchre2"})
    assert code == 200, answer
    assert (answer["variant"], answer["deck"], answer["upcard"]) == ("euchre2", 24, "AS")
    assert answer["declarers"]["S"]["tricks"] == {
        "S": {"AS": 5, "KD": 4, "QD": 4, "TD": 4, "9D": 4, "9C": 4, "value": 4},
        "H": 5,
        "D": 0,
        "C": 0,
    }
    documented(openapi_doc, "table", answer)


@pytest.mark.parametrize(
    "body",
    [
        {"deal": "N:..KQT9.9 T9.AKQ.. JK", "variant": "euchre2", "deck": 25},
        {"deal": "N:..KQT.97 T9.AK8.. 7S", "variant": "euchre2", "deck": 32, "declarer": "S"},
        {"deal": EUCHRE_DEAL, "variant": "euchre", "declarer": "E", "alone": True, "defender": "N"},
        {"deal": EUCHRE_DEAL, "variant": "euchre", "alone": True, "lone_lead": "dealer_left_skip_idle"},
        {"deal": HASENPFEFFER_DEAL, "declarer": "N", "alone": True, "defender": "w"},
        {"deal": HASENPFEFFER_DEAL, "declarer": "N", "alone": True, "lone_lead": "dealer_left_skip_idle"},
        {"deal": HASENPFEFFER_DEAL, "declarer": "N", "first_lead": "declarer"},
    ],
)
def test_table_options_are_answered_and_documented(client, openapi_doc, body):
    code, answer = post(client, "table", body)
    assert code == 200, answer
    documented(openapi_doc, "table", answer)
    if "defender" in body:
        assert answer["defender"] == body["defender"].upper()
    given = {k: body[k] for k in ("first_lead", "lone_lead") if k in body}
    assert answer.get("settings", {}) == given  # settings are echoed when given


def test_bid_two_handed(client, openapi_doc, euchre2):
    code, answer = post(client, "bid", {"deal": euchre2.deal, "variant": "euchre2"})
    assert code == 200, answer
    assert answer["par"]["score"] == {"S": 2, "N": 0}
    assert [(c["seat"], c["call"]) for c in answer["par"]["auction"]] == [("S", "pass"), ("N", "pass"), ("S", "name H")]
    documented(openapi_doc, "bid", answer)


def test_bid_hasenpfeffer_with_settings(client, openapi_doc):
    code, answer = post(client, "bid", {"deal": TOP_SPADES_DEAL, "dealer": "W", "bidding": "pepper"})
    assert code == 200, answer
    assert answer["par"]["contract"]["bid"] == "big pepper" and answer["par"]["score"] == {"N-S": 24, "E-W": 0}
    assert answer["settings"]["bidding"] == "pepper"
    documented(openapi_doc, "bid", answer)


@pytest.mark.parametrize(
    "body",
    [
        {"deal": EUCHRE_DEAL, "variant": "euchre", "all_pass": "stick_the_dealer"},
        {"deal": "N:A.K..AQJ .AQ.AT.K T9.T9.9. QJ.J.Q.9 JK", "variant": "euchre", "deck": 25},
        {"deal": HASENPFEFFER_DEAL, "defenders_score": True, "fail_penalty": "pepper", "all_pass": "joker_bids_3"},
    ],
)
def test_bid_answers_are_documented(client, openapi_doc, body):
    code, answer = post(client, "bid", body)
    assert code == 200, answer
    documented(openapi_doc, "bid", answer)


def test_bid_is_cached_per_settings(client, euchre2):
    body = {"deal": euchre2.deal, "variant": "euchre2", "dealer": "S"}
    first = client.post("/api/v1/bid", json=body)
    again = client.post("/api/v1/bid", json={**body, "deal": "S:T9.AKQ.. ..KQT9.9 AS"})  # the same deal
    other = client.post("/api/v1/bid", json={**body, "all_pass": "stick_the_dealer"})
    assert first.headers["X-Cache"] == "miss" and again.headers["X-Cache"] == "hit"
    assert other.headers["X-Cache"] == "miss"
    assert first.get_json() == again.get_json()


def test_batch_takes_euchre_items(client, openapi_doc, euchre2):
    items = [{"deal": euchre2.deal, "variant": "euchre2"}, {"deal": euchre2.deal}]
    code, answer = post(client, "batch", {"items": items})
    assert code == 200
    assert answer["results"][0]["variant"] == "euchre2"
    assert "pass --variant euchre2" in answer["results"][1]["error"]
    documented(openapi_doc, "batch", answer)


@pytest.mark.parametrize(
    "path, body, message",
    [
        (
            "table",
            {"deal": EUCHRE_DEAL},
            "deal: N holds 5 cards, expected 6: 'A.K..AQJ' (5-card hands in 5 fields fit "
            "euchre or railroad: pass --variant euchre or --variant railroad, or "
            '"variant" in the API)',
        ),
        ("bid", {"deal": EUCHRE2_DEAL}, "fit euchre2"),
        (
            "table",
            {"deal": EUCHRE2_DEAL, "variant": "bridge"},
            "variant: 'bridge' is not one of hasenpfeffer, euchre2, euchre",
        ),
        ("table", {"deal": EUCHRE2_DEAL, "variant": "euchre2", "deck": 52}, "deck: 52 is not one of 24, 25, 32, 33"),
        (
            "table",
            {"deal": HASENPFEFFER_DEAL, "variant": "hasenpfeffer", "deck": 24},
            "deck: hasenpfeffer is played with 25 cards, not 24",
        ),
        (
            "table",
            {"deal": EUCHRE2_DEAL, "variant": "euchre2", "deck": "24"},
            "deck: expected an integer, got a string",
        ),
        (
            "table",
            {"deal": EUCHRE2_DEAL, "variant": "euchre2", "deck": True},
            "deck: expected an integer, got a boolean",
        ),
        ("table", {"deal": EUCHRE2_DEAL, "variant": "euchre2", "alone": True}, "alone: euchre2 has no partners"),
        (
            "table",
            {"deal": EUCHRE2_DEAL, "variant": "euchre2", "lone_lead": "left_of_loner"},
            "lone_lead: euchre2 has no partners",
        ),
        (
            "table",
            {"deal": EUCHRE_DEAL, "variant": "euchre", "alone": True, "defender": "N"},
            "defender: a lone defender needs the declarer too",
        ),
        ("table", {"deal": HASENPFEFFER_DEAL, "declarer": "N", "defender": "E"}, "only against a lone declarer"),
        (
            "table",
            {"deal": HASENPFEFFER_DEAL, "declarer": "N", "alone": True, "defender": "Q"},
            "defender: 'Q' is not one of N, E, S, W (either case)",
        ),
        (
            "table",
            {"deal": HASENPFEFFER_DEAL, "first_lead": "whoever"},
            "first_lead: 'whoever' is not one of dealer_left, declarer",
        ),
        ("table", {"deal": HASENPFEFFER_DEAL, "all_pass": "redeal"}, "body: unknown key 'all_pass'"),
        (
            "bid",
            {"deal": EUCHRE2_DEAL, "variant": "euchre2", "fail_penalty": "tricks"},
            "fail_penalty: a hasenpfeffer setting, which euchre2 does not have (got 'tricks')",
        ),
        (
            "bid",
            {"deal": HASENPFEFFER_DEAL, "joker_upcard": "redeal"},
            "joker_upcard: a euchre setting, which hasenpfeffer does not have (got 'redeal')",
        ),
        (
            "bid",
            {"deal": HASENPFEFFER_DEAL, "defenders_score": "yes"},
            "defenders_score: expected a boolean, got a string",
        ),
        ("bid", {"deal": HASENPFEFFER_DEAL, "alone": True}, "body: unknown key 'alone'"),
        # a hand of a size no game deals: no game to hint at
        (
            "simulate",
            {"seat": "N", "hand": "AS KS QS", "dealer": "W", "widow": "KH"},
            "hand: N holds 6 cards of the hasenpfeffer (25 cards) deck, not AS KS QS",
        ),
        # the other game's extra card, in the questions asked from one seat's cards
        (
            "simulate",
            {"seat": "N", "hand": "A.K..AQJ*", "dealer": "W", "upcard": "KS"},
            'upcard: hasenpfeffer has no upcard (give "widow")',
        ),
        (
            "lead",
            {"seat": "N", "hand": "A.K..AQJ*", "dealer": "W", "declarer": "E", "trump": "D", "upcard": "KS"},
            "upcard: hasenpfeffer has no upcard (the widow is not seen by the leader)",
        ),
        (
            "bid",
            {"seat": "N", "hand": "A.K..AQJ*", "dealer": "W", "upcard": "KS"},
            "upcard: hasenpfeffer has no upcard (the widow is not seen by the bidder)",
        ),
        # the seat's cards from a deal, or from its hand: both given, the hand was dropped
        (
            "bid",
            {"seat": "E", "variant": "euchre", "deal": EUCHRE_DEAL, "hand": "AS AH AD AC KS", "layouts": 5},
            'hand: give a "deal", or the seat\'s "hand" and "upcard" with "dealer", not both',
        ),
        (
            "simulate",
            {"seat": "N", "deal": HASENPFEFFER_DEAL, "dealer": "W", "widow": "KS"},
            'widow: give a "deal", or the seat\'s "hand" and "widow" with "dealer", not both',
        ),
        (
            "lead",
            {"seat": "N", "deal": HASENPFEFFER_DEAL, "dealer": "W", "declarer": "E", "trump": "D", "hand": "A.K..AQJ*"},
            'hand: give a "deal", or the seat\'s "hand" with "dealer", not both',
        ),
        # two names of one seat: the cards of one were dropped
        (
            "simulate",
            {"seat": "N", "hand": "A.K..AQJ*", "dealer": "W", "widow": "KS", "known": {"e": "AH", "E": "KD"}},
            "known: 'e' and 'E' are one seat, E: list its cards once",
        ),
        ("bid", {"dealer": "N"}, "body: missing key 'deal'"),
    ],
)
def test_errors_name_the_problem(client, path, body, message):
    code, answer = post(client, path, body)
    assert code == 400, answer
    assert message in assert_problem(answer, 400)


HASEN_N = {"deal": HASENPFEFFER_DEAL, "dealer": "W", "declarer": "N"}


@pytest.mark.parametrize(
    ("body", "trump", "discard", "canonical"),
    [
        (HASEN_N, "C", "K♥", ("C", "KH")),
        (HASEN_N, "C", " KH", ("C", "KH")),
        (HASEN_N, "♣", "*", ("C", "JK")),
        (HASEN_N, "c", "kh", ("C", "KH")),
        ({"deal": EUCHRE_DEAL, "dealer": "N", "declarer": "E", "variant": "euchre"}, "♠", "a♣", ("S", "AC")),
        ({"deal": EUCHRE2_DEAL, "dealer": "N", "declarer": "S", "variant": "euchre2"}, "s", "9♣", ("S", "9C")),
    ],
    ids=["K♥", "space KH", "*", "lower case", "euchre a♣", "euchre2 9♣"],
)
def test_a_discard_in_another_spelling_is_answered_in_the_canonical_one(
    client, body: dict, trump: str, discard: str, canonical: tuple[str, str]
) -> None:
    """A page's link passes the contract as typed: the answer names it as the notation writes
    it, with the canonical contract's values (the page's journey with such a link is in
    test_browser.py)."""
    spelled = {**body, "trump": trump, "discard": discard, "played": ""}
    code, answer = post(client, "solve", spelled)
    assert code == 200, answer
    assert (answer["trump"], answer["discard"]) == canonical
    code, plain = post(client, "solve", {**body, "trump": canonical[0], "discard": canonical[1], "played": ""})
    assert code == 200 and plain["choices"] == answer["choices"]
