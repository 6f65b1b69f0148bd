"""A player's page at phone size (390x844): the "Call the Director" button and its form,
the decision of the player who chooses with what each option means (the ruling
assistant's words), in English and in Hebrew (right to left), and a call of the
Director made from the page reaching the Director's page; a call pulled by mistake
changed from the box (Law 25A) and declarer's change of dummy's card (45C4b).

The other seats act through their own links' API (a player needs no login), so one
browser page is enough.  Screenshots: ``live_seat_decision_phone_{en,he}.png``,
``live_seat_wrong_call_phone_en.png``.

Needs Chromium (``/usr/bin/chromium``, or ``BRIDGELAWS_CHROMIUM``) and Playwright.
"""

from __future__ import annotations

import re

import pytest

from .pages import (CHROMIUM, CspWatch, act, have_chromium, login, new_event, new_page,
                    open_live_round, shoot)

CSP = CspWatch()
sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

PASSWORD = "live-seat-Pa55"

pytestmark = pytest.mark.skipif(not have_chromium(),
                                reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)")


def _page(browser, width: int, height: int):
    return new_page(browser, (width, height), csp=CSP)


def test_seat_page_calls_the_director_and_explains_the_options(live, browser, shots):
    base = live.url
    td = _page(browser, 1366, 900)
    login(td, base, "director", PASSWORD, lang="en")
    event_id = new_event(td, base, "Seat actions", tables=3, boards_per_round=1,
                         seed="live-seat")
    tables = open_live_round(td, base, event_id, mode="laws")
    t1 = next(t for t in tables if t["round"] == 1 and t["table"] == 1)
    tokens = t1["seats"]
    first = td.request.get(f"{base}/api/play/{tokens['N']}").json()
    dealer = first["dealer"]
    seats = "NESW"
    lho = seats[(seats.index(dealer) + 1) % 4]
    chooser = seats[(seats.index(dealer) + 2) % 4]
    # the dealer opens 1NT, his LHO bids 1♥ (insufficient, Law 27): the dealer's partner
    # chooses
    act(td, base, tokens[dealer], action="call", call="1N")
    act(td, base, tokens[lho], action="call", call="1H")

    for lang in ("he", "en"):                       # (the call in English comes last)
        page = _page(browser, 390, 844)
        page.goto(f"{base}/play/{tokens[chooser]}?lang={lang}")
        assert page.locator("html").get_attribute("dir") == ("rtl" if lang == "he" else "ltr")
        decision = page.locator("#decision")
        expect(decision).to_be_visible()
        want = page.request.get(f"{base}/api/play/{tokens[chooser]}?lang={lang}").json()
        assert want["my_decision"]
        for o in want["option_texts"]["options"]:
            text = page.locator(f"[data-option-text='{o['option']}']")
            expect(text).to_contain_text(o["text"][:40])
            expect(text).to_contain_text(o["label"])
            expect(page.locator(f"#decision form[data-option='{o['option']}'] button")) \
                .to_be_enabled()
        if lang == "he":
            assert re.search("[\u0590-\u05ff]", want["option_texts"]["options"][0]["text"])
        # the Director can be called from the page, with a reason and a note
        button = page.locator("#call-director")
        expect(button).to_be_visible()
        button.click()
        expect(page.locator("#call-form")).to_be_visible()
        expect(button).to_be_hidden()
        assert page.locator("#call-reason option").count() == 4
        assert page.locator("#call-note").get_attribute("maxlength") == "200"
        # nothing scrolls sideways at phone width
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        shoot(page, shots, f"live_seat_decision_phone_{lang}")
        if lang == "he":
            page.locator("#call-cancel").click()
            expect(page.locator("#call-director")).to_be_visible()
            page.context.close()
            continue
        # the call from the page: the table waits, the Director's page says who and why
        page.locator("#call-reason").select_option("misexplanation")
        page.locator("#call-note").fill("1NT was explained as 12-14")
        page.locator("#call-send").click()
        expect(page.locator("#banner")).to_contain_text(
            f"called the Director: a misexplanation")
        expect(page.locator("#decision form[data-option='accept'] button")).to_be_disabled()
        td.goto(f"{base}/live/{t1['id']}?lang=en")
        expect(td.locator("#call-reasons")).to_contain_text("1NT was explained as 12-14")
        expect(td.locator("#release")).to_be_visible()
        with td.expect_navigation():
            td.locator("#release button[type=submit]").click()
        # the table goes on: the chooser accepts 1♥, then pulls the wrong call from the
        # box and changes it before his partner calls (Law 25A)
        accept = page.locator("#decision form[data-option='accept'] button")
        expect(accept).to_be_enabled()
        accept.click()
        expect(page.locator("#box button.call[data-call='2C']")).to_be_enabled()
        page.locator("#box button.call[data-call='2C']").click()
        expect(page.locator("#wrong-call")).to_be_visible()
        page.locator("#wrong-call").click()
        expect(page.locator("#wrong-call-help")).to_contain_text("Law 25A")
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        shoot(page, shots, "live_seat_wrong_call_phone_en")
        page.locator("#box button.call[data-call='2D']").click()
        expect(page.locator("#auction td[data-call='2D']")).to_have_count(1)
        expect(page.locator("#auction td[data-call='2C']")).to_have_count(0)
        expect(page.locator("#wrong-call")).to_be_visible()       # partner has not called
        page.context.close()
    # the auction ends with the dealer declaring 3NT; his LHO leads
    partner_ = chooser
    for seat, call in ((seats[(seats.index(dealer) + 3) % 4], "P"), (dealer, "3N"),
                       (lho, "P"), (partner_, "P"), (seats[(seats.index(dealer) + 3) % 4], "P")):
        act(td, base, tokens[seat], action="call", call=call)
    view = {x: td.request.get(f"{base}/api/play/{tokens[x]}").json() for x in seats}
    assert view[dealer]["declarer"] == dealer and view[dealer]["dummy"] == partner_
    dummy_hand = view[partner_]["hand"]
    # a lead in a suit dummy holds twice or more (or not at all): two lawful cards there
    lead = next(c for c in view[lho]["hand"]
                if sum(x[0] == c[0] for x in dummy_hand) != 1)
    act(td, base, tokens[lho], action="play", card=lead)
    decl = _page(browser, 390, 844)
    decl.goto(f"{base}/play/{tokens[dealer]}?lang=en")
    legal = td.request.get(f"{base}/api/play/{tokens[dealer]}").json()["legal_cards"]
    assert len(legal) >= 2
    named, meant = legal[0], legal[1]
    decl.locator(f"[data-hand='{partner_}'] button.card[data-card='{named}']").click()
    expect(decl.locator(f"#centre .card[data-card='{named}']")).to_have_count(1)
    # declarer named the wrong card of dummy: he changes it before he plays again (45C4b)
    decl.locator("#wrong-card").click()
    expect(decl.locator("#wrong-card-help")).to_contain_text("Law 45C4b")
    decl.locator(f"[data-hand='{partner_}'] button.card[data-card='{meant}']").click()
    expect(decl.locator(f"#centre .card[data-card='{meant}']")).to_have_count(1)
    expect(decl.locator(f"#centre .card[data-card='{named}']")).to_have_count(0)
    expect(decl.locator(f"[data-hand='{partner_}'] .card[data-card='{named}']")).to_have_count(1)
    assert "45C4b" in td.request.get(f"{base}/api/play/{tokens[dealer]}").json()["laws"]
    decl.context.close()
