"""Shared fixtures: the ``searcher`` of both search implementations, the Flask ``app`` and its
``client``, and the example deals of tests/examples.py.

The app's settings are TEST_SETTINGS; a test, class or module adds to them with the marker
``@pytest.mark.app_config(NAME=value, ...)`` (a module with ``pytestmark = ...``).

A test marked ``compiled`` solves too much for the pure-Python twin (minutes there, or past
the web API's time limit): it is skipped when the twin is the search. What the twin answers
is checked against the compiled search and the oracle by the twin tests themselves.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

import pytest
from compiled import extension_searcher_class
from examples import EUCHRE, EUCHRE2, HASENPFEFFER, Example

if TYPE_CHECKING:
    from flask import Flask
    from flask.testing import FlaskClient

# the tests play the games they name, whatever default game the machine's user has set (an
# empty HASEN_DEFAULTS sets none, and hides the user's file): commands run here and in
# subprocesses see it; tests/cli/test_cli_defaults.py sets its own
os.environ["HASEN_DEFAULTS"] = ""
TEST_SETTINGS: dict[str, Any] = {"TESTING": True}


def pytest_sessionfinish(session: pytest.Session) -> None:
    """At the end of a rebuild of the oracle's stored values, write them (tests/stored_oracle.py)."""
    import stored_oracle

    if stored_oracle.RECORDING:
        stored_oracle.write_recorded()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    from hasen.search import USING_EXTENSION

    if USING_EXTENSION:
        return
    skip = pytest.mark.skip(reason="many thousands of solves: the compiled search's work, minutes on the twin")
    for item in items:
        if item.get_closest_marker("compiled"):
            item.add_marker(skip)


@pytest.fixture(params=["extension", "twin"])
def searcher(request):
    """A fresh ``Searcher`` of the Cython extension, then of its pure-Python twin.

    Interface of both: ``Searcher().solve(hands, active, leader, declarers, trick=())``.
    """
    if request.param == "extension":
        cls = extension_searcher_class()
    else:
        from hasen.search._search_py import Searcher as cls
    return cls()


# --- the Flask app ------------------------------------------------------------------------


def make_app(node: pytest.Item | pytest.Collector) -> Flask:
    """``hasen.api.create_app`` with TEST_SETTINGS and the closest ``app_config`` marker's settings."""
    from hasen.api import create_app

    marker = node.get_closest_marker("app_config")
    return create_app({**TEST_SETTINGS, **(marker.kwargs if marker else {})})


@pytest.fixture
def app(request: pytest.FixtureRequest) -> Flask:
    """A new app for each test: its own cache and solver threads."""
    return make_app(request.node)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture(scope="module")
def module_app(request: pytest.FixtureRequest) -> Flask:
    """One app for all the tests of a module that use it, for checking what the requests of
    the earlier tests leave behind (settings: the module's ``app_config`` marker)."""
    return make_app(request.node)


@pytest.fixture
def openapi_doc(client: FlaskClient) -> dict:
    """The OpenAPI document the app serves (with the test's settings)."""
    return client.get("/api/v1/openapi.json").get_json()


# --- example deals (tests/examples.py) ------------------------------------------------------


@pytest.fixture
def hasenpfeffer() -> Example:
    """Hasenpfeffer, the example deal; W deals."""
    return HASENPFEFFER


@pytest.fixture
def euchre2() -> Example:
    """Two-handed Euchre; N deals, the upcard AS."""
    return EUCHRE2


@pytest.fixture
def euchre() -> Example:
    """Four-hand Euchre; N deals, the upcard KS."""
    return EUCHRE
