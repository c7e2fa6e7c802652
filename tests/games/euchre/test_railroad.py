"""A Railroad hand end to end: a lone maker who calls for best against a lone defender who
calls too, as a record, reviewed in the CLI, the web API and Python, from each player's seat
and with every hand open; and the single-dummy advice, simulation and chance of winning.

The record's play is a legal play chosen at random; its result follows from docs/rules.md:
the lone maker S takes 2 tricks, so the lone defender W euchres it and scores 4.
"""

from __future__ import annotations

import csv
import io

import pytest
from cli_run import run
from flask.testing import FlaskClient
from openapi_schema_validator import OAS31Validator

import hasen

DEAL = "N:QT.Q.A.* A.J.QJ9. .K.K.QJ9 K9.A..KT TD"
RECORD = (
    f"variant: railroad; dealer: N; deal: {DEAL}; auction: E pass, S pass, W pass, N pass, E pass, "
    "S name S alone; contract: S, trump S, alone, defender W, best JK for KH, defender best JH for 9S; "
    "play: TC 9C JH KD AH QC KS JC JK KC"
)
CALLS = "N passes JK, S puts away KH; E passes JH, W puts away 9S"


def response_schema(doc: dict, path: str) -> dict:
    schema = doc["paths"][f"/api/v1/{path}"]["post"]["responses"]["200"]["content"]["application/json"]["schema"]
    return {**schema, "components": doc["components"]}


def test_the_record_reads_round_trips_and_scores_the_lone_euchre() -> None:
    record = hasen.Record.parse(RECORD)
    assert record.contract.best.text() == "JK for KH" and record.contract.defender_best.text() == "JH for 9S"
    assert record.result.text() == "N-S 2 tricks, down 1 (N-S 0, E-W +4)"
    assert hasen.Record.parse(str(record)) == record
    assert hasen.Record.from_json(record.to_json()) == record
    assert record.to_json()["contract"]["defender_best"] == "JH for 9S"


def test_the_cli_reviews_it_from_each_seat(capsys) -> None:
    """The headline says both calls and the lone defender's 4; every call of the auction and
    every card is judged from its player's seat."""
    code, out, err = run(capsys, "review", RECORD, "--layouts", "20")
    assert code == 0, err
    assert out.startswith(
        f"S made trump alone against W alone in spades ({CALLS}): N-S 2 tricks, down 1 (N-S 0, E-W +4)."
    )
    assert "6. S name S alone:" in out
    assert [line.split()[1:3] for line in out.splitlines() if line[:2] in ("1 ", "5 ")] == [
        ["W", "TC"],
        ["S", "9C"],
        ["S", "JK"],
        ["W", "KC"],
    ]


def test_the_api_reviews_it_and_answers_as_documented(client: FlaskClient, openapi_doc: dict) -> None:
    """From each seat: the lone defender's euchre is worth 4 to its side, so W's first card
    (a euchre with KS on some layouts) is weighed in those points."""
    response = client.post("/api/v1/review", json={"record": RECORD, "layouts": 20})
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    OAS31Validator(response_schema(openapi_doc, "review")).validate(answer)
    assert answer["record"]["contract"]["best"] == "JK for KH"
    assert answer["record"]["contract"]["defender_best"] == "JH for 9S"
    assert [c["seat"] for c in answer["cards"]] == ["W", "S"] * 4 + ["S", "W"]  # S leads the last trick
    assert max(choice["points"] for card in answer["cards"] for choice in card["choices"]) == 4
    # the play with every hand open, given as a contract and a play: the calls and what they cost
    body = {
        "deal": DEAL,
        "dealer": "N",
        "variant": "railroad",
        "declarer": "S",
        "trump": "S",
        "alone": True,
        "defender": "W",
        "best": "JK for KH",
        "defender_best": "JH for 9S",
        "played": "TC 9C JH KD AH QC KS JC JK KC",
    }
    played = client.post("/api/v1/review", json=body)
    assert played.status_code == 200, played.get_json()
    OAS31Validator(response_schema(openapi_doc, "review")).validate(played.get_json())
    assert (played.get_json()["best"], played.get_json()["defender_best"]) == ("JK for KH", "JH for 9S")
    assert "call_cost" in played.get_json()["contract"]


