"""The review at a score: with the score before the hand known (the record's ``score`` field,
``--score``, ``score=``), every decision is also judged by the chance of winning the game.
- a number of tricks leads to the chance the odds table gives at the score it makes, the
  points scored by the rules of docs/variants.md written out here;
- at 9-0 with a contract of six tricks to make, a card's chance of winning the game is its
  chance of making (or setting) the contract weighed with the odds at the failed score;
- the score is read and refused in the record, on the command line and in the API alike.
"""

from __future__ import annotations

import re

import pytest
from cli_run import run, run_json
from flask.testing import FlaskClient
from openapi_schema_validator import OAS31Validator

import hasen
from hasen.analysis.chances import GameState
from hasen.analysis.fair import Stakes
from hasen.analysis.odds import win_chances
from hasen.core.seats import SEATS
from hasen.rules.scoring import parse_bid

DEAL = "dealer: W; deal: N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS"
PLAYED = "JC KC TC 9C | AS AD 9S QS | JK AH 9D JS | AC KD 9H JD"
SIX = f"{DEAL}; auction: N 6, E pass, S pass, W pass; contract: N 6, trump C, discard KH; play: {PLAYED}"
N, E, W = (SEATS.index(s) for s in "NEW")


def chance(score: str, dealer: str) -> float:
    """N-S's chance of winning the game from a score, the public way."""
    return hasen.odds(score, dealer=dealer).chance


def test_tricks_lead_to_the_odds_at_the_score_they_make() -> None:
    variant = hasen.variant_for("hasenpfeffer")
    game = GameState(win_chances(variant), (8, 5), W)
    # N-S bid 4 at 8-5: four tricks or more score one point each and end the game (12 and more);
    # fewer lose the 4 bid, 4-5 with N, left of W, dealing next
    four = Stakes.of(variant, hasen.Settings(), parse_bid("4", variant, hasen.Settings()), False, game, 0)
    assert [first for first, _ in four.wins] == pytest.approx([chance("4-5", "N")] * 4 + [1.0] * 3)
    assert all(first + second == pytest.approx(1) for first, second in four.wins)  # E-W's chance beside
    # E-W bid 5 alone: made, 10 or more points for them; failed, they lose 10 (5 doubled)
    five = Stakes.of(variant, hasen.Settings(), parse_bid("5", variant, hasen.Settings()), True, game, 1)
    assert [first for first, _ in five.wins] == pytest.approx([chance("8--5", "N")] * 5 + [0.0] * 2)


@pytest.mark.compiled
def test_at_nine_nil_a_card_is_worth_its_chance_of_making_six() -> None:
    review = hasen.review_hand(SIX, layouts=16, seed=1, score="9-0")
    assert review.score == (9, 0)
    failed = chance("3-0", "N")  # six made ends the game; six failed leaves N-S 3-0, N to deal
    for card in review.cards:
        if not card.choices:  # a card its player had to play gives nothing away
            assert not card.win_cost
            continue
        for option in card.choices:
            # the chance field is the mover's side's: of making the contract, or of setting it
            makes = option.chance if card.seat in (N, N + 2) else 1 - option.chance
            ns_wins = makes + (1 - makes) * failed
            assert option.win == pytest.approx(ns_wins if card.seat in (N, N + 2) else 1 - ns_wins, abs=1e-9)
        assert card.win_cost == pytest.approx(
            max(o.win for o in card.choices) - next(o.win for o in card.choices if o.card == card.card)
        )
    # the calls: each option's chance is a chance, the one made among them
    for call in review.calls:
        assert all(0.0 <= o.win <= 1.0 for o in call.options)
        assert call.win_cost >= 0.0
    totals = review.players
    assert sum(t.play_win for t in totals.values()) == pytest.approx(sum(c.win_cost or 0 for c in review.cards))


def test_without_a_score_nothing_is_said_of_the_game() -> None:
    review = hasen.review_hand(SIX, layouts=4)
    data = review.to_json()
    assert data["score"] is None
    assert all("win_cost" not in c for c in data["cards"]) and all("win_cost" not in c for c in data["calls"])


def test_the_record_carries_the_score() -> None:
    record = hasen.Record.parse(f"score: 8-5; {SIX}")
    assert record.score == (8, 5) and "score: 8-5" in str(record)
    assert record.to_json()["score"] == {"N-S": 8, "E-W": 5}
    assert hasen.Record.from_json(record.to_json()).score == (8, 5)
    assert hasen.review_hand(record, layouts=4).score == (8, 5)
    assert hasen.review_hand(record, layouts=4, score="2-7").score == (2, 7)  # the one given wins


@pytest.mark.parametrize(
    "score, message",
    [
        ("8 to 5", "score: expected the two sides' scores, N-S's first, like '8-5', got '8 to 5'"),
        ("10-3", "score: 10-3 is not a score before a hand (a game ends at 10)"),
        ("3-12", "score: 3-12 is not a score before a hand"),
    ],
)
def test_a_bad_score_is_named(score: str, message: str) -> None:
    with pytest.raises(hasen.NotationError, match="^record: " + re.escape(message)):
        hasen.Record.parse(f"score: {score}; {SIX}")
    with pytest.raises(hasen.NotationError, match="^" + re.escape(message)):
        hasen.review_hand(SIX, layouts=4, score=score)


def test_a_bad_score_in_json_is_named() -> None:
    data = hasen.Record.parse(SIX).to_json()
    with pytest.raises(hasen.NotationError, match="score"):
        hasen.Record.from_json({**data, "score": {"N-S": "8", "E-W": 5}})
    with pytest.raises(hasen.NotationError, match="score"):
        hasen.Record.from_json({**data, "score": "8-5"})


def test_the_command_line_and_the_api_take_the_score(capsys, client: FlaskClient, openapi_doc: dict) -> None:
    expected = hasen.review_hand(SIX, layouts=4, seed=2, score="8-5").to_json()
    answer = openapi_doc["paths"]["/api/v1/review"]["post"]["responses"]["200"]["content"]["application/json"]
    OAS31Validator({**answer["schema"], "components": openapi_doc["components"]}).validate(expected)
    assert run_json(capsys, "review", SIX, "--layouts", "4", "--seed", "2", "--score", "8-5") == expected
    response = client.post("/api/v1/review", json={"record": SIX, "layouts": 4, "seed": 2, "score": "8-5"})
    assert response.status_code == 200 and response.get_json() == expected
    bad = client.post("/api/v1/review", json={"record": SIX, "layouts": 4, "score": "10-0"})
    assert bad.status_code == 400 and "a game ends at 10" in bad.get_json()["error"]
    code, out, err = run(capsys, "review", SIX, "--layouts", "4", "--score", "8-5")
    assert code == 0 and "(the score before it: N-S 8, E-W 5)" in out.splitlines()[0]
    assert '"game" is the chance of winning the game given away' in out
    code, _, err = run(
        capsys,
        "review",
        "--example",
        "--declarer",
        "N",
        "--trump",
        "C",
        "--discard",
        "KH",
        "--played",
        "JC",
        "--score",
        "8-5",
    )
    assert code == 2 and "--score is for a hand record" in err
