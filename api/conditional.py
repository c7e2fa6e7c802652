"""What does not change between requests is sent once: the OpenAPI document, the review page
and its files carry an ``ETag``, so that a client that has them gets ``304 Not Modified``,
and go gzip-compressed to a client that accepts it (each encoding with an ETag of its own)."""

from __future__ import annotations

import gzip

from flask import Flask, Response, request

from .assets import ASSETS
from .openapi import PREFIX

# the paths of what does not change while the service runs
UNCHANGING = (PREFIX + "/openapi.json", "/", "/favicon.ico")
FILES = ("/static/", ASSETS + "/")  # the page's files, at their plain and versioned addresses
COMPRESSIBLE = (
    "application/json",
    "text/html",
    "text/css",
    "text/javascript",
    "application/javascript",
    "image/svg+xml",
)
SMALLEST = 1024  # bytes: below, gzip gains less than its header costs the client


def unchanging(path: str) -> bool:
    return path in UNCHANGING or path.startswith(FILES)


def conditional(response: Response) -> Response:
    if request.method not in ("GET", "HEAD") or response.status_code != 200 or not unchanging(request.path):
        return response
    response.direct_passthrough = False  # a file's bytes, read here to be compressed and tagged
    body = response.response
    data = b"".join(response.iter_encoded())
    if callable(getattr(body, "close", None)):  # a file sent: read whole, and closed now
        body.close()  # type: ignore[union-attr]
    compressed = request.accept_encodings["gzip"] > 0 and response.mimetype in COMPRESSIBLE and len(data) >= SMALLEST
    if compressed:
        data = gzip.compress(data, compresslevel=6, mtime=0)  # mtime 0: the same bytes every time
        response.headers["Content-Encoding"] = "gzip"
    response.set_data(data)
    response.vary.add("Accept-Encoding")
    response.add_etag(overwrite=compressed)  # a file's own ETag is that of its plain bytes
    response.make_conditional(request)
    return response


def install(app: Flask) -> None:
    app.after_request(conditional)
