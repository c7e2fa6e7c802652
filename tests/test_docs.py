"""The examples in README.md and docs/*.md are real: each one is run and its output checked.

Two kinds of fenced block are tested; every other block (```sh, ```json, ```text, ...) is
left alone.

```console blocks hold ``hasen`` commands and what they print::

    $ hasen table --example --declarer N
    <the exact output>
    $ hasen table "N:A.K" --declarer N
    hasen: deal: ...
    [exit 2]

Each ``$ hasen ARGS`` line (a trailing ``\\`` continues it on the next line) is split with
shlex and run in-process through ``hasen.cli.main``. What it prints, stdout then stderr
(as a terminal shows it), must equal the lines up to the next ``$ `` line or the end of the
block, compared line by line with trailing whitespace stripped. The exit status must be 0,
unless the output ends with a line ``[exit N]``, which asks for status N instead.

```pycon blocks are doctests (``>>>`` and ``...`` lines, then the expected output), run
with the standard ``doctest`` module and NORMALIZE_WHITESPACE. Each file's pycon blocks
share one namespace, fresh per file: a block sees what the blocks above it defined.

Relative links between the documents are checked too: each must name a file of the
repository (and a heading of it, after ``#``), never a place outside it.
"""

from __future__ import annotations

import difflib
import doctest
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest
from cli_run import run

from hasen.core.bounds import MAX_LAYOUTS
from hasen.search import USING_EXTENSION

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
TESTED = ("console", "pycon")

