"""A night's records as games to 10 (``hasen session``): the score runs on from hand to hand,
a game ends when a side reaches 10 and the next starts at 0-0, a record's own score wins, a
passed-out hand keeps the score and a hand whose result is unknown loses it. The running
scores are checked against a plain sum of the hands' points (each hand's points written out
in tests/nights.py from the scoring of docs/variants.md), and the report lists the hands and
games."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from cli_run import run
from nights import NIGHT, write_night

LAYOUTS = ["--layouts", "6", "--seed", "1"]
PAGE = "http://127.0.0.1:8000/"  # the review page the report's hands link to


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[dict], str]:
    from hasen.cli.main import main

    folder = tmp_path_factory.mktemp("games")
    source, out, report = write_night(folder), folder / "night.jsonl", folder / "night.html"
    pytest.importorskip("matplotlib")
    assert (
        main(
            [
                "session",
                str(source),
                str(out),
                *LAYOUTS,
                "--html",
                str(report),
                "--csv",
                str(folder / "night.csv"),
                "--page",
                PAGE,
            ]
        )
        == 0
    )
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    return folder, lines, report.read_text(encoding="utf-8")


def test_the_hands_points_are_the_rules(played) -> None:
    _, lines, _ = played
    for line, (_, ns, ew) in zip(lines, NIGHT):
        if "review" in line and line["review"]["result"] is not None:
            assert line["review"]["result"]["score"] == {"N-S": ns, "E-W": ew}, line["id"]


def test_the_running_score_is_a_plain_sum(played) -> None:
    _, lines, _ = played
    games = [line["game"] for line in lines]
    # a plain sum: from 0-0, each hand's points added, back to 0-0 once a side has 10
    score, expected = (0, 0), []
    for index, (_, ns, ew) in enumerate(NIGHT[:5]):
        expected.append((index + 1, list(score), [score[0] + ns, score[1] + ew]))
        score = (score[0] + ns, score[1] + ew)
    assert [(g["hand"], g["score"], g["after"]) for g in games[:5]] == expected
    assert [g["number"] for g in games[:5]] == [1] * 5 and games[4]["winner"] == "N-S"
    assert all(g["winner"] is None for g in games[:4])
    assert games[5] == {**games[5], "number": 2, "hand": 1, "score": [0, 0], "after": [6, 0]}
    assert games[6] == {**games[6], "number": 2, "hand": 2, "score": [3, 8], "after": [-3, 8]}  # the record's own
    assert games[7] == {**games[7], "number": 2, "hand": 3, "score": [-3, 8], "after": None}  # unknown result
    assert games[8] is None  # the score is lost, and this record does not give it
    assert games[9] == {**games[9], "number": 3, "hand": 1, "score": [0, 0], "after": [6, 0], "started": [0, 0]}


def test_each_hand_is_reviewed_at_its_score(played) -> None:
    _, lines, _ = played
    for line in lines:
        if "review" in line:
            assert line["review"]["score"] == (None if line["game"] is None else line["game"]["score"])


def test_the_chance_before_each_hand_is_the_odds_at_its_score(played) -> None:
    import hasen

    _, lines, _ = played
    for line in lines:
        if line["game"] is not None:
            score = line["game"]["score"]
            expected = hasen.odds(f"{score[0]}-{score[1]}", dealer="W").chance
            assert line["game"]["chance"] == pytest.approx(expected, abs=1e-4)


def test_the_summary_and_the_report_tell_the_games(capsys, played) -> None:
    folder, _, report = played
    code, out, _ = run(capsys, "session", str(folder / "night.txt"), str(folder / "night.jsonl"), *LAYOUTS)
    assert code == 0
    assert "  game 1: N-S (Anna, Cleo) won 12-0 in 5 hands" in out.splitlines()
    assert "  game 2: the score is lost after 3 hands" in out.splitlines()
    assert "  game 3: not finished, 6-0 after 1 hand" in out.splitlines()
    # the report: a line per hand, each with its anchor, the games, sums labelled as sums
    for i in range(1, len(NIGHT) + 1):
        assert f'<tr id="hand-{i}">' in report
    assert "Game 1: N-S (Anna, Cleo) won 12-0 in 5 hands</h2>" in report
    assert "Hands outside any game" in report and "passed out: dealt again" in report
    assert "down 1" in report and "N-S +6, E-W +0" in report and "N-S 12, E-W 0" in report
    assert "points given away: bidding (sum)" in report and "(per game)" in report
    assert report.count("<svg") == 1 + 3  # the players' chart and each game's chance of winning


def test_the_csv_gives_each_decisions_game_and_score(played) -> None:
    folder, lines, _ = played
    with open(folder / "night.csv", newline="", encoding="utf-8") as source:
        rows = list(csv.DictReader(source))
    by_id = {str(line["id"]): line for line in lines}
    for row in rows:
        game = by_id[row["id"]]["game"]
        assert row["game"] == ("" if game is None else str(game["number"]))
        side = 0 if row["seat"] in "NS" else 1
        assert (row["own_score"], row["other_score"]) == (
            ("", "") if game is None else (str(game["score"][side]), str(game["score"][1 - side]))
        )
        if game is None:
            assert row["win_cost"] == ""
        elif row["decision"] != "card" or row["verdict"] != "forced":  # a forced card has no cost to give
            assert float(row["win_cost"]) >= 0.0


def test_each_games_winners_are_named_from_that_games_players(capsys, tmp_path) -> None:
    """Two tables' games in one night: each game's line names the players who sat there, not
    everyone who sat on that side in the night."""
    from nights import SIX_MADE

    first, second = "players: N=Anna, E=Ben, S=Cleo, W=Dan", "players: N=Eve, E=Fay, S=Gus, W=Hal"
    records = [
        f"{first}\nscore: 0-0\n{SIX_MADE}",
        f"{first}\n{SIX_MADE}",
        f"{second}\nscore: 0-0\n{SIX_MADE}",
        f"{second}\n{SIX_MADE}",
    ]
    source = tmp_path / "two.txt"
    source.write_text("\n\n".join(f"id: {i}\n{r}" for i, r in enumerate(records, 1)) + "\n", encoding="utf-8")
    code, out, err = run(capsys, "session", str(source), str(tmp_path / "two.jsonl"), *LAYOUTS)
    assert code == 0, err
    assert "  game 1: N-S (Anna, Cleo) won 12-0 in 2 hands" in out.splitlines()
    assert "  game 2: N-S (Eve, Gus) won 12-0 in 2 hands" in out.splitlines()


def test_the_chance_given_away_is_per_game_not_a_sum_of_the_night(capsys, played) -> None:
    """Each decision's chance is measured from the score it was made at, so the night's do not
    add up: a player's are added within each game, then the mean over the games it sat in."""
    folder, lines, report = played
    code, out, _ = run(capsys, "session", str(folder / "night.txt"), str(folder / "night.jsonl"), *LAYOUTS)
    assert code == 0
    rows = {row.split()[0]: row.split()[1:] for row in out.splitlines() if row.startswith("  ") and "%" in row}
    for name, seat in (("Anna", "N"), ("Ben", "E")):
        mine = [
            (line["game"]["number"], line["review"]["players"][seat])
            for line in lines
            if "review" in line
            and line["game"] is not None
            and line["review"]["record"].get("players", {}).get(seat) == name
        ]
        games = {number for number, _ in mine}
        play = sum(t.get("play_win", 0) for _, t in mine) / len(games)
        bidding = sum(t.get("bidding_win", 0) for _, t in mine) / len(games)
        shown_play, shown_bidding = (float(v.rstrip("%")) for v in rows[name][4:6])
        assert shown_play == pytest.approx(100 * play, abs=0.06) and shown_bidding == pytest.approx(
            100 * bidding, abs=0.06
        )
    assert "chance of the game given away: bidding (per game)" in report and "the mean over the games" in report


