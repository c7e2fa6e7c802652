"""The bodies the web API accepts, one schema an endpoint: ``api.bodies.BodyChecker`` checks
each request against it, and the OpenAPI document (``api.openapi``) shows the same object,
so that what is accepted and what is documented cannot drift apart."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hasen.core.settings import AUCTION_SETTINGS, PLAY_SETTINGS, SCORING_SETTINGS
from hasen.core.variants import HASENPFEFFER
from hasen.notation.inputs import DEFAULT_CHOICE_LAYOUTS, DEFAULT_LAYOUTS, DEFAULT_REVIEW_LAYOUTS

from .schema_parts import (
    ALONE,
    CARD,
    DEAL,
    DEALER,
    DEFENDER,
    FORM_NAMES,
    NOT_SEEN,
    SEAT,
    SEED_FIELD,
    SUIT,
    VARIANT_OPTIONS,
    WIDOW,
    layouts_field,
    one_of,
    ref,
    seat,
    setting,
    text,
)

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


def request_components(config: Mapping[str, Any]) -> dict[str, Any]:
    """Each body's schema by its name in the document, with the limits of an app of this
    configuration."""
    layouts = config["HASEN_SIMULATE_LIMIT"]
    return {
        "TableRequest": TABLE_REQUEST,
        "SolveRequest": SOLVE_REQUEST,
        "BatchRequest": batch_request(config["HASEN_BATCH_LIMIT"]),
        "BidRequest": bid_request(layouts),
        "ReviewRequest": REVIEW_REQUEST,
        "HandReviewRequest": hand_review_request(layouts),
        "SimulateRequest": simulate_request(layouts),
        "LeadRequest": lead_request(layouts),
        "RecordRequest": RECORD_REQUEST,
        "NightRequest": night_request(layouts),
        "NightHandRequest": night_request(layouts, hand=True),
        "EgnRequest": EGN_REQUEST,
        "RecordingRequest": RECORDING_REQUEST,
        "OddsRequest": ODDS_REQUEST,
    }
