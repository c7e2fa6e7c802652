"""The answers of the web API about played hands: a hand's fair review, a record read, EGN
written, a night's hands, reviews and report, and the recorder's next step at the table."""

from __future__ import annotations

from .schema_parts import CARD, FIGURE, NULL, SEAT, SHARE, SUIT, TRICKS, VERSION, WIDOW, closed, optional

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
            "description": "The calls offered that the recorder cannot follow (a Railroad lone maker calls for "
            "best: such a hand is typed).",
        },
        "not_recorded_why": {"type": "string", "description": "Why those choices are not recorded here."},
        "record": {"type": "string", "description": "Once done: the hand's record, one field a line."},
        "line": {"type": "string", "description": "The same on one line."},
    },
)

# each answer's schema by its name in the document
RECORD_COMPONENTS = {
    "HandReviewResponse": HAND_REVIEW_RESPONSE,
    "RecordResponse": RECORD_RESPONSE,
    "NightResponse": NIGHT_RESPONSE,
    "NightReviewResponse": NIGHT_REVIEW_RESPONSE,
    "NightReportResponse": NIGHT_REPORT_RESPONSE,
    "EgnResponse": EGN_RESPONSE,
    "RecordingResponse": RECORDING_RESPONSE,
}
