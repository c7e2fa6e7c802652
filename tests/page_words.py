"""The review page's words and facts as the tests write them, from the API's figures: what
the page's JavaScript must say (tests/web/test_page_js.py) and what the browser must show
(tests/web/test_browser.py)."""

from __future__ import annotations

import json
import re
from decimal import ROUND_HALF_UP, Decimal

from hasen.api.page import EXAMPLE_RECORDS


def page_facts(html: str) -> dict:
    found = re.search(r'<script id="facts" type="application/json">(.*?)</script>', html, re.S)
    assert found, "the page carries its facts as JSON"
    return json.loads(found.group(1))


def half_up(value: float, places: int) -> Decimal:
    return Decimal(repr(value)).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


SYMBOLS = dict(zip("SHDC", "♠♥♦♣"))


SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def card_words(card: str) -> str:
    """A card as the page writes it in running text: "10♦", "K♠", the Joker "JK"."""
    return card if card == "JK" else ("10" if card[0] == "T" else card[0]) + SYMBOLS[card[1]]


def trump_words(suit: str) -> str:
    return f"{SYMBOLS[suit]} {SUIT_WORDS[suit]}"


def two(value: float, sign: bool = False) -> str:
    """Two decimals, half away from zero on the API's four, a real minus sign, "+" if asked."""
    r = half_up(value, 2)
    return ("−" if r < 0 else "+" if sign and r > 0 else "") + f"{abs(r):.2f}"


def share(value: float) -> str:
    return f"{Decimal(repr(value)).scaleb(2).quantize(Decimal(1), ROUND_HALF_UP)}%"


def expected_card(card: dict, mistake: float) -> dict:
    """A card's two verdicts, worded from the API's figures by the test."""
    if card["verdict"] == "forced":
        return {"verdict": "forced", "single": "the only card it could play", "double": None}
    if card["points_cost"] <= 0 and card["cost"] <= 0:
        single = "single dummy: best (exact)" if card["exact"] else "single dummy: best"
    else:
        cost = (
            two(card["points_cost"]) if card["exact"] else f"{two(card['points_cost'])} ±{two(card['points_stderr'])}"
        )
        single = (
            f"single dummy: {cost} points given away ({two(card['cost'])} tricks; "
            f"{'exact; ' if card['exact'] else ''}best {card_words(card['best'])})"
        )
        single += (
            " — a mistake"
            if card["verdict"] == "mistake"
            else f" — under {two(mistake)} points, not a mistake"
            if card["points_cost"] < mistake
            else " — not clear of the sampling error, so not a mistake"
        )
    dd = card["double_dummy"]
    if not dd["cost"]:
        double = "double dummy: best"
    else:
        double = (
            f"double dummy: {dd['cost']} trick{'s' if dd['cost'] > 1 else ''} given away (best "
            f"{' or '.join(card_words(c) for c in dd['best'])})"
        )
        if card["verdict"] == "double dummy only":
            double += " — only with every hand open: not a mistake"
    return {"verdict": card["verdict"], "single": single, "double": double}


# the example records of the page (api/page.py), and a Hasenpfeffer bid lost: the record, its result
# in the page's words, made, down by, and the score; each worked out by hand from
# docs/variants.md's scoring
RECORDS = {
    "hasenpfeffer": (
        EXAMPLE_RECORDS["hasenpfeffer"],
        "N-S took 6 tricks: made · score N-S +6, E-W 0",
        True,
        0,
        {"N-S": 6, "E-W": 0},
    ),
    "euchre2": (EXAMPLE_RECORDS["euchre2"], "S took 5 tricks: made · score S +2, N 0", True, 0, {"S": 2, "N": 0}),
    "euchre": (
        EXAMPLE_RECORDS["euchre"],
        "N-S took 3 tricks: made · score N-S +1, E-W 0",
        True,
        0,
        {"N-S": 1, "E-W": 0},
    ),
    # N takes the AD, puts away the 9H and ruffs the KH: four tricks, each player's score
    "euchre3": (
        EXAMPLE_RECORDS["euchre3"],
        "N took 4 tricks: made · score N +1, E 0, S 0",
        True,
        0,
        {"N": 1, "E": 0, "S": 0},
    ),
    # S alone takes the Joker from N, W alone the JH from E: S takes two tricks, W's lone euchre scores 4
    "railroad": (
        EXAMPLE_RECORDS["railroad"],
        "N-S took 2 tricks: down 1 · score N-S 0, E-W +4",
        False,
        1,
        {"N-S": 0, "E-W": 4},
    ),
    # N bids 6 in spades and loses a trick to W's right bower: down 1, the bid lost
    "hasenpfeffer-down": (
        "\n".join(
            [
                "dealer: W",
                "deal: W:QJ.J.QJ.9 A.K..AQJ* .AQ.AKT.K T9.T9.9.T KS",
                "auction: N 6, E pass, S pass, W pass",
                "contract: N 6, trump S, discard KH",
                "play: JK TD 9S QS | JC KD TS JS | QD KS AD 9D | AS AH TH JD | AC KC TC 9C | QC QH 9H JH",
            ]
        ),
        "N-S took 5 tricks: down 1 · score N-S −6, E-W 0",
        False,
        1,
        {"N-S": -6, "E-W": 0},
    ),
}
