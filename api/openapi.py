"""The OpenAPI 3.1 document of /api/v1, and the request schemas the endpoints check bodies
against: the same objects, so the document cannot drift from what is accepted."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from hasen.core.bounds import MAX_SEED
from hasen.core.cards import JOKER_NAME, RANKS, SUIT_SYMBOLS, SUITS
from hasen.core.seats import SEATS
from hasen.core.settings import AUCTION_SETTINGS, GAME_SETTINGS, PLAY_SETTINGS, SCORING_SETTINGS
from hasen.core.variants import DECKS, HASENPFEFFER, VARIANTS
from hasen.core.version import __version__
from hasen.games import game_of
from hasen.games.euchre.game import GAME as EUCHRE
from hasen.notation.inputs import DEFAULT_CHOICE_LAYOUTS, DEFAULT_LAYOUTS, DEFAULT_REVIEW_LAYOUTS

from .config import MAX_TEXT

PREFIX = "/api/v1"
REF = "#/components/schemas/"


def text(description: str) -> dict[str, Any]:
    return {"type": "string", "maxLength": MAX_TEXT, "description": description}


def one_of(values: list[str], description: str, shown: str | None = None) -> dict[str, Any]:
    """A string that is one of ``values`` (so that clients can list and check them);
    ``shown`` is how an error message names them (``x-shown``), when not every value."""
    schema = {"type": "string", "enum": values, "description": description}
    if shown is not None:
        schema["x-shown"] = shown
    return schema


def ref(name: str, description: str | None = None) -> dict[str, Any]:
    """A shared component of the document, with what it is here."""
    schema = {"$ref": REF + name}
    if description is not None:
        schema["description"] = description
    return schema


def seat(description: str) -> dict[str, Any]:
    return ref("SeatName", description)


# input is case-insensitive (docs/notation.md): both cases are listed
SEAT_NAMES = list(SEATS) + list(SEATS.lower())
TRUMP_NAMES = list(SUITS) + list(SUITS.lower()) + list(SUIT_SYMBOLS)
# the values every request and answer shares, one component each (a generated client makes one
# type of each): as answers write them, and as requests may write them
VALUES = {
    "Seat": {"type": "string", "enum": list(SEATS), "description": "A seat: N, E, S or W."},
    "SeatName": one_of(SEAT_NAMES, "A seat, in either case.", f"{', '.join(SEATS)} (either case)"),
    "Suit": {"type": "string", "enum": list(SUITS), "description": "A suit: S, H, D or C."},
    "TrumpName": one_of(
        TRUMP_NAMES,
        "A suit, in either case or as its symbol.",
        f"{', '.join(SUITS)} (either case) or {' '.join(SUIT_SYMBOLS)}",
    ),
    "Card": {
        "type": "string",
        "pattern": f"^({JOKER_NAME}|[{RANKS}][{SUITS}])$",
        "description": f"A card: its rank and suit, as AS or TD, or the Joker, {JOKER_NAME}.",
        "x-shown": f"a card in capitals like AS, TD or {JOKER_NAME}",
    },
    "Variant": {"type": "string", "enum": list(VARIANTS), "description": "A game of the family."},
    # a card as a request may write it (hasen.core.cards.parse_card): either case, 10 for T, a
    # suit's symbol for its letter, the Joker as JK or *; whether the deck has it is checked after
    "CardName": {
        "type": "string",
        "maxLength": 8,
        "pattern": "^\\s*(?:"
        + "".join(f"[{c}{c.lower()}]" for c in JOKER_NAME)
        + "|\\*|(?:["
        + "".join(dict.fromkeys(RANKS + RANKS.lower()))
        + "]|10)["
        + SUITS
        + SUITS.lower()
        + SUIT_SYMBOLS
        + "])\\s*$",
        "description": "A card, rank then suit, in either case (T or 10 for ten, a suit symbol for its "
        f"letter), or the Joker ({JOKER_NAME} or *).",
        "x-shown": f"a card: rank then suit, like AS, 10H or 9♣, or {JOKER_NAME}",
    },
}


DEAL = text(
    "Deal notation: '<seat>:<hand> <hand> <hand> <hand> [<widow>]', hands in dotted "
    "form clockwise from <seat>, e.g. 'N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS'. Euchre: "
    "the hands (N and S in euchre2, all four in euchre) then the upcard, e.g. "
    "'N:..KQT9.9 T9.AKQ.. AS'."
)
DEALER = seat("N, E, S or W; default: the deal's first seat.")
ALONE = {"type": "boolean", "description": "The declarer plays without the partner; default false."}
VARIANT = ref("Variant", f"The game: {', '.join(VARIANTS)}; default {HASENPFEFFER.name}.")
DECK_SIZES = {"type": "integer", "enum": sorted(DECKS)}
DECK = {
    **DECK_SIZES,
    "description": "Cards in the deck: "
    + "; ".join(f"{name} {', '.join(map(str, decks))}" for name, decks in VARIANTS.items())
    + "; default the first.",
}
DEFENDER = seat(
    "A defender who plays alone against the lone declarer (needs declarer and alone): "
    "two hands play and the defender leads."
)


def setting(name: str) -> dict[str, Any]:
    """A table setting of docs/rules.md, as a request key; the values each game takes."""
    games = {game: values[name] for game, values in GAME_SETTINGS.items() if name in values}
    allowed = "; ".join(f"{game}: {', '.join(str(v).lower() for v in values)}" for game, values in games.items())
    description = f"{allowed} (the first is the default; a setting the variant lacks is an error)."
    if all(isinstance(v, bool) for values in games.values() for v in values):
        return {"type": "boolean", "description": description}
    if all(isinstance(v, int) for values in games.values() for v in values):  # game_points
        return {
            "type": "integer",
            "enum": list(dict.fromkeys(v for values in games.values() for v in values)),
            "description": description,
        }
    return one_of(list(dict.fromkeys(str(v) for values in games.values() for v in values)), description)


VARIANT_OPTIONS = {"variant": VARIANT, "deck": DECK}

TABLE_REQUEST = {
    "type": "object",
    "additionalProperties": False,
    "required": ["deal"],
    "properties": {
        "deal": DEAL,
        "dealer": DEALER,
        "declarer": seat("N, E, S or W; default: all four declarers."),
        "alone": ALONE,
        **VARIANT_OPTIONS,
        "defender": DEFENDER,
        **{name: setting(name) for name in PLAY_SETTINGS},
    },
}

ADVICE_KEYS = (
    "seat",
    "hand",
    "upcard",
    "known",
    "layouts",
    "choice_layouts",
    "seed",
    "form",
    "auction",
    "model",
    "uniform",
    "score",
)  # one seat's view


def bid_request(limit: int) -> dict[str, Any]:
    """What to bid: a deal (every seat with all hands open, and the par), or one seat and
    its cards (single dummy)."""
    simulation = simulate_request(limit)["properties"]
    return {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "deal": text(
                "A deal. Without seat: every seat's advice with all hands open, and the par. With "
                "seat: only that seat's hand (and in Euchre the upcard) is used."
            ),
            "dealer": DEALER,
            "seat": seat("Advice for this seat knowing only its own cards (single dummy)."),
            "hand": text("With seat and without a deal: the seat's hand, dotted ('A.K..AQJ*') or a list."),
            "upcard": ref("CardName", "With seat and without a deal, in Euchre: the upcard."),
            "known": simulation["known"],
            "layouts": simulation["layouts"],
            "choice_layouts": layouts_field(
                "With seat: layouts for each widow (Euchre: for the dealer's "
                "discard) on which the declarer's later choice is made",
                limit,
                DEFAULT_CHOICE_LAYOUTS,
            ),
            "seed": simulation["seed"],
            "form": simulation["form"],
            "auction": text(
                "With seat: the calls so far, e.g. 'W pass, N 3'; the advice is for the seat's turn "
                "after them (default: the start; in Euchre, the seats before this one passing)."
            ),
            "model": {
                "type": "boolean",
                "default": True,
                "description": "With seat: the other players call by the model of the other players and "
                "every option is valued by the auction it leads to (false: each bid as if it "
                "won the auction, passing worth 0).",
            },
            "uniform": {
                "type": "boolean",
                "default": False,
                "description": "With seat: deal every layout alike, not only those that agree with the calls so far.",
            },
            "score": text(
                "With seat: the score before the hand, N-S's then E-W's (in Two-handed Euchre N's then "
                "S's), like '8-5'; in Three-Handed Euchre each player's, like '3-5-7': every option is "
                "valued by the chance of winning the game too."
            ),
            **VARIANT_OPTIONS,
            **{name: setting(name) for name in PLAY_SETTINGS + AUCTION_SETTINGS},
        },
    }


def discard_rule(required: list[str]) -> dict[str, Any]:
    """The keys a solve or review body needs: ``discard`` too in Hasenpfeffer (the default
    variant), where the declarer always takes the widow; in Euchre the dealer discards only
    when taking the upcard, which the endpoint checks against the deal and trump."""
    hasenpfeffer = {
        "anyOf": [
            {"not": {"required": ["variant"]}},
            {"required": ["variant"], "properties": {"variant": {"const": HASENPFEFFER.name}}},
        ]
    }
    at = required.index("trump") + 1
    return {
        "if": hasenpfeffer,
        "then": {"required": required[:at] + ["discard"] + required[at:]},
        "else": {"required": required},
    }


POSITION_PROPERTIES = {
    "deal": DEAL,
    "dealer": DEALER,
    "declarer": seat("N, E, S or W: the declarer (Hasenpfeffer) or the maker (Euchre)."),
    "trump": ref("TrumpName", "S, H, D or C (either case, or a suit symbol)."),
    "discard": ref(
        "CardName",
        "Hasenpfeffer: the card the declarer discarded, from the hand or the widow, "
        "e.g. 'KH' (required). Euchre: the dealer's discard when the dealer takes the "
        "upcard (the upcard's suit is trump, or the upcard is the Joker, and the dealer "
        "plays), from the dealer's hand or the upcard: required then, and an error when "
        "nobody exchanges.",
    ),
    "alone": ALONE,
    **VARIANT_OPTIONS,
    "defender": DEFENDER,
    "best": text(
        "Railroad: the lone declarer's call for best, the card the partner passed and the card "
        "the declarer put away, e.g. 'JK for 9C' (required for a lone declarer while "
        "call_for_best is on, an error otherwise)."
    ),
    "defender_best": text("Railroad: the lone defender's call for best, the same way."),
    **{name: setting(name) for name in PLAY_SETTINGS},
}

SOLVE_REQUEST = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        **POSITION_PROPERTIES,
        "played": text(
            "The cards played so far, in order, separated by spaces, with an optional "
            "'|' between tricks (checked where present); default: none."
        ),
    },
    **discard_rule(["deal", "declarer", "trump"]),
}


REVIEW_REQUEST = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        **POSITION_PROPERTIES,
        "played": text(
            "The cards played, from the first card of the hand, in order, separated by "
            "spaces, with an optional '|' between tricks (checked where present): the "
            "whole hand or any part of it. The same key as /solve's."
        ),
        "play": {**text("The older name of `played`, still taken; give one of the two."), "deprecated": True},
    },
    # one of played and play is required too: the endpoint checks that, as a schema's "oneOf"
    # would only say that neither or both matched
    **discard_rule(["deal", "declarer", "trump"]),
}


FORM_NAMES = ["both", "partner", "alone"]
SEED_FIELD = {
    "type": "integer",
    "minimum": 0,
    "maximum": MAX_SEED,
    "description": f"The random seed, 0 to {MAX_SEED}; default 0.",
}


def layouts_field(what: str, limit: int, default: int) -> dict[str, Any]:
    return {
        "type": "integer",
        "minimum": 1,
        "description": f"{what}: at most {limit} (more gives 413); default {default}.",
    }


def simulate_request(limit: int) -> dict[str, Any]:
    """A simulation: the seat's cards from a deal, or given, and the layouts to deal."""
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["seat"],
        "properties": {
            "deal": text(
                "A deal, of which only the seat's hand and the widow or upcard are used; "
                "or give hand, widow or upcard, and dealer instead."
            ),
            "hand": text("Without a deal: the seat's hand, dotted ('A.K..AQJ*') or a list ('AS KH')."),
            "widow": ref("CardName", "Without a deal, in Hasenpfeffer: the widow."),
            "upcard": ref("CardName", "Without a deal, in Euchre: the upcard."),
            "seat": seat("The declarer (in Euchre the maker) who knows only its own cards."),
            "dealer": DEALER,
            "known": {
                "type": "object",
                "propertyNames": ref("SeatName"),
                "additionalProperties": text("Cards known to be in that seat's hand."),
                "description": "Cards known to be in other hands (from the bidding or the play).",
            },
            "layouts": layouts_field("Random layouts to solve", limit, DEFAULT_LAYOUTS),
            "seed": SEED_FIELD,
            "form": one_of(
                FORM_NAMES, "With the partner, alone, or both (default; one form where nobody has a partner)."
            ),
            "auction": text(
                "The auction that made the seat declarer, e.g. 'N 4, E pass, S pass, W pass': the "
                "layouts agree with the other seats' calls by the model of the other players."
            ),
            "uniform": {
                "type": "boolean",
                "default": False,
                "description": "With auction: deal every layout alike, not only those that agree with it.",
            },
            **VARIANT_OPTIONS,
            **{name: setting(name) for name in PLAY_SETTINGS + AUCTION_SETTINGS},
        },
    }


