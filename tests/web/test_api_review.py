"""POST /api/v1/review through Flask's test client: answers, the cache, every error class."""

from __future__ import annotations

import time

import pytest
from examples import HASENPFEFFER_DEAL, HASENPFEFFER_DEALER, HASENPFEFFER_LINE, Example
from flask import Flask
from flask.testing import FlaskClient
from problems import assert_problem

from hasen.analysis.review import review_play
from hasen.games import GAMES
from hasen.notation.inputs import make_contract

HASENPFEFFER_GAME = GAMES["hasenpfeffer"]

PLAY = "AS AD 9S QS | JC KC TC 9C | JK AH 9D JS"
REVIEW = {
    "deal": HASENPFEFFER_DEAL,
    "dealer": HASENPFEFFER_DEALER,
    "declarer": "N",
    "trump": "C",
    "discard": "KH",
    "play": PLAY,
}


def error_of(client: FlaskClient, body, status: int = 400) -> str:
    response = client.post("/api/v1/review", json=body)
    assert response.status_code == status, response.get_json()
    answer = response.get_json()
    return assert_problem(answer, status)


def test_review_is_the_library_answer(client: FlaskClient, hasenpfeffer: Example) -> None:
    response = client.post("/api/v1/review", json=REVIEW)
    assert response.status_code == 200
    expected = review_play(
        hasenpfeffer.deal, make_contract("N", "C", "KH"), PLAY, HASENPFEFFER_GAME, dealer=hasenpfeffer.dealer
    )
    answer = response.get_json()
    assert answer == expected.to_json()
    assert [c["cost"] for c in answer["cards"][:2]] == [1, 1]  # AS led early; AD not ruffed


def test_alone_and_an_empty_record(client: FlaskClient) -> None:
    response = client.post("/api/v1/review", json={**REVIEW, "alone": True, "play": ""})
    answer = response.get_json()
    assert response.status_code == 200
    assert answer["alone"] is True and answer["cards"] == [] and answer["to_move"] == "E"
    assert set(answer["players"]) == {"N", "E", "W"}


def test_cache_answers_the_same_record_however_written(client: FlaskClient, hasenpfeffer: Example) -> None:
    first = client.post("/api/v1/review", json=REVIEW)
    same = {**REVIEW, "deal": hasenpfeffer.deal.lower(), "trump": "c", "play": PLAY.replace(" | ", " ").lower()}
    second = client.post("/api/v1/review", json=same)
    assert (first.headers["X-Cache"], second.headers["X-Cache"]) == ("miss", "hit")
    assert first.get_json() == second.get_json()
    other = client.post("/api/v1/review", json={**REVIEW, "play": "JC"})
    assert other.headers["X-Cache"] == "miss"


@pytest.mark.parametrize(
    "change, message",
    [
        ({"play": "AS AD 9S 9C"}, "play: trick 1, W must follow S (led AS) with QS, not 9C"),  # JS: left bower
        ({"play": "AS KH"}, "play: trick 1, E does not hold KH"),
        ({"play": "AS AD | 9S"}, "play: '|' after AD does not end a trick (trick 1 has 2 of 4 cards)"),
        # alone, the partner out: E leads a trick of three cards
        ({"alone": True, "play": "AD QD | 9D"}, "play: '|' after QD does not end a trick (trick 1 has 2 of 3 cards)"),
        ({"play": "AS XX"}, "play: group 1: not a card: 'XX'"),
        ({"discard": "AH"}, "discard: AH is neither in N's hand nor the widow"),
        ({"trump": "N"}, "trump: 'N' is not one of S, H, D, C"),
        ({"declarer": "Q"}, "declarer: 'Q' is not one of N, E, S, W"),
        ({"deal": "N:A.K"}, "deal: "),
        ({"play": 7}, "play: expected a string, got a number"),
        ({"alone": "yes"}, "alone: expected a boolean, got a string"),
        ({"played": "AS"}, "body: 'played' and its older name 'play' both given; give one"),
        (
            {"playd": "AS"},
            "body: unknown key 'playd' (allowed: deal, dealer, declarer, trump, discard, alone, "
            "variant, deck, defender, best, defender_best, first_lead, lone_lead, call_for_best, "
            "joker_upcard, played, play)",
        ),
    ],
)
def test_bad_input_is_a_400_naming_the_problem(client: FlaskClient, change: dict, message: str) -> None:
    assert error_of(client, {**REVIEW, **change}).startswith(message)


