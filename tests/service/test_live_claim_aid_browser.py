"""The Director's page of a disputed claim in a real browser (issue 18.3): it shows at
once, with the notice that the claim aid is working, and the award form works while the
aid has not answered; once it has, the page shows its advice by itself.

The service runs in this process (uvicorn in a thread) so that the claim aid can be held
back (``advise_table`` waits for the test's go): the page must not wait for it.  The seats
act through the HTTP API (``test_live_api.Live``); the Director's page is opened in
Chromium at laptop (1366x900) and phone (390x844) sizes, in English and Hebrew.
Screenshots: live-claim-aid-pending-{laptop,phone}-{en,he}.png, live-claim-aid-ready.png.
"""

from __future__ import annotations

import re
import socket
import threading
import time

import httpx
import pytest

import bridgelaws.laws.claims as claims
from bridgelaws.service.app import create_app, ensure_director

from .pages import (CHROMIUM, CspWatch, have_chromium, login, new_page, screenshot_folder, shoot,
                    submit)
from .test_live_api import Live, Svc, nxt, pbn

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

PASSWORD = "claim-aid-Pa55"
SIZES = {"laptop": (1366, 900), "phone": (390, 844)}
CSP = CspWatch()

pytestmark = pytest.mark.skipif(not have_chromium(),
                                reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)")


@pytest.fixture(scope="module")
def gate():
    """The claim aid, held until the test sets the gate (at most 60 s); its runs counted."""
    go, runs = threading.Event(), []
    real = claims.advise_table

    def advise(table, *a, **k):
        runs.append(len(table.events))
        go.wait(60)
        return real(table, *a, **k)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(claims, "advise_table", advise)
        yield go, runs
        go.set()


@pytest.fixture(scope="module")
def server(new_database_url, gate):
    import uvicorn
    url = new_database_url()
    app = create_app(url, demo=False)
    ensure_director(app.state.store, "td", PASSWORD)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not srv.started:
        assert time.monotonic() < deadline, "the service did not start"
        time.sleep(0.05)
    yield app, f"http://127.0.0.1:{port}", url
    srv.should_exit = True
    thread.join(10)
    app.state.store.dispose()


def _director_api(app, base: str, url: str) -> Svc:
    c = httpx.Client(base_url=base, timeout=30)
    page = c.get("/login").text
    csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
    r = c.post("/login", data={"csrf": csrf, "username": "td", "password": PASSWORD,
                               "next": "/"})
    assert r.status_code in (200, 303), r.text
    return Svc(app, c, c.get("/api/csrf").json()["csrf"], url)


def test_the_claim_page_shows_at_once_while_the_aid_works(server, browser, gate, db_backend):
    go, runs = gate
    app, base, url = server
    svc = _director_api(app, base, url)
    r = svc.c.post("/events/new", data={
        "csrf": svc.csrf, "name": "Claim aid in a browser", "kind": "pairs",
        "movement": "howell", "tables": "2", "sections": "1", "boards_per_round": "2",
        "scoring": "mp", "source": "pbn", "seed": ""},
        files={"pbn": ("boards.pbn", pbn().encode(), "application/octet-stream")})
    assert r.status_code == 303, r.text
    eid = int(re.search(r"/events/(\d+)", r.headers["location"]).group(1))
    svc.open(eid)
    live = Live(svc, eid, svc.tables(eid)[0])
    # board 1: N declares 1NT; after one trick N claims the rest, E disputes
    live.bid(["1N", "P", "P", "P"])
    live.play(until=1)
    v = live.view()
    live.act(v["declarer"], action="claim", tricks=13 - len(v["tricks"]), line=["S", "H", "rest"])
    live.act(nxt(v["declarer"]), action="respond", answer="dispute")
    assert live.view()["hold"]

    folder = screenshot_folder(db_backend)
    pages = {}
    for lang in ("en", "he"):
        for size, (w, h) in SIZES.items():
            page = new_page(browser, (w, h), csp=CSP)
            login(page, base, "td", PASSWORD)
            started = time.monotonic()
            page.goto(f"{base}/live/{live.id}?lang={lang}")
            took = time.monotonic() - started
            assert took < 10, f"the page took {took:.1f} s"
            pending = page.locator("#advice-pending")
            expect(pending).to_be_visible()
            expect(page.locator("#advice")).to_have_count(0)
            expect(page.locator("#claim-ruling input[name=tricks]")).to_be_visible()
            assert page.evaluate("document.documentElement.dir") == ("rtl" if lang == "he"
                                                                     else "ltr")
            # nothing scrolls sideways on a phone
            assert page.evaluate("document.documentElement.scrollWidth") <= w + 1
            shoot(page, folder, f"live-claim-aid-pending-{size}-{lang}")
            pages[(lang, size)] = page
    assert len(runs) == 1, "the claim aid ran more than once for one claim"

    # the aid answers: the page looks again by itself and shows the advice
    go.set()
    page = pages[("en", "laptop")]
    expect(page.locator("#advice")).to_be_visible(timeout=60_000)
    expect(page.locator("#advice-pending")).to_have_count(0)
    tricks = page.locator("#claim-ruling input[name=tricks]").input_value()
    assert tricks.isdigit()
    shoot(page, folder, "live-claim-aid-ready")
    assert len(runs) == 1

    # the Director rules from the phone; the ruling releases the table
    page = pages[("en", "phone")]
    page.reload()
    form = page.locator("#claim-ruling form").first
    form.locator("input[name=tricks]").fill(tricks)
    submit(page, form)
    expect(page.locator("#call")).to_have_count(0)
    expect(page.locator("#claim-ruling")).to_have_count(0)
    v = live.view()
    assert v["complete"] and not v["hold"] and v["call"] is None
    for p in pages.values():
        p.context.close()
    CSP.check()
