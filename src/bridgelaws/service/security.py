"""The service's defences: password checks off the event loop, the login throttle,
sessions that end on the server, security headers and same-origin WebSockets.

Password checks
---------------
An Argon2id check costs about a quarter of a second of CPU (argon2-cffi's defaults:
64 MiB, three passes).  Run on the event loop, each one froze every page and every
live table for that long.  :class:`PasswordChecks` runs them in threads of its own
(argon2 releases the GIL), one per two cores so that the event loop always keeps a
core, at a lower scheduling priority (nice 10, on Linux) so that the loop's thread
wins whenever both want the CPU, and with a bound on the checks waiting: past it a
login is answered 503 with ``Retry-After`` (after a 1 s pause, below) instead of
queueing without end.  A try from an address with no failure on record is checked first (a queue by
priority: the standard library's executor has none), so attackers filling the queue
do not make the Director wait behind their guesses.  A login for a
name no director has is checked against a hash made once, so it costs the same and
the answer's time does not tell which names exist.  Passwords and names longer than
:data:`MAX_PASSWORD` / :data:`MAX_USERNAME` characters are refused without hashing.
The first director's password is hashed at start, before the server listens.

The login throttle
------------------
:class:`LoginThrottle` counts failed logins in sliding windows under three keys, in
memory, per process (several processes each count their own; restarting forgets):

* the **account and client address** together carry the heavy limit: after 3
  failures in 15 minutes each further try waits (1 s, 2 s, then 4 s), and at 10 the
  address is refused for that account (HTTP 429 with ``Retry-After``: until the
  oldest of those failures is 15 minutes old);
* the **client address**, whatever the account: waits after 10 failures in 15
  minutes, refused at 30 (a password sprayed over many names);
* the **account**, whatever the address: waits after 5 failures in 5 minutes (at
  most 2 s), and at 20 it is refused, but only to addresses that have failed on it
  themselves within their own 15 minutes.  So once attackers hammering the
  Director's name have made 20 failures, each of their machines is refused after
  its first try for as long as the attack lasts, while the Director, from an
  address that has not failed, still logs in (waiting at most 2 s); from an address
  with a typo of his he waits at most 5 minutes (15 if he mistyped ten times).

A try counts as a failure from the moment it starts (so a hundred tries sent at
once cannot all pass the check), and a success takes it back and clears that
account's failures from that address.  A refusal costs no hash; it is answered after
a pause of :data:`REFUSAL_PAUSE` seconds, or ``Retry-After`` if shorter (a busy
pool's 503 after 1 s), at most :data:`MAX_PAUSED` held at once, so that a client that
ignores ``Retry-After`` cannot turn refusals into a flood of their own (twenty such
clients send four tries a second).  Waits are ``asyncio.sleep``: nothing else waits
with them.

The client address is the socket's peer.  Behind a reverse proxy, ``bridgelaws
serve --trusted-proxies ADDR`` (``BRIDGELAWS_TRUSTED_PROXIES``) lets uvicorn take
``X-Forwarded-For`` from those proxies only; otherwise that header is ignored.  An
IPv6 client is counted by its /64 network (what one subscriber is usually given).

Sessions
--------
The session cookie is signed (Starlette's ``SessionMiddleware``) and carries a random
session id; the database keeps its SHA-256 (``login_session``), so a stolen database
holds no usable cookie.  Every request checks the row, so logging out, which deletes
it, ends the session in every process sharing the database; a changed password
deletes all the director's sessions.  A session lasts :data:`SESSION_HOURS` hours
and is renewed when half of that is left.  ``--secure-cookies``
(``BRIDGELAWS_SECURE_COOKIES=1``) marks the cookie ``Secure`` and sends
``Strict-Transport-Security``, for a service reached over HTTPS.

Headers
-------
:class:`SecurityHeaders` wraps the whole application (outside the error handler, so
error pages have them too) and adds to every response a Content-Security-Policy
(scripts and styles from the service itself or carrying the response's nonce; no
plugin, no framing, forms posted to the service only), ``X-Frame-Options: DENY``,
``X-Content-Type-Options: nosniff`` and ``Referrer-Policy: same-origin`` (a
player's private link never leaves in a ``Referer``).  ``/api/docs`` loads Swagger
UI from its CDN: that page alone allows ``cdn.jsdelivr.net`` and its one inline
script by hash (:func:`docs_page`).

WebSockets
----------
The Director's socket (``/ws/live/{table}``) is opened by his session cookie, which
a browser would also send from another site's page: :func:`same_origin` refuses a
handshake whose ``Origin`` is not the service's own host (close code 4403).  The
players' sockets need no such check: their key is the seat's token in the URL,
which another site's page cannot know, and the cookie plays no part.

>>> t = LoginThrottle(clock=lambda: 0.0)
>>> for _ in range(10):
...     _ = t.attempt("director", "192.0.2.7")
>>> v = t.check("director", "192.0.2.7")
>>> v.refuse, v.retry_after
(True, 900)
>>> t.check("director", "198.51.100.1").refuse      # another address may still try
False
"""

