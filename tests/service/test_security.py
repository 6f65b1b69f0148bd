"""The service's defences (``service/security.py``): a login flood does not stall the
event loop, failed logins are slowed then refused (429 + Retry-After) per address and
per account while the real Director still gets in, sessions end on the server at
logout, every response carries the security headers, cookies are Secure on request,
and the Director's WebSocket refuses another site's page.

Runs on SQLite, and on PostgreSQL with BRIDGELAWS_TEST_DB=postgresql (conftest.py).
"""

from __future__ import annotations

import asyncio
import re
import threading
import time
from pathlib import Path

import httpx
import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from bridgelaws.service.app import create_app, ensure_director
from bridgelaws.service.db import Director, LoginSessionRow, select
from bridgelaws.service.security import (Busy, Limit, LoginThrottle, PasswordChecks,
                                         content_security_policy)

PASSWORD = "correct horse battery"
SERVICE = Path(__file__).resolve().parents[2] / "src" / "bridgelaws" / "service"
#: the headers every response carries
HEADERS = {"x-frame-options": "DENY", "x-content-type-options": "nosniff",
           "referrer-policy": "same-origin"}


def token(client, url="/login"):
    return re.search(r'name="csrf" value="([^"]+)"', client.get(url).text).group(1)


@pytest.fixture
def app(database_url):
    app = create_app(database_url, demo=False)
    ensure_director(app.state.store, "td", PASSWORD)
    yield app
    app.state.password_checks.close()
    app.state.store.dispose()


def cheap_hash(app, password=PASSWORD):
    """The director's hash made with tiny Argon2 costs, so that tests making many
    failed logins do not spend a quarter of a second on each (the checks read the
    costs from the hash)."""
    with app.state.store.transaction() as s:
        s.scalar(select(Director)).password_hash = PasswordHasher(
            time_cost=1, memory_cost=8, parallelism=1).hash(password)


def client_at(app, address: str, **kw) -> TestClient:
    return TestClient(app, client=(address, 40000), **kw)


def log_in(c, password=PASSWORD, username="td"):
    return c.post("/login", data={"csrf": token(c), "username": username,
                                  "password": password, "next": "/"}, follow_redirects=False)


class Clock:
    def __init__(self):
        self.t = 1000.0

    def __call__(self):
        return self.t


# --------------------------------------------------------------- the flood

def test_a_login_flood_does_not_stall_the_event_loop(app):
    """Wrong passwords sent at once from six addresses: ``/healthz``, asked all along on
    the same event loop, keeps answering.  (When each Argon2 check ran on the loop, the
    first ``/healthz`` waited for all of them: about 1.5 s here.)"""
    async def flood():
        transport = lambda host: httpx.ASGITransport(app=app, client=(host, 40000))
        attackers = [httpx.AsyncClient(transport=transport(f"10.0.0.{i}"),
                                       base_url="http://testserver") for i in range(1, 7)]
        probe = httpx.AsyncClient(transport=transport("10.9.9.9"), base_url="http://testserver")
        tokens = [re.search(r'name="csrf" value="([^"]+)"', (await c.get("/login")).text)
                  .group(1) for c in attackers]
        await probe.get("/healthz")

        async def wrong(c, tok):
            return (await c.post("/login", data={"csrf": tok, "username": "td",
                                                 "password": "guess"})).status_code

        async def watch(waits, logins):
            """/healthz every 10 ms; each wait is the time from asking to the answer
            (the pause before asking included: a blocked loop delays that too)."""
            while True:
                t0 = time.perf_counter()
                await asyncio.sleep(0.01)
                assert (await probe.get("/healthz")).status_code == 200
                waits.append(time.perf_counter() - t0 - 0.01)
                if logins and all(t.done() for t in logins):
                    return

        waits, logins = [], []
        watcher = asyncio.create_task(watch(waits, logins))
        await asyncio.sleep(0.05)
        logins += [asyncio.create_task(wrong(c, tok)) for c, tok in zip(attackers, tokens)]
        await watcher
        return await asyncio.gather(*logins), waits

    codes, waits = asyncio.run(flood())
    assert codes == [400] * 6
    assert max(waits) < 0.5, f"/healthz waited {max(waits):.2f} s during the flood"


