"""The event page's paper buttons in a real browser (Chromium through Playwright; issue 17,
point 11): at laptop size (1366x900) and phone size (390x844), in English and in Hebrew,
each button is one click that says the PDF is being prepared and then saves a PDF named
after the event and the day; the page never scrolls sideways.  Screenshots of the event
page go to test-output/screenshots/paper-*.png for a person to look at.

Needs Debian's /usr/bin/chromium and the Python package playwright; skipped without them.
"""

from __future__ import annotations

import datetime as dt
import re

import pytest

from .pages import CHROMIUM, CspWatch, have_chromium, login, new_context, screenshot_folder, shoot

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

PASSWORD = "paper-test-Pa55"
LIVE_DEMO = True                        # the demo event: a Mitchell with two rounds of results
TIMEOUT_MS = 60_000                     # a hand record's DDS on a busy two-core machine

pytestmark = pytest.mark.skipif(not have_chromium(),
                                reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)")
CSP = CspWatch()


@pytest.fixture(scope="module")
def page(browser, live):
    ctx = new_context(browser, (1366, 900), csp=CSP, timeout_ms=TIMEOUT_MS,
                      accept_downloads=True)
    pg = ctx.new_page()
    login(pg, live.url, "director", PASSWORD)
    yield pg
    ctx.close()


def _event_id(page, base: str) -> int:
    page.goto(base + "/?lang=en")
    link = page.locator("a[href^='/events/']").filter(has_text="Demo club pairs").first
    return int(re.search(r"/events/(\d+)", link.get_attribute("href")).group(1))


BUTTONS = [("hands.pdf", "hands"), ("hands.pdf?per_page=2", "hands"),
           ("results.pdf", "results"), ("scorecards.pdf", "scorecards"),
           ("tables.pdf", "tables")]


@pytest.mark.parametrize("lang,size", [("en", (1366, 900)), ("en", (390, 844)),
                                       ("he", (1366, 900)), ("he", (390, 844))],
                         ids=["en-laptop", "en-phone", "he-laptop", "he-phone"])
def test_each_button_downloads_its_pdf(page, live, db_backend, lang, size):
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    eid = _event_id(page, live.url)
    page.goto(f"{live.url}/events/{eid}?lang={lang}")
    section = page.locator("#paper")
    expect(section).to_be_visible()
    assert page.locator("html").get_attribute("dir") == ("rtl" if lang == "he" else "ltr")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    today = dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d")
    status = page.locator("#paper-status")
    # every button in English; in Hebrew the hand record (the slow one) and the table cards
    for href, what in BUTTONS if lang == "en" else [BUTTONS[0], BUTTONS[-1]]:
        button = section.locator(f"a[href='/events/{eid}/paper/{href}']")
        expect(button).to_be_visible()
        with page.expect_download(timeout=TIMEOUT_MS) as info:
            button.click()
        download = info.value
        assert download.suggested_filename == f"demo-club-pairs-{today}-{what}.pdf"
        path = download.path()
        with open(path, "rb") as f:
            assert f.read(5) == b"%PDF-"
        expect(status).to_contain_text(download.suggested_filename)
    assert page.url.startswith(f"{live.url}/events/{eid}")       # still on the event page
    kind = "laptop" if width > 1000 else "phone"
    shoot(page, screenshot_folder(db_backend), f"paper-event-{lang}-{kind}")