from __future__ import annotations

import asyncio
import base64
import datetime as dt
import hashlib
import ipaddress
import itertools
import math
import os
import queue
import re
import secrets
import sys
import threading
import time
from collections import OrderedDict, deque
from concurrent.futures import Future
from dataclasses import dataclass
from urllib.parse import urlsplit

from sqlalchemy import delete

from .db import Director, LoginSessionRow, now, select

__all__ = ["PasswordChecks", "Busy", "LoginThrottle", "Limit", "Verdict", "client_address",
           "start_session", "end_session", "end_sessions_of", "session_director",
           "SecurityHeaders", "content_security_policy", "same_origin", "docs_page",
           "REFUSAL_PAUSE", "MAX_PASSWORD", "MAX_USERNAME", "SESSION_HOURS"]

#: the longest password and user name that are checked at all
MAX_PASSWORD = 1024
MAX_USERNAME = 64
#: a refused login is answered after this pause (seconds), or its Retry-After if shorter ...
REFUSAL_PAUSE = 5.0
#: ... unless this many refusals are already pausing (then at once)
MAX_PAUSED = 256
#: how long a login lasts (renewed when half of it is left)
SESSION_HOURS = 12


# --- password checks ------------------------------------------------------------------------

class Busy(Exception):
    """Too many password checks are waiting: try again in ``retry_after`` seconds."""

    def __init__(self, retry_after: int = 1):
        super().__init__(retry_after)
        self.retry_after = retry_after


#: the scheduling priority (nice) of the threads that hash passwords
HASH_NICE = 10


def _lower_priority() -> None:
    """A hashing thread yields the CPU to the event loop's thread (and to the rest of
    the machine) whenever both want it: on Linux a thread has a nice value of its own,
    set through its thread id.  (Elsewhere that id may name another process: left.)"""
    if sys.platform.startswith("linux"):
        try:
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), HASH_NICE)
        except OSError:
            pass