def test_the_password_pool_is_bounded_and_answers_busy_at_once(app):
    """One worker, no room to wait: while it is busy, a login from an address that has
    failed before is answered 503 with Retry-After without waiting for the pool (the
    try is not counted as a failure), and once the worker is free the same login goes
    through."""
    cheap_hash(app)
    checks = app.state.password_checks = PasswordChecks(workers=1, waiting=0)
    c = client_at(app, "10.0.0.1")
    assert log_in(c, "typo").status_code == 400
    release = threading.Event()
    busy = threading.Thread(target=asyncio.run, args=(checks.run(release.wait, 10),))
    busy.start()
    try:
        for _ in range(100):
            if checks.pending:
                break
            time.sleep(0.01)
        t0 = time.perf_counter()
        r = log_in(c)
        # refusals pause (5 s), but never past their Retry-After
        assert 1 <= time.perf_counter() - t0 < 3
        assert r.status_code == 503 and r.headers["retry-after"] == "1"
        assert "busy" in r.text
    finally:
        release.set()
        busy.join()
    assert len(app.state.throttle._pair.keys[("td", "10.0.0.1")]) == 1   # the typo only
    assert log_in(c).status_code == 303
    checks.close()


def test_urgent_checks_go_first_and_each_kind_is_bounded():
    """A check for an address with no failure (urgent) overtakes the attackers' waiting
    checks, and has places of its own when theirs are full."""
    async def go():
        checks = PasswordChecks(workers=1, waiting=1)
        gate, order = threading.Event(), []

        def job(name):
            if name == "running":
                gate.wait(10)
            order.append(name)

        running = asyncio.ensure_future(checks.run(job, "running"))
        await asyncio.sleep(0.1)
        waiting = asyncio.ensure_future(checks.run(job, "attacker"))
        await asyncio.sleep(0.05)
        with pytest.raises(Busy):
            await checks.run(job, "one too many")
        director = asyncio.ensure_future(checks.run(job, "director", urgent=True))
        await asyncio.sleep(0.05)
        gate.set()
        await asyncio.gather(running, waiting, director)
        checks.close()
        with pytest.raises(Busy):
            await checks.run(job, "after close")
        return order

    assert asyncio.run(go()) == ["running", "director", "attacker"]


# --------------------------------------------------------------- the throttle

def test_throttle_one_account_from_one_address_slows_then_refuses():
    clock = Clock()
    t = LoginThrottle(clock=clock)
    delays = []
    for _ in range(10):
        v = t.check("director", "192.0.2.7")
        assert not v.refuse
        delays.append(v.delay)
        t.attempt("director", "192.0.2.7")
        clock.t += 1
    assert delays == [0, 0, 0, 1, 2, 4, 4, 4, 4, 4]
    v = t.check("Director ", "192.0.2.7")                 # the same account
    assert v.refuse and v.reason == "pair" and v.retry_after == 900 - 10
    clock.t += v.retry_after - 1
    assert t.check("director", "192.0.2.7").refuse
    clock.t += 1                                           # the first failure is 15 min old
    assert not t.check("director", "192.0.2.7").refuse
    assert not t.check("director", "198.51.100.1").refuse  # another address never was


def test_throttle_one_address_over_many_accounts_is_refused():
    t = LoginThrottle(clock=Clock())
    for i in range(30):
        assert not t.check(f"name{i}", "192.0.2.7").refuse
        t.attempt(f"name{i}", "192.0.2.7")
    v = t.check("someone-else", "192.0.2.7")
    assert v.refuse and v.reason == "address" and v.retry_after == 900
    assert t.check_address("192.0.2.7").refuse
    assert not t.check_address("192.0.2.8").refuse


