"""The results pages in a real browser (Chromium through Playwright), at a phone's size
(390x844) and a laptop's (1366x900), in English and in Hebrew (right to left):

* the director's results and travellers of the demo event (a four-table Mitchell with
  two rounds played), one line given an artificial adjusted score (Law 12C2), once the
  hands' double-dummy tables are solved (the page reloads itself until then);
* a pair's score card, opened by clicking the pair in the ranking;
* the public results page, read without a login once published.

No page scrolls sideways (``scrollWidth <= innerWidth``); every page runs under the
service's Content-Security-Policy (the results' CSS is inline with the page's nonce);
screenshots go to test-output/screenshots/results-*.png for a person to look at.
"""

from __future__ import annotations

import re
import time

import pytest

from .pages import CHROMIUM, CspWatch, have_chromium, login, new_page, screenshot_folder, shoot

sync_api = pytest.importorskip("playwright.sync_api")

PASSWORD = "browser-results-Pa55"
LIVE_DEMO = True                        # the demo event: a Mitchell, two rounds played
TIMEOUT_MS = 20_000
SIZES = {"phone": (390, 844), "laptop": (1366, 900)}
RAW_KEY = re.compile(r"\bui\.results\.[a-z0-9_.]+\b")

pytestmark = pytest.mark.skipif(not have_chromium(),
                                reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)")

CSP = CspWatch()


@pytest.fixture(scope="module")
def readers(browser):
    """The director's page and a reader's (no login), each in a context of its own."""
    return [new_page(browser, (1366, 900), csp=CSP, timeout_ms=TIMEOUT_MS) for _ in range(2)]


@pytest.fixture(scope="module")
def event(live, readers):
    """The demo event, logged in as the director, one line adjusted and the results
    published; its id."""
    page = readers[0]
    login(page, live.url, "director", PASSWORD)
    page.goto(live.url + "/")
    link = page.locator("a[href^='/events/']").filter(has_text="Demo").first
    eid = int(re.search(r"/events/(\d+)", link.get_attribute("href")).group(1))
    page.goto(f"{live.url}/events/{eid}")
    csrf = page.locator("input[name=csrf]").first.get_attribute("value")
    r = page.request.post(f"{live.url}/events/{eid}/adjust", form={
        "csrf": csrf, "section": "A", "round": "1", "table": "1", "board": "1",
        "kind": "artificial", "ns_percent": "60", "ew_percent": "40",
        "ruling": "slow play", "confirm": "1"})
    assert r.ok, r.text()[-300:]
    r = page.request.post(f"{live.url}/events/{eid}/publish", form={
        "csrf": csrf, "minutes": "30", "action": "publish", "confirm": "1"})
    assert r.ok
    # the hands' double-dummy tables are solved off the request thread: wait for them
    deadline = time.monotonic() + 180
    page.goto(f"{live.url}/events/{eid}/travellers")
    while page.locator(".dd-pending").count() and time.monotonic() < deadline:
        time.sleep(2)
        page.goto(f"{live.url}/events/{eid}/travellers")
    assert page.locator(".dd-pending").count() == 0, "the analysis never came"
    return eid


def fits(page, what: str) -> None:
    """No sideways scroll, no raw catalogue key."""
    width = page.evaluate("window.innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width, \
        f"{what}: the page scrolls sideways at {width}px"
    assert not RAW_KEY.search(page.locator("body").inner_text()), what


@pytest.mark.parametrize("lang", ["en", "he"])
@pytest.mark.parametrize("size", list(SIZES))
def test_director_travellers_and_score_card(live, readers, event, lang, size):
    page = readers[0]
    page.set_viewport_size(dict(zip(("width", "height"), SIZES[size])))
    page.goto(f"{live.url}/events/{event}/travellers?lang={lang}")
    assert page.locator("html").get_attribute("dir") == ("rtl" if lang == "he" else "ltr")
    # North-South before East-West, each under its heading
    headings = page.locator("h3[id^='ranking-']")
    assert [headings.nth(i).get_attribute("id") for i in range(headings.count())] == \
        ["ranking--NS", "ranking--EW"]
    adjusted = page.locator("tr.trav.adjusted")
    assert adjusted.count() == 1 and "60%/40%" in adjusted.inner_text()
    assert page.locator("table.dd").count() == page.locator("section.board").count() > 0
    first = page.locator("tr.trav:not(.adjusted) td.contract bdi").first.inner_text()
    assert re.fullmatch(r"[1-7](♣|♦|♥|♠|NT)x{0,2} [NESW] (=|[+-]\d+)", first) or \
        first == "", first
    fits(page, f"travellers {lang} {size}")
    shoot(page, screenshot_folder("sqlite"), f"results-travellers-{lang}-{size}")
    # the score card of the first North-South pair, by clicking it in the ranking
    with page.expect_navigation():
        page.locator("table.ranking a.pair").first.click()
    assert re.search(rf"/events/{event}/pairs/A/\w+", page.url), page.url
    rows = page.locator("tr.cardrow")
    assert rows.count() >= 2
    fits(page, f"score card {lang} {size}")
    shoot(page, screenshot_folder("sqlite"), f"results-scorecard-{lang}-{size}")


@pytest.mark.parametrize("lang", ["en", "he"])
@pytest.mark.parametrize("size", list(SIZES))
def test_public_results_page(live, readers, event, lang, size):
    page = readers[1]                                    # a reader, not logged in
    page.set_viewport_size(dict(zip(("width", "height"), SIZES[size])))
    page.goto(f"{live.url}/results/{event}?lang={lang}")
    assert page.locator("form.logout").count() == 0
    assert page.locator("tr.trav").count() >= 8 and page.locator("a.pair").count() == 8
    assert page.locator("tr.trav.adjusted").count() == 1
    fits(page, f"public results {lang} {size}")
    shoot(page, screenshot_folder("sqlite"), f"results-public-{lang}-{size}")
