"""Issue 17, points 6, 10 and 13 in a real browser (Chromium through Playwright).

* No page scrolls sideways on a phone (390 x 844): every page a Director, a player and
  a visitor reach, in English and in Hebrew, has ``document.documentElement.scrollWidth
  <= window.innerWidth``; wide tables scroll inside themselves, the header folds under
  a Menu button, forms fit.  Hebrew pages are right to left.
* The progress grid on an event's page follows the results as they are entered (it
  polls its JSON), without a reload.
* Screenshots of the progress grid, the event page, the rulings and the header's menu,
  at phone and laptop sizes, in English and Hebrew, into test-output/screenshots/.

One server (over a fresh database with the demo event) and one Chromium for the module.
"""

from __future__ import annotations

import re

import pytest

from .pages import CHROMIUM, CspWatch, have_chromium, login, new_context, shoot
from .test_phones import codes

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

PASSWORD = "phones-test-Pa55"
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 900}

pytestmark = pytest.mark.skipif(not have_chromium(),
                                reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)")

CSP = CspWatch()


def _context(browser, viewport=PHONE):
    return new_context(browser, viewport, csp=CSP, device_scale_factor=1)


@pytest.fixture(scope="module")
def director(browser, live):
    """A Director's browser on a phone, logged in."""
    ctx = _context(browser)
    page = ctx.new_page()
    login(page, live.url, "director", PASSWORD)
    yield page
    ctx.close()


def _csrf(page, base) -> str:
    return page.request.get(f"{base}/api/csrf").json()["csrf"]


def _post(page, base, path, form, expect_status=(200, 303)):
    r = page.request.post(base + path, form={"csrf": _csrf(page, base), **form},
                          max_redirects=0)
    assert r.status in expect_status, (path, r.status, r.text()[-400:])
    return r


@pytest.fixture(scope="module")
def site(director, live):
    """The pages to look at: a four-table Mitchell with rounds 1 and 2 entered and one
    result at a table of round 3, a weighted adjusted score, a ruling through the
    assistant (a suit required after a lead out of turn), a live round (the last) and
    the event's published results."""
    page, base = director, live.url
    r = page.request.post(f"{base}/events/new", multipart={
        "csrf": _csrf(page, base), "name": "Phones pairs", "kind": "pairs",
        "movement": "mitchell", "tables": "4", "sections": "1", "boards_per_round": "2",
        "scoring": "mp", "source": "deal", "seed": "phones"}, max_redirects=0)
    assert r.status == 303, r.text()[-400:]
    ev = int(re.search(r"/events/(\d+)", r.headers["location"]).group(1))
    token = _csrf(page, base)
    prog = page.request.get(f"{base}/api/events/{ev}/progress").json()

    def enter(rnd, table, boards, contract="3N", tricks=9):
        for b in boards:
            r = page.request.post(f"{base}/api/events/{ev}/results",
                                  headers={"X-CSRF-Token": token},
                                  data={"section": "A", "round": rnd, "table": table,
                                        "board": b, "contract": contract, "declarer": "S",
                                        "tricks": tricks})
            assert r.status == 201, r.text()

    boards = {}
    for rnd in prog["rounds"]:
        for t in rnd["tables"]:
            boards[(rnd["round"], t["table"])] = [int(b) for b in re.findall(
                r'data-board="(\d+)"', page.request.get(base + t["url"]).text())]
    for (rnd, table), bs in boards.items():
        if rnd <= 2:
            enter(rnd, table, bs, contract="4H" if table % 2 else "3N",
                  tricks=10 if table % 2 else 8)
    enter(3, 1, boards[(3, 1)][:1], contract="2S", tricks=8)
    _post(page, base, f"/events/{ev}/adjust", {
        "section": "A", "round": "1", "table": "2", "board": str(boards[(1, 2)][0]),
        "kind": "weighted", "confirm": "1", "weighted": "30% 4S= N\n70% 3NT+1 E",
        "ruling": "Unauthorised information", "laws": "16B1, 73C"})
    # a ruling through the assistant: a lead out of turn refused, a suit required
    # (a form starts empty: the facts come in the address)
    page.goto(f"{base}/assistant/s/opening_lead_out_of_turn?lang=en"
              "&auction=1N+P+3N+P+P+P&who=W&card=C8")
    with page.expect_navigation():
        page.locator("form[action='/assistant/s/opening_lead_out_of_turn'] "
                     "button[type=submit]").click()
    with page.expect_navigation():
        page.locator("#options button[value=reject]").click()
    with page.expect_navigation():
        page.locator("#options form:has(input[value=require_suit]) button").click()
    assert re.search(r"/rulings/\d+", page.url), page.url
    rulings = page.request.get(f"{base}/rulings/export.json").json()
    last = max(r["round"] for r in prog["rounds"])
    _post(page, base, f"/events/{ev}/live", {"section": "A", "round": str(last),
                                              "mode": "laws", "confirm": "1"})
    tables = page.request.get(f"{base}/api/events/{ev}/live").json()["tables"]
    _post(page, base, f"/events/{ev}/publish", {"action": "publish", "minutes": "30",
                                                 "confirm": "1"})
    return {"event": ev, "table": f"{base}/events/{ev}/tables/A/1/1",
            "rulings": [x["id"] for x in rulings], "live": tables[0]["id"],
            "seat": tables[0]["seats"]["N"],
            "missing": f"{base}/events/{ev}/tables/A/3/2"}