class PasswordChecks:
    """Argon2 checks in a bounded pool of threads of their own, urgent ones first.

    ``workers`` threads (one per two cores by default, started at the first check)
    check passwords.  At most ``waiting`` more checks wait for them, and one more
    raises :class:`Busy` at once; *urgent* checks (the login throttle gives that to a
    try from an address with no failure on record) have their own ``waiting`` places
    and go before the others, so attackers filling the queue do not hold up the
    Director, who waits for at most the checks already running.

    >>> import asyncio
    >>> from bridgelaws.service.web import hash_password
    >>> checks = PasswordChecks(workers=1)
    >>> h = hash_password("secret")
    >>> asyncio.run(checks.verify(h, "secret")), asyncio.run(checks.verify(h, "guess"))
    (True, False)
    >>> asyncio.run(checks.verify(None, "secret"))       # no such director: hashed anyway
    False
    >>> checks.close()
    """

    def __init__(self, workers: int | None = None, waiting: int = 8):
        self.workers = workers or max(1, (os.cpu_count() or 2) // 2)
        self.waiting = waiting
        self._queue: queue.PriorityQueue = queue.PriorityQueue()
        self._order = itertools.count()
        self._lock = threading.Lock()
        self._pending = {True: 0, False: 0}
        self._threads: list[threading.Thread] = []
        self._closed = False
        self._decoy: str | None = None

    @property
    def pending(self) -> int:
        """Checks running or waiting now."""
        return sum(self._pending.values())

    async def run(self, fn, *args, urgent: bool = False):
        """``fn(*args)`` in the pool; :class:`Busy` when the pool is full.  The count is
        released when the work ends in its thread, not when the caller stops waiting
        (a client that hangs up does not free a worker that is still hashing)."""
        with self._lock:
            if self._closed or self._pending[urgent] >= self.workers + self.waiting:
                raise Busy()
            self._pending[urgent] += 1
            if not self._threads:
                self._start()
        future: Future = Future()
        future.add_done_callback(lambda _f: self._release(urgent))
        self._queue.put((0 if urgent else 1, next(self._order), future, fn, args))
        return await asyncio.wrap_future(future)

    def _start(self) -> None:
        for i in range(self.workers):
            t = threading.Thread(target=self._work, name=f"bridgelaws-argon2-{i}", daemon=True)
            t.start()
            self._threads.append(t)

    def _work(self) -> None:
        _lower_priority()
        while True:
            _rank, _n, future, fn, args = self._queue.get()
            if future is None:                    # close()
                return
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(fn(*args))
            except BaseException as e:            # given to the caller
                future.set_exception(e)

    def _release(self, urgent: bool) -> None:
        with self._lock:
            self._pending[urgent] -= 1

    async def verify(self, hashed: str | None, password: str, urgent: bool = False) -> bool:
        """Whether ``password`` matches ``hashed``; ``None`` (no such director) is
        checked against a decoy hash and is never a match."""
        from .web import verify_password
        if len(password) > MAX_PASSWORD:
            return False
        if hashed is None:
            await self.run(self._check_decoy, password, urgent=urgent)
            return False
        return await self.run(verify_password, hashed, password, urgent=urgent)

    def _check_decoy(self, password: str) -> None:
        from .web import hash_password, verify_password
        if self._decoy is None:
            self._decoy = hash_password(secrets.token_urlsafe(16))
        verify_password(self._decoy, password)

    def close(self) -> None:
        """Stop the workers after the checks running; the waiting ones are cancelled."""
        with self._lock:
            self._closed = True
            threads, self._threads = self._threads, []
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                break
            if item[2] is not None:
                item[2].cancel()
        for _ in threads:
            self._queue.put((-1, next(self._order), None, None, None))


# --- the login throttle -----------------------------------------------------------------------

@dataclass(frozen=True)
class Limit:
    """Failures counted over ``window`` seconds: from ``slow_after`` of them each try
    waits (``first_delay``, doubling up to ``max_delay``); at ``refuse_at`` tries are
    refused."""
    window: float
    slow_after: int
    refuse_at: int
    first_delay: float
    max_delay: float

    def delay(self, failures: int) -> float:
        """
        >>> [LoginThrottle.PAIR.delay(n) for n in range(2, 8)]
        [0.0, 1.0, 2.0, 4.0, 4.0, 4.0]
        """
        if failures < self.slow_after:
            return 0.0
        return min(self.max_delay, self.first_delay * 2 ** (failures - self.slow_after))


@dataclass(frozen=True)
class Verdict:
    """What to do with a login try: refuse it (for ``retry_after`` whole seconds), or
    let it through after ``delay`` seconds; ``clean``: its address has no failure on
    record (its check is urgent)."""
    refuse: bool = False
    retry_after: int = 0
    delay: float = 0.0
    reason: str = ""
    clean: bool = False


class _Windows:
    """Failure times per key, oldest keys dropped past ``max_keys``."""

    def __init__(self, limit: Limit, max_keys: int):
        self.limit = limit
        self.max_keys = max_keys
        self.keys: OrderedDict = OrderedDict()

    def times(self, key, t: float) -> deque:
        q = self.keys.get(key)
        if q is None:
            return deque()
        while q and q[0] <= t - self.limit.window:
            q.popleft()
        if not q:
            del self.keys[key]
        return q

    def add(self, key, t: float) -> None:
        q = self.keys.get(key)
        if q is None:
            while len(self.keys) >= self.max_keys:
                self.keys.popitem(last=False)
            q = self.keys[key] = deque(maxlen=2 * self.limit.refuse_at)
        else:
            self.keys.move_to_end(key)
        q.append(t)

    def remove(self, key, t: float) -> None:
        q = self.keys.get(key)
        if q is not None:
            try:
                q.remove(t)
            except ValueError:
                pass

    def clear(self, key) -> None:
        self.keys.pop(key, None)

    def retry_after(self, q: deque, t: float) -> int:
        """Seconds until fewer than ``refuse_at`` failures are left in the window."""
        n = self.limit.refuse_at
        oldest_that_counts = q[-n] if len(q) >= n else q[0]
        return max(1, math.ceil(oldest_that_counts + self.limit.window - t))


def _address_key(address: str) -> str:
    """An IPv6 client is counted by its /64 network; anything else as it is.

    >>> _address_key("2001:db8:1:2:3:4:5:6"), _address_key("192.0.2.1")
    ('2001:db8:1:2::/64', '192.0.2.1')
    """
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if ip.version == 6:
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def _account_key(username: str) -> str:
    return username.strip().casefold()[:MAX_USERNAME]


class LoginThrottle:
    """Failed logins counted per account and address, per address, and per account (the
    module's docstring has the policy).  ``clock`` gives seconds (monotonic)."""

    PAIR = Limit(window=900, slow_after=3, refuse_at=10, first_delay=1.0, max_delay=4.0)
    ADDRESS = Limit(window=900, slow_after=10, refuse_at=30, first_delay=1.0, max_delay=4.0)
    ACCOUNT = Limit(window=300, slow_after=5, refuse_at=20, first_delay=0.5, max_delay=2.0)

    def __init__(self, *, clock=time.monotonic, max_keys: int = 20_000, pair: Limit = PAIR,
                 address: Limit = ADDRESS, account: Limit = ACCOUNT):
        self.clock = clock
        self._pair = _Windows(pair, max_keys)
        self._address = _Windows(address, max_keys)
        self._account = _Windows(account, max_keys)

    def check_address(self, address: str) -> Verdict:
        """The address alone (before the request's body is read)."""
        t = self.clock()
        w = self._address
        q = w.times(_address_key(address), t)
        if len(q) >= w.limit.refuse_at:
            return Verdict(True, w.retry_after(q, t), reason="address")
        return Verdict(delay=w.limit.delay(len(q)))

    def check(self, username: str, address: str) -> Verdict:
        """Whether a try for ``username`` from ``address`` is refused now, or how long it
        waits first."""
        t = self.clock()
        acct, addr = _account_key(username), _address_key(address)
        pair = self._pair.times((acct, addr), t)
        by_addr = self._address.times(addr, t)
        by_acct = self._account.times(acct, t)
        if len(by_addr) >= self._address.limit.refuse_at:
            return Verdict(True, self._address.retry_after(by_addr, t), reason="address")
        if len(pair) >= self._pair.limit.refuse_at:
            return Verdict(True, self._pair.retry_after(pair, t), reason="pair")
        if len(by_acct) >= self._account.limit.refuse_at and pair:
            # the account is under attack, and this address is one that has failed on it
            return Verdict(True, self._account.retry_after(by_acct, t), reason="account")
        return Verdict(delay=max(self._pair.limit.delay(len(pair)),
                                 self._address.limit.delay(len(by_addr)),
                                 self._account.limit.delay(len(by_acct))),
                       clean=not by_addr)

    def attempt(self, username: str, address: str) -> tuple:
        """Count a try as a failure from now; the mark given back takes it back
        (:meth:`succeeded`)."""
        t = self.clock()
        acct, addr = _account_key(username), _address_key(address)
        self._pair.add((acct, addr), t)
        self._address.add(addr, t)
        self._account.add(acct, t)
        return (acct, addr, t)

    def withdraw(self, mark: tuple) -> None:
        """A try that was never checked (the pool was busy) is not a failure."""
        acct, addr, t = mark
        self._pair.remove((acct, addr), t)
        self._address.remove(addr, t)
        self._account.remove(acct, t)

    def succeeded(self, mark: tuple) -> None:
        """The password was right: the try was no failure, and the account's failures
        from this address are forgotten."""
        acct, addr, _t = mark
        self.withdraw(mark)
        self._pair.clear((acct, addr))


def client_address(request) -> str:
    """The client's address as the server sees it (the socket's peer, or uvicorn's
    reading of ``X-Forwarded-For`` from a trusted proxy)."""
    client = request.client
    return client.host if client is not None and client.host else "unknown"


# --- sessions ---------------------------------------------------------------------------------

def _digest(session_id: str) -> str:
    return hashlib.sha256(session_id.encode()).hexdigest()


def _aware(t: dt.datetime) -> dt.datetime:
    # SQLite gives back naive times (kept in UTC)
    return t if t.tzinfo is not None else t.replace(tzinfo=dt.timezone.utc)


def start_session(store, director_id: int) -> str:
    """A new login of ``director_id``: its id for the cookie (the database keeps its
    SHA-256).  Expired sessions are cleared on the way."""
    session_id = secrets.token_urlsafe(32)
    t = now()
    with store.transaction() as s:
        s.execute(delete(LoginSessionRow).where(LoginSessionRow.expires < t))
        s.add(LoginSessionRow(id=_digest(session_id), director_id=director_id, created=t,
                              expires=t + dt.timedelta(hours=SESSION_HOURS)))
    return session_id


def end_session(store, session_id: str | None) -> None:
    """Logout: the session ends for every process sharing the database."""
    if session_id:
        with store.transaction() as s:
            s.execute(delete(LoginSessionRow).where(LoginSessionRow.id == _digest(session_id)))


def end_sessions_of(s, director_id: int) -> None:
    """Every session of a director ends (his password changed); within ``s``."""
    s.execute(delete(LoginSessionRow).where(LoginSessionRow.director_id == director_id))


def session_director(store, director_id, session_id) -> Director | None:
    """The director of a live session, or ``None`` (logged out, expired, or not his)."""
    if not isinstance(director_id, int) or not isinstance(session_id, str):
        return None
    t = now()
    with store.session() as s:
        row = s.execute(select(Director, LoginSessionRow.expires)
                        .join(LoginSessionRow, LoginSessionRow.director_id == Director.id)
                        .where(LoginSessionRow.id == _digest(session_id),
                               Director.id == director_id)).first()
        if row is None or _aware(row.expires) <= t:
            return None
        if _aware(row.expires) - t < dt.timedelta(hours=SESSION_HOURS / 2):
            s.get(LoginSessionRow, _digest(session_id)).expires = \
                t + dt.timedelta(hours=SESSION_HOURS)
            s.commit()
        return row.Director


# --- headers ----------------------------------------------------------------------------------

def content_security_policy(nonce: str) -> str:
    """The policy of every page: the service's own scripts and styles, or inline ones
    carrying ``nonce``; no inline ``style=`` or event handler attributes.

    >>> "script-src 'self' 'nonce-abc'" in content_security_policy("abc")
    True
    """
    return ("default-src 'self'; "
            f"script-src 'self' 'nonce-{nonce}'; "
            f"style-src 'self' 'nonce-{nonce}'; "
            "img-src 'self' data:; "
            "connect-src 'self'; "
            "object-src 'none'; "
            "base-uri 'none'; "
            "form-action 'self'; "
            "frame-ancestors 'none'")


class SecurityHeaders:
    """ASGI middleware adding the security headers to every HTTP response (a header
    the response sets itself is kept).  Each request gets a fresh nonce in
    ``request.state.csp_nonce`` for the page's inline scripts and styles."""

    def __init__(self, app, *, secure: bool = False):
        self.app = app
        self.secure = secure

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        nonce = secrets.token_urlsafe(16)
        scope.setdefault("state", {})["csp_nonce"] = nonce
        extra = [(b"content-security-policy", content_security_policy(nonce).encode()),
                 (b"x-frame-options", b"DENY"),
                 (b"x-content-type-options", b"nosniff"),
                 (b"referrer-policy", b"same-origin")]
        if self.secure:
            extra.append((b"strict-transport-security", b"max-age=31536000"))

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers += [(k, v) for k, v in extra if k not in present]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


_INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.S)


