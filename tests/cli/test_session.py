"""``hasen session IN OUT``: a night's records reviewed fairly. The same
bytes in OUT for every backend, resumed after a stop, summed per player as the reviews
themselves say, and written as a tidy CSV and an HTML report."""

from __future__ import annotations

import csv
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cli_run import interrupted_once_writing, run
from nights import LAYOUTS, MIXED_NIGHT, night

import hasen
from hasen.core.errors import HasenError

ROOT = Path(__file__).resolve().parents[2]


def lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, bytes]:
    folder = tmp_path_factory.mktemp("session")
    source = night(folder)
    out = folder / "one.jsonl"
    from hasen.cli.main import main

    assert main(["session", str(source), str(out), *LAYOUTS]) == 0
    return source, out.read_bytes()


def test_each_record_is_its_review_or_its_error(reference: tuple[Path, bytes], tmp_path: Path) -> None:
    source, written = reference
    out = tmp_path / "out.jsonl"
    out.write_bytes(written)
    got = lines(out)
    # a record that cannot be read still goes by the id it gives itself
    assert [line["id"] for line in got] == ["one", "two", "three", "bad"]
    for text, line in zip(MIXED_NIGHT[:3], got):  # each at the score of its game, where it is known
        score = None if line["game"] is None else tuple(line["game"]["score"])
        assert line["review"] == hasen.review_hand(text, layouts=8, seed=2, score=score).to_json()
    assert got[3]["line"] == 25 and got[3]["error"].startswith("record line 28: auction: call 1, N: not a call: '7'")


def test_in_and_out_may_stand_among_the_options(capsys, reference: tuple[Path, bytes], tmp_path: Path) -> None:
    """IN and OUT are both optional (``--example`` needs neither): each is still read where
    it stands, before, between or after the options."""
    source, written = reference
    for number, words in enumerate(
        [[str(source), "{out}", *LAYOUTS], [str(source), *LAYOUTS, "{out}"], [*LAYOUTS, str(source), "{out}"]]
    ):
        out = tmp_path / f"out{number}.jsonl"
        code, _, err = run(capsys, "session", *(str(out) if w == "{out}" else w for w in words))
        assert code == 0, (words, err)
        assert out.read_bytes() == written, words
    # after a "--" every word is a word: an option's name there is not read as the option
    code, _, err = run(capsys, "session", "--", str(source), str(tmp_path / "after.jsonl"), *LAYOUTS)
    assert code == 2 and f"session: unrecognized arguments: {' '.join(LAYOUTS)}" in err, err


def test_the_players_are_summed_as_their_reviews_say(capsys, reference: tuple[Path, bytes], tmp_path: Path) -> None:
    source, written = reference
    out = tmp_path / "out.jsonl"
    out.write_bytes(written)
    code, text, err = run(capsys, "session", str(source), str(out), *LAYOUTS)
    assert code == 0 and out.read_bytes() == written  # nothing left to do: every id is there
    rows = {row.split()[0]: row.split()[1:] for row in text.splitlines()[2:] if row.startswith("  ")}
    reviews = [line["review"] for line in lines(out) if "review" in line]
    # the third hand names no players: its seats are players of their own
    for name, seat in (("Anna", "N"), ("Bob", "E"), ("Cara", "S"), ("Dan", "W"), ("N", "N")):
        mine = [r["players"][seat] for r in reviews if r["record"].get("players", {}).get(seat, seat) == name]
        hands, mistakes, in_play, bidding = rows[name][:4]
        assert int(hands) == len(mine)
        assert int(mistakes) == sum(t["mistakes"] for t in mine)
        assert float(in_play) == pytest.approx(sum(t["play_points"] for t in mine), abs=0.006)
        assert float(bidding) == pytest.approx(sum(t["bidding_points"] for t in mine), abs=0.006)
    assert text.splitlines()[0] == "3 hands reviewed, 1 error."


def test_a_stopped_run_resumes_to_the_same_bytes(capsys, reference: tuple[Path, bytes], tmp_path: Path) -> None:
    source, written = reference
    out = tmp_path / "out.jsonl"
    first = written.splitlines(keepends=True)
    out.write_bytes(first[0] + first[1][:50])  # stopped while writing the second line
    assert run(capsys, "session", str(source), str(out), *LAYOUTS)[0] == 0
    assert out.read_bytes() == written


