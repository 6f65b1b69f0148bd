"""The web service: the director's console, the ruling assistant and the rulings log.

``create_app(url)`` builds the ASGI application (FastAPI) over a database given by
its URL (an SQLite file by default, or PostgreSQL).  ``bridgelaws serve`` runs it
with uvicorn.

>>> from fastapi.testclient import TestClient
>>> client = TestClient(create_app("sqlite://", demo=False))
>>> client.get("/healthz").json()
{'status': 'ok'}
"""

from __future__ import annotations

import asyncio
import datetime as dt
import secrets
from contextlib import asynccontextmanager

from fastapi import FastAPI, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles
from importlib import resources
from starlette.middleware.sessions import SessionMiddleware

from ..i18n import message
from .db import Director, Store, select
from .limits import install as install_limits
from .live.logic import Hub
from .security import (MAX_PAUSED, MAX_PASSWORD, MAX_USERNAME, REFUSAL_PAUSE, Busy,
                       LoginThrottle, PasswordChecks, SecurityHeaders, client_address,
                       docs_page, end_session, end_sessions_of, start_session)
from .web import (LoginRequired, check_csrf, find_director, hash_password, lang_of,
                  login_redirect, render, secret_key, verify_password)

__all__ = ["create_app", "ensure_director"]


def ensure_director(store: Store, username: str = "director",
                    password: str | None = None) -> str | None:
    """Create the first director when there is none; returns the password it was given
    (a random one unless ``password``), or ``None`` when directors exist already.  A
    ``password`` other than an existing director's becomes his, and ends his sessions.
    (Hashing takes a quarter of a second: ``bridgelaws serve`` does it before it
    listens.)"""
    # several processes starting together: one creates the director, the others find him
    with store.startup_lock(), store.transaction() as s:
        if s.scalar(select(Director.id).limit(1)) is not None:
            if password:
                d = find_director(s, username)
                if d is not None and not verify_password(d.password_hash, password):
                    d.password_hash = hash_password(password)
                    end_sessions_of(s, d.id)
            return None
        password = password or secrets.token_urlsafe(9)
        s.add(Director(username=username, password_hash=hash_password(password)))
        return password


class Service(FastAPI):
    """The application, with :class:`~.security.SecurityHeaders` outermost: outside
    Starlette's error middleware too, so that even its bare 500 answer has them."""

    secure_cookies = False
    process = ""

    def build_middleware_stack(self):
        app = SecurityHeaders(super().build_middleware_stack(), secure=self.secure_cookies)
        return ProcessHeader(app, self.process) if self.process else app


class ProcessHeader:
    """ASGI middleware naming the service process that answered, in the header
    ``X-Bridgelaws-Process`` of every HTTP response and WebSocket handshake: the
    random id of the process's live tables (``Hub.origin``, printed when ``bridgelaws
    serve`` starts), so that behind a proxy one sees which process served what."""

    def __init__(self, app, process: str):
        self.app = app
        self.header = (b"x-bridgelaws-process", process.encode())

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)

        async def send_with_header(message):
            if message["type"] in ("http.response.start", "websocket.accept"):
                message = {**message, "headers": [*message.get("headers", []), self.header]}
            await send(message)

        await self.app(scope, receive, send_with_header)


