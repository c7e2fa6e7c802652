"""The chance of winning the game (hasen.analysis.odds) against what it must be:
- the shipped table is the fixed point of the game's equations: at every score and dealer,
  the chance equals a plain sum, written here, over the hand's results (each scored by the
  rules of docs/variants.md), of 1 or 0 where the result ends the game and the table's own
  chance at the next score where it does not;
- a score one hand from the end (Euchre at 9-9: every contract ends it) is that sum alone;
- the chance rises with one's own score and falls with the other side's;
- the hands the file keeps play again to their results;
- with a score, the bid advice prefers the option with the best chance of winning, and says
  when the points alone would choose another.
"""

from __future__ import annotations

import json
from importlib.resources import files

import pytest
from cli_run import run
from odds_fit import HandsJob

import hasen
from hasen.analysis.odds import lowest, win_chances
from hasen.rules.scoring import bid_ladder, hand_score

# the games of two sides (Three-Handed Euchre's each player's chance: tests/games/euchre/test_odds_three.py)
GAMES = [(name, size) for name, decks in hasen.VARIANTS.items() for size in decks if name != "euchre3"]
TARGET = 10  # the points that win a game at the default settings (docs/rules.md)


def shipped() -> dict:
    return json.loads(files("hasen").joinpath("data", "win_chances.json").read_text(encoding="utf-8"))


def next_seat(variant: hasen.Variant, dealer: int) -> int:
    seat = (dealer + 1) % 4
    while seat not in variant.seats:
        seat = (seat + 1) % 4
    return seat


def plain_chance(
    variant: hasen.Variant, outcomes: list, table, first: int, second: int, dealer: int, target: int = TARGET
) -> float:
    """One step of the game from this score: each result's chance times 1 or 0 when it ends the
    game (a side reaches ``target``: the higher score wins; on equal scores the declaring side),
    else the table's chance at the score after it, the next seat dealing (a score below the
    table's edge as its edge)."""
    low = lowest(variant)
    settings = hasen.Settings()  # the defaults, made once: each Settings() checks every value
    ladder = bid_ladder(variant, settings)
    total = sum(o[4] for o in outcomes)
    value = 0.0
    for offset, bid, alone, tricks, count in outcomes:
        if offset < 0:
            gains, declaring = (0, 0), -1
        else:
            declarer = (dealer + offset) % 4
            declaring = variant.side_of(declarer)
            mine, theirs = hand_score(variant, settings, ladder[bid] if bid >= 0 else None, tricks, alone)
            gains = (mine, theirs) if declaring == 0 else (theirs, mine)
        a, b = first + gains[0], second + gains[1]
        if a >= target or b >= target:
            ends = 1.0 if a > b or (a == b and declaring == 0) else 0.0
        else:
            following = variant.seats.index(next_seat(variant, dealer))
            ends = table[following][max(a, low) - low][max(b, low) - low]
        value += count / total * ends
    return value


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g[0]}/{g[1]}")
def test_the_table_is_the_games_fixed_point(game: tuple[str, int]) -> None:
    variant = hasen.variant_for(*game)
    data = shipped()["games"][f"{game[0]}/{game[1]}"]
    table, low = data["table"], lowest(variant)
    worst = 0.0
    for d, dealer in enumerate(variant.seats):
        for first in range(low, TARGET):
            for second in range(low, TARGET):
                plain = plain_chance(variant, data["outcomes"], table, first, second, dealer)
                worst = max(worst, abs(plain - table[d][first - low][second - low]))
    assert worst < 2e-4, worst  # the table is rounded to four decimals


@pytest.mark.parametrize("game, points", [(("railroad", 25), 5), (("euchre", 24), 15), (("hasenpfeffer", 25), 5)])
def test_a_shorter_or_longer_game_is_its_own_fixed_point(game: tuple[str, int], points: int) -> None:
    """``game_points``: the table worked out for a game to 5 or 15 from the same hands is the
    fixed point of the same sums with that target, and refuses a score at or past it."""
    variant = hasen.variant_for(*game)
    chances = win_chances(variant, hasen.Settings(game_points=points))
    outcomes = shipped()["games"][f"{game[0]}/{game[1]}"]["outcomes"]
    low = lowest(variant)
    table = chances.table
    for d, dealer in enumerate(variant.seats):
        for first in range(max(low, -10), points):
            for second in range(max(low, -10), points):
                plain = plain_chance(variant, outcomes, table, first, second, dealer, points)
                assert plain == pytest.approx(table[d][first - low][second - low], abs=1e-9)
    with pytest.raises(hasen.NotationError, match=f"a game ends at {points}"):
        chances.chance(points, 0, variant.seats[0])


def test_one_hand_from_the_end_is_a_sum_over_that_hand() -> None:
    """Euchre at 9-9: every contract ends the game (the makers make it, or are euchred); only a
    redeal goes on, to the same score with the next dealer."""
    variant = hasen.variant_for("euchre")
    data = shipped()["games"]["euchre/24"]
    chances = win_chances(variant)
    total = sum(o[4] for o in data["outcomes"])
    for dealer in variant.seats:
        ends = (
            sum(
                count
                for offset, _, _, tricks, count in data["outcomes"]
                if offset >= 0 and ((variant.side_of((dealer + offset) % 4) == 0) == (tricks >= 3))
            )
            / total
        )
        redeal = sum(count for offset, *_, count in data["outcomes"] if offset < 0) / total
        later = chances.chance(9, 9, next_seat(variant, dealer))
        assert chances.chance(9, 9, dealer) == pytest.approx(ends + redeal * later, abs=2e-4)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g[0]}/{g[1]}")
