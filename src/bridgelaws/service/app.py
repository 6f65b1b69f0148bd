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
from .live import Hub
from .web import (LoginRequired, check_csrf, find_director, hash_password, lang_of,
                  login_redirect, render, secret_key, verify_password)

__all__ = ["create_app", "ensure_director"]


def ensure_director(store: Store, username: str = "director",
                    password: str | None = None) -> str | None:
    """Create the first director when there is none; returns the password it was given
    (a random one unless ``password``), or ``None`` when directors exist already."""
    with store.transaction() as s:
        if s.scalar(select(Director.id).limit(1)) is not None:
            if password:
                d = find_director(s, username)
                if d is not None:
                    d.password_hash = hash_password(password)
            return None
        password = password or secrets.token_urlsafe(9)
        s.add(Director(username=username, password_hash=hash_password(password)))
        return password


def create_app(url: str = "bridgelaws.db", *, demo: bool = True) -> FastAPI:
    """The service over the database at ``url``; ``demo`` loads the demo event into an
    empty database."""
    store = Store(url)
    hub = Hub(store)

    @asynccontextmanager
    async def lifespan(_app):
        hub.start(asyncio.get_running_loop())
        yield
        hub.stop()

    app = FastAPI(title="bridgelaws", docs_url="/api/docs", redoc_url=None,
                  openapi_url="/api/openapi.json", lifespan=lifespan)
    app.state.store = store
    app.state.hub = hub
    app.add_middleware(SessionMiddleware, secret_key=secret_key(store), same_site="lax",
                       https_only=False, max_age=12 * 3600)
    app.mount("/static", StaticFiles(directory=str(resources.files("bridgelaws.service")
                                                   .joinpath("static"))), name="static")
    if demo:
        from .demo import load_demo
        load_demo(store)

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

    @app.get("/login", response_class=HTMLResponse)
    def login_form(request: Request, next: str = "/"):
        return render(request, "login.html", next=next, error=None, username="")

    @app.post("/login", response_class=HTMLResponse)
    async def login(request: Request):
        form = await request.form()
        check_csrf(request, form.get("csrf"))
        username = str(form.get("username", "")).strip()
        target = str(form.get("next") or "/")
        if not target.startswith("/") or target.startswith("//"):
            target = "/"
        with store.session() as s:
            d = find_director(s, username)
            ok = d is not None and verify_password(d.password_hash, str(form.get("password", "")))
        if not ok:
            return render(request, "login.html", status_code=400, next=target,
                          username=username, error=message("ui.login.failed", lang_of(request)))
        request.session.clear()
        request.session["director"] = d.id
        request.session["lang"] = lang_of(request) if request.query_params.get("lang") else d.lang
        return RedirectResponse(target, status_code=303)

    @app.post("/logout")
    async def logout(request: Request):
        form = await request.form()
        check_csrf(request, form.get("csrf"))
        lang = request.session.get("lang")
        request.session.clear()
        if lang:
            request.session["lang"] = lang
        return RedirectResponse("/login", status_code=303)

    @app.get("/robots.txt", response_class=PlainTextResponse)
    def robots():
        return "User-agent: *\nDisallow: /\n"

    from . import assistant, console, rulings, tables
    app.include_router(tables.router)
    app.include_router(console.router)
    app.include_router(assistant.router)
    app.include_router(rulings.router)
    return app


def utcnow() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc)
