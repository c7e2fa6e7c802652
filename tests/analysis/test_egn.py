"""EGN (the Euchre Game Notation) in and out: games written by the product read back equal,
unknown parts included, and follow the specification's schema (checked here with the
``jsonschema`` package against the vendored schema); the ruleset's keys map to the product's
games and settings both ways, the specification's defaults included; EGN 1.0 files and EMN
match files read; a deal whose cards the play does not all show is no record, and says why;
the score of each deal runs on from the file's initial score through every hand played out."""

from __future__ import annotations

import json

import jsonschema
import pytest
from cli_run import run
from egngen import validator

import hasen
from hasen.core.cards import JOKER
from hasen.notation.egn import card_of, is_egn, read_egn, split_games, write_egn

NAMES = {"N": "Ann", "E": "Bob", "S": "Cy", "W": "Di"}
SEATS_OF = {"euchre": "NESW", "euchre3": "NES", "euchre2": "NS", "railroad": "NESW"}  # who holds a hand


EGN_SCHEMA = validator("egn")


def valid(text: str) -> dict:
    """The file written, checked against the specification's schema (each game of a match)."""
    data = json.loads(text)
    games = [g["gameData"] for g in data["games"]] if data["fileType"] == "Euchre Match Notation" else [data]
    for game in games:
        errors = list(EGN_SCHEMA.iter_errors(game))
        assert not errors, jsonschema.exceptions.best_match(errors).message
    return data


def played_record(
    seed: int,
    dealer: str = "N",
    deck: int = 24,
    alone: bool = False,
    score: str | None = "3-5",
    variant: str = "euchre",
    players: dict | None = None,
    settings: str = "",
) -> hasen.Record:
    """A hand of Euchre played out by the solver's best line: the dealer orders the upcard
    (or, under a turned Joker, names spades) and discards its first card."""
    deal = hasen.random_deal(variant=variant, deck=deck, seed=seed, dealer=dealer)
    seats = SEATS_OF[variant]
    order = seats[seats.index(dealer) + 1 :] + seats[: seats.index(dealer) + 1]
    joker = deal.extra == hasen.Card("JK")
    trump = "S" if joker else deal.extra.name[1]
    discard = next(iter(deal.hand(dealer)))
    call = ("name S" if joker else "order up") + (" alone" if alone else "")
    passes = [] if joker else [f"{seat} pass" for seat in order[:-1]]
    best = ""
    if alone and variant == "railroad":
        partner = "NESW"[("NESW".index(dealer) + 2) % 4]
        passed = max(deal.hand(partner))
        best = f", best {passed} for {passed}"
    line = (
        hasen.solve(deal, dealer, trump, discard, alone=alone).to_json()["best_line"]
        if not best
        else hasen.solve(
            deal, f"{dealer}, trump {trump}, discard {discard}, alone, best {passed} for {passed}"
        ).to_json()["best_line"]
    )
    names = players or NAMES
    listed = ", ".join(f"{seat}={names[seat]}" for seat in seats)
    return hasen.Record.parse(
        f"variant: {variant}; deck: {deck}; players: {listed}; "
        + (f"score: {score}; " if score else "")
        + (f"settings: {settings}; " if settings else "")
        + f"dealer: {dealer}; deal: {deal.notation()}; "
        f"auction: {', '.join(passes + [f'{dealer} {call}'])}; "
        f"contract: {dealer}, trump {trump}, discard {discard}"
        f"{', alone' if alone else ''}{best}; play: {line}"
    )


def by_side(result: hasen.HandResult) -> tuple[int, int]:
    """A hand's points, N-S's (or N's) first: the result gives the declaring side's first."""
    return result.score if result.side == 0 else (result.score[1], result.score[0])


def comparable(record: hasen.Record) -> dict:
    data = record.to_json()
    data.pop("id")
    return data


