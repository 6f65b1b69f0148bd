"""The Director's calls reach his pages as they are made, pushed (server-sent events), in
Chromium: four players at a live table of one event, each in his own browser context, and
the Director on that event's live-tables page, on his console (the site-wide notice), and
on another event's live-tables page.  A seat calls the Director from its page; the call
appears on the first two without reloading, naming the event, section, round, table,
board and reason, and not on the other event's page; no page polls ``/api/live/calls``.
The sound of a new call is a toggle the browser remembers.  When the Director settles the
call it leaves the pages.

Screenshots of the Director's page with a call shown: ``live_calls_{laptop,phone}_{en,he}.png``.

Needs Chromium (``/usr/bin/chromium``, or ``BRIDGELAWS_CHROMIUM``) and Playwright.
"""

from __future__ import annotations

import time

import pytest

from .pages import (CHROMIUM, CspWatch, have_chromium, login, new_context, new_event,
                    open_live_round, screenshot_folder, shoot)

CSP = CspWatch()
sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

PASSWORD = "live-calls-Pa55"
#: how soon a call made at a table shows on the Director's pages (pushed: about a second)
PUSH_MS = 2_000

pytestmark = pytest.mark.skipif(not have_chromium(),
                                reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)")


def _context(browser, width: int, height: int, **kw):
    return new_context(browser, (width, height), csp=CSP, **kw)


class Requests:
    """The requests a page makes to the calls' addresses: the stream, and any poll."""

    def __init__(self, page):
        self.polls, self.streams = [], []
        page.on("request", self._seen)

    def _seen(self, req) -> None:
        path = req.url.split("://", 1)[1].split("/", 1)[1].split("?")[0]
        if path == "api/live/calls":
            self.polls.append(req.url)
        elif path == "api/live/calls/stream":
            self.streams.append(req.url)


def _open_round(td, base: str, name: str, seed: str) -> int:
    event_id = new_event(td, base, name, tables=3, boards_per_round=1, seed=seed)
    open_live_round(td, base, event_id, mode="laws")
    return event_id


