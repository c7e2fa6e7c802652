"""``hasen serve``: the app under waitress, a production WSGI server.

waitress is pure Python, runs on every OS the solver does, and answers requests on a pool
of threads in one process. That fits this service: the search releases the GIL, so the
threads really solve in parallel, and one process keeps one answer cache for everybody.

waitress's defaults suit a server behind a proxy, not one facing clients of its own, so
they are set here (the values and why: api/config.py and docs/web-api.md):

- request threads: many more than solver threads. A request thread mostly waits (for a
  solver thread, or on its socket); with enough of them a request is not left queued inside
  waitress, out of reach of the time limit, and ``/health``, which needs no solver, always
  finds one free. The solver threads stay as many as asked for.
- the time limit counts from when the server read the whole request: the channel notes it
  and the app finds it under ``hasen.api.service.RECEIVED`` in the WSGI environ.
- connections: many more allowed, watched with ``poll`` (``select`` stops at 1024), idle
  ones closed after IDLE_TIMEOUT, and a request not received whole within READ_TIMEOUT of
  its first byte answered with 408 and its connection closed: slow or silent clients cannot
  take the connections from the others.
- the request line and headers, and the body, are bounded as the app bounds them, so that a
  body too large is refused from its Content-Length, never read (let alone spooled to disk).
- waitress's own errors (400, 408, 413, 431, 500) are JSON like the app's.
"""

from __future__ import annotations

import json
import socket
import time
from typing import Any, Mapping

from waitress import create_server
from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser
from waitress.server import BaseWSGIServer
from waitress.task import ErrorTask, WSGITask
from waitress.utilities import Error, RequestEntityTooLarge, RequestHeaderFieldsTooLarge

from hasen.core.version import __version__

from . import create_app
from .config import CONNECTION_LIMIT, IDLE_TIMEOUT, MAX_HEADER_BYTES, READ_TIMEOUT, REQUEST_THREADS
from .service import RECEIVED

FILES_KEPT = 64  # file descriptors left for what is not a connection (the listening socket, logs)
# seconds for which a connection closed after an error answer still takes (and drops) what the
# client sends, so that the client reads the answer rather than a reset
LINGER = 2.0


class RequestTimeout(Error):
    code = 408
    reason = "Request Timeout"


class TimedRequest(HTTPRequestParser):
    """waitress's request, with when its first byte came and when it was read whole."""

    def __init__(self, adj: Any) -> None:
        super().__init__(adj)
        self.began = time.monotonic()
        self.read_at: float | None = None

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
        body = json.dumps({"error": message, "version": __version__}).encode()
        self.status = f"{error.code} {error.reason}"
        self.response_headers.extend([("Content-Type", "application/json"), ("X-Content-Type-Options", "nosniff")])
        self.set_close_on_finish()
        self.channel.linger = True  # the client may still be sending what was refused
        self.content_length = len(body)
        self.write(body)


class Channel(HTTPChannel):
    """A connection: requests timed, errors in JSON, a request that arrives too slowly cut off,
    and a lingering close after an error answer.

    Closing a socket with unread input makes the kernel reset the connection, and the client
    then loses the answer it has not read yet (a 413 for a body it is still sending, say). So
    after an error answer the connection is half closed: the answer ends with our FIN, and what
    the client still sends is read and dropped until it closes too, for at most LINGER seconds.
    """

    parser_class = TimedRequest
    task_class = TimedTask
    error_task_class = JsonErrorTask
    request: Any = None  # the request being received (waitress's own attribute)
    linger = False  # to close lingering (after an error answer)
    linger_until: float | None = None  # lingering until then

    def readable(self) -> bool:
        # asked of every connection at each turn of the server's loop (at least once a second)
        if self.linger_until is not None:
            if time.monotonic() < self.linger_until:
                return True
            self.stop_lingering()
            return False
        request = self.request
        if request is not None and not request.completed and time.monotonic() - request.began > READ_TIMEOUT:
            with self.requests_lock:
                if self.request is request and not self.requests:
                    # answered as a request in error is: 408 on a request thread, then closed
                    if not request.headers_finished:  # as waitress does for headers too large
                        request.parse_header(b"GET / HTTP/1.0\r\n")
                    request.error = RequestTimeout("")
                    request.completed = True
                    self.requests.append(request)
                    self.request = None
                    self.server.add_task(self)
            return False
        readable: bool = super().readable()
        return readable

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


def server_settings(app_config: Mapping[str, Any]) -> dict[str, Any]:
    """waitress's settings for the app: see the module's docstring."""
    return {
        "threads": REQUEST_THREADS,
        "connection_limit": connection_limit(CONNECTION_LIMIT),
        "channel_timeout": IDLE_TIMEOUT,
        "cleanup_interval": 1,  # how often idle connections are looked for
        "asyncore_use_poll": True,
        "max_request_header_size": MAX_HEADER_BYTES,
        # waitress refuses a body of this many bytes or more; the app, one of more than its limit
        "max_request_body_size": app_config["MAX_CONTENT_LENGTH"] + 1,
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
    listeners = [server] if isinstance(server, BaseWSGIServer) else \
        [s for s in server.map.values() if isinstance(s, BaseWSGIServer)]
    for listener in listeners:
        listener.channel_class = Channel
    first = listeners[0]
    url = f"http://{first.effective_host}:{first.effective_port}"
    print(f"hasen: serving on {url} (waitress; {solvers} solver threads, {settings['threads']} request "
          f"threads, {settings['connection_limit']} connections); try {url}/api/v1/health", flush=True)
    try:
        server.run()
    finally:
        server.close()
        app.extensions["hasen"].runner.shutdown()