@pytest.mark.parametrize(
    "variant, deck",
    [
        ("euchre", 24),
        ("euchre", 25),
        ("euchre2", 24),
        ("euchre2", 32),
        ("euchre3", 24),
        ("railroad", 25),
        ("railroad", 33),
    ],
)
def test_games_written_as_egn_read_back_equal_and_follow_the_schema(variant: str, deck: int) -> None:
    dealers = SEATS_OF[variant]
    zero = "-".join(["0"] * (3 if variant == "euchre3" else 2))
    records = [
        played_record(
            seed,
            dealers[seed % len(dealers)],
            deck,
            variant=variant,
            score=zero if seed == 0 else None,
            alone=variant == "railroad" and seed == 1,
        )
        for seed in range(3)
    ]
    text = write_egn(records, title="a night")
    data = valid(text)
    assert is_egn(text) and data["metadata"]["title"] == "a night" and data["version"] == "1.4"
    assert data["metadata"]["ruleset"]["num_players"] == len(dealers)  # said even for four, the default
    deals = read_egn(text)
    assert [d.missing for d in deals] == [None] * 3 and [d.record.id for d in deals] == [1, 2, 3]
    # the same records, the score of each now known: the last one's plus its result
    expected = (0,) * len(records[0].variant.score_names)
    for deal, record in zip(deals, records):
        assert tuple(deal.record.score) == expected
        assert comparable(deal.record) == {**comparable(record), "score": comparable(deal.record)["score"]}
        expected = tuple(
            a + b for a, b in zip(expected, (deal.record.result.points()[n] for n in record.variant.score_names))
        )


@pytest.mark.parametrize(
    ("variant", "auction"),
    [
        ("euchre", "E pass, S pass, W pass, N order up alone"),
        ("euchre", "E pass, S pass, W pass, N pass, E name {suit}"),
        ("railroad", "E pass, S pass, W pass, N pass, E pass, S name {suit} alone"),
        ("euchre2", "S pass, N order up"),
        ("euchre3", "E pass, S order up"),
    ],
)
def test_a_record_that_stops_after_its_auction_reads_back_as_it_was(variant: str, auction: str) -> None:
    """No contract written, no play: EGN's bidding says how the maker plays (isAlone) and
    has no play phase; read back, the record is the auction again, alone and all, with no
    contract added that the record did not have."""
    deal = next(
        d for seed in range(20) if (d := hasen.random_deal(variant=variant, seed=seed, dealer="N")).extra != JOKER
    )
    suit = next(s for s in "SHDC" if s != deal.extra.name[1])  # the upcard's suit is turned down
    record = hasen.Record.parse(
        f"variant: {variant}; dealer: N; deal: {deal.notation()}; auction: {auction.format(suit=suit)}"
    )
    assert record.contract is None and record.auction_end is not None
    data = valid(write_egn([record]))
    assert [phase["type"] for phase in data["deals"][0]["phases"]] == ["EUCHRE_BIDDING"]
    [read] = read_egn(write_egn([record]))
    assert read.record is not None and read.record.contract is None, read.missing
    assert read.record.auction_text() == record.auction_text()
    assert comparable(read.record) == comparable(record)


def test_a_deal_with_its_discard_and_no_play_is_a_contract_not_played() -> None:
    """Another program's deal may settle the contract past the auction (here the dealer's
    discard) and stop before the play: that contract is kept, not dropped for the auction
    alone."""
    record = hasen.Record.parse(
        "variant: euchre; dealer: N; deal: N:A.K..AQJ .AQ.AT.K T9.T9.9. QJ.J.Q.9 KS; "
        "auction: E pass, S pass, W pass, N order up; contract: N, trump S, discard KH"
    )
    data = valid(write_egn([record]))
    assert data["deals"][0]["phases"][0]["discard"] == "Kh"
    del data["deals"][0]["phases"][1]  # its play phase, empty
    [read] = read_egn(data)
    assert read.record is not None and read.record.contract == record.contract
    assert comparable(read.record) == comparable(record)


