"""The OpenAPI 3.1 document of /api/v1, and the request schemas the endpoints check bodies
against: the same objects, so the document cannot drift from what is accepted."""

from __future__ import annotations

from typing import Any

from solver.cards import JOKER_NAME, RANKS, SUITS
from solver.rules import SEATS
from solver.version import __version__

from .config import MAX_TEXT

PREFIX = "/api/v1"
REF = "#/components/schemas/"


def text(description: str) -> dict[str, Any]:
    return {"type": "string", "maxLength": MAX_TEXT, "description": description}


DEAL = text("Deal notation: '<seat>:<hand> <hand> <hand> <hand> [<widow>]', hands in dotted "
            "form clockwise from <seat>, e.g. 'N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ.9 KS'.")
DEALER = text("N, E, S or W; default: the deal's first seat.")
ALONE = {"type": "boolean", "description": "The declarer plays without the partner; default false."}

TABLE_REQUEST = {
    "type": "object",
    "additionalProperties": False,
    "required": ["deal"],
    "properties": {
        "deal": DEAL,
        "dealer": DEALER,
        "declarer": text("N, E, S or W; default: all four declarers."),
        "alone": ALONE,
    },
}

SOLVE_REQUEST = {
    "type": "object",
    "additionalProperties": False,
    "required": ["deal", "declarer", "trump", "discard"],
    "properties": {
        "deal": DEAL,
        "dealer": DEALER,
        "declarer": text("N, E, S or W."),
        "trump": text("S, H, D or C."),
        "discard": text("The card the declarer discarded, from the hand or the widow, e.g. 'KH'."),
        "alone": ALONE,
        "played": text("The cards played so far, in order, separated by spaces, with an optional "
                       "'|' between tricks (checked where present); default: none."),
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
                "description": ("Table requests (as for POST /table), answered in order. Each item "
                                 "is checked on its own: a bad one gets an error in its place. More "
                                 f"than {limit} items give 413."),
                "items": {"description": "A table request."},
            },
        },
    }


# --- answers --------------------------------------------------------------------------------

SEAT = {"type": "string", "enum": list(SEATS)}
SUIT = {"type": "string", "enum": list(SUITS)}
CARD = {"type": "string", "pattern": f"^({JOKER_NAME}|[{RANKS}][{SUITS}])$"}
TRICKS = {"type": "integer", "minimum": 0}
VERSION = {"type": "string", "const": __version__}


def closed(required: dict[str, Any], description: str = "") -> dict[str, Any]:
    """An object with exactly these keys."""
    schema = {"type": "object", "additionalProperties": False,
              "required": list(required), "properties": required}
    if description:
        schema["description"] = description
    return schema


DECLARER_TABLE = closed({
    "tricks": closed({s: {"type": "object", "propertyNames": CARD, "additionalProperties": TRICKS}
                      for s in SUITS}, "Tricks per trump (rows) and discard (columns)."),
    "best": closed({"trump": SUIT, "discard": CARD, "tricks": TRICKS},
                   "The best choice: ties broken by trump order S H D C, then canonical card order."),
    "ties": {"type": "array", "description": "Every (trump, discard) reaching the best.",
             "items": {"type": "array", "prefixItems": [SUIT, CARD], "minItems": 2, "items": False}},
})

TABLE_RESPONSE = closed({
    "version": VERSION,
    "variant": {"type": "string"},
    "deal": {"type": "string", "description": "The canonical deal, starting with the dealer."},
    "dealer": SEAT,
    "alone": {"type": "boolean"},
    "declarers": {"type": "object", "propertyNames": SEAT,
                  "additionalProperties": {"$ref": REF + "DeclarerTable"}},
}, "The same object as `hasen table --json`.")

CARD_CHOICE = closed({
    "cards": {"type": "array", "items": CARD, "minItems": 1,
              "description": "Equivalent cards (one run), strongest first."},
    "total": {**TRICKS, "description": "The declaring side's tricks for the hand after this card."},
    "cost": {**TRICKS, "description": "Tricks the mover's side loses against its best card; 0 for a best card."},
})

