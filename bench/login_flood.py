"""Benchmark: a login flood against the real service, and what the rest of it feels.

What is measured
----------------
``bridgelaws serve`` runs as its own process (SQLite), and so do

* the **attackers** (a child process of this script, so that their work does not
  delay the probe's clock): 20 clients, each from its own loopback address
  (127.0.0.20 and up, as 20 machines would be), each posting wrong passwords for
  the Director's name back to back (a new try as soon as the last is answered,
  ``Retry-After`` ignored), with the CSRF token its ``GET /login`` gave it;

and this script is
* a **probe** asking ``GET /healthz`` every 25 ms (from 127.0.0.2);
* one **live table**: a round opened through the Director's forms, its four seats on
  WebSockets, acting every 0.1 s (1♣ then three passes, then the first lawful card
  each time, board after board); an act's latency is from sending it to the last of
  the four seats' views;
* the **Director**, who logs in with the right password from an address of his own
  during the last flood.

The clock alternates: rest (no attacker sends), then flood, ``--rounds`` times (5
by default, ``--phase`` 8 s each); before each rest the attackers' last tries are
answered and one more second passes.  The baseline is the service at rest in the
same run: each round's ratio is the 99th percentile of ``/healthz`` during its flood
over the 99th percentile during its rest; the ratio printed is the median over the
rounds, with the live table's act latency at rest and under the flood beside it.
The last line::

    bench login-flood: R.RRx at rest (target 2.0x)

``--server-src DIR`` runs the server from another checkout's ``src`` (say an older
commit checked out with ``git worktree add /tmp/old COMMIT``), to compare;
``BENCH_TRACE=1`` also prints the slowest probes and acts with their times in the run.
``--spray`` makes every attacker try a new random user name each time instead of the
Director's (a password sprayed over names: every try is hashed until the attacker's
address is refused).

Running it
----------
::

    .venv/bin/python bench/login_flood.py [--rounds 5] [--phase 8] [--attackers 20]
                                          [--server-src DIR] [--spray]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import re
import secrets
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlencode

import httpx
import websockets

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "service"))

from live_server import LiveServer  # noqa: E402  (tests/service: the server as a process)

PASSWORD = "bench login-flood password"
TARGET = 2.0
CSRF = re.compile(r'name="csrf" value="([^"]+)"')


def p99(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[max(0, -(-99 * len(xs) // 100) - 1)] if xs else float("nan")


def ms(x: float) -> str:
    return f"{x * 1000:.1f} ms"


def cpu_seconds(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# --- the live table -----------------------------------------------------------------------------

def open_table(base: str) -> dict:
    """A Mitchell event dealt from a seed, round 1 opened live: the first table's seat
    tokens."""
    c = httpx.Client(base_url=base, timeout=60)
    tok = CSRF.search(c.get("/login").text).group(1)
    r = c.post("/login", data={"csrf": tok, "username": "director", "password": PASSWORD,
                               "next": "/"})
    assert r.status_code == 303, (r.status_code, r.text[:300])
    csrf = c.get("/api/csrf").json()["csrf"]
    r = c.post("/events/new", data={"csrf": csrf, "name": "flood", "kind": "pairs",
                                    "movement": "mitchell", "tables": "3", "sections": "1",
                                    "boards_per_round": "36", "scoring": "mp",
                                    "source": "deal", "seed": "login-flood"})
    eid = int(re.search(r"/events/(\d+)", r.headers["location"]).group(1))
    r = c.post(f"/events/{eid}/live", data={"csrf": csrf, "section": "A", "round": "1",
                                            "mode": "laws"})
    assert r.status_code in (200, 303), r.text[:300]
    return c.get(f"/api/events/{eid}/live").json()["tables"][0]["seats"]


class Table:
    """Four seats on WebSockets; ``act()`` makes the next lawful act and waits for all
    four views of it."""

    def __init__(self, base_ws: str, seats: dict):
        self.base_ws, self.tokens = base_ws, seats
        self.views: dict = {}
        self.seq = {s: -1 for s in seats}
        self.changed = asyncio.Event()
        self.error = None
        self.n = 0

    async def connect(self):
        self.ws = {s: await websockets.connect(f"{self.base_ws}/ws/play/{t}", ping_interval=None)
                   for s, t in self.tokens.items()}
        self.readers = [asyncio.create_task(self._read(s, w)) for s, w in self.ws.items()]
        await self._wait(0)

    async def _read(self, seat, ws):
        async for raw in ws:
            msg = json.loads(raw)
            if msg.get("type") == "error":
                self.error = f"{seat}'s act refused: {msg.get('error')}"
                self.changed.set()
            if msg.get("type") == "view":
                self.views[seat] = msg["view"]
                self.seq[seat] = max(self.seq[seat], msg["view"]["seq"])
                self.changed.set()

    async def _wait(self, seq: int):
        while min(self.seq.values()) < seq:
            if self.error:
                raise RuntimeError(self.error)
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), 30)

    def _next(self) -> tuple[str, dict] | None:
        for seat, v in self.views.items():
            if v.get("complete"):
                return "N", {"action": "next"}
            if not v.get("my_turn"):
                continue
            if v.get("legal_calls"):
                bid = not any(c["call"] != "P" for c in v["auction"])
                return seat, {"action": "call", "call": "1C" if bid else "P"}
            if v.get("legal_cards"):
                return seat, {"action": "play", "card": v["legal_cards"][0]}
        return None

    async def act(self) -> float | None:
        step = self._next()
        if step is None:
            return None
        seat, act = step
        self.n += 1
        target = max(self.seq.values()) + 1
        t0 = time.perf_counter()
        # the act names the view it was made on (its seq): a stale act is refused
        await self.ws[seat].send(json.dumps(dict(act, aid=f"bench-{self.n}",
                                                 seq=self.views[seat]["seq"])))
        await self._wait(target)
        return time.perf_counter() - t0

    async def close(self):
        for r in self.readers:
            r.cancel()
        for w in self.ws.values():
            await w.close()


# --- the run ------------------------------------------------------------------------------------

def client(base: str, address: str) -> httpx.AsyncClient:
    return httpx.AsyncClient(base_url=base, timeout=120,
                             transport=httpx.AsyncHTTPTransport(local_address=address))


#: the login answers the attackers count, in this order (anything else is "other")
STATUSES = (400, 429, 503, 303)


class Attackers:
    """The attackers, in a process of their own (so that their work does not delay the
    probe's clock): ``flood`` on or off, ``busy`` tries waiting for their answer,
    ``answers`` per status."""

    def __init__(self, base: str, n: int, spray: bool):
        ctx = multiprocessing.get_context("spawn")
        self.flood, self.stop = ctx.Event(), ctx.Event()
        self.busy = ctx.Value("i", 0)
        self.answers = ctx.Array("i", len(STATUSES) + 1)
        self.process = ctx.Process(target=_attack, args=(base, n, spray, self.flood, self.stop,
                                                         self.busy, self.answers), daemon=True)
        self.process.start()

    def counts(self) -> Counter:
        names = [*STATUSES, "other"]
        return Counter({k: v for k, v in zip(names, self.answers[:]) if v})

    def close(self):
        self.stop.set()
        self.flood.set()
        self.process.join(30)
        if self.process.is_alive():
            self.process.kill()


def _attack(base, n, spray, flood, stop, busy, answers):
    asyncio.run(_attackers(base, n, spray, flood, stop, busy, answers))


class RawClient:
    """A keep-alive HTTP/1.1 connection spoken by hand: the attackers' own CPU stays
    small beside the server's (real attackers spend theirs on their own machines)."""

    def __init__(self, base: str, address: str):
        u = httpx.URL(base)
        self.host, self.port, self.address = u.host, u.port, address
        self.cookie = ""
        self.reader = self.writer = None

    async def request(self, method: str, path: str, body: bytes = b"") -> tuple[int, bytes]:
        """One request; once more on a new connection when a kept-alive one was closed
        by the server while idle."""
        reused = self.writer is not None
        try:
            return await self._request(method, path, body)
        except (OSError, asyncio.IncompleteReadError):
            self.close()
            if not reused:
                raise
            return await self._request(method, path, body)

    async def _request(self, method: str, path: str, body: bytes) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(
                self.host, self.port, local_addr=(self.address, 0))
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}"]
        if self.cookie:
            head.append(f"Cookie: {self.cookie}")
        if body:
            head += ["Content-Type: application/x-www-form-urlencoded",
                     f"Content-Length: {len(body)}"]
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + body)
        raw = await self.reader.readuntil(b"\r\n\r\n")
        lines = raw.decode("latin-1").split("\r\n")
        status, length, close = int(lines[0].split()[1]), 0, False
        for line in lines[1:]:
            k, _, v = line.partition(":")
            k = k.strip().lower()
            if k == "content-length":
                length = int(v)
            elif k == "set-cookie" and not self.cookie:
                self.cookie = v.strip().split(";", 1)[0]
            elif k == "connection" and v.strip().lower() == "close":
                close = True
        data = await self.reader.readexactly(length)
        if close:
            self.close()
        return status, data

    def close(self):
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def _attackers(base, n, spray, flood, stop, busy, answers):
    async def one(address: str):
        c = RawClient(base, address)
        _status, page = await c.request("GET", "/login")
        tok = CSRF.search(page.decode()).group(1)
        while not stop.is_set():
            if not flood.is_set():
                await asyncio.sleep(0.01)
                continue
            with busy.get_lock():
                busy.value += 1
            try:
                name = f"user-{secrets.token_hex(4)}" if spray else "director"
                form = urlencode({"csrf": tok, "username": name,
                                  "password": secrets.token_hex(6)}).encode()
                status, _page = await c.request("POST", "/login", form)
            except (OSError, asyncio.IncompleteReadError, ValueError):
                status = None
                c.close()
            finally:
                with busy.get_lock():
                    busy.value -= 1
            i = STATUSES.index(status) if status in STATUSES else len(STATUSES)
            with answers.get_lock():
                answers[i] += 1
        c.close()

    await asyncio.gather(*(one(f"127.0.0.{20 + i}") for i in range(n)))