def test_throttle_an_account_under_attack_still_lets_a_clean_address_in():
    """Twenty machines fail once each on the Director's name: they are refused (for at
    most 5 minutes); the Director, from an address that has not failed, only waits
    (at most 2 s); a success from an address clears that address's failures."""
    clock = Clock()
    t = LoginThrottle(clock=clock)
    for i in range(20):
        t.attempt("director", f"203.0.113.{i}")
    v = t.check("director", "203.0.113.3")
    assert v.refuse and v.reason == "account" and v.retry_after == 300
    v = t.check("director", "198.51.100.1")
    assert not v.refuse and 0 < v.delay <= 2
    assert v.clean                                         # his check goes first
    mark = t.attempt("director", "203.0.113.99")           # a typo ...
    t.succeeded(t.attempt("director", "203.0.113.99"))    # ... then the right password
    assert not t.check("director", "203.0.113.99").refuse
    t.withdraw(mark)
    clock.t += 300
    assert not t.check("director", "203.0.113.3").refuse


def test_throttle_counts_an_ipv6_client_by_its_network_and_forgets_old_keys():
    t = LoginThrottle(clock=Clock(), max_keys=50)
    for i in range(10):
        t.attempt("director", f"2001:db8:1:2::{i + 1:x}")
    assert t.check("director", "2001:db8:1:2:ffff::1").refuse
    assert not t.check("director", "2001:db8:1:3::1").refuse
    for i in range(200):
        t.attempt(f"n{i}", f"192.0.2.{i}")
    assert all(len(w.keys) <= 50 for w in (t._pair, t._address, t._account))


SMALL = dict(pair=Limit(900, 2, 3, 0.01, 0.02), address=Limit(900, 3, 5, 0.01, 0.02),
             account=Limit(300, 2, 4, 0.01, 0.02))


def test_failed_logins_get_429_with_retry_after_per_address_and_account(app):
    """Through HTTP, with the limits made small: three failures for ``td`` from one
    address, and the fourth try (even with the right password) is 429 with
    Retry-After; the Director from another address gets in; attackers on more
    addresses lock the account for addresses that failed, not for him; after
    Retry-After the first address gets in too.  Five names from one address lock
    that address for every name."""
    cheap_hash(app)
    clock = Clock()
    app.state.throttle = LoginThrottle(clock=clock, **SMALL)
    app.state.refusal_pause = 0.05
    a = client_at(app, "10.0.0.1")
    for _ in range(3):
        assert log_in(a, "guess").status_code == 400
    t0 = time.perf_counter()
    r = log_in(a)
    assert time.perf_counter() - t0 >= 0.05                # refusals are answered slowly
    assert r.status_code == 429
    wait = int(r.headers["retry-after"])
    assert 0 < wait <= 900
    assert "Too many failed logins" in r.text and "15 min" in r.text
    r = a.post("/login?lang=pl", data={"csrf": token(a), "username": "td", "password": "x"})
    assert r.status_code == 429 and "Zbyt wiele nieudanych" in r.text
    # the Director, elsewhere
    assert log_in(client_at(app, "10.0.0.2")).status_code == 303
    # another attacker: the account now has 4 failures; his own address failed: refused
    c = client_at(app, "10.0.0.3")
    assert log_in(c, "guess").status_code == 400
    r = log_in(c, "guess2")
    assert r.status_code == 429 and 0 < int(r.headers["retry-after"]) <= 300
    # the Director from a clean address still gets in
    assert log_in(client_at(app, "10.0.0.4")).status_code == 303
    # within the stated time the first address gets in with the right password
    clock.t += wait
    assert log_in(a).status_code == 303
    # one address trying many names
    s = client_at(app, "10.0.0.5")
    for i in range(5):
        assert log_in(s, "guess", username=f"user{i}").status_code == 400
    r = log_in(s, "guess", username="user9")
    assert r.status_code == 429 and int(r.headers["retry-after"]) == 900