def test_a_written_file_uses_the_keys_of_egn_1_4() -> None:
    text = write_egn([played_record(0)])
    state = json.loads(text)["deals"][0]["initialState"]
    assert "playerCards" in state and "player_cards" not in text and "kitty" not in text


def test_what_a_record_does_not_know_stays_unknown_through_egn() -> None:
    """A discard not recorded and a partner never seen: not written as cards, and read back
    not known, the record equal to the one written."""
    whole = played_record(3)
    typed = hasen.Record.parse(
        whole.line()
        .replace(f"deal: {whole.deal.notation()}", f"upcard: {whole.deal.extra}")
        .replace(f", discard {whole.contract.discard}", "")
    )
    assert typed.unknown == ("discard",)
    lone = played_record(2, alone=True)
    lone_typed = hasen.Record.parse(lone.line().replace(f"deal: {lone.deal.notation()}", f"upcard: {lone.deal.extra}"))
    assert lone_typed.unknown == ("partner",)
    for record in (typed, lone_typed):
        text = write_egn([record])
        data = valid(text)
        bidding = data["deals"][0]["phases"][0]
        assert "playerCards" not in data["deals"][0]["initialState"]
        assert ("discard" in bidding) == ("discard" not in record.unknown)
        [back] = read_egn(text)
        assert comparable(back.record) == comparable(record)
        assert back.record.unknown == record.unknown
        assert "deal:" not in back.record.line() and "upcard:" in back.record.line()
        assert back.record.to_json()["contract"]["discard"] is None or "discard" not in record.unknown


def test_a_discard_not_known_with_a_hand_not_played_out_is_written_xx() -> None:
    """Where the play stops short the hands are written, a card the record does not know as Xx."""
    record = played_record(1)
    cut = hasen.Record.parse(
        str(record).replace("unknown", "").split("\nplay:")[0]
        + "\nunknown: discard\nplay: "
        + " ".join(str(c) for c in record.cards[:6])
    )
    assert cut.unknown == ("discard",) and not cut.finished
    data = valid(write_egn([cut]))
    hands = data["deals"][0]["initialState"]["playerCards"]
    dealer = hands[0]
    assert dealer.count("Xx") == 1 and all("Xx" not in hand for hand in hands[1:])


def test_the_table_rules_are_written_and_read() -> None:
    record = played_record(0, settings="all_pass=redeal, lone_lead=left_of_loner")
    data = valid(write_egn([record]))
    ruleset = data["metadata"]["ruleset"]
    assert ruleset["std"] is False and ruleset["loner_lead"] == "LEFT_OF_LONER" and ruleset["winning_score"] == 10
    assert read_egn(data)[0].record.settings == record.settings
    stuck = played_record(0, settings="all_pass=stick_the_dealer, game_points=15", score="12-3")
    ruleset = valid(write_egn([stuck]))["metadata"]["ruleset"]
    assert ruleset["std"] is True and ruleset["winning_score"] == 15
    assert read_egn(write_egn([stuck]))[0].record.settings == stuck.settings
    # the schema's integers: written 15.0 and 4.0 are 15 and 4 (as initialState.dealer's 1.0 is 1)
    data = valid(write_egn([stuck]))
    data["metadata"]["ruleset"].update(winning_score=15.0, num_players=4.0, min_rank=9.0)
    assert read_egn(json.dumps(data))[0].record.settings == stuck.settings


BASE = {
    "fileType": "Euchre Game Notation",
    "version": "1.4",
    "metadata": {"players": ["a", "b", "c", "d"], "initialScore": [0, 0]},
    "deals": [],
}


def settings_read(ruleset: dict, players: int = 4) -> tuple[str, dict]:
    data = json.loads(json.dumps(BASE))
    data["metadata"]["ruleset"] = ruleset
    data["metadata"]["players"] = data["metadata"]["players"][:players]
    record = played_record(0)
    data["deals"] = json.loads(write_egn([record]))["deals"]
    if players != 4:
        data["deals"] = []
        return "", {}
    [deal] = read_egn(data)
    return deal.record.variant.name, deal.record.settings.applicable(deal.record.variant)


