"""Who sits where at the live tables (issue 18, points 10 and 12; ``service/live/seats.py``).

* the seat page's header: event, section, round, table, each side's pair and the
  players' names, the reader's own seat; the next round's table for each pair (from the
  event's movement, as stored in its sittings), on the seat page and on the Director's
  live-tables page;
* the QR codes of the seat links (the Director's screen and the table cards) decode, by
  a real QR decoder (zxing-cpp), to the seat's exact link;
* a seat's new link: asked first; the old token is refused (404 with a clear message,
  its open WebSocket closed), the new one sees the same table; on PostgreSQL, the other
  process refuses the old token too and closes its connection;
* opening a round while another is still playing live, or a round with results, asks
  first, and proceeding opens it.
"""

from __future__ import annotations

import re
from html import unescape
from types import SimpleNamespace

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from bridgelaws.cards import SEAT_NAMES
from bridgelaws.service.app import create_app, ensure_director
from bridgelaws.service.db import EventRow, LiveSeatRow, LiveTableRow, SittingRow, select
from bridgelaws.service.live.seats import next_round

from .test_live_api import PASSWORD, Live, Sock, Svc, _wait_listeners, login, recv

zxingcpp = pytest.importorskip("zxingcpp")
np = pytest.importorskip("numpy")


@pytest.fixture(scope="module")
def svc(new_database_url, db_backend, request):
    url = new_database_url()
    app = create_app(url, demo=False)
    ensure_director(app.state.store, "td", PASSWORD)
    try:
        with TestClient(app) as c:
            yield Svc(app, c, login(c), url)
    finally:
        app.state.store.dispose()
        if db_backend == "postgresql":
            request.getfixturevalue("pg_server").drop_database(url.rsplit("/", 1)[1])


NAMES = {"1": ("Dana Cohen", "Yossi Levi"), "2": ("Anna Nowak", "Piotr Wiśniewski"),
         "3": ("Olga Ivanova", "Ivan Petrov"), "4": ("Kari Nordmann", "Ola Hansen")}


def type_names(svc, eid: int) -> None:
    data = {"csrf": svc.csrf}
    for number, pl in NAMES.items():
        for i, name in enumerate(pl):
            data[f"A|{number}|{i}|name"] = name
            data[f"A|{number}|{i}|member"] = ""
    r = svc.c.post(f"/events/{eid}/entries", data=data, follow_redirects=False)
    assert r.status_code == 303, r.text


def sittings(svc, eid: int) -> list:
    with svc.app.state.store.session() as s:
        return [(x.round, x.table_no, x.ns, x.ew, list(x.boards)) for x in s.scalars(
            select(SittingRow).where(SittingRow.event_id == eid))]


def expected_next(sits, round_no: int, pair: str) -> str:
    """The next-round line the movement gives ``pair`` after ``round_no``, worked out
    here from the stored sittings."""
    later = [x for x in sits if x[0] == round_no + 1]
    if not later:
        return "That was the last round."
    for rnd, table, ns, ew, boards in later:
        if pair in (ns, ew):
            if ns is None or ew is None:
                return "Next round: sit out"
            side = "North-South" if pair == ns else "East-West"
            run = f"{boards[0]}-{boards[-1]}" if len(boards) > 1 else str(boards[0])
            return f"Next round: table {table}, {side}, boards {run}"
    return "Next round: sit out"


def text_of(html: str, element_id: str) -> str:
    m = re.search(rf'id="{element_id}"[^>]*>(.*?)</(p|li|section)>', html, re.S)
    assert m, element_id
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", "", m.group(1)))).strip()


# --- the seat's header, the next table -----------------------------------------------------

