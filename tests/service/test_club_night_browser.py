"""A club night in a real browser (Chromium through Playwright), issue 17 points 2-5 and 7:
what test_movements_service.py and test_result_entry.py check over HTTP, done here by a
Director's clicks on the pages, at phone (390 x 844) and laptop (1366 x 900) sizes, in
English and in Hebrew (right to left).

* Point 2: events made through the new-event form: a Mitchell with an odd number of
  pairs (a sit-out; a phantom pair), fewer rounds and an arrow switch, a Howell, a Swiss
  teams event whose rounds are paired by "Pair the next round" (no rematch).
* Point 3: on a table's form a correction shows "was +X, now +Y" before it is saved, a
  result is removed once confirmed, "Not played" asks for an adjusted score (Law 12A2).
* Point 4: a wrong opening lead saves the score with a warning on its line; no lead is
  fine.
* Point 5: a weighted adjusted score with overtricks (``70% 3NT+1 E``).
* Point 7: publishing, withdrawing, an adjusted score over a table result and a live
  round opened where results exist each ask first; Cancel changes nothing.

Every page visited fits its width (no sideways scroll) and has the language's direction.
Screenshots of the key screens go to test-output/screenshots/clubnight-*.png.
One server (over a fresh database, no demo) and one Chromium for the module.
"""

from __future__ import annotations

import re

import pytest

from bridgelaws.boards import vulnerability_of
from bridgelaws.cards import Deal, parse_card
from bridgelaws.formats.replay import shown as symbols
from bridgelaws.scoring.contract import Contract, score_ns
from bridgelaws.tournament.movements import howell, mitchell

from . import pages
from .pages import CHROMIUM, CspWatch, have_chromium

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

PASSWORD = "club-night-Pa55"
SAVED = "p.saved:not([hidden])"          # the page's "saved" line (not the PDFs' status)

pytestmark = pytest.mark.skipif(not have_chromium(),
                                reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)")

CSP = CspWatch()


class Director(pages.Director):
    """A Director's browser at one size, logged in, in one language."""

    def __init__(self, browser, base: str, size: str, lang: str):
        super().__init__(browser, base, size, lang, password=PASSWORD, prefix="clubnight",
                         csp=CSP)

    def click(self, locator):
        """Click what leads to another page, and check that page."""
        with self.page.expect_navigation():
            locator.click()
        return self.check()

    def text(self, selector: str = "main") -> str:
        """The text shown, without the isolates and no-break spaces that keep a score
        left to right and on one line."""
        return (self.page.locator(selector).first.inner_text()
                .replace("\u2066", "").replace("\u2069", "").replace("\u00a0", " "))


@pytest.fixture(scope="module")
def directors(browser, live):
    made: dict[tuple[str, str], Director] = {}

    def get(size: str, lang: str) -> Director:
        if (size, lang) not in made:
            made[size, lang] = Director(browser, live.url, size, lang)
        return made[size, lang]

    yield get
    for d in made.values():
        d.ctx.close()


def new_event(d: Director, name: str, **fields) -> int:
    """An event made through the console's new-event form: ``fields`` are the form's
    inputs and selects by name (a checkbox: True); its id."""
    d.goto("/events/new")
    form = d.page.locator("form[action='/events/new']")
    values = {"kind": "pairs", "movement": "mitchell", "tables": "3", "sections": "1",
              "boards_per_round": "2", "seed": name, **fields}
    form.locator("input[name=name]").fill(name)
    for key in ("kind", "movement", "phantom", "scoring"):   # kind first: scorings follow
        if key in values:
            form.locator(f"select[name={key}]").select_option(values.pop(key))
    if values.pop("relay", False):
        form.locator("input[name=relay]").check()
    form.locator("input[name=source][value=deal]").check()
    for key, value in values.items():
        form.locator(f"input[name={key}]").fill(str(value))
    d.click(form.locator("button[type=submit]"))
    m = re.search(r"/events/(\d+)\?saved=created$", d.page.url)
    assert m, f"not on the new event's page: {d.page.url}\n{d.text()[:1500]}"
    expect(d.page.locator(SAVED)).to_have_text(d.t("ui.saved.created"))
    return int(m.group(1))


