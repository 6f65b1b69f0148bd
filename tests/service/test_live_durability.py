"""Durability of live tables: an act the server acknowledged is in the table's log, even
when the server is killed (SIGKILL, no shutdown) in the middle of a board and started
again; the players reconnect, send again what was not acknowledged, and the board goes
on exactly where it was.

The real ``bridgelaws serve`` runs as a subprocess over the test's database.  The
Director logs in, creates an event and opens round 1 live (Laws mode) through the
console's forms.  Four asyncio clients, one per seat, play the first board of table 1
over the WebSocket API (the ``websockets`` library), each act with its own id (aid),
from the views the server sends: the dealer opens 1NT, the others pass, and every card
is the first the seat's view lists as legal (declarer plays dummy's).  Right after a
seat sends its first act once five tricks are complete, the server is killed; the act
is in flight.  After the restart every seat's first view is compared with its last view
before the kill and with the stored log, one acknowledged act is sent again as a client
that missed its answer would, the unacknowledged act is sent again with its aid, and
the board is played to its end.
"""

from __future__ import annotations

import asyncio
import json
import re
import signal
from dataclasses import dataclass, field

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from bridgelaws.formats.case import run_case
from bridgelaws.service.db import BoardRow, LiveEventRow, Store, select

from .live_server import LiveServer
from .test_durability import login as director_login

PASSWORD = "live durable password"
KILL_AFTER_TRICKS = 5


def login(base: str) -> tuple[httpx.Client, str]:
    return director_login(base, PASSWORD)


def cards_of(view: dict) -> list[str]:
    """The cards played so far, in order."""
    return [c for t in view["tricks"] for c in t["cards"]] + list(view["trick"])


def calls_of(view: dict) -> list[tuple[str, str]]:
    return [(x["by"], x["call"]) for x in view["auction"]]


# --- four seats over the WebSocket API ---------------------------------------------------

@dataclass
class Seat:
    name: str
    token: str
    view: dict | None = None
    pending: dict | None = None          # the act sent and not yet acknowledged
    wait_seq: int = 0                    # act again only on a view at least this new
    acks: dict = field(default_factory=dict)      # aid -> seq, as acknowledged
    errors: list = field(default_factory=list)
    n: int = 0
    before: dict | None = None           # the last view the first server sent
    after: dict | None = None            # the first view of the second server
    resent: list = field(default_factory=list)


