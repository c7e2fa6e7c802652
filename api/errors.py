"""Every error the API gives is an RFC 9457 problem details object, as
``application/problem+json``: ``type`` (``about:blank``: the status says what kind of
problem), ``title`` (the status's phrase), ``status``, ``detail`` (what was wrong, and where),
and the fields clients read before problem details, ``error`` (the same as ``detail``) and
``version``; where the body breaks its schema, ``pointer``, the JSON pointer (RFC 6901) of
the member in error."""

from __future__ import annotations

from http import HTTPStatus
from typing import Any

from flask import Flask, Response, jsonify, request
from werkzeug.exceptions import HTTPException

from hasen.core.errors import HasenError
from hasen.core.version import __version__

from .runner import TimeLimitExceeded

API_PREFIX = "/api/"


class ApiError(Exception):
    status = 400

    def __init__(self, message: str, pointer: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.pointer = pointer  # the JSON pointer (RFC 6901) of the body's member in error, where one is


class BadInput(ApiError):
    """The body is not what the endpoint accepts (JSON, types, keys)."""


class TooLarge(ApiError):
    """A limit on the size of a request, other than the body's bytes."""

    status = 413


PROBLEM_TYPE = "application/problem+json"


def problem(status: int, message: str, pointer: str | None = None) -> dict[str, Any]:
    """The problem details of an error answer; ``pointer``: the member of the body in error."""
    details = {
        "type": "about:blank",
        "title": HTTPStatus(status).phrase,
        "status": status,
        "detail": message,
        "error": message,
        "version": __version__,
    }
    if pointer is not None:
        details["pointer"] = pointer
    return details


def error_response(status: int, message: str, pointer: str | None = None) -> Response:
    response = jsonify(problem(status, message, pointer))  # the app's JSON, as its answers are written
    response.status_code, response.mimetype = status, PROBLEM_TYPE
    return response


def register(app: Flask) -> None:
    @app.errorhandler(ApiError)
    def api_error(exc: ApiError) -> Response:
        return error_response(exc.status, exc.message, exc.pointer)

    @app.errorhandler(HasenError)
    def bad_notation_or_position(exc: HasenError) -> Response:
        return error_response(400, str(exc))

    @app.errorhandler(TimeLimitExceeded)
    def too_slow(exc: TimeLimitExceeded) -> Response:
        response = error_response(503, str(exc))
        response.headers["Retry-After"] = "1"
        return response

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> Response | HTTPException:
        # only the API speaks JSON: the rest of the site (the review page) keeps HTML errors
        if not request.path.startswith(API_PREFIX):
            return exc
        response = error_response(exc.code or 500, f"{exc.name}: {exc.description}")
        for name, value in exc.get_headers():
            if name.lower() != "content-type":
                response.headers[name] = value
        return response