def rounds_shown(d: Director) -> dict[int, list[tuple[int, str, str, list[int], str]]]:
    """The event page's rounds: round -> [(table, NS, EW, boards, results cell)]."""
    out = {}
    for form in d.page.locator("form.live-open").all():
        rnd = int(form.get_attribute("data-round"))
        table = form.locator("xpath=following-sibling::div[1]//table")
        rows = []
        for tr in table.locator("tbody tr").all():
            cells = [c.inner_text().strip() for c in tr.locator("td").all()]
            rows.append((int(cells[0]), cells[1], cells[2],
                         [int(b) for b in re.findall(r"\d+", cells[3])], cells[4]))
        out[rnd] = rows
    return out


def as_shown(movement) -> dict[int, list[tuple[int, str, str, list[int]]]]:
    out: dict[int, list] = {}
    for s in movement:
        out.setdefault(s.round, []).append(
            (s.table, "-" if s.ns is None else str(s.ns), "-" if s.ew is None else str(s.ew),
             list(s.boards)))
    return out


def deal_of(d: Director, event: int, board: int) -> Deal:
    """The board's deal, from the event's PBN (the director's download)."""
    pbn = d.page.request.get(f"{d.base}/results/{event}/event.pbn").text()
    m = re.search(rf'\[Board "{board}"\].*?\[Deal "([^"]+)"\]', pbn, re.S)
    assert m, pbn[:500]
    return Deal.from_pbn(m.group(1))


def ns(contract: str, seat: str, tricks: int, board: int) -> int:
    return score_ns(Contract.parse(contract), "NESW".index(seat), vulnerability_of(board),
                    tricks)


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def fill_line(d: Director, board: int, room: str = "", **values):
    row = d.page.locator(f"table.entry tbody tr[data-board='{board}']"
                         + (f"[data-room='{room}']" if room else "")).first
    for field, value in values.items():
        row.locator(f"input[name$='|{field}']").fill(value)
    return row


def line_of(d: Director, board: int):
    return d.page.locator(f"table.entry tbody tr[data-board='{board}']").first


def save_table(d: Director):
    return d.click(d.page.locator("form[action*='/tables/'] button[type=submit]"))


def table_boards(d: Director) -> list[int]:
    return [int(x) for x in d.page.locator("table.entry tbody tr[data-board]").evaluate_all(
        "rows => [...new Set(rows.map(r => r.dataset.board))]")]


# ---------------------------------------------------------------- point 2: movements

@pytest.mark.parametrize("size, lang", [("phone", "en"), ("laptop", "he")])
def test_mitchell_with_a_sit_out_fewer_rounds_and_an_arrow_switch(directors, shots, size,
                                                                   lang):
    d = directors(size, lang)
    ev = new_event(d, f"Mitchell {size}", tables="5", rounds="4", sit_out="10",
                   arrow_switch="last")
    shown = rounds_shown(d)
    want = as_shown(mitchell(5, rounds=4, sit_out=10, arrow_switch="last"))
    assert {r: [x[:4] for x in rows] for r, rows in shown.items()} == want
    # each of the 4 rounds has one table sitting out, shown so, without an entry link
    sit_out = d.t("ui.event.sit_out")
    for rnd, rows in shown.items():
        assert [x[4] for x in rows].count(sit_out) == 1, (rnd, rows)
    # the arrow switch: in the last round East-West's pairs (6-9) sit North-South
    assert all(x[1] == "-" or int(x[1]) > 5 for x in shown[4])
    # the progress grid: 4 rounds, one sit-out cell in each
    grid = d.page.locator("#progress-grid")
    assert grid.locator("tbody tr").count() == 4
    assert grid.locator("td[data-state=sit_out]").count() == 4
    if size == "phone":
        d.shoot(shots, "mitchell-sitout")
    assert ev


