"""The review page at ``/``: plain HTML, CSS and JavaScript (api/templates, api/static),
talking to the JSON API. The card facts the page needs (seats, suits, every game's decks,
hands and seats, the trump order, the bids and the tricks each needs, the example deal) come
from the solver here, so they are written once."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, render_template, send_from_directory

from hasen.analysis.fair import MISTAKE_POINTS
from hasen.core.cards import (
    JOKER_NAME,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    card_name,
    cards_of,
    is_red,
    same_colour_suit,
)
from hasen.core.seats import SEATS
from hasen.core.settings import Settings, setting_choices
from hasen.core.variants import DEFAULT_VARIANT, GAME_TITLES, VARIANTS, Variant
from hasen.core.version import __version__
from hasen.games import game_of
from hasen.rules.trump import power_order
from hasen.text.words import points_less

from .assets import asset
from .openapi import PREFIX

page = Blueprint("page", __name__)

# how the page names each game (docs/rules.md); every variant of hasen.core.variants has one
# the games the page offers: all; one the single-dummy analyses cannot weigh yet (Railroad,
# Three-Handed Euchre) has its single-dummy panels say so
PAGE_GAMES = list(VARIANTS)
# the single-dummy panel: random layouts per view (fewer if the app allows fewer), enough for
# a standard error of about 0.05 tricks and an answer in about a second; a fixed seed, so that
# the same view is the same answer every time (and the server's cache answers it again)
SINGLE_DUMMY_LAYOUTS = 200
SINGLE_DUMMY_SEED = 0


# a whole hand of each game in the record notation, for the record box's Example button
EXAMPLE_RECORDS = {
    "hasenpfeffer": "\n".join(
        [
            "variant: hasenpfeffer",
            "dealer: W",
            "deal: W:QJ.J.QJ.9 A.K..AQJ* .AQ.AKT.K T9.T9.9.T KS",
            "auction: N 4, E 5, S pass, W pass, N 6, E pass",
            "contract: N 6, trump C, discard KH",
            "play: JC KC TC 9C | AS AH TS QS | JK QH 9S JS | KS AD TH JH | AC KD 9H QD | QC TD 9D JD",
        ]
    ),
    "euchre2": "\n".join(
        [
            "variant: euchre2",
            "deck: 24",
            "dealer: N",
            "deal: N:..KQT9.9 T9.AKQ.. AS",
            "auction: S pass, N pass, S name H",
            "contract: S, trump H",
            "play: AH KD | KH QD | QH TD | TS 9D | 9S 9C",
        ]
    ),
    "euchre3": "\n".join(
        [
            "variant: euchre3",
            "deck: 24",
            "dealer: N",
            "deal: N:T9.9.KJ. J..Q.QT9 Q.KT.T.A AD",
            "auction: E pass, S pass, N order up",
            "contract: N, trump D, discard 9H",
            "play: JS QS TS | KH AD QD | KD QC TD | 9S TC TH | JD 9C AC",
        ]
    ),
    "euchre": "\n".join(
        [
            "variant: euchre",
            "deck: 24",
            "dealer: N",
            "deal: N:A.K..AQJ .AQ.AT.K T9.T9.9. QJ.J.Q.9 KS",
            "auction: E pass, S pass, W pass, N order up",
            "contract: N, trump S, discard KH",
            "play: AH 9H JH KS | JC TD 9S JS | QD AS AD 9D | AC KC TH 9C | QC QH TS QS",
        ]
    ),
    # a lone maker and a lone defender, each calling for the partner's best card
    "railroad": "\n".join(
        [
            "variant: railroad",
            "deck: 25",
            "dealer: N",
            "deal: N:QT.Q.A.* A.J.QJ9. .K.K.QJ9 K9.A..KT TD",
            "auction: E pass, S pass, W pass, N pass, E pass, S name S alone",
            "contract: S, trump S, alone, defender W, best JK for KH, defender best JH for 9S",
            "play: TC 9C | JH KD | AH QC | KS JC | JK KC",
        ]
    ),
}


def hand_order(trump: int) -> list[list[str]]:
    """How a hand is sorted once ``trump`` is known, as groups of card names, each strongest
    first: the trumps (the Joker, the right and left bowers, then the rest of the suit), then
    the three other suits with their colours alternating. Cards of any deck; a page keeps the
    ones a hand holds."""
    partner = same_colour_suit(trump)
    others = [s for s in range(len(SUITS)) if s not in (trump, partner)]
    suits = [trump, others[0], partner, others[1]]
    return [[card_name(c) for c in reversed(power_order(suit, trump))] for suit in suits]


def bids(variant: Variant) -> list[list[str | int]]:
    """Each bid (or call) the single-dummy simulation scores, lowest first, as the keys of its
    expected ``scores``, with the tricks it needs: the fewest the declaring side comes out
    ahead with, by the game's own scoring (default settings: the page sends none)."""
    scores = [game_of(variant).scores(variant, Settings(), tricks, False) for tricks in range(variant.hand_size + 1)]
    return [[bid, next(t for t, row in enumerate(scores) if row[i][1] > 0)] for i, (bid, _) in enumerate(scores[0])]


