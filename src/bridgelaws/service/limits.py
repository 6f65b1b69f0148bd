"""Limits on what one request may bring, and clear pages instead of server errors.

* **Request bodies.** Every body has a limit, checked while it is read (a chunked
  upload has no ``Content-Length``; :class:`BodyLimit`): 1 MB for every form and API
  call, 10 MB for the PBN board set uploaded with a new event (a club's set of 36
  boards is about 10 KB).  Both are settings (``bridgelaws serve --max-upload-mb``,
  ``--max-body-kb``, or the environment's ``BRIDGELAWS_MAX_UPLOAD_MB``,
  ``BRIDGELAWS_MAX_BODY_KB``).  A body over its limit is
  answered 413 with a page in the user's language (JSON under ``/api/``) and nothing
  of it is kept.  python-multipart's limits are Starlette's (1000 fields, 1 MB a
  field), with one file for the upload.  A live table's WebSocket message may have
  64 KB (:data:`WS_MAX_SIZE`, given to uvicorn by ``bridgelaws serve``).
* **Numbers in addresses and forms.** An id or a number of the database is a whole
  number from 1 to 2**31 - 1 (PostgreSQL's ``integer``): :data:`Id` for the
  parameters of an address (anything else is a 404 page, not an overflow in the
  database), :func:`whole_number` for form and query fields.
* **Errors.** A page the service raised with a catalogue key (:class:`PageError`) is
  translated; an address that matches no page, a method a page does not take, a form
  with too many fields are pages in the user's language; a database that cannot store
  (disk full) is a 503 page saying nothing was saved; anything unexpected a 500 page
  saying the same, with the traceback in the server's log only.

>>> Limits(body=1024, upload=4096).for_request("POST", "/events/new")
4096
>>> Limits(body=1024, upload=4096).for_request("POST", "/events/1/adjust")
1024
>>> whole_number("12"), whole_number(" 7 "), whole_number("²"), whole_number("9" * 30)
(12, 7, None, None)
>>> size_text(10 * MB), size_text(512 * 1024)
('10 MB', '512 KB')
"""

from __future__ import annotations

import logging
import os
import re
from dataclasses import dataclass
from typing import Annotated

from fastapi import HTTPException, Path, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse
from sqlalchemy.exc import OperationalError
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..cards import BridgeError
from ..i18n import LANGUAGES, message

__all__ = ["MB", "MAX_ID", "WS_MAX_SIZE", "UPLOAD_PATHS", "Limits", "Id", "PageError",
           "BodyTooLarge", "BodyLimit", "whole_number", "size_text", "form_data", "upload_form",
           "json_body", "install"]

log = logging.getLogger("bridgelaws.service")

MB = 1024 * 1024
#: the largest id or number the database stores (PostgreSQL's ``integer``)
MAX_ID = 2**31 - 1
#: the pages that take an uploaded file (the PBN board set of a new event)
UPLOAD_PATHS = ("/events/new",)
#: the largest WebSocket message a live table takes (an act is a few hundred bytes)
WS_MAX_SIZE = 64 * 1024

#: an id in an address: 1 to :data:`MAX_ID`, else the page is a 404
Id = Annotated[int, Path(ge=1, le=MAX_ID)]

#: the 404 message of each parameter of an address (``{id}`` is its value)
_NOT_FOUND_KEYS = {"event_id": "ui.error.no_event", "ruling_id": "ui.error.no_ruling",
                   "table_id": "ui.live.err.table"}


def whole_number(text, low: int = 0, high: int = MAX_ID) -> int | None:
    """``text`` as a whole number from ``low`` to ``high`` (ASCII digits, at most ten),
    or ``None`` (``str.isdigit`` passes ``"²"``, which ``int`` refuses, and ``int`` takes
    numbers no column of the database holds)."""
    m = re.fullmatch(r"\s*([0-9]{1,10})\s*", str(text))
    if m is None:
        return None
    n = int(m.group(1))
    return n if low <= n <= high else None


def size_text(n: int) -> str:
    """A size for people: ``10 MB``, ``512 KB``."""
    if n >= MB:
        return f"{n / MB:g} MB"
    return f"{max(1, round(n / 1024)):g} KB"