@pytest.mark.parametrize("size, lang", [("phone", "he"), ("laptop", "en")])
def test_a_phantom_pair_and_a_howell(directors, shots, size, lang):
    d = directors(size, lang)
    # 5 pairs in a 3-table Mitchell: pair 6 is a phantom, its opponents get 60% (12C2)
    ev = new_event(d, f"Phantom {size}", tables="3", sit_out="6", phantom="60")
    shown = rounds_shown(d)
    assert {r: [x[:4] for x in rows] for r, rows in shown.items()} == \
        as_shown(mitchell(3, sit_out=6))
    # the phantom's opponents have their adjusted scores already: the table says so
    for rnd, rows in shown.items():
        phantom = [x for x in rows if x[2] == "-"]
        assert len(phantom) == 1 and phantom[0][4] == d.t("ui.event.phantom_scores", n=2), rows
    if size == "phone":
        d.shoot(shots, "phantom")
    # pair 1's score card: 60% on the 2 boards it would have played against pair 6 (12C2)
    d.goto(f"/events/{ev}/pairs/A/1")
    assert d.text().count("60%/40%") == 2, d.text()[-1500:]
    d.goto(f"/events/{ev}/standings")
    pairs = d.page.locator("tr[data-pair]").evaluate_all("rows => rows.map(r => r.dataset.pair)")
    assert {"1", "2", "3"} <= set(pairs) and "6" not in pairs    # the phantom is not ranked
    # Howell: 7 pairs on 4 tables, 3 rounds; pair 8 is missing
    d.page.goto(d.base + "/")
    hw = new_event(d, f"Howell {size}", movement="howell", tables="4", rounds="3",
                   sit_out="8")
    shown = rounds_shown(d)
    assert {r: [x[:4] for x in rows] for r, rows in shown.items()} == \
        as_shown(howell(4, rounds=3, sit_out=8))
    pairs = {p for rows in shown.values() for x in rows for p in x[1:3] if p != "-"}
    assert pairs == {str(p) for p in range(1, 8)}
    if size == "laptop":
        d.shoot(shots, "howell")
    assert hw


def _enter_match(d: Director, ev: int, rnd: int, table: int, open_score: str,
                 closed_score: str):
    """A Swiss match's results through its table form: the first board scored in both
    rooms, the others passed out."""
    d.goto(f"/events/{ev}/tables/A/{rnd}/{table}")
    boards = table_boards(d)
    for i, b in enumerate(boards):
        fill_line(d, b, "open", score=open_score if i == 0 else "0")
        fill_line(d, b, "closed", score=closed_score if i == 0 else "0")
    save_table(d)
    expect(d.page.locator(SAVED)).to_contain_text(d.t("ui.table.saved", n=2 * len(boards)))


def _pairs_of(rows) -> set[frozenset]:
    return {frozenset(x[1:3]) for x in rows if "-" not in x[1:3]}


@pytest.mark.parametrize("size, lang", [("phone", "he")])   # (twice would be slow)
def test_swiss_teams_paired_by_the_button_without_a_rematch(directors, shots, size, lang):
    d = directors(size, lang)
    ev = new_event(d, f"Swiss {size}", kind="teams", movement="swiss", tables="5",
                   scoring="imp", rounds="3")
    button = d.page.locator(f"form[action='/events/{ev}/swiss/next'] button")
    assert list(rounds_shown(d)) == [1]
    # not before round 1's results are in: the reason, in the director's language
    with d.page.expect_navigation():
        button.click()
    assert d.t("ui.err.swiss_incomplete", round=1) in d.text("body"), d.text("body")[:800]
    d.goto(f"/events/{ev}")
    _enter_match(d, ev, 1, 1, "420", "-50")
    _enter_match(d, ev, 1, 2, "-50", "420")
    for rnd in (2, 3):
        d.goto(f"/events/{ev}")
        d.click(d.page.locator(f"form[action='/events/{ev}/swiss/next'] button"))
        expect(d.page.locator(SAVED)).to_have_text(d.t("ui.saved.swiss_round"))
        shown = rounds_shown(d)
        assert sorted(shown) == list(range(1, rnd + 1))
        met = set().union(*(_pairs_of(shown[r]) for r in range(1, rnd)))
        assert not _pairs_of(shown[rnd]) & met, (rnd, shown)     # no rematch
        assert len(_pairs_of(shown[rnd])) == 2
        byes = [x[1] for r in shown for x in shown[r] if x[2] == "-"]
        assert len(byes) == len(set(byes)) == rnd                 # a new bye each round
        if rnd == 2:
            _enter_match(d, ev, 2, 1, "420", "-50")
            _enter_match(d, ev, 2, 2, "-50", "420")
    d.goto(f"/events/{ev}")
    if size == "phone":
        d.shoot(shots, "swiss")


# ---------------------------------------------------------------- point 3: correct, remove

