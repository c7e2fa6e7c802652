"""``hasen serve``: the app under waitress, a production WSGI server.

waitress is pure Python, runs on every OS the solver does, and answers requests on a pool
of threads in one process. That fits this service: the search releases the GIL, so the
threads really solve in parallel, and one process keeps one answer cache for everybody.
"""

from __future__ import annotations

from typing import Any, Mapping

from waitress import create_server

from . import create_app


def serve(host: str, port: int, config: Mapping[str, Any]) -> None:
    """Serve until interrupted. ``port`` 0 picks a free port; the line printed at start
    gives the address, so scripts can read it."""
    app = create_app(config)
    threads = app.config["HASEN_SOLVER_THREADS"]
    # as many request threads as solver threads: more would only wait for a solver
    try:
        server = create_server(app, host=host, port=port, threads=threads, ident="hasen")
    except ValueError as exc:  # waitress: a host that is no address and resolves to none
        app.extensions["hasen"].runner.shutdown()
        raise OSError(str(exc)) from None
    url = f"http://{server.effective_host}:{server.effective_port}"  # type: ignore[union-attr]
    print(f"hasen: serving on {url} (waitress, {threads} threads); "
          f"try {url}/api/v1/health", flush=True)
    try:
        server.run()
    finally:
        server.close()
        app.extensions["hasen"].runner.shutdown()
