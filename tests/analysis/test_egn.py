"""EGN (the Euchre Game Notation) in and out: games written by the product read back equal;
a deal whose cards the play does not all show is no record, and says which cards are
missing; the score of each deal runs on from the file's initial score through every hand
played out; a rule of the table the product does not play refuses the file by name."""

from __future__ import annotations

import json

import pytest
from cli_run import run

import hasen
from hasen.analysis.egn import card_of, is_egn, read_egn, write_egn
from hasen.core.cards import JOKER

NAMES = {"N": "Ann", "E": "Bob", "S": "Cy", "W": "Di"}
SEATS_OF = {"euchre": "NESW", "euchre3": "NES", "euchre2": "NS"}  # who holds a hand


def played_record(seed: int, dealer: str = "N", deck: int = 24, alone: bool = False, score: str = "3-5",
                  variant: str = "euchre") -> hasen.Record:
    """A hand of Euchre played out by the solver's best line: the dealer orders the upcard
    (or, under a turned Joker, names spades) and discards its first card."""
    deal = hasen.random_deal(variant=variant, deck=deck, seed=seed, dealer=dealer)
    seats = SEATS_OF[variant]
    order = seats[seats.index(dealer) + 1:] + seats[:seats.index(dealer) + 1]
    joker = deal.extra == hasen.Card("JK")
    trump = "S" if joker else deal.extra.name[1]
    discard = next(iter(deal.hand(dealer)))
    call = ("name S" if joker else "order up") + (" alone" if alone else "")
    passes = [f"{seat} pass" for seat in order[:-1]]
    line = hasen.solve(deal, dealer, trump, discard, alone=alone).to_json()["best_line"]
    players = ", ".join(f"{seat}={NAMES[seat]}" for seat in seats)
    return hasen.Record.parse(f"variant: {variant}; deck: {deck}; players: {players}; score: {score}; "
                              f"dealer: {dealer}; deal: {deal.notation()}; auction: {', '.join(passes)}, "
                              f"{dealer} {call}; contract: {dealer}, trump {trump}, discard {discard}"
                              f"{', alone' if alone else ''}; play: {line}")


def by_side(result: hasen.HandResult) -> tuple[int, int]:
    """A hand's points, N-S's (or N's) first: the result gives the declaring side's first."""
    return result.score if result.side == 0 else (result.score[1], result.score[0])


def comparable(record: hasen.Record) -> dict:
    data = record.to_json()
    data.pop("id")
    return data


@pytest.mark.parametrize("variant, deck", [("euchre", 24), ("euchre", 25), ("euchre2", 24), ("euchre2", 32)])
def test_games_written_as_egn_read_back_equal(variant: str, deck: int) -> None:
    dealers = "NESW" if variant == "euchre" else "NS"
    records = [played_record(seed, dealers[seed % len(dealers)], deck, variant=variant, score="0-0")
               for seed in range(3)]
    text = write_egn(records, title="a night")
    assert is_egn(text) and json.loads(text)["metadata"]["title"] == "a night"
    deals = read_egn(text)
    assert [d.missing for d in deals] == [None] * 3 and [d.record.id for d in deals] == [1, 2, 3]
    assert [comparable(d.record)["deal"] for d in deals] == [comparable(r)["deal"] for r in records]
    assert [comparable(d.record)["play"] for d in deals] == [comparable(r)["play"] for r in records]
    # the score runs on: each record's score is the last one's plus its result
    expected = (0, 0)
    for deal in deals:
        assert tuple(deal.record.score) == expected
        expected = tuple(a + b for a, b in zip(expected, by_side(deal.record.result)))
    first = comparable(deals[0].record)
    assert first == comparable(records[0])


