"""Players' names in a real browser (Chromium through Playwright): a director types names
on an event's entries page (one in Hebrew), pastes the rest as CSV with one bad line
(named with its line number, the paste kept, the good lines saved), then sees the names
on the standings and the players see theirs at their seats on the live table page; at
phone (390x844) and laptop (1366x900) sizes, in English and Hebrew (right to left).
Screenshots go to test-output/screenshots/names-*.png.
"""

from __future__ import annotations

import re

import pytest

from .pages import CHROMIUM, CspWatch, have_chromium, login, new_event, new_page, shoot, submit

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

PASSWORD = "names-browser-Pa55"
PHONE, LAPTOP = (390, 844), (1366, 900)
CSP = CspWatch()

pytestmark = pytest.mark.skipif(not have_chromium(),
                                reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)")


def _page(browser, size):
    return new_page(browser, size, csp=CSP)


def _no_sideways_scroll(page, what):
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"] + 1, f"{what} scrolls sideways: {width}px"


def test_names_typed_pasted_and_shown(live, browser, shots):
    base = live.url
    td = _page(browser, LAPTOP)
    login(td, base, "director", PASSWORD, lang="en")
    event_id = new_event(td, base, "Names night", tables=3, boards_per_round=1,
                         seed="names-browser")

    # --- the entries page is one click from the event's page
    td.locator("#entries-link").click()
    td.wait_for_url(re.compile(rf"/events/{event_id}/entries$"))
    form = td.locator("#entries-form")
    expect(form.locator("fieldset.entry-row")).to_have_count(6)
    form.locator("input[name='A|1|0|name']").fill("Ann Smith")
    form.locator("input[name='A|1|0|member']").fill("1001")
    form.locator("input[name='A|1|1|name']").fill("Bob Jones")
    form.locator("input[name='A|4|0|name']").fill("דנה כהן")
    form.locator("input[name='A|4|1|name']").fill("יוסי לוי")
    form.locator("input[name='A|4|1|member']").fill("77")
    submit(td, form)
    expect(td.locator("p.saved")).to_be_visible()
    expect(td.locator("input[name='A|4|0|name']")).to_have_value("דנה כהן")
    # the member list now offers the names typed
    expect(td.locator("#member-names option[value='Ann Smith']")).to_have_count(1)

    # --- a paste with a bad line: named, the paste kept, the good lines saved
    paste = td.locator("#entries-import")
    text = "pair;name 1;member 1;name 2;member 2\n2;Carol King;;Dan Brown;D-7\n3;Eve\n" \
           "5;Fay Green;;Gus Hill;\n6;Hana Ito;;Ivo Jak;\n"
    paste.locator("textarea[name=text]").fill(text)
    submit(td, paste)
    errors = td.locator("ul.csv-errors li")
    expect(errors).to_have_count(1)
    expect(errors.first).to_contain_text("Line 3")
    expect(td.locator("#entries-import textarea")).to_have_value(text)
    expect(td.locator("input[name='A|5|1|name']")).to_have_value("Gus Hill")
    shoot(td, shots, "names-entries-laptop-en")
    td.locator("#entries-import textarea").fill("3;Eve Ray;;Olga Pi;\n")
    submit(td, td.locator("#entries-import"))
    expect(td.locator("p.saved")).to_be_visible()

    # --- a phone in Hebrew: the entries page, right to left, no sideways scroll
    phone = _page(browser, PHONE)
    login(phone, base, "director", PASSWORD, lang="he")
    phone.goto(f"{base}/events/{event_id}/entries?lang=he")
    assert phone.locator("html").get_attribute("dir") == "rtl"
    expect(phone.locator("input[name='A|4|0|name']")).to_have_value("דנה כהן")
    _no_sideways_scroll(phone, "entries page")
    shoot(phone, shots, "names-entries-phone-he")

    # --- a result, then the standings carry the names
    td.goto(f"{base}/events/{event_id}/tables/A/1/1?lang=en")
    expect(td.locator("p").filter(has_text="Ann Smith - Bob Jones")).to_have_count(1)
    line = td.locator("form").filter(has=td.locator("input[name=':1|contract']"))
    line.locator("input[name=':1|contract']").fill("4S")
    line.locator("input[name=':1|declarer']").fill("N")
    line.locator("input[name=':1|tricks']").fill("10")
    submit(td, line)
    td.goto(f"{base}/events/{event_id}/standings?lang=en")
    row = td.locator("#standings-A tr[data-pair='1'] td.names")
    expect(row).to_have_text("Ann Smith - Bob Jones")
    expect(td.locator("#standings-A tr[data-pair='4'] td.names")).to_have_text(
        "דנה כהן - יוסי לוי")
    shoot(td, shots, "names-standings-laptop-en")
    phone.goto(f"{base}/events/{event_id}/standings?lang=he")
    expect(phone.locator("#standings-A tr[data-pair='1'] td.names")).to_have_text(
        "Ann Smith - Bob Jones")
    _no_sideways_scroll(phone, "standings")
    shoot(phone, shots, "names-standings-phone-he")

    # --- the member list; removing a name asks first
    td.goto(f"{base}/members?lang=en")
    expect(td.locator("#members tr[data-member]")).to_have_count(12)
    shoot(td, shots, "names-members-laptop-en")
    phone.goto(f"{base}/members?lang=he")
    _no_sideways_scroll(phone, "member list")
    shoot(phone, shots, "names-members-phone-he")
    olga = phone.locator("#members tr[data-member]").filter(has_text="Olga Pi")
    submit(phone, olga.locator("form"))
    expect(phone.locator("#confirm")).to_contain_text("Olga Pi")
    submit(phone, phone.locator("#confirm form"))
    expect(phone.locator("#members tr[data-member]")).to_have_count(11)

    # --- the event page and the public results page on a phone, with the names
    phone.goto(f"{base}/events/{event_id}?lang=he")
    expect(phone.locator("bdi.names").first).to_be_visible()
    shoot(phone, shots, "names-event-phone-he")
    _no_sideways_scroll(phone, "event page")

    # --- round 1 live: the players see the names at their seats
    td.goto(f"{base}/events/{event_id}?lang=en")
    opener = td.locator(f"form.live-open[data-round='1']")
    submit(td, opener)
    submit(td, td.locator("#confirm form"))    # round 1 has a result: asked first
    row = td.locator("#live-tables tr[data-round='1'][data-table='1']")
    expect(row.locator("bdi.names")).to_have_count(4)
    phone.goto(f"{base}/events/{event_id}/live?lang=en")
    _no_sideways_scroll(phone, "live tables list")
    shoot(phone, shots, "names-live-list-phone-en")
    north = row.locator("a.seat-link[data-seat='N']").get_attribute("href")
    east = row.locator("a.seat-link[data-seat='E']").get_attribute("href")
    player = _page(browser, PHONE)
    player.goto(base + north + "?lang=en")
    expect(player.locator("[data-player='N']")).to_have_text("Ann Smith")
    expect(player.locator("[data-player='S']")).to_have_text("Bob Jones")
    expect(player.locator("[data-player='E']")).to_have_text("דנה כהן")
    expect(player.locator("[data-player='W']")).to_have_text("יוסי לוי")
    _no_sideways_scroll(player, "live table")
    shoot(player, shots, "names-live-phone-en")
    other = _page(browser, LAPTOP)
    other.goto(base + east + "?lang=he")
    expect(other.locator("[data-player='E']")).to_have_text("דנה כהן")
    shoot(other, shots, "names-live-laptop-he")
    for p in (td, phone, player, other):
        p.context.close()


