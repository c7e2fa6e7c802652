"""The page's recorder in real headless Chromium: a four-hand Euchre hand and a Hasenpfeffer
hand recorded by taps alone, as at the table; each reviewed; the page reloaded without
losing them; the night downloaded and read by ``hasen session``.

The hands are the page's own example records (api/page.py), so what the recorder ends with
is compared with a record written out by hand in the notation, read by the library.
"""

from __future__ import annotations

import json
import subprocess
import sys
from urllib.parse import unquote

import pytest
from browsing import LiveServer, no_overflow, panel_state, read_one, settle, sized, skip_without_chromium, waiting

from hasen import read_egn
from hasen.api.page import EXAMPLE_RECORDS
from hasen.notation.record import Record

pytestmark = pytest.mark.browser
skip_without_chromium()

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402


def fields(text: str) -> dict[str, str]:
    return dict(line.split(": ", 1) for line in text.splitlines())


def tap(driver, css: str) -> None:
    """Tap the choice that ``css`` names, once the recorder offers it (found in one script:
    a night is many taps, and each WebDriver call is a round trip to the browser)."""
    waiting(driver).until(lambda d: d.execute_script("return document.querySelector(arguments[0])", css)).click()
    settle(driver)


# the recorder's choices with their words, read in one script (a call per button is a round
# trip to the browser each, and a night is many taps)
CHOICES = "return [...document.querySelectorAll('#rec-choices button')].map(button => [button, button.innerText])"


def tap_call(driver, words: str) -> None:
    choices = driver.execute_script(CHOICES)
    buttons = [button for button, text in choices if text == words]
    assert len(buttons) == 1, (words, [text for _, text in choices])
    buttons[0].click()
    settle(driver)


def prompt(driver) -> str:
    return read_one(driver, "#rec-prompt").text


def record_hand(driver, example: str, game: str, widow: str | None) -> str:
    """Tap in the example record of ``game``: its dealer, upcard, calls, trump, widow,
    discard and cards; the record the recorder ends with."""
    given = fields(example)
    Select(driver.find_element(By.ID, "rec-game")).select_by_value(game)
    settle(driver)
    Select(driver.find_element(By.ID, "rec-dealer")).select_by_value(given["dealer"])
    settle(driver)
    deal = given["deal"]
    if "upcard" in prompt(driver):
        tap(driver, f'#rec-choices [data-card="{deal.split()[-1]}"]')
    for call in given["auction"].split(", "):
        seat, words = call.split(" ", 1)
        assert prompt(driver) == f"{seat} to call:"
        tap_call(driver, words)
    contract = given["contract"].split(", ")
    trump = next(part.split()[1] for part in contract if part.startswith("trump "))
    if "which trump" in prompt(driver):
        tap(driver, f'#rec-choices [data-trump="{trump}"][data-alone="false"]')
    if "widow" in prompt(driver):
        tap(driver, f'#rec-choices [data-card="{widow}"]' if widow else "#rec-choices .not-seen")
    if "discard" in prompt(driver):
        discard = next(part.split()[1] for part in contract if part.startswith("discard "))
        tap(driver, f'#rec-choices [data-card="{discard}"]')
    for card in given["play"].replace("|", " ").split():
        assert prompt(driver).endswith("to play:")
        tap(driver, f'#rec-choices [data-card="{card}"]')
    assert "recorded" in prompt(driver)
    return driver.find_element(By.ID, "rec-record").text


def typed_once(example: str, widow: bool) -> str:
    """The example written again without its deal: the record the taps give."""
    given = fields(example)
    lines = [f"{key}: {value}" for key, value in given.items() if key != "deal"]
    name = "widow" if given.get("variant") == "hasenpfeffer" else "upcard"
    if widow or name == "upcard":
        lines.insert(1, f"{name}: {given['deal'].split()[-1]}")
    return str(Record.parse("\n".join(lines)))


def night_items(driver) -> list[str]:
    return [item.get_attribute("textContent") for item in driver.find_elements(By.CSS_SELECTOR, "#rec-night li")]


def review(driver, index: int) -> None:
    """Review the night's hand ``index``: the fair review and the double-dummy review fill."""
    driver.find_elements(By.CSS_SELECTOR, "#rec-night li button")[2 * index].click()
    settle(driver)
    assert panel_state(driver, "fair") == "done"
    assert driver.find_elements(By.CSS_SELECTOR, "#summary .trick, #summary li, #summary tr")