def test_three_players_games_written_as_egn_read_back_equal() -> None:
    """Three-Handed Euchre (num_players 3): each player's score runs on from 0-0-0 through the
    hands, by its own points; a game under way starts from the three scores written."""
    records = [played_record(seed, "NES"[seed % 3], variant="euchre3", score="0-0-0") for seed in range(3)]
    data = json.loads(write_egn(records))
    assert data["metadata"]["ruleset"]["num_players"] == 3 and data["metadata"]["initialScore"] == [0, 0]
    deals = read_egn(data)
    assert [comparable(d.record)["deal"] for d in deals] == [comparable(r)["deal"] for r in records]
    assert [comparable(d.record)["play"] for d in deals] == [comparable(r)["play"] for r in records]
    expected = (0, 0, 0)
    for deal in deals:
        assert tuple(deal.record.score) == expected
        # the maker's 1, 2 or 3, or 2 to each other player when euchred (docs/rules.md)
        result = deal.record.result
        mine, theirs = result.score
        maker = "NES".index(str(result.declarer))
        expected = tuple(n + (mine if place == maker else theirs) for place, n in enumerate(expected))
    assert comparable(deals[0].record) == comparable(records[0])
    under_way = [played_record(0, "N", variant="euchre3", score="3-5-7")]
    data = json.loads(write_egn(under_way))
    assert data["metadata"]["initialScore"] == [3, 5, 7]
    assert tuple(read_egn(data)[0].record.score) == (3, 5, 7)


def test_a_table_rule_egn_has_no_place_for_is_not_written() -> None:
    """A record's setting EGN cannot carry would be lost in the file: it is refused, by name."""
    record = played_record(0, "N", variant="euchre3", score="0-0-0")
    lines = [line for line in str(record).splitlines() if not line.startswith("result")]  # scored as set
    other = hasen.Record.parse("\n".join(["settings: euchred=maker_loses", *lines]))
    with pytest.raises(hasen.NotationError, match="table rule euchred=maker_loses has no place in EGN"):
        write_egn([other])


def strip(text: str, *keys: str) -> dict:
    """An EGN file with the given parts of every deal left out, as a transcriber might."""
    data = json.loads(text)
    for deal in data["deals"]:
        state, bidding = deal["initialState"], deal["phases"][0]
        for key in keys:
            state.pop(key, None)
            bidding.pop(key, None)
    return data


def test_an_unknown_discard_is_said_and_a_known_kitty_gives_it() -> None:
    records = [played_record(seed, "NESW"[seed % 4]) for seed in range(4)]
    data = strip(write_egn(records), "player_cards", "discard")
    deals = read_egn(data)
    for deal, record in zip(deals, records):  # a stand-in, one of the cards nobody played, and said to be one
        assert deal.record.unknown == ("discard",) and deal.missing is None
        unseen = hasen.CardSet(record.deal.variant.deck) - sum(map(hasen.CardSet, record.deal.hands)) \
            - record.deal.extra | record.contract.discard
        assert deal.record.contract.discard in unseen
        assert comparable(deal.record)["play"] == comparable(record)["play"]
    # with the kitty given, the one card nobody holds is the discard: the deal is whole again
    for deal, record in zip(data["deals"], records):
        unseen = set(hasen.CardSet(record.deal.variant.deck) - hasen.CardSet(sum(record.deal.hands))
                     - record.deal.extra - record.contract.discard)
        deal["initialState"]["kitty"] = [c.name[0] + c.name[1].lower() for c in sorted(unseen)]
    assert [comparable(d.record)["deal"] for d in read_egn(data)] == [comparable(r)["deal"] for r in records]
    assert [d.record.unknown for d in read_egn(data)] == [()] * 4


def test_a_lone_players_partner_is_said_unknown_unless_given() -> None:
    record = played_record(2, "N", alone=True)
    [deal] = read_egn(strip(write_egn([record]), "player_cards"))
    assert deal.record.unknown == ("partner",) and comparable(deal.record)["play"] == comparable(record)["play"]
    [whole] = read_egn(write_egn([record]))
    assert comparable(whole.record) == comparable(record)


def unplayed(record: hasen.Record) -> dict:
    """The record's EGN, its last trick left out and the hands not given: a hand claimed."""
    data = strip(write_egn([record]), "player_cards", "discard")
    data["deals"][0]["phases"][1]["tricks"].pop()
    return data