FENCE = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,})\s*(?P<info>[^`]*)$")
PROMPT = "$ "
COMMAND = "hasen"
EXIT = re.compile(r"^\[exit (\d+)\]$")


@dataclass
class Block:
    """One tested fenced block: its file, its number among the file's tested blocks
    (from 1), its kind (``console`` or ``pycon``), the line of its opening fence and its
    lines (the fence's indentation removed)."""

    path: Path
    number: int
    kind: str
    line: int
    lines: list[str]

    @property
    def name(self) -> str:
        return f"{self.path.relative_to(ROOT).as_posix()}:{self.number}"


def fenced_blocks(path: Path) -> list[Block]:
    """Every console and pycon block of a markdown file, in order."""
    blocks: list[Block] = []
    lines = path.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        fence, indent = opening["fence"], len(opening["indent"])
        info = opening["info"].split()
        kind = info[0].lower() if info else ""
        body: list[str] = []
        j = i + 1
        while j < len(lines):
            stripped = lines[j].strip()
            if stripped and set(stripped) == {fence[0]} and len(stripped) >= len(fence):
                break  # the closing fence
            text = lines[j]
            body.append(text[min(indent, len(text) - len(text.lstrip(" "))) :])
            j += 1
        if kind in TESTED:
            blocks.append(Block(path, len(blocks) + 1, kind, i + 1, body))
        i = j + 1
    return blocks


BLOCKS = [block for path in DOCUMENTS if path.exists() for block in fenced_blocks(path)]


def by_kind(kind: str) -> list:
    return [pytest.param(b, id=b.name) for b in BLOCKS if b.kind == kind]


# --- console blocks ---------------------------------------------------------------------------


@dataclass
class Command:
    line: int  # in the file
    text: str  # as written, after the prompt
    expected: list[str]
    status: int


def trimmed(lines: list[str]) -> list[str]:
    """Trailing whitespace off every line, and empty lines off the end."""
    out = [line.rstrip() for line in lines]
    while out and not out[-1]:
        out.pop()
    return out


def commands(block: Block) -> list[Command]:
    """The block's commands with their expected output; a malformed block fails the test."""
    found: list[Command] = []
    lines = block.lines
    i = 0
    while i < len(lines):
        line = lines[i]
        where = f"{block.path.name}:{block.line + 1 + i}"
        if not line.startswith(PROMPT):
            if found:
                found[-1].expected.append(line)
            elif line.strip():
                pytest.fail(f"{where}: output before the first '$ {COMMAND}' line: {line!r}", pytrace=False)
            i += 1
            continue
        text = line[len(PROMPT) :]
        start = i
        while text.endswith("\\") and i + 1 < len(lines):  # a command continued on the next line
            i += 1
            text = text[:-1] + " " + lines[i].strip()
        argv = shlex.split(text)
        if not argv or argv[0] != COMMAND:
            pytest.fail(f"{where}: only '{COMMAND}' commands can be tested, not {text!r}", pytrace=False)
        found.append(Command(block.line + 1 + start, text, [], 0))
        i += 1
    if not found:
        pytest.fail(f"{block.name}: a console block without a '$ {COMMAND}' line", pytrace=False)
    for command in found:
        command.expected = trimmed(command.expected)
        if command.expected and (status := EXIT.match(command.expected[-1])):
            command.status = int(status[1])
            command.expected = trimmed(command.expected[:-1])
    return found


def single_dummy(argv: list[str]) -> bool:
    """A command that solves random layouts (hundreds, unless refused for asking too many)."""
    solves_layouts = (
        argv[0] in ("simulate", "lead", "session")
        or (argv[0] == "bid" and "--seat" in argv)
        or (argv[0] == "review" and "--declarer" not in argv)
    )
    if "--layouts" in argv[:-1] and argv[argv.index("--layouts") + 1].isdigit():
        return solves_layouts and int(argv[argv.index("--layouts") + 1]) <= MAX_LAYOUTS
    return solves_layouts


@pytest.mark.parametrize("block", by_kind("console"))
def test_console_example(block: Block, capsys) -> None:
    if not USING_EXTENSION and any(single_dummy(shlex.split(c.text)[1:]) for c in commands(block)):
        pytest.skip("single-dummy work takes minutes on the pure-Python search; run with the compiled one")
    for command in commands(block):
        status, out, err = run(capsys, *shlex.split(command.text)[1:])
        got = trimmed((out + err).splitlines())
        if status != 0:
            got.append(f"[exit {status}]")
        expected = command.expected + ([f"[exit {command.status}]"] if command.status else [])
        if got != expected:
            diff = "\n".join(difflib.unified_diff(expected, got, "the document", "hasen printed", lineterm=""))
            pytest.fail(f"{block.path.name}:{command.line}: $ {command.text}\n{diff}", pytrace=False)


# --- pycon blocks -----------------------------------------------------------------------------

PARSER = doctest.DocTestParser()
FLAGS = doctest.NORMALIZE_WHITESPACE


def doctest_of(block: Block, globs: dict) -> doctest.DocTest:
    # DocTest line numbers count from 0 and the examples from the line after the fence
    return PARSER.get_doctest("\n".join(block.lines) + "\n", globs, block.name, str(block.path), block.line)


SINGLE_DUMMY_CALL = re.compile(r"hasen\.(bid\(.*seat=|review_hand\()")


def costly_on_the_twin(block: Block) -> bool:
    """Single-dummy advice or a fair review: minutes on the pure-Python search."""
    return not USING_EXTENSION and any(SINGLE_DUMMY_CALL.search(line) for line in block.lines)


# each file's namespace after the last of its pycon blocks that passed here: (its number, names)
PASSED: dict[Path, tuple[int, dict]] = {}


def names_above(block: Block) -> dict:
    """What the file's pycon blocks above this one define. They run first, unchecked (a costly
    one left out on the twin: no later block uses its names), unless the block just above
    passed in this process: then its namespace goes on, as the blocks run in order."""
    earlier = [
        b
        for b in BLOCKS
        if b.path == block.path and b.kind == "pycon" and b.number < block.number and not costly_on_the_twin(b)
    ]
    number, globs = PASSED.pop(block.path, (0, {}))
    if earlier and number == earlier[-1].number:
        return globs
    globs = {"__name__": "__docs__"}
    for above in earlier:
        test = doctest_of(above, globs)
        doctest.DocTestRunner(optionflags=FLAGS).run(test, out=lambda _: None, clear_globs=False)
        globs = test.globs
    return globs


@pytest.mark.parametrize("block", by_kind("pycon"))
def test_pycon_example(block: Block) -> None:
    if costly_on_the_twin(block):
        pytest.skip("single-dummy work takes minutes on the pure-Python search; run with the compiled one")
    test = doctest_of(block, names_above(block))
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    runner.run(test, out=report.append, clear_globs=False)
    if runner.failures:
        pytest.fail("".join(report), pytrace=False)
    PASSED[block.path] = (block.number, test.globs)


# --- links --------------------------------------------------------------------------------------

LINK = re.compile(r"(?<!\\)\]\((?P<target>[^)\s]+)(?:\s+\"[^\"]*\")?\)")
HEADING = re.compile(r"^#{1,6}\s+(?P<title>.+?)\s*#*\s*$")


def anchors(path: Path) -> set[str]:
    """The anchors GitHub makes of a file's headings (lower case, punctuation dropped,
    spaces as hyphens, repeats numbered), outside fenced blocks."""
    found: set[str] = set()
    seen: dict[str, int] = {}
    fenced = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        heading = None if fenced else HEADING.match(line)
        if not heading:
            continue
        title = re.sub(r"`|\*\*|\[([^]]*)\]\([^)]*\)", r"\1", heading["title"]).strip().lower()
        slug = re.sub(r"[^\w\- ]", "", title).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        found.add(slug if count == 0 else f"{slug}-{count}")
    return found


def links(path: Path) -> list[tuple[int, str]]:
    out, fenced = [], False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            out += [(number, m["target"]) for m in LINK.finditer(re.sub(r"`[^`]*`", "", line))]
    return out


@pytest.mark.parametrize("path", [pytest.param(p, id=p.relative_to(ROOT).as_posix()) for p in DOCUMENTS if p.exists()])
def test_links_stay_in_the_repository(path: Path) -> None:
    problems = []
    for number, target in links(path):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
            continue  # a web address (https:, mailto:)
        file_part, _, anchor = target.partition("#")
        linked = (path.parent / file_part).resolve() if file_part else path
        where = f"{path.name}:{number}: {target}"
        if ROOT not in linked.parents and linked != ROOT:
            problems.append(f"{where}: leaves the repository")
        elif not linked.exists():
            problems.append(f"{where}: no such file")
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
            problems.append(f"{where}: no heading with that anchor in {linked.name}")
    assert not problems, "\n".join(problems)