class Game:
    def __init__(self, ws_base: str, tokens: dict, proc):
        self.ws_base, self.proc, self.generation = ws_base, proc, 1
        self.seats = {s: Seat(s, t) for s, t in tokens.items()}
        self.killed = asyncio.Event()
        self.all_back = asyncio.Event()
        self.resume = asyncio.Event()
        self.done = asyncio.Event()
        self.in_flight: dict | None = None     # the act sent just before the kill

    def kill(self, act: dict) -> None:
        self.in_flight = dict(act)
        self.killed.set()
        self.proc.send_signal(signal.SIGKILL)  # no shutdown, no flush: pulled plug

    async def seat(self, seat: Seat) -> None:
        while not self.done.is_set():
            generation = self.generation
            try:
                async with connect(f"{self.ws_base}/ws/play/{seat.token}", open_timeout=5,
                                   close_timeout=1) as ws:
                    await self._serve(seat, ws, generation)
            except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError):
                if self.killed.is_set() and seat.before is None:
                    seat.before = seat.view
                await asyncio.sleep(0.05)

    async def _serve(self, seat: Seat, ws, generation: int) -> None:
        first = json.loads(await ws.recv())
        assert first["type"] == "view"
        seat.view = first["view"]
        if generation == 2 and seat.after is None:
            seat.after = first["view"]
            if all(s.after is not None for s in self.seats.values()):
                self.all_back.set()
            await self.resume.wait()
        if seat.pending is not None:          # sent, never answered: send it again
            seat.resent.append(seat.pending["aid"])
            await ws.send(json.dumps(seat.pending))
        while True:
            await self._maybe_act(seat, ws)
            if seat.view["complete"] and seat.pending is None:
                if all(s.view and s.view["complete"] for s in self.seats.values()):
                    self.done.set()
                if self.done.is_set():
                    return
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
            except TimeoutError:
                continue
            if msg["type"] == "view":
                if msg["view"]["seq"] >= seat.view["seq"]:
                    seat.view = msg["view"]
            elif msg["type"] == "ack":
                assert seat.pending is not None and msg["aid"] == seat.pending["aid"], msg
                seat.acks[msg["aid"]] = msg["seq"]
                seat.pending = None
                seat.wait_seq = msg["seq"]
            else:
                seat.errors.append((msg, seat.pending))
                raise AssertionError(f"{seat.name}: {msg} for {seat.pending}")

    async def _maybe_act(self, seat: Seat, ws) -> None:
        v = seat.view
        if (seat.pending is not None or v["seq"] < seat.wait_seq or v["complete"]
                or v["hold"] or v["decision"] is not None or not v["my_turn"]):
            return
        if v["phase"] == "auction":
            act = {"action": "call", "call": "P" if v["auction"] else "1N"}
        elif seat.name == v["dummy"]:
            return                              # declarer plays dummy's cards (Law 45B)
        else:
            act = {"action": "play", "card": v["legal_cards"][0]}
        seat.n += 1
        act["aid"] = f"{seat.name}-{seat.n}-{v['seq']}"
        act["seq"] = v["seq"]                   # the view the act is made on
        seat.pending = act
        await ws.send(json.dumps(act))
        if not self.killed.is_set() and len(v["tricks"]) >= KILL_AFTER_TRICKS:
            self.kill(act)


# --- the run -------------------------------------------------------------------------------

@dataclass
class Run:
    game: Game
    rows_at_restart: list
    replayed: dict                          # the ack of an act sent again after the restart
    replayed_of: tuple
    rows: list
    deal: str
    board: int
    table_no: int
    results: list


def log_rows(url: str, table_id: int) -> list:
    store = Store(url, migrate=False)
    try:
        with store.session() as s:
            return s.execute(select(LiveEventRow.seq, LiveEventRow.aid, LiveEventRow.actor,
                                    LiveEventRow.board, LiveEventRow.data)
                             .where(LiveEventRow.live_table_id == table_id)
                             .order_by(LiveEventRow.seq)).all()
    finally:
        store.dispose()


async def until(event: asyncio.Event, tasks: list, timeout: float, what: str) -> None:
    """Wait for ``event``; a seat that failed fails the test with its own error."""
    waiter = asyncio.create_task(event.wait())
    done, _ = await asyncio.wait([waiter, *tasks], timeout=timeout,
                                 return_when=asyncio.FIRST_COMPLETED)
    if waiter not in done:
        waiter.cancel()
        for t in done:
            t.result()                          # raises the seat's error
        raise AssertionError(f"{what}: not within {timeout} s")