def test_the_api_table_shows_each_trumps_calls_as_documented(client: FlaskClient, openapi_doc: dict) -> None:
    response = client.post(
        "/api/v1/table",
        json={"deal": DEAL, "dealer": "N", "variant": "railroad", "declarer": "S", "alone": True, "defender": "W"},
    )
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    OAS31Validator(response_schema(openapi_doc, "table")).validate(answer)
    entries = answer["declarers"]["S"]["tricks"]
    assert all(" for " in entry["best"] and " for " in entry["defender_best"] for entry in entries.values())


SEAT_VIEW = {"seat": "S", "hand": ".K.K.QJ9", "upcard": "TD", "dealer": "N", "variant": "railroad"}


@pytest.mark.parametrize("path", ["bid", "simulate", "odds"])
def test_the_single_dummy_analyses_answer_as_documented(client: FlaskClient, openapi_doc: dict, path: str) -> None:
    body = {"score": "8-5", "variant": "railroad"} if path == "odds" else {**SEAT_VIEW, "layouts": 20}
    response = client.post(f"/api/v1/{path}", json=body)
    assert response.status_code == 200, response.get_json()
    OAS31Validator(response_schema(openapi_doc, path)).validate(response.get_json())
    assert response.get_json()["variant"] == "railroad"


def test_the_cli_advises_the_seat_on_going_alone(capsys) -> None:
    """S holds three clubs with the left bower and two kings: the advice weighs each call
    with the partner and alone, the lone calls with N's best card."""
    code, out, err = run(
        capsys,
        "bid",
        "--variant",
        "railroad",
        "--seat",
        "S",
        "--hand",
        ".K.K.QJ9",
        "--upcard",
        "TD",
        "--dealer",
        "N",
        "--layouts",
        "40",
    )
    assert code == 0, err
    assert "alone" in out and "Traceback" not in err


@pytest.mark.parametrize(
    "record, message",
    [
        (RECORD.replace("variant: railroad", "variant: euchre; deck: 25"), "euchre has no calling for best"),
        (RECORD.replace(", best JK for KH", ""), "best: S plays alone and calls for the partner's best card"),
        (RECORD.replace("best JK for KH", "best AS for KH"), "best: N does not hold AS to pass"),
        (RECORD.replace("best JK for KH", "best JK for AS"), "best: S cannot put away AS"),
        ("settings: call_for_best=false; " + RECORD, "the table plays without calling for best"),
    ],
)
def test_a_call_for_best_the_rules_do_not_make_is_refused(record: str, message: str) -> None:
    with pytest.raises(hasen.HasenError) as caught:
        hasen.Record.parse(record)
    assert message in str(caught.value)


def test_call_for_best_is_railroads_setting_only(capsys) -> None:
    code, _, err = run(capsys, "table", "--example", "--variant", "euchre", "--alone", "--no-call-for-best")
    assert code == 2 and "only in railroad" in err
    code, _, err = run(capsys, "table", "--example", "--variant", "railroad", "--no-call-for-best")
    assert code == 2 and "only a lone player calls for the partner's best card" in err
    code, out, _ = run(capsys, "table", "--example", "--variant", "railroad", "--alone", "--no-call-for-best")
    assert code == 0 and "the calls for best" not in out


def test_the_batch_rows_carry_the_calls(capsys, tmp_path) -> None:
    lines = tmp_path / "deals.jsonl"
    lines.write_text(f'{{"deal": "{DEAL}", "dealer": "N", "variant": "railroad", "declarer": "S", "alone": true}}\n')
    code, _, err = run(capsys, "batch", str(lines), str(tmp_path / "tables.csv"))
    assert code == 0, err
    rows = list(csv.DictReader(io.StringIO((tmp_path / "tables.csv").read_text())))
    table = hasen.analyze(hasen.Deal(DEAL, dealer="N", variant="railroad"), declarer="S", alone=True)
    calls = {str(trump): entry.best.text() for trump, entry in table.tables["S"].entries.items()}
    assert {row["trump"]: row["call"] for row in rows if row["dealer_choice"] != "False"} == calls
    assert all(row["defender_call"] == "" for row in rows)


def test_a_card_put_away_calling_for_best_is_named_when_played() -> None:
    with pytest.raises(hasen.HasenError) as caught:
        hasen.position(
            hasen.Deal(DEAL, dealer="N", variant="railroad"), "S, trump C, alone, best JK for KH", played="AH KH"
        )
    assert str(caught.value) == "play: trick 1, E does not hold KH: S put it away, calling for best"
