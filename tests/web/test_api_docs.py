"""docs/web-api.md's examples are the service's answers: each ``curl`` request of the page is
sent to the app, and the JSON shown after it must be what comes back, key for key and value
for value. An example may leave a part out as ``[...]`` (shown formatted, a long list cut):
that part matches anything; every other key is there, and nothing the answer has is missing
from the page. ``/health`` is left out: its counts are the running service's."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
PAGE = ROOT / "docs" / "web-api.md"
FENCE = re.compile(r"^```(\w*)\s*$")
CUT = "[...]"  # a part of an answer the page leaves out
ANY = object()


def blocks(text: str) -> list[tuple[str, str, int]]:
    """Each fenced block of the page: its kind, its text and its first line."""
    out, lines, i = [], text.splitlines(), 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        j = lines.index("```", i + 1)
        out.append((opening[1], "\n".join(lines[i + 1 : j]), i + 1))
        i = j + 1
    return out


def examples() -> list[tuple[int, str, dict[str, Any] | None, str]]:
    """Each request with an answer shown: its line, path, body and the answer's text."""
    found, kinds = [], blocks(PAGE.read_text(encoding="utf-8"))
    for (kind, text, line), (next_kind, answer, _) in zip(kinds, kinds[1:]):
        if kind != "sh" or "curl" not in text or next_kind != "json":
            continue
        words = shlex.split(text.replace("\\\n", " "))
        path = next(w for w in words if w.startswith("http")).split("8000", 1)[1]
        body = json.loads(words[words.index("-d") + 1]) if "-d" in words else None
        if path != "/api/v1/health":
            found.append((line, path, body, answer))
    return found


def shown(text: str) -> Any:
    return json.loads(text.replace(CUT, json.dumps(CUT)))


def differences(page: Any, answer: Any, where: str = "") -> list[str]:
    if page == CUT:
        return []
    if isinstance(page, dict) and isinstance(answer, dict):
        out = [f"{where}/{key}: not on the page" for key in answer if key not in page]
        out += [f"{where}/{key}: not in the answer" for key in page if key not in answer]
        for key in page.keys() & answer.keys():
            out += differences(page[key], answer[key], f"{where}/{key}")
        return out
    if isinstance(page, list) and isinstance(answer, list) and len(page) == len(answer):
        return [d for i, (p, a) in enumerate(zip(page, answer)) for d in differences(p, a, f"{where}/{i}")]
    return [] if page == answer else [f"{where}: the page says {page!r}, the answer {answer!r}"]


EXAMPLES = examples()


def test_the_page_has_its_examples() -> None:
    assert len(EXAMPLES) >= 8, [path for _, path, _, _ in EXAMPLES]


@pytest.mark.parametrize("line, path, body, answer", EXAMPLES, ids=[f"line {e[0]}" for e in EXAMPLES])
def test_each_example_answer_is_the_services(client, line: int, path: str, body: Any, answer: str) -> None:
    response = client.post(path, json=body) if body is not None else client.get(path)
    found = differences(shown(answer), response.get_json())
    assert not found, f"docs/web-api.md line {line}, {path}:\n" + "\n".join(found)