def lead_request(limit: int) -> dict[str, Any]:
    """An opening-lead simulation: the leader's cards from a deal, or given, and the contract."""
    simulation = simulate_request(limit)["properties"]
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["seat", "declarer", "trump"],
        "properties": {
            "deal": text(
                "A deal, of which only the leader's hand (and in Euchre the upcard) is used; or "
                "give hand (and upcard) and dealer instead."
            ),
            "hand": simulation["hand"],
            "upcard": simulation["upcard"],
            "seat": seat("The player on lead, who knows only its own cards."),
            "declarer": seat("The declarer (in Euchre the maker)."),
            "trump": POSITION_PROPERTIES["trump"],
            "alone": ALONE,
            "dealer": DEALER,
            "known": simulation["known"],
            "layouts": simulation["layouts"],
            "seed": simulation["seed"],
            "bid": text("Hasenpfeffer: the contract's bid, for each lead's points."),
            "auction": text(
                "The whole auction, e.g. 'E pass, S 4, W pass, N pass': the layouts agree with the "
                "other seats' calls by the model of the other players, and it gives the bid."
            ),
            "uniform": {
                "type": "boolean",
                "default": False,
                "description": "With auction: deal every layout alike, not only those that agree with it.",
            },
            **VARIANT_OPTIONS,
            **{name: setting(name) for name in PLAY_SETTINGS},
        },
    }


def batch_request(limit: int) -> dict[str, Any]:
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["items"],
        "properties": {
            "items": {
                "type": "array",
                "maxItems": limit,
                "description": (
                    "Table requests (as for POST /table), answered in order. Each item "
                    "is checked on its own: a bad one gets an error in its place. More "
                    f"than {limit} items give 413."
                ),
                "items": {"description": "A table request."},
            },
        },
    }


# --- answers --------------------------------------------------------------------------------

SEAT = ref("Seat")
SUIT = ref("Suit")
CARD = ref("Card")
TRICKS = {"type": "integer", "minimum": 0}
VERSION = {"type": "string", "description": "The version of hasen that answered (the document's info.version)."}


def closed(required: dict[str, Any], description: str = "") -> dict[str, Any]:
    """An object with exactly these keys."""
    schema = {"type": "object", "additionalProperties": False, "required": list(required), "properties": required}
    if description:
        schema["description"] = description
    return schema


DECLARER_TABLE = closed(
    {
        "tricks": closed(
            {s: {"type": "object", "propertyNames": CARD, "additionalProperties": TRICKS} for s in SUITS},
            "Tricks per trump (rows) and discard (columns).",
        ),
        "best": closed(
            {"trump": SUIT, "discard": CARD, "tricks": TRICKS},
            "The best choice: ties broken by trump order S H D C, then canonical card order.",
        ),
        "ties": {
            "type": "array",
            "description": "Every (trump, discard) reaching the best.",
            "items": {"type": "array", "prefixItems": [SUIT, CARD], "minItems": 2, "items": False},
        },
    }
)


