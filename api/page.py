"""The review page at ``/``: plain HTML, CSS and JavaScript (api/templates, api/static),
talking to the JSON API. The card facts the page needs (seats, suits, every game's decks,
hands and seats, the trump order, the bids and the tricks each needs, the example deal) come
from the solver here, so they are written once."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, render_template, send_from_directory

from hasen.core.cards import (
    JOKER_NAME,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    card_name,
    cards_of,
    is_red,
)
from hasen.core.seats import SEATS
from hasen.core.variants import DEFAULT_VARIANT, VARIANTS, Variant
from hasen.core.version import __version__
from hasen.games import game_of
from hasen.rules.settings import Settings
from hasen.rules.trump import power_order, same_colour_suit

from .openapi import PREFIX

page = Blueprint("page", __name__)

# how the page names each game (docs/rules.md); every variant of hasen.core.variants has one
GAME_TITLES = {"hasenpfeffer": "Hasenpfeffer", "euchre2": "Two-handed Euchre", "euchre": "Euchre"}
# the single-dummy panel: random layouts per view (fewer if the app allows fewer), enough for
# a standard error of about 0.05 tricks and an answer in about a second; a fixed seed, so that
# the same view is the same answer every time (and the server's cache answers it again)
SINGLE_DUMMY_LAYOUTS = 200
SINGLE_DUMMY_SEED = 0


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
    """What the page plays one deck of one game with."""
    names = variant.side_names
    return {
        "label": variant.label,
        "deck": [card_name(c) for c in cards_of(variant.deck)],
        "handSize": variant.hand_size,
        "seats": [SEATS[s] for s in variant.seats],  # a list: "".includes("") would be a seat
        "extraCard": variant.extra_card,
        "extraOptional": variant.extra_optional,
        # who takes the widow or upcard and discards: the declarer, or the dealer (when the
        # upcard's suit becomes trump; the API's answers say when, with their "discard")
        "exchanger": "declarer" if variant.declarer_exchanges else "dealer",
        "partners": variant.partners,
        "sides": {SEATS[s]: names[variant.side_of(s)] for s in variant.seats},
        "sideNames": list(names),
        "bids": bids(variant),
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
        "games": {name: game_facts(name) for name in VARIANTS},
        "defaultGame": DEFAULT_VARIANT,
        "handOrder": {SUITS[t]: hand_order(t) for t in range(len(SUITS))},
        "singleDummy": {"layouts": min(SINGLE_DUMMY_LAYOUTS, current_app.config["HASEN_SIMULATE_LIMIT"]),
                        "seed": SINGLE_DUMMY_SEED},
    }


@page.get("/")
def review_page() -> str:
    return render_template("review.html", facts=page_facts(), version=__version__)


@page.get("/favicon.ico")
def favicon() -> Response:
    """For clients that ask the conventional place; the page itself links the SVG."""
    return send_from_directory(current_app.static_folder or "static", "favicon.svg", mimetype="image/svg+xml",
                               max_age=86400)