def test_the_record_is_required(client: FlaskClient) -> None:
    body = {k: v for k, v in REVIEW.items() if k != "play"}
    assert error_of(client, body) == "body: missing key 'played' (the play record; 'play' is its older name)"


def test_the_record_has_the_same_name_as_in_solve(client: FlaskClient) -> None:
    # "played", as /solve and every answer call it; "play", its older name, gives the same
    body = {k: v for k, v in REVIEW.items() if k != "play"}
    newer = client.post("/api/v1/review", json={**body, "played": REVIEW["play"]})
    assert newer.status_code == 200
    assert newer.get_json() == client.post("/api/v1/review", json=REVIEW).get_json()


def test_malformed_json(client: FlaskClient) -> None:
    response = client.post("/api/v1/review", data="{", content_type="application/json")
    assert response.status_code == 400 and response.get_json()["error"].startswith("body: malformed JSON")


@pytest.mark.app_config(MAX_CONTENT_LENGTH=100)
def test_body_over_the_size_limit(client: FlaskClient) -> None:
    assert error_of(client, REVIEW, 413) == "body: more than 100 bytes (MAX_CONTENT_LENGTH)"


def endless(*args, checkpoint=None, **kwargs):
    """A review that never ends by itself: it stops only when its checkpoint says so."""
    while True:
        checkpoint()
        time.sleep(0.001)


@pytest.mark.app_config(HASEN_TIME_LIMIT=0.05, HASEN_SOLVER_THREADS=1)
def test_time_limit_gives_503_and_the_server_recovers(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    with monkeypatch.context() as patch:
        patch.setattr("hasen.games.base.Game.review", endless)
        message = error_of(client, REVIEW, 503)
        assert "longer than the limit of 0.05 s" in message
    for _ in range(500):  # bounded: the abandoned review stops at its next checkpoint
        if client.get("/api/v1/health").get_json()["busy"] == 0:
            break
        time.sleep(0.01)
    # the one solver thread answers again (a solve short enough for any build, even under 0.05 s)
    last_trick = "JC KC TC 9C | AS AD 9S QS | JK AH 9D JS | AC KD 9H JD | KS QH TS JH"
    solve = {k: v for k, v in REVIEW.items() if k != "play"}
    assert client.post("/api/v1/solve", json={**solve, "played": last_trick}).status_code == 200


# --- hostile records ---------------------------------------------------------------------------

# what play records are made of, and some of what they are not
ALPHABET = list("AKQJT98SHDC*|, 10\t\n♠♥♦♣xX-") + ["\x00", "é", "\u200b"]


@pytest.mark.slow
@pytest.mark.app_config(MAX_CONTENT_LENGTH=4096)
def test_mutated_records_give_a_clear_400_or_the_right_review(app: Flask, hasenpfeffer: Example) -> None:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    from hasen.core.errors import HasenError

    @st.composite
    def mutated(draw, text: str) -> str:
        chars = list(text)
        for _ in range(draw(st.integers(1, 4))):
            at = min(draw(st.integers(0, len(chars))), max(len(chars) - 1, 0))
            char = draw(st.sampled_from(ALPHABET))
            edit = draw(st.sampled_from(("delete", "insert", "replace")))
            if edit == "insert" or not chars:
                chars.insert(at, char)
            elif edit == "delete":
                del chars[at]
            else:
                chars[at] = char
        return "".join(chars)

    @settings(max_examples=300, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
    @given(
        play=st.integers(0, len(HASENPFEFFER_LINE)).flatmap(lambda n: mutated(HASENPFEFFER_LINE[:n])),
        alone=st.booleans(),
    )
    def run(play: str, alone: bool) -> None:
        response = app.test_client().post("/api/v1/review", json={**REVIEW, "play": play, "alone": alone})
        answer = response.get_json()
        try:
            expected = review_play(
                hasenpfeffer.deal,
                make_contract("N", "C", "KH", alone),
                play,
                HASENPFEFFER_GAME,
                dealer=hasenpfeffer.dealer,
            ).to_json()
        except HasenError as exc:
            assert (response.status_code, answer["error"]) == (400, str(exc))
        else:
            assert (response.status_code, answer) == (200, expected)

    run()