def test_the_seat_page_says_who_sits_where_and_where_each_pair_goes_next(svc):
    eid = svc.new_event("Thursday Pairs", movement="howell", tables=2, bpr=2)
    type_names(svc, eid)
    sits = sittings(svc, eid)
    tables = svc.tables(eid)
    assert len(tables) == 2
    for t in tables:
        _, table_no, ns, ew, _ = next(x for x in sits if x[0] == 1 and x[1] == t["table"])
        for seat, token in t["seats"].items():
            html = svc.c.get(f"/play/{token}").text
            where = text_of(html, "seat-head")
            assert where.startswith(f"Thursday Pairs · Section A · Round 1 · Table {table_no}")
            pair = ns if seat in "NS" else ew
            assert text_of(html, "side-ns").startswith(f"North-South · pair {ns}")
            assert text_of(html, "side-ew").startswith(f"East-West · pair {ew}")
            # each seat's player, by the pair's order (first player North or East)
            for s in SEAT_NAMES:
                p = ns if s in "NS" else ew
                name = NAMES[p][0 if s in "NE" else 1]
                assert re.search(rf'data-seat="{s}">{"North East South West".split()["NESW".index(s)]}: '
                                 rf'<bdi class="names">{name}</bdi>', html), (s, name)
            mine = re.findall(r'class="seat-who me" data-seat="(\w)"', html)
            assert mine == [seat]
            assert "(you)" in text_of(html, f"side-{'ns' if seat in 'NS' else 'ew'}")
            assert "(you)" not in text_of(html, f"side-{'ew' if seat in 'NS' else 'ns'}")
            # hidden until the seat's last board of the round is over (play.js)
            assert re.search(r'id="next-table" class="next-table" role="status" hidden', html)
            assert text_of(html, "next-table") == expected_next(sits, 1, pair)

    # the Director's live-tables page: each side's next table
    html = svc.c.get(f"/events/{eid}/live").text
    for t in tables:
        _, _, ns, ew, _ = next(x for x in sits if x[0] == 1 and x[1] == t["table"])
        row = re.search(rf'<tr data-table="{t["table"]}" data-round="1".*?</tr>', html, re.S)
        for side, pair in (("ns", ns), ("ew", ew)):
            line = re.search(rf'data-side="{side}">(.*?)</span>', row.group(0)).group(1)
            assert unescape(line) == f"pair {pair}: {expected_next(sits, 1, pair)}"

    # the last round: no next table
    svc.c.post(f"/events/{eid}/live", data={"csrf": svc.csrf, "section": "A", "round": "3",
                                            "mode": "laws", "confirm": "1"})
    last = [t for t in svc.tables(eid) if t["round"] == 3][0]
    html = svc.c.get(f"/play/{last['seats']['N']}").text
    assert "Round 3" in text_of(html, "seat-head")
    assert text_of(html, "next-table") == "That was the last round."


def test_next_round_sit_outs_teams_and_a_swiss_draw_to_come():
    def sit(rnd, table, ns, ew, boards=(1, 2)):
        return SimpleNamespace(section="A", round=rnd, table_no=table, ns=ns, ew=ew,
                               boards=list(boards))
    ev = SimpleNamespace(movement="mitchell", boards=[0] * 6, boards_per_round=2, sittings=[
        sit(1, 1, "1", "5"), sit(1, 2, "2", "6"), sit(1, 3, "3", None),
        sit(2, 1, "1", "6", (3, 4)), sit(2, 2, "2", None, (5, 6)), sit(2, 3, "3", "5", (1, 2))])
    assert next_round(ev, "A", 1, "6") == {"kind": "table", "round": 2, "table": 1,
                                           "direction": "ew", "room": "", "boards": "3-4"}
    assert next_round(ev, "A", 1, "3")["table"] == 3
    assert next_round(ev, "A", 1, "2") == {"kind": "sit_out", "round": 2}   # no opponents
    assert next_round(ev, "A", 1, "4") == {"kind": "sit_out", "round": 2}   # not seated
    assert next_round(ev, "A", 2, "1") == {"kind": "last"}
    # teams: the players stay in their room; the home team is N-S in the open room
    ev = SimpleNamespace(movement="roundrobin", boards=[0] * 4, boards_per_round=2, sittings=[
        sit(1, 1, "1", "2"), sit(2, 1, "3", "1", (3, 4))])
    assert next_round(ev, "A", 1, "1", "open")["direction"] == "ew"
    assert next_round(ev, "A", 1, "1", "closed")["direction"] == "ns"
    assert next_round(ev, "A", 1, "3", "open")["room"] == "open"
    # a Swiss event's next round is drawn once this one is over
    ev = SimpleNamespace(movement="swiss", boards=[0] * 6, boards_per_round=2,
                         sittings=[sit(1, 1, "1", "2")])
    assert next_round(ev, "A", 1, "1") == {"kind": "later"}