def test_the_specifications_defaults_are_the_products_reading() -> None:
    """No ruleset: stick the dealer (std), the lead left of the dealer past an idle seat
    (loner_lead LEFT_OF_DEALER), a game to 10; every key at its default says the same."""
    name, settings = settings_read({})
    assert name == "euchre"
    assert settings["all_pass"] == "stick_the_dealer" and settings["lone_lead"] == "dealer_left_skip_idle"
    defaults = {
        "std": True,
        "min_rank": 9,
        "winning_score": 10,
        "num_deals": 0,
        "canadian": False,
        "loner_lead": "LEFT_OF_DEALER",
        "loner_march_score": 4,
        "loner_euchred_score": 2,
        "defend_alone": False,
        "farmers": False,
        "partners_best": False,
        "go_under": False,
        "joker": False,
        "num_players": 4,
        "allow_no_trump": False,
        "fast_break": False,
        "four_trick_tokens": False,
    }
    defaults.pop("num_deals")  # the schema allows winning_score or num_deals, not both
    assert settings_read(defaults) == (name, settings)
    assert settings_read({"num_deals": 0, "std": False})[1]["all_pass"] == "redeal"


@pytest.mark.parametrize(
    "ruleset, message",
    [
        (
            {"canadian": True},
            "canadian (the Canadian loner (the dealer's partner who orders up plays alone)) is a rule",
        ),
        ({"farmers": True}, "farmers (the farmer's hand) is a rule the product does not play"),
        ({"allow_no_trump": True}, "allow_no_trump (no trump) is a rule"),
        ({"winning_score": 11}, "winning_score 11: the product plays games to 5, 10, 15"),
        ({"num_deals": 8}, "num_deals 8: a game of a fixed number of deals"),
        ({"loner_march_score": 5}, "loner_march_score 5: the product scores a lone march 4"),
        ({"loner_euchred_score": 4}, "loner_euchred_score 4"),
        ({"min_rank": 7}, "euchre is played with 24 cards (min_rank 9) or 25 (min_rank 9 and the Joker)"),
        (
            {"partners_best": True},
            "partners_best (calling for the partner's best card) is played in Railroad, four "
            "players with the Joker (joker: true); this file has 4 players and no Joker",
        ),
        ({"defend_alone": True}, "defend_alone (a lone defence (4 points for euchring a loner)) is played in Railroad"),
        ({"num_players": 5}, "num_players 5: the product plays Euchre for 4 players"),
        ({"loner_lead": "RIGHT"}, 'loner_lead: "RIGHT" is not one of'),
        ({"stick": True}, 'the key "stick" is not one the specification has'),
        ({"winning_score": 10, "num_deals": 3}, "winning_score and num_deals may not be given together"),
    ],
)
def test_a_rule_the_product_does_not_play_refuses_the_file_by_name(ruleset: dict, message: str) -> None:
    data = json.loads(json.dumps(BASE))
    data["metadata"]["ruleset"] = ruleset
    with pytest.raises(hasen.NotationError, match="^EGN: ") as refused:
        read_egn(data)
    assert message in str(refused.value)
    assert "\n" not in str(refused.value)


def test_railroad_reads_from_partners_best_and_defend_alone_with_the_joker() -> None:
    """A deal whose auction is not over gives a record where every hand is given: its game
    and settings are those the ruleset says."""
    for ruleset, deck, best in (
        ({"joker": True, "partners_best": True, "defend_alone": True}, 25, True),
        ({"joker": True, "defend_alone": True}, 25, False),
        ({"joker": True, "min_rank": 7, "partners_best": True}, 33, True),
    ):
        deal = hasen.random_deal(variant="railroad", deck=deck, seed=1, dealer="N")
        data = json.loads(json.dumps(BASE))
        data["metadata"]["ruleset"] = ruleset
        hands = [[c.name[0] + c.name[1].lower() if c != JOKER else "B" for c in deal.hand(s)] for s in "NESW"]
        upcard = "B" if deal.extra == JOKER else deal.extra.name[0] + deal.extra.name[1].lower()
        data["deals"] = [
            {
                "dealNumber": 0,
                "initialState": {"dealer": 0, "upCard": upcard, "playerCards": hands},
                "phases": [{"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": []}],
            }
        ]
        [read] = read_egn(data)
        assert read.record.variant.name == "railroad" and read.record.variant.deck_size == deck
        assert read.record.settings.call_for_best is best and read.record.deal == deal.replace(
            settings=read.record.settings
        )


