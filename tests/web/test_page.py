"""The review page at / and its files, through Flask's test client (tests/web/test_browser.py
drives it in a real browser)."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient
from oracle import card_facts
from page_words import page_facts

from hasen.core.cards import NUM_CARDS, card_name, parse_card
from hasen.core.deal import Deal
from hasen.core.seats import SEATS
from hasen.core.variants import VARIANTS, variant_for


def test_the_page_is_served_at_the_root(client: FlaskClient) -> None:
    response = client.get("/")
    assert response.status_code == 200 and response.mimetype == "text/html"
    html = response.get_data(as_text=True)
    # the review panel is of the whole played record, not of the position on the board
    for label in (
        "The deal",
        "Trump and discard",
        "The play",
        "Review of the played record",
        "Review a played hand",
        "Fair review of the hand record",
    ):
        assert label in html
    facts = page_facts(html)
    assert facts["api"] == "/api/v1"
    assert facts["seats"] == "NESW" and facts["suits"] == "SHDC" and facts["suitSymbols"] == "♠♥♦♣"
    assert facts["redSuits"] == ["H", "D"] and facts["joker"] == "JK"
    hasenpfeffer = facts["games"]["hasenpfeffer"]
    assert hasenpfeffer["decks"]["25"]["deck"][-1] == "JK" and hasenpfeffer["decks"]["25"]["handSize"] == 6
    example = hasenpfeffer["example"]
    assert Deal(example["deal"], example["dealer"]).notation().startswith("W:")
    # the page's icon
    assert re.search(r'<link rel="icon" type="image/svg\+xml" href="/assets/[0-9a-f]{16}/favicon.svg">', html)


# every game and deck as docs/notation.md and docs/rules.md describe them: the seats dealt a
# hand, the hand size, the extra card, who takes it and discards, and the sides (three players
# each for themselves are each their own)
GAMES = {
    ("hasenpfeffer", 25): ("NESW", 6, "widow", "declarer", {"N": "N-S", "E": "E-W", "S": "N-S", "W": "E-W"}),
    ("euchre2", 24): ("NS", 5, "upcard", "dealer", {"N": "N", "S": "S"}),
    ("euchre2", 32): ("NS", 5, "upcard", "dealer", {"N": "N", "S": "S"}),
    ("euchre2", 25): ("NS", 5, "upcard", "dealer", {"N": "N", "S": "S"}),
    ("euchre3", 24): ("NES", 5, "upcard", "dealer", {"N": "N", "E": "E", "S": "S"}),
    ("euchre3", 32): ("NES", 5, "upcard", "dealer", {"N": "N", "E": "E", "S": "S"}),
    ("euchre", 24): ("NESW", 5, "upcard", "dealer", {"N": "N-S", "E": "E-W", "S": "N-S", "W": "E-W"}),
    ("euchre", 25): ("NESW", 5, "upcard", "dealer", {"N": "N-S", "E": "E-W", "S": "N-S", "W": "E-W"}),
    ("railroad", 25): ("NESW", 5, "upcard", "dealer", {"N": "N-S", "E": "E-W", "S": "N-S", "W": "E-W"}),
    ("railroad", 33): ("NESW", 5, "upcard", "dealer", {"N": "N-S", "E": "E-W", "S": "N-S", "W": "E-W"}),
}
RANKS = {24: "AKQJT9", 25: "AKQJT9", 32: "AKQJT987", 33: "AKQJT987"}  # high to low


def test_the_page_knows_every_game_and_deck(client: FlaskClient) -> None:
    facts = page_facts(client.get("/").get_data(as_text=True))
    assert facts["defaultGame"] == "hasenpfeffer"
    assert {(name, int(size)) for name, game in facts["games"].items() for size in game["decks"]} == set(GAMES)
    assert set(facts["games"]) == set(VARIANTS)
    assert {name: game["deckSizes"] for name, game in facts["games"].items()} == {
        "hasenpfeffer": ["25"],
        "euchre2": ["24", "32", "25"],
        "euchre3": ["24", "32"],
        "euchre": ["24", "25"],
        "railroad": ["25", "33"],
    }  # the default first
    for (name, size), (seats, hand, extra, exchanger, sides) in GAMES.items():
        game = facts["games"][name]
        assert (
            game["title"]
            and game["defaultDeck"]
            == {"hasenpfeffer": "25", "euchre2": "24", "euchre3": "24", "euchre": "24", "railroad": "25"}[name]
        )
        shown = game["decks"][str(size)]
        deck = [r + s for s in "SHDC" for r in RANKS[size]] + (["JK"] if size in (25, 33) else [])
        assert shown["deck"] == deck, (name, size)
        assert ("".join(shown["seats"]), shown["handSize"], shown["extraCard"], shown["exchanger"], shown["sides"]) == (
            seats,
            hand,
            extra,
            exchanger,
            sides,
        ), (name, size)
        assert shown["partners"] == (len(seats) == 4)
        assert shown["extraOptional"] == (name == "hasenpfeffer")
        assert sorted(shown["sideNames"]) == sorted(set(sides.values()))
        # who plays against each seat: the other side, or with three players the other two
        for seat in seats:
            others = [s for s in seats if s != seat]
            expected = (
                " and ".join(others)
                if len(seats) == 3
                else others[0]
                if len(seats) == 2
                else ("E-W" if seat in "NS" else "N-S")
            )
            assert shown["against"][seat] == expected, (name, seat)
    # every game has a built-in example deal, one that every deck of the game holds
    for name, game in facts["games"].items():
        example = game["example"]
        for size in game["decks"]:
            deal = Deal(example["deal"], example["dealer"], variant_for(name, int(size)))
            assert example["declarer"] in [SEATS[s] for s in deal.variant.seats], (name, size)


def test_hands_sort_trumps_first_with_both_bowers(client: FlaskClient) -> None:
    """Once trump is known a hand shows its trumps first, strongest first (the Joker, the
    right bower, the left bower, then the suit), then the other suits with their colours
    alternating; checked against the oracle's effective suits and powers (tests/oracle.py)."""
    facts = page_facts(client.get("/").get_data(as_text=True))
    every_card = [card_name(c) for c in range(NUM_CARDS)]
    red = {"H", "D"}
    for trump in "SHDC":
        groups = facts["handOrder"][trump]
        assert sorted(card for group in groups for card in group) == sorted(every_card)
        suits = []
        for group in groups:
            facts_of = [card_facts(parse_card(card), trump) for card in group]
            assert len({suit for suit, _ in facts_of}) == 1, group  # one effective suit per group
            assert [power for _, power in facts_of] == sorted((p for _, p in facts_of), reverse=True), group
            suits.append(facts_of[0][0])
        assert suits[0] == trump
        assert [s in red for s in suits] == [trump in red, trump not in red] * 2  # colours alternate
    hearts = facts["handOrder"]["H"]
    assert hearts[0] == ["JK", "JH", "JD", "AH", "KH", "QH", "TH", "9H", "8H", "7H"]
    assert hearts[2] == ["AD", "KD", "QD", "TD", "9D", "8D", "7D"]  # no jack: it is the left bower