def _played_table(d: Director, name: str) -> tuple[int, str, list[int]]:
    """A 3-table Mitchell with table 1 of round 1 entered through its form: 4♠ by North
    making 10 on its first board, 3NT by South making 9 on its second."""
    ev = new_event(d, name)
    table = f"/events/{ev}/tables/A/1/1"
    d.goto(table)
    b1, b2 = table_boards(d)
    fill_line(d, b1, contract="4S", declarer="N", tricks="10")
    fill_line(d, b2, contract="3N", declarer="S", tricks="9")
    save_table(d)
    expect(d.page.locator(SAVED)).to_have_text(d.t("ui.table.saved", n=2))
    assert f"{signed(ns('4S', 'N', 10, b1))} (4♠ N, 10)" in d.text(f"tr[data-board='{b1}']")
    return ev, table, [b1, b2]


@pytest.mark.parametrize("size, lang", [("phone", "he"), ("laptop", "en")])
def test_correct_remove_and_not_played_on_a_tables_form(directors, shots, size, lang):
    d = directors(size, lang)
    ev, table, (b1, b2) = _played_table(d, f"Entry {size}")
    old, new = ns("4S", "N", 10, b1), ns("4S", "N", 9, b1)
    # a correction: one trick fewer; the old score left in its field is recomputed
    fill_line(d, b1, tricks="9")
    save_table(d)
    confirm = d.page.locator("#confirm")
    expect(confirm).to_be_visible()
    was_now = d.t("ui.table.was_now", board=b1, was=f"{signed(old)} (4♠ N, 10)",
                  now=f"{signed(new)} (4♠ N, 9)")
    assert was_now in d.text("#confirm")
    if size == "phone":
        d.shoot(shots, "was-now")
    d.click(d.page.locator("#confirm-no"))                       # Cancel: nothing changed
    assert d.page.url.endswith(table)
    expect(line_of(d, b1).locator("input[name$='|tricks']")).to_have_value("10")
    assert f"{signed(old)} (4♠ N, 10)" in d.text(f"tr[data-board='{b1}']")
    fill_line(d, b1, tricks="9")
    save_table(d)
    d.click(d.page.locator("#confirm-yes"))
    expect(d.page.locator(SAVED)).to_have_text(d.t("ui.table.saved", n=2))   # both lines
    assert f"{signed(new)} (4♠ N, 9)" in d.text(f"tr[data-board='{b1}']")
    expect(line_of(d, b1).locator("input[name$='|score']")).to_have_value(str(new))
    # a removal asks first too
    score2 = ns("3N", "S", 9, b2)
    for answer in ("#confirm-no", "#confirm-yes"):
        line_of(d, b2).locator("input[name$='|remove']").check()
        save_table(d)
        assert d.t("ui.table.will_remove", board=b2, was=f"{signed(score2)} (3NT S, 9)") \
            in d.text("#confirm")
        d.click(d.page.locator(answer))
        if answer == "#confirm-no":
            assert f"{signed(score2)} (3NT S, 9)" in d.text(f"tr[data-board='{b2}']")
    expect(d.page.locator(SAVED)).to_contain_text(d.t("ui.table.removed", n=1))
    expect(line_of(d, b2).locator("input[name$='|contract']")).to_have_value("")
    assert "3NT" not in d.text(f"tr[data-board='{b2}']")
    # not played: the link asks for an adjusted score, Law 12A2, already named
    d.click(line_of(d, b2).locator("a[href*='not_played=1']"))
    expect(d.page.locator("#not-played")).to_have_text(d.t("ui.adjust.not_played", board=b2))
    form = d.page.locator(f"form[action='/events/{ev}/adjust']")
    expect(form.locator("input[name=board]")).to_have_value(str(b2))
    expect(form.locator("input[name=laws]")).to_have_value("12A2")
    expect(form.locator("input[name=kind][value=artificial]")).to_be_checked()
    form.locator("input[name=ns_percent]").fill("40")
    form.locator("input[name=ew_percent]").fill("40")
    form.locator("textarea[name=ruling]").fill("Time ran out: the board was not played")
    if size == "laptop":
        d.shoot(shots, "not-played")
    d.click(form.locator("button[type=submit]"))       # no table result: nothing to ask
    assert f"/events/{ev}/standings?adjusted=" in d.page.url
    d.goto(table)
    line = d.text(f"tr[data-board='{b2}']")
    assert d.t("ui.adjust.short") in line and "40" in line, line
    # the same over board 1's table result: asked first (point 7); Cancel keeps it
    for answer in ("#confirm-no", "#confirm-yes"):
        d.click(line_of(d, b1).locator("a[href*='not_played=1']"))
        form = d.page.locator(f"form[action='/events/{ev}/adjust']")
        form.locator("textarea[name=ruling]").fill("Board fouled: not played as dealt")
        d.click(form.locator("button[type=submit]"))
        text = d.text("#confirm")
        assert d.t("ui.adjust.over_result", board=b1, table=1, round=1,
                   was=f"{signed(new)} (4♠ N, 9)") in text, text
        if answer == "#confirm-no" and size == "phone":
            d.shoot(shots, "adjust-over-result")
        d.click(d.page.locator(answer))
        if answer == "#confirm-no":
            assert d.page.url.endswith(table)
            assert f"{signed(new)} (4♠ N, 9)" in d.text(f"tr[data-board='{b1}']")
    d.goto(table)
    line = d.text(f"tr[data-board='{b1}']")
    assert d.t("ui.adjust.short") in line and "(4♠ N, 9)" not in line, line