def test_a_railroad_lone_hand_with_its_calls_for_best_and_a_lone_defender_reads_back() -> None:
    deal = hasen.random_deal(variant="railroad", deck=25, seed=5, dealer="N")
    upcard = deal.extra
    trump = "S" if upcard == hasen.Card("JK") else upcard.name[1]
    auction = "N name S alone" if upcard == hasen.Card("JK") else "E order up alone"
    declarer = "N" if upcard == hasen.Card("JK") else "E"
    partner = {"N": "S", "E": "W"}[declarer]
    defender = {"N": "E", "E": "N"}[declarer]
    defender_partner = {"E": "W", "N": "S"}[defender]
    best = max(deal.hand(partner))
    dbest = max(deal.hand(defender_partner))
    discard = next(iter(deal.hand("N"))) if trump == (upcard.name[1] if upcard != hasen.Card("JK") else "S") else None
    parts = [declarer, f"trump {trump}"] + (
        [f"discard {discard}"]
        if discard is not None and declarer == "N" or (discard is not None and upcard != hasen.Card("JK"))
        else []
    )
    parts += ["alone", f"defender {defender}", f"best {best} for {best}", f"defender best {dbest} for {dbest}"]
    contract = ", ".join(parts)
    solved = hasen.solve(deal, contract)
    record = hasen.Record.parse(
        f"variant: railroad; dealer: N; deal: {deal.notation()}; auction: {auction}; "
        f"contract: {contract}; play: {solved.to_json()['best_line']}"
    )
    data = valid(write_egn([record]))
    bidding = data["deals"][0]["phases"][0]
    assert bidding["aloneDefender"] == "NESW".index(defender) and len(bidding["cardExchanges"]) == 4
    ruleset = data["metadata"]["ruleset"]
    assert ruleset["partners_best"] is True and ruleset["defend_alone"] is True and ruleset["joker"] is True
    [back] = read_egn(data)
    assert comparable(back.record) == comparable(record)


def test_a_joker_turned_and_named_by_the_dealer_reads_back() -> None:
    """Under a turned Joker the dealer names trump at once: EGN's calls are the others'
    passes then the dealer's suit, in the first round."""
    seed = next(
        s
        for s in range(200)
        if hasen.random_deal(variant="euchre", deck=25, seed=s, dealer="N").extra == hasen.Card("JK")
    )
    record = played_record(seed, "N", 25)
    assert record.auction_text() == "N name S"
    data = valid(write_egn([record]))
    assert data["deals"][0]["phases"][0]["calls"] == ["Pass", "Pass", "Pass", "s"]
    assert comparable(read_egn(data)[0].record) == comparable(record)


def test_a_lone_defender_of_four_hand_euchre_has_no_place_in_egn() -> None:
    """EGN's defend_alone scores a lone defence's euchre 4; four-hand Euchre scores it 2."""
    record = played_record(2, alone=True)
    deal = record.deal
    solved = hasen.solve(deal, "N", record.contract.trump, record.contract.discard, alone=True, defender="E")
    lone = hasen.Record.parse(
        f"variant: euchre; dealer: N; deal: {deal.notation()}; auction: "
        f"{record.auction_text()}; contract: N, trump {record.contract.trump}, discard "
        f"{record.contract.discard}, alone, defender E; play: {solved.to_json()['best_line']}"
    )
    with pytest.raises(hasen.NotationError, match="defender"):
        write_egn([lone])


