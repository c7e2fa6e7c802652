"""Draw the screenshots of docs/review-page.md: the recorder, the bid advice and a night's
report, each on a phone (375 px wide) and on a desk (1,280 px), in headless Chromium against
``hasen serve`` on loopback.

    python docs/screenshots.py          # writes docs/shots/*.png (about a minute)

Needs the test extras (selenium, matplotlib) and Debian's chromium and chromedriver. The
pictures are made smaller by a 64-colour palette (Pillow, which matplotlib installs).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

ROOT = Path(__file__).resolve().parent
SHOTS = ROOT / "shots"
sys.path.insert(0, str(ROOT.parent / "tests"))
from liveserver import ServedProcess  # noqa: E402

WIDTHS = {"phone": (375, 812), "desk": (1280, 900)}
# a Euchre hand at the table, part played: the dealer N, the KS turned, N orders up
TAPS = [
    '[data-card="KS"]',
    "pass",
    "pass",
    "pass",
    "order up",
    '[data-card="KH"]',
    '[data-card="AH"]',
    '[data-card="9H"]',
    '[data-card="JH"]',
    '[data-card="KS"]',
    '[data-card="JC"]',
]


def ready(driver: webdriver.Chrome) -> None:
    WebDriverWait(driver, 60).until(
        lambda d: d.execute_script("return document.body.dataset.ready === '1' && document.body.dataset.busy === '0'")
    )


def size(driver: webdriver.Chrome, window: str) -> None:
    width, height = WIDTHS[window]
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": window == "phone"},
    )


def save(driver: webdriver.Chrome, name: str, element: str | None = None) -> None:
    """The window, or one element of the page (on a desk), as a palette PNG."""
    path = SHOTS / f"{name}.png"
    if element:
        driver.find_element(By.CSS_SELECTOR, element).screenshot(str(path))
    else:
        driver.save_screenshot(str(path))
    Image.open(path).convert("RGB").quantize(64).save(path, optimize=True)
    print(f"{path.relative_to(ROOT.parent)}: {path.stat().st_size // 1024} KiB")


def tap(driver: webdriver.Chrome, what: str) -> None:
    if what.startswith("["):
        driver.find_element(By.CSS_SELECTOR, f"#rec-choices {what}").click()
    else:
        next(b for b in driver.find_elements(By.CSS_SELECTOR, "#rec-choices button") if b.text == what).click()
    ready(driver)


def record(driver: webdriver.Chrome, url: str) -> None:
    driver.get(url)
    driver.execute_script("localStorage.clear()")
    driver.get(url)
    ready(driver)
    driver.find_element(By.CSS_SELECTOR, "#recorder summary").click()
    Select(driver.find_element(By.ID, "rec-game")).select_by_value("euchre/24")
    ready(driver)
    for what in TAPS:
        tap(driver, what)


def advise(driver: webdriver.Chrome, url: str) -> None:
    driver.get(url)
    ready(driver)
    for field, value in (("advice-seat", "N"), ("advice-dealer", "W")):
        Select(driver.find_element(By.ID, field)).select_by_value(value)
    for field, text in (("advice-hand", "AS KH AC QC JC JK"), ("advice-score", "6-4")):
        driver.find_element(By.ID, field).clear()
        driver.find_element(By.ID, field).send_keys(text)
    driver.find_element(By.ID, "advice-ask").click()
    WebDriverWait(driver, 120).until(lambda d: d.find_element(By.ID, "advice").get_attribute("data-state") == "done")
    driver.execute_script("document.getElementById('advice').scrollIntoView()")


def main() -> None:
    SHOTS.mkdir(exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="hasen-shots-"))
    subprocess.run(
        [sys.executable, "-m", "hasen", "session", "--example", "--layouts", "100"],
        cwd=folder,
        check=True,
        capture_output=True,
    )
    server = ServedProcess("--threads", "2", "--time-limit", "120")
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--hide-scrollbars",
        f"--user-data-dir={folder / 'profile'}",
    ):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    try:
        for window in WIDTHS:
            size(driver, window)
            record(driver, server.url + "/")
            save(driver, f"recorder-{window}", None if window == "phone" else ".recorder-panel")
            advise(driver, server.url + "/")
            save(driver, f"advice-{window}", None if window == "phone" else "#advice")
            driver.get((folder / "example-night.html").as_uri())
            time.sleep(0.5)
            save(driver, f"report-{window}")
    finally:
        driver.quit()
        server.stop()


if __name__ == "__main__":
    main()
