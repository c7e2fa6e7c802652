"""The web service: a JSON API over the solver under /api/v1.

``create_app(config)`` builds the app; ``hasen serve`` runs it under waitress. ``/`` is the
review page (hasen.api.page).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """The Flask app (``hasen.create_app``); ``config`` overrides any of the limits that
    docs/web-api.md lists and any Flask setting.

    >>> app = create_app({"HASEN_CACHE_SIZE": 0})
    >>> app.test_client().get("/api/v1/health").json["status"]
    'ok'
    """
    # imported here, so that the package's documents (the OpenAPI schemas, ``hasen schema``)
    # load without the web framework, an extra
    from flask import Flask

    from .assets import assets
    from .cache import AnswerCache
    from .conditional import install as install_conditional
    from .config import check_limits, defaults
    from .errors import register as register_errors
    from .guard import install as install_guard
    from .page import page
    from .routes import v1
    from .runner import Runner
    from .service import Service

    app = Flask(__name__)
    app.config.update(defaults())
    app.config.update(config or {})
    check_limits(app.config)
    # answers keep the solver's key order (tricks S H D C, discards in card order)
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.extensions["hasen"] = Service(
        AnswerCache(app.config["HASEN_CACHE_SIZE"]),
        Runner(app.config["HASEN_SOLVER_THREADS"], app.config["HASEN_TIME_LIMIT"]),
    )
    register_errors(app)
    install_guard(app)
    install_conditional(app)
    app.register_blueprint(v1)
    app.register_blueprint(page)
    app.register_blueprint(assets)
    return app


__all__ = ["create_app"]