def test_the_csv_has_a_row_per_decision(capsys, reference: tuple[Path, bytes], tmp_path: Path) -> None:
    source, written = reference
    out, table = tmp_path / "out.jsonl", tmp_path / "night.csv"
    out.write_bytes(written)
    assert run(capsys, "session", str(source), str(out), *LAYOUTS, "--csv", str(table))[0] == 0
    with open(table, newline="", encoding="utf-8") as file:
        rows = list(csv.DictReader(file))
    reviews = [line for line in lines(out) if "review" in line]
    expected = sum(
        len(r["review"]["cards"]) + len(r["review"]["calls"]) + (r["review"]["choice"] is not None) for r in reviews
    )
    assert len(rows) == expected
    cards = [row for row in rows if row["id"] == "one" and row["decision"] == "card"]
    review = reviews[0]["review"]
    assert [
        (row["seat"], row["card"], float(row["points_cost"]), float(row["single_dummy_cost"])) for row in cards
    ] == [(c["seat"], c["card"], c["points_cost"], c["cost"]) for c in review["cards"]]
    calls = [row for row in rows if row["id"] == "one" and row["decision"] == "call"]
    assert [(row["seat"], row["call"]) for row in calls] == [(c["seat"], c["call"]) for c in review["calls"]]
    assert {row["player"] for row in rows if row["id"] == "one"} <= {"Anna", "Bob", "Cara", "Dan"}


