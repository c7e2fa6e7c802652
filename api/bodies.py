"""Request bodies: strict JSON, checked against the OpenAPI schemas, with messages that
say what was wrong and where."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from flask import Request
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError
from werkzeug.exceptions import RequestEntityTooLarge

from hasen.core import strict_json

from .errors import BadInput, TooLarge
from .schema_parts import REF, VALUES

JSON_TYPES = {
    dict: "an object",
    list: "an array",
    str: "a string",
    bool: "a boolean",
    int: "a number",
    float: "a number",
    type(None): "null",
}
SCHEMA_TYPES = {
    "object": "an object",
    "array": "an array",
    "string": "a string",
    "boolean": "a boolean",
    "number": "a number",
    "integer": "an integer",
    "null": "null",
}
QUOTE_LIMIT = 40  # characters of a bad value quoted back


def read_json(request: Request) -> Any:
    """The body as JSON, read strictly (``hasen.core.strict_json``): Flask's own parser would
    accept duplicate keys (keeping the last, silently dropping the others) and NaN. Its
    Content-Type was checked before (``hasen.api.guard``)."""
    try:
        raw = request.get_data(cache=False)
    except RequestEntityTooLarge:
        limit = request.max_content_length
        raise TooLarge(f"body: more than {limit} bytes (MAX_CONTENT_LENGTH)") from None
    if not raw.strip():
        raise BadInput("body: empty; expected a JSON object")
    try:
        text = raw.decode("utf-8-sig")  # a byte order mark, which JSON lets a reader skip, is skipped
    except UnicodeDecodeError as exc:
        raise BadInput(f"body: not UTF-8 (byte {exc.start})") from None
    try:
        return strict_json.loads(text)
    except strict_json.JSONInputError as exc:
        raise BadInput(f"body: {exc}") from None


def _quote(value: Any) -> str:
    text = json.dumps(value) if not isinstance(value, str) else repr(value)
    return text if len(text) <= QUOTE_LIMIT else text[:QUOTE_LIMIT] + "..."


def describe(value: Any) -> str:
    return JSON_TYPES.get(type(value), type(value).__name__)


class BodyChecker:
    """Checks an instance against one request schema; the first problem becomes a message."""

    def __init__(self, schema: Mapping[str, Any]) -> None:
        # the shared values (seats, suits, cards, games) the schema refers to, as in the document
        schema = {**schema, "components": {"schemas": VALUES}}
        Draft202012Validator.check_schema(schema)
        self.schema = schema
        self.validator = Draft202012Validator(schema)

    def check(self, instance: Any, where: str = "") -> None:
        # the shallowest problem first, so that a body that is not an object is told so
        # before anything about its keys
        errors = sorted(
            self.validator.iter_errors(instance),
            key=lambda e: (len(e.absolute_path), [str(p) for p in e.absolute_path], e.validator != "type", e.validator),
        )
        if errors:
            raise BadInput(message(errors[0], where), pointer(errors[0]))


def pointer(error: ValidationError) -> str:
    """The JSON pointer (RFC 6901) of the member in error: a key missing or not allowed is
    pointed at by its own name."""
    path = [str(p) for p in error.absolute_path]
    if error.validator == "required":
        path.append(next(k for k in error.validator_value if k not in error.instance))
    elif error.validator == "additionalProperties":
        allowed = error.schema.get("properties", {})
        path.append(next(str(k) for k in error.instance if k not in allowed))
    return "".join("/" + p.replace("~", "~0").replace("/", "~1") for p in path)


def message(error: ValidationError, where: str) -> str:
    path = where + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
    place = path.lstrip(".") or "body"
    value, kind = error.instance, error.validator
    if kind == "type":
        expected = error.validator_value
        wanted = " or ".join(SCHEMA_TYPES[t] for t in (expected if isinstance(expected, list) else [expected]))
        return f"{place}: expected {wanted}, got {describe(value)}"
    if kind == "additionalProperties":
        allowed = list(error.schema.get("properties", {}))
        unknown = [k for k in value if k not in allowed]
        return f"{place}: unknown key {_quote(unknown[0])} (allowed: {', '.join(allowed)})"
    if kind == "required":
        missing = [k for k in error.validator_value if k not in value]
        return f"{place}: missing key {_quote(missing[0])} (required: {', '.join(error.validator_value)})"
    if kind == "enum":
        shown = error.schema.get("x-shown") or ", ".join(map(str, error.validator_value))
        return f"{place}: {_quote(value)} is not one of {shown}"
    if kind == "pattern" and "x-shown" in error.schema:
        return f"{place}: {_quote(value)} is not {error.schema['x-shown']}"
    if kind == "maxLength":
        return f"{place}: {len(value)} characters, at most {error.validator_value}: {_quote(value)}"
    if kind in ("minimum", "maximum"):
        bound = "at least" if kind == "minimum" else "at most"
        return f"{place}: expected {bound} {error.validator_value}, got {_quote(value)}"
    if kind == "maxItems":
        return f"{place}: {len(value)} items, at most {error.validator_value}"
    if kind in ("anyOf", "oneOf"):
        return f"{place}: {_quote(value)} is not {', or '.join(map(form_named, error.validator_value))}"
    return f"{place}: {error.message[:200]}"


def form_named(schema: Mapping[str, Any]) -> str:
    """One form a value may take, as a message names it: by its ``x-shown`` (a shared value's,
    through its reference), else a constant quoted, null as null, or its description."""
    if "$ref" in schema:
        schema = VALUES[schema["$ref"].removeprefix(REF)]
    if "x-shown" in schema:
        return str(schema["x-shown"])
    if "const" in schema:
        return _quote(schema["const"])
    return "null" if schema.get("type") == "null" else str(schema.get("description", ""))