def test_two_hands_recorded_by_taps_reviewed_kept_and_read_by_the_session(
    server: LiveServer,
    browser,
    tmp_path,
) -> None:
    browser.get(server.url + "/")
    browser.execute_script("localStorage.clear()")
    browser.get(server.url + "/")
    settle(browser)
    browser.find_element(By.CSS_SELECTOR, "#recorder summary").click()

    euchre = record_hand(browser, EXAMPLE_RECORDS["euchre"], "euchre/24", None)
    assert euchre == typed_once(EXAMPLE_RECORDS["euchre"], widow=False)
    tap(browser, "#rec-next")
    hasen = record_hand(browser, EXAMPLE_RECORDS["hasenpfeffer"], "hasenpfeffer/25", "KS")
    assert hasen == typed_once(EXAMPLE_RECORDS["hasenpfeffer"], widow=True)
    assert len(night_items(browser)) == 2
    # its last card taken back: the page says a hand of tonight's is being recorded again
    assert "again" not in read_one(browser, "#rec-so-far").text
    tap(browser, "#rec-undo")
    assert read_one(browser, "#rec-so-far").text.startswith("recording hand 2 of tonight's again, to replace it · ")
    last = fields(EXAMPLE_RECORDS["hasenpfeffer"])["play"].split()[-1]
    tap(browser, f'#rec-choices [data-card="{last}"]')
    assert browser.find_element(By.ID, "rec-record").text == hasen and len(night_items(browser)) == 2

    # a hand half recorded survives the reload too
    tap(browser, "#rec-next")
    tap_call(browser, "pass")
    browser.refresh()
    settle(browser)
    assert browser.find_element(By.ID, "recorder").get_attribute("open") is not None, "the recorder stays open"
    items = night_items(browser)
    assert len(items) == 2 and items[0].startswith("Euchre, N dealt: N, trump S") and "Hasenpfeffer" in items[1]
    assert "pass" in browser.find_element(By.ID, "rec-so-far").get_attribute("textContent")

    review(browser, 0)
    review(browser, 1)
    with sized(browser, "phone"):  # at the table: the recorder on top, its choices within the width
        box = browser.execute_script("return document.querySelector('.recorder-panel').getBoundingClientRect().top")
        assert box < browser.execute_script("return document.querySelector('#board').getBoundingClientRect().top")
        no_overflow(browser)

    href = browser.find_element(By.ID, "rec-download").get_attribute("href")
    night = tmp_path / "night.txt"
    night.write_text(unquote(href.split(",", 1)[1]))
    reviews = tmp_path / "night.jsonl"
    done = subprocess.run(
        [sys.executable, "-m", "hasen", "session", str(night), str(reviews), "--layouts", "20"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in reviews.read_text().splitlines()]
    assert [line["id"] for line in lines] == [1, 2] and not any("error" in line for line in lines)

    # the night's report, each hand reviewed by the server in turn
    browser.find_element(By.ID, "rec-report").click()
    waiting(browser, 120).until(
        lambda d: (
            d.find_element(By.ID, "rec-report-file").get_attribute("hidden") is None
            or d.find_element(By.ID, "rec-error").text
        )
    )
    assert not browser.find_element(By.ID, "rec-error").text
    # it opened in a tab of its own
    page = browser.current_window_handle
    waiting(browser).until(lambda d: len(d.window_handles) == 2)
    browser.switch_to.window(next(h for h in browser.window_handles if h != page))
    waiting(browser).until(lambda d: "hands reviewed" in d.page_source)
    report = browser.page_source
    browser.close()
    browser.switch_to.window(page)
    assert "2 hands reviewed." in report and f'href="{server.url}/?record=' in report
    assert browser.find_element(By.ID, "rec-report-status").text.startswith("2 hands reviewed, over ")

    # EGN holds Euchre only: refused while the night has a Hasenpfeffer hand, then written
    browser.find_element(By.ID, "rec-egn").click()
    settle(browser)
    refused = browser.find_element(By.ID, "rec-error").text
    assert refused.startswith("No EGN file: EGN: record 2 is Hasenpfeffer, and EGN records only Euchre"), refused
    browser.find_elements(By.CSS_SELECTOR, "#rec-night li button")[3].click()  # the second hand's Remove
    asked = browser.switch_to.alert  # no undo brings a hand back: the page asks first
    assert asked.text.startswith("Remove hand 2 (Hasenpfeffer, ") and asked.text.endswith(" from tonight's hands?")
    asked.accept()
    browser.find_element(By.ID, "rec-egn").click()
    settle(browser)
    egn = unquote(browser.find_element(By.ID, "rec-egn-file").get_attribute("href").split(",", 1)[1])
    assert [str(d.record) for d in read_egn(egn)] == [str(Record.parse(f"id: 1\n{euchre}"))]
    assert [str(r) for r in Record.parse_all(night.read_text())] == [
        str(Record.parse(f"id: {n}\n{text}")) for n, text in ((1, euchre), (2, hasen))
    ]


def stored_taps(driver) -> list:
    """The taps of the hand being recorded, as the browser keeps them."""
    return driver.execute_script("return JSON.parse(localStorage.getItem('hasen.recorder')).taps")


def double_tap(driver, css: str) -> None:
    """Two clicks on one choice in the same moment, as a finger's double tap gives them."""
    driver.execute_script("const b = document.querySelector(arguments[0]); b.click(); b.click();", css)
    settle(driver)


def test_taps_are_kept_without_the_server_once_each_and_across_tabs(server: LiveServer, browser) -> None:
    """At the table: a double tap is one tap; a tap the server does not answer (the Wi-Fi
    gone) is kept, not taken back, and checked once it answers again; and a second tab of the
    page goes on from the first's taps, never over them."""
    browser.get(server.url + "/")
    browser.execute_script("localStorage.clear()")
    browser.get(server.url + "/")
    settle(browser)
    browser.find_element(By.CSS_SELECTOR, "#recorder summary").click()
    Select(browser.find_element(By.ID, "rec-game")).select_by_value("railroad/25")
    settle(browser)
    best = browser.execute_script(
        "return [...document.querySelector('#rec-rules [data-setting=call_for_best]').options].map(o => o.text)"
    )
    assert best == ["yes", "no"], "a rule's words, not true and false"
    # a Railroad lone maker calls for best, which the recorder does not take: shown, not offered
    Select(browser.find_element(By.ID, "rec-dealer")).select_by_value("N")
    settle(browser)
    tap(browser, '#rec-choices [data-card="KS"]')
    offered = browser.execute_script(
        "return [...document.querySelectorAll('#rec-choices button')].map(b => [b.innerText, b.disabled])"
    )
    assert offered == [["pass", False], ["order up", False], ["order up alone", True]]
    assert read_one(browser, "#rec-not-recorded").text == (
        "Greyed out: going alone, E would call for the partner's best card, which the recorder does not take: "
        "type such a hand as a record."
    )
    tap(browser, "#rec-undo")
    assert "hidden" in read_one(browser, "#rec-not-recorded").attrs
    Select(browser.find_element(By.ID, "rec-game")).select_by_value("euchre/24")
    settle(browser)
    Select(browser.find_element(By.ID, "rec-dealer")).select_by_value("N")
    settle(browser)
    # a finger's targets: each suit's cards on rows of their own (a suit split over two rows
    # read as two), every button at least 44 pixels high
    rows = browser.execute_script(
        "return [...document.querySelectorAll('#rec-choices [data-card]')]"
        ".map(c => [c.dataset.card.slice(-1), Math.round(c.getBoundingClientRect().top)])"
    )
    tops = {suit: {top for s, top in rows if s == suit} for suit, _ in rows}
    assert len(tops) == 4 and all(not (tops[a] & tops[b]) for a in tops for b in tops if a != b), tops
    heights = browser.execute_script(
        "return [...document.querySelectorAll('#recorder button')].filter(b => b.offsetParent)"
        ".map(b => b.getBoundingClientRect().height)"
    )
    assert heights and min(heights) >= 44, heights
    double_tap(browser, '#rec-choices [data-card="KS"]')
    assert stored_taps(browser) == [["upcard", "KS"]] and prompt(browser) == "E to call:"
    assert read_one(browser, "#rec-so-far").text == "upcard K♠"
    double_tap(browser, "#rec-choices button")  # E's first call: pass
    assert stored_taps(browser) == [["upcard", "KS"], ["call", "pass"]] and prompt(browser) == "S to call:"

    # the server out of reach: the tap is kept, nothing is offered until it answers again
    browser.execute_script("window.realFetch = fetch; window.fetch = () => Promise.reject(new TypeError('down'))")
    tap_call(browser, "pass")
    assert stored_taps(browser)[-1] == ["call", "pass"] and len(stored_taps(browser)) == 3
    assert read_one(browser, "#rec-error").text.startswith("Kept in this browser, not yet checked: the server did")
    assert [b.text for b in browser.find_elements(By.CSS_SELECTOR, "#rec-choices button")] == ["Try again"]
    browser.execute_script("window.fetch = window.realFetch")
    tap(browser, "#rec-choices button")
    assert prompt(browser) == "W to call:" and len(stored_taps(browser)) == 3
    assert read_one(browser, "#rec-error").text == ""

    # a second tab: its tap is added to the first's, and the first goes on from it
    first = browser.current_window_handle
    browser.switch_to.new_window("tab")
    browser.get(server.url + "/")
    settle(browser)
    assert prompt(browser) == "W to call:"
    tap_call(browser, "pass")
    browser.close()
    browser.switch_to.window(first)
    waiting(browser).until(lambda d: prompt(d) == "N to call:")
    settle(browser)
    tap_call(browser, "pass")
    assert [value for _, value in stored_taps(browser)] == ["KS", "pass", "pass", "pass", "pass"]

    # started again by a slip of the finger: Undo brings the whole hand back
    tap(browser, "#rec-restart")
    assert stored_taps(browser) == [] and read_one(browser, "#rec-so-far").text == "Nothing recorded yet."
    tap(browser, "#rec-undo")
    assert [value for _, value in stored_taps(browser)] == ["KS", "pass", "pass", "pass", "pass"]
    assert prompt(browser) == "E to call:" and "disabled" not in read_one(browser, "#rec-undo").attrs
    # started again, then another dealer chosen: Undo cannot bring the hand back under it
    tap(browser, "#rec-restart")
    Select(browser.find_element(By.ID, "rec-dealer")).select_by_value("E")
    settle(browser)
    assert "disabled" in read_one(browser, "#rec-undo").attrs and stored_taps(browser) == []