def test_an_overlong_password_is_refused_without_hashing(app):
    c = client_at(app, "10.0.0.1")
    t0 = time.perf_counter()
    r = log_in(c, "x" * 100_000)
    assert r.status_code == 400 and time.perf_counter() - t0 < 0.2


# --------------------------------------------------------------- sessions

def test_logout_ends_the_session_on_the_server(app, database_url):
    c = TestClient(app)
    assert log_in(c).status_code == 303
    cookie = c.cookies["session"]
    assert c.get("/", follow_redirects=False).status_code == 200
    r = c.post("/logout", data={"csrf": token(c, "/")}, follow_redirects=False)
    assert r.status_code == 303
    with app.state.store.session() as s:
        assert s.scalar(select(LoginSessionRow.id)) is None
    # the old cookie, replayed, logs no one in: here, and in another process of the service
    other = create_app(database_url, demo=False)
    try:
        for a in (app, other):
            old = TestClient(a, cookies={"session": cookie})
            r = old.get("/", follow_redirects=False)
            assert r.status_code == 303 and r.headers["location"].startswith("/login")
            assert old.get("/api/events").status_code == 401
    finally:
        other.state.password_checks.close()
        other.state.store.dispose()


def test_a_session_started_in_one_process_ends_in_all(app, database_url):
    other = create_app(database_url, demo=False)
    try:
        c = TestClient(app)
        assert log_in(c).status_code == 303
        cookie = c.cookies["session"]
        o = TestClient(other, cookies={"session": cookie})
        assert o.get("/", follow_redirects=False).status_code == 200
        c.post("/logout", data={"csrf": token(c, "/")})
        o = TestClient(other, cookies={"session": cookie})
        assert o.get("/", follow_redirects=False).status_code == 303
    finally:
        other.state.password_checks.close()
        other.state.store.dispose()


def test_unpublished_results_are_not_shown_to_a_logged_out_cookie(app):
    c = TestClient(app)
    log_in(c)
    csrf = token(c, "/")
    r = c.post("/events/new", data={"csrf": csrf, "name": "Closed", "kind": "pairs",
                                    "movement": "mitchell", "tables": "3", "sections": "1",
                                    "boards_per_round": "2", "scoring": "mp",
                                    "source": "deal", "seed": "s"}, follow_redirects=False)
    eid = int(re.search(r"/events/(\d+)", r.headers["location"]).group(1))
    assert c.get(f"/results/{eid}").status_code == 200
    cookie = c.cookies["session"]
    c.post("/logout", data={"csrf": csrf})
    assert TestClient(app, cookies={"session": cookie}).get(f"/results/{eid}").status_code == 404


def test_a_changed_password_ends_the_directors_sessions(app):
    c = TestClient(app)
    log_in(c)
    ensure_director(app.state.store, "td", PASSWORD)            # the same: nothing ends
    assert c.get("/", follow_redirects=False).status_code == 200
    ensure_director(app.state.store, "td", "a new password")
    assert c.get("/", follow_redirects=False).status_code == 303
    assert log_in(c, "a new password").status_code == 303


def test_an_expired_session_is_refused_and_a_half_spent_one_renewed(app):
    import datetime as dt
    from bridgelaws.service.db import now
    c = TestClient(app)
    log_in(c)
    with app.state.store.transaction() as s:
        s.scalar(select(LoginSessionRow)).expires = now() + dt.timedelta(hours=1)
    assert c.get("/", follow_redirects=False).status_code == 200
    with app.state.store.session() as s:
        left = s.scalar(select(LoginSessionRow.expires))
        left = left if left.tzinfo else left.replace(tzinfo=dt.timezone.utc)
        assert left - now() > dt.timedelta(hours=11)
    with app.state.store.transaction() as s:
        s.scalar(select(LoginSessionRow)).expires = now() - dt.timedelta(seconds=1)
    assert c.get("/", follow_redirects=False).status_code == 303


# --------------------------------------------------------------- headers and cookies