def test_hasenpfeffer_is_refused_as_a_game_egn_does_not_record() -> None:
    """EGN records four Euchre games and no other: a Hasenpfeffer record is refused by its
    place among the records, never written as one of them (each Euchre game is written in
    the tests above)."""
    hand = hasen.Record.parse(
        "id: 7; dealer: W; deal: N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS; auction: N 6, E pass, S pass, "
        "W pass; contract: N 6, trump C, discard KH; play: JC KC TC 9C"
    )
    euchre = played_record(2)
    with pytest.raises(hasen.NotationError) as refused:
        write_egn([euchre, hand])
    assert str(refused.value) == (
        "EGN: record 2 (id 7) is Hasenpfeffer, and EGN records only Euchre: four-hand, two-handed, "
        "three-handed and Railroad; leave it out, or write the records as they are"
    )


def test_the_score_runs_on_from_the_initial_score() -> None:
    records = [played_record(seed, "NESW"[seed % 4], score="0-0" if seed == 0 else None) for seed in range(3)]
    data = json.loads(write_egn(records))
    data["metadata"]["initialScore"] = [4, 1]
    first, second, third = read_egn(data)
    points = by_side(records[0].result)
    assert tuple(first.record.score) == (4, 1)
    assert tuple(second.record.score) == (4 + points[0], 1 + points[1])
    assert tuple(third.record.score) == tuple(a + b for a, b in zip(second.record.score, by_side(second.record.result)))


def test_egn_cards() -> None:
    assert card_of("Nc", None, "x") == card_of("9c", None, "x") == card_of("9C", None, "x") == hasen.Card("9C")
    assert card_of("R", 1, "x") == hasen.Card("JH") and card_of("L", 1, "x") == hasen.Card("JD")
    assert card_of("B", None, "x") == JOKER and card_of("Xx", None, "x") is None and card_of("Xh", None, "x") is None
    assert card_of("Jt", None, "x") is None  # a generic suit: the actual one not known
    for bad in ("1h", "Js ", 7):
        with pytest.raises(hasen.NotationError, match="not a card"):
            card_of(bad, None, "upCard")


def test_egn_1_0_files_read_with_their_snake_case_keys_and_kitty() -> None:
    """EGN 1.0 wrote player_cards and the kitty: the kitty given, the discard is the one card
    nobody holds, and the deal is whole."""
    record = played_record(4)
    data = json.loads(write_egn([record]))
    data["version"] = "1.0.0"
    state = data["deals"][0]["initialState"]
    state.pop("playerCards")
    data["deals"][0]["phases"][0].pop("discard")
    unseen = set(
        hasen.CardSet(record.deal.variant.deck)
        - hasen.CardSet(sum(record.deal.hands))
        - record.deal.extra
        - record.contract.discard
    )
    state["kitty"] = [c.name[0] + c.name[1].lower() for c in sorted(unseen)]
    state["player_cards"] = [[], [], [], []]
    data["deals"][0]["initial_state"] = data["deals"][0].pop("initialState")
    [deal] = read_egn(data)
    assert deal.record.unknown == () and comparable(deal.record) == comparable(record)
    data["version"] = "1.1"
    data["metadata"]["stick"] = True  # a key no version has: the schema refuses it
    with pytest.raises(hasen.NotationError, match='the key "stick" is not one the specification has'):
        read_egn(data)


