"""The review page driven in real headless Chromium against ``hasen serve`` on loopback.

Debian's /usr/bin/chromium and /usr/bin/chromedriver are used as they are: the driver's
path goes to selenium's Service, so Selenium Manager is never run and nothing is
downloaded. Every wait is bounded; the server and the browser are stopped at the end.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import urllib.error
import urllib.request
from collections.abc import Iterator
from urllib.parse import parse_qs, quote, urlsplit

import pytest
from examples import HASENPFEFFER_DEAL, HASENPFEFFER_DEALER, Example
from liveserver import ServedProcess
from replay import Replay

from solver.analysis.inputs import make_contract
from solver.core.cards import card_name, cards_of, parse_card
from solver.core.deal import Deal

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
WAIT = 30  # seconds for the page to settle after an action

missing = [path for path in (CHROMIUM, CHROMEDRIVER) if not shutil.which(path)]
if missing:
    pytest.skip(f"{' and '.join(missing)} not installed (Debian: apt-get install chromium chromium-driver)",
                allow_module_level=True)
webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install -e '.[test]')")
from selenium.common.exceptions import TimeoutException  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402


class LiveServer(ServedProcess):
    """``hasen serve`` from this checkout on a free loopback port."""

    def __init__(self) -> None:
        super().__init__("--threads", "2")

    def api(self, endpoint: str, body: dict) -> tuple[int, dict]:
        request = urllib.request.Request(f"{self.url}/api/v1/{endpoint}", data=json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=WAIT) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())


@pytest.fixture(scope="module")
def server() -> Iterator[LiveServer]:
    running = LiveServer()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[webdriver.Chrome]:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    profile = tempfile.mkdtemp(prefix="hasen-chromium-")
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--no-first-run", "--window-size=1300,1000", f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(WAIT)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def settle(driver) -> None:
    """Wait until the page has started and no API request is in flight."""
    try:
        WebDriverWait(driver, WAIT).until(lambda d: d.execute_script(
            "return document.body.dataset.ready === '1' && document.body.dataset.busy === '0'"))
    except TimeoutException:
        raise AssertionError(f"the page did not settle in {WAIT} s") from None


def click(driver, element) -> None:
    element.click()
    settle(driver)


def page_state(driver) -> dict[str, str]:
    """The state the page keeps in its URL."""
    return {k: v[0] for k, v in parse_qs(urlsplit(driver.current_url).query).items()}


def shown_choices(driver) -> dict[str, tuple[int, int]]:
    """Every raised (legal) card of the seat to move: its total and cost, as shown."""
    out = {}
    for card in driver.find_elements(By.CSS_SELECTOR, ".seat-area.moving button.card.legal"):
        badge = card.find_element(By.CSS_SELECTOR, ".badge")
        assert badge.text == card.get_attribute("data-total")
        out[card.get_attribute("data-card")] = (int(badge.text), int(card.get_attribute("data-cost")))
    return out


def api_choices(answer: dict) -> dict[str, tuple[int, int]]:
    return {card: (c["total"], c["cost"]) for c in answer["choices"] for card in c["cards"]}


CONTRACT = {"deal": HASENPFEFFER_DEAL, "dealer": HASENPFEFFER_DEALER, "declarer": "N", "trump": "C", "discard": "KH"}


def test_load_a_deal_and_compare_the_table(server: LiveServer, browser, hasenpfeffer: Example) -> None:
    browser.get(server.url + "/")
    settle(browser)
    browser.find_element(By.ID, "deal-input").send_keys(hasenpfeffer.deal)
    browser.find_element(By.CSS_SELECTOR, f"#dealer option[value='{hasenpfeffer.dealer}']").click()
    browser.find_element(By.CSS_SELECTOR, "#declarer option[value='N']").click()
    click(browser, browser.find_element(By.ID, "load"))
    assert not browser.find_element(By.ID, "error").is_displayed()

    status, table = server.api("table", {"deal": hasenpfeffer.deal, "dealer": hasenpfeffer.dealer, "declarer": "N"})
    assert status == 200
    expected = table["declarers"]["N"]
    cells = browser.find_elements(By.CSS_SELECTOR, ".heatmap button.cell")
    shown = {(c.get_attribute("data-trump"), c.get_attribute("data-discard")): int(c.text) for c in cells}
    assert shown == {(t, d): n for t, row in expected["tricks"].items() for d, n in row.items()}
    marked = [(c.get_attribute("data-trump"), c.get_attribute("data-discard"))
              for c in cells if "best" in c.get_attribute("class").split()]
    assert marked == [tuple(t) for t in expected["ties"]] == [("C", "KH")]
    # the deal is on the table, card by card: N's six cards, the widow in the middle
    north = browser.find_elements(By.CSS_SELECTOR, ".seat-area[data-seat='N'] .card")
    assert [c.get_attribute("data-card") for c in north] == ["AS", "KH", "AC", "QC", "JC", "JK"]
    assert browser.find_element(By.CSS_SELECTOR, ".widow .card").get_attribute("data-card") == "KS"
    assert page_state(browser) == {"deal": table["deal"], "dealer": "W", "declarer": "N"}


def test_play_cards_and_compare_the_values(server: LiveServer, browser, hasenpfeffer: Example) -> None:
    browser.get(f"{server.url}/?deal={quote(hasenpfeffer.deal)}&dealer=W&declarer=N")
    settle(browser)
    click(browser, browser.find_element(By.CSS_SELECTOR, ".heatmap .cell[data-trump='C'][data-discard='KH']"))
    # the oracle follows the same play, for the values it can reach quickly (from trick 3 on)
    replay = Replay.start(Deal(hasenpfeffer.deal, hasenpfeffer.dealer), make_contract("N", "C", "KH"))
    played: list[str] = []
    for _step in range(10):
        status, answer = server.api("solve", {**CONTRACT, "played": " ".join(played)})
        assert status == 200
        shown = shown_choices(browser)
        assert shown == api_choices(answer), f"after {played}"
        if len(played) >= 8:
            for card, (total, _) in shown.items():
                assert replay.after(parse_card(card)).total() == total, f"{card} after {played}"
        # play a costly card when there is one, so that the marks get checked too
        card = max(shown, key=lambda c: (shown[c][1], c))
        click(browser, browser.find_element(By.CSS_SELECTOR, f".seat-area.moving button.card[data-card='{card}']"))
        played.append(card)
        replay = replay.after(parse_card(card))
        assert page_state(browser)["play"] == " ".join(played)

    status, review = server.api("review", {**CONTRACT, "play": " ".join(played)})
    assert status == 200
    log = browser.find_elements(By.CSS_SELECTOR, ".log-card")
    assert [(c.get_attribute("data-card"), int(c.get_attribute("data-cost"))) for c in log] == \
        [(c["card"], c["cost"]) for c in review["cards"]]
    assert any(c["cost"] for c in review["cards"]), "the play above should include a costly card"
    for element, card in zip(log, review["cards"]):
        assert ("costly" in element.get_attribute("class").split()) == bool(card["cost"])
        assert ("−" in element.text) == bool(card["cost"])  # the cost is printed after the card
    lost = {row.get_attribute("data-seat"): int(row.find_elements(By.TAG_NAME, "td")[3].text)
            for row in browser.find_elements(By.CSS_SELECTOR, ".players tbody tr")}
    assert lost == {seat: p["tricks_lost"] for seat, p in review["players"].items()}

    # back three cards: the URL keeps the whole record and where the page stands in it
    for _ in range(3):
        click(browser, browser.find_element(By.ID, "go-back"))
    assert page_state(browser)["at"] == str(len(played) - 3)
    status, answer = server.api("solve", {**CONTRACT, "played": " ".join(played[:-3])})
    assert shown_choices(browser) == api_choices(answer)

    # the link restores the same position in a fresh page
    link = browser.current_url
    browser.get("about:blank")
    browser.get(link)
    settle(browser)
    assert shown_choices(browser) == api_choices(answer)
    assert len(browser.find_elements(By.CSS_SELECTOR, ".log-card.ahead")) == 3

    # forward plays the recorded card again; the record is unchanged
    click(browser, browser.find_element(By.ID, "go-forward"))
    assert page_state(browser)["play"] == " ".join(played)
    assert page_state(browser)["at"] == str(len(played) - 2)


def test_paste_a_played_hand(server: LiveServer, browser, hasenpfeffer: Example) -> None:
    browser.get(f"{server.url}/?deal={quote(hasenpfeffer.deal)}&dealer=W&declarer=N&trump=C&discard=KH")
    settle(browser)
    play = "AS AD 9S QS | JC KC TC 9C"
    browser.find_element(By.ID, "paste-input").send_keys(play)
    click(browser, browser.find_element(By.ID, "paste-review"))
    status, review = server.api("review", {**CONTRACT, "play": play})
    assert status == 200
    assert page_state(browser)["play"] == "AS AD 9S QS JC KC TC 9C"
    costly = [c.get_attribute("data-card") for c in browser.find_elements(By.CSS_SELECTOR, ".log-card.costly")]
    assert costly == [c["card"] for c in review["cards"] if c["cost"]] == ["AS", "AD"]


def test_errors_show_the_api_message(server: LiveServer, browser, hasenpfeffer: Example) -> None:
    browser.get(f"{server.url}/?deal={quote(hasenpfeffer.deal)}&dealer=W&declarer=N&trump=C&discard=KH")
    settle(browser)
    bad_play = "JC KC TC QD"
    browser.find_element(By.ID, "paste-input").send_keys(bad_play)
    click(browser, browser.find_element(By.ID, "paste-review"))
    status, answer = server.api("review", {**CONTRACT, "play": bad_play})
    assert status == 400
    assert browser.find_element(By.ID, "error").text.endswith(answer["error"])

    bad_deal = "N:A.K..AQJ* .AQ.AKT.K T9.T9.9.T QJ.J.QJ"
    field = browser.find_element(By.ID, "deal-input")
    field.clear()
    field.send_keys(bad_deal)
    click(browser, browser.find_element(By.ID, "load"))
    status, answer = server.api("table", {"deal": bad_deal, "dealer": "W", "declarer": "N"})
    assert status == 400
    assert browser.find_element(By.ID, "error").text.endswith(answer["error"])


def test_a_bad_record_in_a_link_is_shown_not_dropped(server: LiveServer, browser, hasenpfeffer: Example) -> None:
    browser.get(f"{server.url}/?deal={quote(hasenpfeffer.deal)}&dealer=W&declarer=N&trump=C&discard=KH"
                f"&play={quote('JC QC')}")
    settle(browser)
    assert "play: trick 1, E does not hold QC" in browser.find_element(By.ID, "error").text
    assert browser.find_element(By.ID, "paste-input").get_attribute("value") == "JC QC"


def test_the_review_panel_is_of_the_whole_record(server: LiveServer, browser, hasenpfeffer: Example) -> None:
    play = "JC KC TC 9C AS AD"
    browser.get(f"{server.url}/?deal={quote(hasenpfeffer.deal)}&dealer=W&declarer=N&trump=C&discard=KH"
                f"&play={quote(play)}&at=5")
    settle(browser)
    assert not browser.find_element(By.ID, "error").is_displayed()
    status, review = server.api("review", {**CONTRACT, "play": play})
    assert status == 200
    # the board and the log: five cards played, the sixth ahead
    assert len(browser.find_elements(By.CSS_SELECTOR, ".log-card:not(.ahead)")) == 5
    assert [c.get_attribute("data-card") for c in browser.find_elements(By.CSS_SELECTOR, ".log-card.ahead")] == ["AD"]
    # the review panel says it is about the whole record, and where the board stands in it
    assert browser.find_element(By.ID, "review-title").text == "Review of the played record"
    result = browser.find_element(By.CSS_SELECTOR, "#summary .result")
    assert result.text.startswith("The played record: 6 cards;")
    assert f"take {review['total']} with best play after its last card" in result.text
    on_view = browser.find_element(By.CSS_SELECTOR, "#summary .on-view")
    assert "after 5 of these 6 cards" in on_view.text
    counts = {row.get_attribute("data-seat"): int(row.find_elements(By.TAG_NAME, "td")[1].text)
              for row in browser.find_elements(By.CSS_SELECTOR, ".players tbody tr")}
    assert counts == {seat: p["cards"] for seat, p in review["players"].items()}
    assert sum(counts.values()) == 6

    # at the record's last card the panel has no position to point out
    click(browser, browser.find_element(By.ID, "go-forward"))
    assert "at" not in page_state(browser)
    assert browser.find_element(By.CSS_SELECTOR, "#summary .result").text.startswith("The played record: 6 cards;")
    assert not browser.find_elements(By.CSS_SELECTOR, "#summary .on-view")
    # at the start, the panel still covers the whole record and says the board is before it
    click(browser, browser.find_element(By.ID, "go-start"))
    assert "before the first of them" in browser.find_element(By.CSS_SELECTOR, "#summary .on-view").text


def test_a_misplaced_bar_in_a_link_is_reported(server: LiveServer, browser, hasenpfeffer: Example) -> None:
    # a '|' where no trick ends: the API's message, the record as given in the paste box,
    # and the play from its first card
    play = "JC KC | TC 9C AS AD"
    browser.get(f"{server.url}/?deal={quote(hasenpfeffer.deal)}&dealer=W&declarer=N&trump=C&discard=KH"
                f"&play={quote(play)}&at=5")
    settle(browser)
    status, answer = server.api("review", {**CONTRACT, "play": play})
    assert status == 400 and "'|'" in answer["error"]
    error = browser.find_element(By.ID, "error")
    assert error.is_displayed() and error.text.endswith(answer["error"])
    assert browser.find_element(By.ID, "paste-input").get_attribute("value") == play
    assert "play" not in page_state(browser) and "at" not in page_state(browser)
    assert not browser.find_elements(By.CSS_SELECTOR, ".log-card")
    assert browser.find_element(By.ID, "go-start").get_attribute("disabled")

    # a '|' where a trick does end is accepted as before
    play = "JC KC TC 9C | AS AD"
    browser.get(f"{server.url}/?deal={quote(hasenpfeffer.deal)}&dealer=W&declarer=N&trump=C&discard=KH"
                f"&play={quote(play)}&at=5")
    settle(browser)
    assert not browser.find_element(By.ID, "error").is_displayed()
    assert page_state(browser)["play"] == "JC KC TC 9C AS AD" and page_state(browser)["at"] == "5"
    assert len(browser.find_elements(By.CSS_SELECTOR, ".log-card:not(.ahead)")) == 5


def seat_cards(driver, seat: str) -> list[str]:
    """The cards a seat's hand shows, in the order shown."""
    return [c.get_attribute("data-card")
            for c in driver.find_elements(By.CSS_SELECTOR, f".seat-area[data-seat='{seat}'] .hand .card")]


