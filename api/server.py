"""``hasen serve``: the app under waitress, a production WSGI server.

waitress is pure Python, runs on every OS the solver does, and answers requests on a pool
of threads in one process. That fits this service: the search releases the GIL, so the
threads really solve in parallel, and one process keeps one answer cache for everybody.

waitress's defaults suit a server behind a proxy, not one facing clients of its own. Most of
what such a server needs is waitress's documented options (``server_settings``; the values
and why: api/config.py and docs/web-api.md): request threads, the connection limit, the
idle timeout, header and body sizes, ``poll``, quiet socket errors.

Four things are beyond any option, and are done here on waitress's internals (its channel,
request parser and tasks), which is why waitress is pinned to the one version tested
(pyproject.toml):

- JSON errors. waitress answers the requests it refuses itself (400, 413, 431, 500) with
  a plain-text body, before the app sees them: ``JsonErrorTask`` answers them in JSON.
- A deadline for a request's arrival. ``channel_timeout`` only measures silence: a client
  that sends a byte every few seconds keeps its connection for ever, and a silent one is
  closed without an answer. The channel notes a request's first byte, and one not read
  whole READ_TIMEOUT later is answered 408 (on a request thread, as waitress answers its
  own errors) and closed.
- Room for fresh connections. At ``connection_limit`` waitress stops accepting, so slow
  clients holding every connection keep out /health until one of theirs times out. The
  connections that wait (no request being answered) are kept below the limit by RESERVE:
  a fresh connection beyond that closes the one that has waited longest.
- When the request was read whole: the channel notes it, and the app finds it under
  ``hasen.api.service.RECEIVED`` in the WSGI environ, so that the time limit counts the
  time a request spent queued inside waitress.

After an error answer the connection is closed gently (``Channel``'s lingering close), so
that a client still sending the body that was refused reads the answer, not a reset.
tests/web/test_api_server_limits.py checks each of these against a real server.
"""

from __future__ import annotations

import heapq
import json
import socket
import sys
import time
from collections.abc import Mapping
from operator import itemgetter
from typing import Any

from waitress import create_server
from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser
from waitress.server import BaseWSGIServer
from waitress.task import ErrorTask, WSGITask
from waitress.utilities import Error, RequestEntityTooLarge, RequestHeaderFieldsTooLarge

from . import create_app
from .config import (
    CONNECTION_LIMIT,
    IDLE_TIMEOUT,
    LOOP_TURN,
    MAX_HEADER_BYTES,
    READ_TIMEOUT,
    REQUEST_THREADS,
    RESERVE,
)
from .errors import PROBLEM_TYPE, problem
from .service import RECEIVED

FILES_KEPT = 64  # file descriptors left for what is not a connection (the listening socket, logs)
# seconds for which a connection closed after an error answer still takes (and drops) what the
# client sends, so that the client reads the answer rather than a reset
LINGER = 2.0
ACCEPTS_PER_TURN = 64  # new connections taken in one turn of the loop, at most


class RequestTimeout(Error):  # waitress has no type information: its classes are Any
    code = 408
    reason = "Request Timeout"


class TimedRequest(HTTPRequestParser):
    """waitress's request, with when it was read whole (``time.monotonic()``)."""

    read_at: float | None = None
    # set by waitress once the request line is parsed; a request refused before that (400: no
    # request line) has none, and waitress names it when the client leaves mid-answer
    path = "(a request refused before its path was read)"

    def received(self, data: bytes) -> int:
        consumed: int = super().received(data)
        if self.completed and self.read_at is None:
            self.read_at = time.monotonic()
        return consumed


class TimedTask(WSGITask):
    def get_environment(self) -> dict[str, Any]:
        environ: dict[str, Any] = super().get_environment()
        environ[RECEIVED] = self.request.read_at
        return environ


class JsonErrorTask(ErrorTask):
    """The errors waitress answers by itself, as JSON like the app's own."""

    def execute(self) -> None:
        error = self.request.error
        adj = self.channel.server.adj
        if isinstance(error, RequestEntityTooLarge):
            message = f"body: more than {adj.max_request_body_size - 1} bytes (MAX_CONTENT_LENGTH)"
        elif isinstance(error, RequestHeaderFieldsTooLarge):
            message = f"headers: more than {adj.max_request_header_size} bytes"
        elif isinstance(error, RequestTimeout):
            message = f"request: not received whole within {READ_TIMEOUT:g} s"
        else:
            message = f"{error.reason}: {error.body}"
        body = json.dumps(problem(error.code, message)).encode()
        self.status = f"{error.code} {error.reason}"
        self.response_headers.extend([("Content-Type", PROBLEM_TYPE), ("X-Content-Type-Options", "nosniff")])
        self.set_close_on_finish()
        self.channel.linger = True  # the client may still be sending what was refused
        self.content_length = len(body)
        self.write(body)