# ---------------------------------------------------------------- point 4: the lead

@pytest.mark.parametrize("size, lang", [("phone", "en"), ("laptop", "he")])
def test_a_wrong_lead_is_a_warning_and_no_lead_is_fine(directors, shots, size, lang):
    d = directors(size, lang)
    ev = new_event(d, f"Leads {size}")
    table = f"/events/{ev}/tables/A/1/1"
    d.goto(table)
    b1, b2 = table_boards(d)
    west = deal_of(d, ev, b1).hands[3]          # declarer South: West leads (Law 41A)
    wrong = next(c for c in ("SA", "HA", "DA", "CA", "S2", "H2", "D2", "C2")
                 if not west >> parse_card(c) & 1)
    fill_line(d, b1, contract="3N", declarer="S", tricks="9", lead=wrong)
    fill_line(d, b2, contract="2H", declarer="E", tricks="8", lead="")
    save_table(d)
    expect(d.page.locator(SAVED)).to_have_text(d.t("ui.table.saved", n=2))
    # the card isolated left to right (♥A, not A♥ in Hebrew)
    warning = d.t("ui.table.lead_not_held", card=f"\u2066{symbols(wrong)}\u2069", seat="W")
    for _ in range(2):                        # and still there when the page is read again
        expect(line_of(d, b1).locator(".warning")).to_have_text(warning)
        assert f"{signed(ns('3N', 'S', 9, b1))} (3NT S, 9)" in d.text(f"tr[data-board='{b1}']")
        expect(line_of(d, b1).locator("input[name$='|lead']")).to_have_value(wrong)
        # a score like -110 stays so in a Hebrew page (not "110-")
        assert line_of(d, b2).locator("input[name$='|score']").evaluate(
            "e => getComputedStyle(e).direction") == "ltr"
        expect(line_of(d, b2).locator(".warning")).to_have_count(0)
        # and above the table, where a phone shows it without scrolling the table
        expect(d.page.locator("#warnings li")).to_have_text(
            [f"{d.t('ui.table.board')} {b1}: {warning}"])
        expect(d.page.locator("#warnings")).to_be_in_viewport()
        assert f"{signed(ns('2H', 'E', 8, b2))} (2♥ E, 8)" in d.text(f"tr[data-board='{b2}']")
        if _ == 0:
            d.shoot(shots, "lead-warning")
        d.goto(table)
    # the progress grid counts both results
    d.goto(f"/events/{ev}")
    cell = d.page.locator("#progress-grid tr[data-round='1'] td[data-table='1']")
    expect(cell).to_have_attribute("data-state", "complete")
    expect(cell.locator(".count")).to_have_text("2/2")


# ---------------------------------------------------------------- point 5: weighted