def test_each_hand_of_the_report_links_to_its_review_on_the_page(played) -> None:
    """A reviewed hand's id links to the review page with its record, as the page reads a link."""
    import html
    import re
    from urllib.parse import parse_qs, urlsplit

    from hasen.notation.record import Record

    _, lines, report = played
    links = {m[2]: html.unescape(m[1]) for m in re.finditer(r'<a href="([^"]+)" title="[^"]*">([^<]+)</a>', report)}
    reviewed = [line for line in lines if "review" in line]
    assert set(links) == {str(line["id"]) for line in reviewed}
    for line in reviewed:
        url = urlsplit(links[str(line["id"])])
        assert f"{url.scheme}://{url.netloc}{url.path}" == PAGE
        linked = Record.parse(parse_qs(url.query)["record"][0])
        assert linked == Record.from_json(line["review"]["record"])
        assert parse_qs(url.query)["at"] == ["0"]  # the deal on view from the first card, every hand full


def test_the_hands_that_swung_a_game_are_those_that_moved_the_chance_most() -> None:
    """A hand that moved the first side's chance by 25 points or more is marked on the game's
    graph, the largest three first."""
    from hasen.text.session_report import swings

    chances = [50, 80, 30, 35, 100, 90]  # before each hand; the hands moved it +30, -50, +5, +65, -10
    assert swings(chances) == [(4, 65), (2, -50), (1, 30)]
    assert swings([50, 60, 55]) == []


# two hands of a game to 10, then one under a game to 5: E-W at 5 after the first two
SHORT_GAME = """\
dealer: N
deal: N:KQJ.K..AK T9.T.A.QJ .QJ.KQJ.9 A.A.T9.T* 9H
auction: E 1, S 2, W 3, N 4, E 5, S pass, W pass, N pass
contract: E 5, trump S, discard QC
play: 9S JH JK QS AH KH 9H QH 9D KS AD JD JS TS QD AS KC JC 9C TC TH KD TD AC

dealer: E
deal: E:.AQJT.T.9 QT..A9.AK K.K.KQ.QJ AJ9.9.J.T JK
auction: S pass, W pass, N pass, E 1
contract: E 1, trump H, discard 9C, alone
play: TS 9S TH JH QS 9H TD 9D JD JS QH AD AH KC AS JK AC TC

settings: game_points=5
dealer: S
deal: S:AJ..T.QJT T.K.KJ9.A .AQT9.A.K Q9.J.Q.9* KS
auction: W 1, N 2, E 3, S 4, W 5, N pass, E pass, S pass
contract: W 5, trump D, discard KH
play: 9D AD JH TD 9S JS KS 9H TS TH QS AS TC AC KC 9C JD QH QD JC KD AH JK QC
"""


def test_a_change_of_the_tables_rules_starts_a_new_game() -> None:
    """A hand played to 5 after two of a game to 10 begins a game of its own at 0-0: read as
    the same game, its score before it (0-5, E's 5 set and then its lone 1 made) was over at
    5, and the whole night was refused."""
    from hasen.analysis.games import place_hands
    from hasen.notation.record import Record

    places = place_hands(Record.parse_all(SHORT_GAME))
    assert [(p.number, p.hand, p.score) for p in places if p is not None] == [
        (1, 1, (0, 0)),
        (1, 2, (0, -5)),  # E's 5 failed
        (2, 1, (0, 0)),
    ]