def optional(schema: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    """The schema with more keys allowed, not required."""
    return {**schema, "properties": {**schema["properties"], **extra}}


SETTINGS = {
    "type": "object",
    "additionalProperties": False,
    "description": "Table settings, by name (see the request keys of the same names).",
    "properties": {name: {"type": ["string", "boolean", "integer"]} for name in PLAY_SETTINGS + AUCTION_SETTINGS},
}
NULL = {"type": "null"}
NOT_SEEN = {"type": "null", "x-shown": "null (not seen)"}  # a card the table did not see

TABLE_RESPONSE = closed(
    {
        "version": VERSION,
        "variant": {"type": "string", "const": HASENPFEFFER.name},
        "deal": {"type": "string", "description": "The canonical deal, starting with the dealer."},
        "dealer": SEAT,
        "alone": {"type": "boolean"},
        "declarers": {"type": "object", "propertyNames": SEAT, "additionalProperties": {"$ref": REF + "DeclarerTable"}},
    },
    "The same object as `hasen table --json`; `defender` and `settings` only when given.",
)
TABLE_RESPONSE = optional(TABLE_RESPONSE, {"defender": SEAT, "settings": SETTINGS})

EUCHRE_NAMES = list(dict.fromkeys(v.name for v in EUCHRE.variants))

TRUMP_ENTRY = {
    "oneOf": [
        {**TRICKS, "description": "Nobody exchanges: the makers' tricks."},
        {
            "type": "object",
            "description": "The dealer takes the upcard: the makers' tricks after each of "
            "the dealer's six discards (the upcard itself: not keeping it), and "
            "`value`, the dealer's choice (most for the dealer's side, fewest "
            "against it; between discards worth the same, the first in "
            "canonical card order).",
            "required": ["value"],
            "minProperties": 7,
            "maxProperties": 7,
            "propertyNames": {"anyOf": [CARD, {"const": "value"}]},
            "additionalProperties": TRICKS,
        },
        {
            "type": "object",
            "description": "Railroad, a lone maker who calls for best: `value`, the makers' "
            "tricks with each choice made by its owner in the order of the game; "
            "`best` and `defender_best`, the calls then made ('JK for 9C': the "
            "card the partner passed, the card put away; null without a lone "
            "defender); and, when the dealer takes the upcard, the tricks after "
            "each of the dealer's discards.",
            "required": ["value", "best", "defender_best"],
            "properties": {
                "value": TRICKS,
                "best": {"type": "string"},
                "defender_best": {"oneOf": [{"type": "string"}, NULL]},
            },
            "propertyNames": {"anyOf": [CARD, {"enum": ["value", "best", "defender_best"]}]},
            "additionalProperties": TRICKS,
        },
    ]
}

MAKER_TABLE = closed(
    {
        "tricks": closed({s: TRUMP_ENTRY for s in SUITS}, "Each trump's entry."),
        "best": closed(
            {"trump": SUIT, "tricks": TRICKS, "discard": {"oneOf": [CARD, NULL]}},
            "The best trump (ties in the order S H D C) and, with an exchange, the dealer's discard.",
        ),
        "ties": {
            "type": "array",
            "description": "Every trump reaching the best, with the dealer's discard "
            "(null without an exchange), as in the review's contract.",
            "items": {"type": "array", "prefixItems": [SUIT, {"oneOf": [CARD, NULL]}], "minItems": 2, "items": False},
        },
    }
)

EUCHRE_TABLE_RESPONSE = optional(
    closed(
        {
            "version": VERSION,
            "variant": {"type": "string", "enum": EUCHRE_NAMES},
            "deck": DECK_SIZES,
            "deal": {"type": "string", "description": "The canonical deal, starting with the dealer."},
            "dealer": SEAT,
            "upcard": CARD,
            "alone": {"type": "boolean"},
            "declarers": {
                "type": "object",
                "propertyNames": SEAT,
                "additionalProperties": {"$ref": REF + "MakerTable"},
            },
        },
        "The same object as `hasen table --variant ... --json`; `defender` and `settings` only when given.",
    ),
    {"defender": SEAT, "settings": SETTINGS},
)

RESULT = {
    "trump": SUIT,
    "discard": {
        "oneOf": [CARD, NULL],
        "description": "The declarer's (Hasenpfeffer) or the dealer's (Euchre) discard; null when nobody exchanged.",
    },
    "alone": {"type": "boolean"},
    "defender": {"oneOf": [SEAT, NULL], "description": "The defender who played alone, if any."},
    "tricks": TRICKS,
}
POINTS = {"type": "integer"}
SIDE_POINTS = {
    "type": "object",
    "minProperties": 2,
    "maxProperties": 3,
    "additionalProperties": POINTS,
    "description": "Points by side: N-S and E-W, or N and S in the two-handed game; in the "
    "three-handed game each player's, N, E and S.",
}

HASENPFEFFER_ADVICE_FORM = closed(
    {
        **RESULT,
        "highest_bid": {"oneOf": [{"type": "string"}, NULL]},
        "scores": {
            "type": "array",
            "items": closed(
                {"bid": {"type": "string"}, "made": {"type": "boolean"}, "declarers": POINTS, "defenders": POINTS}
            ),
        },
    }
)
EUCHRE_CALL = closed({**RESULT, "makers": POINTS, "defenders": POINTS})

BID_RESPONSE = closed(
    {
        "version": VERSION,
        "variant": ref("Variant"),
        "deck": DECK_SIZES,
        "deal": {"type": "string"},
        "dealer": SEAT,
        "settings": SETTINGS,
        "alone_vs_partner": {
            "oneOf": [
                NULL,
                {
                    "type": "object",
                    "propertyNames": SEAT,
                    "additionalProperties": closed({"with_partner": closed(RESULT), "alone": closed(RESULT)}),
                },
            ],
            "description": "Each declarer's best with the partner and alone; null without partners.",
        },
        "advice": {
            "type": "object",
            "propertyNames": SEAT,
            "additionalProperties": {
                "oneOf": [
                    closed({"with_partner": HASENPFEFFER_ADVICE_FORM, "alone": HASENPFEFFER_ADVICE_FORM}),
                    closed({"calls": {"type": "array", "items": EUCHRE_CALL}, "best": EUCHRE_CALL}),
                ]
            },
        },
        "par": closed(
            {
                "contract": {
                    "oneOf": [
                        NULL,
                        optional(
                            closed({"declarer": SEAT, **RESULT, "score": SIDE_POINTS}), {"bid": {"type": "string"}}
                        ),
                    ]
                },
                "redeal": {"type": "boolean"},
                "score": SIDE_POINTS,
                "auction": {"type": "array", "items": closed({"seat": SEAT, "call": {"type": "string"}})},
            },
            "The auction when every seat knows every card and bids for its side's score minus the other's.",
        ),
    },
    "The same object as `hasen bid --json`.",
)

CARD_CHOICE = closed(
    {
        "cards": {
            "type": "array",
            "items": CARD,
            "minItems": 1,
            "description": "Equivalent cards (one run), strongest first.",
        },
        "total": {**TRICKS, "description": "The declaring side's tricks for the hand after this card."},
        "cost": {**TRICKS, "description": "Tricks the mover's side loses against its best card; 0 for a best card."},
    }
)

CONTRACT_ANSWER = {
    "version": VERSION,
    "variant": ref("Variant"),
    "deal": {"type": "string", "description": "The canonical deal, starting with the dealer."},
    "dealer": SEAT,
    "declarer": SEAT,
    "trump": SUIT,
    "discard": {
        "oneOf": [CARD, NULL],
        "description": "The declarer's (Hasenpfeffer) or the dealer's (Euchre) "
        "discard; null when nobody took the upcard.",
    },
    "alone": {"type": "boolean"},
}
CONTRACT_OPTIONS = {
    "deck": {**DECK_SIZES, "description": "The deck's size (Euchre variants only)."},
    "best": {
        "oneOf": [{"type": "string"}, NULL],
        "description": "Railroad only: the lone declarer's call for best ('JK for 9C'), null without one.",
    },
    "defender_best": {"oneOf": [{"type": "string"}, NULL], "description": "Railroad only: the lone defender's."},
    "defender": {**SEAT, "description": "The defender playing alone, when given."},
    "settings": SETTINGS,
}

SOLVE_RESPONSE = optional(
    closed(
        {
            **CONTRACT_ANSWER,
            "played": {"type": "string", "description": "The play so far, canonical, '|' between tricks."},
            "tricks_played": TRICKS,
            "leader": {
                "oneOf": [SEAT, {"type": "null"}],
                "description": "Who led the current trick; null when the hand is over.",
            },
            "trick": {"type": "array", "items": CARD, "description": "Cards played to the current trick."},
            "to_move": {"oneOf": [SEAT, {"type": "null"}], "description": "null when the hand is over."},
            "taken": {**TRICKS, "description": "Tricks the declaring side won in completed tricks."},
            "remaining": {**TRICKS, "description": "Tricks it still takes with best play, the current trick included."},
            "total": {**TRICKS, "description": "taken + remaining."},
            "choices": {
                "type": "array",
                "items": {"$ref": REF + "CardChoice"},
                "description": "Every legal next card, in runs of equivalent cards.",
            },
            "best_line": {"type": "string", "description": "One best line of play to the end, '|' where tricks end."},
        },
        "The same object as `hasen solve --json`; `deck` for the Euchre variants, `defender` and `settings` "
        "only when given.",
    ),
    CONTRACT_OPTIONS,
)

REVIEWED_CARD = closed(
    {
        "trick": {"type": "integer", "minimum": 1},
        "seat": SEAT,
        "card": CARD,
        "before": {
            **TRICKS,
            "description": "The declaring side's tricks for the hand with best play, before this card.",
        },
        "after": {**TRICKS, "description": "The same after this card."},
        "cost": {**TRICKS, "description": "Tricks this card gave away to the other side; 0 for a best card."},
        "choices": {
            "type": "array",
            "items": {"$ref": REF + "CardChoice"},
            "description": "Every legal card at this turn, in runs of equivalent cards.",
        },
    }
)

REVIEW_RESPONSE = optional(
    closed(
        {
            **CONTRACT_ANSWER,
            "played": SOLVE_RESPONSE["properties"]["played"],
            "complete": {"type": "boolean", "description": "Whether the record is the whole hand."},
            "contract": {
                "oneOf": [
                    closed(
                        {
                            "tricks": {**TRICKS, "description": "What the chosen trump and discard take double-dummy."},
                            "cost": {**TRICKS, "description": "Tricks the choice gave away against the best one."},
                            "best": DECLARER_TABLE["properties"]["best"],
                            "ties": DECLARER_TABLE["properties"]["ties"],
                        },
                        "Hasenpfeffer: the trump and discard judged against the declarer's table.",
                    ),
                    optional(
                        closed(
                            {
                                "tricks": {
                                    **TRICKS,
                                    "description": "What the chosen trump and the dealer's discard take double-dummy.",
                                },
                                "cost": {
                                    **TRICKS,
                                    "description": "Tricks the maker's choice of trump gave away against the best "
                                    "trump, each trump with the dealer's best discard.",
                                },
                                "discard_cost": {
                                    **TRICKS,
                                    "description": "Tricks the dealer's discard gave away to the other side "
                                    "against the dealer's best discard; 0 without an exchange.",
                                },
                                "best": closed(
                                    {"trump": SUIT, "discard": {"oneOf": [CARD, NULL]}, "tricks": TRICKS},
                                    "The maker's best trump (ties in the order S H D C) and the dealer's discard, "
                                    "if any.",
                                ),
                                "ties": {
                                    "type": "array",
                                    "description": "Every trump reaching the best, with the dealer's discard.",
                                    "items": {
                                        "type": "array",
                                        "prefixItems": [SUIT, {"oneOf": [CARD, NULL]}],
                                        "minItems": 2,
                                        "items": False,
                                    },
                                },
                            },
                            "Euchre: the trump judged against the maker's table, the discard against the "
                            "dealer's best.",
                        ),
                        {
                            "call_cost": {
                                **TRICKS,
                                "description": "Railroad: tricks the lone declarer's call for best gave away "
                                "against its best call then.",
                            },
                            "defender_call_cost": {
                                **TRICKS,
                                "description": "Railroad: tricks the lone defender's call gave the makers "
                                "against its best call then.",
                            },
                        },
                    ),
                ]
            },
            "cards": {"type": "array", "items": {"$ref": REF + "ReviewedCard"}, "description": "One per card played."},
            "tricks": {
                "type": "array",
                "description": "The completed tricks.",
                "items": closed({"leader": SEAT, "cards": {"type": "array", "items": CARD}, "winner": SEAT}),
            },
            "players": {
                "type": "object",
                "propertyNames": SEAT,
                "description": "Every playing seat.",
                "additionalProperties": closed({"cards": TRICKS, "costly": TRICKS, "tricks_lost": TRICKS}),
            },
            "taken": {**TRICKS, "description": "Tricks the declaring side won in the completed tricks."},
            "total": {**TRICKS, "description": "Its tricks for the hand with best play after the last card."},
            "to_move": SOLVE_RESPONSE["properties"]["to_move"],
        },
        "The same object as `hasen review --json`; `defender` and `settings` only when given.",
    ),
    CONTRACT_OPTIONS,
)

BATCH_ITEM_ERROR = closed({"index": {"type": "integer", "minimum": 0}, "error": {"type": "string"}})

BATCH_RESPONSE = closed(
    {
        "version": VERSION,
        "results": {
            "type": "array",
            "description": "One per item, in order.",
            "items": {
                "oneOf": [
                    {"$ref": REF + "TableResponse"},
                    {"$ref": REF + "EuchreTableResponse"},
                    {"$ref": REF + "BatchItemError"},
                ]
            },
        },
    }
)

FIGURE = {"type": "number"}
SHARE = {"type": "number", "minimum": 0, "maximum": 1}
SIMULATED_CHOICE = closed(
    {
        "trump": SUIT,
        "discard": {"oneOf": [CARD, NULL], "description": "The seat's discard; null when it has none to make."},
        "mean": {**FIGURE, "description": "Mean tricks of the declaring side over the layouts."},
        "stderr": {**FIGURE, "description": "The standard error of the mean."},
        "at_least": {
            "type": "object",
            "additionalProperties": SHARE,
            "description": "The share of layouts with at least k tricks, by k.",
        },
        "scores": {
            "type": "object",
            "additionalProperties": FIGURE,
            "description": "Expected points of the declaring side less the defenders', per bid.",
        },
        "dd_best": {**SHARE, "description": "The share of layouts where no other choice takes more."},
    }
)
SIMULATED_BEST = closed({"trump": SUIT, "discard": {"oneOf": [CARD, NULL]}, "score": FIGURE, "mean": FIGURE})
SIMULATION_RESPONSE = closed(
    {
        "version": VERSION,
        "variant": ref("Variant"),
        "dealer": SEAT,
        "seat": SEAT,
        "hand": {"type": "string"},
        "known": {"type": "object", "propertyNames": SEAT, "additionalProperties": {"type": "string"}},
        "layouts": {"type": "integer", "minimum": 1},
        "seed": {"type": "integer", "minimum": 0},
        "auction": {
            "type": "array",
            "description": "The calls its layouts agree with, if any.",
            "items": closed({"seat": SEAT, "call": {"type": "string"}}),
        },
        "forms": {
            "type": "object",
            "propertyNames": {"enum": ["with_partner", "alone"]},
            "additionalProperties": closed(
                {
                    "choices": {"type": "array", "items": {"$ref": REF + "SimulatedChoice"}},
                    "best": {
                        "type": "object",
                        "additionalProperties": SIMULATED_BEST,
                        "description": "Per bid, the choice with the highest expected score.",
                    },
                }
            ),
        },
        "best": {
            "type": "object",
            "description": "Per bid, the best form and choice.",
            "additionalProperties": closed(
                {"alone": {"type": "boolean"}, "trump": SUIT, "discard": {"oneOf": [CARD, NULL]}, "score": FIGURE}
            ),
        },
    },
    "The same object as `hasen simulate --json`: the widow or upcard under its name; `deck` for a "
    "game of several decks and `settings` when given.",
)
SIMULATION_RESPONSE = optional(
    SIMULATION_RESPONSE, {"widow": CARD, "upcard": CARD, "deck": DECK_SIZES, "settings": SETTINGS}
)

CONTEXT_AUCTION = {
    "type": "array",
    "description": "The calls so far (given, or taken to be passes).",
    "items": closed({"seat": SEAT, "call": {"type": "string"}}),
}
LAYOUTS_AGREE = closed(
    {
        "with_calls": {
            "type": "boolean",
            "description": "Whether the layouts were kept to those that agree with the calls (false: every layout).",
        },
        "dealt": {"type": "integer", "minimum": 0, "description": "Layouts dealt to find them."},
    }
)
LEAD_RESPONSE = optional(
    closed(
        {
            "version": VERSION,
            "variant": ref("Variant"),
            "dealer": SEAT,
            "seat": SEAT,
            "hand": {"type": "string"},
            "known": SIMULATION_RESPONSE["properties"]["known"],
            "declarer": SEAT,
            "trump": SUIT,
            "alone": {"type": "boolean"},
            "side": {"type": "string", "enum": ["defenders", "declarers"], "description": "The leader's side."},
            "layouts": {"type": "integer", "minimum": 1},
            "seed": {"type": "integer", "minimum": 0},
            "auction": CONTEXT_AUCTION,
            "leads": {
                "type": "array",
                "description": "Each card of the leader's hand, in card order.",
                "items": optional(
                    closed(
                        {
                            "card": CARD,
                            "mean": {**FIGURE, "description": "Mean tricks of the leader's side."},
                            "stderr": FIGURE,
                            "best": {**SHARE, "description": "The share of layouts where no lead takes more."},
                        }
                    ),
                    {
                        "points": {
                            **FIGURE,
                            "description": "Expected points of the leader's side, less the other side's "
                            "(when the bid is known).",
                        },
                        "points_stderr": FIGURE,
                        "chance": {**SHARE, "description": "Of making the contract (a defender: of setting it)."},
                    },
                ),
            },
            "best": {
                "type": "array",
                "items": CARD,
                "description": "The leads with the most points (without the bid: the highest mean tricks).",
            },
        },
        "The same object as `hasen lead --json`.",
    ),
    {"upcard": CARD, "deck": DECK_SIZES, "settings": SETTINGS, "needed": TRICKS, "layouts_agree": LAYOUTS_AGREE},
)

ADVISED = {
    "make": {**SHARE, "description": "The chance of taking the tricks the bid or call needs."},
    "make_stderr": {**FIGURE, "description": "The standard error of that chance."},
    "expected": {**FIGURE, "description": "The expected net score: the declaring side's points less the defenders'."},
    "stderr": {**FIGURE, "description": "The standard error of the expected score."},
    "mean_tricks": FIGURE,
    "trump": SUIT,
    "discard": {**CARD, "description": "The seat's own discard (a Euchre dealer's), chosen on other layouts."},
}
KNOWLEDGE = {
    "version": VERSION,
    "variant": ref("Variant"),
    "dealer": SEAT,
    "seat": SEAT,
    "hand": {"type": "string"},
    "known": SIMULATION_RESPONSE["properties"]["known"],
    "layouts": {"type": "integer", "minimum": 1},
    "choice_layouts": {"type": "integer", "minimum": 1},
    "seed": {"type": "integer", "minimum": 0},
}
CONTEXT = {
    "auction": CONTEXT_AUCTION,
    "passes_taken": {
        "type": "boolean",
        "description": "No auction was given: the seats before this one are taken to have passed (Euchre).",
    },
    "model": {"type": "boolean", "description": "Whether the other players call by the model of the other players."},
}
AT_THE_TABLE = {
    "layouts_agree": LAYOUTS_AGREE,
    "actions": {
        "type": "array",
        "description": "Every option of the seat valued at the table: the auction goes on "
        "by the model, the contract is played out.",
        "items": optional(
            closed(
                {
                    "call": {
                        "type": "string",
                        "description": "The option: pass, a call, or (Hasenpfeffer) the highest bid the seat goes to.",
                    },
                    "alone": {"type": "boolean"},
                    "expected": {
                        **FIGURE,
                        "description": "The seat's side's points less the other side's, "
                        "expected (with three players: its own points less the "
                        "mean of the other two's).",
                    },
                    "stderr": FIGURE,
                    "ours": {
                        **SHARE,
                        "description": "The share of layouts on which the seat's side (with three "
                        "players, the seat) plays the contract.",
                    },
                    "ours_make": {**SHARE, "description": "The seat's side plays the contract and makes it."},
                    "theirs_make": {
                        **SHARE,
                        "description": "The other side (with three players, either other "
                        "player) plays the contract and makes it.",
                    },
                    "redeal": {**SHARE, "description": "Nobody declares."},
                }
            ),
            {
                "win": {
                    **SHARE,
                    "description": "With a score: the seat's side's chance of winning the game after the hand.",
                },
                "win_stderr": FIGURE,
            },
        ),
    },
    "advice": {"type": "string", "description": "The option worth most (with a score: the best chance of winning)."},
    "advice_by_points": {"type": "string", "description": "With a score: the option with the most points."},
    "close_calls": {
        "type": "array",
        "items": {"type": "string"},
        "description": "The advice, then every other option within the sampling error of it: with "
        "more than one, the choice is a close call.",
    },
    "score": {
        "type": "array",
        "items": {"type": "integer"},
        "description": "The score before the hand, the first side's first.",
    },
}
ADVISED_BID = closed(
    {
        "bid": {"type": "string"},
        "needs": TRICKS,
        **{k: v for k, v in ADVISED.items() if k != "discard"},
        "trumps": {
            "type": "object",
            "propertyNames": SUIT,
            "additionalProperties": SHARE,
            "description": "How often each trump is the choice, once the widow is seen.",
        },
    }
)
BID_ADVICE_RESPONSE = optional(
    closed(
        {
            **KNOWLEDGE,
            **CONTEXT,
            "forms": {
                "type": "object",
                "propertyNames": {"enum": ["with_partner", "alone"]},
                "additionalProperties": closed(
                    {
                        "bids": {"type": "array", "items": ADVISED_BID},
                        "worth": {
                            "oneOf": [{"type": "string"}, NULL],
                            "description": "The highest bid whose expected score is above 0; null: pass.",
                        },
                    }
                ),
            },
        },
        "The same object as `hasen bid --seat ... --json` in Hasenpfeffer.",
    ),
    {"settings": SETTINGS, **AT_THE_TABLE},
)
CALL_ADVICE_RESPONSE = optional(
    closed(
        {
            **KNOWLEDGE,
            **CONTEXT,
            "upcard": CARD,
            "calls": {
                "type": "array",
                "items": optional(
                    closed(
                        {
                            "round": {"type": "integer", "enum": [1, 2]},
                            "call": {"type": "string"},
                            "alone": {"type": "boolean"},
                            **{k: v for k, v in ADVISED.items() if k != "discard"},
                            "march": {**SHARE, "description": "The chance of all the tricks."},
                            "euchred": {**SHARE, "description": "The chance of fewer than three tricks."},
                        }
                    ),
                    {"discard": ADVISED["discard"]},
                ),
            },
            "best": {
                "type": "object",
                "additionalProperties": {
                    "oneOf": [NULL, closed({"call": {"type": "string"}, "alone": {"type": "boolean"}})]
                },
                "description": "Per round, the call with the highest expected score if above 0; null: pass.",
            },
        },
        "The same object as `hasen bid --seat ... --json` in Euchre.",
    ),
    {
        "deck": DECK_SIZES,
        "settings": SETTINGS,
        "nothing_to_decide": {"type": "string"},
        **AT_THE_TABLE,
        "second_round": {
            "type": "string",
            "description": "The seat's own second-round call should the first round go by, chosen on other layouts.",
        },
    },
)


def hand_review_request(limit: int) -> dict[str, Any]:
    """A hand record to review fairly, and the layouts per decision."""
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["record"],
        "properties": {
            "record": {
                "oneOf": [{"type": "string"}, {"type": "object"}],
                "description": 'A hand record (docs/notation.md, "Hand records"), as text or as its JSON '
                "object, whose auction ended in a contract.",
            },
            "layouts": layouts_field("Random layouts for each decision", limit, DEFAULT_REVIEW_LAYOUTS),
            "seed": SEED_FIELD,
            "uniform": {
                "type": "boolean",
                "default": False,
                "description": "Deal every layout alike, not only those that agree with the auction.",
            },
            "score": text(
                "The score before the hand, the first side's first, like '8-5' (in Three-Handed Euchre "
                "each player's, '3-5-7'; by default the record's own score field)."
            ),
        },
    }