class Channel(HTTPChannel):
    """A connection: errors in JSON, a request that arrives too slowly answered 408, and a
    lingering close after an error answer (room for fresh connections: ``make_room``).

    Closing a socket with unread input makes the kernel reset the connection, and the client
    then loses the answer it has not read yet (a 413 for a body it is still sending, say). So
    after an error answer the connection is half closed: the answer ends with our FIN, and what
    the client still sends is read and dropped until it closes too, for at most LINGER seconds.
    """

    parser_class = TimedRequest
    task_class = TimedTask
    error_task_class = JsonErrorTask
    request: Any = None  # the request being received (waitress's own attribute)
    # the time.monotonic() of the first byte of the request being received, None between
    # requests. Blank lines (which waitress drops) count as a start, so that a client sending
    # nothing else meets the deadline too.
    began: float | None = None
    linger = False  # to close lingering (after an error answer)
    linger_until: float | None = None  # lingering until then

    def received(self, data: bytes) -> bool:
        if self.began is None:
            self.began = time.monotonic()
        queued = len(self.requests)
        taken: bool = super().received(data)
        if len(self.requests) > queued:  # a request was read whole: the next one, if begun, begins now
            self.began = time.monotonic() if self.request is not None else None
        return taken

    def waiting_since(self, now: float, wall_now: float) -> float:
        """The time.monotonic() since which this connection has held its place without a
        request to answer: the first byte of the request it is sending, or its last activity
        (``now`` and ``wall_now``: the time on both clocks, waitress's being the wall clock)."""
        return self.began if self.began is not None else now - (wall_now - self.last_activity)

    def readable(self) -> bool:
        # asked of every connection at each turn of the server's loop (at least every LOOP_TURN)
        if self.linger_until is not None:
            if time.monotonic() < self.linger_until:
                return True
            self.stop_lingering()
            return False
        began = self.began
        if began is not None and time.monotonic() - began > READ_TIMEOUT:
            with self.requests_lock:
                if self.began == began and not (self.requests or self.will_close or self.close_when_flushed):
                    self.time_out()
            return False
        readable: bool = super().readable()
        return readable

    def time_out(self) -> None:
        """Answer the request being received with 408, as waitress answers a request in error
        (on a request thread), and close the connection after."""
        request = self.request or self.parser_class(self.adj)
        if not request.headers_finished:  # as waitress does for headers too large
            request.parse_header(b"GET / HTTP/1.0\r\n")
        request.error = RequestTimeout("")
        request.completed = True
        self.request, self.began = None, None
        self.requests.append(request)
        self.server.add_task(self)

    def handle_read(self) -> None:
        if self.linger_until is None:
            super().handle_read()
            return
        try:
            data = self.socket.recv(65536)
        except OSError:
            data = b""
        if not data:  # the client closed its side too
            self.stop_lingering()

    def stop_lingering(self) -> None:
        self.linger, self.linger_until = False, None
        self.will_close = True  # closed at once by the loop (writable, then handle_close)

    def handle_close(self) -> None:
        if self.socket is None:
            # closed already: a reset is reported twice in one turn of the loop (the failed read
            # closes the channel, then the poll's hang-up flag asks again)
            return
        if self.linger and self.linger_until is None and not self.requests:
            self.linger = False  # once: a failed shutdown below closes at once
            try:
                self.socket.shutdown(socket.SHUT_WR)
            except OSError:
                pass
            else:
                self.linger_until = time.monotonic() + LINGER
                self.will_close = self.close_when_flushed = False
                return
        super().handle_close()


def make_room(listener: Any) -> None:
    """Keep the connections that wait (no request being answered, not closing) below the
    connection limit by its reserve: when there are more, close those that have waited
    longest. Slow or stalled clients holding many connections then cannot keep a fresh one
    out, and a fresh one is the last to go. Done once per turn of the loop, after the new
    connections are taken, so that many arriving at once cost one look at the others."""
    channels = listener.active_channels.values()
    limit = waiting_limit(listener.adj.connection_limit)
    if len(channels) <= limit:
        return
    now, wall_now = time.monotonic(), time.time()
    waiting = [
        (channel.waiting_since(now, wall_now), channel)
        for channel in channels
        if not (channel.requests or channel.will_close or channel.close_when_flushed)
    ]
    for _, channel in heapq.nsmallest(len(waiting) - limit, waiting, key=itemgetter(0)):
        channel.will_close = True  # closed by the loop at its next turn