def test_more_points_never_lower_the_chance(game: tuple[str, int]) -> None:
    variant = hasen.variant_for(*game)
    chances = win_chances(variant)
    low = lowest(variant)
    for dealer in variant.seats:
        for a in range(low, TARGET):
            for b in range(low, TARGET):
                here = chances.chance(a, b, dealer)
                assert 0.0 <= here <= 1.0
                if a + 1 < TARGET:
                    assert chances.chance(a + 1, b, dealer) >= here - 2e-3, (a, b, dealer)
                if b + 1 < TARGET:
                    assert chances.chance(a, b + 1, dealer) <= here + 2e-3, (a, b, dealer)
    with pytest.raises(hasen.NotationError, match="a game ends at 10"):
        chances.chance(10, 3, variant.seats[0])


@pytest.mark.compiled
@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g[0]}/{g[1]}")
def test_the_hands_the_file_keeps_play_again_to_their_results(game: tuple[str, int]) -> None:
    data = shipped()
    variant = hasen.variant_for(*game)
    seed = data["built"]["seed"]
    for check in data["games"][f"{game[0]}/{game[1]}"]["checks"]:  # the build's own deal of that number
        assert list(HandsJob(variant, seed)((check["deal"], check["deal"] + 1))[0]) == check["result"]


@pytest.mark.compiled
def test_the_score_aware_advice_prefers_the_better_chance_of_winning() -> None:
    """At 9-0, S's hand: bidding up to 5 wins the game more often than passing, though
    passing (the partner then bidding) expects more points; the advice says both."""
    advice = hasen.advise(hasen.SeatView("S", hand="AH TH QD 9D QC JK", dealer="W", score="9-0"), layouts=300)
    best, by_points = advice.best_action(), advice.best_by_points()
    assert best.win == max(a.win for a in advice.actions)
    assert by_points.expected == max(a.expected for a in advice.actions)
    assert best is not by_points and best.win > by_points.win and best.expected < by_points.expected
    text = str(advice)
    assert text.splitlines()[1].startswith("At 9-0 (N-S 9, E-W 0): bid up to 5 with the partner: N-S win the game ")
    assert "by points alone pass would be best" in text.splitlines()[1]
    answer = advice.to_json()
    assert answer["advice"] == best.call and answer["advice_by_points"] == by_points.call
    # a layout's chance is the table's at the score after the hand, from S's side (N-S)
    chances = win_chances(hasen.variant_for("hasenpfeffer"))
    for (ours, theirs), won in zip(best.gains[:20], best.wins[:20]):
        a, b = 9 + ours, 0 + theirs
        if a >= TARGET or b >= TARGET:
            assert won in (0.0, 1.0)
        else:
            assert won == chances.chance(a, b, 0)  # W dealt: N deals the next hand


def test_the_docs_table_is_the_shipped_one() -> None:
    """docs/variants.md shows the chance at a few scores: the table as the figures script
    prints it from the shipped data, so that the docs say what the package answers."""
    from pathlib import Path

    from hasen.text.odds_figures import TABLE_SCORES, markdown

    docs = (Path(__file__).resolve().parents[2] / "docs" / "variants.md").read_text(encoding="utf-8")
    for name in TABLE_SCORES:
        assert markdown(name) in docs, name


def test_a_game_to_15_is_asked_at_every_score_below_15(capsys) -> None:
    """``hasen odds 12-3 --game-points 15`` said "a game ends at 10"; so did the API, bid and
    review at such a score."""
    assert 0.5 < hasen.odds("12-3", settings={"game_points": 15}).chance < 1
    code, out, err = run(capsys, "odds", "12-3", "--game-points", "15", "--json")
    assert code == 0, err
    code, out, err = run(
        capsys,
        "bid",
        "--seat",
        "S",
        "--hand",
        "AJT.A9..K",
        "--dealer",
        "W",
        "--score",
        "12-3",
        "--game-points",
        "15",
        "--layouts",
        "20",
        "--choice-layouts",
        "4",
    )
    assert code == 0, err
    review = hasen.review_hand(
        "settings: game_points=15; dealer: W; deal: N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 "
        "KS; auction: N 6, E pass, S pass, W pass; contract: N 6, trump C, discard KH; "
        "play: JC KC TC 9C",
        layouts=4,
        score="12-3",
    )
    assert review.score == (12, 3)
    with pytest.raises(hasen.NotationError, match="a game ends at 15"):
        hasen.odds("15-3", settings={"game_points": 15})


@pytest.mark.parametrize(
    ("variant", "winner", "rest"),
    [("euchre", "N-S win", "E-W"), ("euchre2", "N wins", "S"), ("hasenpfeffer", "N-S win", "E-W")],
)
def test_the_chance_is_said_with_the_verb_of_its_side(capsys, variant: str, winner: str, rest: str) -> None:
    """Two-handed Euchre's sides are one player each: "N wins", where partners "win"."""
    code, out, err = run(capsys, "odds", "3-4", "--variant", variant)
    assert code == 0, err
    first = out.splitlines()[0]
    assert f": {winner} " in first and first.endswith(f"; {rest} the rest."), first


def test_a_standard_error_below_a_twentieth_of_a_percent_is_said_to_be_under_a_tenth() -> None:
    """ "±0.0%" reads as no error at all: it is "± under 0.1%", as for three players."""
    from hasen.text.odds import plus_minus

    assert plus_minus(0.0004, "") == " (± under 0.1%)"
    assert plus_minus(0.0012, "") == " (±0.1%)"
    assert plus_minus(0.0012, " at most ") == " (± at most 0.1%)"
    assert plus_minus(float("nan"), "") == ""
    out = str(hasen.odds("3-4", variant="euchre2", dealer="N"))
    assert "±0.0%" not in out and "(±" in out
