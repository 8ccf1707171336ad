"""The web table in a real browser (Debian's headless Chromium through Selenium): a board
bid to the end by clicking the bidding box, an illegal call posted by hand refused, a call
explained, a hint, the end summary, and a screenshot with the suits in colour."""
from __future__ import annotations

import io
import shutil
import socket
import tempfile
import threading
import time
from pathlib import Path

import numpy as np
import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
    pytest.skip("Chromium or chromedriver is missing (apt-get install chromium chromium-driver)",
                allow_module_level=True)

import uvicorn  # noqa: E402
from selenium.common.exceptions import (  # noqa: E402
    NoSuchElementException, StaleElementReferenceException, WebDriverException)
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.expected_conditions import (  # noqa: E402
    presence_of_element_located, text_to_be_present_in_element)
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

from bidding.interfaces.web.app import create_app  # noqa: E402
from bidding.model.cards import PBN_DEAL_EXAMPLE  # noqa: E402

def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def server():
    port = free_port()
    config = uvicorn.Config(create_app([], [], seed=3), host="127.0.0.1", port=port,
                            log_level="warning")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not running.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    running.should_exit = True
    thread.join(5)


@pytest.fixture(scope="module")
def browser():
    profile = tempfile.mkdtemp(prefix="web-table-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                     "--no-first-run", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync",
                     "--window-size=1200,1000", f"--user-data-dir={profile}"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    driver.implicitly_wait(3)
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


def new_board(browser, server: str) -> None:
    browser.get(server + "/")
    browser.find_element(By.CSS_SELECTOR, 'input[name="source"][value="pbn"]').click()
    browser.find_element(By.NAME, "pbn").send_keys(PBN_DEAL_EXAMPLE)
    number = browser.find_element(By.NAME, "number")      # the first visit dealt board 1:
    number.clear()                                         # deal the PBN deal as board 1 too
    number.send_keys("1")
    press(browser, By.ID, "deal")
    assert "you are South" in browser.find_element(By.ID, "heading").text


def next_page(browser, page) -> None:
    """Wait until `page` is replaced and the new page has loaded. While the old page is
    unloading, Chromium may say its node "does not belong to the document" (it is gone) and
    a script may fail (not loaded yet)."""
    def replaced(driver) -> bool:
        try:
            page.is_enabled()
        except StaleElementReferenceException:
            return True
        except WebDriverException as error:
            if "does not belong to the document" not in str(error):
                raise
            return True
        return False

    def loaded(driver) -> bool:
        try:
            return driver.execute_script("return document.readyState") == "complete"
        except WebDriverException:
            return False
    WebDriverWait(browser, 10).until(replaced)
    WebDriverWait(browser, 10).until(loaded)


def press(browser, by: str, selector: str) -> None:
    """Submit with the button `selector` finds, found again if the page's script replaced it
    between finding and clicking (the robots' calls are shown one by one), or if it is not
    there yet on a loaded machine. Only the finding and clicking are tried again: once the
    click is made, the form is sent, and a second click would send another call."""
    for _ in range(5):
        WebDriverWait(browser, 15).until(presence_of_element_located((by, selector)))
        page = browser.find_element(By.TAG_NAME, "html")
        try:
            browser.find_element(by, selector).click()
        except WebDriverException as error:
            if not isinstance(error, (StaleElementReferenceException, NoSuchElementException)) \
                    and "does not belong to the document" not in str(error):
                raise
            time.sleep(0.2)
            continue
        next_page(browser, page)
        return
    page = browser.find_element(By.TAG_NAME, "html")
    browser.find_element(by, selector).click()
    next_page(browser, page)


def panel_text(browser, panel: str, expected: str) -> str:
    """The text of a panel once the JavaScript's answer, containing `expected`, is in."""
    WebDriverWait(browser, 10).until(text_to_be_present_in_element((By.ID, panel), expected))
    return browser.find_element(By.ID, panel).text


def calls_in_auction(browser) -> list[str]:
    return [button.get_attribute("textContent")
            for button in browser.find_elements(By.CSS_SELECTOR, "#auction .call")]


def test_a_board_in_the_browser(browser, server):
    new_board(browser, server)
    headers = [cell.text for cell in browser.find_elements(By.CSS_SELECTOR, "#auction th")]
    assert headers == ["West", "North", "East", "South (you)"]
    assert browser.find_element(By.ID, "bidding-box").is_displayed()

    # the suits in colour: a heart's computed colour, and red pixels in a screenshot
    heart = browser.find_element(By.XPATH, "//div[@class='hand']//span[text()='♥']")
    assert heart.value_of_css_property("color") == "rgba(208, 0, 0, 1)"
    image = pytest.importorskip("PIL.Image").open(io.BytesIO(browser.get_screenshot_as_png()))
    pixels = np.asarray(image.convert("RGB")).astype(int)
    red = int(((pixels[..., 0] > 150) & (pixels[..., 1] < 60) & (pixels[..., 2] < 60)).sum())
    assert red > 200, f"only {red} red pixels: are hearts and diamonds red?"

    # a call explained, a hint and what a call would show
    browser.find_element(By.CSS_SELECTOR, '#auction .call[data-index="0"]').click()
    assert "North" in panel_text(browser, "explanation", "Shown so far")
    browser.find_element(By.ID, "hint").click()
    panel_text(browser, "answer", "A robot playing SAYC would call")
    browser.find_element(By.ID, "would").click()
    panel_text(browser, "answer", "If you call South")

    # an illegal call posted by hand is refused and changes nothing
    before = calls_in_auction(browser)
    status = browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch('/call', {method: 'POST', body: new URLSearchParams({call: '1C'})})
            .then(response => response.text().then(text => done([response.status, text])));
    """)
    assert status[0] == 400 and "1C is not allowed now" in status[1]
    browser.refresh()
    assert calls_in_auction(browser) == before

    # undo takes back the human's call and the robots' after it
    press(browser, By.CSS_SELECTOR, '#bidding-box button[value="P"]')
    assert len(calls_in_auction(browser)) > len(before)
    press(browser, By.ID, "undo")
    assert calls_in_auction(browser) == before

    # bid to the end by clicking the box: the summary follows
    for _ in range(20):
        if 'id="bidding-box"' not in browser.page_source:
            break
        press(browser, By.CSS_SELECTOR, '#bidding-box button[value="P"]')
    summary = browser.find_element(By.ID, "summary")
    assert summary.is_displayed()
    assert len(summary.find_elements(By.CLASS_NAME, "seat")) == 4
    result = browser.find_element(By.ID, "result").text
    assert "Contract:" in result and "Par:" in result and "Double dummy:" in result
    assert "HCP" in summary.text and "losers" in summary.text
    assert browser.find_element(By.ID, "meanings").text.startswith("North")
    browser.find_element(By.ID, "pbn").click()
    assert "[Deal " in browser.page_source


def test_the_conventions_page_in_the_browser(browser, server):
    browser.get(server + "/conventions")
    browser.find_element(By.NAME, "auction").send_keys("1NT P")
    press(browser, By.CSS_SELECTOR, "#meaning button")
    assert "South to act after 1NT P" in browser.find_element(By.ID, "rules").text
