"""The whole command line fuzzed in process: every command, a hundred argument lists each made
of its own options with good, bad and absurd values, of positional words, and of garbage,
drawn uniformly from a seeded generator (the same lists on every run; a failure shows its
list). Whatever the input, ``hasen`` answers (exit 0), refuses in one line on stderr (exit
2), or says in one line that it could not write (exit 1): never a traceback. The user's own
files (records, deals, notes in JSON lines cut short, a page of their own), given as any
input or output, are byte for byte the same after every call.

Half the lists start from a valid command line, so that the bad values reach the deeper
checks and not only argparse. ``hasen serve`` is stubbed to build the app (its settings
checked) without listening; simulations and a night's reviews default to 2 layouts, benches
to one deal (and their bid advice to 2 layouts); standard input is a few awkward bytes.
"""

from __future__ import annotations

import io
import json
import random
import sys
from pathlib import Path

import pytest
from cli_run import run, serve_without_listening
from examples import EUCHRE2_DEAL, EUCHRE_DEAL, HASENPFEFFER_DEAL, HASENPFEFFER_LINE

from hasen.api.page import EXAMPLE_RECORDS
from hasen.cli.parser import COMMANDS, build_parser

pytestmark = pytest.mark.slow
# 1,200 command lines in all: 750 a command reached no line that 100 and the other tests do
# not (benchmarks/fuzz_coverage.py cli --beside --wide, docs/benchmarks.md)
CALLS_PER_COMMAND = 100

GARBAGE = [
    "",
    " ",
    "-",
    "--",
    "---",
    "-x",
    "--nope",
    "x" * 300,
    "\x00",
    "é",
    "🂡",
    "\t",
    "N:",
    "*",
    "|",
    "0",
    "-1",
    "1e400",
    "nan",
    "inf",
    "9" * 40,
    "None",
    "null",
    "{}",
    "[]",
    "--=",
    "=",
    "%s",
    "..",
    "-h",
    "--help",
    "--version",
]
NUMBERS = [
    "0",
    "1",
    "2",
    "3",
    "-1",
    "-0",
    "+1",
    "1.5",
    "1e3",
    "0x10",
    "007",
    "nan",
    "inf",
    "-inf",
    "١",
    "9" * 12,
    "9" * 40,
    "9" * 5000,
    "4294967295",
    "4294967296",
    "1024",
    "1025",
    "65535",
    "65536",
    "100000",
    "100001",
    "10000",
    "10001",
    "256",
    "257",
    "3600",
    "3600.5",
    "1e10",
    "1e-300",
    " 2",
]
SEATS = ["N", "E", "S", "W", "n", "w", "X", "NE", "north", "", "0", "N "]
SUITS = ["S", "H", "D", "C", "s", "♣", "♠", "X", "N", "JK", ""]
CARDS = ["KH", "AS", "JK", "9C", "kh", "1H", "XX", "K", "", "AH KD", "JC", "TS"]
CARD_LISTS = [
    "",
    "JC KC",
    "JC KC TC 9C",
    HASENPFEFFER_LINE,
    "JC KC | AS",
    "JC QC",
    "|",
    "JC JC",
    "JC KC TC 9C | AS AD 9S QS | JK AH 9D JS | AC KD 9H JD | KS QH TS JH | QC TD TH QD | AS",
    "A.K..AQJ*",
    "..KQT9.9",
    "AS KH QD",
    "AS,KH",
]
DEALS = [
    HASENPFEFFER_DEAL,
    EUCHRE2_DEAL,
    EUCHRE_DEAL,
    "N:A.K",
    "N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS KS",
    HASENPFEFFER_DEAL.lower(),
    HASENPFEFFER_DEAL.replace("KS", "AS"),
    "X:" + HASENPFEFFER_DEAL[2:],
    HASENPFEFFER_DEAL + " |",
    "W:" + HASENPFEFFER_DEAL[2:],
]
KNOWN = ["E:AH KD", "E:", "AH", "X:AH", "E:AH,E:KD", "W:QJ.J.QJ.9", "e:ah"]
RULES = ["dealer_left", "declarer", "left_of_loner", "redeal", "play", "nobody", "", "DECLARER"]
VARIANTS = ["hasenpfeffer", "euchre", "euchre2", "bridge", "", "EUCHRE"]
DECKS = ["24", "25", "32", "52", "0", "-1", "x", "9" * 5000]
HOSTS = ["127.0.0.1", "localhost", "::1", "", "256.1.1.1", "x" * 300, "no such host"]
SCHEDULERS = ["nonsense::", "x", "", "tcp://", "inproc://x"]  # each refused at once, never waited on
SCORES = ["8-5", "9-0", "-3-8", "0-0", "10-3", "3-12", "8 to 5", "-", "x", "9" * 50, ""]
VALUES = {
    "N": NUMBERS,
    "SECONDS": NUMBERS,
    "PORT": NUMBERS,
    "SEAT": SEATS,
    "SUIT": SUITS,
    "CARD": CARDS,
    "CARDS": CARD_LISTS,
    "SEAT:CARDS": KNOWN,
    "RULE": RULES,
    "NAME": VARIANTS,
    "ADDRESS": SCHEDULERS,
    "HOST": HOSTS,
    "SCORE": SCORES,
}
# options whose large valid values would cost minutes (layouts, deals) or start processes (jobs):
# only small valid values, and invalid ones (large valid ones: tests/cli/test_cli_bounds.py)
COSTLY = {
    "--layouts": ["1", "2", "0", "100001", "1000000000000"],
    "--deals": ["1", "2", "0", "100001"],
    "--rounds": ["1", "0", "101"],
    "--jobs": ["1", "0", "-1", "1025", "2147483648"],
    "--threads": ["1", "2", "0", "257", "9" * 30],
    "--random": ["1", "3", "0", "-1", "100001"],
}
# options whose metavar says too little of what they take
BY_FLAG = {
    "--deck": DECKS,
    "--seed": NUMBERS,
    "--title": ["night of 1 December", "", "<b>&amp;</b>", "x" * 300, "$\\bad$"],
}
REPORT_FLAGS = ("--csv", "--html", "--parquet")  # their values: the OUT paths (hasen session, batch)
CONTRACT = ["--declarer", "N", "--trump", "C", "--discard", "KH"]