async def probe(base: str, stop: asyncio.Event, samples: list):
    async with client(base, "127.0.0.2") as c:
        while not stop.is_set():
            t0 = time.perf_counter()
            r = await c.get("/healthz")
            samples.append((t0, time.perf_counter() - t0))
            assert r.status_code == 200
            await asyncio.sleep(max(0.0, 0.025 - (time.perf_counter() - t0)))


async def player(table: Table, stop: asyncio.Event, samples: list):
    while not stop.is_set():
        await asyncio.sleep(0.1)
        t0 = time.perf_counter()
        lat = await table.act()
        if lat is not None:
            samples.append((t0, lat))


async def director_login(base: str) -> tuple[int, float]:
    async with client(base, "127.0.0.3") as c:
        tok = CSRF.search((await c.get("/login")).text).group(1)
        t0 = time.perf_counter()
        r = await c.post("/login", data={"csrf": tok, "username": "director",
                                         "password": PASSWORD, "next": "/"})
        return r.status_code, time.perf_counter() - t0


async def run(base: str, seats: dict, args, server_pid: int) -> dict:
    stop = asyncio.Event()
    health, acts = [], []
    table = Table(base.replace("http:", "ws:"), seats)
    await table.connect()
    attackers = Attackers(base, args.attackers, args.spray)
    tasks = [asyncio.create_task(probe(base, stop, health)),
             asyncio.create_task(player(table, stop, acts))]
    await asyncio.sleep(3)                                  # every client connected
    phases, director, director_at = [], None, []
    try:
        for rnd in range(args.rounds):
            attackers.flood.clear()
            while attackers.busy.value:                     # the last tries answered
                await asyncio.sleep(0.05)
            await asyncio.sleep(1.0)
            t0, c0 = time.perf_counter(), cpu_seconds(server_pid)
            await asyncio.sleep(args.phase)
            t1, c1 = time.perf_counter(), cpu_seconds(server_pid)
            a1 = cpu_seconds(attackers.process.pid)
            attackers.flood.set()
            if rnd == args.rounds - 1:
                await asyncio.sleep(args.phase / 2)
                director_at.append(time.perf_counter())
                director = await director_login(base)
                await asyncio.sleep(max(0.0, t1 + args.phase - time.perf_counter()))
            else:
                await asyncio.sleep(args.phase)
            t2, c2 = time.perf_counter(), cpu_seconds(server_pid)
            cpu = (c1 - c0, c2 - c1, cpu_seconds(attackers.process.pid) - a1)
            phases.append((t0, t1, t2, attackers.counts(), cpu))
    finally:
        stop.set()                                   # the probe and the table first, then
        await asyncio.wait(tasks, timeout=60)        # the attackers (joining their process
        for t in tasks:                              # would hold this loop up)
            t.cancel()
        await table.close()
        await asyncio.to_thread(attackers.close)

    def within(samples, a, b):
        return [x for t, x in samples if a <= t < b]

    if os.environ.get("BENCH_TRACE"):
        start = phases[0][0] if phases else 0
        marks = {f"round {i} {what}": t for i, p in enumerate(phases, 1)
                 for what, t in zip(("rest", "flood", "end"), p[:3])}
        for t, x in sorted(health, key=lambda s: -s[1])[:10]:
            print(f"trace: /healthz asked at {t - start:7.2f} s took {ms(x)}")
        for t, x in sorted(acts, key=lambda s: -s[1])[:5]:
            print(f"trace: act sent at {t - start:7.2f} s took {ms(x)}")
        if director_at:
            print(f"trace: the Director logged in at {director_at[0] - start:7.2f} s")
        print("trace: " + ", ".join(f"{k} {t - start:.2f} s" for k, t in marks.items()))
    rounds, before = [], Counter()
    for t0, t1, t2, seen, cpu in phases:
        rounds.append({"rest": within(health, t0, t1), "flood": within(health, t1, t2),
                       "acts_rest": within(acts, t0, t1), "acts_flood": within(acts, t1, t2),
                       "answers": seen - before, "cpu": cpu})
        before = seen
    return {"rounds": rounds, "answers": attackers.counts(), "director": director,
            "acts": len(acts)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--phase", type=float, default=8.0, help="seconds of each rest and flood")
    ap.add_argument("--attackers", type=int, default=20)
    ap.add_argument("--server-src", default=None,
                    help="run the server from this checkout's src folder (e.g. an old commit)")
    ap.add_argument("--spray", action="store_true",
                    help="attackers try random user names instead of the Director's")
    args = ap.parse_args(argv)
    if args.server_src:
        os.environ["PYTHONPATH"] = str(Path(args.server_src).resolve())
    db = Path(tempfile.mkdtemp(prefix="bench-login-flood-")) / "bench.db"
    server = LiveServer.start(f"sqlite:///{db}", PASSWORD, timeout=60)
    print(f"server: {args.server_src or REPO / 'src'} (SQLite), {args.attackers} attackers"
          f"{' spraying user names' if args.spray else ' on the Director'}, {args.rounds} rounds"
          f" of {args.phase:g} s at rest and {args.phase:g} s of flood")
    try:
        seats = open_table(server.url)
        cpu0 = cpu_seconds(server.process.pid)
        out = asyncio.run(run(server.url, seats, args, server.process.pid))
        cpu = cpu_seconds(server.process.pid) - cpu0
    finally:
        server.stop()
    ratios = []
    for i, r in enumerate(out["rounds"], 1):
        ratio = p99(r["flood"]) / p99(r["rest"])
        ratios.append(ratio)
        print(f"round {i}: /healthz p99 at rest {ms(p99(r['rest']))}, under the flood "
              f"{ms(p99(r['flood']))} ({ratio:.2f}x; max {ms(max(r['flood'], default=0))}); "
              f"live table acts p99 at rest {ms(p99(r['acts_rest']))} "
              f"({len(r['acts_rest'])} acts), under the flood {ms(p99(r['acts_flood']))} "
              f"({len(r['acts_flood'])} acts); logins answered "
              + ", ".join(f"{k}: {v}" for k, v in sorted(r["answers"].items(), key=str))
              + f"; server CPU {r['cpu'][0]:.1f} s at rest, {r['cpu'][1]:.1f} s under the "
              f"flood (the attackers' process {r['cpu'][2]:.1f} s)")
    rest = [x for r in out["rounds"] for x in r["rest"]]
    flood = [x for r in out["rounds"] for x in r["flood"]]
    acts_rest = [x for r in out["rounds"] for x in r["acts_rest"]]
    acts_flood = [x for r in out["rounds"] for x in r["acts_flood"]]
    print(f"/healthz over all rounds: at rest p50 {ms(statistics.median(rest))} p99 "
          f"{ms(p99(rest))}; under the flood p50 {ms(statistics.median(flood))} p99 "
          f"{ms(p99(flood))} max {ms(max(flood))}")
    print(f"live table act -> four views, over all rounds: at rest p50 "
          f"{ms(statistics.median(acts_rest))} p99 {ms(p99(acts_rest))}; under the flood "
          f"p50 {ms(statistics.median(acts_flood)) if acts_flood else '-'} p99 "
          f"{ms(p99(acts_flood))} ({out['acts']} acts in all)")
    answers = ", ".join(f"{k}: {v}" for k, v in sorted(out["answers"].items(), key=str))
    print(f"login answers to the attackers: {answers}; server CPU {cpu:.1f} s")
    status, took = out["director"]
    print(f"the Director's own login during the last flood: HTTP {status} in {took:.2f} s")
    ratio = statistics.median(ratios)
    if ratio > TARGET:
        print(f"MISSED: {ratio:.2f}x is over the target {TARGET:.1f}x")
    print(f"bench login-flood: {ratio:.2f}x at rest (target {TARGET:.1f}x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