def docs_page(app):
    """The Swagger UI page of ``/api/docs`` with a policy of its own: Swagger UI's
    files from its CDN, and its one inline script allowed by its hash."""
    from fastapi.openapi.docs import get_swagger_ui_html
    page = get_swagger_ui_html(openapi_url=app.openapi_url, title=f"{app.title} API")
    body = page.body.decode()
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(s.encode()).digest()).decode() + "'"
        for s in _INLINE_SCRIPT.findall(body))
    cdn = "https://cdn.jsdelivr.net"
    page.headers["content-security-policy"] = (
        f"default-src 'self'; script-src 'self' {cdn} {hashes}; style-src 'self' {cdn}; "
        "img-src 'self' data: https://fastapi.tiangolo.com; connect-src 'self'; "
        "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
    return page


# --- WebSockets -------------------------------------------------------------------------------

def same_origin(ws) -> bool:
    """Whether a WebSocket handshake comes from the service's own pages: no ``Origin``
    (not a browser) or one naming the host the request was sent to.

    >>> class WS:
    ...     def __init__(self, origin): self.headers = {"host": "club:8000", "origin": origin}
    >>> same_origin(WS("http://club:8000")), same_origin(WS("https://evil.example"))
    (True, False)
    """
    origin = ws.headers.get("origin")
    if origin is None:
        return True
    host = ws.headers.get("host", "")
    try:
        netloc = urlsplit(origin).netloc
    except ValueError:
        return False
    return bool(netloc) and netloc.lower() == host.lower()
