"""A live table played in four real browsers (Chromium through Playwright), under the Laws.

The real service runs as a subprocess (``live_server.py``) over a fresh database of the
backend the suite runs on (SQLite, or PostgreSQL with BRIDGELAWS_TEST_DB=postgresql).
A director, in his own browser, creates a Mitchell pairs event (3 tables, one board a
round, a fixed seed) and opens round 1 live in Laws mode from the event page; the live
tables page gives each seat's private link.  Four more browser contexts, one per seat
of table 1, open those links and play board 1 through the pages' own buttons:

1. a bid out of rotation: the dealer's LHO clicks 1C in the bidding box before the
   dealer has called (the page asks to confirm).  The Director's console shows the
   call; the table's page (``/live/{id}``) shows the read-out and the options; the
   offender's LHO sees the options on his own screen and accepts the bid there; the
   Director records the ruling (``#release``).  The table does not wait for that: the
   auction goes on while he writes his notes (his page keeps them and offers a link
   instead of reloading itself), and ends 1C P P P.
2. a revoke: at the first trick where the player to act holds the led suit and
   another, he plays the other suit (confirm).  Nobody's screen shows it, and an
   opponent who presses ``#revoke`` at once is told that no card seen proves a revoke
   (ask, Law 61B).  Play goes on until the revoke is established (the offender's side has played
   to the next trick), then an opponent asks the offender, with the ask button beside
   his hand (declarer a defender, 61B1, or a defender declarer, 61B3): every screen shows
   the question and the answer (yes), the table waits for the Director (banner on every
   screen, no card playable), the console shows the call, the Director rules on the
   table's page and releases the table.  Play goes on to the end with the first card
   the page offers; the engine transfers tricks (Law 64) at the end.
3. the result is on every player's screen, in the event's results (contract, declarer,
   tricks as the pages showed) and standings, and the two rulings in the rulings log.

Every act waits for all four pages to show the view that followed it
(``document.body.dataset.seq``); an error shown on a page fails the test at once.
Screenshots (test-output/screenshots/, postgresql/ under it for the PostgreSQL run):
play-decision-en.png (the chooser's screen), console-call.png, live-director.png,
play-en.png (mid-play, dummy faced), play-he.png (the same seat in Hebrew, right to
left), play-ask-en.png (the ask button beside the offender's hand), console-call-he.png,
live-director-revoke.png, play-end-en.png.

The texts come from catalogues still being translated, so everything is found by ids,
classes and data attributes, never by wording.  Needs Debian's /usr/bin/chromium and
the Python package ``playwright``; skipped when either is missing.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .pages import CHROMIUM, CspWatch, have_chromium, login, new_event, new_page, shoot, submit

#: every page runs under the service's Content-Security-Policy: a blocked script or
#: style fails the test
CSP = CspWatch()

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

PASSWORD = "live-browser-Pa55"
SEATS = "NESW"
#: a card name in a page's text (the player's page must hold none before its view comes)
CARD_IN_TEXT = re.compile(r"(?<![A-Za-z0-9])[SHDC][AKQJT98765432](?![A-Za-z0-9])")


def page_text(html: str) -> str:
    """A page's HTML without what is random or external: the script tags' sources, the
    CSP nonces and the seat's token in its links (base64 text, where "_H2-" reads as a
    card name one time in a few hundred)."""
    return re.sub(r'<script src=[^>]*>|nonce="[^"]*"|[A-Za-z0-9_-]{20,}', "", html)

pytestmark = pytest.mark.skipif(not have_chromium(),
                                reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)")


def lho(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 1) % 4]


def partner(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 2) % 4]


# ---------------------------------------------------------------- helpers

def _page(browser, width: int = 1100, height: int = 900):
    """A page in a browser context of its own (its own cookies: its own session)."""
    return new_page(browser, (width, height), csp=CSP)


def _login(page, base: str):
    login(page, base, "director", PASSWORD, lang="en")
    assert page.url == base + "/", page.url


def _seq(page) -> int:
    return int(page.evaluate("() => Number(document.body.dataset.seq ?? -1)"))


class Table:
    """The four players' pages of one live table, and how to wait for their views."""

    def __init__(self, pages: dict):
        self.pages = pages
        self.dialogs: list[tuple[str, str]] = []
        for seat, page in pages.items():
            page.on("dialog", lambda d, seat=seat: (self.dialogs.append((seat, d.type)),
                                                    d.accept()))

    @property
    def seq(self) -> int:
        return max(_seq(p) for p in self.pages.values())

    def wait(self, seq: int, why: str):
        """Every page shows view ``seq`` (or later); an error on a page fails at once."""
        for seat, page in self.pages.items():
            page.wait_for_function(
                "s => Number(document.body.dataset.seq) >= s || !document.getElementById('error').hidden",
                arg=seq)
            err = page.locator("#error")
            if err.is_visible():
                pytest.fail(f"{why}: {seat}'s page shows an error: {err.inner_text()}")

    def act(self, why: str, do):
        """Do something that makes one entry in the table's log, then wait for it."""
        before = self.seq
        do()
        self.wait(before + 1, why)
        return before + 1

    def actor(self) -> str:
        """The one seat whose page says it is his turn."""
        mine = [s for s, p in self.pages.items() if p.locator("#your-turn").count()]
        assert len(mine) == 1, f"'your turn' shown to {mine}"
        return mine[0]

    def click_call(self, seat: str, call: str):
        self.act(f"{seat} calls {call}",
                 lambda: self.pages[seat].locator(f"#box button.call[data-call='{call}']").click())

    def own_cards(self, seat: str) -> list[str]:
        return [b.get_attribute("data-card") for b in
                self.pages[seat].locator(f"[data-hand='{seat}'] button.card").all()]

    def legal_cards(self, seat: str) -> list[str]:
        """The cards ``seat``'s page offers as lawful (his own or, for declarer, dummy's)."""
        return [b.get_attribute("data-card") for b in
                self.pages[seat].locator("button.card.legal").all()]

    def play(self, seat: str, card: str):
        self.act(f"{seat} plays {card}",
                 lambda: self.pages[seat].locator(f"button.card[data-card='{card}']").click())

    def centre(self, seat: str = "N") -> list[str]:
        return [c.get_attribute("data-card") for c in
                self.pages[seat].locator("#centre .card.played").all()]


