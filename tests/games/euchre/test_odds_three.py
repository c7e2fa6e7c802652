"""Each player's chance of winning a Three-Handed game (hasen.analysis.odds_three) against what
it must be:
- the shipped table is the fixed point of the game's equations: at every three scores and
  dealer, each player's chance equals a plain sum, written here, over the hand's results
  (scored by docs/rules.md: the maker 1 for three or four tricks, 3 for five; a euchred
  maker gives each other player 2), of its share of the win where the result ends the game
  (the highest score wins; on a tie the maker, else the tied share it) and the table's own
  chance at the next scores where it does not;
- the three chances add up to 1, and a player's own points never lower its chance;
- with the maker losing 2 instead, the table worked out for that setting is its fixed point;
- the hands the file keeps play again to their results;
- the CLI and the API answer with each player's chance.
"""

from __future__ import annotations

import json
from importlib.resources import files
from itertools import product

import pytest
from cli_run import run
from flask.testing import FlaskClient
from odds_fit import HandsJob
from openapi_schema_validator import OAS31Validator

import hasen
from hasen.analysis.odds_three import DEEPEST_THREE, player_chances
from hasen.core.settings import Settings

TARGET = 10  # the points that win a game at the default settings (docs/rules.md)
DECKS = (24, 32)


def shipped(deck: int) -> dict:
    data = json.loads(files("hasen").joinpath("data", "win_chances.json").read_text(encoding="utf-8"))
    return data["games"][f"euchre3/{deck}"]


def points(tricks: int, maker_loses: bool) -> tuple[int, int]:
    """The maker's points and each other player's, by the rules."""
    if tricks == 5:
        return 3, 0
    if tricks >= 3:
        return 1, 0
    return (-2, 0) if maker_loses else (0, 2)


def plain_chances(
    outcomes: list,
    chances,
    scores: tuple[int, int, int],
    dealer: int,
    low: int,
    maker_loses: bool = False,
    target: int = TARGET,
) -> list[float]:
    """One hand from these scores (N's, E's, S's), ``dealer`` (0, 1, 2 for N, E, S) dealing;
    the game is won with ``target`` points."""
    total = sum(o[4] for o in outcomes)
    value = [0.0, 0.0, 0.0]
    for offset, _, _, tricks, count in outcomes:
        after = list(scores)
        maker = None
        if offset >= 0:
            maker = (dealer + offset) % 3
            mine, theirs = points(tricks, maker_loses)
            after = [s + (mine if p == maker else theirs) for p, s in enumerate(scores)]
        top = max(after)
        if top >= target:
            tied = [p for p in range(3) if after[p] == top]
            shares = (
                [float(p == maker) for p in range(3)]
                if maker in tied
                else [1 / len(tied) if p in tied else 0.0 for p in range(3)]
            )
        else:
            shares = chances(tuple(max(s, low) for s in after), (dealer + 1) % 3)
        for p in range(3):
            value[p] += count / total * shares[p]
    return value


@pytest.mark.parametrize("deck", DECKS)
def test_the_table_is_the_games_fixed_point(deck: int) -> None:
    data = shipped(deck)
    table = data["table"]
    worst = 0.0
    for dealer, scores in product(range(3), product(range(TARGET), repeat=3)):
        plain = plain_chances(data["outcomes"], lambda s, d: table[d][s[0]][s[1]][s[2]], scores, dealer, 0)
        here = table[dealer][scores[0]][scores[1]][scores[2]]
        worst = max(worst, *(abs(a - b) for a, b in zip(plain, here)))
        assert sum(here) == pytest.approx(1, abs=3e-4)
    assert worst < 3e-4, worst  # the table is rounded to four decimals


def test_a_game_to_five_is_its_own_fixed_point() -> None:
    """``game_points=5``: worked out from the same hands, the fixed point of the sums with 5."""
    data = shipped(24)
    chances = player_chances(hasen.variant_for("euchre3", 24), Settings(game_points=5))
    for dealer, scores in product(range(3), product(range(5), repeat=3)):
        plain = plain_chances(data["outcomes"], chances.chances, scores, dealer, 0, target=5)
        assert plain == pytest.approx(list(chances.chances(scores, dealer)), abs=1e-9)
    with pytest.raises(hasen.NotationError, match="a game ends at 5"):
        chances.chances((5, 3, 2), 0)