def _positive(environ, name: str, default: float, unit: int) -> int:
    raw = environ.get(name, "").strip()
    if not raw:
        return int(default * unit)
    try:
        value = float(raw)
    except ValueError:
        value = -1
    if not 0 < value < 1e6:
        raise BridgeError(f"{name}={raw!r} is not a positive number", name)
    return int(value * unit)


@dataclass
class Limits:
    """The largest request bodies, in bytes: ``body`` for every request, ``upload`` for
    the pages of :data:`UPLOAD_PATHS`."""
    body: int = MB
    upload: int = 10 * MB

    @classmethod
    def from_env(cls, environ=os.environ) -> "Limits":
        """``BRIDGELAWS_MAX_UPLOAD_MB`` (default 10) and ``BRIDGELAWS_MAX_BODY_KB``
        (default 1024)."""
        return cls(body=_positive(environ, "BRIDGELAWS_MAX_BODY_KB", 1024, 1024),
                   upload=_positive(environ, "BRIDGELAWS_MAX_UPLOAD_MB", 10, MB))

    def for_request(self, method: str, path: str) -> int:
        if method == "POST" and path in UPLOAD_PATHS:
            return max(self.upload, self.body)
        return self.body


class PageError(HTTPException):
    """An error page whose text is the catalogue's ``key`` filled with ``values``, in the
    language of the request that gets it."""

    def __init__(self, status: int, key: str, **values):
        super().__init__(status, message(key, "en", **values))
        self.key, self.values = key, values

    def text(self, lang: str) -> str:
        return message(self.key, lang, **self.values)


class BodyTooLarge(PageError):
    """A request body over its limit (413)."""

    def __init__(self, limit: int, upload: bool):
        super().__init__(413, "ui.error.too_large_upload" if upload else "ui.error.too_large",
                         limit=size_text(limit))


class BodyLimit:
    """ASGI middleware: the body of each HTTP request is counted while the application
    reads it, and reading past the limit of its page raises :class:`BodyTooLarge`; a
    declared ``Content-Length`` over the limit raises it before the first byte is read.
    The application answers it with a page in the reader's language; if it escapes, a
    plain 413 is sent here.  The limits are read at each request, so ``bridgelaws
    serve`` may set them after the application is made.  (Starlette's
    ``RequestBodyLimitMiddleware`` counts the same way, but answers a declared length
    over the limit with its own English text whatever the application answers.)"""

    def __init__(self, app, limits: Limits):
        self.app, self.limits = app, limits

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.limits.for_request(scope["method"], scope["path"])
        upload = limit > self.limits.body
        declared = _content_length(scope)
        received = 0
        started = False

        async def limited_receive():
            nonlocal received
            if declared is not None and declared > limit:
                raise BodyTooLarge(limit, upload)
            msg = await receive()
            if msg["type"] == "http.request":
                received += len(msg.get("body", b""))
                if received > limit:
                    raise BodyTooLarge(limit, upload)
            return msg

        async def watched_send(msg):
            nonlocal started
            if msg["type"] == "http.response.start":
                started = True
            await send(msg)

        try:
            await self.app(scope, limited_receive, watched_send)
        except BodyTooLarge as exc:
            if started:
                raise
            body = exc.text("en").encode()
            await send({"type": "http.response.start", "status": 413,
                        "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                                    (b"content-length", str(len(body)).encode()),
                                    (b"connection", b"close")]})
            await send({"type": "http.response.body", "body": body})