def test_the_score_runs_on_from_the_initial_score() -> None:
    records = [played_record(seed, "NESW"[seed % 4], score="0-0") for seed in range(3)]
    data = json.loads(write_egn(records))
    data["metadata"]["initialScore"] = [4, 1]
    first, second, third = read_egn(data)
    points = by_side(records[0].result)
    assert tuple(first.record.score) == (4, 1)
    assert tuple(second.record.score) == (4 + points[0], 1 + points[1])
    assert tuple(third.record.score) == tuple(a + b for a, b in zip(second.record.score, by_side(second.record.result)))


def test_egn_cards() -> None:
    assert card_of("Nc", None, "x") == card_of("9c", None, "x") == hasen.Card("9C")
    assert card_of("R", 1, "x") == hasen.Card("JH") and card_of("L", 1, "x") == hasen.Card("JD")
    assert card_of("B", None, "x") == JOKER and card_of("Xx", None, "x") is None and card_of("Xh", None, "x") is None
    for bad in ("9C", "1h", "Js ", 7):
        with pytest.raises(hasen.NotationError, match="not a card"):
            card_of(bad, None, "upCard")


BASE = {"fileType": "Euchre Game Notation", "version": "1.4",
        "metadata": {"players": ["a", "b", "c", "d"], "initialScore": [0, 0]}, "deals": []}


@pytest.mark.parametrize("change, message", [
    ({"ruleset": {"partners_best": True}}, "partners_best (calling for the partner's best card) is played in "
                                           "Railroad hand records ('best JK for 9C' in the contract), not read"),
    ({"ruleset": {"canadian": True}}, "canadian (the Canadian loner rule) is a rule the product does not play"),
    ({"ruleset": {"winning_score": 11}}, "the product plays the game to 10"),
    ({"ruleset": {"min_rank": 7}}, "euchre is played with 24 cards (9 up) or 25 (with the Joker)"),
    ({"players": ["a", "b", "c"], "ruleset": {"joker": True}}, "euchre3 is played with 24 cards (9 up) or 32 (7 up)"),
    ({"players": ["a", "b", "c"], "ruleset": {"num_players": 4}}, "num_players 4, but metadata.players names 3"),
    ({"players": ["a", "b", "c"], "initialScore": [4, 1]}, "expected [0, 0], a game's start (EGN keeps two sides'"),
    ({"ruleset": {"loner_lead": "RIGHT"}}, "loner_lead 'RIGHT'"),
    ({"ruleset": {"stick": True}}, "unknown rule 'stick'"),
    ({"players": ["a", "b", "c", "d", "e"]}, "the product does not play Euchre for another number"),
])
def test_a_rule_the_product_does_not_play_refuses_the_file(change: dict, message: str) -> None:
    data = json.loads(json.dumps(BASE))
    data["metadata"].update(change)
    with pytest.raises(hasen.NotationError, match="^EGN: ") as refused:
        read_egn(data)
    assert message in str(refused.value)


def test_a_bad_deal_is_that_deals_error_and_the_rest_are_read() -> None:
    records = [played_record(seed, "NESW"[seed % 4]) for seed in range(2)]
    data = json.loads(write_egn(records))
    data["deals"][0]["phases"][0]["calls"] = ["Pass", "Pass", "Pass", "Pass", "Pass", "n"]
    bad, good = read_egn(data)
    assert bad.record is None and "n (no trump) is a rule the product does not play" in bad.missing
    assert good.record is not None
    assert not is_egn("variant: euchre") and not is_egn('{"fileType": "other"}')
    with pytest.raises(hasen.NotationError, match="not an EGN file"):
        read_egn('{"fileType": "other"}')


def test_a_hand_claimed_before_its_end_is_no_record_and_after_it_the_score_is_not_known() -> None:
    records = [played_record(seed, "NESW"[seed % 4], score="0-0") for seed in range(2)]
    data = json.loads(write_egn(records))
    data["deals"][0] = unplayed(records[0])["deals"][0]
    first, second = read_egn(data)
    assert first.record is None and first.missing == ("the dealer's discard is not recorded and the hand was not "
                                                      "played out, so N's hand before the exchange is not known")
    assert second.record is not None and second.record.score is None