def test_the_icon_is_served(client: FlaskClient) -> None:
    for path in ("/static/favicon.svg", "/favicon.ico"):
        with client.get(path) as response:
            assert response.status_code == 200, path
            assert response.mimetype == "image/svg+xml", path
            assert response.get_data(as_text=True).lstrip().startswith("<svg"), path


def test_every_script_and_style_is_served(client: FlaskClient) -> None:
    # the page's module and every module it imports, one level after another, all under the
    # one versioned folder the page names (api/assets.py)
    html = client.get("/").get_data(as_text=True)
    todo = re.findall(r'(?:src|href)="(/assets/[0-9a-f]{16}/[^"]+)"', html)
    folder = todo[0].rpartition("/")[0]
    assert f"{folder}/review.js" in todo and f"{folder}/review.css" in todo
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
                todo += [f"{folder}/{name}" for name in re.findall(r'from "\./([\w.]+)"', text)]
    modules = ("cards", "api", "board", "heatmap", "summary", "builder", "hands", "graph", "simulation", "singledummy")
    assert {f"{folder}/{name}.js" for name in modules} <= seen


def test_the_api_still_answers_json_errors(client: FlaskClient) -> None:
    response = client.get("/api/v1/nothing")
    assert response.status_code == 404 and response.is_json