# --- QR codes ---------------------------------------------------------------------------

def svg_matrix(svg: str) -> "np.ndarray":
    """The modules of a segno SVG (its one path of horizontal runs: ``M x y``, ``m dx
    dy``, ``h n``), read back as an image: dark 0, light 255, quiet zone included."""
    box = re.search(r'viewBox="0 0 (\d+) (\d+)"', svg)
    w, h = int(box.group(1)), int(box.group(2))
    img = np.full((h, w), 255, dtype=np.uint8)
    d = re.search(r'class="qrline"[^>]* d="([^"]+)"', svg).group(1)
    x = y = 0.0
    for cmd, a, b in re.findall(r"([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?", d):
        if cmd == "M":
            x, y = float(a), float(b)
        elif cmd == "m":
            x, y = x + float(a), y + float(b)
        else:
            n = int(float(a))
            img[int(y - 0.5), int(x):int(x) + n] = 0
            x += n
    return np.kron(img, np.ones((8, 8), dtype=np.uint8))        # 8 pixels a module


def decode(svg: str) -> str:
    found = zxingcpp.read_barcodes(svg_matrix(svg))
    assert len(found) == 1, "no QR code read"
    assert found[0].format == zxingcpp.BarcodeFormat.QRCode
    return found[0].text


def test_qr_codes_on_screen_and_on_the_table_cards_decode_to_the_seat_links(svc):
    eid = svc.new_event("QR night", tables=2)
    tables = svc.tables(eid)
    base = "http://testserver"
    for t in tables:
        for seat, token in t["seats"].items():
            html = svc.c.get(f"/live-seats/{t['id']}/{seat}").text
            svg = re.search(r"<svg.*?</svg>", html, re.S).group(0)
            assert decode(svg) == f"{base}/play/{token}"
            assert f'href="{base}/play/{token}"' in html
    html = svc.c.get(f"/events/{eid}/live/cards").text
    cards = re.findall(r'<article class="table-card" data-table="(\d+)">(.*?)</article>', html,
                       re.S)
    assert [int(n) for n, _ in cards] == [t["table"] for t in tables]
    for (n, card), t in zip(cards, tables):
        assert re.search(rf'class="card-table">Table <bdi>{t["table"]}</bdi>', card)
        assert "Round <bdi>1</bdi>" in card and "Section <bdi>A</bdi>" in card
        seats = re.findall(r'data-seat="(\w)">.*?(<svg.*?</svg>)\s*<p class="card-url" '
                           r'dir="ltr">([^<]+)</p>', card, re.S)
        assert [s for s, _, _ in seats] == list(SEAT_NAMES)
        for seat, svg, url in seats:
            assert decode(svg) == url == f"{base}/play/{t['seats'][seat]}"
    # a round not opened live has no cards; a silly round number is no error
    for bad in ("2", "9" * 5000, "²", "-1"):
        r = svc.c.get(f"/events/{eid}/live/cards", params={"round": bad})
        assert r.status_code == 200
        assert ('class="table-card"' in r.text) == (bad != "2")     # else the last round
    # the Director's pages only
    with svc.anonymous() as c:
        assert c.get(f"/events/{eid}/live/cards", follow_redirects=False).status_code == 303
        assert c.get(f"/live-seats/{tables[0]['id']}/N",
                     follow_redirects=False).status_code == 303


# --- a seat's new link --------------------------------------------------------------------

