"""What every request meets before the endpoints, and every answer before it leaves.

Under /api/: a body is sent as JSON (``Content-Type: application/json``), so that a web
page elsewhere cannot post to the API with a form or a plain-text fetch (those need no
preflight); a browser request from another origin is refused outright; ``OPTIONS`` is
answered in JSON, like everything else there; paths are taken as written (no merging of
``//``, which would answer with an HTML redirect).

Every answer says ``nosniff``; the review page gets a content security policy that allows
only its own scripts and the API (styles may be set inline, as its drawing code does), and
no framing.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Flask, Response, current_app, jsonify, request
from werkzeug.exceptions import MethodNotAllowed

from hasen.core.version import __version__

from .config import ALLOWED_ORIGINS
from .errors import API_PREFIX, ApiError

JSON_TYPES = ("application/json",)
PREFLIGHT_SECONDS = 600  # how long a browser may keep a preflight's answer
PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)


class UnsupportedMediaType(ApiError):
    status = 415


class CrossOrigin(ApiError):
    status = 403


# the headers an allowed origin's page may send (JSON, and a conditional request for a file
# it has), and those of an answer it may read: when to ask again, whether the cache answered
SENT_HEADERS = ("Content-Type", "If-None-Match")
READ_HEADERS = ("Retry-After", "ETag", "X-Cache")


def same_origin(origin: str) -> bool:
    """Is ``origin`` (a browser's Origin header) this server's own?"""
    parts = urlsplit(origin)
    return (parts.scheme, parts.netloc) == (request.scheme, request.host)


def allowed_origin(origin: str) -> bool:
    """Is ``origin`` one the service was told to answer (``HASEN_ALLOWED_ORIGINS``)?"""
    return origin.rstrip("/").lower() in {o.lower() for o in current_app.config[ALLOWED_ORIGINS]}


def cross_origin_headers(response: Response) -> Response:
    """CORS for an allowed origin: its pages may read the answers, and may send JSON."""
    origin = request.headers.get("Origin")
    if origin is not None and request.path.startswith(API_PREFIX) and allowed_origin(origin):
        response.headers["Access-Control-Allow-Origin"] = origin
        if request.method == "OPTIONS" and "Allow" in response.headers:  # a preflight
            response.headers["Access-Control-Allow-Methods"] = response.headers["Allow"]
            response.headers["Access-Control-Allow-Headers"] = ", ".join(SENT_HEADERS)
            response.headers["Access-Control-Max-Age"] = str(PREFLIGHT_SECONDS)
        else:  # what a page's code may read of an answer, beside the headers every page may
            response.headers["Access-Control-Expose-Headers"] = ", ".join(READ_HEADERS)
    if current_app.config[ALLOWED_ORIGINS]:
        response.vary.add("Origin")  # the answer differs by origin: caches must keep them apart
    return response


def check_api_request() -> Response | None:
    if not request.path.startswith(API_PREFIX):
        return None
    origin = request.headers.get("Origin")
    if origin is not None and not same_origin(origin) and not allowed_origin(origin):
        raise CrossOrigin(
            f"Origin: {origin[:80]!r} is another site; the API answers pages of its own "
            "origin, of the origins it is told to allow (hasen serve --allow-origin), and "
            "programs (which send no Origin)"
        )
    if request.method == "OPTIONS":
        return options_answer()
    if request.routing_exception is not None:  # an unknown path or method: the router's 404 or 405
        return None
    if request.method == "POST" and request.mimetype not in JSON_TYPES:
        given = request.mimetype or "none"
        raise UnsupportedMediaType(
            f"Content-Type: expected application/json, got {given[:80]!r} "
            "(with curl: -H 'Content-Type: application/json')"
        )
    return None


def options_answer() -> Response | None:
    """The methods a path takes, in JSON and in ``Allow``; an unknown path is left to the
    router's 404."""
    routing = request.routing_exception
    if not isinstance(routing, MethodNotAllowed) or not routing.valid_methods:
        return None
    methods = sorted(set(routing.valid_methods) - {"HEAD", "OPTIONS"})
    response = jsonify({"allow": methods, "version": __version__})
    response.headers["Allow"] = ", ".join(methods + ["OPTIONS"])
    return response


def secure_headers(response: Response) -> Response:
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    if response.mimetype == "text/html":
        response.headers.setdefault("Content-Security-Policy", PAGE_POLICY)
        response.headers.setdefault("X-Frame-Options", "DENY")
    return response


def install(app: Flask) -> None:
    app.url_map.merge_slashes = False
    app.config["PROVIDE_AUTOMATIC_OPTIONS"] = False
    app.before_request(check_api_request)
    app.after_request(secure_headers)
    app.after_request(cross_origin_headers)