def variant_facts(variant: Variant) -> dict[str, Any]:
    """What the page plays one deck of one game with. Three players each for themselves are
    each their own side, named by seat (the page names the maker's opponents from them)."""
    names = variant.score_names
    return {
        "label": variant.label,
        "deck": [card_name(c) for c in cards_of(variant.deck)],
        "handSize": variant.hand_size,
        "seats": [SEATS[s] for s in variant.seats],  # a list: "".includes("") would be a seat
        "extraCard": variant.extra_card,
        "extraOptional": variant.extra_optional,
        # who takes the widow or upcard and discards: the declarer, or the dealer (when the
        # upcard's suit becomes trump; the API's answers say when, with their "discard")
        "exchanger": variant.exchanger,
        "partners": variant.partners,
        "sides": {SEATS[s]: names[variant.scorer_of(s)] for s in variant.seats},
        "sideNames": list(names),
        "against": {SEATS[s]: variant.against(s) for s in variant.seats},  # who plays against each seat
        "cutthroat": variant.cutthroat,
        "pointsLess": points_less(variant, "its", "its"),  # how a player's points are reckoned
        "bids": bids(variant),
        # the table settings of this deck of the game, each with its values, the default first
        "settings": {name: list(values) for name, values in setting_choices(variant).items()},
    }


def game_facts(name: str) -> dict[str, Any]:
    decks = VARIANTS[name]
    default = next(iter(decks.values()))
    example = game_of(default).examples.get(name)
    return {
        "title": GAME_TITLES[name],
        "decks": {str(size): variant_facts(v) for size, v in decks.items()},
        # the decks in the solver's order, the default first (a JSON object's number-like
        # keys come out in numeric order in JavaScript)
        "deckSizes": [str(size) for size in decks],
        "defaultDeck": str(default.deck_size),
        "example": None if example is None else example._asdict(),
        "exampleRecord": EXAMPLE_RECORDS[name],
    }


def page_facts() -> dict[str, Any]:
    return {
        "api": PREFIX,
        "seats": SEATS,
        "suits": SUITS,
        "suitSymbols": SUIT_SYMBOLS,
        "suitNames": SUIT_NAMES,
        "redSuits": [s for i, s in enumerate(SUITS) if is_red(i)],
        "joker": JOKER_NAME,
        "games": {name: game_facts(name) for name in PAGE_GAMES},
        "defaultGame": DEFAULT_VARIANT,
        "handOrder": {SUITS[t]: hand_order(t) for t in range(len(SUITS))},
        # the single-dummy panels: the declarer's choice, its bid advice, the fair review
        "singleDummy": {
            "layouts": min(SINGLE_DUMMY_LAYOUTS, current_app.config["HASEN_SIMULATE_LIMIT"]),
            "seed": SINGLE_DUMMY_SEED,
        },
        "mistake": MISTAKE_POINTS,  # the least cost, in points, that the fair review calls a mistake
    }


@page.get("/")
def review_page() -> str:
    return render_template("review.html", facts=page_facts(), version=__version__, asset=asset)


@page.get("/favicon.ico")
def favicon() -> Response:
    """For clients that ask the conventional place; the page itself links the SVG."""
    return send_from_directory(
        current_app.static_folder or "static", "favicon.svg", mimetype="image/svg+xml", max_age=86400
    )
