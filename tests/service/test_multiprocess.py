"""Several service processes behind nginx over one PostgreSQL database, as a club runs
them (``scripts/serve-multi.sh``, ``deploy/nginx*.conf.template``), driven in Chromium.

The script itself starts two ``bridgelaws serve`` processes (real subprocesses, each on
its own loopback port) and Debian's nginx (with the configuration the script makes from
the templates, in a run folder of its own: pid file, error and access logs, temp paths,
``daemon off``) on a free port, over a throwaway PostgreSQL server: the suite's own in
its PostgreSQL run, one of this module's in its SQLite run.  Everything the browsers do
goes through nginx.  Each process names itself in the header ``X-Bridgelaws-Process``;
the configuration's ``bridgelaws_route`` cookie pins a browser to one process, so that
the test knows where everyone is: the Director and North-South on one process, East-West
on the other.

* Three processes making the app over one empty database at the same moment take turns
  (the start-up locks of ``db.py`` and ``migrate.py``): one schema, one session key, one
  first director, one demo event, and none fails (without the locks, they do).  The
  script's two processes share the database likewise; the Director's login, made through
  nginx, is valid on either process.
* A live table: the four players bid and play through their pages, each act made on one
  process reaching every seat live (LISTEN/NOTIFY, WebSockets through nginx); East calls
  the Director, who is on the other process, sees the call on his console and releases
  the table; the process of East and West is killed (SIGKILL) mid-board and their pages
  reconnect through nginx to the other process and play on; declarer claims the rest
  through his link's API, the defenders accept through theirs, and the board's result
  is on every page and reaches the event's results and standings.  nginx's access log shows where each seat's
  WebSocket went: East's and West's first to the killed process, then to the other.

Screenshots (test-output/screenshots/, postgresql/ under it in the PostgreSQL run):
multiproc-seat-phone-en.png (North at 390x844, mid-play), multiproc-seat-he.png (South,
laptop, Hebrew), multiproc-reconnected-en.png (East after the kill, laptop),
multiproc-console-call-en.png and multiproc-director-phone-en.png (the Director's console
and the table's page, laptop and phone).

Needs PostgreSQL's server binaries, Debian's nginx and Chromium (scripts/test.sh installs
the three); skipped only when one of them is missing.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from .live_server import server_command
from .pages import (CHROMIUM, CspWatch, ROOT, have_chromium, login, new_context, new_event, shoot,
                    submit)
from .pgserver import PostgresNotFound, start_postgres

CSP = CspWatch()
sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

NGINX = os.environ.get("BRIDGELAWS_NGINX") or shutil.which("nginx") or "/usr/sbin/nginx"
PASSWORD = "multi-process-Pa55"
SEATS = "NESW"
WORKERS = 2
HOST = "127.0.0.1"

pytestmark = [
    pytest.mark.skipif(not have_chromium(),
                       reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)"),
    pytest.mark.skipif(not os.access(NGINX, os.X_OK),
                       reason=f"no nginx at {NGINX} (apt-get install nginx)"),
]


def _free_ports(n: int) -> int:
    """The first of ``n`` consecutive loopback ports free now."""
    for _ in range(200):
        first = random.randrange(20_000, 60_000 - n)
        socks = []
        try:
            for p in range(first, first + n):
                s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                socks.append(s)
                s.bind((HOST, p))
            return first
        except OSError:
            continue
        finally:
            for s in socks:
                s.close()
    raise RuntimeError(f"no {n} consecutive free ports")


def _get(url: str, cookie: str | None = None, timeout: float = 5):
    req = urllib.request.Request(url, headers={"Cookie": cookie} if cookie else {})
    with urllib.request.urlopen(req, timeout=timeout) as r:
        return r.status, dict(r.headers), r.read()


class Cluster:
    """``scripts/serve-multi.sh`` running: its processes, nginx, their logs."""

    def __init__(self, database_url: str, run: Path):
        self.run = run
        self.port = _free_ports(1 + WORKERS)
        self.ports = [self.port + 1 + i for i in range(WORKERS)]
        self.url = f"http://{HOST}:{self.port}"
        env = dict(os.environ, BRIDGELAWS_DB=database_url, BRIDGELAWS_PASSWORD=PASSWORD,
                   BRIDGELAWS_CMD=" ".join(server_command()), BRIDGELAWS_NGINX=NGINX,
                   PYTHONUNBUFFERED="1")
        self.out_path = run.parent / "serve-multi.out"
        self._out = open(self.out_path, "wb")
        # a session of its own: teardown ends the script and everything it started
        self.process = subprocess.Popen(
            ["bash", str(ROOT / "scripts" / "serve-multi.sh"), "--workers", str(WORKERS),
             "--port", f"{HOST}:{self.port}", "--first-port", str(self.ports[0]),
             "--run-dir", str(run)],
            stdout=self._out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env,
            start_new_session=True)

    def logs(self) -> str:
        """The script's output, each process's log and nginx's error log (their ends)."""
        parts = []
        for path in [self.out_path, *sorted(self.run.glob("*.log"))]:
            try:
                text = path.read_text(errors="replace")[-3000:]
            except OSError:
                continue
            parts.append(f"--- {path.name} ---\n{text}")
        return "\n".join(parts)

    def wait_ready(self, timeout: float = 120) -> None:
        deadline = time.monotonic() + timeout
        last = "no answer"
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"serve-multi.sh exited with {self.process.returncode}:\n"
                                   f"{self.logs()}")
            try:
                status, _, _ = _get(self.url + "/healthz", timeout=2)
                if status == 200:
                    return
                last = f"HTTP {status}"
            except (urllib.error.URLError, OSError) as e:
                last = str(e)
            time.sleep(0.2)
        raise RuntimeError(f"nginx did not answer /healthz within {timeout:g} s ({last}):\n"
                           f"{self.logs()}")

    def process_of(self, port: int) -> str:
        """The id a process (asked directly, not through nginx) gives in its header."""
        _, headers, _ = _get(f"http://{HOST}:{port}/healthz")
        return headers["x-bridgelaws-process"]

    def pid_of(self, port: int) -> int:
        return int((self.run / f"worker-{port}.pid").read_text().strip())

    def stop(self) -> None:
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGTERM)
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                pass
            except ProcessLookupError:
                pass
        try:                                 # whatever is left of the session
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        if self.process.poll() is None:
            self.process.wait(timeout=10)
        self._out.close()


