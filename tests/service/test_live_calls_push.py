"""The Director's calls pushed as they are made (``live/routes.py``: ``/api/live/calls``
and ``/api/live/calls/stream``; ``live/logic.py``: the ``Hub``'s index of open calls).

The stream is read from the service run for real (``live_server.py``: a server-sent
events stream never ends, so it is read over a socket, not through a ``TestClient``).
A call made at a table of one event reaches that event's stream (and the site-wide one)
within about a second, labelled with the event's name, section, round, table, board and
reason, and not the stream of another event; settling it takes it away.  The index is
found at start-up through ``live_table.calling``: a service over many finished live
tables reads only the one that calls.  On PostgreSQL, a call made through one process
reaches a Director connected to another.
"""

from __future__ import annotations

import asyncio
import json
import queue
import re
import socket
import threading
import time

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, update

from bridgelaws.service.app import create_app, ensure_director
from bridgelaws.service.db import LiveTableRow, select
from bridgelaws.service.live.logic import Hub

from .live_server import LiveServer

PASSWORD = "calls push password"
DEAL = "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"
#: the time a pushed call may take to reach the Director's stream (about a second)
PUSH_SECONDS = 1.5


def pbn(boards: int) -> str:
    return "".join(f'[Board "{b}"]\n[Dealer "{"NESW"[(b - 1) % 4]}"]\n[Deal "{DEAL}"]\n\n'
                   for b in range(1, boards + 1))


def csrf_of(html: str) -> str:
    return re.search(r'name="csrf" value="([^"]+)"', html).group(1)


def login(c) -> str:
    """Log the client in as the first director; the session's CSRF token."""
    r = c.post("/login", data={"csrf": csrf_of(c.get("/login").text), "username": "director",
                               "password": PASSWORD, "next": "/"}, follow_redirects=False)
    assert r.status_code == 303, r.text
    return c.get("/api/csrf").json()["csrf"]


def new_event(c, csrf: str, name: str, *, tables: int = 2, rounds=(1,)) -> int:
    """A Mitchell pairs event whose ``rounds`` are opened live; its id."""
    r = c.post("/events/new", data={
        "csrf": csrf, "name": name, "kind": "pairs", "movement": "mitchell",
        "tables": str(tables), "sections": "1", "boards_per_round": "2", "scoring": "mp",
        "source": "pbn", "seed": ""},
        files={"pbn": ("boards.pbn", pbn(2 * tables).encode(), "application/octet-stream")},
        follow_redirects=False)
    assert r.status_code == 303, r.text
    eid = int(re.search(r"/events/(\d+)", r.headers["location"]).group(1))
    for n in rounds:
        # a later round while the first still plays asks first (issue 18.12): confirmed
        r = c.post(f"/events/{eid}/live", data={"csrf": csrf, "section": "A", "round": str(n),
                                                "mode": "laws", "confirm": "1" if n != rounds[0] else ""},
                   follow_redirects=False)
        assert r.status_code == 303, r.text
    return eid


def tables(c, eid: int) -> list[dict]:
    r = c.get(f"/api/events/{eid}/live")
    assert r.status_code == 200, r.text
    return r.json()["tables"]


def call_director(c, table: dict, seat: str = "E", reason: str = "hesitation",
                  text: str = "North thought a long time") -> None:
    token = table["seats"][seat]
    seq = c.get(f"/api/play/{token}").json()["seq"]
    r = c.post(f"/api/play/{token}", json={"action": "director", "reason": reason,
                                           "text": text, "seq": seq,
                                           "aid": f"call-{table['id']}-{seq}"})
    assert r.status_code == 200, r.text


def release(c, csrf: str, table_id: int) -> None:
    r = c.post(f"/live/{table_id}/rule", data={"csrf": csrf, "what": "release",
                                               "notes": "no damage"}, follow_redirects=False)
    assert r.status_code == 303, r.text


class Stream:
    """A server-sent events stream read in a thread: each ``data:`` message's JSON is
    put in ``messages`` with the time it came."""

    def __init__(self, base: str, cookies, path: str):
        self.messages: queue.Queue = queue.Queue()
        self.client = httpx.Client(base_url=base, cookies=cookies, timeout=30)
        self.status: int | None = None
        self.content_type = ""
        self.response: httpx.Response | None = None
        self.opened = threading.Event()
        self.thread = threading.Thread(target=self._read, args=(path,), daemon=True)
        self.thread.start()
        assert self.opened.wait(10), "the stream did not open"

    def _read(self, path: str) -> None:
        try:
            with self.client.stream("GET", path) as r:
                self.response = r
                self.status, self.content_type = r.status_code, r.headers.get("content-type", "")
                self.opened.set()
                for line in r.iter_lines():
                    if line.startswith("data: "):
                        self.messages.put((time.monotonic(), json.loads(line[6:])))
        except (httpx.HTTPError, RuntimeError):
            self.opened.set()               # closed by the test

    def next(self, timeout: float = 10.0) -> tuple[float, dict]:
        return self.messages.get(timeout=timeout)

    def until(self, pred, timeout: float = 10.0) -> tuple[float, dict]:
        """The first message for which ``pred(calls)`` holds (earlier ones are read)."""
        deadline = time.monotonic() + timeout
        while True:
            at, m = self.next(max(0.01, deadline - time.monotonic()))
            if pred(m["calls"]):
                return at, m

    def drain(self) -> list[dict]:
        out = []
        while True:
            try:
                out.append(self.messages.get_nowait()[1])
            except queue.Empty:
                return out

    def close(self) -> None:
        """Close the stream: shut its socket down (the reading thread's ``recv`` returns;
        closing the client alone leaves the connection open, and the server waits for it
        when it stops), then the client."""
        stream = self.response.extensions.get("network_stream") if self.response else None
        sock = stream.get_extra_info("socket") if stream is not None else None
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass                        # the server closed it first
        self.thread.join(5)
        self.client.close()


