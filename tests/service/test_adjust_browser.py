"""The adjusted score from the likely results in a real browser (Chromium through
Playwright), issue 19 point 9: at phone (390 x 844) size in English and Hebrew, and at
laptop (1366 x 900) size in English, a Director chooses two weighted results with
selects, sees the assistant's figures and the double-dummy aid, applies the score after
the confirm page, and finds it in the standings and the rulings log.

Board 1 (nobody vulnerable) has +170 at round 1 table 1 (the adjusted table), +450 and
+140 elsewhere.  60% 4♠ S = (+420: beats +140, 2 of 4 mp) and 40% 4♠ S -1 (-50: 0 mp):
N-S 0.6 x 2 + 0.4 x 0 = 1.2 of 4, E-W 0.6 x 2 + 0.4 x 4 = 2.8 (Laws 77, 78A, 12C1c).
Screenshots go to test-output/screenshots/adjust-*.png.
"""

from __future__ import annotations

import re

import pytest

from bridgelaws.i18n import message

from .pages import CHROMIUM, CspWatch, have_chromium, login, new_event, shoot

sync_api = pytest.importorskip("playwright.sync_api")

PASSWORD = "adjust-Pa55"
TIMEOUT_MS = 20_000
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1366, "height": 900}}
COMBOS = [("phone", "en"), ("phone", "he"), ("laptop", "en")]

pytestmark = pytest.mark.skipif(not have_chromium(),
                                reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)")

CSP = CspWatch()


def check(page, lang: str):
    page.wait_for_load_state("load")
    width, inner = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner, f"{page.url} scrolls sideways: {width} px in {inner} px"
    assert page.locator("html").get_attribute("dir") == ("rtl" if lang == "he" else "ltr")
    return page


def tap(page, selector: str, lang: str):
    with page.expect_navigation():
        page.locator(selector).click()
    return check(page, lang)


def choose(page, row: str, level: str, strain: str, decl: str, res: str, weight: str):
    for name, value in (("level", level), ("strain", strain), ("decl", decl), ("res", res)):
        page.locator(f"select[name={row}_{name}]").select_option(value)
    page.locator(f"input[name={row}_w]").fill(weight)


def table_results(page, base: str, eid: int):
    """Board 1's three table results, through the console's table form."""
    for rnd, table, contract, tricks in ((1, 1, "2S", "10"), (2, 3, "4S", "11"),
                                         (3, 2, "3S", "9")):
        page.goto(f"{base}/events/{eid}/tables/A/{rnd}/{table}?lang=en")
        form = page.locator(f"form[action='/events/{eid}/tables/A/{rnd}/{table}']")
        for f, v in (("contract", contract), ("declarer", "S"), ("tricks", tricks)):
            form.locator(f"input[name=':1|{f}']").fill(v)
        with page.expect_navigation():
            form.locator("button[type=submit]").first.click()


@pytest.mark.parametrize("size,lang", COMBOS)
def test_weighted_score_entered_computed_applied(live, browser, shots, size, lang):
    ctx = CSP.watch(browser.new_context(viewport=SIZES[size], locale="en-GB",
                                         device_scale_factor=1))
    ctx.set_default_timeout(TIMEOUT_MS)
    page = ctx.new_page()
    login(page, live.url, "director", PASSWORD, lang="en")
    eid = new_event(page, live.url, f"Adjust {size} {lang}", tables=3, boards_per_round=2,
                    seed="adjust-browser")
    table_results(page, live.url, eid)
    name = f"adjust-{size}-{lang}"
    page.goto(f"{live.url}/events/{eid}/adjust/likely?round=1&table=1&board=1&lang={lang}")
    check(page, lang)
    t = (lambda key, **kw: message(key, lang, **kw))
    assert t("ui.likely.title") in page.locator("h1").inner_text()
    # nothing chosen yet; the table result offered, labelled as the table's
    assert page.locator("select[name=r0_level]").input_value() == ""
    assert t("ui.likely.table_result") in page.locator("#table-result").inner_text()
    assert "2♠" in page.locator("#table-result").inner_text()
    choose(page, "r0", "4", "S", "S", "=", "60")
    tap(page, "button[value='add:r']", lang)
    assert page.locator("select[name=r0_res]").input_value() == "="   # kept
    choose(page, "r1", "4", "S", "S", "-1", "40")
    shoot(page, shots, f"{name}-form")
    tap(page, "#compute", lang)
    figures = page.locator("#figures")
    cells = figures.locator("#figures-NS tbody tr")
    assert cells.count() == 2
    row0 = cells.nth(0).inner_text()
    assert "4♠" in row0 and "+420" in row0 and "60" in row0
    assert "-50" in cells.nth(1).inner_text()
    shown = figures.inner_text()
    assert "12C1c" in shown and "4S" not in shown
    assert re.search(r"1[.,]2\b", shown) and re.search(r"2[.,]8\b", shown)
    # the double-dummy aid arrives (solved on the server), labelled as an aid
    page.locator("#dd-solved").wait_for()
    check(page, lang)                          # the table fits the width too
    assert t("ui.likely.dd.aid") in page.locator("#dd").inner_text()
    assert page.locator("#dd-solved tbody tr").count() == 4
    if lang == "he":   # the contracts and numbers keep their order inside right-to-left text
        assert figures.locator("td bdi").first.get_attribute("dir") == "ltr"
    shoot(page, shots, f"{name}-figures")
    page.locator("textarea[name=ruling]").fill("South's 4♠ after the hesitation (Law 16B)")
    tap(page, "#apply", lang)
    assert page.locator("#confirm").count() == 1
    shoot(page, shots, f"{name}-confirm")
    tap(page, "#confirm-yes", lang)
    assert f"/events/{eid}/standings" in page.url
    score = page.locator("#standings-A tr[data-pair='1'] td.score").inner_text()
    assert score.replace(",", ".") == "1.20"
    assert page.locator("#standings-A tr[data-pair='4'] td.score").inner_text() \
        .replace(",", ".") == "2.80"
    shoot(page, shots, f"{name}-standings")
    ruling = re.search(r"adjusted=(\d+)", page.url).group(1)
    page.goto(f"{live.url}/rulings/{ruling}?lang={lang}")
    check(page, lang)
    body = page.locator("main").inner_text()
    assert "12C1c" in body and "4♠" in body and "South's 4♠ after the hesitation" in body
    shoot(page, shots, f"{name}-ruling")
    ctx.close()