def renew(svc, table_id: int, seat: str, confirm: bool):
    data = {"csrf": svc.csrf, **({"confirm": "1"} if confirm else {})}
    return svc.c.post(f"/live-seats/{table_id}/{seat}/renew", data=data,
                      follow_redirects=False)


def test_a_new_link_asks_first_then_refuses_the_old_one_and_closes_its_connection(svc):
    live = svc.live(svc.new_event("Phone died"))
    live.act("N", action="call", call="1N")
    before = live.view("E")
    old = live.tokens["E"]
    # asked first: nothing changes until confirmed
    r = renew(svc, live.id, "E", confirm=False)
    assert r.status_code == 200 and 'id="confirm-yes"' in r.text
    assert "Give East at table" in r.text and "old link stops working" in r.text
    assert svc.tables(live.eid)[0]["seats"]["E"] == old
    assert svc.c.get(f"/api/play/{old}").status_code == 200

    with svc.c.websocket_connect(f"/ws/play/{old}") as ws:
        sock = Sock(ws)
        assert sock.view()["seq"] == before["seq"]
        r = renew(svc, live.id, "E", confirm=True)
        assert r.status_code == 303 and r.headers["location"] == f"/live-seats/{live.id}/E"
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                recv(ws)
        assert closed.value.code == 4410
    new = svc.tables(live.eid)[0]["seats"]["E"]
    assert new != old and len(new) >= 32
    with svc.anonymous() as c:
        page = c.get(f"/play/{old}")
        assert page.status_code == 404
        assert "the Director has given the seat a new link" in page.text
        assert "Traceback" not in page.text
        api = c.get(f"/api/play/{old}")
        assert api.status_code == 404 and "new link" in api.json()["error"]
        assert c.post(f"/api/play/{old}", json={"action": "call", "call": "P", "seq": 1,
                                                 "aid": "old-link"}).status_code == 404
        with pytest.raises(WebSocketDisconnect) as refused:
            with c.websocket_connect(f"/ws/play/{old}") as ws:
                recv(ws)
        assert refused.value.code == 4404
        # the new link: the same seat at the same table, as it was
        after = c.get(f"/api/play/{new}").json()
        assert after == before
        assert c.get(f"/play/{new}").status_code == 200
    live.tokens["E"] = new
    live.act("E", action="call", call="P")
    live.check()
    # the QR page now shows the new link
    assert f"/play/{new}" in svc.c.get(f"/live-seats/{live.id}/E").text
    # the other seats' links are untouched
    with svc.app.state.store.session() as s:
        assert s.scalar(select(LiveSeatRow).where(LiveSeatRow.token == old)) is None
        assert len(s.scalars(select(LiveSeatRow).where(
            LiveSeatRow.live_table_id == live.id)).all()) == 4


def test_a_seat_link_open_on_two_devices_works_on_both(svc):
    """The decision documented in seats.py: both connections see the seat's view; an act
    made on a view the table has moved past is refused as stale."""
    live = svc.live(svc.new_event("Two devices"))
    with svc.c.websocket_connect(f"/ws/play/{live.tokens['N']}") as a, \
            svc.c.websocket_connect(f"/ws/play/{live.tokens['N']}") as b:
        sa, sb = Sock(a), Sock(b)
        assert sa.view()["seq"] == sb.view()["seq"] == 0
        sa.send({"action": "call", "call": "1N", "aid": "dev-a", "seq": 0})
        assert sa.take(lambda m: m["type"] == "ack")["seq"] == 1
        assert sb.view()["auction"] == [{"by": "N", "call": "1N"}]
        sb.send({"action": "call", "call": "2N", "aid": "dev-b", "seq": 0})
        assert sb.take(lambda m: m["type"] == "error")["key"] == "stale"


@pytest.fixture(scope="module")
def second(svc, db_backend):
    """A second instance of the service over the module's database (PostgreSQL only)."""
    if db_backend != "postgresql":
        pytest.skip("two service instances share the tokens through PostgreSQL "
                    "LISTEN/NOTIFY (run with BRIDGELAWS_TEST_DB=postgresql)")
    app = create_app(svc.url, demo=False)
    try:
        with TestClient(app) as cb:
            _wait_listeners(svc, 2)
            yield app, cb
    finally:
        app.state.store.dispose()