@pytest.mark.parametrize("deck", DECKS)
def test_own_points_never_lower_a_players_chance(deck: int) -> None:
    chances = player_chances(hasen.variant_for("euchre3", deck))
    for dealer, scores in product((0, 1, 2), product(range(TARGET), repeat=3)):
        here = chances.chances(scores, dealer)
        for p in range(3):
            if scores[p] + 1 < TARGET:
                more = list(scores)
                more[p] += 1
                assert chances.chances(tuple(more), dealer)[p] >= here[p] - 2e-3, (scores, dealer, p)
    with pytest.raises(hasen.NotationError, match="a game ends at 10"):
        chances.chances((10, 3, 2), 0)


def test_with_the_maker_losing_two_the_worked_out_table_is_its_fixed_point() -> None:
    variant = hasen.variant_for("euchre3")
    settings = Settings(euchred="maker_loses")
    chances = player_chances(variant, settings)
    outcomes = shipped(24)["outcomes"]
    for dealer, scores in product((0, 2), product((DEEPEST_THREE, -3, 0, 5, 9), repeat=3)):
        plain = plain_chances(outcomes, chances.chances, scores, dealer, DEEPEST_THREE, maker_loses=True)
        assert plain == pytest.approx(list(chances.chances(scores, dealer)), abs=1e-9), (scores, dealer)


@pytest.mark.compiled
@pytest.mark.parametrize("deck", DECKS)
def test_the_hands_the_file_keeps_play_again_to_their_results(deck: int) -> None:
    seed = json.loads(files("hasen").joinpath("data", "win_chances.json").read_text(encoding="utf-8"))["built"]["seed"]
    variant = hasen.variant_for("euchre3", deck)
    for check in shipped(deck)["checks"]:
        assert list(HandsJob(variant, seed)((check["deal"], check["deal"] + 1))[0]) == check["result"]


def test_the_cli_and_the_api_give_each_players_chance(capsys, client: FlaskClient, openapi_doc: dict) -> None:
    table = shipped(24)["table"]
    n, e, s = table[0][3][5][7]  # N deals, at N 3, E 5, S 7
    code, out, err = run(capsys, "odds", "3-5-7", "--variant", "euchre3", "--dealer", "N")
    assert code == 0, err
    assert out.startswith(f"euchre3 (24 cards), to 10: N 3, E 5, S 7, N to deal: N wins {100 * n:.0f}%")
    assert f"E {100 * e:.0f}%" in out and f"S {100 * s:.0f}%" in out
    response = client.post("/api/v1/odds", json={"score": "3-5-7", "variant": "euchre3", "dealer": "N"})
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    schema = openapi_doc["paths"]["/api/v1/odds"]["post"]["responses"]["200"]["content"]["application/json"]["schema"]
    OAS31Validator({**schema, "components": openapi_doc["components"]}).validate(answer)
    assert answer["chance"] == {"N": n, "E": e, "S": s} and answer["score"] == {"N": 3, "E": 5, "S": 7}
    response = client.post("/api/v1/odds", json={"score": "3-5", "variant": "euchre3"})
    assert response.status_code == 400 and "three players' scores" in response.get_json()["error"]


