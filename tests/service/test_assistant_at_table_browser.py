"""The ruling assistant at the table in a real browser (issue 19, points 1-5), at phone
(390x844) and laptop (1366x900) size, in English and Hebrew: the index's search box and
group headings fit the phone's first screen, and the search finds a scenario by a Hebrew
and a Russian word; the revoke asked by taps is ruled; the ruling page's bidding and hand
diagrams.  Screenshots go to test-output/screenshots/atable_*.png."""

from __future__ import annotations

import json

import pytest

from bridgelaws.i18n import message
from bridgelaws.service.assistant import booklet

from .pages import CHROMIUM, CspWatch, have_chromium, login, new_context, shoot

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

PASSWORD = "atable-browser-Pa55"
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 900}
SIZES = {"phone": PHONE, "laptop": LAPTOP}
CSP = CspWatch()

pytestmark = pytest.mark.skipif(not have_chromium(),
                                reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)")


@pytest.fixture(scope="module")
def page(browser, live):
    ctx = new_context(browser, PHONE, csp=CSP)
    pg = ctx.new_page()
    login(pg, live.url, "director", PASSWORD)
    yield pg
    ctx.close()


def _no_sideways(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= \
        page.evaluate("window.innerWidth") + 1, page.url


@pytest.mark.parametrize("lang", ["en", "he"])
def test_the_index_fits_the_phone_and_searches(page, live, shots, lang):
    page.set_viewport_size(PHONE)
    page.goto(f"{live.url}/assistant?lang={lang}")
    search = page.locator("#search")
    expect(search).to_be_visible()
    summaries = page.locator(".groups details > summary")
    assert summaries.count() == len(booklet.GROUP_KEYS)
    for box in [search.bounding_box()] + [s.bounding_box() for s in summaries.all()]:
        assert box["y"] + box["height"] <= PHONE["height"], box     # the first screen
    _no_sideways(page)
    shoot(page, shots, f"atable_index_phone_{lang}")
    # a word of the revoke's title in the page's language finds it, and only what has it
    title = message("booklet.scenario.revoke_established", lang)
    word = max(title.split(), key=len)
    search.fill(word)
    hit = page.locator("li:has(a[href='/assistant/s/revoke_established'])")
    expect(hit).to_be_visible()
    hidden = page.locator(".groups li[hidden]").count()
    assert 0 < hidden < len(booklet.SCENARIOS)
    shoot(page, shots, f"atable_index_search_phone_{lang}")
    page.set_viewport_size(LAPTOP)
    shoot(page, shots, f"atable_index_search_laptop_{lang}")


def test_the_search_finds_by_a_russian_word(page, live):
    page.set_viewport_size(PHONE)
    page.goto(f"{live.url}/assistant?lang=ru")
    title = message("booklet.scenario.insufficient_bid", "ru")
    page.locator("#search").fill(max(title.split(), key=len).lower())
    expect(page.locator("li:has(a[href='/assistant/s/insufficient_bid'])")).to_be_visible()
    expect(page.locator("li:has(a[href='/assistant/s/revoke_established'])")).to_be_hidden()
    page.locator("#search").fill("zzzqqq")
    expect(page.locator("#nomatch")).to_be_visible()


def _tap(form, name, value):
    form.locator(f"label.tap:has(input[name={name}][value='{value}'])").click()


@pytest.mark.parametrize("lang", ["en", "he"])
def test_the_revoke_by_taps(page, live, shots, lang):
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.goto(f"{live.url}/assistant/s/revoke_established?lang={lang}")
        form = page.locator("form[action='/assistant/s/revoke_established']")
        assert form.locator("input:checked").count() == 0          # nothing chosen for him
        _no_sideways(page)
        shoot(page, shots, f"atable_revoke_form_{size}_{lang}")
    page.set_viewport_size(PHONE)
    # an incomplete form: the first missing fact named
    with page.expect_navigation():
        page.locator("button.rule").click()
    expect(page.locator("#form-error")).to_contain_text(message("booklet.fact.contract", lang))
    form = page.locator("form[action='/assistant/s/revoke_established']")
    for name, value in [("contract", "4S"), ("declarer", "N"), ("who", "E"), ("trick", "5"),
                        ("suit", "clubs"), ("winner", "E"), ("os_later", "yes"),
                        ("declarer_tricks", "9")]:
        _tap(form, name, value)
    with page.expect_navigation():
        page.locator("button.rule").click()
    readout = page.locator("#readout")
    expect(readout).to_contain_text("64A1")
    expect(readout).to_contain_text(message("revoke.transferred", lang, n=2))
    _no_sideways(page)
    shoot(page, shots, f"atable_revoke_ruling_phone_{lang}")


@pytest.mark.parametrize("lang", ["en", "he"])
def test_a_ruling_with_the_bidding_and_the_hands(page, live, shots, lang):
    case = {"board": 3, "deal": booklet.DEMO_DEAL,
            "events": [{"by": "S", "call": "1H"}, {"by": "W", "call": "P"},
                       {"by": "N", "call": "2N"}, {"by": "E", "call": "X"},
                       {"by": "S", "call": "1S"}]}
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.goto(f"{live.url}/assistant?lang={lang}")
        page.locator("form[action='/assistant/case'] textarea[name=case]").fill(json.dumps(case))
        with page.expect_navigation():
            page.locator("form[action='/assistant/case'] button[type=submit]").click()
        bidding = page.locator("table.bidding")
        expect(bidding).to_be_visible()
        expect(bidding).to_contain_text("♥")
        expect(bidding).to_contain_text("2NT")
        hands = page.locator(".compass")
        expect(hands).to_contain_text("♠")
        expect(hands.locator(".hand-E")).to_contain_text("10 9 8")
        # the compass: North above South, West left of East, in either direction of text
        n, s = (hands.locator(f".hand-{x}").bounding_box() for x in "NS")
        w, e = (hands.locator(f".hand-{x}").bounding_box() for x in "WE")
        assert n["y"] < w["y"] < s["y"] and w["x"] < n["x"] < e["x"]
        expect(page.locator("#readout")).to_contain_text("3♠")       # the free call
        shoot(page, shots, f"atable_ruling_diagrams_{size}_{lang}")
        _no_sideways(page)
