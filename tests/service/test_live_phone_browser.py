"""The player's page on a phone and the claim as players make it (issue 18, points 8 and
11), in Chromium with four seat pages (390x844) and a Director (1366x900).

* phone first: at the player's turn the bidding box lies inside the 390x844 viewport
  without scrolling; his own hand is one row of large cards at the bottom (every card
  the same top, in the lower part of the screen, each with a strip to tap); nothing
  scrolls sideways; in Hebrew too, where the cards still read ♠ ♥ ♦ ♣ left to right;
* the four-colour deck: the toggle changes the colour of a ♦ and a ♣ card, and the
  choice survives a reload (localStorage);
* the claim: no panel until Claim is pressed; the panel takes the tricks and a statement
  in words (over 500 characters: a clear message, and Claim is disabled), then asks
  "Claim 10 of the remaining 13 tricks?" with the words; Cancel closes it; the words
  reach the other seats' pages and, the claim disputed, the Director's page.

Screenshots (test-output/screenshots/): live-phone-{bid,play,claim,claim-confirm,
four-colour}-{phone,laptop}-{en,he}.png; the phone ones are what the screen shows (the
viewport), the laptop ones the whole page.

Needs Chromium (``/usr/bin/chromium``, or ``BRIDGELAWS_CHROMIUM``) and Playwright.
"""

from __future__ import annotations


import pytest

from .pages import (CHROMIUM, CspWatch, have_chromium, login, new_event, new_page,
                    open_live_round)

CSP = CspWatch()
sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

PASSWORD = "live-phone-Pa55"
PHONE = (390, 844)
LAPTOP = (1366, 900)
SEATS = "NESW"
WORDS = "Draw trumps, then the clubs are good; I give up a heart at the end"

pytestmark = pytest.mark.skipif(not have_chromium(),
                                reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)")


def _page(browser, size):
    return new_page(browser, size, csp=CSP)


def _shot(page, folder, name: str, size) -> None:
    """The phone: what the screen shows; the laptop: the whole page."""
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=size != PHONE)
    assert path.stat().st_size > 5_000, f"{path} looks empty"


def _seq(page, base: str, token: str) -> int:
    return page.request.get(f"{base}/api/play/{token}").json()["seq"]


def _settled(pages: dict, seq: int) -> None:
    """Every page shows the view of log position ``seq``, with no error."""
    for seat, p in pages.items():
        expect(p.locator("body")).to_have_attribute("data-seq", str(seq))
        assert p.locator("#error").is_hidden(), (seat, p.locator("#error").inner_text())


def _in_view(page, selector: str) -> dict:
    """The element's box, the viewport and the page's scroll position."""
    return page.evaluate("""(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
                h: innerHeight, w: innerWidth, y: scrollY,
                sw: document.documentElement.scrollWidth}; }""", selector)


def _phone_checks(page, what: str) -> None:
    """Phone layout: no sideways scroll; the own hand is one row at the bottom, each card
    large enough to read and with a strip to tap; suits in the order ♠ ♥ ♦ ♣."""
    w = page.viewport_size["width"]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= w, what
    cards = page.evaluate("""() => [...document.querySelectorAll('.hand-box.me .card')].map((c) => {
        const r = c.getBoundingClientRect(); return {card: c.dataset.card, top: r.top,
        left: r.left, right: r.right, bottom: r.bottom, h: r.height, w: r.width}; })""")
    assert cards, what
    h = page.viewport_size["height"]
    tops = [c["top"] for c in cards]
    assert max(tops) - min(tops) <= 3, (what, tops)                     # one row
    assert min(tops) > h * 0.75 and max(c["bottom"] for c in cards) <= h + 1, (what, tops)
    assert min(c["left"] for c in cards) >= 0 and max(c["right"] for c in cards) <= w + 1
    assert all(c["h"] >= 60 and c["w"] >= 44 for c in cards), what      # large cards
    lefts = [c["left"] for c in cards]
    assert lefts == sorted(lefts), what                 # left to right, in Hebrew too
    steps = [b - a for a, b in zip(lefts, lefts[1:])]
    assert not steps or min(steps) >= 24, (what, steps)  # a strip of each card to tap
    suits = [c["card"][0] for c in cards]
    assert suits == sorted(suits, key="SHDC".index), (what, suits)
    # the card tapped at its visible strip is the card itself
    hits = page.evaluate("(points) => points.map(([x, y]) => { const e = document"
                         ".elementFromPoint(x, y); return e && e.closest('.card') ?"
                         " e.closest('.card').dataset.card : null; })",
                         [[c["left"] + 6, c["top"] + 30] for c in cards])
    assert hits == [c["card"] for c in cards], (what, hits)


