"""JSON Schema (draft-07) checking for the notations the product reads from other programs:
EGN and EMN files are checked against the specification's own schemas (``hasen/data/egn``)
before a card is read, so that a file the specification refuses is refused here too, in one
line naming the place and the rule it breaks.

Only the keywords those schemas use are known (``KEYWORDS``); a schema using another is an
error, not a silent pass. ``format`` is an annotation, as draft-07 validators take it by
default. The core install stays free of a schema library: tests/analysis/test_json_schema.py
holds this checker to the ``jsonschema`` package's answers on the example files and on
thousands of mangled ones.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from functools import cache
from importlib import resources
from typing import Any

from ..core.errors import NotationError

# what each keyword needs to be checked; the others are annotations
KEYWORDS = {
    "type",
    "properties",
    "additionalProperties",
    "required",
    "const",
    "enum",
    "pattern",
    "maxLength",
    "maxItems",
    "minItems",
    "uniqueItems",
    "minimum",
    "maximum",
    "items",
    "oneOf",
    "anyOf",
    "allOf",
    "not",
    "$ref",
    "propertyNames",
}
ANNOTATIONS = {"$schema", "title", "description", "default", "format", "definitions", "$defs"}
SCHEMA_FILES = {"egn": "egn-schema-v1.json", "emn": "emn-schema-v1.json"}  # in hasen/data/egn


class SchemaError(NotationError):
    """A document the schema refuses: ``where`` is the path to the value, ``rule`` why."""

    def __init__(self, where: str, rule: str) -> None:
        super().__init__(f"{where}: {rule}" if where else rule)
        self.where, self.rule = where, rule


@cache
def schema(name: str) -> dict[str, Any]:
    """One of the vendored schemas (``SCHEMA_FILES``), read once."""
    text = resources.files("hasen").joinpath("data", "egn", SCHEMA_FILES[name]).read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def check(document: object, name: str) -> None:
    """Raise ``SchemaError`` for the first place where ``document`` breaks the schema
    ``name`` (``SCHEMA_FILES``); return when it conforms."""
    check_against(document, schema(name))


def check_against(document: object, rules: dict[str, Any]) -> None:
    """``check`` against a schema given whole (a vendored one, or one of this product's own:
    ``hasen schema``), whose ``$ref`` point into it or into a vendored one."""
    error = next(_errors(document, rules, rules, ()), None)
    if error is not None:
        raise error


def _where(path: tuple[str | int, ...]) -> str:
    out = ""
    for step in path:
        out += f"[{step}]" if isinstance(step, int) else (f".{step}" if out else step)
    return out


def _resolve(ref: str, root: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The schema a ``$ref`` points at and the root it is in: ``#/definitions/x`` in this
    schema, or ``../egn-schema-v1.json#/...`` in another vendored one."""
    file, _, pointer = ref.partition("#")
    if file:
        name = next((n for n, f in SCHEMA_FILES.items() if file.rsplit("/", 1)[-1] == f), None)
        if name is None:
            raise LookupError(f"a schema refers to one that is not vendored: {ref}")
        root = schema(name)
    target: Any = root
    for part in filter(None, pointer.split("/")):
        target = target[part]
    return target, root


def _is_type(value: object, kind: str) -> bool:
    if kind == "integer":  # draft-07: a number with no fraction, 1.0 included; never a boolean
        return (isinstance(value, int) and not isinstance(value, bool)) or (
            isinstance(value, float) and value.is_integer()
        )
    if kind == "number":
        return isinstance(value, int | float) and not isinstance(value, bool)
    kinds: dict[str, type | tuple[type, ...]] = {
        "object": Mapping,
        "array": list,
        "string": str,
        "boolean": bool,
        "null": type(None),
    }
    return isinstance(value, kinds[kind])


def _text(value: object) -> str:
    shown = json.dumps(value, ensure_ascii=False)
    return shown if len(shown) <= 40 else shown[:37] + "..."


