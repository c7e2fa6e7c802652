"""``hasen schema [NAME]``: the JSON Schema of what a command prints with ``--json`` (the
same as the web API's answer, from the one OpenAPI document), or of a row of the tidy rows
(``rows()``, ``to_frame()``, the CSV and Parquet files: hasen.analysis.columns), for code
that reads it."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..analysis.columns import SCHEMAS as ROW_SCHEMAS
from ..analysis.columns import json_schema as row_schema
from ..core.errors import HasenError, quoted
from .output import emit

# each output, the commands that print it, and its schemas in the OpenAPI document (more than
# one: the answer of each game or form)
OUTPUTS: dict[str, tuple[str, tuple[str, ...]]] = {
    "table": ("hasen table --json", ("TableResponse", "EuchreTableResponse")),
    "solve": ("hasen solve --json", ("SolveResponse",)),
    "review": ("hasen review --json (a contract's play)", ("ReviewResponse",)),
    "hand-review": ("hasen review RECORD --json (the fair review)", ("HandReviewResponse",)),
    "bid": ("hasen bid --json (a whole deal: double dummy)", ("BidResponse",)),
    "advice": ("hasen bid --seat --json (one seat's view)", ("BidAdviceResponse", "CallAdviceResponse")),
    "simulate": ("hasen simulate --json", ("SimulateResponse",)),
    "lead": ("hasen lead --json", ("LeadResponse",)),
    "odds": ("hasen odds --json", ("OddsResponse",)),
    "error": ("an error of the web API", ("Error",)),
}
DIALECT = "https://json-schema.org/draft/2020-12/schema"  # OpenAPI 3.1's schemas are this dialect
OPENAPI_REF = "#/components/schemas/"


def schema_of(name: str) -> dict[str, Any]:
    """The output's JSON Schema, every schema it refers to under ``$defs``."""
    from hasen.api.config import defaults
    from hasen.api.openapi import document

    if name in ROW_SCHEMAS:
        return {"$schema": DIALECT, **row_schema(name)}
    if name not in OUTPUTS:
        known = [*OUTPUTS, *ROW_SCHEMAS]
        raise HasenError(f"schema: no output named {quoted(name)} (expected one of {', '.join(known)})")
    components = document(defaults())["components"]["schemas"]
    what, roots = OUTPUTS[name]
    needed: dict[str, Any] = {}
    todo = list(roots)
    while todo:
        part = todo.pop()
        if part not in needed:
            needed[part] = components[part]
            todo += [ref[len(OPENAPI_REF) :] for ref in refs_in(components[part])]
    top = {"$ref": f"#/$defs/{roots[0]}"} if len(roots) == 1 else {"oneOf": [{"$ref": f"#/$defs/{r}"} for r in roots]}
    text = json.dumps({"$schema": DIALECT, "title": what, **top, "$defs": dict(sorted(needed.items()))})
    return json.loads(text.replace(f'"{OPENAPI_REF}', '"#/$defs/'))  # type: ignore[no-any-return]


def refs_in(schema: object) -> list[str]:
    if isinstance(schema, dict):
        return [
            *([schema["$ref"]] if isinstance(schema.get("$ref"), str) else []),
            *(ref for value in schema.values() for ref in refs_in(value)),
        ]
    if isinstance(schema, list):
        return [ref for value in schema for ref in refs_in(value)]
    return []


def cmd_schema(args: argparse.Namespace) -> int:
    if args.name is None:
        listed = {
            **{name: what for name, (what, _) in OUTPUTS.items()},
            **{name: what for name, (what, _) in ROW_SCHEMAS.items()},
        }
        width = max(map(len, listed))
        emit("\n".join(f"{name:<{width}}  {what}" for name, what in listed.items()))
        return 0
    emit(json.dumps(schema_of(args.name), indent=2))
    return 0