def test_team_names_on_a_phone(live, browser, shots):
    """A teams event: a team's name and four players, typed on a phone in Hebrew; the
    standings name the team."""
    base = live.url
    phone = _page(browser, PHONE)
    login(phone, base, "director", PASSWORD, lang="he")
    phone.goto(base + "/events/new?lang=he")
    form = phone.locator("form[action='/events/new']")
    form.locator("input[name=name]").fill("ליגת קבוצות")
    form.locator("select[name=kind]").select_option("teams")
    form.locator("select[name=movement]").select_option("roundrobin")
    form.locator("input[name=tables]").fill("4")
    form.locator("select[name=scoring]").select_option("imp")
    form.locator("input[name=boards_per_round]").fill("1")
    form.locator("input[name=source][value=deal]").check()
    form.locator("input[name=seed]").fill("names-teams")
    submit(phone, form)
    event_id = int(re.search(r"/events/(\d+)", phone.url).group(1))
    phone.goto(f"{base}/events/{event_id}/entries?lang=he")
    entries = phone.locator("#entries-form")
    expect(entries.locator("fieldset.entry-row")).to_have_count(4)
    entries.locator("input[name='A|1|team']").fill("האריות")
    for i, name in enumerate(["רונית בר", "Tom Hale", "אבי גל", "Sue Moss"]):
        entries.locator(f"input[name='A|1|{i}|name']").fill(name)
    entries.locator("input[name='A|1|3|member']").fill("=1+2")      # refused, kept
    submit(phone, entries)
    expect(phone.locator("fieldset[data-pair='A|1'] .error")).to_have_count(1)
    expect(phone.locator("input[name='A|1|3|member']")).to_have_value("=1+2")
    expect(phone.locator("input[name='A|1|team']")).to_have_value("האריות")
    _no_sideways_scroll(phone, "team entries")
    shoot(phone, shots, "names-teams-entries-phone-he")
    phone.locator("input[name='A|1|3|member']").fill("4242")
    submit(phone, phone.locator("#entries-form"))
    expect(phone.locator("p.saved")).to_be_visible()
    phone.goto(f"{base}/api/events/{event_id}/entries")
    assert "האריות" in phone.content() and "4242" in phone.content()
    phone.context.close()