def _errors(
    value: object, rules: Mapping[str, Any], root: dict[str, Any], path: tuple[str | int, ...]
) -> Iterator[SchemaError]:
    """Every way ``value`` breaks ``rules``, the first first (checks stop at the first error
    of a keyword; a caller wanting one takes the first)."""
    unknown = {key for key in set(rules) - KEYWORDS - ANNOTATIONS if not key.startswith("x-")}  # x-: extensions
    if unknown:
        raise LookupError(f"the schema uses keywords this checker does not know: {sorted(unknown)}")
    where = _where(path)
    if "$ref" in rules:
        target, target_root = _resolve(rules["$ref"], root)
        yield from _errors(value, target, target_root, path)
        return
    kind = rules.get("type")
    if kind is not None and not _is_type(value, kind):
        yield SchemaError(where, f"expected {'an' if kind[0] in 'aeiou' else 'a'} {kind}, got {_text(value)}")
        return
    if "const" in rules and value != rules["const"]:
        yield SchemaError(where, f"expected {_text(rules['const'])}, got {_text(value)}")
    if "enum" in rules and value not in rules["enum"]:
        yield SchemaError(where, f"{_text(value)} is not one of {', '.join(map(_text, rules['enum']))}")
    if isinstance(value, str):
        yield from _string_errors(value, rules, where)
    if _is_type(value, "number"):
        assert isinstance(value, int | float)
        if "minimum" in rules and value < rules["minimum"]:
            yield SchemaError(where, f"{_text(value)} is less than the least allowed, {rules['minimum']}")
        if "maximum" in rules and value > rules["maximum"]:
            yield SchemaError(where, f"{_text(value)} is more than the most allowed, {rules['maximum']}")
    if isinstance(value, list):
        yield from _array_errors(value, rules, root, path)
    if isinstance(value, Mapping):
        yield from _object_errors(value, rules, root, path)
    yield from _combined_errors(value, rules, root, path)


def _string_errors(value: str, rules: Mapping[str, Any], where: str) -> Iterator[SchemaError]:
    if "maxLength" in rules and len(value) > rules["maxLength"]:
        yield SchemaError(where, f"{len(value)} characters long, at most {rules['maxLength']}")
    if "pattern" in rules and re.search(rules["pattern"], value) is None:
        yield SchemaError(where, f"{_text(value)} is not of the form {rules['pattern']}")


def _array_errors(
    value: list[Any], rules: Mapping[str, Any], root: dict[str, Any], path: tuple[str | int, ...]
) -> Iterator[SchemaError]:
    where = _where(path)
    if "maxItems" in rules and len(value) > rules["maxItems"]:
        yield SchemaError(where, f"{len(value)} items, at most {rules['maxItems']}")
        return  # a huge list is refused before its items are looked at
    if "minItems" in rules and len(value) < rules["minItems"]:
        yield SchemaError(where, f"{len(value)} items, at least {rules['minItems']}")
    if rules.get("uniqueItems"):
        seen: list[str] = []
        for item in value:
            key = json.dumps(item, sort_keys=True)
            if key in seen:
                yield SchemaError(where, f"{_text(item)} appears twice")
                break
            seen.append(key)
    if "items" in rules:
        for index, item in enumerate(value):
            yield from _errors(item, rules["items"], root, (*path, index))


def _object_errors(
    value: Mapping[str, Any], rules: Mapping[str, Any], root: dict[str, Any], path: tuple[str | int, ...]
) -> Iterator[SchemaError]:
    where = _where(path)
    for key in rules.get("required", ()):
        if key not in value:
            yield SchemaError(where, f"{key!r} is missing")
    properties = rules.get("properties", {})
    extra = rules.get("additionalProperties", True)
    for key, item in value.items():
        if "propertyNames" in rules:
            for error in _errors(key, rules["propertyNames"], root, path):
                yield SchemaError(where, f"the key {_text(key)} is not allowed: {error.rule}")
        if key in properties:
            yield from _errors(item, properties[key], root, (*path, key))
        elif extra is False:
            yield SchemaError(where, f"the key {_text(key)} is not one the specification has")
        elif isinstance(extra, Mapping):
            yield from _errors(item, extra, root, (*path, key))


def _combined_errors(
    value: object, rules: Mapping[str, Any], root: dict[str, Any], path: tuple[str | int, ...]
) -> Iterator[SchemaError]:
    where = _where(path)
    for part in rules.get("allOf", ()):
        yield from _errors(value, part, root, path)
    for word in ("oneOf", "anyOf"):
        if word not in rules:
            continue
        failures = [next(_errors(value, part, root, path), None) for part in rules[word]]
        passed = failures.count(None)
        if passed == 0:
            # the branch that went furthest before failing says the most (the one whose type fits)
            yield max((f for f in failures if f is not None), key=lambda f: len(f.where))
        elif word == "oneOf" and passed > 1:
            yield SchemaError(where, f"{_text(value)} fits more than one of the forms allowed")
    if "not" in rules and next(_errors(value, rules["not"], root, path), None) is None:
        together = rules["not"].get("required", ())
        yield SchemaError(
            where,
            f"{' and '.join(together)} may not be given together"
            if together
            else "a combination the specification does not allow",
        )
