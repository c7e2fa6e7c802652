"""The fixtures of the browser tests: one ``hasen serve`` and one headless Chromium per test
module that asks for them (tests/browsing.py starts them)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browsing import LiveServer, start_browser, start_server


@pytest.fixture(scope="module")
def server() -> Iterator[LiveServer]:
    yield from start_server()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from start_browser()