def test_a_call_is_pushed_to_the_directors_pages_of_its_event_only(live, db_backend, browser):
    base, shots = live.url, screenshot_folder(db_backend)
    director = _context(browser, 1366, 900)
    td = director.new_page()
    login(td, base, "director", PASSWORD, lang="en")
    spring = _open_round(td, base, "Spring Pairs", "calls-a")
    autumn = _open_round(td, base, "Autumn Cup", "calls-b")
    t1 = next(t for t in td.request.get(f"{base}/api/events/{spring}/live").json()["tables"]
              if t["round"] == 1 and t["table"] == 1)
    board = td.request.get(f"{base}/api/play/{t1['seats']['N']}").json()["board"]

    # the Director's three pages: the event's live tables, his console, the other event's
    td.goto(f"{base}/events/{spring}/live?lang=en")
    home, other = director.new_page(), director.new_page()
    home.goto(f"{base}/?lang=en")
    other.goto(f"{base}/events/{autumn}/live?lang=en")
    watched = {p: Requests(p) for p in (td, home, other)}
    # (the pages opened before the watch: reload them once, watched from the start)
    for p in (td, home, other):
        p.reload()
    for p in (td, home, other):
        expect(p.locator("#calls")).to_be_hidden()
    # the sound of a new call: off until he switches it on; the browser remembers it
    sound = td.locator("#call-sound")
    expect(sound).not_to_be_checked()
    sound.check()
    assert td.evaluate("() => localStorage.getItem('bridgelaws.callSound')") == "1"
    td.reload()
    expect(td.locator("#call-sound")).to_be_checked()
    expect(home.locator("#call-sound")).not_to_be_checked()      # read when a page opens
    home.reload()
    expect(home.locator("#call-sound")).to_be_checked()
    assert td.locator("#calls").get_attribute("data-beeps") == "0"

    # four players at table 1 of Spring Pairs, each in his own browser
    seats = {}
    for seat in "NESW":
        page = _context(browser, 390, 844).new_page()
        page.goto(f"{base}/play/{t1['seats'][seat]}?lang=en")
        expect(page.locator("#call-director")).to_be_visible()
        seats[seat] = page
    east = seats["E"]
    east.locator("#call-director").click()
    east.locator("#call-reason").select_option("hesitation")
    east.locator("#call-note").fill("North thought a long time")
    east.locator("#call-send").click()
    made = time.monotonic()

    link = f"#calls a.call-link[href='/live/{t1['id']}']"
    call = td.locator(link)
    expect(call).to_be_visible(timeout=PUSH_MS)
    took = time.monotonic() - made
    for page in seats.values():
        expect(page.locator("#banner")).to_contain_text("called the Director: a hesitation")
    for p in (td, home):
        c = p.locator(link)
        expect(c).to_be_visible(timeout=PUSH_MS)
        expect(c.locator(".call-event")).to_have_text("Spring Pairs")
        expect(c.locator(".call-where")).to_have_text(
            f"section A, round 1, table 1, board {board}")
        expect(c.locator(".call-why")).to_contain_text(
            "East called the Director: a hesitation: North thought a long time (9B2)")
        expect(c).to_contain_text("Play waits for the Director")
    # the other event's page does not show it
    time.sleep(0.5)
    expect(other.locator("#calls")).to_be_hidden()
    expect(other.locator("a.call-link")).to_have_count(0)
    # a new call sounds on the pages where the Director switched the sound on
    expect(td.locator("#calls")).to_have_attribute("data-beeps", "1")
    expect(other.locator("#calls")).to_have_attribute("data-beeps", "0")
    # pushed, never polled: each page opened one stream and asked nothing else
    for p, seen in watched.items():
        assert seen.polls == [], f"{p.url} polled {seen.polls}"
        assert len(seen.streams) >= 1
    assert any(f"event={spring}" in u for u in watched[td].streams)
    assert any(f"event={autumn}" in u for u in watched[other].streams)
    assert all("event=" not in u for u in watched[home].streams)

    # screenshots of the Director's page with the call: laptop and phone, English and Hebrew
    shoot(td, shots, "live_calls_laptop_en")
    td.goto(f"{base}/events/{spring}/live?lang=he")
    assert td.locator("html").get_attribute("dir") == "rtl"
    he = td.locator(link)
    expect(he.locator(".call-event")).to_have_text("Spring Pairs")
    expect(he.locator(".call-where")).to_have_text(f"בית A, סיבוב 1, שולחן 1, לוח {board}")
    expect(he.locator(".call-why")).to_contain_text("היסוס")
    # the player's note, in English, keeps its own direction inside the Hebrew line
    expect(he.locator(".call-why bdi.call-note")).to_have_text("North thought a long time")
    shoot(td, shots, "live_calls_laptop_he")
    phone = _context(browser, 390, 844, storage_state=director.storage_state()).new_page()
    for lang in ("en", "he"):
        phone.goto(f"{base}/events/{spring}/live?lang={lang}")
        expect(phone.locator(link)).to_be_visible()
        assert phone.evaluate("() => document.documentElement.scrollWidth") <= 390
        shoot(phone, shots, f"live_calls_phone_{lang}")
    phone.context.close()

    # the Director settles the call: it leaves his pages, pushed again
    td.goto(f"{base}/live/{t1['id']}?lang=en")
    expect(td.locator("#release")).to_be_visible()
    with td.expect_navigation():
        td.locator("#release button[type=submit]").click()
    expect(home.locator(link)).to_have_count(0, timeout=PUSH_MS)
    expect(home.locator("#calls")).to_be_hidden()
    for page in seats.values():
        expect(page.locator("#banner")).to_be_hidden()
        page.context.close()
    assert watched[home].polls == []
    director.close()
    assert took < PUSH_MS / 1000
