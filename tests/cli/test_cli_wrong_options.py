"""A wrong option or a wrong combination of options is refused in one line, with exit status 2,
before any work: each case here is one the command-line fuzzing (test_cli_fuzz.py) reaches only
now and then, tested on every run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_run import run, serve_without_listening


@pytest.mark.parametrize(
    "argv, message",
    [
        (["simulate", "--example", "--seat", "N", "--known", "E"], "--known takes SEAT:CARDS, like 'E:AH KD', not 'E'"),
        (
            ["simulate", "--example", "--seat", "N", "--known", "E:AH", "--known", "e:KD"],
            "--known gives e twice; list its cards once",
        ),
        (
            ["simulate", "--seat", "N", "--hand", "A.K..AQJ*", "--dealer", "W", "--widow", "KS", "--upcard", "KS"],
            "simulate: hasenpfeffer has no upcard; give --widow",
        ),
        (["session", "{night}", "-"], "session: OUT must be a file: the players' figures go to standard output"),
        (
            ["session", "{night}", "{out}", "--page", "http://127.0.0.1:8000/"],
            "session: --page: 'http://127.0.0.1:8000/': the report's links need --html FILE",
        ),
        (
            ["session", "{night}", "{out}", "--title", "Tuesday"],
            "session: --title: 'Tuesday': the report's title needs --html FILE",
        ),
        (
            ["session", "{night}", "{out}", "--html", "{report}", "--page", "notaurl"],
            "session: --page: 'notaurl': the review page's address, like http://127.0.0.1:8000/",
        ),
        (
            ["session", "{night}", "{out}", "--scheduler", "bad://"],
            "session: scheduler: cannot connect to 'bad://': unknown address scheme 'bad'",
        ),
        # an option given twice with two values: which was meant is not known (the last was kept)
        (["table", "--example", "--declarer", "N", "--declarer", "S"], "table: --declarer 'N' and --declarer 'S' both"),
        (  # among a command's words, read in two passes
            ["session", "{night}", "--jobs", "2", "{out}", "--jobs", "3"],
            "session: --jobs 2 and --jobs 3 both given: give one",
        ),
        (  # a file's name in two cases is two files: only a seat, a suit or a card is caseless
            ["session", "{night}", "{out}", "--csv", "Night.csv", "--csv", "night.csv"],
            "session: --csv 'Night.csv' and --csv 'night.csv' both given: give one",
        ),
        (
            ["odds", "3-4", "--variant", "euchre", "--var", "euchre2"],
            "odds: --variant 'euchre' and --variant 'euchre2'",
        ),
        (
            ["serve", "--allow-origin", "nope"],
            "serve: HASEN_ALLOWED_ORIGINS: 'nope' is not an origin (like https://club.example, a scheme and a host",
        ),
    ],
)
def test_a_wrong_option_is_refused_in_one_line(
    capsys, monkeypatch, tmp_path: Path, argv: list[str], message: str
) -> None:
    monkeypatch.setattr("hasen.api.server.serve", serve_without_listening)
    night = tmp_path / "night.txt"
    night.write_text("")
    paths = {"night": night, "out": tmp_path / "out.jsonl", "report": tmp_path / "report.html"}
    code, out, err = run(capsys, *[arg.format(**paths) for arg in argv])
    assert (code, out) == (2, ""), err
    assert err.startswith(f"hasen: {message}") and err.count("\n") == 1, err
    assert not paths["report"].exists()


def test_an_option_given_twice_with_one_value_is_taken(capsys) -> None:
    """The same value twice, in either case, is one value: nothing to choose between."""
    code, out, err = run(capsys, "table", "--example", "--declarer", "N", "--declarer", "n", "--json")
    assert code == 0 and list(json.loads(out)["declarers"]) == ["N"], err
