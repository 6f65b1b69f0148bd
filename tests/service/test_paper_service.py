"""The event's paper over HTTP (issue 17, point 11): hand records, results, score cards
and table cards as PDF downloads from the event page, for an event made on a real board
set (../shared/realdata: a club's BridgeComposer hand record with its double-dummy
table) with results entered, read back with pypdf.

Runs on SQLite, and on PostgreSQL with BRIDGELAWS_TEST_DB=postgresql (conftest.py).
"""

from __future__ import annotations

import datetime as dt
import inspect
import io
import random
import re

import pytest
from fastapi.testclient import TestClient

from bridgelaws.cards import Deal
from bridgelaws.formats.pbn import read_pbn
from bridgelaws.service.app import create_app, ensure_director
from bridgelaws.service.console.logic import save_result, standings
from bridgelaws.service.db import EventRow, ResultRow, select
from bridgelaws.service.demo import plausible_result
from bridgelaws.service.paper import logic as paper_logic, routes as paper_routes
from bridgelaws.tournament.paper import hcp

from tests.realdata.conftest import REALDATA

pypdf = pytest.importorskip("pypdf")

PASSWORD = "correct horse battery"
HAND_RECORD = REALDATA / "pbn" / "club_bridgemate_rickwilson" / "260119HandRecord.pbn"
SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "N": "NT"}
needs_realdata = pytest.mark.skipif(not HAND_RECORD.is_file(), reason=f"no {HAND_RECORD}")


def token(client, url="/login"):
    return re.search(r'name="csrf" value="([^"]+)"', client.get(url).text).group(1)


@pytest.fixture
def client(database_url):
    app = create_app(database_url, demo=False)
    ensure_director(app.state.store, "td", PASSWORD)
    c = TestClient(app)
    r = c.post("/login", data={"csrf": token(c), "username": "td", "password": PASSWORD,
                               "next": "/"}, follow_redirects=False)
    assert r.status_code == 303
    c.csrf = token(c, "/")
    yield c
    app.state.store.dispose()


def new_event(client, name="Club night", pbn: bytes | None = None, **over) -> int:
    data = {"csrf": client.csrf, "name": name, "kind": "pairs", "movement": "mitchell",
            "tables": "4", "sections": "1", "boards_per_round": "2", "scoring": "mp",
            "source": "pbn" if pbn else "deal", "seed": "paper"}
    data.update(over)
    files = {"pbn": ("260119HandRecord.pbn", pbn, "application/octet-stream")} if pbn else None
    r = client.post("/events/new", data=data, files=files, follow_redirects=False)
    assert r.status_code == 303, r.text
    return int(re.search(r"/events/(\d+)", r.headers["location"]).group(1))


def enter_rounds(client, eid: int, rounds=(1, 2)) -> None:
    rng = random.Random(11)
    with client.app.state.store.transaction() as s:
        ev = s.get(EventRow, eid)
        for st in ev.sittings:
            if st.round in rounds and st.ns and st.ew:
                for b in st.boards:
                    deal = next(x.deal for x in ev.boards if x.number == b)
                    save_result(s, ev, section=st.section, round_no=st.round,
                                table_no=st.table_no, board=b, director="td",
                                **plausible_result(deal, rng))


def pdf_pages(r) -> list[str]:
    assert r.status_code == 200, r.text[:300]
    assert r.headers["content-type"] == "application/pdf"
    assert r.content.startswith(b"%PDF-")
    return [p.extract_text() for p in pypdf.PdfReader(io.BytesIO(r.content)).pages]


def attachment(r) -> str:
    m = re.fullmatch(r'attachment; filename="([^"]+)"', r.headers["content-disposition"])
    assert m, r.headers["content-disposition"]
    return m.group(1)


@pytest.fixture
def event(client):
    if not HAND_RECORD.is_file():
        pytest.skip(f"no {HAND_RECORD}")
    eid = new_event(client, pbn=HAND_RECORD.read_bytes())
    enter_rounds(client, eid)
    return eid


def test_the_pages_run_in_worker_threads():
    """``def`` pages: FastAPI runs them in its threadpool, so DDS and the drawing never
    hold up the event loop."""
    for page in (paper_routes.hands_pdf, paper_routes.results_pdf,
                 paper_routes.scorecards_pdf, paper_routes.tables_pdf):
        assert not inspect.iscoroutinefunction(page)


@needs_realdata
def test_the_event_page_has_the_four_downloads(client, event):
    page = client.get(f"/events/{event}").text
    for path in ("hands.pdf", "hands.pdf?per_page=2", "results.pdf", "scorecards.pdf",
                 "tables.pdf"):
        assert f'href="/events/{event}/paper/{path}" data-paper download>' in page
    assert "Hand records (PDF)" in page and "Table cards (PDF)" in page
    he = client.get(f"/events/{event}?lang=he").text
    assert "רישומי ידיים (PDF)" in he and "כרטיסי שולחן (PDF)" in he