async def play(url: str, servers: list, tokens: dict, table_id: int) -> dict:
    server = servers[0]
    ws_base = server.url.replace("http://", "ws://")
    g = Game(ws_base, tokens, server.process)
    tasks = [asyncio.create_task(g.seat(s)) for s in g.seats.values()]
    try:
        await until(g.killed, tasks, 30, "five tricks played")
        await asyncio.to_thread(server.process.wait, 10)
        server2 = await asyncio.to_thread(LiveServer.start, url, PASSWORD)
        servers.append(server2)
        g.ws_base, g.generation = server2.url.replace("http://", "ws://"), 2
        await until(g.all_back, tasks, 30, "the four seats reconnected")
        rows = await asyncio.to_thread(log_rows, url, table_id)
        # a client that missed the answer to an act it had sent: it sends it again
        acked = {aid: (s.name, seq) for s in g.seats.values() for aid, seq in s.acks.items()}
        aid = max(acked, key=lambda a: acked[a][1])
        name, seq = acked[aid]
        act = next(r.data for r in rows if r.aid == aid)
        async with connect(f"{g.ws_base}/ws/play/{tokens[name]}") as ws:
            first = json.loads(await ws.recv())
            assert first["type"] == "view"
            # made on the view before it, which the table has moved past: stored already,
            # so answered all the same
            await ws.send(json.dumps({**_act_of(act), "aid": aid, "seq": seq - 1}))
            while True:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
                if msg["type"] != "view":
                    break
        g.resume.set()
        await until(g.done, tasks, 40, "the board played to its end")
        await asyncio.wait_for(asyncio.gather(*tasks), 10)
        return {"game": g, "rows_at_restart": rows, "replayed": msg,
                "replayed_of": (aid, seq)}
    except BaseException:
        for t in tasks:
            t.cancel()
        raise


def _act_of(data: dict) -> dict:
    """The act that made a log entry, as the seat sent it."""
    e = data["e"]
    if "call" in e:
        return {"action": "call", "call": e["call"]}
    return {"action": "play", "card": e["play"]}


@pytest.fixture(scope="module")
def killed(new_database_url, db_backend, request):
    """The board played through a SIGKILL and a restart (run once for the module)."""
    url = new_database_url()
    servers: list[LiveServer] = []
    try:
        servers.append(LiveServer.start(url, PASSWORD))
        c, csrf = login(servers[0].url)
        r = c.post("/events/new", data={"csrf": csrf, "name": "Live durable", "kind": "pairs",
                                         "movement": "howell", "tables": "2", "sections": "1",
                                         "boards_per_round": "2", "scoring": "mp",
                                         "source": "deal", "seed": "live-durable"})
        assert r.status_code == 303, r.text
        eid = int(re.search(r"/events/(\d+)", r.headers["location"]).group(1))
        r = c.post(f"/events/{eid}/live", data={"csrf": csrf, "section": "A", "round": "1",
                                                 "mode": "laws"})
        assert r.status_code == 303, r.text
        table = c.get(f"/api/events/{eid}/live").json()["tables"][0]
        c.close()
        assert table["mode"] == "laws" and table["round"] == 1
        out = asyncio.run(play(url, servers, table["seats"], table["id"]))
        c2, _ = login(servers[-1].url)
        results = c2.get(f"/api/events/{eid}/results").json()
        c2.close()
        rows = log_rows(url, table["id"])
        store = Store(url, migrate=False)
        with store.session() as s:
            board = out["game"].seats["N"].view["board"]
            deal = s.scalar(select(BoardRow.deal).where(BoardRow.event_id == eid,
                                                        BoardRow.number == board))
        store.dispose()
        yield Run(rows=rows, deal=deal, board=board, table_no=table["table"], results=results,
                  **out)
    finally:
        for sv in servers:
            if sv.process.poll() is None:
                sv.process.kill()
            sv.stop()
        if db_backend == "postgresql":
            request.getfixturevalue("pg_server").drop_database(url.rsplit("/", 1)[1])


# --- the tests -------------------------------------------------------------------------------