def test_at_nine_each_a_contract_ends_the_game_so_a_cards_chance_of_winning_follows_from_making_it() -> None:
    """At 9-9-9 every contract ends the game: the maker who makes it reaches 10 first and wins;
    euchred, both defenders reach 11 and share the win. So at each card the maker's chance of
    winning is its chance of making the contract, and a defender's half its chance of setting it."""
    record = (
        "score: 9-9-9; variant: euchre3; dealer: N; deal: N:T9.9.KJ. J..Q.QT9 Q.KT.T.A AD; "
        "auction: E pass, S pass, N order up; contract: N, trump D, discard 9H; "
        "play: JS QS TS | KH AD QD | KD QC TD | 9S TC TH | JD 9C AC"
    )
    review = hasen.review_hand(record, layouts=60).to_json()
    assert review["score"] == [9, 9, 9]
    judged = [card for card in review["cards"] if card["choices"]]
    assert judged
    for card in judged:
        for choice in card["choices"]:
            expected = choice["chance"] if card["seat"] == "N" else choice["chance"] / 2
            assert choice["win"] == pytest.approx(expected, abs=1e-4), (card["number"], choice)


def test_with_a_score_each_layouts_chance_is_the_tables_after_the_hand() -> None:
    """The call advice at 3-5-7: for every option, each layout's points for each player follow
    from N's own figure there (docs/variants.md: +1, +3 or -2 as maker; -1/2, -3/2 or +1 as a
    defender), and its chance of winning for N is the shipped table's at the scores the hand
    leaves (the next seat dealing), or N's share of the win where the hand ends the game."""
    advice = hasen.advise(
        hasen.SeatView("N", hand="AJ.K..A9", extra="TS", dealer="S", variant="euchre3", score="3-5-7"),
        layouts=80,
        choice_layouts=20,
    )
    table = shipped(24)["table"]
    as_maker = {1: (1, 0), 3: (3, 0), -2: (0, 2)}  # N's figure: the maker's points, each other's
    as_defender = {-0.5: (1, 0), -1.5: (3, 0), 1: (0, 2)}
    for action in advice.actions:
        for points, ours, redeal, gains, maker, won in zip(
            action.points, action.ours, action.redeal, action.gains, action.declaring, action.wins
        ):
            if redeal:
                assert maker == -1 and tuple(gains) == (0, 0, 0)
            else:
                assert (maker == 0) == bool(ours)
                mine, theirs = (as_maker if ours else as_defender)[float(points)]
                assert tuple(gains) == tuple(mine if p == maker else theirs for p in range(3))
            after = [s + int(g) for s, g in zip((3, 5, 7), gains)]
            if max(after) >= TARGET:
                tied = [p for p in range(3) if after[p] == max(after)]
                expected = float(maker == 0) if maker in tied else (1 / len(tied) if 0 in tied else 0.0)
            else:
                expected = table[0][after[0]][after[1]][after[2]][0]  # S dealt: N deals next
            assert won == pytest.approx(expected, abs=1e-12), (action.call, after)
    assert advice.best_action().win == max(a.win for a in advice.actions)
    assert str(advice).splitlines()[1].startswith("At 3-5-7 (N 3, E 5, S 7): ")


def test_a_score_below_0_is_read_where_the_scoring_can_make_one(capsys) -> None:
    """A score that starts with a minus is a score, not an option; below 0 only where a euchred
    maker loses points (down to -10, the table's edge), refused where no score gets there."""
    code, out, err = run(capsys, "odds", "-3-0-0", "--variant", "euchre3", "--euchred", "maker_loses", "--dealer", "N")
    assert code == 0, err
    assert out.startswith("euchre3 (24 cards), to 10: N -3, E 0, S 0, N to deal: N wins ")
    code, out, err = run(capsys, "odds", "3--5-7", "--variant", "euchre3")
    assert code == 2 and "no score falls below 0 in euchre3" in err
    code, out, err = run(capsys, "odds", "-3-8", "--dealer", "N")  # Hasenpfeffer: a failed bid takes one below 0
    assert code == 0 and out.startswith("hasenpfeffer, to 10: N-S -3, E-W 8, N to deal: "), err
    code, out, err = run(
        capsys,
        "bid",
        "--seat",
        "N",
        "--hand",
        "AS KH AC QC JC JK",
        "--dealer",
        "W",
        "--score",
        "-3-8",
        "--layouts",
        "6",
        "--choice-layouts",
        "4",
    )
    assert code == 0 and "At -3 to 8 (N-S -3, E-W 8): " in out, err