VERDICT = {"type": "string", "enum": ["mistake", "double dummy only", "good", "forced"]}
WIN_COST = {
    **FIGURE,
    "description": "With a score: the chance of winning the game given away against the best choice for it.",
}
WIN_STDERR = {**FIGURE, "description": "With a score: the standard error of win_cost."}
JUDGED = {
    "type": "boolean",
    "description": "Weighed on enough layouts to be judged (at least 20, or every one "
    "there is, agreeing with the auction): never a mistake otherwise.",
}
DECIDED_BY = {
    "type": "string",
    "enum": ["points", "win"],
    "description": "What ranks the choices and decides a mistake: the points of the hand, or with the "
    "score known the chance of winning the game.",
}
WHY_POINTS = {
    "type": "number",
    "description": "The hand's points to the player there: a whole number, or with "
    "three players each for themselves a half for a defender.",
}
WHY = closed(
    {
        "hands": {
            "type": "object",
            "propertyNames": SEAT,
            "additionalProperties": {"type": "string"},
            "description": "A layout it was judged on where it did worst against the best: the hands then.",
        },
        "made": optional(closed({"points": WHY_POINTS}), {"tricks": {"type": "integer"}}),
        "best": optional(closed({"points": WHY_POINTS}), {"tricks": {"type": "integer"}}),
        "best_better": SHARE,
        "made_better": SHARE,
    },
    "Why a decision is a mistake.",
)
HAND_REVIEW_RESPONSE = closed(
    {
        "version": VERSION,
        "record": {"type": "object", "description": "The record's JSON form."},
        "layouts": {"type": "integer", "minimum": 1},
        "seed": {"type": "integer", "minimum": 0},
        "result": {"oneOf": [NULL, {"type": "object"}], "description": "How the hand came out; null part-way."},
        "par": {
            "oneOf": [
                NULL,
                closed(
                    {
                        "contract": {"oneOf": [NULL, {"type": "object"}]},
                        "auction": {"type": "array", "items": closed({"seat": SEAT, "call": {"type": "string"}})},
                    },
                    "The auction with every hand open.",
                ),
            ],
            "description": "Null where the record does not know the dealer's discard (not_judged).",
        },
        "uniform": {"type": "boolean", "description": "Whether the layouts were dealt without regard to the auction."},
        "score": {
            "oneOf": [NULL, {"type": "array", "items": {"type": "integer"}}],
            "description": "The score before the hand (the first side's first; with three players each one's), "
            "when known: every decision's cost "
            "in the chance of winning the game is given too (win_cost).",
        },
        "calls": {
            "type": "array",
            "description": "Every call of the auction with another call open to its seat, "
            "judged from that seat in points against every call it could make.",
            "items": optional(
                closed(
                    {
                        "number": {"type": "integer", "minimum": 1},
                        "seat": SEAT,
                        "call": {"type": "string"},
                        "expected": FIGURE,
                        "best": {"type": "string"},
                        "cost": FIGURE,
                        "stderr": FIGURE,
                        "mistake": {"type": "boolean"},
                        "layouts": {"type": "integer", "minimum": 1},
                        "agree_with_auction": {"type": "boolean"},
                        "judged": JUDGED,
                        "decided_by": DECIDED_BY,
                        "close_calls": {
                            "type": "array",
                            "items": {"type": "string"},
                            "description": "The calls within the sampling error of the best, the best first: "
                            "several make a close call.",
                        },
                        "options": {
                            "type": "array",
                            "items": optional(
                                closed({"call": {"type": "string"}, "expected": FIGURE, "stderr": FIGURE}),
                                {"win": SHARE, "win_stderr": WIN_STDERR},
                            ),
                        },
                    }
                ),
                {"why": WHY, "win_cost": WIN_COST, "win_stderr": WIN_STDERR},
            ),
        },
        "choice": {
            "oneOf": [
                NULL,
                optional(
                    closed(
                        {
                            "seat": SEAT,
                            "chosen": {"type": "object"},
                            "best": {"type": "object"},
                            "points": FIGURE,
                            "best_points": FIGURE,
                            "cost": FIGURE,
                            "stderr": FIGURE,
                            "mean": FIGURE,
                            "best_mean": FIGURE,
                            "layouts": {"type": "integer"},
                            "mistake": {"type": "boolean"},
                            "judged": JUDGED,
                            "decided_by": DECIDED_BY,
                        },
                        "The contract (Hasenpfeffer: trump, discard, alone or not; Euchre: the dealer's discard) "
                        "from the chooser's seat, in points.",
                    ),
                    {"win_cost": WIN_COST, "win_stderr": WIN_STDERR},
                ),
            ]
        },
        "contract": {
            "oneOf": [NULL, {"type": "object"}],
            "description": "The contract against the best, with every hand open (null: not judged).",
        },
        "cards": {
            "type": "array",
            "items": optional(
                closed(
                    {
                        "number": {"type": "integer", "minimum": 1},
                        "trick": {"type": "integer", "minimum": 1},
                        "seat": SEAT,
                        "card": CARD,
                        "layouts": {"type": "integer", "minimum": 0},
                        "exact": {"type": "boolean"},
                        "agree_with_auction": {"type": "boolean"},
                        "best": CARD,
                        "cost": {**FIGURE, "description": "Mean tricks given away against the card with the most."},
                        "stderr": FIGURE,
                        "points_cost": {**FIGURE, "description": "Expected points given away against the best card."},
                        "points_stderr": FIGURE,
                        "mistake": {"type": "boolean"},
                        "judged": JUDGED,
                        "decided_by": DECIDED_BY,
                        "choices": {
                            "type": "array",
                            "items": optional(
                                closed(
                                    {
                                        "card": CARD,
                                        "mean": FIGURE,
                                        "points": FIGURE,
                                        "chance": {
                                            **SHARE,
                                            "description": "Of making the contract (a defender: of setting it).",
                                        },
                                    }
                                ),
                                {"win": SHARE},
                            ),
                        },
                        "double_dummy": closed({"cost": TRICKS, "best": {"type": "array", "items": CARD}}),
                        "verdict": VERDICT,
                    }
                ),
                {"why": WHY, "win_cost": WIN_COST, "win_stderr": WIN_STDERR},
            ),
        },
        "players": {
            "type": "object",
            "propertyNames": SEAT,
            "additionalProperties": closed(
                {
                    "cards": {"type": "integer"},
                    "mistakes": {"type": "integer"},
                    "given_away": FIGURE,
                    "play_points": FIGURE,
                    "bidding_points": FIGURE,
                    "double_dummy_given_away": {"type": "integer"},
                    "play_win": FIGURE,
                    "bidding_win": FIGURE,
                }
            ),
        },
    },
    "The same object as `hasen review RECORD --json`.",
)
HAND_REVIEW_RESPONSE = optional(
    HAND_REVIEW_RESPONSE,
    {
        "not_judged": {
            "type": "array",
            "items": {"type": "string"},
            "description": "What the record does not know enough to judge (unknown: discard), in words.",
        }
    },
)