def options_of(command: str) -> dict[str, list[str] | None]:
    """Each option of ``command``: the values it may be given, None for a flag."""
    parser = build_parser(command)
    sub = next(a for a in parser._actions if hasattr(a, "choices") and isinstance(a.choices, dict))
    options: dict[str, list[str] | None] = {}
    for action in sub.choices[command]._actions:
        for flag in action.option_strings:
            if action.nargs == 0:
                options[flag] = None
            else:
                metavar = action.metavar or action.dest.upper()
                pool = COSTLY.get(flag) or BY_FLAG.get(flag) or VALUES.get(metavar, [])
                options[flag] = [*(map(str, action.choices or ())), *pool, *GARBAGE[:12]]
    return options


@pytest.fixture
def paths(tmp_path: Path) -> dict[str, list[str]]:
    source = tmp_path / "in.txt"
    source.write_text(
        f'{HASENPFEFFER_DEAL}\n{{"id": "e", "deal": "{EUCHRE2_DEAL}", "variant": "euchre2"}}\nnonsense\n',
        encoding="utf-8",
    )
    records = tmp_path / "records.txt"
    records.write_text("\n\n".join([*EXAMPLE_RECORDS.values(), "dealer: X\ndeal: nonsense"]) + "\n", encoding="utf-8")
    odd = tmp_path / "odd.txt"  # records a hostile user writes: empty ones, control characters, formulas
    odd.write_text(
        "id: =1+1\nplayers: N=$\\bad$, E=+cmd\n" + EXAMPLE_RECORDS["hasenpfeffer"] + "\n\nid: 2\n"
        "players: S=\x1b[31mred\n"
        + EXAMPLE_RECORDS["euchre"]
        + "\n\nplayers: N="
        + "x" * 80
        + "\n"
        + EXAMPLE_RECORDS["euchre"]
        + "\n",
        encoding="utf-8",
    )
    empty = tmp_path / "semicolon.txt"
    empty.write_text(";\n", encoding="utf-8")
    notes = tmp_path / "notes.jsonl"  # a user's JSON lines, the last one cut short
    notes.write_text('{"id": "a", "deal": "x"}\n{"id": "b", "de', encoding="utf-8")
    page = tmp_path / "page.html"
    page.write_text("<!DOCTYPE html><p>my own page</p>\n", encoding="utf-8")
    link = tmp_path / "link.txt"
    link.symlink_to(records)
    (tmp_path / "folder").mkdir()
    inputs = [
        str(source),
        str(records),
        str(odd),
        str(empty),
        "-",
        str(tmp_path / "missing.txt"),
        str(tmp_path / "folder"),
        "/dev/null",
        str(link),
    ]
    outputs = [
        str(tmp_path / "out.jsonl"),
        str(tmp_path / "other.jsonl"),
        "-",
        str(source),
        str(notes),
        str(page),
        str(link),
        str(tmp_path / "folder"),
        str(tmp_path / "no" / "out.jsonl"),
        "/dev/null",
    ]
    if Path("/dev/full").exists():
        outputs.append("/dev/full")
    own = [str(source), str(records), str(odd), str(empty), str(notes), str(page)]
    return {"IN": inputs, "OUT": outputs, "own": own}


def base_of(command: str, paths: dict[str, list[str]], rng: random.Random) -> list[str]:
    """A command line to start from: valid, but for batch's files."""
    if command in ("batch", "session"):
        files = [rng.choice(paths["IN"]), rng.choice(paths["OUT"])]
        flags = ("--parquet",) if command == "batch" else REPORT_FLAGS
        reports = [part for flag in flags if rng.random() < 0.3 for part in (flag, rng.choice(paths["OUT"]))]
        if command == "batch":
            return [*files, *reports]
        return [*files, "--layouts", "2", *reports]
    if command == "record":
        return [rng.choice(paths["IN"])]
    if command == "review" and rng.random() < 0.5:
        return [paths["IN"][1], "--layouts", "2"]
    return {
        "table": ["--example"],
        "bid": ["--example"],
        "solve": ["--example", *CONTRACT],
        "review": ["--example", *CONTRACT, "--played", "JC KC"],
        "simulate": ["--example", "--seat", "N"],
        "lead": ["--example", "--seat", "N", "--declarer", "E", "--trump", "D"],
        "serve": ["--port", "0"],
        "bench": ["--game", "euchre"],
        "deal": ["--random", "2"],
        "odds": ["8-5", "--dealer", "N"],
        "schema": ["table"],
        "completion": ["bash"],
    }[command]