# ---------------------------------------------------------------- the test

def test_live_table_in_four_browsers(live, browser, shots):
    base = live.url
    td = _page(browser, 1280, 900)
    _login(td, base)

    # --- the event, and round 1 opened live in Laws mode, from the event's page
    event_id = new_event(td, base, "Live Pairs", tables=3, boards_per_round=1,
                         seed="live-browser")
    opener = td.locator(f"form.live-open[action='/events/{event_id}/live'][data-round='1']")
    opener.locator("select[name=mode]").select_option("laws")
    submit(td, opener)
    assert re.search(rf"/events/{event_id}/live\?section=A&round=1$", td.url), td.url
    row = td.locator("#live-tables tr[data-round='1'][data-table='1']")
    expect(row).to_have_count(1)
    expect(td.locator("#live-tables tr[data-round='1']")).to_have_count(3)
    links = {a.get_attribute("data-seat"): a.get_attribute("href")
             for a in row.locator("a.seat-link[data-seat]").all()}
    assert sorted(links) == sorted(SEATS), links
    assert all(re.fullmatch(r"/play/[A-Za-z0-9_-]{40,}", h) for h in links.values()), links
    watch = row.locator("a[href^='/live/']").get_attribute("href")
    table_id = int(watch.rsplit("/", 1)[1])
    api = td.request.get(f"{base}/api/events/{event_id}/live").json()["tables"]
    t1 = next(t for t in api if t["round"] == 1 and t["table"] == 1)
    assert t1["id"] == table_id and t1["mode"] == "laws"
    assert {s: f"/play/{tok}" for s, tok in t1["seats"].items()} == links

    # --- four players, each in a browser context of his own
    pages = {}
    for seat in SEATS:
        page = _page(browser)
        resp = page.goto(base + links[seat] + "?lang=en")
        assert resp is not None and resp.status == 200
        html = resp.text()
        assert "data-card" not in html, f"{seat}'s page holds cards before its view"
        assert not CARD_IN_TEXT.findall(page_text(html)), seat
        assert page.locator("html").get_attribute("dir") == "ltr"
        pages[seat] = page
    table = Table(pages)
    table.wait(0, "the first view")
    hands = {}
    for seat, page in pages.items():
        own = page.locator(f"[data-hand='{seat}'] .card")
        expect(own).to_have_count(13)
        hands[seat] = {c.get_attribute("data-card") for c in own.all()}
        # nobody sees another hand during the auction
        for other in SEATS:
            if other != seat:
                assert page.locator(f"[data-hand='{other}'] .card").count() == 0, (seat, other)
    assert len(set().union(*hands.values())) == 52

    # --- 1. a bid out of rotation: the dealer's LHO bids before the dealer
    dealer = table.actor()
    offender = lho(dealer)
    chooser = lho(offender)
    assert pages[offender].locator("#box button.call[data-call='1C']").get_attribute("class") \
        .split().count("irregular") == 1
    table.click_call(offender, "1C")
    assert (offender, "confirm") in table.dialogs
    for seat, page in pages.items():
        expect(page.locator("#banner")).to_be_visible()
        options = page.locator("#decision form[data-option]")
        expect(options).to_have_count(2)
        assert sorted(f.get_attribute("data-option") for f in options.all()) == \
            ["accept", "reject"]
        enabled = [f.locator("button[type=submit]").is_enabled() for f in options.all()]
        assert enabled == [seat == chooser] * 2, (seat, enabled)
    assert table.actor() == chooser
    shoot(pages[chooser], shots, "play-decision-en")

    # the Director's console shows the call; he opens the table's page
    td.goto(base + "/?lang=en")
    call = td.locator(f"#calls a.call-link[data-table='1'][href='/live/{table_id}']")
    expect(call).to_be_visible()
    expect(call).to_contain_text("29")
    shoot(td, shots, "console-call")
    with td.expect_navigation():
        call.click()
    assert td.url == f"{base}/live/{table_id}"
    expect(td.locator("#call")).to_be_visible()
    assert td.locator("#readout p").count() >= 1
    director_options = td.locator("#options form input[name=option]")
    assert sorted(o.get_attribute("value") for o in director_options.all()) == \
        ["accept", "reject"]
    shoot(td, shots, "live-director")

    # the player chooses on his own screen: he accepts the bid (Law 29A)
    table.act(f"{chooser} accepts", lambda: pages[chooser].locator(
        "#decision form[data-option='accept'] button[type=submit]").click())
    for page in pages.values():
        expect(page.locator("#decision")).to_be_hidden()
        expect(page.locator("#auction td[data-call='1C']")).to_have_count(1)
    # the Director records the ruling; while he writes his notes the auction goes on
    # (the table does not wait), and his page keeps what he wrote
    td.goto(f"{base}/live/{table_id}")
    expect(td.locator("#options")).to_have_count(0)
    release = td.locator("form#release")
    notes = "1C out of rotation, accepted by LHO (29A)."
    release.locator("textarea[name=notes]").fill(notes)
    assert table.actor() == chooser
    table.click_call(chooser, "P")
    expect(td.locator("#stale")).to_be_visible()
    expect(release.locator("textarea[name=notes]")).to_have_value(notes)
    table.act("the Director records the 1C ruling", lambda: submit(td, release))
    assert td.url == f"{base}/live/{table_id}"
    expect(td.locator("#call")).to_have_count(0)
    for page in pages.values():
        expect(page.locator("#banner")).to_be_hidden()
    # back to the console (the table's page reloads itself at every act)
    td.goto(base + "/")

    # the auction ends: 1C P P P
    for _ in range(2):
        table.click_call(table.actor(), "P")
    declarer, dummy = offender, partner(offender)
    leader = lho(declarer)
    for page in pages.values():
        expect(page.locator("#box")).to_be_hidden()
    assert table.actor() == leader

    # --- 2. the play, with a revoke
    played = 0            # cards played
    revoke = None         # (offender, index of the card)
    noticed = False
    shot_mid = False
    while True:
        if pages["N"].locator("#result").is_visible():
            break
        assert played < 52, "the board does not end"
        if revoke and not noticed and played >= (revoke[1] // 4 + 1) * 4 + 2:
            # established: the offending side has played to the next trick (Law 63A1),
            # and the revoke trick is the last one quitted
            culprit = revoke[0]
            pointer = declarer if culprit != declarer else lho(declarer)
            for page in pages.values():      # still nobody's screen shows it
                assert "61A" not in page.locator("#rect").inner_text()
            # he asks the offender (Law 61B); the answer comes at once
            ask = pages[pointer].locator(f"[data-hand='{culprit}'] button.ask")
            expect(ask).to_have_count(1)
            shoot(pages[pointer], shots, "play-ask-en")
            table.act(f"{pointer} asks {culprit} about the suit led", lambda: ask.click())
            for page in pages.values():      # the question and its answer, on every screen
                expect(page.locator(f"#rect li.question[data-asks='{culprit}']"))\
                    .to_have_attribute("data-answer", "yes")
            noticed = True
            _rule_on_revoke(td, base, table, table_id, shots)
            continue
        seat = table.actor()
        legal = table.legal_cards(seat)
        assert legal, f"{seat}'s page offers no card"
        own = table.own_cards(seat)
        mine = [c for c in legal if c in own]
        if (revoke is None and seat != dummy and mine == legal
                and 0 < len(legal) < len(own)):
            # he must follow suit and can: he plays another suit instead
            led = {c[0] for c in legal}
            assert len(led) == 1 and any(c[0] in led for c in table.centre(seat)), \
                (legal, table.centre(seat))
            card = next(c for c in own if c not in legal)
            n = len(table.dialogs)
            table.play(seat, card)
            assert table.dialogs[n:] == [(seat, "confirm")], table.dialogs
            revoke = (seat, played)
            for page in pages.values():      # nobody sees the revoke yet (Law 62)
                expect(page.locator("#banner")).to_be_hidden()
                assert "61A" not in page.locator("#rect").inner_text()
            # an opponent points it out at once: refused, since no card seen proves it
            opponent = pages[declarer if seat != declarer else lho(declarer)]
            opponent.locator("#tools button#revoke").click()
            expect(opponent.locator("#error")).to_be_visible()
            expect(opponent.locator("body")).to_have_attribute("data-error", "unproven_revoke")
            assert "61B" in opponent.locator("#error").inner_text()
            opponent.evaluate("() => { document.getElementById('error').hidden = true; }")
        else:
            table.play(seat, legal[0])
        played += 1
        if played == 6 and not shot_mid:
            shot_mid = True
            _play_screenshots(browser, base, links, table, dummy, declarer, shots)
    assert revoke is not None, "nobody could revoke on this deal"
    assert noticed, "the revoke was never pointed out"

    # --- 3. the result
    texts = set()
    for seat, page in pages.items():
        expect(page.locator("#result-text")).to_be_visible()
        texts.add(page.locator("#result-text").inner_text())
        for other in SEATS:                  # every hand once play is over
            expect(page.locator(f"[data-hand='{other}'] .card")).to_have_count(13)
        laws = page.locator("#rect li.laws").inner_text()
        assert "61A" in laws and "63A1" in laws and "64A" in laws, laws
    assert len(texts) == 1, texts
    shoot(pages[leader], shots, "play-end-en")

    results = td.request.get(f"{base}/api/events/{event_id}/results").json()
    line = [r for r in results if (r["round"], r["table"], r["board"]) == (1, 1, 1)]
    assert len(line) == 1, f"{results}\n{live.log_tail()}"
    line = line[0]
    assert (line["contract"], line["declarer"]) == ("1C", declarer), line
    assert line["lead"] and line["lead"] in hands[leader], line
    assert line["adjusted"] is None, line
    # the result line on the screens: contract declarer · tricks · NS score
    text = texts.pop()
    shown = re.search(r"^1♣ .*·\s*(\d+)\s*·\s*NS\s*([+−]?\d+|0)\s*$", text)   # −: a minus sign
    assert shown, text
    assert (int(shown.group(1)), int(shown.group(2).replace("−", "-"))) == \
        (line["tricks"], line["score"]), line
    assert len(results) == 1, results
    standings = td.request.get(f"{base}/api/events/{event_id}/standings").json()
    by_pair = {r["pair"]: r for r in standings["sections"]["A"]["standings"]}
    assert by_pair[line["ns"]]["boards"] == 1 and by_pair[line["ew"]]["boards"] == 1, by_pair
    td.goto(f"{base}/events/{event_id}/standings")
    expect(td.locator(f"#standings-A tr[data-pair='{line['ns']}']")).to_have_count(1)
    expect(td.locator(f"#standings-A tr[data-pair='{line['ew']}']")).to_have_count(1)
    # the two rulings are in the log
    td.goto(f"{base}/rulings?event={event_id}")
    expect(td.locator("table.grid tbody a[href^='/rulings/']")).to_have_count(2)
    # no call is left open
    assert td.request.get(f"{base}/api/live/calls").json() == {"calls": []}


def _rule_on_revoke(td, base, table: Table, table_id: int, shots: Path):
    """The table waits for the Director; he rules from his console."""
    for page in table.pages.values():
        expect(page.locator("#banner")).to_be_visible()
        assert page.locator("button.card").count() == 0, "a card is playable while the table waits"
        assert page.locator("#your-turn").count() == 0
    td.goto(base + "/")
    call = td.locator(f"#calls a.call-link[href='/live/{table_id}']")
    expect(call).to_be_visible()
    expect(call).to_contain_text("63")
    # the same call in Hebrew, right to left (then back to English)
    td.goto(base + "/?lang=he")
    assert td.locator("html").get_attribute("dir") == "rtl"
    expect(call).to_be_visible()
    shoot(td, shots, "console-call-he")
    td.goto(base + "/?lang=en")
    with td.expect_navigation():
        call.click()
    expect(td.locator("#call")).to_be_visible()
    readout = td.locator("#readout").inner_text()
    assert readout.strip(), "no read-out"
    shoot(td, shots, "live-director-revoke")
    release = td.locator("form#release")
    release.locator("textarea[name=notes]").fill("Revoke established; Law 64 at the end of play.")
    table.act("the Director releases the table", lambda: submit(td, release))
    expect(td.locator("#call")).to_have_count(0)
    for page in table.pages.values():
        expect(page.locator("#banner")).to_be_hidden()
    td.goto(base + "/")


def _play_screenshots(browser, base, links, table: Table, dummy, declarer, shots: Path):
    """Mid-play: a defender's screen (his hand, dummy faced, the trick) in English, then the
    same seat in Hebrew, right to left."""
    seat = lho(declarer)
    page = table.pages[seat]
    expect(page.locator(f"[data-hand='{dummy}'] .card").first).to_be_visible()
    assert page.locator(f"[data-hand='{dummy}'] .card").count() >= 11
    assert page.locator(f"[data-hand='{partner(seat)}'] .card").count() == 0
    assert page.locator("#centre .card.played").count() >= 1
    shoot(page, shots, "play-en")
    he = _page(browser)
    try:
        he.goto(base + links[seat] + "?lang=he")
        assert he.locator("html").get_attribute("dir") == "rtl"
        assert he.locator("html").get_attribute("lang") == "he"
        he.wait_for_function("s => Number(document.body.dataset.seq) >= s", arg=table.seq)
        expect(he.locator(f"[data-hand='{dummy}'] .card").first).to_be_visible()
        shoot(he, shots, "play-he")
    finally:
        he.context.close()
