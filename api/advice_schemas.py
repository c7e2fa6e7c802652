"""The answers of the web API's single-dummy endpoints: a declarer's simulation, the opening
lead, and one seat's advice on its bid or call, knowing only what the seat sees."""

from __future__ import annotations

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
# what every single-dummy answer says first: whose view it is (the seat, its hand, what it knows)
SEAT_VIEW = {
    "version": VERSION,
    "variant": ref("Variant"),
    "dealer": SEAT,
    "seat": SEAT,
    "hand": {"type": "string"},
    "known": SIMULATION_RESPONSE["properties"]["known"],
}
LEAD_RESPONSE = optional(
    closed(
        {
            **SEAT_VIEW,
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
    **SEAT_VIEW,
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

# each answer's schema by its name in the document
ADVICE_COMPONENTS = {
    "BidAdviceResponse": BID_ADVICE_RESPONSE,
    "CallAdviceResponse": CALL_ADVICE_RESPONSE,
    "SimulateResponse": SIMULATION_RESPONSE,
    "SimulatedChoice": SIMULATED_CHOICE,
    "LeadResponse": LEAD_RESPONSE,
}