def test_the_page_knows_each_bid_and_the_tricks_it_needs(client: FlaskClient) -> None:
    """The single-dummy panel's bids: Hasenpfeffer's 1 to 6, Euchre's one call, made with
    three tricks (docs/rules.md); the same names as the simulation's expected scores."""
    facts = page_facts(client.get("/").get_data(as_text=True))
    for name, game in facts["games"].items():
        for size, deck in game["decks"].items():
            expected = [[str(k), k] for k in range(1, 7)] if name == "hasenpfeffer" else [["make", 3]]
            assert deck["bids"] == expected, (name, size)
            cards = deck["deck"]
            extra = "widow" if name == "hasenpfeffer" else "upcard"
            answer = client.post(
                "/api/v1/simulate",
                json={
                    "hand": " ".join(cards[: deck["handSize"]]),
                    extra: cards[deck["handSize"]],
                    "seat": "N",
                    "dealer": "N",
                    "variant": name,
                    "deck": int(size),
                    "layouts": 1,
                    "form": "partner",
                },
            ).get_json()
            for choice in answer["forms"]["with_partner"]["choices"]:
                assert list(choice["scores"]) == [bid for bid, _ in deck["bids"]], (name, size)


def test_the_single_dummy_panel_asks_for_200_layouts_with_a_fixed_seed(client: FlaskClient) -> None:
    html = client.get("/").get_data(as_text=True)
    assert page_facts(html)["singleDummy"] == {"layouts": 200, "seed": 0}
    assert 'id="single"' in html and "Knowing only" in html


@pytest.mark.app_config(HASEN_SIMULATE_LIMIT=50)
def test_the_single_dummy_panel_asks_for_no_more_layouts_than_the_app_allows(client: FlaskClient) -> None:
    assert page_facts(client.get("/").get_data(as_text=True))["singleDummy"] == {"layouts": 50, "seed": 0}


def test_the_example_records_are_whole_hands_of_their_games(client: FlaskClient) -> None:
    """The record box's Example: for each game a record the notation reads,
    played out, in canonical form."""
    from hasen.notation.record import Record

    facts = page_facts(client.get("/").get_data(as_text=True))
    for name, game in facts["games"].items():
        record = Record.parse(game["exampleRecord"])
        assert record.variant.name == name and record.finished and not record.result.redeal
        assert str(record).startswith(game["exampleRecord"])  # canonical, the result added


def test_every_double_dummy_panel_says_every_hand_is_open(client: FlaskClient) -> None:
    """The table and the review of the play are double dummy, and say so;
    the single-dummy panels (marked SD) say what the seat knows when they answer."""
    html = client.get("/").get_data(as_text=True)
    panels = re.findall(r'<section class="panel[^"]*"(.*?)</section>', html, re.S)
    said = "Double dummy: every hand open, every player playing perfectly."
    table = next(p for p in panels if 'id="table-title"' in p)
    review = next(p for p in panels if 'id="review-title"' in p)
    assert said in table and said in review
    single = [p for p in panels if 'class="sd-tag"' in p]
    assert {re.search(r'id="(\w+)"', p).group(1) for p in single} == {"advice", "single", "fair"}
    assert all(said not in p for p in single)