@pytest.mark.parametrize("size, lang", [("phone", "he"), ("laptop", "en")])
def test_a_weighted_score_with_overtricks(directors, shots, size, lang):
    d = directors(size, lang)
    ev = new_event(d, f"Weighted {size}")
    d.goto(f"/events/{ev}/tables/A/1/1")
    b1 = table_boards(d)[0]
    d.goto(f"/events/{ev}/adjust")
    form = d.page.locator(f"form[action='/events/{ev}/adjust']")
    for name, value in (("section", "A"), ("round", "1"), ("table", "1"), ("board", str(b1))):
        form.locator(f"input[name={name}]").fill(value)
    form.locator("input[name=kind][value=weighted]").check()
    form.locator("textarea[name=weighted]").fill("70% 3NT+1 E\n30% 3NT= E")
    # results are written left to right, in a Hebrew page too
    assert form.locator("textarea[name=weighted]").evaluate(
        "e => getComputedStyle(e).direction") == "ltr"
    form.locator("textarea[name=ruling]").fill("Unauthorised information from a hesitation")
    form.locator("input[name=laws]").fill("16B1")
    if size == "phone":
        d.shoot(shots, "weighted-form")
    d.click(form.locator("button[type=submit]"))
    assert f"/events/{ev}/standings?adjusted=" in d.page.url, d.text()[:1000]
    d.goto(f"/events/{ev}/tables/A/1/1")
    line = d.text(f"tr[data-board='{b1}']")
    assert "70% 3NT+1 E + 30% 3NT= E" in line and d.t("ui.adjust.short") in line, line
    # the director's travellers show it as given
    d.goto(f"/events/{ev}/travellers")
    assert "70% 3NT E +1 + 30% 3NT E =" in d.text(), d.text()[-2000:]
    assert "-0.00" not in d.text()            # a lone weighted score scores 0, not -0
    if size == "laptop":
        d.shoot(shots, "weighted-travellers")


# ---------------------------------------------------------------- point 7: asks first

@pytest.mark.parametrize("size, lang", [("laptop", "he"), ("phone", "en")])
def test_publishing_withdrawing_and_a_live_round_ask_first(directors, shots, size, lang):
    d = directors(size, lang)
    name = f"Publish {size}"
    ev, table, (b1, _) = _played_table(d, name)
    d.goto(f"/events/{ev}")
    publish = d.page.locator(f"form[action='/events/{ev}/publish']")
    publish.locator("input[name=minutes]").fill("45")
    d.click(publish.locator("button[value=publish]"))
    assert d.t("ui.publish.confirm", event=name, minutes=45) in d.text("#confirm")
    d.shoot(shots, "publish-confirm")
    d.click(d.page.locator("#confirm-no"))
    assert d.page.url.endswith(f"/events/{ev}")
    expect(publish.locator("button[value=publish]")).to_be_visible()
    assert d.t("ui.event.is_published") not in d.text()
    d.click(publish.locator("button[value=publish]"))
    d.click(d.page.locator("#confirm-yes"))
    expect(publish).to_contain_text(d.t("ui.event.is_published"))
    # withdrawing: Cancel keeps it published, Confirm withdraws it
    for answer in ("#confirm-no", "#confirm-yes"):
        d.click(publish.locator("button[value=unpublish]"))
        assert d.t("ui.publish.confirm_withdraw", event=name) in d.text("#confirm")
        d.click(d.page.locator(answer))
        published = d.t("ui.event.is_published") in d.text()
        assert published == (answer == "#confirm-no")
    expect(publish.locator("button[value=publish]")).to_be_visible()
    # a live round where a result is entered: asked first, Cancel opens nothing
    api = f"{d.base}/api/events/{ev}/live"
    for answer in ("#confirm-no", "#confirm-yes"):
        d.click(d.page.locator("form.live-open[data-round='1'] button[type=submit]"))
        assert d.t("ui.live.confirm_results", section="A", round=1, n=2) in d.text("#confirm")
        if answer == "#confirm-no" and size == "phone":
            d.shoot(shots, "live-confirm")
        d.click(d.page.locator(answer))
        tables = d.page.request.get(api).json()["tables"]
        if answer == "#confirm-no":
            assert d.page.url.endswith(f"/events/{ev}") and tables == []
    assert f"/events/{ev}/live?section=A&round=1" in d.page.url
    assert {t["round"] for t in tables} == {1} and len(tables) == 3
    # the results entered stay as they were
    d.goto(table)
    assert f"{signed(ns('4S', 'N', 10, b1))} (4♠ N, 10)" in d.text(f"tr[data-board='{b1}']")
    # a round without results opens once confirmed: round 1 still plays live (seats.py)
    d.goto(f"/events/{ev}")
    d.click(d.page.locator("form.live-open[data-round='2'] button[type=submit]"))
    assert d.t("ui.seats.confirm_playing", round=1, section="A", n=3, open=2) \
        in d.text("#confirm")
    d.click(d.page.locator("#confirm-yes"))
    assert f"/events/{ev}/live?section=A&round=2" in d.page.url