def test_acknowledged_acts_survive_a_killed_server_and_the_board_goes_on(killed):
    g = killed.game
    seats = g.seats.values()
    assert not [e for s in seats for e in s.errors]
    acked = {aid: seq for s in seats for aid, seq in s.acks.items()}

    # --- at the restart: the log holds every act acknowledged before the kill -----------
    at = killed.rows_at_restart
    top = at[-1].seq
    assert [r.seq for r in at] == list(range(1, top + 1))
    stored = {r.aid: r.seq for r in at}
    assert len(stored) == len(at) and None not in stored
    acked_then = {aid: seq for aid, seq in acked.items() if seq <= top}
    assert all(stored.get(aid) == seq for aid, seq in acked_then.items())
    # the act in flight when the server died is stored whole or not at all; nothing
    # else is stored without an answer
    flying = g.in_flight["aid"]
    assert set(stored) - set(acked_then) <= {flying}
    assert top - max(acked_then.values()) <= 1
    # it was sent again; unless its answer beat the SIGKILL (the server read, stored and
    # answered it in the moment between the send and the signal): then it is stored and
    # acknowledged, which is as good
    assert any(flying in s.resent for s in seats) or (
        flying in acked and stored.get(flying) == acked[flying])

    # --- the views after the restart: where they were, plus what the log holds --------
    for s in seats:
        b, a = s.before, s.after
        assert b is not None and a is not None, s.name
        assert a["seq"] == top and b["seq"] <= top, (s.name, b["seq"], top)
        assert (a["board"], a["board_index"], a["contract"], a["declarer"]) == \
            (b["board"], b["board_index"], b["contract"], b["declarer"])
        assert calls_of(a)[:len(calls_of(b))] == calls_of(b)
        assert cards_of(a)[:len(cards_of(b))] == cards_of(b)
        added = cards_of(a)[len(cards_of(b)):]
        assert len(calls_of(a)) - len(calls_of(b)) + len(added) == top - b["seq"]
        assert a["hand"] == [c for c in b["hand"] if c not in added]
        if b["seq"] == top:
            for k in ("auction", "tricks", "trick", "won", "hand", "to_act", "shown"):
                assert a[k] == b[k], (s.name, k)
        assert len(a["tricks"]) >= KILL_AFTER_TRICKS and not a["complete"]
    assert max(s.before["seq"] for s in seats) >= top - 1

    # --- an act sent again after the restart with its aid is not stored again ---------
    aid, seq = killed.replayed_of
    assert killed.replayed == {"type": "ack", "aid": aid, "seq": seq}

    # --- the whole log at the end --------------------------------------------------------
    rows = killed.rows
    n = len(rows)
    assert [r.seq for r in rows] == list(range(1, n + 1))
    aids = [r.aid for r in rows]
    assert None not in aids and len(set(aids)) == n                  # no aid twice
    assert {r.aid: r.seq for r in rows} == acked                     # all answered, rightly
    assert rows[:len(at)] == at                                      # the past unchanged
    assert all(r.actor == aid.split("-")[0] for r, aid in zip(rows, aids))

    # --- the board is over: 13 tricks, as the engine scores the stored log --------------
    exp = run_case({"board": killed.board, "deal": killed.deal,
                    "events": [r.data["e"] for r in rows]})
    assert exp["phase"] == "complete" and exp["irregularities"] == []
    side = "NS" if exp["declarer"] in "NS" else "EW"
    for s in seats:
        v = s.view
        assert v["complete"] and len(v["tricks"]) == 13 and sum(v["won"].values()) == 13
        assert v["won"] == exp["tricks"]
        assert v["result"] == {"board": killed.board, "contract": exp["contract"],
                               "declarer": exp["declarer"], "tricks": exp["tricks"][side],
                               "score_ns": exp["score_ns"]}
    print(f"\nlive durability: {n} acts, killed at entry {top} with {g.in_flight} in flight "
          f"({'stored' if flying in stored else 'not stored'} before the kill)")


def test_the_board_played_through_the_kill_is_in_the_results(killed):
    v = killed.game.seats["N"].view
    rows = [x for x in killed.results
            if (x["section"], x["round"], x["table"], x["board"]) == ("A", 1, killed.table_no,
                                                                       killed.board)]
    assert len(rows) == 1
    row = rows[0]
    assert (row["contract"], row["declarer"], row["tricks"], row["score"]) == \
        (v["result"]["contract"], v["result"]["declarer"], v["result"]["tricks"],
         v["result"]["score_ns"])
    assert row["lead"] == v["tricks"][0]["cards"][0]