# ---------------------------------------------------------------- fixtures

@pytest.fixture(scope="module")
def postgres(db_backend, request):
    """A PostgreSQL server in both runs of the suite: the suite's own in its PostgreSQL
    run, one of this module's in its SQLite run."""
    if db_backend == "postgresql":
        yield request.getfixturevalue("pg_server")
        return
    try:
        server = start_postgres()
    except PostgresNotFound as e:
        pytest.skip(str(e))
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def postgres_url(postgres):
    return postgres.new_database("multiprocess")


@pytest.fixture(scope="module")
def cluster(postgres_url, tmp_path_factory):
    started = time.monotonic()
    c = Cluster(postgres_url, tmp_path_factory.mktemp("multi") / "run")
    try:
        c.wait_ready()
        print(f"serve-multi.sh ready in {time.monotonic() - started:.1f} s")
        yield c
    finally:
        c.stop()


@pytest.fixture(scope="module")
def routes(cluster):
    """process id -> a value of the ``bridgelaws_route`` cookie that nginx sends to it;
    and the processes' ports by id."""
    by_port = {cluster.process_of(p): p for p in cluster.ports}
    assert len(by_port) == WORKERS, f"the processes do not have ids of their own: {by_port}"
    found: dict[str, str] = {}
    for i in range(200):
        value = f"r{i}"
        _, headers, _ = _get(cluster.url + "/healthz", cookie=f"bridgelaws_route={value}")
        found.setdefault(headers["x-bridgelaws-process"], value)
        if len(found) == WORKERS:
            break
    assert set(found) == set(by_port), f"nginx sends to {sorted(found)}, not {sorted(by_port)}"
    return found, by_port


def _context(browser, base: str, route: str, width: int, height: int):
    ctx = new_context(browser, (width, height), csp=CSP)
    ctx.add_cookies([{"name": "bridgelaws_route", "value": route, "url": base}])
    return ctx


# ---------------------------------------------------------------- start-up

#: a service process starting: the app made over the database, then the first director
#: (as ``bridgelaws serve`` does), once the test says "go" on its standard input
STARTING = """
import sys
from bridgelaws.service.app import create_app, ensure_director
print("ready", flush=True)
sys.stdin.readline()
app = create_app(sys.argv[1])
ensure_director(app.state.store, "director", "starting-Pa55")
print("started", flush=True)
"""


