"""Driving the review page in real headless Chromium: the server and the browser that the
fixtures of tests/web/conftest.py start, and the waits and reads of the page the browser
tests share (tests/web/test_browser.py, tests/web/test_recorder_page.py).

Debian's /usr/bin/chromium and /usr/bin/chromedriver are used as they are: the driver's path
goes to selenium's Service, so Selenium Manager is never run and nothing is downloaded. Every
wait is bounded; the server and the browser are stopped at the end. Selenium is imported when
first needed, so that a test module can skip itself first where it is missing
(``skip_without_chromium``).
"""

from __future__ import annotations

import json
import shutil
import tempfile
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pytest
from liveserver import ServedProcess

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
WAIT = 30  # seconds for the page to settle after an action
# seconds for a panel loaded in the background (single dummy, bid advice, fair review): on a
# busy machine several of them share the server's two solver threads
PANEL_WAIT = 120
# how often a wait looks again: selenium's default, half a second, is most of the time a
# settled page is waited for, action after action
POLL = 0.02


def waiting(driver, seconds: float = WAIT) -> Any:
    """A ``WebDriverWait`` of ``seconds`` that looks every ``POLL`` seconds."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, seconds, poll_frequency=POLL)


WINDOWS = {"wide": (1400, 1000), "phone": (375, 812)}


def skip_without_chromium() -> None:
    """Skip the calling test module where Chromium, its driver or selenium is missing."""
    missing = [path for path in (CHROMIUM, CHROMEDRIVER) if not shutil.which(path)]
    if missing:
        pytest.skip(
            f"{' and '.join(missing)} not installed (Debian: apt-get install chromium chromium-driver)",
            allow_module_level=True,
        )
    pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install -e '.[test]')")


class LiveServer(ServedProcess):
    """``hasen serve`` from this checkout on a free loopback port (``args``: more options)."""

    def __init__(self, *args: str) -> None:
        super().__init__("--threads", "2", *args)

    def api(self, endpoint: str, body: dict) -> tuple[int, dict]:
        request = urllib.request.Request(
            f"{self.url}/api/v1/{endpoint}",
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=WAIT) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())


def settle(driver) -> None:
    """Wait until the page has started and no API request is in flight."""
    from selenium.common.exceptions import TimeoutException

    try:
        waiting(driver).until(
            lambda d: d.execute_script(
                "return document.body.dataset.ready === '1' && document.body.dataset.busy === '0'"
            )
        )
    except TimeoutException:
        raise AssertionError(f"the page did not settle in {WAIT} s") from None


def panel_state(driver, panel: str) -> str:
    """Wait until a panel loaded in the background shows its answer or its error; which of them."""
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.common.by import By

    element = driver.find_element(By.ID, panel)
    try:
        waiting(driver, PANEL_WAIT).until(lambda d: element.get_dom_attribute("data-state") in ("done", "error"))
    except TimeoutException:
        raise AssertionError(f"the panel #{panel} did not load in {PANEL_WAIT} s") from None
    return str(element.get_dom_attribute("data-state"))


@contextmanager
def sized(driver, window: str) -> Iterator[None]:
    """The browser at a window's size for the block, then back at the fixture's."""
    width, height = WINDOWS[window]
    resize(driver, width, height)
    try:
        yield
    finally:
        resize(driver, 1300, 1000)


def resize(driver, width: int, height: int) -> None:
    """The window at this size, once the page has taken it (a resize is not at once)."""
    from selenium.common.exceptions import TimeoutException

    driver.set_window_size(width, height)
    try:
        waiting(driver).until(lambda d: d.execute_script("return window.innerWidth") == width)
    except TimeoutException:
        raise AssertionError(f"the window did not take a width of {width} px") from None


def no_overflow(driver) -> None:
    """Nothing is wider than the window: the page never scrolls sideways."""
    width, scroll = driver.execute_script("return [window.innerWidth, document.documentElement.scrollWidth]")
    wide = driver.execute_script("""
        return [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > innerWidth + 0.5
          && e.getBoundingClientRect().width > 0).slice(0, 5).map(e => e.tagName + '.' + e.className);""")
    assert scroll <= width and not wide, f"the page is {scroll} px wide in a {width} px window: {wide}"


# Each WebDriver call is a round trip to the browser, about 5 to 8 ms of CPU between the
# driver and Chromium; the journeys read the page after every action, so a read of many
# elements is one script. An element's text is WebDriver's: as shown (innerText; an SVG
# element's text content), empty when hidden, no-break spaces as spaces, the ends trimmed.
READ = """
const [selector, parts] = arguments;
const shown = e => [
  e.checkVisibility() ? (e.innerText ?? e.textContent).replace(/\\u00a0/g, " ").trim() : "",
  Object.fromEntries([...e.attributes].map(a => [a.name, a.value])),
];
return [...document.querySelectorAll(selector)].map(e => [
  ...shown(e), parts.map(part => [...e.querySelectorAll(part)].map(shown))
]);"""


@dataclass(frozen=True)
class Shown:
    """An element as the page shows it: its text, its attributes, and the parts inside it that
    the read asked for (by CSS selector), read alike."""

    text: str
    attrs: dict[str, str]
    parts: dict[str, list[Shown]]

    def data(self, name: str) -> str | None:
        """The element's ``data-`` attribute of this name, None when it has none."""
        return self.attrs.get(f"data-{name}")

    @property
    def classes(self) -> list[str]:
        return self.attrs.get("class", "").split()

    def part(self, selector: str) -> Shown:
        """The one part inside the element that ``selector`` finds."""
        found = self.parts[selector]
        assert len(found) == 1, f"{len(found)} of {selector!r} in {self.text!r}"
        return found[0]


def read(driver, selector: str, *parts: str) -> list[Shown]:
    """Every element ``selector`` finds, in the page's order, read in one script, with its
    ``parts``."""
    return [
        Shown(text, attrs, {part: [Shown(t, a, {}) for t, a in each] for part, each in zip(parts, found, strict=True)})
        for text, attrs, found in driver.execute_script(READ, selector, list(parts))
    ]


def read_one(driver, selector: str, *parts: str) -> Shown:
    """The one element ``selector`` finds, read as ``read`` reads it."""
    found = read(driver, selector, *parts)
    assert len(found) == 1, f"{len(found)} elements match {selector!r}"
    return found[0]


def start_server() -> Iterator[LiveServer]:
    """``hasen serve`` for one test module's browser tests, stopped after them."""
    # a time limit well above what the background panels take, even on a loaded machine
    running = LiveServer("--time-limit", "120")
    yield running
    running.stop()


def start_browser() -> Iterator[Any]:
    """Headless Chromium for one test module, quit after it."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    profile = tempfile.mkdtemp(prefix="hasen-chromium-")
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--window-size=1300,1000",
        f"--user-data-dir={profile}",
    ):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(WAIT)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
