"""The fair review of a whole hand record (hasen.review_hand, ``hasen review RECORD``, POST
/api/v1/review with a record): its parts are the analyses they stand for, every call of the
auction is judged and named as it was made, and every interface gives the same answer."""

from __future__ import annotations

import random

import pytest
from cli_run import run, run_json
from examples import HASENPFEFFER_DEAL
from flask.testing import FlaskClient
from openapi_schema_validator import OAS31Validator

import hasen
from hasen.analysis.fair import Stakes, judge_play
from hasen.analysis.hand_review import auction_check
from hasen.play.state import PlayState

HASENPFEFFER_RECORD = (
    "dealer: W; deal: N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS; "
    "auction: N 4, E pass, S pass, W pass; contract: N 4, trump S, discard AS; "
    "play: KH AH TH JH | AD 9D QD JK | KS"
)
EUCHRE_RECORD = (
    "variant: euchre; dealer: N; deal: N:A.K..AQJ .AQ.AT.K T9.T9.9. QJ.J.Q.9 KS; "
    "auction: E pass, S pass, W pass, N order up; contract: N, trump S, discard KH; "
    "play: AH 9H JH KS | JC TD 9S JS | QD AS AD 9D | AC KC TH 9C | QC QH TS QS"
)


@pytest.mark.compiled
@pytest.mark.parametrize("text", [HASENPFEFFER_RECORD, EUCHRE_RECORD], ids=["hasenpfeffer", "euchre"])
def test_each_part_is_the_analysis_it_stands_for(text: str) -> None:
    record = hasen.Record.parse(text)
    review = hasen.review_hand(record, layouts=20, seed=3)
    contract = record.contract
    # every card: the fair verdict of the play, and the double-dummy review beside it
    start = PlayState(record.deal, contract, record.settings)
    stakes = Stakes.of(record.variant, record.settings, record.bid, contract.alone)
    assert review.cards == judge_play(start, [int(c) for c in record.cards], stakes, 20, 3, agree=auction_check(record))
    played = " ".join(str(c) for c in record.cards)
    double_dummy = hasen.review(
        record.deal, contract.declarer, contract.trump, contract.discard, played=played, alone=contract.alone
    )
    assert [c.cost for c in review.double_dummy.cards] == [c.cost for c in double_dummy.cards]
    # the par is that of the double-dummy bid analysis
    par = hasen.bid(record.deal).par
    assert review.par == par
    # per player: its cards' costs and mistakes added up
    for seat, totals in review.players.items():
        mine = [c for c in review.cards if c.seat == seat]
        assert totals.cards == len(mine)
        assert totals.given_away == pytest.approx(sum(c.cost for c in mine))
        assert totals.play_points == pytest.approx(sum(c.points_cost for c in mine))
        decisions = [v for v in (*review.calls, review.choice) if v is not None and v.seat == seat]
        assert totals.bidding_points == pytest.approx(sum(v.cost for v in decisions))
        assert totals.mistakes == sum(c.mistake for c in mine) + sum(v.mistake for v in decisions)
    assert review.result == record.result


@pytest.mark.compiled
def test_the_contract_is_judged_from_the_declarers_seat() -> None:
    record = hasen.Record.parse(HASENPFEFFER_RECORD)
    review = hasen.review_hand(record, layouts=40, seed=1, uniform=True)  # the simulation's layouts
    choice = review.choice
    assert choice is not None and str(choice.seat) == "N"
    assert (str(choice.chosen[0]), str(choice.chosen[1]), choice.chosen[2]) == ("S", "AS", False)
    # the same figures as the simulation of N's seven cards on the same layouts, with the partner;
    # alone too, where the defenders may defend alone, which the simulation leaves out
    sim = hasen.simulate(hasen.SeatView("N", deal=record.deal), layouts=40, seed="1/choice", alone=False)
    choices = {(str(c.trump), str(c.discard)): c for c in sim.forms["with_partner"].choices}
    assert choice.mean == pytest.approx(choices[("S", "AS")].mean)
    assert choice.points == pytest.approx(choices[("S", "AS")].scores["4"])
    assert choice.best_points >= max(c.scores["4"] for c in choices.values()) - 1e-9


def test_every_interface_gives_the_same_review(capsys, client: FlaskClient, openapi_doc: dict) -> None:
    expected = hasen.review_hand(EUCHRE_RECORD, layouts=12, seed=4).to_json()
    assert run_json(capsys, "review", EUCHRE_RECORD, "--layouts", "12", "--seed", "4") == expected
    assert run_json(capsys, "review", EUCHRE_RECORD, "--layouts", "12", "--seed", "4", "--jobs", "2") == expected
    response = client.post("/api/v1/review", json={"record": EUCHRE_RECORD, "layouts": 12, "seed": 4})
    assert response.status_code == 200 and response.get_json() == expected
    answer = openapi_doc["paths"]["/api/v1/review"]["post"]["responses"]["200"]["content"]["application/json"]
    OAS31Validator({**answer["schema"], "components": openapi_doc["components"]}).validate(expected)
    as_json = hasen.Record.parse(EUCHRE_RECORD).to_json()
    assert client.post("/api/v1/review", json={"record": as_json, "layouts": 12, "seed": 4}).get_json() == expected