def command_line(
    rng: random.Random, command: str, options: dict[str, list[str] | None], paths: dict[str, list[str]]
) -> list[str]:
    argv = [command, *(base_of(command, paths, rng) if rng.random() < 0.5 else [])]
    # not /dev/full as IN: a line without end, read for ever, as the user would have asked
    files = paths["IN"] + [p for p in paths["OUT"] if p != "/dev/full"]
    positionals = (
        files
        if command in ("batch", "session", "record")
        else DEALS + files[:2]
        if command == "review"
        else SCORES
        if command == "odds"
        else DEALS
    )
    for _ in range(rng.randrange(7)):
        kind = rng.choice(["option"] * 6 + ["positional", "garbage"])
        if kind == "option":
            # an option given twice with two values is refused whatever else is given: once each
            unused = sorted(set(options) - set(argv))
            if not unused:
                continue
            flag = rng.choice(unused)
            values = paths["OUT"] if flag in REPORT_FLAGS else options[flag]
            argv.append(flag)
            if values is not None and rng.randrange(10):  # now and then the value is missing
                argv.append(rng.choice(values))
        else:
            argv.append(rng.choice(positionals if kind == "positional" else GARBAGE))
    return argv


STDIN = [b"", HASENPFEFFER_DEAL.encode() + b"\n", b"\xef\xbb\xbf\xe9\n\n[1]\n", b"\x00" * 50, b'{"deal": 5}\r\n']


@pytest.mark.parametrize("command", list(COMMANDS))
def test_no_command_line_gets_a_traceback(command: str, capsys, monkeypatch, paths: dict[str, list[str]]) -> None:
    monkeypatch.chdir(paths["IN"][0].rpartition("/")[0])  # a stray word taken for OUT is written there
    monkeypatch.setattr("hasen.api.server.serve", serve_without_listening)
    monkeypatch.setattr("hasen.cli.parser.DEFAULT_LAYOUTS", 2)
    # a night's reviews and the review command's: the same code as at 200 layouts
    monkeypatch.setattr("hasen.cli.session.DEFAULT_REVIEW_LAYOUTS", 2)
    monkeypatch.setattr("hasen.public.DEFAULT_REVIEW_LAYOUTS", 2)
    monkeypatch.setattr("hasen.cli.bench.ADVICE_LAYOUTS", 2)  # bench's bid advice: a token of the work
    monkeypatch.setattr("hasen.cli.bench.ADVICE_CHOICE_LAYOUTS", 2)
    monkeypatch.setattr("hasen.cli.bench.startup", lambda runs: None)  # seconds a call: see above
    options = options_of(command)
    rng = random.Random(f"fuzz {command}")  # the same command lines on every run
    own = {path: Path(path).read_bytes() for path in paths["own"]}
    exits = {0: 0, 1: 0, 2: 0}
    for _ in range(CALLS_PER_COMMAND):
        argv = command_line(rng, command, options, paths)
        if command == "bench":  # one deal, one round: the timings themselves are not under test
            argv = [*argv[:1], "--deals", "1", "--rounds", "1", "--threads", "1", *argv[1:]]
        stdin = rng.choice(STDIN) + rng.randbytes(rng.randrange(40))
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
        code, out, err = run(capsys, *argv)
        shown = f"hasen {' '.join(repr(a)[:60] for a in argv)}: exit {code}\n{err[:2000]}"
        assert "Traceback" not in err + out, shown
        assert code in (0, 1, 2), shown
        assert {path: Path(path).read_bytes() for path in own} == own, f"a file of the user's changed: {shown}"
        exits[code] += 1
        lines = err.splitlines()
        assert all(line.startswith("hasen") for line in lines), shown
        if code == 2 and "--json" in argv:  # the error as JSON where the answer would be, nothing on stderr
            assert err == "" and set(json.loads(out)) == {"error", "version"}, shown
        elif code == 2:
            assert len(lines) == 1 and out == "", shown
        elif code == 1:
            assert len(lines) == 1 and "cannot write" in err, shown
    # both kinds of outcome were reached: the fuzz is not all refused by argparse (a command of
    # one or two options, as schema and completion, has few ways to be wrong)
    refusals = CALLS_PER_COMMAND // (4 if len(options) > 3 else 20)
    assert exits[0] >= CALLS_PER_COMMAND // 10 and exits[2] >= refusals, exits
    with capsys.disabled():
        print(f"\nhasen {command}: {CALLS_PER_COMMAND} command lines, exit statuses {exits}")