HEALTH = closed(
    {
        "status": {"type": "string", "const": "ok"},
        "version": VERSION,
        "extension": {"type": "boolean", "description": "Whether the compiled search core runs."},
        "threads": {"type": "integer", "minimum": 1, "description": "Solver threads."},
        "busy": {"type": "integer", "minimum": 0, "description": "Analyses running or waiting."},
        "cache": closed(
            {
                k: {"type": "integer", "minimum": 0}
                for k in ("size", "capacity", "bytes", "max_bytes", "hits", "misses", "shared")
            },
            "The answers kept: how many and their size as JSON text (at most max_bytes), hits, misses, "
            "and the answers that waited for an identical request's analysis rather than start their "
            "own.",
        ),
    }
)

ERROR = closed(
    {
        "type": {
            "type": "string",
            "const": "about:blank",
            "description": "RFC 9457: the status says what kind of problem.",
        },
        "title": {"type": "string", "description": 'The status\'s phrase, as "Bad Request".'},
        "status": {"type": "integer", "minimum": 400, "maximum": 599},
        "detail": {"type": "string", "description": "What was wrong, and where."},
        "error": {
            "type": "string",
            "description": "The same as detail: the field clients read before problem details.",
        },
        "version": VERSION,
    },
    "An RFC 9457 problem details object (application/problem+json).",
)
ERROR = optional(
    ERROR,
    {
        "pointer": {
            "type": "string",
            "description": "Where the body breaks its schema: the JSON "
            "pointer (RFC 6901) of the member in error, "
            'as /items/2/deal; "" for the whole body.',
        }
    },
)


