"""Three-Handed Euchre end to end: records of a made and a euchred hand read, scored for
each player and reviewed in the CLI, the web API and Python; the table and par answer as
documented; its single-dummy analyses answer for each player in its own points, and with a
score in its own chance of winning the game.

The results follow from docs/rules.md, worked out by hand from the plays below: in the
first record N takes the AD, puts away the 9H and wins tricks 2 to 5 (ruffing the KH, then
the KD, the 9S nobody can follow and the JD): 4 tricks, made, N +1. In the second S names
hearts and wins only tricks 1 (QS) and 3 (ruffing the 9S): euchred, so N and E score 2 each.
"""

from __future__ import annotations

import json

import pytest
from cli_run import run
from flask.testing import FlaskClient
from openapi_schema_validator import OAS31Validator

import hasen
from hasen.public import review_play

DEAL = "N:T9.9.KJ. J..Q.QT9 Q.KT.T.A AD"
MADE = (
    f"variant: euchre3; dealer: N; deal: {DEAL}; auction: E pass, S pass, N order up; "
    "contract: N, trump D, discard 9H; play: JS QS TS | KH AD QD | KD QC TD | 9S TC TH | JD 9C AC"
)
EUCHRED = (
    f"variant: euchre3; dealer: N; deal: {DEAL}; auction: E pass, S pass, N pass, E pass, S name H; "
    "contract: S, trump H; play: JS QS TS | KH JD QD | 9S QC TH | TD KD TC | 9H 9C AC"
)
SEAT_VIEW = {"seat": "S", "hand": "Q.KT.T.A", "upcard": "AD", "dealer": "N", "variant": "euchre3"}  # S's, above


def response_schema(doc: dict, path: str) -> dict:
    schema = doc["paths"][f"/api/v1/{path}"]["post"]["responses"]["200"]["content"]["application/json"]["schema"]
    return {**schema, "components": doc["components"]}


def test_each_player_scores_for_itself() -> None:
    assert hasen.Record.parse(MADE).result.text() == "N 4 tricks, made (N +1, E 0, S 0)"
    assert hasen.Record.parse(EUCHRED).result.text() == "S 2 tricks, down 1 (S 0, N +2, E +2)"
    # the table setting where a euchred maker loses 2 and the others score nothing
    assert (
        hasen.Record.parse("settings: euchred=maker_loses; " + EUCHRED).result.text()
        == "S 2 tricks, down 1 (S -2, N 0, E 0)"
    )
    assert hasen.Record.parse(EUCHRED).to_json()["result"]["score"] == {"S": 0, "N": 2, "E": 2}


def test_a_march_scores_3() -> None:
    """S names clubs with the right bower, the AC, the KC and the A-Q of hearts: it ruffs the
    KS led, draws the trumps and takes all five, 3 points (not four-hand Euchre's 2)."""
    march = (
        "variant: euchre3; dealer: N; deal: N:.T9.Q.Q9 K9..KT.T .AQ..AKJ AS; "
        "auction: E pass, S pass, N pass, E pass, S name C; contract: S, trump C; "
        "play: KS AC TH | KC QC TC | AH 9H 9S | JC 9C KD | QH QD TD"
    )
    assert hasen.Record.parse(march).result.text() == "S 5 tricks, made (S +3, N 0, E 0)"


def test_the_records_round_trip_with_three_scores() -> None:
    for text in (MADE, EUCHRED):
        record = hasen.Record.parse("score: 3-5-7; " + text)
        assert record.score == (3, 5, 7)
        assert hasen.Record.parse(str(record)) == record
        assert hasen.Record.from_json(record.to_json()) == record
        assert record.to_json()["score"] == {"N": 3, "E": 5, "S": 7}


def test_its_records_are_written_as_egn_and_read_back(capsys, tmp_path) -> None:
    """EGN's num_players 3: the two records as one file, read back by hasen record, each
    player's score running on (the made hand gives N 1)."""
    path = tmp_path / "night.txt"
    path.write_text(f"score: 0-0-0; {MADE}\n\n{EUCHRED}\n")
    code, out, err = run(capsys, "record", "--egn", str(path))
    assert code == 0 and err == "" and json.loads(out)["metadata"]["ruleset"]["num_players"] == 3
    egn = tmp_path / "night.egn"
    egn.write_text(out)
    code, out, err = run(capsys, "record", str(egn), "--json")
    assert code == 0 and err == ""
    scores = [json.loads(line)["score"] for line in out.splitlines()]
    assert scores == [{"N": 0, "E": 0, "S": 0}, {"N": 1, "E": 0, "S": 0}]


