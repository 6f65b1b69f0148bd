"""Who sits where, in Chromium, with the four seats of a table (phone size) and the
Director (laptop size), in English and in Hebrew (issue 18, points 10 and 12):

* each seat's header (event, section, round, table, pairs, names, "you"); once the
  round's last board is over, each seat shows its pair's next table, as the Mitchell
  movement says;
* one seat's QR code on the Director's screen, read back from the screenshot's pixels
  by a real QR decoder (zxing-cpp) as the seat's link; the table cards, on screen and
  printed (A4, two tables to a page: the PDF Chromium prints has two pages for three
  tables);
* a seat's new link: asked first; the old link's page then says so and stops, the new
  link shows the table as it was;
* opening round 2 while round 1 still plays asks first, and proceeding opens it.

Screenshots: ``live_seats_head_{phone,laptop}_{en,he}``, ``live_seats_next_phone_{en,he}``,
``live_seats_list_laptop_{en,he}``, ``live_seats_qr_{laptop,phone}_{en,he}``,
``live_seats_cards_laptop_{en,he}``, ``live_seats_cards_print_en``,
``live_seats_renew_confirm_laptop_en``, ``live_seats_old_link_phone_{en,he}``,
``live_seats_round_confirm_{laptop,phone}_{en,he}``.
"""

from __future__ import annotations

import io
import re

import pytest

from bridgelaws.tournament.movements import mitchell

from .pages import (CHROMIUM, CspWatch, act, have_chromium, login, new_event, new_page,
                    shoot, submit)

CSP = CspWatch()
sync_api = pytest.importorskip("playwright.sync_api")
zxingcpp = pytest.importorskip("zxingcpp")
expect = sync_api.expect

PASSWORD = "live-seats-Pa55"
PHONE, LAPTOP = (390, 844), (1366, 900)

pytestmark = pytest.mark.skipif(not have_chromium(),
                                reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)")


def _page(browser, size):
    return new_page(browser, size, csp=CSP)


def _no_sideways(page, width: int) -> None:
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width


def _decode_png(png: bytes) -> str:
    from PIL import Image
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)).convert("L"))
    assert len(found) == 1, "no QR code read from the screenshot"
    return found[0].text


NAMES = {"1": ("Dana Cohen", "Yossi Levi"), "4": ("Anna Nowak", "Piotr Wiśniewski"),
         "2": ("דנה כהן", "יוסי לוי")}


def _expected_next(mv, round_no: int, pair: str) -> str:
    later = [x for x in mv.sittings if x.round == round_no + 1]
    if not later:
        return "That was the last round."
    for x in later:
        if pair in (str(x.ns), str(x.ew)):
            side = "North-South" if pair == str(x.ns) else "East-West"
            b = list(x.boards)
            run = f"{b[0]}-{b[-1]}" if len(b) > 1 else str(b[0])
            return f"Next round: table {x.table}, {side}, boards {run}"
    return "Next round: sit out"