def waiting_limit(connections: int) -> int:
    """How many of ``connections`` may wait: all but the reserve (RESERVE of CONNECTION_LIMIT,
    as large a share of a lower limit)."""
    return max(1, connections - connections * RESERVE // CONNECTION_LIMIT)


def accept_many(listener: Any) -> None:
    """Make ``listener`` take up to ACCEPTS_PER_TURN waiting connections each time the loop
    finds one waiting, rather than one (within the connection limit, as ever), then make
    room for them."""
    accept_one = listener.handle_accept

    def handle_accept() -> None:
        for _ in range(ACCEPTS_PER_TURN):
            count = len(listener.active_channels)
            accept_one()
            # none was waiting (or it failed), or the limit is reached: the next turn goes on
            if len(listener.active_channels) == count or not listener.readable():
                break
        make_room(listener)

    listener.handle_accept = handle_accept


def connection_limit(wanted: int) -> int:
    """``wanted``, or as many as the limit on open files allows once raised as far as it may be."""
    try:
        import resource
    except ImportError:  # Windows: no such limit
        return wanted
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    needed = wanted + FILES_KEPT
    if soft != resource.RLIM_INFINITY and soft < needed:
        raised = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
            soft = raised
        except (ValueError, OSError):
            pass
    if soft == resource.RLIM_INFINITY:
        return wanted
    return max(1, min(wanted, soft - FILES_KEPT))


# How long a thread holding the interpreter lock keeps it while another waits (Python's
# default is 5 ms). The single-dummy lane runs Python between its solves, and a request
# thread needs the lock dozens of times to answer: at 5 ms a wait, /health took up to a second
# under load. A tenth of that keeps quick answers quick; the extra switches cost little.
SWITCH_INTERVAL = 0.0005


def server_settings(app_config: Mapping[str, Any]) -> dict[str, Any]:
    """waitress's documented settings for the app: see the module's docstring."""
    return {
        "threads": REQUEST_THREADS,
        "connection_limit": connection_limit(CONNECTION_LIMIT),
        "channel_timeout": IDLE_TIMEOUT,
        "cleanup_interval": LOOP_TURN,  # how often idle connections are looked for
        "asyncore_loop_timeout": LOOP_TURN,  # the longest the loop waits: when deadlines are checked
        "asyncore_use_poll": True,
        "max_request_header_size": MAX_HEADER_BYTES,
        # waitress refuses a body of this many bytes or more; the app, one of more than its limit
        "max_request_body_size": app_config["MAX_CONTENT_LENGTH"] + 1,
        # a client that goes away mid-request is no error of the server's: no traceback in the log
        "log_socket_errors": False,
        "ident": "hasen",
    }


def serve(host: str, port: int, config: Mapping[str, Any]) -> None:
    """Serve until interrupted. ``port`` 0 picks a free port; the line printed at start
    gives the address, so scripts can read it."""
    app = create_app(config)
    solvers = app.config["HASEN_SOLVER_THREADS"]
    settings = server_settings(app.config)
    try:
        server = create_server(app, host=host, port=port, **settings)
    except ValueError as exc:  # waitress: a host that is no address and resolves to none
        app.extensions["hasen"].runner.shutdown()
        raise OSError(str(exc)) from None
    # one listening socket, or (a name of several addresses) several under one loop
    listeners = (
        [server]
        if isinstance(server, BaseWSGIServer)
        else [s for s in server.map.values() if isinstance(s, BaseWSGIServer)]
    )
    for listener in listeners:
        listener.channel_class = Channel
        accept_many(listener)
    first = listeners[0]
    url = f"http://{first.effective_host}:{first.effective_port}"
    print(
        f"hasen: serving on {url} (waitress; {solvers} solver threads in each lane, {settings['threads']} request "
        f"threads, {settings['connection_limit']} connections); try {url}/api/v1/health",
        flush=True,
    )
    sys.setswitchinterval(SWITCH_INTERVAL)
    try:
        server.run()
    finally:
        server.close()
        app.extensions["hasen"].runner.shutdown()
