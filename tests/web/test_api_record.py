"""POST /api/v1/record: a hand record read, checked and scored, for the
review page's record box."""

from __future__ import annotations

from examples import HASENPFEFFER_DEAL
from flask.testing import FlaskClient

from hasen.notation.record import Record

TEXT = "\n".join(
    [
        "dealer: W",
        f"deal: {HASENPFEFFER_DEAL}",
        "auction: N 6, E pass, S pass, W pass",
        "contract: N 6, trump C, discard KH",
        "play: JC KC TC 9C AS AH TS QS JK QH 9S JS KS AD TH JH AC KD 9H QD QC TD 9D JD",
    ]
)


def test_a_record_as_text_or_json(client: FlaskClient) -> None:
    response = client.post("/api/v1/record", json={"record": TEXT})
    assert response.status_code == 200
    answer = response.get_json()
    record = Record.parse(TEXT)
    assert answer["record"] == record.to_json() and answer["text"] == str(record) and answer["line"] == record.line()
    assert answer["record"]["result"]["score"] == {"N-S": 6, "E-W": 0}
    again = client.post("/api/v1/record", json={"record": answer["record"]}).get_json()
    assert again["text"] == answer["text"]


def test_a_bad_record_is_a_400_with_its_message(client: FlaskClient) -> None:
    response = client.post("/api/v1/record", json={"record": TEXT.replace("JC KC TC 9C", "JC KC TC QD")})
    assert response.status_code == 400
    assert response.get_json()["error"] == "record line 5: play: trick 1, W must follow C (led JC) with JS 9C, not QD"
    for body, message in [({}, "record"), ({"record": 3}, "record"), ({"record": TEXT, "x": 1}, "x")]:
        response = client.post("/api/v1/record", json=body)
        assert response.status_code == 400 and message in response.get_json()["error"]


def test_the_play_settings_the_page_needs_come_with_the_record(client: FlaskClient) -> None:
    """The page solves a loaded record's table, positions and review with the record's play
    settings: who leads this contract, calling for best for a lone Railroad player, and what a
    turned Joker stands for; not a lead setting that does not lead this contract."""
    joker = (
        "variant: euchre; deck: 25; dealer: W; settings: joker_upcard=hearts, first_lead=declarer; "
        "deal: N:A.K..AQT .AQ.AT.K T9.T9.9. QJ.J.Q.9 JK; auction: N pass, E order up"
    )
    before = client.post("/api/v1/record", json={"record": joker}).get_json()
    assert before["play_settings"] == {"joker_upcard": "hearts"}  # no contract yet: nobody leads it
    answer = client.post("/api/v1/record", json={"record": joker + "; contract: E, trump H, discard 9C"}).get_json()
    assert answer["play_settings"] == {"joker_upcard": "hearts", "first_lead": "declarer"}
    lone = joker.replace("E order up", "E order up alone") + "; contract: E, trump H, alone"
    assert client.post("/api/v1/record", json={"record": lone}).get_json()["play_settings"] == {
        "joker_upcard": "hearts"
    }
    railroad = (
        "variant: railroad; dealer: N; settings: call_for_best=false; "
        "deal: N:QT.Q.A.* A.J.QJ9. .K.K.QJ9 K9.A..KT TD; auction: E pass, S order up alone; "
        "contract: S, trump D, alone"
    )
    assert client.post("/api/v1/record", json={"record": railroad}).get_json()["play_settings"] == {
        "call_for_best": False
    }


# --- POST /api/v1/record/step: the recorder's next question -----------------------------------

PASSED_TO_THE_JOKER = {"dealer": "N", "settings": {"all_pass": "joker_bids_3"}, "auction": ["pass"] * 4}


def test_a_discard_not_seen_comes_as_the_card_the_play_put_away(client: FlaskClient) -> None:
    """The dealer took the upcard KS, and the table did not see its discard: N played its
    other five cards, so the KH it never played is the discard the page replays with."""
    deal = "N:A.K..AQJ .AQ.AT.K T9.T9.9. QJ.J.Q.9 KS"
    play = "AH 9H JH KS | JC TD 9S JS | QD AS AD 9D | AC KC TH 9C | QC QH TS QS"
    given = f"variant: euchre; dealer: N; deal: {deal}; auction: E pass, S pass, W pass, N order up; "
    unseen = client.post(
        "/api/v1/record", json={"record": f"{given}contract: N, trump S; unknown: discard; play: {play}"}
    )
    answer = unseen.get_json()
    assert unseen.status_code == 200 and answer["play_discard"] == "KH" and answer["record"]["unknown"] == ["discard"]
    assert answer["record"]["contract"]["discard"] is None  # the record itself says it was not seen
    seen = client.post("/api/v1/record", json={"record": f"{given}contract: N, trump S, discard KH; play: {play}"})
    assert seen.get_json()["play_discard"] is None and seen.get_json()["record"]["contract"]["discard"] == "KH"


def test_when_everyone_passes_the_recorder_asks_who_holds_the_joker(client: FlaskClient) -> None:
    """Under joker_bids_3 the Joker's holder must bid 3: the recorder asks who holds it (a seat
    in either case, or the widow) and goes on from the answer."""
    step = client.post("/api/v1/record/step", json=PASSED_TO_THE_JOKER).get_json()
    assert (step["stage"], step["seats"]) == ("joker", ["N", "E", "S", "W", "widow"])
    for holder, seat in (("E", "E"), ("w", "W")):
        step = client.post("/api/v1/record/step", json={**PASSED_TO_THE_JOKER, "joker": holder}).get_json()
        assert (step["stage"], step["seat"]) == ("trump", seat)
    step = client.post("/api/v1/record/step", json={**PASSED_TO_THE_JOKER, "joker": "widow"}).get_json()
    assert step["stage"] == "done" and step["said"].endswith("the Joker is the widow: the hand is dealt again")


def test_a_value_of_none_of_a_keys_forms_is_refused_in_words(client: FlaskClient) -> None:
    """A value that fits none of the forms a key takes is told each form, never the schema's
    wording ("is not valid under any of the given schemas") or a pattern; a list too long, its
    length and the limit."""
    for key, value, message in [
        ("joker", "X", "joker: 'X' is not N, E, S, W (either case), or 'widow'"),
        ("joker", None, "joker: null is not N, E, S, W (either case), or 'widow'"),
        ("widow", "XX", "widow: 'XX' is not a card in capitals like AS, TD or JK, or null (not seen)"),
        ("discard", 5, "discard: 5 is not a card in capitals like AS, TD or JK, or null (not seen)"),
        ("upcard", "10S", "upcard: '10S' is not a card in capitals like AS, TD or JK"),
        ("auction", ["pass"] * 65, "auction: 65 items, at most 64"),
    ]:
        response = client.post("/api/v1/record/step", json={**PASSED_TO_THE_JOKER, key: value})
        assert response.status_code == 400
        assert response.get_json()["error"] == message