RECORD_REQUEST = {
    "type": "object",
    "description": 'A hand record (docs/notation.md, "Hand records"): its text, a block of field lines or one '
    "line of fields, or its JSON object.",
    "required": ["record"],
    "additionalProperties": False,
    "properties": {
        "record": {
            "oneOf": [{"type": "string"}, {"type": "object"}],
            "description": "The record as text, or as its JSON object.",
        }
    },
}
RECORD_RESPONSE = closed(
    {
        "version": VERSION,
        "record": {"type": "object", "description": "The record's JSON form, with its result once the hand is over."},
        "text": {"type": "string", "description": "The record in canonical text, one field a line."},
        "line": {"type": "string", "description": "The same on one line."},
        "to_call": {"oneOf": [SEAT, NULL], "description": "Whose call it is, while the auction goes on."},
        "play_settings": {
            "type": "object",
            "description": "The settings that change the contract's play (who leads, "
            "calling for best, who takes a turned Joker), where they differ from the defaults: for the "
            "table, solve and review requests of the hand.",
        },
        "play_discard": {
            "oneOf": [CARD, NULL],
            "description": "Where the record says the dealer's discard was not seen: the card its play shows "
            "was put away (the one the dealer held and never played; in a record typed once, a card that "
            "stands in for it), which the table, solve and review requests of the hand give as the discard; "
            "else null.",
        },
    },
    "The record checked against the rules and written back canonically.",
)

WIDOW = {"const": "widow", "description": "Nobody: the Joker is the widow."}
RECORDING_REQUEST = {
    "type": "object",
    "description": "A hand recorded at the table so far, as the page's recorder taps it in: a record typed once "
    "(docs/notation.md) in the making. A key left out is not answered yet; a widow or discard of "
    "null is one the table did not see.",
    "required": ["dealer"],
    "additionalProperties": False,
    "properties": {
        **VARIANT_OPTIONS,
        "settings": {
            "type": "object",
            "additionalProperties": False,
            "description": "The table settings that differ from the defaults, by name.",
            "properties": {name: setting(name) for name in PLAY_SETTINGS + AUCTION_SETTINGS},
        },
        "dealer": {**SEAT, "description": "The dealer."},
        "upcard": {**CARD, "description": "Euchre: the card turned up."},
        "auction": {
            "type": "array",
            "maxItems": 64,
            "items": {"type": "string", "maxLength": 40},
            "description": "The calls in order, from the first seat to call: 'pass', '4', 'order up alone'.",
        },
        "joker": {"anyOf": [ref("SeatName"), WIDOW], "description": "Who holds the Joker, when everyone passed to it."},
        "trump": {**SUIT, "description": "Hasenpfeffer: the suit the declarer named."},
        "alone": {"type": "boolean", "description": "Hasenpfeffer: the declarer plays alone."},
        "widow": {"oneOf": [CARD, NOT_SEEN], "description": "Hasenpfeffer: the widow; null: not seen."},
        "discard": {
            "oneOf": [CARD, NOT_SEEN],
            "description": "The card the upcard's or widow's taker put away; null: not seen.",
        },
        "play": {"type": "array", "maxItems": 64, "items": CARD, "description": "The cards in the order played."},
    },
}
EGN_REQUEST = {
    "type": "object",
    "description": "Hand records of Euchre games, in order, to be written as EGN (docs/notation.md).",
    "required": ["records"],
    "additionalProperties": False,
    "properties": {
        "records": {
            "type": "string",
            "description": "The records as text: blocks of field lines, a blank line between.",
        },
        "title": {"type": "string", "maxLength": 128, "description": "The game's title in the file."},
    },
}
EGN_RESPONSE = closed(
    {
        "version": VERSION,
        "egn": {
            "type": "string",
            "description": "One game as an EGN file, or several four-hand games as an EMN match.",
        },
        "hands": {"type": "integer", "minimum": 1, "description": "How many records it holds."},
    },
    "The records as EGN, checked against its JSON Schema.",
)
NIGHT_RECORDS = {
    "type": "string",
    "description": "A night's hand records, as a file of them holds them: blocks "
    "of field lines, a blank line between (docs/notation.md).",
}


NIGHT_HANDS = 100_000  # more hands than a night's body can hold at the largest body size (16 MiB)


def night_request(limit: int, hand: bool = False) -> dict[str, Any]:
    """A night's records; to review one of its hands (``hand``), or all of them for the report."""
    properties: dict[str, Any] = {
        "records": NIGHT_RECORDS,
        "layouts": layouts_field("Random layouts for each decision", limit, DEFAULT_REVIEW_LAYOUTS),
        "seed": SEED_FIELD,
    }
    if hand:
        properties["hand"] = {
            "type": "integer",
            "minimum": 0,
            "maximum": NIGHT_HANDS - 1,
            "description": "The hand to review: its place in the night, from 0.",
        }
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["records", "hand"] if hand else ["records"],
        "properties": properties,
    }