def _has_headers(r, what):
    for k, v in HEADERS.items():
        assert r.headers.get(k) == v, (what, k, r.headers.get(k))
    csp = r.headers.get("content-security-policy", "")
    assert "frame-ancestors 'none'" in csp and "default-src 'self'" in csp, (what, csp)
    return csp


def test_every_response_has_the_security_headers(app):
    @app.get("/test-boom")
    def boom():
        raise RuntimeError("boom")

    c = TestClient(app, raise_server_exceptions=False)
    for url, status in [("/login", 200), ("/", 303), ("/healthz", 200),
                        ("/static/style.css", 200), ("/static/play.js", 200),
                        ("/no/such/page", 404), ("/api/events", 401), ("/robots.txt", 200),
                        ("/test-boom", 500), ("/play/not-a-token", 404)]:
        r = c.get(url, follow_redirects=False)
        assert r.status_code == status, url
        csp = _has_headers(r, url)
        assert "cdn.jsdelivr.net" not in csp and "unsafe-inline" not in csp, url
    r = c.post("/login", data={"username": "td", "password": "x"})
    assert r.status_code == 403
    _has_headers(r, "csrf refused")
    assert "strict-transport-security" not in r.headers
    # the API's documentation, and only it, may load Swagger UI from its CDN
    r = c.get("/api/docs")
    assert r.status_code == 200 and "swagger-ui" in r.text
    csp = _has_headers(r, "/api/docs")
    assert "https://cdn.jsdelivr.net" in csp and "'sha256-" in csp and "unsafe-inline" not in csp


def test_inline_scripts_carry_the_responses_nonce_and_no_inline_style_or_handler():
    """The pages' policy allows an inline script or style only with the response's
    nonce, and no ``style=`` or ``on...=`` attribute at all (nor ``style`` set by
    play.js as an attribute)."""
    bad = []
    for f in sorted((SERVICE / "templates").glob("*.html")):
        text = f.read_text()
        for m in re.finditer(r"<(script|style)\b([^>]*)>", text):
            if "src=" not in m.group(2) and 'nonce="{{ csp_nonce }}"' not in m.group(2):
                bad.append(f"{f.name}: <{m.group(1)}{m.group(2)}>")
        for m in re.finditer(r"<[a-z][^>]*\s(style|on[a-z]+)\s*=", text, re.S):
            bad.append(f"{f.name}: {m.group(1)}= attribute")
    js = (SERVICE / "static" / "play.js").read_text()
    bad += [f"play.js: {m.group(0)}" for m in
            re.finditer(r"\{[^}]*\bstyle\s*:|setAttribute\(\s*[\"']style|innerHTML|\beval\(", js)]
    assert bad == []


def test_pages_render_their_inline_scripts_with_the_nonce_of_the_header(app):
    c = TestClient(app)
    log_in(c)
    csrf = token(c, "/")
    r = c.post("/events/new", data={"csrf": csrf, "name": "N", "kind": "pairs",
                                    "movement": "mitchell", "tables": "3", "sections": "1",
                                    "boards_per_round": "2", "scoring": "mp",
                                    "source": "deal", "seed": "n"}, follow_redirects=False)
    eid = int(re.search(r"/events/(\d+)", r.headers["location"]).group(1))
    assert c.post(f"/events/{eid}/live", data={"csrf": csrf, "section": "A", "round": "1",
                                               "mode": "laws"},
                  follow_redirects=False).status_code == 303
    table = c.get(f"/api/events/{eid}/live").json()["tables"][0]
    seen = 0
    nonces = set()
    for url in ("/", f"/live/{table['id']}", f"/play/{table['seats']['N']}"):
        r = c.get(url)
        assert r.status_code == 200, url
        nonce = re.search(r"'nonce-([^']+)'", r.headers["content-security-policy"]).group(1)
        nonces.add(nonce)
        for attrs in re.findall(r"<(?:script|style)\b([^>]*)>", r.text):
            if "src=" not in attrs:
                assert f'nonce="{nonce}"' in attrs, (url, attrs)
                seen += 1
    assert seen >= 4 and len(nonces) == 3                  # a fresh nonce for each response
    assert content_security_policy("x") != content_security_policy("y")