def test_processes_starting_at_the_same_moment_take_turns(postgres):
    """Three processes make the app over one empty database at the same moment: none
    fails, and there is one schema, one session key, one director and one demo event
    (the advisory locks of ``migrate.upgrade`` and ``Store.startup_lock``)."""
    import psycopg
    url = postgres.new_database("starting_together")
    procs = [subprocess.Popen([sys.executable, "-c", STARTING, url], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
             for _ in range(3)]
    try:
        for p in procs:                      # every one has imported the service
            line = p.stdout.readline()
            assert line.strip() == "ready", line + p.stdout.read()
        for p in procs:                      # then all start at once
            p.stdin.write("go\n")
            p.stdin.flush()
        outs = [p.communicate(timeout=120)[0] for p in procs]
    finally:
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait()
    failed = [o for p, o in zip(procs, outs) if p.returncode != 0 or "started" not in o]
    assert not failed, "a process failed to start:\n" + "\n---\n".join(o[-2000:] for o in failed)
    with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://")) as conn:
        counts = {table: conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
                  for table in ("alembic_version", "director", "event", "setting")}
    assert counts == {"alembic_version": 1, "director": 1, "event": 1, "setting": 1}, counts


def test_the_script_starts_processes_that_share_the_database(cluster, postgres_url, routes):
    """serve-multi.sh's two processes, started together over an empty database: one
    schema, one session key, one first director, one demo event; a login made through
    nginx is valid on both."""
    import psycopg
    url = postgres_url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(url) as conn:
        counts = {table: conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
                  for table in ("alembic_version", "director", "event")}
        keys = conn.execute("SELECT count(*) FROM setting WHERE key = 'session_key'")\
            .fetchone()[0]
    assert counts == {"alembic_version": 1, "director": 1, "event": 1}, \
        f"{counts}\n{cluster.logs()}"
    assert keys == 1

    # a login through nginx, then its cookie sent to each process directly
    found, by_port = routes
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
    form_page = opener.open(cluster.url + "/login").read().decode()
    csrf = re.search(r'name="csrf" value="([^"]+)"', form_page).group(1)
    data = urllib.parse.urlencode({"csrf": csrf, "username": "director", "password": PASSWORD,
                                   "next": "/"}).encode()
    done = opener.open(cluster.url + "/login", data=data)
    assert done.status == 200 and done.url == cluster.url + "/", done.url
    session = next(c for c in opener.handlers if isinstance(c, urllib.request.HTTPCookieProcessor))\
        .cookiejar
    cookie = "; ".join(f"{c.name}={c.value}" for c in session)
    for origin, port in by_port.items():
        status, headers, body = _get(f"http://{HOST}:{port}/api/live/calls", cookie=cookie)
        assert status == 200 and headers["x-bridgelaws-process"] == origin
        assert b'"calls"' in body


# ---------------------------------------------------------------- the table

class Table:
    """The four players' pages, and how to wait until every one shows a view."""

    def __init__(self, pages: dict):
        self.pages = pages
        for page in pages.values():
            page.on("dialog", lambda d: d.accept())

    @property
    def seq(self) -> int:
        return max(int(p.evaluate("() => Number(document.body.dataset.seq ?? -1)"))
                   for p in self.pages.values())

    def wait(self, seq: int, why: str, logs) -> None:
        for seat, page in self.pages.items():
            try:
                page.wait_for_function(
                    "s => Number(document.body.dataset.seq) >= s"
                    " || !document.getElementById('error').hidden", arg=seq)
            except sync_api.TimeoutError:
                pytest.fail(f"{why}: {seat}'s page never showed entry {seq}\n{logs()}")
            err = page.locator("#error")
            if err.is_visible():
                pytest.fail(f"{why}: {seat}'s page shows an error: {err.inner_text()}\n{logs()}")

    def act(self, why: str, do, logs) -> None:
        before = self.seq
        do()
        self.wait(before + 1, why, logs)

    def actor(self) -> str:
        mine = [s for s, p in self.pages.items() if p.locator("#your-turn").count()]
        assert len(mine) == 1, f"'your turn' shown to {mine}"
        return mine[0]

    def play_one(self, logs) -> str:
        """The player to act plays the first card his page offers; returns the seat."""
        seat = self.actor()
        page = self.pages[seat]
        card = page.locator("button.card.legal").first.get_attribute("data-card")
        self.act(f"{seat} plays {card}",
                 lambda: page.locator(f"button.card.legal[data-card='{card}']").click(), logs)
        return seat


def test_a_table_across_processes_behind_nginx(cluster, browser, routes, shots):
    base = cluster.url
    found, by_port = routes
    a, b = sorted(found)                      # the two processes: a and b
    logs = cluster.logs

    # the Director, on process a, makes an event and opens round 1 live (Laws mode)
    td_ctx = _context(browser, base, found[a], 1366, 900)
    td = td_ctx.new_page()
    login(td, base, "director", PASSWORD, lang="en")
    assert td.url == base + "/", td.url
    event_id = new_event(td, base, "Multi-process pairs", tables=3, boards_per_round=1,
                         seed="multiprocess")
    opener = td.locator(f"form.live-open[action='/events/{event_id}/live'][data-round='1']")
    opener.locator("select[name=mode]").select_option("laws")
    submit(td, opener)
    answer = td.request.get(f"{base}/api/events/{event_id}/live")
    assert answer.headers["x-bridgelaws-process"] == a
    t1 = next(t for t in answer.json()["tables"] if t["round"] == 1 and t["table"] == 1)
    table_id, tokens = t1["id"], t1["seats"]

    # the four players: North and South on process a, East and West on b; North on a
    # phone, the others on laptops
    where = {"N": a, "S": a, "E": b, "W": b}
    pages = {}
    for seat in SEATS:
        size = (390, 844) if seat == "N" else (1100, 900)
        page = _context(browser, base, found[where[seat]], *size).new_page()
        resp = page.goto(f"{base}/play/{tokens[seat]}?lang=en")
        assert resp is not None and resp.status == 200, seat
        assert resp.headers["x-bridgelaws-process"] == where[seat], (seat, resp.headers)
        pages[seat] = page
    table = Table(pages)
    table.wait(0, "the first view", logs)
    for seat, page in pages.items():
        expect(page.locator(f"[data-hand='{seat}'] .card")).to_have_count(13)
    connected = pages["E"].locator("#conn").inner_text()
    assert connected.strip(), "the page does not say it is connected"

    # the auction: the dealer opens 1NT, then three passes; each call, made on one
    # process, shows on all four pages
    dealer = table.actor()
    for call in ("1N", "P", "P", "P"):
        seat = table.actor()
        table.act(f"{seat} calls {call}", lambda: pages[seat].locator(
            f"#box button.call[data-call='{call}']").click(), logs)
    for page in pages.values():
        expect(page.locator("#auction td[data-call='1N']")).to_have_count(1)
        expect(page.locator("#box")).to_be_hidden()
    declarer = dealer
    dummy = SEATS[(SEATS.index(declarer) + 2) % 4]

    # the opening lead and two more cards: dummy is faced on every page
    for _ in range(3):
        table.play_one(logs)
    for seat, page in pages.items():
        assert page.locator("#centre .card.played").count() == 3, seat
        if seat != dummy:
            expect(page.locator(f"[data-hand='{dummy}'] .card").first).to_be_visible()
    shoot(pages["N"], shots, "multiproc-seat-phone-en")
    assert pages["N"].evaluate("() => document.documentElement.scrollWidth") <= 390

    # South, in Hebrew (right to left), on process a
    he = _context(browser, base, found[a], 1100, 900).new_page()
    he.goto(f"{base}/play/{tokens['S']}?lang=he")
    assert he.locator("html").get_attribute("dir") == "rtl"
    he.wait_for_function("s => Number(document.body.dataset.seq) >= s", arg=table.seq)
    shoot(he, shots, "multiproc-seat-he")
    he.context.close()

    # East (process b) calls the Director: a hesitation, with a note
    note = "North thought for a long time before passing"
    east = pages["E"]
    east.locator("#call-director").click()
    east.locator("#call-reason").select_option("hesitation")
    east.locator("#call-note").fill(note)
    table.act("East calls the Director", lambda: east.locator("#call-send").click(), logs)
    for page in pages.values():
        expect(page.locator("#banner")).to_be_visible()
    # the Director, on process a, sees the call on his console and rules
    td.goto(base + "/?lang=en")
    call = td.locator(f"#calls a.call-link[href='/live/{table_id}']")
    expect(call).to_be_visible()
    shoot(td, shots, "multiproc-console-call-en")
    with td.expect_navigation() as nav:
        call.click()
    assert nav.value.headers["x-bridgelaws-process"] == a
    expect(td.locator("#call-reasons")).to_contain_text(note)
    phone = td_ctx.new_page()
    phone.set_viewport_size({"width": 390, "height": 844})
    phone.goto(f"{base}/live/{table_id}?lang=en")
    expect(phone.locator("#call-reasons")).to_contain_text(note)
    shoot(phone, shots, "multiproc-director-phone-en")
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 390
    phone.close()
    release = td.locator("form#release")
    release.locator("textarea[name=notes]").fill("No unauthorised information used.")
    table.act("the Director releases the table", lambda: submit(td, release), logs)
    for page in pages.values():
        expect(page.locator("#banner")).to_be_hidden()
    td.goto(base + "/?lang=en")                # (the table's page reloads at every act)

    # process b dies mid-board: East's and West's pages reconnect through nginx (to
    # process a) and play on
    for seat in "EW":                        # each page counts the times it lost touch
        pages[seat].evaluate("""t => { window.drops = 0;
            const c = document.getElementById('conn');
            new MutationObserver(() => { if (c.textContent !== t) window.drops++; })
                .observe(c, {childList: true, characterData: true, subtree: true}); }""",
                             connected)
    pid = cluster.pid_of(by_port[b])
    os.kill(pid, signal.SIGKILL)
    for seat in "EW":
        try:
            pages[seat].wait_for_function(
                "t => window.drops > 0 && document.getElementById('conn').textContent === t",
                arg=connected)
        except sync_api.TimeoutError:
            pytest.fail(f"{seat}'s page did not reconnect after the kill\n{logs()}")
    # a trick's worth of cards through the pages (every page shows every card), then
    # declarer claims the remaining tricks through his link's API and the defenders
    # accept through theirs, each on his own process
    for _ in range(5):
        table.play_one(logs)
    for seat, page in pages.items():
        expect(page.locator("#conn")).to_have_text(connected)
    shoot(pages["E"], shots, "multiproc-reconnected-en")
    view = pages[declarer].request.get(f"{base}/api/play/{tokens[declarer]}").json()
    r = pages[declarer].request.post(f"{base}/api/play/{tokens[declarer]}", data={
        "action": "claim", "tricks": 11, "seq": view["seq"], "aid": "test-claim"})
    assert r.ok, f"{r.text()}\n{logs()}"
    for _ in range(4):
        views = {s: pages[s].request.get(f"{base}/api/play/{tokens[s]}").json() for s in SEATS}
        answering = [s for s, v in views.items() if v["may_answer"]]
        if not answering:
            break
        seat = answering[0]
        r = pages[seat].request.post(f"{base}/api/play/{tokens[seat]}", data={
            "action": "respond", "answer": "accept", "seq": views[seat]["seq"],
            "aid": f"test-accept-{seat}"})
        assert r.ok, f"{seat} accepts: {r.text()}\n{logs()}"
    texts = set()
    for page in pages.values():
        expect(page.locator("#result-text")).to_be_visible()
        texts.add(page.locator("#result-text").inner_text())
    assert len(texts) == 1, texts

    # the result, in the event's results and standings (asked through nginx)
    results = td.request.get(f"{base}/api/events/{event_id}/results").json()
    line = [r for r in results if (r["round"], r["table"], r["board"]) == (1, 1, 1)]
    assert len(line) == 1, f"{results}\n{logs()}"
    assert (line[0]["contract"], line[0]["declarer"]) == ("1N", declarer), line
    standings = td.request.get(f"{base}/api/events/{event_id}/standings").json()
    by_pair = {r["pair"]: r for r in standings["sections"]["A"]["standings"]}
    assert by_pair[line[0]["ns"]]["boards"] == 1, by_pair
    assert by_pair[line[0]["ew"]]["boards"] == 1, by_pair

    # nginx's access log: where each seat's WebSocket went (a line is written when the
    # connection closes)
    for page in pages.values():
        page.context.close()
    access = cluster.run / "bridgelaws-access.log"
    # (South's twice: his page in Hebrew too)
    want = {"N": [a], "S": [a, a], "E": [b, a], "W": [b, a]}
    deadline = time.monotonic() + 10
    while True:
        text = access.read_text(errors="replace")
        went = {s: re.findall(rf'"GET /ws/play/{re.escape(tokens[s])}\?[^"]*" 101 .*'
                              r"process=([0-9a-f]+)", text) for s in SEATS}
        if went == want or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert went == want, f"the seats' WebSockets went to {went}, not {want}\n{text[-3000:]}"
    td_ctx.close()