def create_app(url: str = "bridgelaws.db", *, demo: bool = True,
               secure_cookies: bool = False) -> FastAPI:
    """The service over the database at ``url``; ``demo`` loads the demo event into an
    empty database; ``secure_cookies`` marks the session cookie ``Secure`` (a service
    reached over HTTPS only).  Logins go through the throttle and the password pool
    of ``security.py`` (``app.state.throttle``, ``app.state.password_checks``)."""
    store = Store(url)
    hub = Hub(store)
    checks = PasswordChecks()

    @asynccontextmanager
    async def lifespan(_app):
        hub.start(asyncio.get_running_loop())
        yield
        hub.stop()
        app.state.password_checks.close()

    app = Service(title="bridgelaws", docs_url=None, redoc_url=None,
                  openapi_url="/api/openapi.json", lifespan=lifespan)
    app.secure_cookies = secure_cookies
    app.process = hub.origin
    app.state.store = store
    app.state.hub = hub
    app.state.password_checks = checks
    app.state.throttle = LoginThrottle()
    app.state.refusal_pause = REFUSAL_PAUSE
    app.state.paused = 0
    # what a database needs once (the key signing every process's cookies, the demo
    # event) is made by the first of several processes starting together (db.py)
    with store.startup_lock():
        key = secret_key(store)
        if demo:
            from .demo import load_demo
            load_demo(store)
    app.add_middleware(SessionMiddleware, secret_key=key, same_site="lax",
                       https_only=secure_cookies, max_age=12 * 3600)
    install_limits(app)                 # request body limits and error pages (limits.py)
    app.mount("/static", StaticFiles(directory=str(resources.files("bridgelaws.service")
                                                   .joinpath("static"))), name="static")

    @app.exception_handler(LoginRequired)
    async def _login(request: Request, exc: LoginRequired):
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": message("ui.error.login", lang_of(request))}, 401)
        return login_redirect(exc)

    @app.exception_handler(HTTPException)
    async def _http(request: Request, exc: HTTPException):
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": exc.detail}, exc.status_code)
        return render(request, "error.html", status_code=exc.status_code,
                      status=exc.status_code, detail=exc.detail)

    @app.get("/healthz")
    def healthz():
        with store.session() as s:
            s.execute(select(1))
        return {"status": "ok"}

    @app.get("/api/docs", include_in_schema=False)
    def api_docs():
        return docs_page(app)

    @app.get("/login", response_class=HTMLResponse)
    def login_form(request: Request, next: str = "/"):
        return render(request, "login.html", next=next, error=None, username="")

    async def refuse(request: Request, status: int, retry_after: int, text: str,
                     target: str = "/", username: str = ""):
        """A login refused before its password is checked: after a pause (unless too
        many are pausing already), 429 or 503 with ``Retry-After``."""
        pause = min(app.state.refusal_pause, retry_after)
        if pause and app.state.paused < MAX_PAUSED:
            app.state.paused += 1
            try:
                await asyncio.sleep(pause)
            finally:
                app.state.paused -= 1
        page = render(request, "login.html", status_code=status, next=target,
                      username=username, error=text)
        page.headers["Retry-After"] = str(retry_after)
        return page

    def throttled(request: Request, retry_after: int) -> str:
        lang = lang_of(request)
        wait = (message("ui.login.wait_minutes", lang, n=-(-retry_after // 60))
                if retry_after >= 60 else message("ui.login.wait_seconds", lang, n=retry_after))
        return message("ui.login.throttled", lang, wait=wait)

    @app.post("/login", response_class=HTMLResponse)
    async def login(request: Request):
        """Log a director in.  Failures are throttled (``security.LoginThrottle``) and
        the password is checked in the bounded pool (``security.PasswordChecks``)."""
        throttle, address = app.state.throttle, client_address(request)
        verdict = throttle.check_address(address)     # before the body is even read
        if verdict.refuse:
            return await refuse(request, 429, verdict.retry_after,
                                throttled(request, verdict.retry_after))
        form = await request.form()
        check_csrf(request, form.get("csrf"))
        username = str(form.get("username", "")).strip()[:200]
        password = str(form.get("password", ""))
        target = str(form.get("next") or "/")
        if not target.startswith("/") or target.startswith("//"):
            target = "/"
        verdict = throttle.check(username, address)
        if verdict.refuse:
            return await refuse(request, 429, verdict.retry_after,
                                throttled(request, verdict.retry_after), target, username)
        if verdict.delay:
            await asyncio.sleep(verdict.delay)
        mark = throttle.attempt(username, address)
        d = None
        if len(username) <= MAX_USERNAME and len(password) <= MAX_PASSWORD:
            d = await asyncio.to_thread(_director_named, store, username)
        try:
            ok = await app.state.password_checks.verify(
                d.password_hash if d is not None else None, password, urgent=verdict.clean)
        except Busy as busy:
            throttle.withdraw(mark)
            return await refuse(request, 503, busy.retry_after,
                                message("ui.login.busy", lang_of(request)), target, username)
        if not ok or d is None:
            return render(request, "login.html", status_code=400, next=target,
                          username=username, error=message("ui.login.failed", lang_of(request)))
        throttle.succeeded(mark)
        # a write (waiting for SQLite's lock, then a synced commit): off the event loop
        session_id = await asyncio.to_thread(start_session, store, d.id)
        old_sid = request.session.get("sid")
        request.session.clear()                      # a new session: no fixation
        request.session["director"] = d.id
        request.session["sid"] = session_id
        request.session["lang"] = lang_of(request) if request.query_params.get("lang") else d.lang
        if old_sid:
            await asyncio.to_thread(end_session, store, old_sid)
        return RedirectResponse(target, status_code=303)

    @app.post("/logout")
    async def logout(request: Request):
        """End the session on the server (every process: the row is deleted) and in the
        cookie; the old cookie logs no one in any more."""
        form = await request.form()
        check_csrf(request, form.get("csrf"))
        await asyncio.to_thread(end_session, store, request.session.get("sid"))
        lang = request.session.get("lang")
        request.session.clear()
        if lang:
            request.session["lang"] = lang
        return RedirectResponse("/login", status_code=303)

    @app.get("/robots.txt", response_class=PlainTextResponse)
    def robots():
        return "User-agent: *\nDisallow: /\n"

    from .rulings import routes as rulings
    from .assistant import routes as assistant
    from .live import routes as tables
    from .console import routes as console
    from .console import entries
    from .publish import routes as publish
    from .paper import routes as paper
    from .judgement import routes as judgement
    app.include_router(tables.router)
    from .live import seats
    app.include_router(seats.router)
    app.include_router(console.router)
    app.include_router(entries.router)
    app.include_router(publish.router)
    app.include_router(assistant.router)
    app.include_router(rulings.router)
    app.include_router(paper.router)
    app.include_router(judgement.router)
    return app


def _director_named(store: Store, username: str) -> Director | None:
    with store.session() as s:
        return find_director(s, username)


def utcnow() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc)
