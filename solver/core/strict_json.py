"""JSON read strictly, for every place that takes it from a user (web API bodies, batch
lines): a key given twice in one object and NaN or Infinity are errors, never a silent
choice, and every failure is one ``JSONInputError`` whose message says what and where.

JSON has one kind of number: ``50.0`` is the whole number 50 (as JSON Schema's ``integer``
has it) and is read as the int, so that a count written so is the count asked for."""

from __future__ import annotations

import json
import math
from typing import Any

from .bounds import max_int_digits
from .errors import HasenError, quoted


class JSONInputError(HasenError):
    """Text that is not the JSON asked for."""


def loads(text: str) -> Any:
    """``json.loads``, strict: see the module."""
    try:
        return json.loads(text, object_pairs_hook=unique_keys, parse_constant=no_constants, parse_float=number)
    except JSONInputError:
        raise
    except json.JSONDecodeError as exc:
        # json's message may end in "at" already ("Unterminated string starting at")
        where = f"line {exc.lineno} column {exc.colno}"
        message = f"{exc.msg} {where}" if exc.msg.endswith(" at") else f"{exc.msg} at {where}"
        raise JSONInputError(f"malformed JSON: {message}") from None
    except RecursionError:
        raise JSONInputError("malformed JSON: nested too deeply") from None
    except ValueError:  # an integer too long to convert (Python's message is for programmers)
        raise JSONInputError(f"malformed JSON: a whole number of more than {max_int_digits()} digits") from None


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise JSONInputError(f"key {quoted(key)} appears twice in one object")
        out[key] = value
    return out


def number(text: str) -> float | int:
    """A number written with a fraction or an exponent: a whole one (``50.0``, ``1e3``,
    ``1e400``) as the int it is, exactly; any other as a float, which must be finite."""
    from decimal import Decimal  # only where a number is written so

    shown = text if len(text) <= SHOWN_DIGITS else text[:SHOWN_DIGITS] + "..."
    try:
        exact = Decimal(text)
        if exact.is_zero():  # 0e999999999 is 0, however many digits its exponent says
            return 0
        whole = exact == exact.to_integral_value()
    except ArithmeticError:  # an exponent beyond what a decimal holds (1e9999999999999999999)
        value = float(text)  # 0 or infinite: as small or as large as it says
        if math.isinf(value):
            raise JSONInputError(f"malformed JSON: {shown}: a number too large to read") from None
        return 0 if not text.lower().partition("e")[0].strip("-+0.") else value  # 0e...: the whole number 0
    if whole:
        if exact.adjusted() >= max_int_digits():  # more digits than an int is made of
            raise JSONInputError(f"malformed JSON: {shown}: a whole number of more than {max_int_digits()} digits")
        return int(exact)
    value = float(text)
    if math.isinf(value):
        raise JSONInputError(f"malformed JSON: {shown}: a number too large to read")
    return value


SHOWN_DIGITS = 20  # of a number too large, the start a message quotes


def no_constants(name: str) -> None:
    raise JSONInputError(f"malformed JSON: {name} is not a JSON number")