def test_the_text_opens_with_the_result_and_names_the_mistakes(capsys) -> None:
    code, out, err = run(capsys, "review", EUCHRE_RECORD, "--layouts", "12")
    assert code == 0 and err == ""
    first, second = out.splitlines()[:2]
    assert first == "N made trump in spades: N-S 3 tricks, made (N-S +1, E-W 0)."
    assert second.startswith("Par, every hand open: ")
    assert "Double dummy: every hand open, every player playing perfectly." in out


@pytest.mark.parametrize(
    "argv, message",
    [
        (
            ["review", "dealer: W; deal: N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS; auction: N 4, E pass"],
            "hasen: review: the record has no contract to review",
        ),
        (
            ["review", "dealer: W; deal: N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS; play: JC"],
            "hasen: record: play: cards are played only once the contract is known",
        ),
        # a record's contract, game and rules are its own: an option for a deal is not dropped
        (
            ["review", EUCHRE_RECORD, "--declarer", "N"],
            "hasen: review: --declarer is for a deal reviewed with every hand open; a hand record gives its own",
        ),
        (["review", HASENPFEFFER_DEAL, "--declarer", "N"], "hasen: review: a deal needs --trump, --played"),
        (
            ["review", EUCHRE_RECORD, "--variant", "euchre2", "--no-call-for-best"],
            "hasen: review: --variant, --no-call-for-best are for a deal reviewed with every hand open; a hand "
            "record gives its game, dealer and table rules in its fields",
        ),
        (
            ["review", EUCHRE_RECORD, "--defender", "N", "--layouts", "3"],
            "hasen: review: --defender is for a deal reviewed with every hand open; a hand record gives its own",
        ),
        (
            ["review", EUCHRE_RECORD, "--example"],
            "hasen: review: --example is for a deal reviewed with every hand open; a hand record gives its own",
        ),
        (
            [
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
                "--layouts",
                "5",
            ],
            "hasen: review: --layouts is for a hand record",
        ),
    ],
)
def test_bad_requests_are_one_line_and_exit_2(capsys, argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.startswith(message) and err.count("\n") == 1, err


@pytest.mark.compiled
def test_a_file_of_records_is_reviewed_by_id(capsys, tmp_path) -> None:
    night = tmp_path / "night.txt"
    night.write_text(
        f"id: 1\n{EUCHRE_RECORD.replace('; ', chr(10))}\n\nid: 2\n{HASENPFEFFER_RECORD.replace('; ', chr(10))}\n",
        encoding="utf-8",
    )
    code, _, err = run(capsys, "review", str(night))
    assert code == 2 and "2 records given; name one with --id" in err
    answer = run_json(capsys, "review", str(night), "--id", "2", "--layouts", "8")
    assert answer["record"]["id"] == 2 and [c["call"] for c in answer["calls"]] == ["4", "pass", "pass", "pass"]


def test_a_record_without_an_id_is_named_by_its_place(capsys, tmp_path) -> None:
    """Records without ids are named by their place in the file, as hasen session names them
    (--id 1 and --id 2 found no record); a wrong id is told the ids there are, an empty file
    and a folder are each said to be what they are."""
    night = tmp_path / "night.txt"
    night.write_text(f"{EUCHRE_RECORD}\n{HASENPFEFFER_RECORD}\n", encoding="utf-8")
    code, out, err = run(capsys, "review", str(night), "--id", "2", "--layouts", "4")
    assert code == 0 and out.startswith("N bid 4 in spades"), (out, err)
    code, _, err = run(capsys, "review", str(night), "--id", "3")
    assert code == 2 and err == "hasen: review: no record has the id '3' (the ids: 1, 2)\n"
    (tmp_path / "empty.txt").write_text("", encoding="utf-8")
    code, _, err = run(capsys, "review", str(tmp_path / "empty.txt"))
    assert code == 2 and err == f"hasen: review: {tmp_path / 'empty.txt'}: no hand record in it\n"
    code, _, err = run(capsys, "review", str(tmp_path))
    assert code == 2 and "is a folder: give a file of hand records" in err


@pytest.mark.app_config(HASEN_SIMULATE_LIMIT=50)
def test_the_api_bounds_the_layouts(client: FlaskClient) -> None:
    response = client.post("/api/v1/review", json={"record": EUCHRE_RECORD, "layouts": 51})
    assert response.status_code == 413
    assert response.get_json()["error"] == "layouts: 51, at most 50 per decision (HASEN_SIMULATE_LIMIT)"


@pytest.mark.app_config(HASEN_TIME_LIMIT=0.05)
def test_the_api_stops_a_review_at_the_time_limit(client: FlaskClient) -> None:
    response = client.post("/api/v1/review", json={"record": HASENPFEFFER_RECORD, "layouts": 2000})
    assert response.status_code == 503


@pytest.mark.compiled
@pytest.mark.parametrize(
    "text",
    [
        # four-hand Euchre: E orders up the KS and N, dealing against it, takes it and puts away KH
        "variant: euchre; dealer: N; deal: N:A.K..AQJ .AQ.AT.K T9.T9.9. QJ.J.Q.9 KS; auction: E order up; "
        "contract: E, trump S, discard KH",
        # Three-Handed: E orders up the AD and N, dealing against it, puts away 9H
        "variant: euchre3; dealer: N; deal: N:T9.9.KJ. J..Q.QT9 Q.KT.T.A AD; auction: E order up; "
        "contract: E, trump D, discard 9H",
    ],
    ids=["euchre", "euchre3"],
)
def test_a_defending_dealers_discard_is_judged_against_the_maker(text: str) -> None:
    """The dealer who takes up the upcard for the other side chooses its discard knowing its own
    six cards: on each layout (dealt by the documented rule, every layout alike) every discard
    is played out with the maker declaring, and the dealer's figure is the defenders' tricks."""
    from dealgen import plain_deal

    record = hasen.Record.parse(text)
    layouts, seed = 10, 4
    choice = hasen.review_hand(record, layouts=layouts, seed=seed, uniform=True).choice
    assert choice is not None and str(choice.seat) == "N"
    deal, contract = record.deal, record.contract
    own = deal.hands[0] | 1 << int(deal.extra)
    tricks: dict[str, list[int]] = {}
    for i in range(layouts):
        layout = plain_deal(deal.variant, 0, deal.hands[0], int(deal.extra), random.Random(f"{seed}/choice/{i}"), "N")
        for card in hasen.CardSet(own):
            made = hasen.solve(layout, str(contract.declarer), str(contract.trump), str(card)).total
            tricks.setdefault(str(card), []).append(deal.variant.hand_size - made)
    means = {card: sum(v) / layouts for card, v in tricks.items()}
    assert choice.mean == pytest.approx(means[str(contract.discard)])
    assert choice.best_mean == pytest.approx(means[str(choice.best[1])])
    assert means[str(choice.best[1])] == pytest.approx(max(means.values()))


@pytest.mark.compiled
def test_a_defending_dealers_discard_against_a_lone_maker_counts_every_defence() -> None:
    """E orders up alone and N, dealing, takes the KS: the defenders defend together, or
    either alone; where S defends alone N sits out and its discard plays no part (this choice
    once failed to be judged at all). Each discard's figure is the defenders' tricks under the
    defence that leaves the maker fewest."""
    from dealgen import plain_deal

    record = hasen.Record.parse(
        "variant: euchre; dealer: N; deal: N:A.K..AQJ .AQ.AT.K T9.T9.9. QJ.J.Q.9 KS; "
        "auction: E order up alone; contract: E, trump S, discard KH, alone"
    )
    layouts, seed = 8, 2
    choice = hasen.review_hand(record, layouts=layouts, seed=seed, uniform=True).choice
    assert choice is not None and str(choice.seat) == "N"
    deal = record.deal
    own = deal.hands[0] | 1 << int(deal.extra)
    tricks: dict[str, list[int]] = {}
    for i in range(layouts):
        layout = plain_deal(deal.variant, 0, deal.hands[0], int(deal.extra), random.Random(f"{seed}/choice/{i}"), "N")
        sitting_out = hasen.solve(layout, "E", "S", None, alone=True, defender="S").total
        for card in hasen.CardSet(own):
            made = min(
                hasen.solve(layout, "E", "S", str(card), alone=True).total,
                hasen.solve(layout, "E", "S", str(card), alone=True, defender="N").total,
                sitting_out,
            )
            tricks.setdefault(str(card), []).append(deal.variant.hand_size - made)
    means = {card: sum(v) / layouts for card, v in tricks.items()}
    assert choice.mean == pytest.approx(means["KH"])
    assert means[str(choice.best[1])] == pytest.approx(max(means.values()))


def test_a_choice_is_written_as_its_chooser_makes_it() -> None:
    """The Hasenpfeffer declarer names trump, discard and form of play; the four-hand Euchre
    dealer only discards, under the trump the auction made."""
    from hasen.analysis.hand_review import ChoiceVerdict
    from hasen.core.names import Card, Seat, Suit
    from hasen.core.variants import variant_for
    from hasen.text.hand_review import choice_line

    def line(game: str, chosen: tuple[str, str, bool], best: tuple[str, str, bool]) -> str:
        def pair(choice: tuple[str, str, bool]) -> tuple[Suit, Card, bool]:
            return Suit(choice[0]), Card(choice[1]), choice[2]

        verdict = ChoiceVerdict(Seat("N"), pair(chosen), pair(best), 1.0, 2.5, 0.2, 3.0, 3.5, 100)
        return choice_line(verdict, variant_for(game))

    assert line("hasenpfeffer", ("S", "AC", False), ("H", "9D", True)) == (
        "The contract, knowing N's cards: spades, discard AC with the partner, +1.00 points expected "
        "(3.00 tricks); best hearts, discard 9D alone, +2.50 (1.50 ±0.20 points given away): a mistake."
    )
    assert line("euchre", ("S", "9C", False), ("S", "TD", False)).startswith(
        "The dealer's discard, knowing N's cards: discard 9C, +1.00 points expected (3.00 tricks); best discard TD,"
    )