@pytest.mark.parametrize(
    "record, message",
    [
        ("score: 3-5; " + MADE, "score: expected the three players' scores, N's first, like '3-5-7'"),
        (
            "score: 3-5-7; variant: euchre; deal: N:K.QT.T.K 9..A9.Q9 A.KJ.J.J QJ.A9.Q. TC",
            "score: expected the two sides' scores, N-S's first, like '8-5'",
        ),
        ("settings: euchred=maker_loses; " + MADE.replace("euchre3", "euchre2"), "euchred: it scores three players"),
        (MADE.replace("N order up", "N order up alone"), "the maker always plays alone against the other two"),
        (MADE.replace("discard 9H", "discard 9H, alone"), "contract: alone: in euchre3 the maker always plays alone"),
    ],
)
def test_what_the_game_does_not_have_is_refused(record: str, message: str) -> None:
    with pytest.raises(hasen.HasenError) as caught:
        hasen.Record.parse(record)
    assert message in str(caught.value)


def test_the_cli_reviews_each_record_from_each_players_seat(capsys) -> None:
    """Every call, the dealer's discard and every card, judged single dummy for each of the
    three players in its own points less the mean of the other two's."""
    code, out, err = run(capsys, "review", MADE, "--layouts", "40")
    assert code == 0, err
    assert out.startswith("N made trump in diamonds: N 4 tricks, made (N +1, E 0, S 0).\n")
    assert "the caller's expected points, its own points less the mean of the other two players'" in out
    assert "The dealer's discard, knowing N's cards: discard 9H" in out
    for seat in "NES":
        assert f"\n  {seat}   5 cards" in out
    code, out, err = run(capsys, "review", EUCHRED, "--layouts", "40", "--json")
    assert code == 0, err
    review = json.loads(out)
    assert set(review["players"]) == {"N", "E", "S"} and len(review["calls"]) == 5 and len(review["cards"]) == 15


def test_the_cli_table_names_each_maker_against_the_other_two(capsys) -> None:
    code, out, err = run(capsys, "table", DEAL, "--variant", "euchre3", "--dealer", "N")
    assert code == 0, err
    for line in (
        "N makes against E and S; N deals, E leads; upcard AD",
        "E makes against N and S; N deals, E leads; upcard AD",
        "S makes against N and E; N deals, E leads; upcard AD",
    ):
        assert line in out


def test_the_api_reviews_the_record_as_documented(client: FlaskClient, openapi_doc: dict) -> None:
    response = client.post("/api/v1/review", json={"record": MADE, "layouts": 40})
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    OAS31Validator(response_schema(openapi_doc, "review")).validate(answer)
    assert set(answer["players"]) == {"N", "E", "S"} and answer["result"]["score"] == {"N": 1, "E": 0, "S": 0}
    # E's pass in the euchred hand is a mistake: a defender's half point where it did worst
    euchred = client.post("/api/v1/review", json={"record": EUCHRED, "layouts": 60}).get_json()
    OAS31Validator(response_schema(openapi_doc, "review")).validate(euchred)
    passed = next(call for call in euchred["calls"] if call["seat"] == "E" and call["number"] == 4)
    assert passed["mistake"] and passed["why"]["made"]["points"] == -0.5
    # the same hand as a contract and a play: the review with every hand open
    body = {
        "deal": DEAL,
        "dealer": "N",
        "variant": "euchre3",
        "declarer": "N",
        "trump": "D",
        "discard": "9H",
        "played": "JS QS TS KH AD QD KD QC TD 9S TC TH JD 9C AC",
    }
    response = client.post("/api/v1/review", json=body)
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["cards"] == review_play(MADE).to_json()["cards"]


