"""The review page at ``/``: plain HTML, CSS and JavaScript (api/templates, api/static),
talking to the JSON API. The card facts the page needs (seats, suits, the deck, the example
deal) come from the solver here, so they are written once."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template

from solver.core.cards import (
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    card_name,
    cards_of,
    is_red,
)
from solver.core.seats import SEATS
from solver.core.variants import HASENPFEFFER
from solver.core.version import __version__
from solver.games.hasenpfeffer import EXAMPLE_DEAL, EXAMPLE_DEALER

from .openapi import PREFIX

page = Blueprint("page", __name__)


def page_facts() -> dict[str, Any]:
    return {
        "api": PREFIX,
        "seats": SEATS,
        "suits": SUITS,
        "suitSymbols": SUIT_SYMBOLS,
        "suitNames": SUIT_NAMES,
        "redSuits": [s for i, s in enumerate(SUITS) if is_red(i)],
        "deck": [card_name(c) for c in cards_of(HASENPFEFFER.deck)],
        "handSize": HASENPFEFFER.hand_size,
        "example": {"deal": EXAMPLE_DEAL, "dealer": EXAMPLE_DEALER, "declarer": "N"},
    }


@page.get("/")
def review_page() -> str:
    return render_template("review.html", facts=page_facts(), version=__version__)