def test_several_games_are_written_as_a_match_with_each_tables_players() -> None:
    """A night of two tables: each game keeps its players; several four-hand games make an
    EMN match of EGN games, which reads back game by game."""
    first = [played_record(seed, "NESW"[seed % 4], score="0-0" if seed == 0 else None) for seed in range(2)]
    other = {"N": "Eve", "E": "Fay", "S": "Gus", "W": "Hal"}
    second = [
        played_record(seed, "NESW"[seed % 4], score="0-0" if seed == 5 else None, players=other) for seed in (5, 6)
    ]
    records = first + second
    assert len(split_games(records)) >= 2
    text = write_egn(records)
    data = valid(text)
    assert data["fileType"] == "Euchre Match Notation"
    errors = list(validator("emn").iter_errors(data))
    assert not errors, errors[0].message
    deals = read_egn(text)
    assert [d.record.players for d in deals] == [r.players for r in records]
    assert [d.name for d in deals][:1] == ["EMN game 1, deal 1"]
    assert [comparable(d.record)["deal"] for d in deals] == [comparable(r)["deal"] for r in records]
    assert len({d.game for d in deals}) == 2
    three = [played_record(seed, "NES"[seed], variant="euchre3", score="0-0-0") for seed in range(2)]
    three[1] = hasen.Record.parse(three[1].line().replace("N=Ann", "N=Zed"))
    with pytest.raises(hasen.NotationError, match="--game N"):
        write_egn(three)


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


def unplayed(record: hasen.Record) -> dict:
    """The record's EGN, its last trick left out and the hands not given: a hand claimed."""
    data = json.loads(write_egn([record]))
    for deal in data["deals"]:
        deal["initialState"].pop("playerCards", None)
        deal["phases"][0].pop("discard", None)
        deal["phases"][1]["tricks"].pop()
    return data


def test_a_hand_claimed_before_its_end_is_no_record_and_after_it_the_score_is_not_known() -> None:
    records = [played_record(seed, "NESW"[seed % 4], score="0-0" if seed == 0 else None) for seed in range(2)]
    data = json.loads(write_egn(records))
    data["deals"][0] = unplayed(records[0])["deals"][0]
    first, second = read_egn(data)
    assert first.record is None and first.missing.startswith("the hand is not played out, so the cards of N, E, S, W")
    assert second.record is not None and second.record.score is None


def test_review_session_and_record_take_egn_files(capsys, tmp_path) -> None:
    records = [played_record(0, "N", score="0-0"), played_record(2, "N", score=None), played_record(2, "S", score=None)]
    data = json.loads(write_egn(records))
    data["deals"][1] = unplayed(records[1])["deals"][0]
    game = tmp_path / "night.egn"
    game.write_text(json.dumps(data))
    code, out, err = run(capsys, "review", str(game), "--id", "3", "--layouts", "4", "--json")
    assert code == 0, err
    assert json.loads(out)["record"]["deal"] == comparable(records[2])["deal"]
    code, _, err = run(capsys, "review", str(game), "--id", "2", "--layouts", "4")
    assert code == 2 and "EGN deal 2 cannot be reviewed: the hand is not played out" in err
    code, out, err = run(capsys, "session", str(game), str(tmp_path / "out.jsonl"), "--layouts", "4")
    assert code == 0, err
    lines = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert [("review" in line, line["id"]) for line in lines] == [(True, 1), (False, 2), (True, 3)]
    assert "the hand is not played out" in lines[1]["error"]
    code, out, err = run(capsys, "record", str(game), "--egn")
    assert code == 0 and "EGN deal 2 is no hand record" in err
    assert [comparable(d.record)["deal"] for d in read_egn(out)] == [comparable(records[i])["deal"] for i in (0, 2)]
    code, out, err = run(capsys, "record", str(game), "--game", "2")
    assert code == 2 and "--game 2: the records hold 1 game" in err


@pytest.mark.parametrize("seed", range(3))
def test_an_unknown_discard_is_reviewed_for_all_it_does_not_touch(seed: int) -> None:
    """The same hand reviewed with its discard known and with a stand-in for it: every call
    and card of the other seats gets the same verdict, figure for figure (they never saw the
    discard); the dealer's calls, discard and cards single dummy, and the par, are not judged."""
    record = played_record(seed, "NESW"[seed % 4])
    data = json.loads(write_egn([record]))
    data["deals"][0]["initialState"].pop("playerCards")
    data["deals"][0]["phases"][0].pop("discard")
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
    # the record does not write what it does not know, and reads back so
    line = deal.record.line()
    assert "deal:" not in line and "discard" not in line.split("contract:")[1].split(";")[0]
    assert hasen.Record.parse(line).unknown == ("discard",)


