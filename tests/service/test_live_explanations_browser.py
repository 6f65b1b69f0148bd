"""Alerts and explanations in the browser (issue 18, point 7): four seats' pages and the
Director's, at laptop (1366x900) and phone (390x844) size, in English and Hebrew.

The dealer alerts his opening as he makes it, from his page (self-alert); both opponents'
pages show the alert with its explanation, his partner's page does not; the dealer's left
opponent asks about it from his page, the dealer answers from his; the answer reaches the
asker only (the auction goes on).  The Director's page lists everything, with who saw it.
Then a correction from the dealer's page calls the Director, and once he lets play go on
the left opponent's page offers the change of his overcall (Law 21B1a), which he makes.
Screenshots: ``live_expl_opponent_{laptop,phone}_{en,he}.png``,
``live_expl_director_{laptop,phone}_{en,he}.png``, ``live_expl_change_phone_en.png``.

Needs Chromium (``/usr/bin/chromium``, or ``BRIDGELAWS_CHROMIUM``) and Playwright.
"""

from __future__ import annotations


import pytest

from .pages import (CHROMIUM, CspWatch, have_chromium, login, new_event, new_page,
                    open_live_round, shoot)

CSP = CspWatch()
sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

PASSWORD = "live-expl-Pa55"
SIZES = {"laptop": (1366, 900), "phone": (390, 844)}

pytestmark = pytest.mark.skipif(not have_chromium(),
                                reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)")


def _page(browser, size: str):
    return new_page(browser, SIZES[size], csp=CSP)