@needs_realdata
def test_hand_records_of_the_event(client, event):
    today = dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d")
    records = {r.board: r for r in read_pbn(HAND_RECORD)}
    r = client.get(f"/events/{event}/paper/hands.pdf")
    assert attachment(r) == f"club-night-{today}-hands.pdf"
    text = pdf_pages(r)
    assert len(text) == 2                                    # 8 boards, 4 a page
    for board in range(1, 9):
        page = text[(board - 1) // 4]
        assert f"Board {board}" in page
        deal = Deal.from_pbn(records[board].deal)
        for letter, hand in zip("NESW", deal.hands):
            assert re.search(rf"(?m)^{letter} {hcp(hand)}\b", page)
        tag = records[board].tags["DoubleDummyTricks"]     # N row: NT S H D C, in hex
        assert "N " + " ".join(str(int(c, 16)) for c in tag[:5]) in page
    assert "♠" in text[0] and "♥" in text[0]
    two = pdf_pages(client.get(f"/events/{event}/paper/hands.pdf?per_page=2"))
    assert len(two) == 4 and "Board 3" in two[1]
    wrong = client.get(f"/events/{event}/paper/hands.pdf?per_page=3")
    assert wrong.status_code == 400 and "2 or 4 boards" in wrong.text
    he = pdf_pages(client.get(f"/events/{event}/paper/hands.pdf?lang=he"))
    assert "לוח" in he[0] and "מחלק" in he[0]


@needs_realdata
def test_results_and_score_cards_of_the_event(client, event):
    with client.app.state.store.session() as s:
        ev = s.get(EventRow, event)
        data = standings(s, ev)["A"]
        rows = list(s.scalars(select(ResultRow).where(ResultRow.event_id == event)))
    r = client.get(f"/events/{event}/paper/results.pdf")
    assert attachment(r).endswith("-results.pdf")
    text = "\n".join(pdf_pages(r))
    assert "North-South" in text and "East-West" in text
    for row in data["standings"]:
        assert re.search(rf"(?m)^{re.escape(row['rank'])} {row['pair']} .*"
                         rf"{row['percent']:.2f}%$", text), row

    r = client.get(f"/events/{event}/paper/scorecards.pdf")
    assert attachment(r).endswith("-scorecards.pdf")
    text = "\n".join(pdf_pages(r))
    played = [x for x in rows if x.ns == "1"]
    assert len(played) == 4                                  # rounds 1 and 2, 2 boards each
    card = text.split("Pair 1", 1)[1].split("Pair ", 1)[0]
    for x in played:
        c = x.contract                                       # stored as 4S, 3N, 2HX, PASS
        shown = "Pass" if c == "PASS" else c[0] + SYMBOL[c[1]] + c[2:]
        score = ("+" if x.score > 0 else "−" if x.score < 0 else "") + str(abs(x.score))
        assert re.search(rf"(?m)^{x.round} {x.board} NS {x.ew} {re.escape(shown)}.* "
                         rf"{re.escape(score)} ", card), (x.board, shown, score, card)
    he = "\n".join(pdf_pages(client.get(f"/events/{event}/paper/scorecards.pdf?lang=he")))
    assert "זוג" in he and "יריבים" in he


@needs_realdata
def test_table_cards_of_the_event(client, event):
    r = client.get(f"/events/{event}/paper/tables.pdf")
    assert attachment(r).endswith("-tables.pdf")
    text = "\n".join(pdf_pages(r))
    with client.app.state.store.session() as s:
        sittings = [(st.table_no, st.round, st.ns, st.ew, st.boards)
                    for st in s.get(EventRow, event).sittings]
    assert {t for t, *_ in sittings} == {1, 2, 3, 4} and len(sittings) >= 12
    for table, rnd, ns, ew, boards in sittings:
        card = text.split(f"Section A · Table {table}\n", 1)[1].split("Section A", 1)[0]
        assert f"{rnd} {ns} {ew} {boards[0]}-{boards[-1]}" in card


def test_a_hebrew_name_a_large_set_and_a_teams_event(client):
    # a name without ASCII letters: the file is named after the event's number
    eid = new_event(client, name="ערב מועדון")
    r = client.get(f"/events/{eid}/paper/tables.pdf?lang=he")
    assert re.fullmatch(rf"event-{eid}-\d{{4}}-\d\d-\d\d-tables\.pdf", attachment(r))
    assert "ערב" in pdf_pages(r)[0] and "שולחן" in pdf_pages(r)[0]
    # results before any score: the page says so
    assert "No result yet." in pdf_pages(
        client.get(f"/events/{eid}/paper/results.pdf?lang=en"))[0]
    # more boards than a hand record analyses: refused with the reason, no DDS run
    big = new_event(client, name="Big", tables="10", boards_per_round="8")
    r = client.get(f"/events/{big}/paper/hands.pdf")
    assert r.status_code == 400
    assert f"at most {paper_logic.MAX_BOARDS} boards; this event has 80" in r.text
    # a teams event: results yes, score cards are for pairs
    teams = new_event(client, name="Teams", kind="teams", movement="roundrobin",
                      tables="4", boards_per_round="2", scoring="imp")
    assert "Score cards (PDF)" not in client.get(f"/events/{teams}").text
    assert pdf_pages(client.get(f"/events/{teams}/paper/results.pdf"))
    r = client.get(f"/events/{teams}/paper/scorecards.pdf")
    assert r.status_code == 400 and "pairs events" in r.text


def test_only_the_director_downloads(client):
    eid = new_event(client)
    anonymous = TestClient(client.app)
    for path in ("hands.pdf", "results.pdf", "scorecards.pdf", "tables.pdf"):
        r = anonymous.get(f"/events/{eid}/paper/{path}", follow_redirects=False)
        assert r.status_code in (303, 401, 403) and not r.content.startswith(b"%PDF")
    assert client.get("/events/999999/paper/tables.pdf").status_code == 404
