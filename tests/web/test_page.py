"""The review page at / and its files, through Flask's test client (tests/web/test_browser.py
drives it in a real browser)."""

from __future__ import annotations

import json
import re

from flask.testing import FlaskClient

from solver.core.deal import Deal


def page_facts(html: str) -> dict:
    found = re.search(r'<script id="facts" type="application/json">(.*?)</script>', html, re.S)
    assert found, "the page carries its facts as JSON"
    return json.loads(found.group(1))


def test_the_page_is_served_at_the_root(client: FlaskClient) -> None:
    response = client.get("/")
    assert response.status_code == 200 and response.mimetype == "text/html"
    html = response.get_data(as_text=True)
    # the review panel is of the whole played record, not of the position on the board
    for label in ("The deal", "Trump and discard", "The play", "Review of the played record",
                  "Review a played hand"):
        assert label in html
    facts = page_facts(html)
    assert facts["api"] == "/api/v1"
    assert facts["seats"] == "NESW" and facts["suits"] == "SHDC" and facts["suitSymbols"] == "♠♥♦♣"
    assert facts["redSuits"] == ["H", "D"]
    assert len(facts["deck"]) == 25 and facts["deck"][-1] == "JK" and facts["handSize"] == 6
    example = facts["example"]
    assert Deal(example["deal"], example["dealer"]).notation().startswith("W:")


def test_every_script_and_style_is_served(client: FlaskClient) -> None:
    # the page's module and every module it imports, one level after another
    html = client.get("/").get_data(as_text=True)
    todo = re.findall(r'(?:src|href)="(/static/[^"]+)"', html)
    assert "/static/review.js" in todo and "/static/review.css" in todo
    seen = set()
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        with client.get(path) as response:  # a static file's answer holds the file open until closed
            assert response.status_code == 200, path
            if path.endswith(".js"):
                assert response.mimetype in ("text/javascript", "application/javascript"), path
                text = response.get_data(as_text=True)
                todo += ["/static/" + name for name in re.findall(r'from "\./([\w.]+)"', text)]
    assert {"/static/cards.js", "/static/api.js", "/static/board.js", "/static/heatmap.js",
            "/static/summary.js", "/static/builder.js"} <= seen


def test_the_api_still_answers_json_errors(client: FlaskClient) -> None:
    response = client.get("/api/v1/nothing")
    assert response.status_code == 404 and response.is_json