SOLVE_RESPONSE = closed({
    "version": VERSION,
    "variant": {"type": "string"},
    "deal": {"type": "string"},
    "dealer": SEAT,
    "declarer": SEAT,
    "trump": SUIT,
    "discard": CARD,
    "alone": {"type": "boolean"},
    "played": {"type": "string", "description": "The play so far, canonical, '|' between tricks."},
    "tricks_played": TRICKS,
    "leader": {"oneOf": [SEAT, {"type": "null"}], "description": "Who led the current trick; null when the hand is over."},
    "trick": {"type": "array", "items": CARD, "description": "Cards played to the current trick."},
    "to_move": {"oneOf": [SEAT, {"type": "null"}], "description": "null when the hand is over."},
    "taken": {**TRICKS, "description": "Tricks the declaring side won in completed tricks."},
    "remaining": {**TRICKS, "description": "Tricks it still takes with best play, the current trick included."},
    "total": {**TRICKS, "description": "taken + remaining."},
    "choices": {"type": "array", "items": {"$ref": REF + "CardChoice"},
                "description": "Every legal next card, in runs of equivalent cards."},
    "best_line": {"type": "string", "description": "One best line of play to the end, '|' where tricks end."},
})

BATCH_ITEM_ERROR = closed({"index": {"type": "integer", "minimum": 0}, "error": {"type": "string"}})

BATCH_RESPONSE = closed({
    "version": VERSION,
    "results": {"type": "array", "description": "One per item, in order.",
                "items": {"oneOf": [{"$ref": REF + "TableResponse"}, {"$ref": REF + "BatchItemError"}]}},
})

HEALTH = closed({
    "status": {"type": "string", "const": "ok"},
    "version": VERSION,
    "extension": {"type": "boolean", "description": "Whether the compiled search core runs."},
    "threads": {"type": "integer", "minimum": 1, "description": "Solver threads."},
    "busy": {"type": "integer", "minimum": 0, "description": "Analyses running or waiting."},
    "cache": closed({k: {"type": "integer", "minimum": 0} for k in ("size", "capacity", "hits", "misses")}),
})

ERROR = closed({"error": {"type": "string", "description": "What was wrong, and where."}, "version": VERSION})


def response(description: str, schema: str) -> dict[str, Any]:
    return {"description": description,
            "content": {"application/json": {"schema": {"$ref": REF + schema}}}}


ERRORS = {
    "400": response("Bad input: malformed JSON, wrong types, unknown keys, bad notation, "
                    "an impossible position.", "Error"),
    "413": response("The body is over the size limit, or a batch over the item limit.", "Error"),
    "503": response("The analysis took longer than the time limit; the server stays up.", "Error"),
}


def post(summary: str, request: str, answer: str) -> dict[str, Any]:
    return {"post": {
        "summary": summary,
        "requestBody": {"required": True,
                        "content": {"application/json": {"schema": {"$ref": REF + request}}}},
        "responses": {"200": response("The analysis.", answer), **ERRORS},
    }}


def get(summary: str, answer: str) -> dict[str, Any]:
    return {"get": {"summary": summary, "responses": {"200": response(summary, answer)}}}


def document(config: dict[str, Any]) -> dict[str, Any]:
    """The document for an app with this configuration (the limits are part of it)."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "hasen: double-dummy analysis for Hasenpfeffer",
            "version": __version__,
            "description": (
                "Deals, cards and play records use the project's deal notation. Every answer "
                "carries the product version; every error is {\"error\": \"...\"} with a 4xx or "
                f"503 status. Limits: {config['MAX_CONTENT_LENGTH']} bytes per body, "
                f"{config['HASEN_BATCH_LIMIT']} items per batch, "
                f"{config['HASEN_TIME_LIMIT']:g} s per request."),
        },
        "servers": [{"url": "/"}],
        "paths": {
            PREFIX + "/table": post("Tricks for every trump and discard", "TableRequest", "TableResponse"),
            PREFIX + "/solve": post("Every legal next card's value in a position, and a best line",
                                    "SolveRequest", "SolveResponse"),
            PREFIX + "/batch": post("Many table requests at once", "BatchRequest", "BatchResponse"),
            PREFIX + "/health": get("Service health", "Health"),
            PREFIX + "/openapi.json": {"get": {"summary": "This document", "responses": {
                "200": {"description": "The OpenAPI document.",
                        "content": {"application/json": {"schema": {"type": "object"}}}}}}},
        },
        "components": {"schemas": {
            "TableRequest": TABLE_REQUEST,
            "SolveRequest": SOLVE_REQUEST,
            "BatchRequest": batch_request(config["HASEN_BATCH_LIMIT"]),
            "TableResponse": TABLE_RESPONSE,
            "DeclarerTable": DECLARER_TABLE,
            "SolveResponse": SOLVE_RESPONSE,
            "CardChoice": CARD_CHOICE,
            "BatchResponse": BATCH_RESPONSE,
            "BatchItemError": BATCH_ITEM_ERROR,
            "Health": HEALTH,
            "Error": ERROR,
        }},
    }