@pytest.fixture(scope="module")
def server(new_database_url, db_backend, request):
    url = new_database_url()
    srv = LiveServer.start(url, PASSWORD)
    c = httpx.Client(base_url=srv.url, timeout=30)
    try:
        csrf = login(c)
        yield srv, c, csrf, url
    finally:
        c.close()
        srv.stop()
        if db_backend == "postgresql":
            request.getfixturevalue("pg_server").drop_database(url.rsplit("/", 1)[1])


def test_a_call_reaches_its_events_stream_at_once_labelled_and_not_another_events(server):
    srv, c, csrf, _url = server
    a = new_event(c, csrf, "Spring Pairs")
    b = new_event(c, csrf, "Club Teams Night")
    ta, tb = tables(c, a), tables(c, b)
    on_a = Stream(srv.url, c.cookies, f"/api/live/calls/stream?event={a}")
    on_b = Stream(srv.url, c.cookies, f"/api/live/calls/stream?event={b}")
    site = Stream(srv.url, c.cookies, "/api/live/calls/stream?lang=he")
    try:
        assert on_a.status == 200 and on_a.content_type.startswith("text/event-stream")
        for s in (on_a, on_b, site):
            assert s.next()[1] == {"calls": []}           # the list at once, empty
        table = ta[1]                                     # table 2 of event A
        call_director(c, table)
        made = time.monotonic()
        at, m = on_a.until(lambda calls: calls)
        assert at - made < PUSH_SECONDS, f"the call took {at - made:.2f} s to be pushed"
        (call,) = m["calls"]
        assert call["event"] == a and call["event_name"] == "Spring Pairs"
        assert (call["section"], call["round"], call["table"], call["board"]) == ("A", 1, 2, 3)
        assert call["where"] == "section A, round 1, table 2, board 3"
        assert call["text"] == "East called the Director: a hesitation: North thought a long time"
        assert call["parts"] == [{"text": "East called the Director: a hesitation",
                                  "note": "North thought a long time"}]
        assert call["hold"] and call["laws"] == ["9B2"] and call["url"] == f"/live/{table['id']}"
        # the site-wide stream has it too, in its own language (Hebrew here)
        _at, m = site.until(lambda calls: calls)
        (he,) = m["calls"]
        assert he["event_name"] == "Spring Pairs" and he["where"] == \
            "בית A, סיבוב 1, שולחן 2, לוח 3"
        assert "היסוס" in he["text"]
        # the JSON for platforms answers from the same index, with the event's filter
        assert [x["table_id"] for x in c.get(f"/api/live/calls?event={a}").json()["calls"]] \
            == [table["id"]]
        assert c.get(f"/api/live/calls?event={b}").json() == {"calls": []}
        assert table["id"] in [x["table_id"] for x in c.get("/api/live/calls").json()["calls"]]
        # event B's stream never shows it
        time.sleep(0.3)
        assert all(m["calls"] == [] for m in on_b.drain())
        # a call at event B's table reaches B's stream, and A's list stays A's
        call_director(c, tb[0], seat="N", reason="misexplanation", text="")
        _at, m = on_b.until(lambda calls: calls)
        assert [(x["event_name"], x["table"], x["text"]) for x in m["calls"]] == \
            [("Club Teams Night", 1, "North called the Director: a misexplanation")]
        _at, m = on_a.next()
        assert [x["table_id"] for x in m["calls"]] == [table["id"]]
        # the Director settles the call: it leaves the stream and the list
        release(c, csrf, table["id"])
        made = time.monotonic()
        at, _m = on_a.until(lambda calls: calls == [])
        assert at - made < PUSH_SECONDS
        assert c.get(f"/api/live/calls?event={a}").json() == {"calls": []}
        release(c, csrf, tb[0]["id"])
        site.until(lambda calls: calls == [])
    finally:
        for s in (on_a, on_b, site):
            s.close()


