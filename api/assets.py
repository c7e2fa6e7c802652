"""The review page's files at addresses that name their contents, so that a browser keeps
them: ``/assets/<version>/<file>``, where the version is a digest of every file of
api/static. A file asked for at the present version may be kept a year without asking again;
when any file changes, the version and so every address change with it. The page's modules
import each other by relative address, so their imports stay under the same version.

Without it a browser asked again for each of the page's files at every load (answered 304
Not Modified): on a phone at the table, a round trip for each before the page runs."""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

from flask import Blueprint, Response, current_app, send_from_directory, url_for

ASSETS = "/assets"  # where the versioned addresses start
KEPT_SECONDS = 365 * 24 * 3600  # how long a browser may keep a file at its versioned address

assets = Blueprint("assets", __name__)


@cache
def version_of(folder: str) -> str:
    """The digest of a folder's files, names and bytes: the same while the service runs (its
    files do not change under it), different as soon as any file does."""
    digest = hashlib.sha256()
    root = Path(folder)
    for path in sorted(root.rglob("*")):
        if path.is_file():
            digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def static_folder() -> str:
    return current_app.static_folder or "static"


def asset(name: str) -> str:
    """The versioned address of a file of api/static."""
    return url_for("assets.asset_file", version=version_of(static_folder()), filename=name)


@assets.get(ASSETS + "/<version>/<path:filename>")
def asset_file(version: str, filename: str) -> Response:
    """A file of api/static; kept a year at the present version. An older version's address
    (a page loaded before the service was updated) gets today's file, checked at each use."""
    current = version == version_of(static_folder())
    response = send_from_directory(static_folder(), filename, max_age=KEPT_SECONDS if current else None)
    response.cache_control.immutable = current  # not even a reload asks again (Firefox would)
    return response