def _fits(page) -> tuple[int, int]:
    return page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")


def _visit(page, url: str, lang: str, status: int = 200) -> dict:
    r = page.goto(url + ("&" if "?" in url else "?") + f"lang={lang}")
    assert r is not None and r.status == status, (url, r and r.status)
    page.wait_for_load_state("load")
    return _seen(page, url, lang)


def _seen(page, url: str, lang: str) -> dict:
    """How wide the page is, its direction, and any contract or card written as a code
    in what it shows (its text as rendered, scripts' output included)."""
    width, inner = _fits(page)
    return {"url": url, "lang": lang, "width": width, "inner": inner,
            "dir": page.locator("html").get_attribute("dir"),
            "codes": codes(page.locator("body").inner_text(), lang)}


def _wide(pages: list[dict]) -> list[str]:
    return [f"{p['url']} ({p['lang']}): {p['width']} px wide in {p['inner']} px"
            for p in pages if p["width"] > p["inner"]]


def _coded(pages: list[dict]) -> list[str]:
    return [f"{p['url']} ({p['lang']}): {', '.join(p['codes'])}" for p in pages if p["codes"]]


# ---------------------------------------------------------------- 13: no sideways scroll

def test_no_page_of_the_director_scrolls_sideways_on_a_phone(director, live, site):
    page, base, ev = director, live.url, site["event"]
    urls = [f"{base}/", f"{base}/events/new", f"{base}/events/{ev}", site["table"],
            site["missing"], f"{base}/events/{ev}/adjust", f"{base}/rulings",
            *[f"{base}/rulings/{rid}" for rid in site["rulings"]],
            f"{base}/assistant", f"{base}/assistant/s/insufficient_bid",
            f"{base}/assistant/s/opening_lead_out_of_turn",
            f"{base}/events/{ev}/live", f"{base}/live/{site['live']}"]
    seen = []
    for lang in ("en", "he"):
        for url in urls:
            seen.append(_visit(page, url, lang))
        seen.append(_visit(page, f"{base}/events/99999", lang, status=404))
        # a ruling through the assistant's form, and a confirm page ("was ..., now ...")
        page.goto(f"{base}/assistant/s/insufficient_bid?lang={lang}&auction=1N&call=1H")
        with page.expect_navigation():
            page.locator("form[action='/assistant/s/insufficient_bid'] button[type=submit]").click()
        seen.append(_seen(page, "assistant ruling", lang))
        page.goto(f"{site['table']}?lang={lang}")
        row = page.locator("table.entry tbody tr[data-board]").first
        row.locator("input[name$='|contract']").fill("4H")
        row.locator("input[name$='|declarer']").fill("N")
        row.locator("input[name$='|tricks']").fill("8")
        row.locator("input[name$='|score']").fill("")
        with page.expect_navigation():
            page.locator("form[action*='/tables/'] button[type=submit]").click()
        expect(page.locator("#confirm")).to_be_visible()
        seen.append(_seen(page, "table confirm", lang))
    assert not _wide(seen), "\n".join(_wide(seen))
    assert not _coded(seen), "\n".join(_coded(seen))
    assert {p["dir"] for p in seen if p["lang"] == "he"} == {"rtl"}
    assert {p["dir"] for p in seen if p["lang"] == "en"} == {"ltr"}


def test_a_player_and_a_visitor_see_pages_that_fit_a_phone(browser, live, site):
    base = live.url
    ctx = _context(browser)
    try:
        page = ctx.new_page()
        seen = []
        for lang in ("en", "he"):
            seen.append(_visit(page, f"{base}/login", lang))
            seen.append(_visit(page, f"{base}/results/99999", lang, status=404))
            page.goto(f"{base}/play/{site['seat']}?lang={lang}")
            expect(page.locator("#seat-N")).not_to_be_empty()
            seen.append(_seen(page, "play (North)", lang))
        assert not _wide(seen), "\n".join(_wide(seen))
        assert not _coded(seen), "\n".join(_coded(seen))
        assert {p["dir"] for p in seen if p["lang"] == "he"} == {"rtl"}
    finally:
        ctx.close()


