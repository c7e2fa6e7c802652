"""``hasen session --example``: the sample night shipped with the package, written and
reviewed where the user is, so that a newcomer sees a report without writing a night."""

from __future__ import annotations

import html
import importlib.util
import re
from pathlib import Path

import nightgen
import pytest
from cli_run import run

from hasen.cli.session import EXAMPLE_FILES, sample_night


def test_the_shipped_night_is_made_again_from_its_seeds() -> None:
    """The shipped file is what tests/nightgen.py makes (the model's auctions, double-dummy
    play but for the slips it lists): a model or a search that changed would show here."""
    assert sample_night() == nightgen.night()


def test_the_example_writes_the_night_its_review_and_report(
    capsys, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "session", "--example", "--layouts", "6")
    assert code == 0, err
    night, review, report = (tmp_path / name for name in EXAMPLE_FILES)
    assert night.read_text(encoding="utf-8") == sample_night()
    assert len(review.read_text(encoding="utf-8").splitlines()) == nightgen.HANDS
    assert "8 hands reviewed, 0 errors." in out and "Anna" in out
    assert report.exists() == (importlib.util.find_spec("matplotlib") is not None)
    # the files it named itself are said, as the night it wrote is
    assert "the sample night written to example-night.txt" in err
    reported = " and its report in example-night.html" if report.exists() else ""
    assert err.rstrip().endswith(f"the night's reviews are in example-night.jsonl{reported}"), err
    # again: the night is kept and every hand is already reviewed
    code, out, err = run(capsys, "session", "--example", "--layouts", "6")
    assert code == 0 and "8 of the 8 hands already in example-night.jsonl" in err
    # a file of the user's own at IN's name is never written over
    night.write_text("id: mine\n", encoding="utf-8")
    code, _, err = run(capsys, "session", "--example", "--layouts", "6")
    assert code == 2 and "example-night.txt, which holds something else: give another IN" in err
    assert night.read_text(encoding="utf-8") == "id: mine\n"


def test_without_in_and_out_session_says_what_to_give(capsys) -> None:
    code, _, err = run(capsys, "session")
    assert code == 2 and err.strip() == "hasen: session: give IN and OUT (or --example, to review the sample night)"


def test_the_reports_costliest_mistakes_are_said_in_plain_words(
    capsys, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each of the night's costliest mistakes in a sentence: who, what, what was better, what
    it cost in points and in the chance of the game, and the hand (20 layouts: a verdict needs
    that many)."""
    pytest.importorskip("matplotlib")
    monkeypatch.chdir(tmp_path)
    assert run(capsys, "session", "--example", "--layouts", "20")[0] == 0
    report = (tmp_path / EXAMPLE_FILES[2]).read_text(encoding="utf-8")
    said = [html.unescape(p) for p in re.findall(r'<div class="mistake">.*?<p>(.*?)</p>', report, re.S)]
    assert len(said) == 3
    for sentence in said:
        assert re.fullmatch(
            r"\S.* \([NESW]\) (bid|passed|ordered up|named|chose|played) .*; "
            r"(bidding|passing|ordering up|naming|choosing|playing) .* was better\. It gave away "
            r"\d+\.\d\d points on average, and \d+ in 100 of \S+'s chance of winning the "
            r"game\. The hand: .*\.",
            sentence,
        ), sentence
    # each names its record by id and its hand by its place in the game, as the hands' table
    # does (it said "hand 5" of record 5, the table's hand 3)
    # each deal drawn as narrow as its hands need: on a phone it scrolled sideways, hiding E's cards
    drawn = [html.unescape(pre) for pre in re.findall(r"<pre>(.*?)</pre>", report, re.S)]
    assert len(drawn) == 3 and max(len(line) for pre in drawn for line in pre.splitlines()) <= 36
    heads = re.findall(r'<a href="#([^"]+)">record ([^<]+)</a> \(game (\d+), hand (\d+), at ', report)
    assert len(heads) == 3
    for anchor, record, _, hand in heads:
        row = re.search(rf'<tr id="{anchor}">(.*?)</tr>', report, re.S)
        assert row is not None
        assert f'<td data-label="hand">{hand}</td>' in row[1] and f'<td data-label="record">{record}' in row[1]