@pytest.mark.parametrize("seed", range(2))
def test_an_unseen_partner_is_reviewed_for_all_it_does_not_touch(seed: int) -> None:
    """A lone hand reviewed with the partner's hand known and with stand-ins for it: every
    other seat's calls and cards, and the dealer's discard, get the same verdicts; the
    partner's calls and the par are not judged."""
    record = played_record(seed, "NESW"[seed % 4], alone=True)
    data = json.loads(write_egn([record]))
    data["deals"][0]["initialState"].pop("playerCards")
    [deal] = read_egn(data)
    assert deal.record.unknown == ("partner",)
    partner = "NESW"[("NESW".index(str(record.contract.declarer)) + 2) % 4]
    known = hasen.review_hand(record, layouts=12, seed=3).to_json()
    blind = hasen.review_hand(deal.record, layouts=12, seed=3).to_json()
    assert [c for c in known["calls"] if c["seat"] != partner] == blind["calls"]
    assert known["cards"] == blind["cards"] and known["choice"] == blind["choice"]
    assert known["contract"] == blind["contract"] and blind["par"] is None
    assert blind["not_judged"] == [
        f"{partner}'s calls and the par: the record does not know the hand of {partner}, "
        f"who sat out while {record.contract.declarer} played alone"
    ]


def test_a_match_of_a_game_not_of_four_players_is_refused_naming_it() -> None:
    """An EMN match holds four-player games only: a Two-handed game after a four-hand one is
    refused, naming it (the first game alone was looked at, and the file written was one
    the specification refuses)."""
    four = played_record(1)
    two = played_record(2, variant="euchre2", score=None)
    with pytest.raises(hasen.NotationError) as info:
        write_egn([four, two])
    assert str(info.value).startswith("EGN: these records hold 2 games, game 2 of euchre2; an EGN file holds one game")
    with pytest.raises(hasen.NotationError, match="^EGN: these records hold 2 games, game 1 of euchre2;"):
        write_egn([two, four])


def test_a_name_several_seats_share_is_told_apart_by_its_seat() -> None:
    """A program's players are often all "Computer": each is named with its seat, for a
    record's players are one to a seat (every deal was refused)."""
    text = write_egn([played_record(1)])
    data = json.loads(text)
    data["metadata"]["players"] = ["Computer", "Computer", "Me", "Computer"]
    (deal,) = read_egn(json.dumps(data))
    assert deal.record is not None
    assert deal.record.players == {"N": "Computer (N)", "E": "Computer (E)", "S": "Me", "W": "Computer (W)"}
    # a long name is cut to fit its seat; a told-apart name another seat has leaves both unnamed
    data["metadata"]["players"] = ["C" * 38, "C" * 38, "Me", "You"]
    (deal,) = read_egn(json.dumps(data))
    assert deal.record is not None and deal.record.players["N"] == "C" * 36 + " (N)"
    data["metadata"]["players"] = ["A", "A", "Me", "A (N)"]
    (deal,) = read_egn(json.dumps(data))
    assert deal.record is not None and deal.record.players == {"E": "A (E)", "S": "Me"}


def test_a_starting_score_below_0_is_refused_for_the_file() -> None:
    """No Euchre score falls below 0: a file starting at [-2, 5] is refused as a whole (its
    first deal was refused, and the next read without a score)."""
    data = json.loads(write_egn([played_record(1), played_record(2, dealer="E", score=None)]))
    data["metadata"]["initialScore"] = [-2, 5]
    with pytest.raises(hasen.NotationError) as info:
        read_egn(json.dumps(data))
    assert str(info.value) == "EGN: metadata.initialScore [-2, 5]: no score falls below 0 in euchre"