def test_seats_qr_codes_new_links_and_rounds(live, browser, shots):
    base = live.url
    td = _page(browser, LAPTOP)
    login(td, base, "director", PASSWORD, lang="en")
    eid = new_event(td, base, "Club Thursday", tables=3, boards_per_round=1, seed="seats")
    csrf = td.request.get(f"{base}/api/csrf").json()["csrf"]
    data = {"csrf": csrf}
    for number, pl in NAMES.items():
        for i, name in enumerate(pl):
            data[f"A|{number}|{i}|name"] = name
            data[f"A|{number}|{i}|member"] = ""
    assert td.request.post(f"{base}/events/{eid}/entries", form=data).ok
    td.goto(f"{base}/events/{eid}?lang=en")
    submit(td, td.locator(f"form.live-open[data-round='1']"))
    tables = td.request.get(f"{base}/api/events/{eid}/live").json()["tables"]
    assert [t["table"] for t in tables] == [1, 2, 3]
    t1 = tables[0]
    mv = mitchell(3, boards_per_round=1)
    first = next(x for x in mv.sittings if x.round == 1 and x.table == 1)
    ns, ew = str(first.ns), str(first.ew)

    # --- the four seats of table 1 on phones: who sits where -----------------------------
    seats = {}
    for seat in "NESW":
        p = _page(browser, PHONE)
        p.goto(f"{base}/play/{t1['seats'][seat]}?lang=en")
        head = p.locator("#seat-head")
        expect(head).to_contain_text("Club Thursday · Section A · Round 1 · Table 1")
        expect(p.locator("#side-ns")).to_contain_text(f"North-South · pair {ns}")
        expect(p.locator("#side-ew")).to_contain_text(f"East-West · pair {ew}")
        me = p.locator(".seat-who.me")
        expect(me).to_have_attribute("data-seat", seat)
        expect(me).to_contain_text("(you)")
        expect(p.locator("#next-table")).to_be_hidden()
        expect(p.locator("#conn")).to_have_text("connected")
        seats[seat] = p
    expect(seats["N"].locator(".seat-who[data-seat='N']")).to_contain_text("North: Dana Cohen")
    expect(seats["N"].locator(".seat-who[data-seat='E']")).to_contain_text(
        f"East: {NAMES[ew][0]}" if ew in NAMES else "East")
    _no_sideways(seats["S"], PHONE[0])
    shoot(seats["S"], shots, "live_seats_head_phone_en")
    he = _page(browser, PHONE)
    he.goto(f"{base}/play/{t1['seats']['E']}?lang=he")
    assert he.locator("html").get_attribute("dir") == "rtl"
    expect(he.locator("#seat-head")).to_contain_text("שולחן")
    _no_sideways(he, PHONE[0])
    shoot(he, shots, "live_seats_head_phone_he")
    for lang in ("en", "he"):
        wide = _page(browser, LAPTOP)
        wide.goto(f"{base}/play/{t1['seats']['W']}?lang={lang}")
        expect(wide.locator("#seat-head")).to_be_visible()
        shoot(wide, shots, f"live_seats_head_laptop_{lang}")
        wide.context.close()

    # --- the round's only board passed out: each seat sees where it goes next ----------
    dealer = td.request.get(f"{base}/api/play/{t1['seats']['N']}").json()["dealer"]
    for k in range(4):
        act(td, base, t1["seats"]["NESW"[("NESW".index(dealer) + k) % 4]], action="call",
             call="P")
    for seat, p in seats.items():
        pair = ns if seat in "NS" else ew
        expect(p.locator("#next-table")).to_be_visible()
        expect(p.locator("#next-table")).to_have_text(_expected_next(mv, 1, pair))
    _no_sideways(seats["E"], PHONE[0])
    shoot(seats["E"], shots, "live_seats_next_phone_en")
    expect(he.locator("#next-table")).to_be_visible()
    expect(he.locator("#next-table")).to_contain_text("הסיבוב הבא: שולחן")
    shoot(he, shots, "live_seats_next_phone_he")
    he.context.close()

    # --- the Director's list: next tables, QR links ---------------------------------------
    for lang in ("en", "he"):
        td.goto(f"{base}/events/{eid}/live?lang={lang}")
        row = td.locator("#live-tables tr[data-table='1']")
        expect(row.locator(".next-line[data-side='ns']")).to_be_visible()
        if lang == "en":
            expect(row.locator(".next-line[data-side='ew']")).to_have_text(
                f"pair {ew}: {_expected_next(mv, 1, ew)}")
        shoot(td, shots, f"live_seats_list_laptop_{lang}")

    # --- one seat's QR code on the Director's screen, read back from the pixels ---------
    for size, name in ((LAPTOP, "laptop"), (PHONE, "phone")):
        for lang in ("en", "he"):
            page = td if size == LAPTOP else _page(browser, size)
            if page is not td:
                login(page, base, "director", PASSWORD, lang=lang)
            page.goto(f"{base}/live-seats/{t1['id']}/N?lang={lang}")
            qr = page.locator("#qr svg")
            expect(qr).to_be_visible()
            link = f"{base}/play/{t1['seats']['N']}"
            assert _decode_png(qr.screenshot()) == link
            expect(page.locator("#seat-url")).to_have_text(link)
            _no_sideways(page, size[0])
            shoot(page, shots, f"live_seats_qr_{name}_{lang}")
            if page is not td:
                page.context.close()

    # --- table cards: on screen, printed (A4, two tables a page) ----------------------------
    for lang in ("en", "he"):
        td.goto(f"{base}/events/{eid}/live/cards?lang={lang}")
        expect(td.locator(".table-card")).to_have_count(3)
        card = td.locator(".table-card[data-table='2']")
        expect(card.locator("svg.qr")).to_have_count(4)
        shoot(td, shots, f"live_seats_cards_laptop_{lang}")
    south2 = td.locator(".table-card[data-table='2'] .card-seat[data-seat='S']")
    assert _decode_png(south2.locator("svg.qr").screenshot()) == \
        f"{base}/play/{tables[1]['seats']['S']}"
    # printed: an A4 page's width (794 px at 96 dpi), and the PDF Chromium prints
    a4 = _page(browser, (794, 1123))
    login(a4, base, "director", PASSWORD, lang="en")
    a4.goto(f"{base}/events/{eid}/live/cards?lang=en")
    a4.emulate_media(media="print")
    expect(a4.locator("header.top")).to_be_hidden()
    expect(a4.locator(".no-print")).to_be_hidden()
    shoot(a4, shots, "live_seats_cards_print_en")
    pdf = a4.pdf(format="A4", print_background=True)
    (shots / "live_seats_cards_print_en.pdf").write_bytes(pdf)
    a4.context.close()
    from pypdf import PdfReader
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 2                   # three tables, two to a page
    assert "Table 3" in reader.pages[1].extract_text()

    # --- a new link for East: asked first; the old page stops, the new one plays on ------
    old = t1["seats"]["E"]
    td.goto(f"{base}/live-seats/{t1['id']}/E?lang=en")
    td.locator("#renew").click()
    td.wait_for_load_state("domcontentloaded")
    expect(td.locator("#confirm")).to_contain_text("Give East at table 1")
    shoot(td, shots, "live_seats_renew_confirm_laptop_en")
    with td.expect_navigation():
        td.locator("#confirm-yes").click()
    new = td.request.get(f"{base}/api/events/{eid}/live").json()["tables"][0]["seats"]["E"]
    assert new != old
    expect(td.locator("#seat-url")).to_have_text(f"{base}/play/{new}")
    east = seats["E"]
    expect(east.locator("#error")).to_contain_text("This seat has a new link")
    expect(east.locator("body")).to_have_attribute("data-error", "link_replaced")
    _no_sideways(east, PHONE[0])
    shoot(east, shots, "live_seats_old_link_phone_en")
    he = _page(browser, PHONE)
    r = he.goto(f"{base}/play/{old}?lang=he")
    assert r.status == 404
    assert "המנהל נתן למושב קישור חדש" in he.content()
    shoot(he, shots, "live_seats_old_link_phone_he")
    he.goto(f"{base}/play/{new}?lang=en")
    expect(he.locator(".seat-who.me")).to_have_attribute("data-seat", "E")
    expect(he.locator("#next-table")).to_be_visible()          # the table as it was
    he.context.close()
    for p in seats.values():
        p.context.close()

    # --- round 2 while tables 2 and 3 still play round 1: asked first --------------------
    for size, name in ((LAPTOP, "laptop"), (PHONE, "phone")):
        for lang in ("en", "he"):
            page = td if size == LAPTOP else _page(browser, size)
            if page is not td:
                login(page, base, "director", PASSWORD, lang=lang)
            page.goto(f"{base}/events/{eid}?lang={lang}")
            submit(page, page.locator("form.live-open[data-round='2']"))
            expect(page.locator("#confirm")).to_be_visible()
            if lang == "en":
                expect(page.locator("#confirm")).to_contain_text(
                    "Round 1 of section A is still playing at 2 tables. Open round 2 anyway?")
            _no_sideways(page, size[0])
            shoot(page, shots, f"live_seats_round_confirm_{name}_{lang}")
            if page is not td:
                page.context.close()
    rounds = {t["round"] for t in
              td.request.get(f"{base}/api/events/{eid}/live").json()["tables"]}
    assert rounds == {1}
    with td.expect_navigation():
        td.locator("#confirm-yes").click()
    rounds = {t["round"] for t in
              td.request.get(f"{base}/api/events/{eid}/live").json()["tables"]}
    assert rounds == {1, 2}
    td.context.close()