def test_phone_layout_four_colours_and_a_claim_with_words(live, browser, shots):
    base = live.url
    td = _page(browser, LAPTOP)
    login(td, base, "director", PASSWORD, lang="en")
    event_id = new_event(td, base, "Phone club night", tables=3, boards_per_round=1,
                         seed="live-phone")
    tables = open_live_round(td, base, event_id, mode="laws")
    t1 = next(t for t in tables if t["round"] == 1 and t["table"] == 1)
    tokens = t1["seats"]
    pages = {}
    for s in SEATS:
        pages[s] = _page(browser, PHONE)
        pages[s].goto(f"{base}/play/{tokens[s]}?lang=en")
    first = td.request.get(f"{base}/api/play/{tokens['N']}").json()
    _settled(pages, first["seq"])
    dealer = first["dealer"]

    def at(seat, k):
        return SEATS[(SEATS.index(seat) + k) % 4]

    extra = {}

    def other(size, lang):
        """A page of the same seat at another size or in another language (one each)."""
        if (size, lang) not in extra:
            extra[size, lang] = _page(browser, size)
        return extra[size, lang]

    # --- the dealer's turn to bid: the box in view without scrolling -------------------
    page = pages[dealer]
    expect(page.locator("#your-turn")).to_be_visible()
    # the claim panel is nowhere during the auction
    assert page.locator("#claim-panel").is_hidden() and page.locator("#claim").count() == 0
    box = _in_view(page, "#box")
    assert box["y"] == 0 and box["top"] >= 0 and box["bottom"] <= box["h"], box
    # the box is not under the own hand fixed at the bottom
    hand_top = _in_view(page, ".hand-box.me")["top"]
    assert box["bottom"] <= hand_top, (box, hand_top)
    _phone_checks(page, "bid en")
    _shot(page, shots, "live-phone-bid-phone-en", PHONE)
    for size, lang in ((PHONE, "he"), (LAPTOP, "en"), (LAPTOP, "he")):
        p = other(size, lang)
        p.goto(f"{base}/play/{tokens[dealer]}?lang={lang}")
        expect(p.locator("#box button.call[data-call='1N']")).to_be_enabled()
        if size == PHONE:
            b = _in_view(p, "#box")
            assert b["top"] >= 0 and b["bottom"] <= b["h"], (lang, b)
            _phone_checks(p, f"bid {lang}")
        assert p.evaluate("() => document.documentElement.scrollWidth") <= size[0]
        _shot(p, shots, f"live-phone-bid-{'phone' if size == PHONE else 'laptop'}-{lang}", size)

    # --- the auction through the pages' boxes: 1NT by the dealer ------------------------
    for seat, call in ((dealer, "1N"), (at(dealer, 1), "P"), (at(dealer, 2), "P"),
                       (at(dealer, 3), "P")):
        pages[seat].locator(f"#box button.call[data-call='{call}']").click()
        _settled(pages, _seq(td, base, tokens[seat]))
    declarer, dummy, leader = dealer, at(dealer, 2), at(dealer, 1)
    lead = pages[leader].locator(".hand-box.me button.card.legal").first
    lead.click()
    _settled(pages, _seq(td, base, tokens[leader]))

    # --- declarer's turn, to play from dummy: dummy and the trick readable -------------
    page = pages[declarer]
    expect(page.locator(f"[data-hand='{dummy}'] button.card.legal").first).to_be_visible()
    expect(page.locator("#centre .card.played")).to_have_count(1)
    _phone_checks(page, "play en")
    for sel in (f"[data-hand='{dummy}']", "#centre"):
        r = _in_view(page, sel)
        assert r["left"] >= 0 and r["right"] <= r["w"], (sel, r)
    size_of = page.evaluate("() => parseFloat(getComputedStyle(document.querySelector("
                            "'#centre .card.played')).fontSize)")
    assert size_of >= 14
    _shot(page, shots, "live-phone-play-phone-en", PHONE)
    for size, lang in ((PHONE, "he"), (LAPTOP, "en"), (LAPTOP, "he")):
        p = other(size, lang)
        p.goto(f"{base}/play/{tokens[declarer]}?lang={lang}")
        expect(p.locator(f"[data-hand='{dummy}'] button.card.legal").first).to_be_visible()
        if size == PHONE:
            _phone_checks(p, f"play {lang}")
        assert p.evaluate("() => document.documentElement.scrollWidth") <= size[0]
        _shot(p, shots, f"live-phone-play-{'phone' if size == PHONE else 'laptop'}-{lang}", size)

    # --- the four-colour deck: the player's choice, kept across a reload ---------------
    page = pages[leader]
    colour = "(sel) => getComputedStyle(document.querySelector(sel)).color"
    d_sel, c_sel = "#seat-%s .card.s-D" % dummy, "#seat-%s .card.s-C" % dummy
    assert page.locator(d_sel).count() and page.locator(c_sel).count()
    red, black = page.evaluate(colour, d_sel), page.evaluate(colour, c_sel)
    assert red == "rgb(192, 22, 44)" and black == "rgb(17, 17, 17)"
    expect(page.locator("#four-colour")).to_have_attribute("aria-pressed", "false")
    page.locator("#four-colour").click()
    expect(page.locator("#four-colour")).to_have_attribute("aria-pressed", "true")
    assert page.evaluate(colour, d_sel) == "rgb(194, 78, 0)"         # orange diamonds
    assert page.evaluate(colour, c_sel) == "rgb(19, 128, 47)"        # green clubs
    page.reload()
    expect(page.locator("body")).to_have_class("play four-colour")
    expect(page.locator(d_sel).first).to_be_visible()
    assert page.evaluate(colour, d_sel) == "rgb(194, 78, 0)"
    assert page.evaluate(colour, c_sel) == "rgb(19, 128, 47)"
    _phone_checks(page, "four-colour")
    _shot(page, shots, "live-phone-four-colour-phone-en", PHONE)
    for size, lang in ((PHONE, "he"), (LAPTOP, "en")):
        p = other(size, lang)
        p.goto(f"{base}/play/{tokens[leader]}?lang={lang}")
        p.evaluate("() => localStorage.setItem('bridgelaws.fourColour', '1')")
        p.reload()
        expect(p.locator("#four-colour")).to_have_attribute("aria-pressed", "true")
        assert p.evaluate(colour, d_sel) == "rgb(194, 78, 0)"
        _shot(p, shots, f"live-phone-four-colour-{'phone' if size == PHONE else 'laptop'}-{lang}",
              size)
        p.evaluate("() => localStorage.setItem('bridgelaws.fourColour', '0')")

    # --- the claim: a button, a panel with words, a question before it is sent --------
    page = pages[declarer]
    assert page.locator("#claim-panel").is_hidden()
    expect(page.locator("#claim")).to_be_visible()
    assert pages[dummy].locator("#claim").count() == 0          # dummy does not claim
    expect(pages[leader].locator("#claim")).to_be_visible()     # a defender may (Law 68)
    page.locator("#claim").click()
    expect(page.locator("#claim-panel")).to_be_visible()
    expect(page.locator("#claim-form")).to_be_visible()
    assert page.locator("#claim-tricks").input_value() == ""    # nothing pre-filled
    assert page.locator("#claim-words-input").input_value() == ""
    # Cancel closes it
    page.locator("#claim-cancel").click()
    expect(page.locator("#claim-panel")).to_be_hidden()
    page.locator("#claim").click()
    # over-long words: a clear message, and the claim cannot go
    page.locator("#claim-tricks").fill("10")
    page.locator("#claim-words-input").fill("w" * 501)
    expect(page.locator("#claim-count")).to_have_class("count error")
    expect(page.locator("#claim-count")).to_contain_text("501 characters; at most 500")
    expect(page.locator("#claim-next")).to_be_disabled()
    page.locator("#claim-words-input").fill(WORDS)
    expect(page.locator("#claim-count")).to_have_text(f"{len(WORDS)} of 500 characters")
    expect(page.locator("#claim-next")).to_be_enabled()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE[0]
    _shot(page, shots, "live-phone-claim-phone-en", PHONE)
    page.locator("#claim-next").click()
    expect(page.locator("#claim-confirm")).to_be_visible()
    expect(page.locator("#claim-form")).to_be_hidden()
    expect(page.locator("#claim-question")).to_have_text(
        "Claim 10 of the remaining 13 tricks?")
    expect(page.locator("#claim-confirm-words")).to_contain_text(WORDS)
    # nothing was sent yet
    assert td.request.get(f"{base}/api/play/{tokens[leader]}").json()["claim"] is None
    _shot(page, shots, "live-phone-claim-confirm-phone-en", PHONE)
    for size, lang in ((PHONE, "he"), (LAPTOP, "en"), (LAPTOP, "he")):
        p = other(size, lang)
        p.goto(f"{base}/play/{tokens[declarer]}?lang={lang}")
        p.locator("#claim").click()
        p.locator("#claim-tricks").fill("10")
        p.locator("#claim-words-input").fill(WORDS if lang == "en" else
                                             "מושך שליטים, ואז התלתנים טובים")
        assert p.evaluate("() => document.documentElement.scrollWidth") <= size[0]
        kind = "phone" if size == PHONE else "laptop"
        _shot(p, shots, f"live-phone-claim-{kind}-{lang}", size)
        p.locator("#claim-next").click()
        expect(p.locator("#claim-confirm")).to_be_visible()
        _shot(p, shots, f"live-phone-claim-confirm-{kind}-{lang}", size)
    # Back returns to the form with its words; then the claim is sent
    page.locator("#claim-back").click()
    expect(page.locator("#claim-words-input")).to_have_value(WORDS)
    page.locator("#claim-next").click()
    page.locator("#claim-yes").click()
    _settled(pages, _seq(td, base, tokens[declarer]))
    expect(page.locator("#claim-panel")).to_be_hidden()
    assert page.locator("#claim-words-input").input_value() == ""     # emptied, once made
    # the other players read the statement (Law 68C)
    for s in SEATS:
        expect(pages[s].locator("#claim-said")).to_contain_text(WORDS)
    answering = next(s for s in (at(declarer, 1), at(declarer, 3))
                     if pages[s].locator("[data-answer=dispute]").count())
    pages[answering].locator("[data-answer=dispute]").click()
    _settled(pages, _seq(td, base, tokens[declarer]))
    # the Director's page of the disputed claim shows the words beside the claim aid
    td.goto(f"{base}/live/{t1['id']}?lang=en")
    expect(td.locator("#claim-words")).to_contain_text(WORDS)
    expect(td.locator("#claim-ruling input[name=tricks]")).to_be_visible()
    # --- a choice under the Laws (table 2): the decision in view without scrolling ----
    t2 = next(t for t in tables if t["round"] == 1 and t["table"] == 2)["seats"]
    dealer2 = td.request.get(f"{base}/api/play/{t2['N']}").json()["dealer"]
    for seat, call in ((dealer2, "1N"), (at(dealer2, 1), "1H")):        # insufficient, 27
        r = td.request.post(f"{base}/api/play/{t2[seat]}",
                            data={"action": "call", "call": call,
                                  "seq": _seq(td, base, t2[seat])})
        assert r.ok, r.text()
    chooser = at(dealer2, 2)
    for lang in ("en", "he"):
        p = other(PHONE, lang)
        p.goto(f"{base}/play/{t2[chooser]}?lang={lang}")
        expect(p.locator("#decision form button").first).to_be_enabled()
        d = _in_view(p, "#decision")
        assert d["y"] == 0 and d["top"] >= 0 and d["top"] < d["h"] / 2, (lang, d)
        # its first option is on screen above the own hand
        first = _in_view(p, "#decision form")
        assert first["bottom"] <= _in_view(p, ".hand-box.me")["top"], (lang, first)
        _phone_checks(p, f"decision {lang}")
    for p in [*pages.values(), *extra.values()]:
        p.context.close()
    td.context.close()
