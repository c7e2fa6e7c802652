"""The OpenAPI 3.1 document of /api/v1: each path's operation, with its example request and
answer, and as its components the schemas of the bodies accepted (``api.request_schemas``,
the same objects the endpoints check bodies against) and of the answers
(``api.answer_schemas``, ``api.advice_schemas``, ``api.record_schemas``)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from hasen.core.variants import HASENPFEFFER
from hasen.core.version import __version__
from hasen.games import game_of

from .advice_schemas import ADVICE_COMPONENTS
from .answer_schemas import ANSWER_COMPONENTS
from .record_schemas import RECORD_COMPONENTS
from .request_schemas import request_components
from .schema_parts import REF, VALUES

PREFIX = "/api/v1"


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
                **request_components(config),
                **ANSWER_COMPONENTS,
                **ADVICE_COMPONENTS,
                **RECORD_COMPONENTS,
            }
        },
    }