def test_the_chance_of_winning_weighs_each_players_decisions(client: FlaskClient, openapi_doc: dict, capsys) -> None:
    """Three players each keep a score: given one (or in the record), every decision has its
    cost in the player's own chance of winning the game, in the CLI and the API."""
    code, out, err = run(capsys, "review", MADE, "--score", "3-5-7", "--layouts", "30")
    assert code == 0, err
    assert out.startswith(
        "N made trump in diamonds: N 4 tricks, made (N +1, E 0, S 0) (the score before it: N 3, E 5, S 7)."
    )
    assert 'With the score known, "game" is the chance of winning the game given away' in out
    code, out, err = run(
        capsys,
        "bid",
        "--variant",
        "euchre3",
        "--seat",
        "S",
        "--hand",
        "Q.KT.T.A",
        "--upcard",
        "AD",
        "--dealer",
        "N",
        "--score",
        "3-5-7",
        "--layouts",
        "40",
    )
    assert code == 0, err
    assert "At 3-5-7 (N 3, E 5, S 7): " in out and "S wins the game" in out
    for path, body in (
        ("review", {"record": "score: 3-5-7; " + MADE, "layouts": 30}),
        ("bid", {**SEAT_VIEW, "score": "3-5-7", "layouts": 40}),
    ):
        response = client.post(f"/api/v1/{path}", json=body)
        assert response.status_code == 200, (path, response.get_json())
        OAS31Validator(response_schema(openapi_doc, path)).validate(response.get_json())
    review = client.post("/api/v1/review", json={"record": "score: 3-5-7; " + MADE, "layouts": 30}).get_json()
    assert review["score"] == [3, 5, 7] and all("win" in c for card in review["cards"] for c in card["choices"])
    response = client.post("/api/v1/bid", json={**SEAT_VIEW, "score": "3-5"})
    assert response.status_code == 400 and "three players' scores" in response.get_json()["error"]


def test_the_call_advice_answers_for_the_seat_in_its_own_points(client: FlaskClient, openapi_doc: dict, capsys) -> None:
    """S holds one trump if diamonds are ordered up (the dealer N takes the AD): a sure euchre,
    which costs the maker 2 points; its other calls are listed the same way."""
    response = client.post("/api/v1/bid", json={**SEAT_VIEW, "layouts": 60, "choice_layouts": 20})
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    OAS31Validator(response_schema(openapi_doc, "bid")).validate(answer)
    assert all(not call["alone"] for call in answer["calls"])  # the maker is always alone: no call says so
    order = next(call for call in answer["calls"] if call["call"] == "order up")
    assert order["euchred"] == 1.0 and order["expected"] == -2.0
    code, out, err = run(
        capsys,
        "bid",
        "--variant",
        "euchre3",
        "--seat",
        "S",
        "--hand",
        "Q.KT.T.A",
        "--upcard",
        "AD",
        "--dealer",
        "N",
        "--layouts",
        "60",
        "--choice-layouts",
        "20",
    )
    assert code == 0, err
    assert "(points for S: its own points less the mean of the other two players')" in out
    assert "S plays" in out and "N or E makes" in out


def test_the_api_table_and_par_answer_as_documented(client: FlaskClient, openapi_doc: dict) -> None:
    response = client.post("/api/v1/table", json={"deal": DEAL, "dealer": "N", "variant": "euchre3"})
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    OAS31Validator(response_schema(openapi_doc, "table")).validate(answer)
    assert set(answer["declarers"]) == {"N", "E", "S"}
    assert answer["declarers"]["N"]["tricks"]["D"]["9H"] == 4  # the example's discard
    response = client.post("/api/v1/bid", json={"deal": DEAL, "dealer": "N", "variant": "euchre3"})
    assert response.status_code == 200, response.get_json()
    par = response.get_json()
    OAS31Validator(response_schema(openapi_doc, "bid")).validate(par)
    assert par["par"]["contract"]["declarer"] == "N" and par["par"]["score"] == {"N": 1, "E": 0, "S": 0}
    # a deal every player passes twice: dealt again, nobody scores (each player named)
    redeal = client.post(
        "/api/v1/bid", json={"deal": "S:.9.J.QJ9 AT..AT.K J..KQ.AT 9D", "dealer": "S", "variant": "euchre3"}
    ).get_json()["par"]
    assert redeal["contract"] is None and redeal["score"] == {"N": 0, "E": 0, "S": 0}