NIGHT_HAND = optional(
    closed(
        {
            "id": {
                "oneOf": [{"type": "string"}, {"type": "integer"}],
                "description": "The record's id, or its place from 1.",
            },
            "reviewable": {"type": "boolean", "description": "Is there a contract to review?"},
        },
        "One hand of the night.",
    ),
    {
        "why": {"type": "string", "description": "Why the hand is not reviewed: passed out, or the record's error."},
        "score": {
            "type": "array",
            "items": {"type": "integer"},
            "description": "The score before the hand, where known.",
        },
    },
)
NIGHT_RESPONSE = closed(
    {
        "version": VERSION,
        "hands": {"type": "array", "items": NIGHT_HAND, "description": "Every hand of the night, in order."},
    },
    "A night's hands: which are reviewed, in which game and at which score.",
)
NIGHT_REVIEW_RESPONSE = closed(
    {
        "version": VERSION,
        "hand": {"type": "integer", "minimum": 0, "description": "The hand reviewed (its place from 0)."},
        "id": {"oneOf": [{"type": "string"}, {"type": "integer"}]},
        "mistakes": {"type": "integer", "minimum": 0, "description": "How many decisions of the hand are mistakes."},
    },
    "One hand of the night reviewed and kept for the report.",
)
NIGHT_REPORT_RESPONSE = closed(
    {
        "version": VERSION,
        "html": {"type": "string", "description": "The night's report, one HTML file (as hasen session --html)."},
        "hands": {"type": "integer", "minimum": 0, "description": "How many hands it reviews."},
    },
    "The night's report.",
)
RECORDING_STAGES = ["upcard", "auction", "joker", "trump", "widow", "discard", "play", "done"]
RECORDING_RESPONSE = optional(
    closed(
        {
            "version": VERSION,
            "stage": {
                "type": "string",
                "enum": RECORDING_STAGES,
                "description": "What comes next: the upcard, a call, who holds the Joker, the declarer's trump, the "
                "widow, the discard, a card; or done.",
            },
            "seat": {"oneOf": [SEAT, NULL], "description": "The seat to act; null for a question about the table."},
        },
        "The next step of a hand recorded at the table, with its choices.",
    ),
    {
        "calls": {"type": "array", "items": {"type": "string"}, "description": "The legal calls, pass first."},
        "seats": {"type": "array", "items": {"anyOf": [SEAT, WIDOW]}, "description": "Who may hold the Joker."},
        "trumps": {"type": "array", "items": SUIT, "description": "The suits the declarer may name."},
        "alone": {"type": "array", "items": {"type": "boolean"}, "description": "With the partner, and alone."},
        "cards": {"type": "array", "items": CARD, "description": "The cards the seat may play or give."},
        "tricks": {
            "type": "array",
            "items": {
                "type": "array",
                "items": {"type": "array", "prefixItems": [SEAT, CARD], "minItems": 2, "items": False},
            },
            "description": "The play so far, trick by trick, each card with the seat that played it.",
        },
        "not_known": {"type": "boolean", "description": "May the answer be null, not seen by the table?"},
        "said": {"type": "string", "description": "How the auction ended, when it ended with nobody declaring."},
        "not_recorded": {
            "type": "array",
            "items": {"type": "string"},
            "description": "The choices offered that the recorder cannot follow: calls, or alone for the lone "
            "forms of the trump step (a Railroad lone maker calls for best: such a hand is typed).",
        },
        "not_recorded_why": {"type": "string", "description": "Why those choices are not recorded here."},
        "record": {"type": "string", "description": "Once done: the hand's record, one field a line."},
        "line": {"type": "string", "description": "The same on one line."},
    },
)