def test_cookies_are_secure_with_the_setting(database_url):
    for secure in (False, True):
        app = create_app(database_url, demo=False, secure_cookies=secure)
        try:
            ensure_director(app.state.store, "td", PASSWORD)
            c = TestClient(app, base_url="https://testserver")
            r = log_in(c)
            assert r.status_code == 303
            cookie = r.headers["set-cookie"].lower()
            assert "httponly" in cookie and "samesite=lax" in cookie
            assert ("; secure" in cookie) is secure
            assert ("strict-transport-security" in r.headers) is secure
        finally:
            app.state.password_checks.close()
            app.state.store.dispose()


def test_serve_takes_the_settings_from_options_and_environment(monkeypatch, tmp_path):
    """``--secure-cookies`` / BRIDGELAWS_SECURE_COOKIES reach the app; X-Forwarded-For is
    read only from the proxies ``--trusted-proxies`` names (uvicorn trusted 127.0.0.1
    by default)."""
    import uvicorn
    from bridgelaws import cli
    runs = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: runs.append((app, kw)))
    monkeypatch.setenv("BRIDGELAWS_PASSWORD", PASSWORD)
    monkeypatch.delenv("BRIDGELAWS_SECURE_COOKIES", raising=False)
    monkeypatch.delenv("BRIDGELAWS_TRUSTED_PROXIES", raising=False)
    db = str(tmp_path / "s.db")
    assert cli.main(["serve", "--db", db, "--no-demo"]) == 0
    monkeypatch.setenv("BRIDGELAWS_SECURE_COOKIES", "1")
    assert cli.main(["serve", "--db", db, "--no-demo", "--trusted-proxies", "10.1.1.1, ::1"]) == 0
    (plain, kw0), (secure, kw1) = runs
    assert not plain.secure_cookies and secure.secure_cookies
    assert kw0["proxy_headers"] is False
    assert kw1["proxy_headers"] is True and kw1["forwarded_allow_ips"] == ["10.1.1.1", "::1"]
    for app, _ in runs:
        app.state.password_checks.close()
        app.state.store.dispose()


# --------------------------------------------------------------- WebSockets

def test_the_directors_websocket_refuses_another_sites_page(app):
    c = TestClient(app)
    log_in(c)
    csrf = token(c, "/")
    r = c.post("/events/new", data={"csrf": csrf, "name": "W", "kind": "pairs",
                                    "movement": "mitchell", "tables": "3", "sections": "1",
                                    "boards_per_round": "2", "scoring": "mp",
                                    "source": "deal", "seed": "w"}, follow_redirects=False)
    eid = int(re.search(r"/events/(\d+)", r.headers["location"]).group(1))
    c.post(f"/events/{eid}/live", data={"csrf": csrf, "section": "A", "round": "1",
                                        "mode": "laws"})
    tid = c.get(f"/api/events/{eid}/live").json()["tables"][0]["id"]
    with c:                                   # the hub runs (lifespan)
        for origin in ("http://evil.example", "http://testserver.evil.example", "null"):
            with pytest.raises(WebSocketDisconnect) as e:
                with c.websocket_connect(f"/ws/live/{tid}", headers={"origin": origin}):
                    pass
            assert e.value.code == 4403, origin
        with c.websocket_connect(f"/ws/live/{tid}",
                                 headers={"origin": "http://testserver"}) as ws:
            assert ws.receive_json()["type"] == "view"
        cookie = c.cookies["session"]
        c.post("/logout", data={"csrf": token(c, "/")})
        old = TestClient(app, cookies={"session": cookie})
        with pytest.raises(WebSocketDisconnect) as e:
            with old.websocket_connect(f"/ws/live/{tid}",
                                       headers={"origin": "http://testserver"}):
                pass
        assert e.value.code == 4401