def test_the_results_and_standings_pages_fit_a_phone(browser, director, live, site):
    """The published results (a visitor) and the console's standings (a Director): no
    sideways scroll and no contract as a code.  These pages are being rewritten on
    another branch of issue 17 (the shared results templates); this test fails until
    they fit, and it is not skipped so that it says so."""
    base, ev = live.url, site["event"]
    seen = []
    for lang in ("en", "he"):
        seen.append(_visit(director, f"{base}/events/{ev}/standings", lang))
    ctx = _context(browser)
    try:
        page = ctx.new_page()
        for lang in ("en", "he"):
            seen.append(_visit(page, f"{base}/results/{ev}", lang))
    finally:
        ctx.close()
    assert {p["dir"] for p in seen if p["lang"] == "he"} == {"rtl"}
    assert not _wide(seen) + _coded(seen), "\n".join(_wide(seen) + _coded(seen))


def test_the_header_folds_under_a_menu_on_a_phone(director, live, shots):
    page, base = director, live.url
    page.goto(f"{base}/?lang=en")
    nav = page.locator("header.top nav")
    button = page.locator("header.top .menu-button")
    expect(button).to_be_visible()
    expect(nav).to_be_hidden()
    button.click()
    expect(nav).to_be_visible()
    expect(page.locator("header.top .langs")).to_be_visible()
    shoot(page, shots, "phones-menu-open-en")
    button.click()
    expect(nav).to_be_hidden()
    page.set_viewport_size(LAPTOP)
    try:
        expect(button).to_be_hidden()
        expect(nav).to_be_visible()
    finally:
        page.set_viewport_size(PHONE)


# ---------------------------------------------------------------- 6: the progress grid

def test_the_progress_grid_follows_the_results_without_a_reload(director, live, site,
                                                                 shots):
    page, base, ev = director, live.url, site["event"]
    page.goto(f"{base}/events/{ev}?lang=en")
    grid = page.locator("#progress-grid")
    expect(grid).to_be_visible()
    expect(page.locator("#progress-live")).to_be_visible()      # the script runs
    url = site["missing"].replace(base, "")
    rnd, table = (int(x) for x in url.rsplit("/", 2)[-2:])
    cell = grid.locator(f"tr[data-round='{rnd}'] td[data-table='{table}']")
    expect(cell).to_have_attribute("data-state", "missing")
    assert cell.locator("a").get_attribute("href") == url
    # the grid scrolls inside itself; the page does not
    width, inner = _fits(page)
    assert width <= inner, (width, inner)
    # another Director enters a result at that table: the cell turns partial by itself
    boards = [int(b) for b in re.findall(r'data-board="(\d+)"',
                                         page.request.get(site["missing"]).text())]
    r = page.request.post(f"{base}/api/events/{ev}/results",
                          headers={"X-CSRF-Token": _csrf(page, base)},
                          data={"section": "A", "round": rnd, "table": table,
                                "board": boards[0], "contract": "4S", "declarer": "N",
                                "tricks": 10})
    assert r.status == 201, r.text()
    expect(cell).to_have_attribute("data-state", "partial", timeout=12_000)
    expect(cell).to_contain_text(f"1/{len(boards)}")
    expect(page.locator("#progress-summary")).to_contain_text("partly entered")


def test_screenshots_of_the_grid_and_pages_at_both_sizes(director, live, site, shots):
    page, base, ev = director, live.url, site["event"]
    written = []
    for size_name, size in (("phone", PHONE), ("laptop", LAPTOP)):
        page.set_viewport_size(size)
        for lang in ("en", "he"):
            page.goto(f"{base}/events/{ev}?lang={lang}")
            page.locator("#progress").scroll_into_view_if_needed()
            written.append(_shot_of(page, "#progress", shots,
                                    f"phones-progress-{size_name}-{lang}"))
            written.append(shoot(page, shots, f"phones-event-{size_name}-{lang}"))
            page.goto(f"{base}/rulings?lang={lang}")
            written.append(shoot(page, shots, f"phones-rulings-{size_name}-{lang}"))
            page.goto(f"{base}/rulings/{site['rulings'][0]}?lang={lang}")
            written.append(shoot(page, shots, f"phones-ruling-{size_name}-{lang}"))
            page.goto(f"{site['table']}?lang={lang}")
            written.append(shoot(page, shots, f"phones-table-{size_name}-{lang}"))
            page.goto(f"{base}/live/{site['live']}?lang={lang}")
            written.append(shoot(page, shots, f"phones-live-director-{size_name}-{lang}"))
            page.goto(f"{base}/play/{site['seat']}?lang={lang}")
            expect(page.locator("#seat-N .card").first).to_be_visible()
            written.append(shoot(page, shots, f"phones-play-{size_name}-{lang}"))
    page.set_viewport_size(PHONE)
    page.goto(f"{base}/?lang=en")
    assert all(p.exists() for p in written)


def _shot_of(page, selector: str, folder, name: str):
    path = folder / f"{name}.png"
    page.locator(selector).screenshot(path=str(path))
    assert path.stat().st_size > 3_000, f"{path} looks empty"
    return path