def response(description: str, schema: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": {"$ref": REF + schema}}}}


def problem(description: str) -> dict[str, Any]:
    """An error answer: problem details."""
    return {"description": description, "content": {"application/problem+json": {"schema": {"$ref": REF + "Error"}}}}


ERRORS = {
    "400": problem("Bad input: malformed JSON, wrong types, unknown keys, bad notation, an impossible position."),
    "403": problem("A request from a web page of another origin."),
    "413": problem("The body is over the size limit, or a batch or simulation over its limit."),
    "415": problem("A body not sent as application/json."),
    "503": problem(
        "No answer within the time limit, counted from the request's arrival (waiting for a "
        "solver included); the server stays up."
    ),
}


def refs(names: str | list[str]) -> dict[str, Any]:
    """A reference to the schema, or one of the schemas."""
    return {"$ref": REF + names} if isinstance(names, str) else {"oneOf": [{"$ref": REF + n} for n in names]}


def post(summary: str, request: str | list[str], answer: str | list[str]) -> dict[str, Any]:
    """``request``, ``answer``: the schema, or the schemas of which it is one."""
    return {
        "post": {
            "summary": summary,
            "requestBody": {"required": True, "content": {"application/json": {"schema": refs(request)}}},
            "responses": {
                "200": {"description": "The analysis.", "content": {"application/json": {"schema": refs(answer)}}},
                **ERRORS,
            },
        }
    }


def unsolved_path(summary: str, request: str, answer: str) -> dict[str, Any]:
    """Reading a record, or recording one, solves nothing: it is answered at once, never with a 503."""
    path = post(summary, request, answer)
    del path["post"]["responses"]["503"]
    return path


ODDS_REQUEST = {
    "type": "object",
    "additionalProperties": False,
    "required": ["score"],
    "properties": {
        "score": text(
            "The score before the hand: N-S's then E-W's (in Two-handed Euchre N's then S's), like "
            "'8-5'; in Three-Handed Euchre each player's, N's, E's and S's, like '3-5-7', answered with "
            "each player's chance; negative scores are allowed."
        ),
        "dealer": seat("Who deals the next hand (default: each in turn)."),
        **VARIANT_OPTIONS,
        **{name: setting(name) for name in SCORING_SETTINGS},
    },
}
ODDS_RESPONSE = optional(
    closed(
        {
            "version": VERSION,
            "variant": ref("Variant"),
            "score": {
                "type": "object",
                "additionalProperties": {"type": "integer"},
                "description": "Each side's score.",
            },
            "dealer": {"oneOf": [SEAT, NULL]},
            "chance": {
                "type": "object",
                "additionalProperties": SHARE,
                "description": "Each side's (or each of three players') chance of winning the game (with the "
                "dealer given; else the mean over the dealers).",
            },
            "by_dealer": {
                "type": "object",
                "propertyNames": SEAT,
                "additionalProperties": closed(
                    {
                        "chance": {
                            "oneOf": [SHARE, {"type": "object", "propertyNames": SEAT, "additionalProperties": SHARE}],
                            "description": "The first side's chance; with three players, each player's.",
                        },
                        "stderr": {
                            "oneOf": [
                                FIGURE,
                                NULL,
                                {"type": "object", "propertyNames": SEAT, "additionalProperties": FIGURE},
                            ],
                            "description": "Its standard error, or each player's (null: worked out for these settings, "
                            "without one).",
                        },
                    }
                ),
            },
            "hands": {"type": "integer", "minimum": 1, "description": "The hands the chances rest on."},
            "target": {"type": "integer", "description": "The points that win the game."},
            "deepest": {"type": "integer", "description": "The lowest score the table keeps (deeper counts as it)."},
        },
        "The same object as `hasen odds --json`.",
    ),
    {"deck": DECK_SIZES, "settings": SETTINGS},
)


def odds_path() -> dict[str, Any]:
    """The chance of winning is read from a table: answered at once, never with a 503."""
    path = post("The chance of winning the game (to 10) from a score", "OddsRequest", "OddsResponse")
    del path["post"]["responses"]["503"]
    return path


def get(summary: str, answer: str) -> dict[str, Any]:
    return {"get": {"summary": summary, "responses": {"200": response(summary, answer)}}}


EXAMPLE = game_of(HASENPFEFFER).examples[HASENPFEFFER.name]  # the built-in deal, played out below
EXAMPLE_RECORD = (
    f"dealer: {EXAMPLE.dealer}; deal: {EXAMPLE.deal}; auction: N 6, E pass, S pass, W pass; "
    "contract: N 6, trump C, discard KH; play: JC KC TC 9C | AS AD 9S QS"
)
# each path's operation: its tag, its operationId, and an example request (docs/web-api.md)
OPERATIONS: dict[str, tuple[str, str, dict[str, Any] | None]] = {
    "/table": ("tables", "analyzeTable", {"deal": EXAMPLE.deal, "dealer": EXAMPLE.dealer, "declarer": "N"}),
    "/solve": (
        "tables",
        "solvePosition",
        {
            "deal": EXAMPLE.deal,
            "dealer": EXAMPLE.dealer,
            "declarer": "N",
            "trump": "C",
            "discard": "KH",
            "played": "JC KC",
        },
    ),
    "/batch": ("tables", "analyzeBatch", {"items": [{"deal": EXAMPLE.deal, "dealer": EXAMPLE.dealer}]}),
    "/review": ("reviews", "reviewHand", {"record": EXAMPLE_RECORD, "layouts": 20}),
    "/record": ("reviews", "readRecord", {"record": EXAMPLE_RECORD}),
    "/egn": (
        "reviews",
        "writeEgn",
        {
            "records": "variant: euchre; dealer: N; upcard: 9H; auction: E pass, S pass, "
            "W pass, N order up; contract: N, trump H; play: JS TH 9S KH | AD 9D "
            "KD AH | QH JD TS TD | 9H KC JC JH | 9C QD QC AC"
        },
    ),
    "/night": ("reviews", "planNight", {"records": EXAMPLE_RECORD}),
    "/night/review": ("reviews", "reviewNightHand", {"records": EXAMPLE_RECORD, "hand": 0, "layouts": 20}),
    "/night/report": ("reviews", "reportNight", {"records": EXAMPLE_RECORD, "layouts": 20}),
    "/record/step": (
        "reviews",
        "recordStep",
        {"variant": "euchre", "dealer": "N", "upcard": "KS", "auction": ["pass", "pass"]},
    ),
    "/bid": ("single dummy", "adviseBid", {"hand": "A.K..AQJ*", "seat": "N", "dealer": EXAMPLE.dealer, "layouts": 100}),
    "/simulate": (
        "single dummy",
        "simulateDeclarer",
        {"hand": "A.K..AQJ*", "widow": "KS", "seat": "N", "dealer": EXAMPLE.dealer, "layouts": 50},
    ),
    "/lead": (
        "single dummy",
        "simulateLead",
        {"hand": "A.K..AQJ*", "seat": "N", "declarer": "E", "trump": "D", "dealer": EXAMPLE.dealer, "layouts": 50},
    ),
    "/odds": ("the game", "winningChance", {"score": "8-5"}),
    "/health": ("service", "health", None),
    "/openapi.json": ("service", "openapiDocument", None),
}
TAGS = [
    {"name": "tables", "description": "Double dummy: every hand open."},
    {"name": "reviews", "description": "A played hand: its record read, and every decision judged."},
    {"name": "single dummy", "description": "Knowing only one's own cards: over random layouts of the rest."},
    {"name": "the game", "description": "The game to 10."},
    {"name": "service", "description": "The service itself."},
]


# each operation's answer to its example request, made by tools/build_response_examples.py
RESPONSE_EXAMPLES = Path(__file__).parent / "data" / "response_examples.json"
WITHOUT_RESPONSE_EXAMPLE = ("/openapi.json",)  # this document


@cache
def response_examples() -> dict[str, Any]:
    return json.loads(RESPONSE_EXAMPLES.read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def running(answer: Any) -> Any:
    """An example answer with the version the service runs, not the one it was made with
    (in the answer and in each of a batch's answers)."""
    if isinstance(answer, dict):
        return {key: __version__ if key == "version" else running(value) for key, value in answer.items()}
    if isinstance(answer, list):
        return [running(value) for value in answer]
    return answer


def with_operations(paths: dict[str, Any]) -> dict[str, Any]:
    """Each operation with its tag, operationId, example request and example answer."""
    answers = response_examples()
    for path, (tag, operation_id, example) in OPERATIONS.items():
        for operation in paths[PREFIX + path].values():
            operation.update(tags=[tag], operationId=operation_id)
            if example is not None:
                operation["requestBody"]["content"]["application/json"]["example"] = example
            if path in answers:
                operation["responses"]["200"]["content"]["application/json"]["example"] = running(answers[path])
    return paths


def document(config: dict[str, Any]) -> dict[str, Any]:
    """The document for an app with this configuration (the limits are part of it)."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "hasen: double-dummy analysis for Hasenpfeffer and the Euchre family",
            "version": __version__,
            "description": (
                "Deals, cards and play records use the project's deal notation. Every answer "
                "carries the product version; every error is an RFC 9457 problem details object "
                "(application/problem+json) with a 4xx or 503 status. "
                f"Limits: {config['MAX_CONTENT_LENGTH']} bytes per body, "
                f"{config['HASEN_BATCH_LIMIT']} items per batch, "
                f"{config['HASEN_SIMULATE_LIMIT']} layouts per simulation, "
                f"{config['HASEN_TIME_LIMIT']:g} s per request."
            ),
        },
        "servers": [{"url": "/"}],
        "tags": TAGS,
        "paths": with_operations(
            {
                PREFIX + "/table": post(
                    "Tricks for every trump and discard (Hasenpfeffer) or every maker and trump (Euchre)",
                    "TableRequest",
                    ["TableResponse", "EuchreTableResponse"],
                ),
                PREFIX + "/bid": post(
                    "What to bid: one seat's advice knowing only its cards (with seat), or "
                    "every seat's with all hands open and the par of the hand",
                    "BidRequest",
                    ["BidResponse", "BidAdviceResponse", "CallAdviceResponse"],
                ),
                PREFIX + "/solve": post(
                    "Every legal next card's value in a position, and a best line", "SolveRequest", "SolveResponse"
                ),
                PREFIX + "/review": post(
                    "A played hand judged: a hand record decision by decision from each player's "
                    "seat and with every hand open; or a deal card by card with every hand open",
                    ["ReviewRequest", "HandReviewRequest"],
                    ["ReviewResponse", "HandReviewResponse"],
                ),
                PREFIX + "/batch": post("Many table requests at once", "BatchRequest", "BatchResponse"),
                PREFIX + "/lead": post(
                    "Each opening lead over random layouts of the cards the leader cannot see",
                    "LeadRequest",
                    "LeadResponse",
                ),
                PREFIX + "/simulate": post(
                    "The declarer's choices over random layouts of the cards it cannot see (single dummy)",
                    "SimulateRequest",
                    "SimulateResponse",
                ),
                PREFIX + "/record": unsolved_path(
                    "A hand record read, checked against the rules and scored", "RecordRequest", "RecordResponse"
                ),
                PREFIX + "/night": unsolved_path(
                    "A night's hands: which are reviewed, at which score", "NightRequest", "NightResponse"
                ),
                PREFIX + "/night/review": post(
                    "One hand of a night reviewed fairly, kept for its report",
                    "NightHandRequest",
                    "NightReviewResponse",
                ),
                PREFIX + "/night/report": post(
                    "A night's report (its hands reviewed before are not reviewed again)",
                    "NightRequest",
                    "NightReportResponse",
                ),
                PREFIX + "/egn": unsolved_path(
                    "Hand records of Euchre games written as EGN", "EgnRequest", "EgnResponse"
                ),
                PREFIX + "/record/step": unsolved_path(
                    "The next step of a hand recorded at the table, as it is played",
                    "RecordingRequest",
                    "RecordingResponse",
                ),
                PREFIX + "/odds": odds_path(),
                PREFIX + "/health": get("Service health", "Health"),
                PREFIX + "/openapi.json": {
                    "get": {
                        "summary": "This document",
                        "responses": {
                            "200": {
                                "description": "The OpenAPI document.",
                                "content": {"application/json": {"schema": {"type": "object"}}},
                            }
                        },
                    }
                },
            }
        ),
        "components": {
            "schemas": {
                **VALUES,
                "TableRequest": TABLE_REQUEST,
                "SolveRequest": SOLVE_REQUEST,
                "BatchRequest": batch_request(config["HASEN_BATCH_LIMIT"]),
                "TableResponse": TABLE_RESPONSE,
                "DeclarerTable": DECLARER_TABLE,
                "EuchreTableResponse": EUCHRE_TABLE_RESPONSE,
                "MakerTable": MAKER_TABLE,
                "BidRequest": bid_request(config["HASEN_SIMULATE_LIMIT"]),
                "BidResponse": BID_RESPONSE,
                "BidAdviceResponse": BID_ADVICE_RESPONSE,
                "CallAdviceResponse": CALL_ADVICE_RESPONSE,
                "SolveResponse": SOLVE_RESPONSE,
                "CardChoice": CARD_CHOICE,
                "ReviewRequest": REVIEW_REQUEST,
                "ReviewResponse": REVIEW_RESPONSE,
                "HandReviewRequest": hand_review_request(config["HASEN_SIMULATE_LIMIT"]),
                "HandReviewResponse": HAND_REVIEW_RESPONSE,
                "ReviewedCard": REVIEWED_CARD,
                "BatchResponse": BATCH_RESPONSE,
                "BatchItemError": BATCH_ITEM_ERROR,
                "SimulateRequest": simulate_request(config["HASEN_SIMULATE_LIMIT"]),
                "SimulateResponse": SIMULATION_RESPONSE,
                "SimulatedChoice": SIMULATED_CHOICE,
                "LeadRequest": lead_request(config["HASEN_SIMULATE_LIMIT"]),
                "LeadResponse": LEAD_RESPONSE,
                "RecordRequest": RECORD_REQUEST,
                "RecordResponse": RECORD_RESPONSE,
                "NightRequest": night_request(config["HASEN_SIMULATE_LIMIT"]),
                "NightHandRequest": night_request(config["HASEN_SIMULATE_LIMIT"], hand=True),
                "NightResponse": NIGHT_RESPONSE,
                "NightReviewResponse": NIGHT_REVIEW_RESPONSE,
                "NightReportResponse": NIGHT_REPORT_RESPONSE,
                "EgnRequest": EGN_REQUEST,
                "EgnResponse": EGN_RESPONSE,
                "RecordingRequest": RECORDING_REQUEST,
                "RecordingResponse": RECORDING_RESPONSE,
                "OddsRequest": ODDS_REQUEST,
                "OddsResponse": ODDS_RESPONSE,
                "Health": HEALTH,
                "Error": ERROR,
            }
        },
    }
