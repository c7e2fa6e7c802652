"""POST /api/v1/record: a hand record read, checked and scored, for the
review page's record box."""

from __future__ import annotations

from examples import HASENPFEFFER_DEAL
from flask.testing import FlaskClient

from hasen.analysis.record import Record

TEXT = "\n".join([
    "dealer: W", f"deal: {HASENPFEFFER_DEAL}", "auction: N 6, E pass, S pass, W pass",
    "contract: N 6, trump C, discard KH",
    "play: JC KC TC 9C AS AH TS QS JK QH 9S JS KS AD TH JH AC KD 9H QD QC TD 9D JD"])


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