def _content_length(scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


# ---------------------------------------------------------------- reading requests

async def form_data(request: Request):
    """The request's form, read on the event loop (counted by :class:`BodyLimit`), for
    a page written as a plain ``def``, which FastAPI runs in a worker thread: its
    database work and the engine's replays then hold up no other page.
    ``form = Depends(form_data)`` after the login's dependency reads no body for a
    visitor who is not logged in."""
    return await request.form()


async def upload_form(request: Request):
    """:func:`form_data` of a page that takes one uploaded file."""
    return await request.form(max_files=1)


async def json_body(request: Request):
    """The request's JSON (as :func:`form_data`), or ``None`` when it is not JSON, or is
    nested too deep for Python's reader."""
    try:
        return await request.json()
    except (ValueError, RecursionError):
        return None


# ---------------------------------------------------------------- error pages

def _lang(request: Request) -> str:
    """The request's language, even where the session or the database cannot be read."""
    from .web import lang_of
    try:
        return lang_of(request)
    except Exception:                   # no session yet, or the database is down
        lang = request.query_params.get("lang")
        return lang if lang in LANGUAGES else "en"


def error_page(request: Request, status: int, text: str):
    """``text`` as the error page (JSON ``{"error": text}`` under ``/api/``); with the
    director's menu when it can be read, else without, else as plain text."""
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": text}, status)
    from .web import render
    try:
        return render(request, "error.html", status_code=status, status=status, detail=text)
    except Exception:
        pass
    try:
        request.state.director = None           # the page without the database
        return render(request, "error.html", status_code=status, status=status, detail=text)
    except Exception:
        return PlainTextResponse(text, status)


async def _page_error(request: Request, exc: PageError):
    return error_page(request, exc.status_code, exc.text(_lang(request)))


def _short(value, n: int = 24) -> str:
    text = str(value)
    return text if len(text) <= n else text[:n] + "…"


async def _invalid(request: Request, exc: RequestValidationError):
    """A parameter FastAPI could not take: in the address, a page that does not exist
    (404); elsewhere, the field named (400)."""
    lang = _lang(request)
    errors = exc.errors()
    for e in errors:
        loc = tuple(e.get("loc", ()))
        if loc[:1] == ("path",) and len(loc) > 1:
            name = str(loc[1])
            key = _NOT_FOUND_KEYS.get(name, "ui.error.not_found")
            return error_page(request, 404, message(
                key, lang, id=_short(request.path_params.get(name, ""))))
    fields = ", ".join(dict.fromkeys(str(tuple(e.get("loc", ("?",)))[-1]) for e in errors))
    return error_page(request, 400, message("ui.error.bad_field", lang, fields=_short(fields, 80)))


_FORM_LIMITS = ("Too many fields", "Too many files", "Field exceeded")


async def _starlette_http(request: Request, exc: StarletteHTTPException):
    """Starlette's own errors (no such address, a method the page does not take, a form
    over python-multipart's limits) in the user's language."""
    lang = _lang(request)
    if exc.status_code == 404:
        text = message("ui.error.not_found", lang)
    elif exc.status_code == 405:
        text = message("ui.error.method", lang)
    elif exc.status_code == 400 and str(exc.detail).startswith(_FORM_LIMITS):
        text = message("ui.error.form_limits", lang)
    else:
        text = str(exc.detail)
    response = error_page(request, exc.status_code, text)
    if exc.headers:
        response.headers.update(exc.headers)
    return response


async def _database(request: Request, exc: OperationalError):
    """The database refused to store or read (disk full, server gone): nothing of this
    request is committed, since every save is one transaction."""
    log.error("database error on %s %s: %s", request.method, request.url.path,
              str(exc.orig if exc.orig is not None else exc).splitlines()[0])
    return error_page(request, 503, message("ui.error.database", _lang(request)))


async def _unexpected(request: Request, exc: Exception):
    """Anything else: a plain page; Starlette logs the traceback after it (server side)."""
    return error_page(request, 500, message("ui.error.unexpected", _lang(request)))


def install(app, limits: Limits | None = None) -> Limits:
    """Put the limits and the error pages on ``app``; ``app.state.limits`` may be
    changed until the server starts (``bridgelaws serve --max-upload-mb``)."""
    limits = limits or Limits.from_env()
    app.state.limits = limits
    app.add_middleware(BodyLimit, limits=limits)
    app.add_exception_handler(PageError, _page_error)
    app.add_exception_handler(RequestValidationError, _invalid)
    app.add_exception_handler(StarletteHTTPException, _starlette_http)
    app.add_exception_handler(OperationalError, _database)
    app.add_exception_handler(Exception, _unexpected)
    return limits