def test_review_session_and_record_take_egn_files(capsys, tmp_path) -> None:
    records = [played_record(0, "N", score="0-0"), played_record(2, "N", score="0-0"),
               played_record(2, "S", score="0-0")]
    data = json.loads(write_egn(records))
    data["deals"][1] = unplayed(records[1])["deals"][0]
    game = tmp_path / "night.egn"
    game.write_text(json.dumps(data))
    code, out, err = run(capsys, "review", str(game), "--id", "3", "--layouts", "4", "--json")
    assert code == 0, err
    assert json.loads(out)["record"]["deal"] == comparable(records[2])["deal"]
    code, _, err = run(capsys, "review", str(game), "--id", "2", "--layouts", "4")
    assert code == 2 and "EGN deal 2 cannot be reviewed: the dealer's discard is not recorded and the hand was " \
                         "not played out" in err
    code, out, err = run(capsys, "session", str(game), str(tmp_path / "out.jsonl"), "--layouts", "4")
    assert code == 0, err
    lines = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert [("review" in line, line["id"]) for line in lines] == [(True, 1), (False, 2), (True, 3)]
    assert "the hand was not played out" in lines[1]["error"]
    code, out, err = run(capsys, "record", str(game), "--egn")
    assert code == 0 and "EGN deal 2 is no hand record" in err
    assert [comparable(d.record)["deal"] for d in read_egn(out)] == [comparable(records[i])["deal"] for i in (0, 2)]


@pytest.mark.parametrize("seed", range(4))
def test_an_unknown_discard_is_reviewed_for_all_it_does_not_touch(seed: int) -> None:
    """The same hand reviewed with its discard known and with a stand-in for it: every call
    and card of the other seats gets the same verdict, figure for figure (they never saw the
    discard); the dealer's calls, discard and cards single dummy, and the par, are not judged."""
    record = played_record(seed, "NESW"[seed % 4])
    data = strip(write_egn([record]), "player_cards", "discard")
    [deal] = read_egn(data)
    assert deal.record is not None and deal.record.unknown == ("discard",)
    dealer = record.deal.dealer
    known = hasen.review_hand(record, layouts=12, seed=3).to_json()
    blind = hasen.review_hand(deal.record, layouts=12, seed=3).to_json()
    assert [c for c in known["calls"] if c["seat"] != str(dealer)] == blind["calls"]
    assert [c for c in known["cards"] if c["seat"] != str(dealer)] == blind["cards"]
    assert blind["choice"] is None and blind["par"] is None and blind["contract"] is None
    assert blind["not_judged"] and str(dealer) in blind["not_judged"][0]
    assert str(dealer) not in blind["players"] or blind["players"][str(dealer)]["cards"] == 0
    assert "not_judged" not in known
    # the record says what it does not know, and reads back so
    line = deal.record.line()
    assert "unknown: discard" in line and hasen.Record.parse(line).unknown == ("discard",)


@pytest.mark.parametrize("seed", range(3))
def test_an_unseen_partner_is_reviewed_for_all_it_does_not_touch(seed: int) -> None:
    """A lone hand reviewed with the partner's hand known and with stand-ins for it: every
    other seat's calls and cards, and the dealer's discard, get the same verdicts; the
    partner's calls and the par are not judged."""
    record = played_record(seed, "NESW"[seed % 4], alone=True)
    [deal] = read_egn(strip(write_egn([record]), "player_cards"))
    assert deal.record.unknown == ("partner",)
    partner = "NESW"[("NESW".index(str(record.contract.declarer)) + 2) % 4]
    known = hasen.review_hand(record, layouts=12, seed=3).to_json()
    blind = hasen.review_hand(deal.record, layouts=12, seed=3).to_json()
    assert [c for c in known["calls"] if c["seat"] != partner] == blind["calls"]
    assert known["cards"] == blind["cards"] and known["choice"] == blind["choice"]
    assert known["contract"] == blind["contract"] and blind["par"] is None
    assert blind["not_judged"] == [f"{partner}'s calls and the par: the record does not know the hand of {partner}, "
                                   f"who sat out while {record.contract.declarer} played alone"]