def test_the_html_report_stands_alone(capsys, reference: tuple[Path, bytes], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    source, written = reference
    out, report = tmp_path / "out.jsonl", tmp_path / "night.html"
    out.write_bytes(written)
    assert run(capsys, "session", str(source), str(out), *LAYOUTS, "--html", str(report), "--title", "Tuesday")[0] == 0
    page = report.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "<title>Tuesday</title>" in page
    # the players' chart, and the chance of winning through each game: the Euchre hand's, and the
    # Hasenpfeffer one after it (another game; its play stops short, so the score is lost after it)
    assert page.count("<svg") == 3 and "Anna" in page and "1 record could not be reviewed" in page
    assert "<script" not in page and "<link" not in page and 'src="' not in page


@pytest.mark.slow
def test_two_processes_and_a_dask_cluster_write_the_same_bytes(tmp_path: Path) -> None:
    """A night of several games (tests/nights.py): the same lines and the same report from one
    process, two, and a Dask cluster."""
    pytest.importorskip("matplotlib")
    from nights import write_night

    from hasen.cli.main import main

    source = write_night(tmp_path)

    def written(name: str, *how: str) -> tuple[bytes, bytes]:
        out, report = tmp_path / f"{name}.jsonl", tmp_path / f"{name}.html"
        assert main(["session", str(source), str(out), *LAYOUTS, "--html", str(report), "--title", "night", *how]) == 0
        return out.read_bytes(), report.read_bytes()

    one = written("one", "--jobs", "1")
    assert written("two", "--jobs", "2") == one
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster:
        assert written("dask", "--scheduler", cluster.scheduler_address) == one


@pytest.mark.slow
def test_ctrl_c_stops_cleanly_and_the_run_resumes(tmp_path: Path) -> None:
    """A real interrupt, sent as a terminal sends it (to the process group, the workers too)."""
    count = 40
    hands = [f"id: {i}\n" + MIXED_NIGHT[2].split("\n", 1)[1] for i in range(count)]
    source = night(tmp_path, hands)
    out = tmp_path / "out.jsonl"
    argv = ["session", str(source), str(out), "--jobs", "2", "--layouts", "40"]
    status, err = interrupted_once_writing(argv, out, ROOT)
    assert status == 130, err
    assert err.startswith("hasen: session: interrupted after ") and len(err.splitlines()) == 1, err
    written = out.read_text(encoding="utf-8")
    assert written.endswith("\n") and 0 < written.count("\n") < count
    resumed = subprocess.run(
        [sys.executable, "-m", "hasen", *argv], cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    assert resumed.returncode == 0, resumed.stderr
    assert [line["id"] for line in lines(out)] == list(range(count))


EUCHRE_DEAL = "variant: euchre2\ndealer: N\ndeal: N:..KQT9.9 T9.AKQ.. AS\n"


def test_a_hand_passed_out_is_counted_apart_from_the_errors(capsys, tmp_path: Path) -> None:
    """Every player passed: the hand is dealt again, which is no error; a record that stops
    in the auction, or ends it without saying the contract, is one, and says which."""
    hands = [
        f"id: passed\n{EUCHRE_DEAL}auction: S pass, N pass, S pass, N pass",
        f"id: unsaid\n{EUCHRE_DEAL}auction: S pass, N pass, S name H",
        f"id: early\n{EUCHRE_DEAL}auction: S pass",
    ]
    out = tmp_path / "out.jsonl"
    code, text, _ = run(capsys, "session", str(night(tmp_path, hands)), str(out), *LAYOUTS)
    assert code == 0
    got = lines(out)
    assert got[0].get("passed_out") is True and "error" not in got[0]
    assert "the auction is over" in got[1]["error"] and "'contract: ...'" in got[1]["error"]
    assert got[2]["error"] == "the auction is not over: no contract to review yet"
    assert text.splitlines()[0].startswith("0 hands reviewed, 1 passed out (nothing to review), 2 errors")
    assert 'id "unsaid" (line 7)' in text and 'id "early" (line 13)' in text


def test_records_not_reviewed_for_one_reason_are_listed_with_it_once(capsys, tmp_path: Path) -> None:
    """A night of hands left before the auction ended: one line names every record and the
    reason, rather than the reason once a record."""
    record = "variant: railroad\ndealer: N\ndeal: N:QT.Q.A.* A.J.QJ9. .K.K.QJ9 K9.A..KT TD\nauction: E pass, S pass"
    out = tmp_path / "out.jsonl"
    code, text, _ = run(
        capsys, "session", str(night(tmp_path, [f"id: {n}\n{record}" for n in (1, 2, 3)])), str(out), *LAYOUTS
    )
    assert code == 0 and len(lines(out)) == 3
    listed = text.split("not reviewed:\n")[1].splitlines()
    # each record: its id and four fields, then a blank line
    assert len(listed) == 1 and listed[0].startswith("  ids 1 (line 1), 2 (line 7), 3 (line 13): ")
    assert "the auction is not over" in listed[0]


def test_a_line_that_is_no_field_fails_its_record_not_the_night(capsys, tmp_path: Path) -> None:
    """An unknown field (or a line that is no field) in one record: that record is listed as
    not reviewed, with the line, and the night goes on (it stopped the night, like a file
    that could not be read)."""
    record = "variant: railroad\ndealer: N\ndeal: N:QT.Q.A.* A.J.QJ9. .K.K.QJ9 K9.A..KT TD\nauction: E pass, S pass"
    source = night(tmp_path, [record, record + "\nfoo: bar", record + "\nN 4, E pass", record])
    out = tmp_path / "out.jsonl"
    code, text, _ = run(capsys, "session", str(source), str(out), *LAYOUTS)
    assert code == 0 and [line["id"] for line in lines(out)] == [1, 2, 3, 4]
    assert "id 2 (line 6): record line 10: unknown field 'foo'" in text
    assert "id 3 (line 12): record line 16: expected 'field: value', got 'N 4, E pass'" in text


def test_a_file_of_no_hand_record_is_refused_whole(capsys, tmp_path: Path) -> None:
    """A file none of whose blocks may be a record (the README, OUT given as IN) is refused in
    one line, naming the first thing wrong; its blocks were each listed as a record in error."""
    source = tmp_path / "notes.md"
    source.write_text("# Tuesday\n\nWe played four hands.\n\ncontract: N 4 made\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    code, _, err = run(capsys, "session", str(source), str(out))
    assert code == 2 and not out.exists()
    assert err.startswith(f"hasen: {source} holds no hand record: record line 3: expected 'field: value'")


def test_a_record_without_an_id_whose_place_another_took_is_told_so(capsys, tmp_path: Path) -> None:
    """The first record takes id 2, the place of the second, which has no id of its own: the
    second is not reviewed, and the reason says why in its own terms (it named an id the
    record never gave)."""
    record = "variant: railroad\ndealer: N\ndeal: N:QT.Q.A.* A.J.QJ9. .K.K.QJ9 K9.A..KT TD\nauction: E pass, S pass"
    out = tmp_path / "out.jsonl"
    code, text, _ = run(capsys, "session", str(night(tmp_path, [f"id: 2\n{record}", record])), str(out), *LAYOUTS)
    assert code == 0
    assert "id 2 (line 7): id: the record has none, and its place, 2, is the id the record on line 1 gave: " in text


def test_three_handed_hands_are_followed_as_each_players_game(capsys, tmp_path: Path) -> None:
    """Three players each keep a score: from the first record's 8-5-7, N makes twice (1 point
    each, docs/rules.md) and wins at 10-5-7; the next hand starts a game at 0-0-0, where S is
    euchred and N and E score 2 each. Each hand's place names all three scores and chances."""
    made = (
        "variant: euchre3; dealer: N; deal: N:T9.9.KJ. J..Q.QT9 Q.KT.T.A AD; auction: E pass, S pass, "
        "N order up; contract: N, trump D, discard 9H; play: JS QS TS | KH AD QD | KD QC TD | 9S TC TH | JD 9C AC"
    )
    euchred = (
        "variant: euchre3; dealer: N; deal: N:T9.9.KJ. J..Q.QT9 Q.KT.T.A AD; auction: E pass, S pass, "
        "N pass, E pass, S name H; contract: S, trump H; play: JS QS TS | KH JD QD | 9S QC TH | TD KD TC | "
        "9H 9C AC"
    )
    night = tmp_path / "night.txt"
    night.write_text(f"score: 8-5-7; {made}\n{made}\n{euchred}\n", encoding="utf-8")
    out, html = tmp_path / "out.jsonl", tmp_path / "night.html"
    code, text, err = run(capsys, "session", str(night), str(out), *LAYOUTS, "--html", str(html))
    assert code == 0, err
    assert text.splitlines()[1:3] == [
        "  game 1 (from 8-5-7): N won 10-7-5 in 2 hands",
        "  game 2 (from 0-0-0): not finished, 2-2-0 after 1 hand",
    ]
    games = [line["game"] for line in lines(out)]
    assert [(g["score"], g["after"], g["winner"]) for g in games] == [
        ([8, 5, 7], [9, 5, 7], None),
        ([9, 5, 7], [10, 5, 7], "N"),
        ([0, 0, 0], [2, 2, 0], None),
    ]
    assert all(sum(g["chances"]) == pytest.approx(1, abs=1e-3) and g["chance"] == g["chances"][0] for g in games)
    report = html.read_text(encoding="utf-8")
    assert "each player&#x27;s chance of winning the game" in report or "each player's chance of winning" in report
    assert "N +1, E +0, S +0" in report and "N 10, E 5, S 7" in report


def test_a_short_railroad_game_ends_at_five(capsys, tmp_path: Path) -> None:
    """``game_points=5``: from 1-3 the lone defender W euchres S's lone spades and scores 4
    (docs/rules.md), so E-W win 7-1; the same hand next starts a game at 0-0, after which
    E-W have 4. At the default 10 the first game would go on."""
    lone = (
        "variant: railroad; settings: game_points=5; dealer: N; "
        "deal: N:QT.Q.A.* A.J.QJ9. .K.K.QJ9 K9.A..KT TD; auction: E pass, S pass, W pass, N pass, E pass, "
        "S name S alone; contract: S, trump S, alone, defender W, best JK for KH, defender best JH for 9S; "
        "play: TC 9C JH KD AH QC KS JC JK KC"
    )
    night = tmp_path / "night.txt"
    night.write_text(f"score: 1-3; {lone}\n{lone}\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    code, text, err = run(capsys, "session", str(night), str(out), *LAYOUTS)
    assert code == 0, err
    games = [line["game"] for line in lines(out)]
    assert [(g["score"], g["after"], g["winner"]) for g in games] == [([1, 3], [1, 7], "E-W"), ([0, 0], [0, 4], None)]
    assert text.splitlines()[1] == "  game 1 (from 1-3): E-W (E, W) won 7-1 in 1 hand"


def test_a_night_goes_on_only_at_the_layouts_and_seed_it_began_with(
    capsys, reference: tuple[Path, bytes], tmp_path: Path
) -> None:
    """Figures summed over one night come from one number of layouts and one seed: adding
    reviews made otherwise is refused, and OUT is left as it was."""
    source, written = reference
    out = tmp_path / "out.jsonl"
    out.write_bytes(written.splitlines(keepends=True)[0])
    code, _, err = run(capsys, "session", str(source), str(out), "--layouts", "9", "--seed", "2")
    assert code == 2 and "holds reviews at 8 layouts, seed 2, not 9 and 2" in err
    assert out.read_bytes() == written.splitlines(keepends=True)[0]


def test_a_night_goes_on_only_with_the_uniform_layouts_it_began_with(
    capsys, reference: tuple[Path, bytes], tmp_path: Path
) -> None:
    source, written = reference
    out = tmp_path / "out.jsonl"
    out.write_bytes(written.splitlines(keepends=True)[0])
    code, _, err = run(capsys, "session", str(source), str(out), *LAYOUTS, "--uniform")
    assert code == 2 and "holds reviews made without --uniform: give the same to go on with it" in err, err
    assert out.read_bytes() == written.splitlines(keepends=True)[0]


@pytest.mark.slow
def test_ctrl_c_at_any_moment_exits_130_within_seconds(tmp_path: Path) -> None:
    """Interrupted at random moments (starting the workers, between hands, while writing),
    ``session --jobs 2`` ends with 130 within a few seconds every time (once in 93 tries,
    under load, it printed "interrupted" and never exited)."""
    import random

    hands = [f"id: {i}\n" + MIXED_NIGHT[2].split("\n", 1)[1] for i in range(30)]
    source = night(tmp_path, hands)
    rng = random.Random(5)
    slow = []
    # the whole night takes about 1.4 s on an idle machine: each moment falls inside it, where
    # a later one would find it over and check nothing
    for attempt in range(8):
        out = tmp_path / f"out{attempt}.jsonl"
        child = subprocess.Popen(
            [sys.executable, "-m", "hasen", "session", str(source), str(out), "--jobs", "2", "--layouts", "20"],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        try:
            # from half a second: sooner, under load, the interrupt may find Python itself still
            # starting (its site module), before the command exists to handle it
            time.sleep(rng.uniform(0.5, 1.2))
            sent = time.monotonic()
            os.killpg(child.pid, signal.SIGINT)
            _, err = child.communicate(timeout=20)
            took = time.monotonic() - sent
        finally:
            if child.poll() is None:
                os.killpg(child.pid, signal.SIGKILL)
                child.communicate()  # reaped, its pipe closed
        if child.returncode == 0:  # it had finished before the interrupt came (a fast machine)
            continue
        # or ended by the signal itself: Python does that at exit when the interrupt went through
        # code run from C (a compiled module's start-up), even though it was handled; a shell
        # reports it as 130 too
        assert child.returncode in (130, -signal.SIGINT), (attempt, child.returncode, err)
        assert "Traceback" not in err and err.count("\n") == 1, err
        slow.append(took)
    assert slow and max(slow) < 5, slow


def test_a_record_changed_since_is_reviewed_again(capsys, reference: tuple[Path, bytes], tmp_path: Path) -> None:
    """Going on with OUT after IN was edited: a line made from a record as it no longer is
    (players named since; a bad record mended) is dropped and the record reviewed as it is
    now; the others are kept as they were, and no hand is counted twice."""
    _, written = reference
    out = tmp_path / "out.jsonl"
    out.write_bytes(written)
    named = MIXED_NIGHT[2].replace("id: three\n", "id: three\nplayers: N=Zoe, E=Yan, S=Xia, W=Wes\n")
    mended = MIXED_NIGHT[3].replace("auction: N 7", "auction: N pass, E pass, S pass, W pass")
    source = night(tmp_path, [*MIXED_NIGHT[:2], named, mended])
    code, text, err = run(capsys, "session", str(source), str(out), *LAYOUTS)
    assert code == 0, err
    assert f'IN has changed since {out} was written: its lines for ids "three", "bad" no longer match' in err, err
    got = lines(out)
    assert [line["id"] for line in got] == ["one", "two", "three", "bad"]
    assert out.read_bytes().startswith(b"".join(written.splitlines(keepends=True)[:2]))  # kept as they were
    assert got[2]["review"]["record"]["players"]["N"] == "Zoe" and got[3]["passed_out"] is True
    assert "Zoe" in text and "Anna" in text


def test_a_hand_reviewed_again_takes_its_place_in_in_s_order(capsys, tmp_path: Path) -> None:
    """The games are followed in the order of OUT: the first hand reviewed again (its North
    named otherwise) goes back to the top, and the games come out as they did."""
    from nights import write_night

    source = write_night(tmp_path)
    out = tmp_path / "out.jsonl"
    code, first, _ = run(capsys, "session", str(source), str(out), *LAYOUTS)
    ids = [line["id"] for line in lines(out)]
    source.write_text(source.read_text().replace("players: N=Anna", "players: N=Zed", 1))
    code, again, err = run(capsys, "session", str(source), str(out), *LAYOUTS)
    assert code == 0 and "its lines for id 1 no longer match it" in err, err
    assert [line["id"] for line in lines(out)] == ids

    def games(text: str) -> list[str]:  # each game's outcome, its players' names aside
        return [re.sub(r" \(.*?\)", "", row) for row in text.splitlines() if row.startswith("  game ")]

    assert games(again) == games(first) and "won 12-0 in 5 hands" in games(first)[0]


def test_a_night_that_changes_games_names_each_hands_score_by_its_own_game(capsys, tmp_path: Path) -> None:
    """A Hasenpfeffer hand, then Three-Handed ones: the report gives each its own game's
    scores, two sides' then three players' (the night's last game named both); a hand passed
    out, which has no review to say its game's players, takes them from its game's others."""
    pytest.importorskip("matplotlib")
    from hasen.api.page import EXAMPLE_RECORDS

    three = EXAMPLE_RECORDS["euchre3"]
    passed = three.split("\nauction: ")[0] + "\nauction: E pass, S pass, N pass, E pass, S pass, N pass"
    source = night(tmp_path, [EXAMPLE_RECORDS["hasenpfeffer"], passed, three])
    report = tmp_path / "night.html"
    code, _, err = run(capsys, "session", str(source), str(tmp_path / "out.jsonl"), *LAYOUTS, "--html", str(report))
    assert code == 0, err
    cells = re.findall(r'data-label="(points|score after)" class="words">([^<]*)<', report.read_text())
    assert cells == [
        ("points", "N-S +6, E-W +0"),
        ("score after", "N-S 6, E-W 0"),
        ("points", ""),
        ("score after", "N 0, E 0, S 0"),
        ("points", "N +1, E +0, S +0"),
        ("score after", "N 1, E 0, S 0"),
    ]


def test_an_earlier_versions_review_goes_to_no_error_of_its_id(
    capsys, reference: tuple[Path, bytes], tmp_path: Path
) -> None:
    """A line written before lines had digests is matched by its id alone, and its kind: a
    bad record put above "one" with the same id takes no review of "one" (which the record
    "one" keeps), so that "one" is not reviewed again and counted twice."""
    _, written = reference
    out = tmp_path / "out.jsonl"
    earlier = [json.loads(line) for line in written.splitlines()]
    out.write_text("".join(json.dumps({k: v for k, v in line.items() if k != "digest"}) + "\n" for line in earlier))
    bad = "id: one\ndealer: W\ndeal: N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS\nauction: N 7"
    code, _, err = run(capsys, "session", str(night(tmp_path, [bad, *MIXED_NIGHT])), str(out), *LAYOUTS)
    assert code == 0 and "3 of the 5 hands already in" in err, err  # one, two, three: "bad" moved down
    got = [(line["id"], "review" in line) for line in lines(out)]
    assert got == [("one", False), ("one", True), ("two", True), ("three", True), ("bad", False)]


def test_an_out_of_another_night_is_refused_and_left_as_it_is(
    capsys, reference: tuple[Path, bytes], tmp_path: Path
) -> None:
    """Records without ids are numbered, 1, 2, ... in every night: last week's OUT shares
    tonight's ids, not its hands, and is refused (every line would be stale and dropped)."""
    _, written = reference
    out = tmp_path / "out.jsonl"
    out.write_bytes(written)
    for other in ([MIXED_NIGHT[2].replace("id: three", "id: other")], [MIXED_NIGHT[2].replace("three", "one")]):
        source = night(tmp_path, other)
        code, _, err = run(capsys, "session", str(source), str(out), *LAYOUTS)
        assert code == 2 and "holds the hands of another night: none of its hands is one of IN" in err, err
        assert out.read_bytes() == written
    week, numbered = tmp_path / "week.jsonl", [text.split("\n", 1)[1] for text in MIXED_NIGHT[:3]]
    assert run(capsys, "session", str(night(tmp_path, numbered[:2])), str(week), *LAYOUTS)[0] == 0
    kept = week.read_bytes()
    code, _, err = run(capsys, "session", str(night(tmp_path, numbered[2:])), str(week), *LAYOUTS)
    assert code == 2 and "holds the hands of another night" in err and week.read_bytes() == kept


def test_a_changed_result_reviews_every_hand_after_it_again(capsys, tmp_path: Path) -> None:
    """The score runs on from hand to hand: a first hand mended changes the score before
    each later one, so every line is stale (the ids still IN's: no other night's OUT)."""
    hands = [f"id: {i}\n" + MIXED_NIGHT[2].split("\n", 1)[1] for i in range(3)]
    source = night(tmp_path, hands)
    out = tmp_path / "out.jsonl"
    assert run(capsys, "session", str(source), str(out), *LAYOUTS)[0] == 0
    before = [line["game"]["score"] for line in lines(out)]
    text = source.read_text()
    play = next(line for line in text.splitlines() if line.startswith("play: "))
    source.write_text(text.replace(play, play.partition(" | ")[0], 1))  # the first hand stops after a trick
    code, _, err = run(capsys, "session", str(source), str(out), *LAYOUTS)
    assert code == 0 and "its lines for ids 0, 1, 2 no longer match it" in err, err
    after = lines(out)
    assert [line["id"] for line in after] == [0, 1, 2] and len(after[0]["review"]["record"]["play"].split()) == 4
    assert before[1:] == [[6, 0], [0, 0]] and [line["game"] for line in after][1:] == [None, None]  # score lost


def test_a_line_of_out_edited_by_hand_is_named(capsys, reference: tuple[Path, bytes], tmp_path: Path) -> None:
    source, written = reference
    out = tmp_path / "out.jsonl"
    edited = written + b'{"hasen": "session", "id": 3, "junk": 1}\n'
    out.write_bytes(edited)
    code, _, err = run(capsys, "session", str(source), str(out), *LAYOUTS)
    assert code == 2 and f"{out} line 5 is not a hand's line of hasen session" in err, err
    assert "Traceback" not in err and out.read_bytes() == edited


@pytest.mark.parametrize(
    ("edit", "named"),
    [
        (lambda line: line["review"].pop("record"), "review: 'record' is missing"),
        (lambda line: line.update(game="x"), 'game: expected a null, got "x"'),
        (lambda line: line["review"].update(players=None), "review.players: expected an object, got null"),
        (lambda line: line["game"].update(started=7), "game.started: expected an array, got 7"),
        (lambda line: line["review"].update(layouts="x"), 'review.layouts: expected an integer, got "x"'),
    ],
)
def test_a_review_of_out_edited_by_hand_is_named_not_summed(
    capsys, reference: tuple[Path, bytes], tmp_path: Path, edit: Callable[[dict[str, Any]], object], named: str
) -> None:
    """A hand's line whose review or place in the games is not as this version writes it (a
    line edited by hand, another version's) is refused naming the line and the part: it
    was summed, to a traceback or to figures of a value never checked."""
    source, written = reference
    rows = [json.loads(row) for row in written.splitlines()]
    edit(rows[1])
    out = tmp_path / "out.jsonl"
    edited = b"".join(json.dumps(row).encode() + b"\n" for row in rows)
    out.write_bytes(edited)
    code, _, err = run(capsys, "session", str(source), str(out), *LAYOUTS)
    assert code == 2 and f"{out} line 2 is not a hand's line of hasen session as this version writes it" in err
    assert f"({named}): give another OUT" in err and "Traceback" not in err and out.read_bytes() == edited


@pytest.mark.skipif(sys.platform == "win32", reason="advisory locks are POSIX's")
@pytest.mark.parametrize("command", ["session", "batch"])
def test_a_second_run_on_one_out_is_refused_while_the_first_holds_it(
    capsys, reference: tuple[Path, bytes], tmp_path: Path, command: str
) -> None:
    """Two runs adding to one OUT at once would each review the hands the other does, and
    OUT would count them twice."""
    import fcntl

    source, written = reference
    out = tmp_path / "out.jsonl"
    out.write_bytes(written if command == "session" else b"")
    if command == "batch":
        source = tmp_path / "deals.txt"
        source.write_text("N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS\n")
    with out.open("a+b") as first:
        fcntl.flock(first, fcntl.LOCK_EX | fcntl.LOCK_NB)  # as the first run holds it
        code, _, err = run(capsys, command, str(source), str(out), *(LAYOUTS if command == "session" else ()))
        assert code == 2 and f"{out} is being written by another run of hasen {command}" in err, err
    assert out.read_bytes() == (written if command == "session" else b"")
    assert run(capsys, command, str(source), str(out), *(LAYOUTS if command == "session" else ()))[0] == 0


@pytest.mark.skipif(sys.platform == "win32", reason="advisory locks are POSIX's")
def test_a_rewritten_out_is_whole_at_every_moment_and_still_held(
    capsys, monkeypatch, reference: tuple[Path, bytes], tmp_path: Path
) -> None:
    """Dropping OUT's stale lines writes a new file and moves it over OUT: stopped just before
    the move, OUT is as it was and nothing is left beside it (rewritten in place, it was
    empty from then until its lines were written again). Once moved, the new OUT is held, so
    a second run is refused as before."""
    import fcntl

    from hasen.cli import targets

    _, written = reference
    out = tmp_path / "out.jsonl"
    out.write_bytes(written)
    named = MIXED_NIGHT[2].replace("id: three\n", "id: three\nplayers: N=Zoe, E=Yan, S=Xia, W=Wes\n")
    source = night(tmp_path, [*MIXED_NIGHT[:2], named, MIXED_NIGHT[3]])

    def stopped(*_: object) -> None:
        raise KeyboardInterrupt

    with monkeypatch.context() as patched:
        patched.setattr(targets.os, "replace", stopped)
        code, _, err = run(capsys, "session", str(source), str(out), *LAYOUTS)
    assert code == 130 and out.read_bytes() == written
    assert sorted(p.name for p in tmp_path.iterdir()) == ["night.txt", "out.jsonl"]
    assert err.splitlines()[-1] == (
        f"hasen: session: interrupted; nothing new is in {out}: run the same command again to go on"
    )

    # a run killed outright mid-rewrite leaves its new file: the next run removes it, unless a
    # run holds it still
    (tmp_path / ".out.jsonl.hasen-killed_1").write_bytes(written)
    with (tmp_path / ".out.jsonl.hasen-running1").open("wb") as running:
        fcntl.flock(running, fcntl.LOCK_EX | fcntl.LOCK_NB)
        assert run(capsys, "session", str(source), str(out), *LAYOUTS)[0] == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [".out.jsonl.hasen-running1", "night.txt", "out.jsonl"]
    (tmp_path / ".out.jsonl.hasen-running1").unlink()
    out.write_bytes(written)

    # a second run that opened OUT before the first moved its new file over it finds the old
    # file free once the first lets go of it: it is refused all the same
    second = out.open("a+b")
    first = out.open("a+b")
    targets.hold(first, str(out), "session")
    kept = [line for line in written.splitlines(keepends=True) if b'"three"' not in line]
    new = targets.rewritten(first, str(out), kept, "session")
    try:
        assert first.closed and out.read_bytes() == b"".join(kept)
        with pytest.raises(HasenError, match="is being written by another run of hasen session"):
            targets.hold(second, str(out), "session")
        with out.open("a+b") as third, pytest.raises(BlockingIOError):
            fcntl.flock(third, fcntl.LOCK_EX | fcntl.LOCK_NB)
    finally:
        new.close()
        second.close()


@pytest.mark.skipif(sys.platform == "win32", reason="a file size limit is POSIX's")
def test_a_rewrite_that_finds_the_disk_full_says_so_in_one_line(
    monkeypatch, reference: tuple[Path, bytes], tmp_path: Path
) -> None:
    """OUT rewritten when the disk is full (a file size limit stands in for it) is left as it
    was, with nothing beside it, and the error is one line."""
    import errno
    import resource

    from hasen.cli import targets
    from hasen.cli.output import OutputError

    _, written = reference
    out = tmp_path / "out.jsonl"
    out.write_bytes(written)
    kept = written.splitlines(keepends=True)[:-1]
    limits = resource.getrlimit(resource.RLIMIT_FSIZE)
    held = out.open("a+b")
    # the disk full within the last bytes: they are still buffered, and closing writes them again
    resource.setrlimit(resource.RLIMIT_FSIZE, (len(b"".join(kept)) - 100, limits[1]))
    try:
        with pytest.raises(
            OutputError, match=rf"^session: cannot write {re.escape(str(out))}: File too large \(it is left"
        ):
            targets.rewritten(held, str(out), kept, "session")
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, limits)
        held.close()
    assert out.read_bytes() == written and [p.name for p in tmp_path.iterdir()] == ["out.jsonl"]

    def refused(*_: object) -> None:  # another failure: nothing said of room
        raise PermissionError(errno.EACCES, "Permission denied")

    held = out.open("a+b")
    with monkeypatch.context() as patched, pytest.raises(OutputError) as failed:
        patched.setattr(targets.os, "replace", refused)
        targets.rewritten(held, str(out), kept, "session")
    held.close()
    assert str(failed.value) == f"session: cannot write {out}: Permission denied (it is left as it was)"
    assert out.read_bytes() == written and [p.name for p in tmp_path.iterdir()] == ["out.jsonl"]


def test_a_night_interrupted_as_it_is_put_in_order_says_every_hand_is_kept(capsys, monkeypatch, tmp_path: Path) -> None:
    """Ctrl-C once every hand is reviewed, as OUT is put back in IN's order: the run says that
    every hand is in OUT, and the next one only finishes the night."""
    from nights import write_night

    from hasen.cli import targets

    source = write_night(tmp_path)
    out = tmp_path / "out.jsonl"
    assert run(capsys, "session", str(source), str(out), *LAYOUTS)[0] == 0
    ids = [line["id"] for line in lines(out)]
    source.write_text(source.read_text().replace("players: N=Anna", "players: N=Zed", 1))
    moves, move = [], os.replace

    def stopped_at_the_second(*args: str) -> None:
        moves.append(args)
        if len(moves) == 2:
            raise KeyboardInterrupt
        move(*args)

    with monkeypatch.context() as patched:
        patched.setattr(targets.os, "replace", stopped_at_the_second)
        code, text, err = run(capsys, "session", str(source), str(out), *LAYOUTS)
    assert code == 130 and text == ""
    assert err.splitlines()[-1] == (
        f"hasen: session: interrupted; every hand of IN is reviewed in {out}: run the same command again for the "
        "figures (nothing is reviewed again)"
    )
    assert sorted(map(str, (line["id"] for line in lines(out)))) == sorted(map(str, ids))
    code, again, err = run(capsys, "session", str(source), str(out), *LAYOUTS)
    assert code == 0 and f"{len(ids)} of the {len(ids)} hands already in" in err, err
    assert [line["id"] for line in lines(out)] == ids


def test_a_night_out_of_order_for_want_of_room_says_so_and_is_finished_next_time(
    capsys, monkeypatch, tmp_path: Path
) -> None:
    """A hand reviewed again goes to the end of OUT, then OUT is put back in IN's order: where
    that fails (a full disk), the run says every hand is kept and what to do, and prints no
    figures from the wrong order; the next run only puts OUT in order."""
    import errno

    from nights import write_night

    from hasen.cli import targets

    source = write_night(tmp_path)
    out = tmp_path / "out.jsonl"
    code, first, _ = run(capsys, "session", str(source), str(out), *LAYOUTS)
    assert code == 0
    ids = [line["id"] for line in lines(out)]
    source.write_text(source.read_text().replace("players: N=Anna", "players: N=Zed", 1))
    moves, move = [], os.replace

    def full_at_the_second(*args: str) -> None:  # dropping the stale line works; reordering finds no room
        moves.append(args)
        if len(moves) == 2:
            raise OSError(errno.ENOSPC, "No space left on device")
        move(*args)

    with monkeypatch.context() as patched:
        patched.setattr(targets.os, "replace", full_at_the_second)
        code, text, err = run(capsys, "session", str(source), str(out), *LAYOUTS)
    assert code == 1 and text == "", text
    assert err.splitlines()[-1] == (
        f"hasen: session: cannot write {out}: No space left on device (it is left as it was; rewriting it needs "
        "room for a second copy of it): every hand of IN is reviewed in it, but it is not yet in IN's order, which "
        "its games and figures follow; run the same command again once it can be written (nothing is reviewed "
        "again)"
    )
    assert (
        sorted(map(str, (line["id"] for line in lines(out))))
        == sorted(map(str, ids))
        != [str(line["id"]) for line in lines(out)]
    )
    assert not [p for p in tmp_path.iterdir() if ".hasen-" in p.name]
    code, again, err = run(capsys, "session", str(source), str(out), *LAYOUTS)
    assert code == 0 and f"{len(ids)} of the {len(ids)} hands already in" in err, err
    assert [line["id"] for line in lines(out)] == ids and "Zed" in again
