"""Durability: a result the console confirmed is in the database, even when the server is
killed (SIGKILL, no shutdown) in the middle of result entry and started again.

The real ``bridgelaws serve`` runs as a separate process on loopback; a thread keeps
entering results through the table forms while the main thread kills the process.
Every line whose save the server confirmed (the 303 after the commit) must be found
after the restart; a line whose answer never came may be there or not, but whole.
"""

from __future__ import annotations

import re
import signal
import threading
import time

import httpx

from .live_server import LiveServer

PASSWORD = "durable password"


def login(base: str, password: str = PASSWORD) -> tuple[httpx.Client, str]:
    """The first director logged in over HTTP: the client and its CSRF token."""
    c = httpx.Client(base_url=base, timeout=10)
    tok = re.search(r'name="csrf" value="([^"]+)"', c.get("/login").text).group(1)
    r = c.post("/login", data={"csrf": tok, "username": "director", "password": password,
                               "next": "/"})
    assert r.status_code == 303, r.text
    return c, c.get("/api/csrf").json()["csrf"]


def test_saved_results_survive_a_killed_server(database_url):
    server = LiveServer.start(database_url, PASSWORD)
    try:
        c, csrf = login(server.url)
        r = c.post("/events/new", data={"csrf": csrf, "name": "Durable", "kind": "pairs",
                                         "movement": "howell", "tables": "5", "sections": "1",
                                         "boards_per_round": "3", "scoring": "mp",
                                         "source": "deal", "seed": "durable"})
        eid = int(re.search(r"/events/(\d+)", r.headers["location"]).group(1))
        sittings = [(x["round"], x["table"], x["boards"]) for x in _sittings(c, eid)]
        confirmed: list[tuple] = []
        stop = threading.Event()

        def enter():
            for rnd, table, boards in sittings:
                for b in boards:
                    if stop.is_set():
                        return
                    data = {"csrf": csrf, f":{b}|contract": "3N", f":{b}|declarer": "S",
                            f":{b}|tricks": str(7 + (b + rnd) % 4)}
                    try:
                        r = c.post(f"/events/{eid}/tables/A/{rnd}/{table}", data=data)
                    except httpx.HTTPError:
                        return                  # the server is gone: this one is unconfirmed
                    if r.status_code == 303:
                        confirmed.append((rnd, table, b, 7 + (b + rnd) % 4))

        worker = threading.Thread(target=enter)
        worker.start()
        while len(confirmed) < 25 and worker.is_alive():
            time.sleep(0.005)
        server.process.send_signal(signal.SIGKILL)   # no shutdown, no flush: pulled plug
        server.process.wait(10)
        stop.set()
        worker.join(30)
        assert len(confirmed) >= 25
        c.close()
        server.stop()
        server = LiveServer.start(database_url, PASSWORD)
        c, _ = login(server.url)
        rows = {(x["round"], x["table"], x["board"]): x
                for x in c.get(f"/api/events/{eid}/results").json()}
        for rnd, table, b, tricks in confirmed:
            row = rows.get((rnd, table, b))
            assert row is not None, f"round {rnd} table {table} board {b} was confirmed, then lost"
            assert (row["contract"], row["declarer"], row["tricks"]) == ("3N", "S", tricks)
        # at most the one line in flight when the server died was saved without an answer
        assert len(rows) - len(confirmed) in (0, 1)
        for x in rows.values():                  # every stored line is whole
            assert x["contract"] == "3N" and x["score"] is not None
        # and the service goes on: a new result is taken after the restart
        rnd, table, boards = sittings[-1]
        r = c.post(f"/events/{eid}/tables/A/{rnd}/{table}",
                   data={"csrf": c.get("/api/csrf").json()["csrf"],
                         f":{boards[-1]}|contract": "PASS"})
        assert r.status_code == 303
        print(f"\ndurability: {len(confirmed)} confirmed results before SIGKILL, "
              f"{len(rows)} found after restart")
    finally:
        server.stop(signal.SIGKILL)


def _sittings(c, eid):
    """The sittings of the event, read from its page (round, table, boards)."""
    page = c.get(f"/events/{eid}").text
    out = []
    for m in re.finditer(r'href="/events/\d+/tables/A/(\d+)/(\d+)"', page):
        out.append({"round": int(m.group(1)), "table": int(m.group(2))})
    for x in out:                                # the boards, from each table's form
        form = c.get(f"/events/{eid}/tables/A/{x['round']}/{x['table']}").text
        x["boards"] = sorted({int(b) for b in re.findall(r'name=":(\d+)\|contract"', form)})
    return out
