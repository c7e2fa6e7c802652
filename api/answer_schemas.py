"""The answers of the web API's double-dummy endpoints (tables, positions, a deal reviewed
card by card, batches, every seat's bid with all hands open), of the chance of winning the
game, and of the service itself (health, errors)."""

from __future__ import annotations

from hasen.core.cards import SUITS
from hasen.core.variants import HASENPFEFFER
from hasen.games.euchre.game import GAME as EUCHRE

from .schema_parts import (
    CARD,
    DECK_SIZES,
    FIGURE,
    NULL,
    REF,
    SEAT,
    SETTINGS,
    SHARE,
    SUIT,
    TRICKS,
    VERSION,
    closed,
    optional,
    ref,
)

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

# each answer's schema by its name in the document
ANSWER_COMPONENTS = {
    "TableResponse": TABLE_RESPONSE,
    "DeclarerTable": DECLARER_TABLE,
    "EuchreTableResponse": EUCHRE_TABLE_RESPONSE,
    "MakerTable": MAKER_TABLE,
    "BidResponse": BID_RESPONSE,
    "SolveResponse": SOLVE_RESPONSE,
    "CardChoice": CARD_CHOICE,
    "ReviewResponse": REVIEW_RESPONSE,
    "ReviewedCard": REVIEWED_CARD,
    "BatchResponse": BATCH_RESPONSE,
    "BatchItemError": BATCH_ITEM_ERROR,
    "OddsResponse": ODDS_RESPONSE,
    "Health": HEALTH,
    "Error": ERROR,
}