def test_a_new_link_made_on_one_process_shuts_the_old_one_on_another(svc, second):
    app_b, cb = second
    live = svc.live(svc.new_event("Two processes"))
    old = live.tokens["S"]
    assert cb.get(f"/api/play/{old}").status_code == 200        # now cached on B
    with cb.websocket_connect(f"/ws/play/{old}") as wb:
        Sock(wb).view()
        assert renew(svc, live.id, "S", confirm=True).status_code == 303     # on A
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                recv(wb)
        assert closed.value.code == 4410
    assert cb.get(f"/api/play/{old}").status_code == 404
    assert old not in app_b.state.hub.tokens


# --- opening a round while another plays ------------------------------------------------

def open_round(svc, eid: int, round_no: int, confirm: bool = False):
    data = {"csrf": svc.csrf, "section": "A", "round": str(round_no), "mode": "laws",
            **({"confirm": "1"} if confirm else {})}
    return svc.c.post(f"/events/{eid}/live", data=data, follow_redirects=False)


def rounds_open(svc, eid: int) -> list[int]:
    return sorted({t["round"] for t in svc.tables(eid)})


def test_opening_a_round_while_another_plays_or_has_results_asks_first(svc):
    eid = svc.new_event("Busy night", tables=2, bpr=2)
    r = open_round(svc, eid, 2)
    assert r.status_code == 200 and 'id="confirm-yes"' in r.text
    assert "Round 1 of section A is still playing at 2 tables. Open round 2 anyway?" \
        in unescape(r.text)
    assert rounds_open(svc, eid) == [1]
    # the confirm page posts the same form again, confirmed
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', r.text))
    assert fields["round"] == "2" and fields["confirm"] == "1" and fields["mode"] == "laws"
    assert open_round(svc, eid, 2, confirm=True).status_code == 303
    assert rounds_open(svc, eid) == [1, 2]

    # every board of round 1 played (passed out): round 1 no longer holds up round 3,
    # but round 2 still does
    for t in [t for t in svc.tables(eid) if t["round"] == 1]:
        live = Live(svc, eid, t)
        for i in range(2):
            for _ in range(4):
                assert live.post(live.view()["to_act"], action="call", call="P").is_success
            if i == 0:
                assert live.post("N", action="next").is_success
        v = live.view()
        assert v["complete"] and v["board_index"] == 1
    r = open_round(svc, eid, 3)
    text = unescape(r.text)
    assert r.status_code == 200 and "Round 2 of section A is still playing at 2 tables" in text
    assert "Round 1 of" not in text

    # a round with results entered asks too
    eid2 = svc.new_event("Results first", tables=2, bpr=2)
    with svc.app.state.store.session() as s:
        ev = s.get(EventRow, eid2)
        st = next(x for x in ev.sittings if x.round == 3)
        board = st.boards[0]
        table_no = st.table_no
    r = svc.c.post(f"/events/{eid2}/tables/A/3/{table_no}", data={
        "csrf": svc.csrf, f":{board}|contract": "3NT", f":{board}|declarer": "N",
        f":{board}|tricks": "9", f":{board}|score": "", f":{board}|lead": ""},
        follow_redirects=False)
    assert r.status_code == 303, r.text
    r = open_round(svc, eid2, 3)
    text = unescape(r.text)
    assert "Round 1 of section A is still playing at 2 tables" in text
    assert "round 3 already has 1 result entered" in text
    assert rounds_open(svc, eid2) == [1]
    assert open_round(svc, eid2, 3, confirm=True).status_code == 303
    assert rounds_open(svc, eid2) == [1, 3]
    with svc.app.state.store.session() as s:
        assert s.scalar(select(LiveTableRow.id).where(LiveTableRow.event_id == eid2,
                                                      LiveTableRow.round == 3)) is not None