def test_an_alert_reaches_the_opponents_and_a_question_the_asker(live, browser, shots):
    base = live.url
    td = _page(browser, "laptop")
    login(td, base, "director", PASSWORD, lang="en")
    event_id = new_event(td, base, "Alerts", tables=3, boards_per_round=1, seed="live-expl")
    tables = open_live_round(td, base, event_id, mode="laws")
    t1 = next(t for t in tables if t["round"] == 1 and t["table"] == 1)
    tokens = t1["seats"]
    seats = "NESW"
    dealer = td.request.get(f"{base}/api/play/{tokens['N']}").json()["dealer"]
    d = seats.index(dealer)
    lho, partner, rho = seats[(d + 1) % 4], seats[(d + 2) % 4], seats[(d + 3) % 4]
    # the four seats, each in its own browser context
    pages = {}
    for s in seats:
        pages[s] = _page(browser, "laptop")
        pages[s].goto(f"{base}/play/{tokens[s]}?lang=en")
        expect(pages[s].locator("#explain")).to_be_visible()
    # the dealer alerts 1NT as he bids it
    dp = pages[dealer]
    dp.locator("#alert-next").check()
    dp.locator("#alert-text").fill("12-14 balanced")
    dp.locator("#box button.call[data-call='1N']").click()
    for s in (lho, rho):
        expect(pages[s].locator("#expl-list li[data-kind='alert']")).to_contain_text("12-14 balanced")
    expect(dp.locator("#expl-list li[data-kind='alert']")).to_contain_text("12-14 balanced")
    expect(pages[partner].locator("#auction td[data-call='1N']")).to_have_count(1)
    expect(pages[partner].locator("#expl-list li")).to_have_count(0)
    assert "12-14" not in pages[partner].content()
    # the dealer's LHO, at his turn, asks about 1NT; the dealer answers
    lp = pages[lho]
    # his menu offers the opponents' call to ask about, nothing to alert or correct
    expect(lp.locator("#expl-call")).to_have_value("0")
    expect(lp.locator("#expl-ask")).to_be_visible()
    expect(lp.locator("#expl-alert")).to_be_hidden()
    expect(lp.locator("#expl-correct")).to_be_hidden()
    lp.locator("#expl-call").select_option("0")
    lp.locator("#expl-text").fill("Which range, and any 5-card major?")
    lp.locator("#expl-ask").click()
    form = dp.locator(".answer-form")
    expect(form).to_contain_text("Which range")
    form.locator("input").fill("12-14, a five-card major possible")
    form.locator("button[type=submit]").click()
    expect(lp.locator("#expl-list li[data-kind='question']")).to_contain_text("a five-card major possible")
    for s in (partner, rho):
        expect(pages[s].locator("#expl-list li[data-kind='question']")).to_have_count(0)
    views = {s: td.request.get(f"{base}/api/play/{tokens[s]}").json() for s in seats}
    assert [x["kind"] for x in views[lho]["explanations"]] == ["alert", "question"]
    assert [x["kind"] for x in views[rho]["explanations"]] == ["alert"]
    assert views[partner]["explanations"] == []
    for p in pages.values():
        p.context.close()

    # what the opponent sees, and the Director's page, at both sizes, in both languages
    for lang in ("en", "he"):
        for size, (w, _h) in SIZES.items():
            p = _page(browser, size)
            p.goto(f"{base}/play/{tokens[lho]}?lang={lang}")
            assert p.locator("html").get_attribute("dir") == ("rtl" if lang == "he" else "ltr")
            expect(p.locator("#expl-list li[data-kind='question']")).to_contain_text("five-card")
            assert p.evaluate("() => document.documentElement.scrollWidth") <= w
            p.locator("#explain").scroll_into_view_if_needed()
            shoot(p, shots, f"live_expl_opponent_{size}_{lang}")
            p.context.close()
            dt = _page(browser, size)
            login(dt, base, "director", PASSWORD, lang=lang)
            dt.goto(f"{base}/live/{t1['id']}?lang={lang}")
            box = dt.locator("#explanations")
            expect(box).to_contain_text("12-14 balanced")
            expect(box).to_contain_text("a five-card major possible")
            expect(box.locator("li[data-kind='alert']")).to_have_count(1)
            assert dt.evaluate("() => document.documentElement.scrollWidth") <= w
            shoot(dt, shots, f"live_expl_director_{size}_{lang}")
            dt.context.close()

    # the LHO overcalls; the dealer, from his page, corrects his explanation before his
    # partner calls (20F4): the table waits for the Director, who lets play go on; the
    # LHO's page then offers him the change of his overcall (21B1a), which he makes
    seq = td.request.get(f"{base}/api/play/{tokens[lho]}").json()["seq"]
    assert td.request.post(f"{base}/api/play/{tokens[lho]}",
                           data={"action": "call", "call": "2C", "seq": seq}).ok
    dp, lp = _page(browser, "laptop"), _page(browser, "phone")
    dp.goto(f"{base}/play/{tokens[dealer]}?lang=en")
    lp.goto(f"{base}/play/{tokens[lho]}?lang=en")
    dp.locator("#expl-call").select_option("0")
    expect(dp.locator("#expl-correct")).to_be_visible()
    dp.locator("#expl-text").fill("Sorry: 15-17")
    dp.locator("#expl-correct").click()
    expect(lp.locator("#banner")).to_contain_text("misexplanation")
    expect(lp.locator("#expl-list li[data-kind='correction']")).to_contain_text("15-17")
    expect(lp.locator("#change-call")).to_have_count(0)        # the Director comes first
    td.goto(f"{base}/live/{t1['id']}?lang=en")
    expect(td.locator("#explanations li[data-kind='correction']")).to_contain_text("21B1a")
    with td.expect_navigation():
        td.locator("#release button[type=submit]").click()
    form = lp.locator("#change-call")
    expect(form).to_be_visible()
    form.locator("select").select_option("P")
    assert lp.evaluate("() => document.documentElement.scrollWidth") <= 390
    shoot(lp, shots, "live_expl_change_phone_en")
    form.locator("button[type=submit]").click()
    expect(lp.locator("#auction td[data-call='2C']")).to_have_count(0)
    expect(lp.locator("#change-call")).to_have_count(0)
    v = td.request.get(f"{base}/api/play/{tokens[lho]}").json()
    assert [c["call"] for c in v["auction"]] == ["1N", "P"] and "21B1a" in v["laws"]
    dp.context.close()
    lp.context.close()
    td.context.close()