@pytest.mark.parametrize(("trump", "discard", "canonical"), [
    ("C", "K♥", "KH"), ("C", " KH", "KH"), ("♣", "*", "JK"), ("c", "kh", "KH")])
def test_a_link_with_a_discard_in_another_spelling(server: LiveServer, browser, hasenpfeffer: Example,
                                                   trump: str, discard: str, canonical: str) -> None:
    # the notation reads a card in several spellings; the page shows the hand the API plays
    play = "AS KC 9S QS AH 9H"
    browser.get(f"{server.url}/?deal={quote(hasenpfeffer.deal)}&dealer=W&declarer=N&trump={quote(trump)}"
                f"&discard={quote(discard)}&play={quote(play)}&at=0")
    settle(browser)
    assert not browser.find_element(By.ID, "error").is_displayed()
    replay = Replay.start(Deal(hasenpfeffer.deal, hasenpfeffer.dealer), make_contract("N", "C", canonical))
    for seat in "NESW":
        held = {card_name(c) for c in cards_of(replay.hands["NESW".index(seat)])}
        assert set(seat_cards(browser, seat)) == held, seat
    assert canonical not in seat_cards(browser, "N")
    # the link is rewritten in canonical form, and the table marks the contract played
    assert page_state(browser)["discard"] == canonical and page_state(browser)["trump"] == "C"
    selected = browser.find_elements(By.CSS_SELECTOR, ".heatmap .cell.selected")
    assert [(c.get_attribute("data-trump"), c.get_attribute("data-discard")) for c in selected] == [("C", canonical)]
    status, answer = server.api("solve", {**CONTRACT, "discard": canonical, "played": ""})
    assert status == 200 and shown_choices(browser) == api_choices(answer)


def test_a_link_fills_the_record_box(server: LiveServer, browser, hasenpfeffer: Example) -> None:
    play = "AS KC 9S QS AH 9H"
    browser.get(f"{server.url}/?deal={quote(hasenpfeffer.deal)}&dealer=W&declarer=N&trump=C&discard=KH"
                f"&play={quote(play)}&at=2")
    settle(browser)
    status, review = server.api("review", {**CONTRACT, "play": play})
    assert status == 200
    assert browser.find_element(By.ID, "paste-input").get_attribute("value") == review["played"]
    # the box is the record under review: reviewing it again changes nothing
    click(browser, browser.find_element(By.ID, "paste-review"))
    assert not browser.find_element(By.ID, "error").is_displayed()
    assert page_state(browser)["play"] == play
