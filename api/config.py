"""The service's limits: one place for their names, defaults and checks."""

from __future__ import annotations

import math
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from hasen.core.bounds import MAX_CACHE_SIZE, MAX_LAYOUTS, MAX_THREADS, MAX_TIME_LIMIT
from hasen.core.errors import quoted


@dataclass(frozen=True)
class Limit:
    default: float
    meaning: str
    maximum: float  # inclusive: far above any use, low enough that no setting can exhaust the machine
    integer: bool = True
    minimum: float = 1  # inclusive, except for non-integers, which must be above it


LIMITS: dict[str, Limit] = {
    # seconds a request may take, the wait for a solver thread included; then 503
    "HASEN_TIME_LIMIT": Limit(10.0, "seconds per request", MAX_TIME_LIMIT, integer=False, minimum=0),
    # answers kept in memory; 0 turns the cache off
    "HASEN_CACHE_SIZE": Limit(1024, "cached answers", MAX_CACHE_SIZE, minimum=0),
    # items in one POST /batch; more gives 413
    "HASEN_BATCH_LIMIT": Limit(100, "items per batch", 10_000),
    # random layouts in one POST /simulate; more gives 413
    "HASEN_SIMULATE_LIMIT": Limit(2000, "layouts per simulation", MAX_LAYOUTS),
    # threads that run searches: as many as cores, since a search keeps a core busy
    "HASEN_SOLVER_THREADS": Limit(min(os.cpu_count() or 2, MAX_THREADS), "solver threads", MAX_THREADS),
    # bytes in a request body (Flask's own setting); more gives 413. Bodies are held in memory.
    "MAX_CONTENT_LENGTH": Limit(64 * 1024, "bytes per request body", 16 * 1024 * 1024),
}

# What `hasen serve` (api/server.py) sets in waitress, so that neither many slow requests nor
# slow or idle connections can keep the service from answering; docs/web-api.md#the-servers-limits.
# Request threads only wait (for a solver thread, or on the socket): there are enough of them that
# a request, /health above all, is not left queued inside waitress while the solvers are busy.
REQUEST_THREADS = 64
# connections open at once (each a file descriptor); idle and half-sent ones are closed soon
CONNECTION_LIMIT = 1000
# of which kept for fresh connections: when more than the rest wait (no request being answered),
# a fresh connection closes the one that has waited longest, so slow clients cannot keep it out
RESERVE = CONNECTION_LIMIT // 10
# seconds: waitress's loop turns at least this often, and deadlines are checked as it turns
LOOP_TURN = 1
# seconds from the first byte of a request to its last; then 408 and the connection is closed
READ_TIMEOUT = 10
# seconds a connection may stay silent with no request being answered (between keep-alive
# requests, before the first byte, or part way through a request). Longer than READ_TIMEOUT by
# two turns of the loop, so that a request that stalls gets its 408 before the silence closes it.
IDLE_TIMEOUT = 15
# bytes of the request line and headers together; more gives 431
MAX_HEADER_BYTES = 16 * 1024

# The longest string any field accepts: far above the longest deal or play record (a whole
# play record is under 100 characters), low enough that messages quoting input stay short.
MAX_TEXT = 256


# the origins (``https://club.example``) whose web pages may call the API from a browser,
# besides the service's own: none unless given (``hasen serve --allow-origin``)
ALLOWED_ORIGINS = "HASEN_ALLOWED_ORIGINS"
ORIGIN = re.compile(r"https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?")


def defaults() -> dict[str, Any]:
    return {**{name: limit.default for name, limit in LIMITS.items()}, ALLOWED_ORIGINS: ()}


def check_origins(origins: object) -> None:
    """Each allowed origin is a scheme and a host (and a port): what a browser's Origin says."""
    if isinstance(origins, str) or not isinstance(origins, list | tuple):
        raise ValueError(f"{ALLOWED_ORIGINS} must be a list of origins, not {quoted(origins)}")
    for origin in origins:
        if not isinstance(origin, str) or not ORIGIN.fullmatch(origin):
            raise ValueError(
                f"{ALLOWED_ORIGINS}: {quoted(origin)} is not an origin (like https://club.example, "
                "a scheme and a host, no path)"
            )


def check_limits(config: Mapping[str, Any]) -> None:
    """Refuse a limit of the wrong type or out of range, naming it: a bad deployment setting
    should stop the service at start, not surface as odd answers later."""
    for name, limit in LIMITS.items():
        value = config[name]
        kinds = int if limit.integer else (int, float)
        if (
            isinstance(value, bool)
            or not isinstance(value, kinds)
            or (isinstance(value, float) and not math.isfinite(value))
        ):
            kind = "an integer" if limit.integer else "a number"
            raise ValueError(f"{name} ({limit.meaning}) must be {kind}, not {quoted(value)}")
        if value < limit.minimum or (not limit.integer and value <= limit.minimum):
            bound = f"at least {limit.minimum:g}" if limit.integer else f"above {limit.minimum:g}"
            raise ValueError(f"{name} ({limit.meaning}) must be {bound}, not {quoted(value)}")
        if value > limit.maximum:
            raise ValueError(f"{name} ({limit.meaning}) must be at most {limit.maximum:.15g}, not {quoted(value)}")
    check_origins(config.get(ALLOWED_ORIGINS, ()))
