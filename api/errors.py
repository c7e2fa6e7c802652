"""Every error the API gives is JSON: ``{"error": "<what and where>", "version": ...}``."""

from __future__ import annotations

from flask import Flask, Response, jsonify, request
from werkzeug.exceptions import HTTPException

from hasen.core.errors import HasenError
from hasen.core.version import __version__

from .runner import TimeLimitExceeded

API_PREFIX = "/api/"


class ApiError(Exception):
    status = 400

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class BadInput(ApiError):
    """The body is not what the endpoint accepts (JSON, types, keys)."""


class TooLarge(ApiError):
    """A limit on the size of a request, other than the body's bytes."""

    status = 413


def error_response(status: int, message: str) -> Response:
    response = jsonify({"error": message, "version": __version__})
    response.status_code = status
    return response


def register(app: Flask) -> None:
    @app.errorhandler(ApiError)
    def api_error(exc: ApiError) -> Response:
        return error_response(exc.status, exc.message)

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