def test_the_calls_need_the_directors_login_and_a_real_event_filter(server):
    srv, c, _csrf, _url = server
    with httpx.Client(base_url=srv.url, timeout=10) as anon:
        for path in ("/api/live/calls", "/api/live/calls/stream"):
            r = anon.get(path, follow_redirects=False)
            assert r.status_code in (303, 401), (path, r.status_code)
    for bad in ("abc", "0", "99999999999"):
        r = c.get(f"/api/live/calls?event={bad}")
        assert r.status_code == 404 and f"There is no event {bad}." in r.text
        r = c.get(f"/api/live/calls/stream?event={bad}")
        assert r.status_code == 404


# --- the index at start-up: only the tables that call are read -------------------------------

def test_the_index_at_start_up_reads_only_the_tables_that_call(new_database_url, db_backend,
                                                                request):
    url = new_database_url()
    app = create_app(url, demo=False)
    ensure_director(app.state.store, "director", PASSWORD)
    try:
        with TestClient(app) as c:
            csrf = login(c)
            # a federation's finished rounds: 12 tables over 4 rounds, none calling
            old = new_event(c, csrf, "Last year's league", tables=12, rounds=(1, 2, 3, 4))
            eid = new_event(c, csrf, "Tonight")
            (one, two) = tables(c, eid)
            call_director(c, two)
            store = app.state.store
            with store.session() as s:
                n = s.scalar(select(func.count(LiveTableRow.id)))
                marked = s.scalars(select(LiveTableRow.id).where(LiveTableRow.calling)).all()
            assert n == 50 and marked == [two["id"]]      # kept with the call's entry
            assert len(tables(c, old)) == 48

        # a new process over the same database: it reads the calling table only
        hub = Hub(store)
        try:
            calls = asyncio.run(hub.calls())
            assert [(x["table_id"], x["event_name"], x["table"], x["board"]) for x in calls] \
                == [(two["id"], "Tonight", 2, 3)]
            assert hub.loads == 1 and set(hub.states) == {two["id"]}
            assert asyncio.run(hub.calls(eid + 1)) == [] and hub.loads == 1
        finally:
            hub.stop()

        # tables from before the index (NULL) are read once, and marked
        with store.engine.begin() as conn:
            conn.execute(update(LiveTableRow).where(LiveTableRow.id.in_([one["id"], two["id"]]))
                         .values(calling=None))
        hub = Hub(store)
        try:
            assert [x["table_id"] for x in asyncio.run(hub.calls())] == [two["id"]]
            assert hub.loads == 2
        finally:
            hub.stop()
        with store.session() as s:
            assert s.get(LiveTableRow, one["id"]).calling is False
            assert s.get(LiveTableRow, two["id"]).calling is True

        # the service itself, started again: its first answer reads one table
        app2 = create_app(url, demo=False)
        try:
            with TestClient(app2) as c2:
                login(c2)
                assert [x["table_id"] for x in c2.get("/api/live/calls").json()["calls"]] == \
                    [two["id"]]
                assert app2.state.hub.loads == 1
                # settled through this process: the mark goes with the release
                release(c2, c2.get("/api/csrf").json()["csrf"], two["id"])
                assert c2.get("/api/live/calls").json() == {"calls": []}
        finally:
            app2.state.store.dispose()
        with store.session() as s:
            assert s.get(LiveTableRow, two["id"]).calling is False
    finally:
        app.state.store.dispose()
        if db_backend == "postgresql":
            request.getfixturevalue("pg_server").drop_database(url.rsplit("/", 1)[1])


# --- two processes over one PostgreSQL database ----------------------------------------------

def test_a_call_made_through_one_process_reaches_a_director_on_another(server, db_backend):
    if db_backend != "postgresql":
        pytest.skip("two service processes share calls through PostgreSQL LISTEN/NOTIFY; "
                    "SQLite has no notifications (run with BRIDGELAWS_TEST_DB=postgresql)")
    srv, c, csrf, url = server
    eid = new_event(c, csrf, "Two processes")
    table = tables(c, eid)[0]
    other = LiveServer.start(url, PASSWORD)
    cb = httpx.Client(base_url=other.url, timeout=30)
    try:
        csrf_b = login(cb)
        on_b = Stream(other.url, cb.cookies, f"/api/live/calls/stream?event={eid}")
        try:
            assert on_b.next()[1] == {"calls": []}
            time.sleep(0.5)                 # B's listener is up (LISTEN) before the call
            call_director(c, table)         # through process A
            made = time.monotonic()
            at, m = on_b.until(lambda calls: calls)
            assert at - made < PUSH_SECONDS, f"the call took {at - made:.2f} s to reach B"
            assert [(x["event_name"], x["table"], x["board"]) for x in m["calls"]] == \
                [("Two processes", 1, 1)]
            assert [x["table_id"] for x in cb.get(f"/api/live/calls?event={eid}")
                    .json()["calls"]] == [table["id"]]
            # the Director on B settles it: A's index hears of it too
            release(cb, csrf_b, table["id"])
            on_b.until(lambda calls: calls == [])
            deadline = time.monotonic() + 5
            while c.get(f"/api/live/calls?event={eid}").json()["calls"]:
                assert time.monotonic() < deadline, "process A still lists the settled call"
                time.sleep(0.1)
        finally:
            on_b.close()
    finally:
        cb.close()
        other.stop()
