"""Fixtures for the web service's tests: which database they run on.

By default every test gets a fresh SQLite file in pytest's tmp dir.  With
BRIDGELAWS_TEST_DB=postgresql a throwaway PostgreSQL server (pgserver.py) is
started once per session, stopped at session end, and every test gets a fresh
empty database on it.  scripts/test.sh runs the whole suite both ways.

    db_backend          (session)  "sqlite" or "postgresql"
    new_database_url    (session)  factory: new_database_url() -> URL of a new
                                   empty database (for module-scoped fixtures,
                                   or a test wanting a second database)
    database_url        (function) URL of a fresh empty database for this test
    pg_server           (session)  the running PgServer (postgresql only)

URLs are SQLAlchemy URLs: sqlite:////tmp/.../bridgelaws.db or
postgresql+psycopg://postgres@127.0.0.1:PORT/NAME.

And what the browser tests share (Chromium through Playwright's sync API):

    chromium            (session)  the session's one Chromium (Playwright's Browser,
                                   started at the first browser test, stopped after
                                   the last; under pytest-xdist one per worker, stopped
                                   at the worker's end)
    browser             (module)   the same Chromium, for a module: the contexts the
                                   module leaves open are closed at its end
    live                (module)   the service run for real (live_server.py) over a
                                   fresh database, for the module: the first
                                   director's password is the module's PASSWORD, its
                                   demo event only if the module sets LIVE_DEMO = True
    shots               (session)  the screenshots' folder (pages.screenshot_folder)
    no_csp_violation    (autouse)  a test fails on what its module's CSP watch saw

Playwright's sync API marks its event loop as running in the main thread for as long
as it is started; the tests that use no browser run without that mark (the root
conftest.py's hooks: so that ``asyncio.run`` works in them and in the doctests).
"""

from __future__ import annotations

import itertools
import os
import warnings

import pytest

from .live_server import LiveServer
from .pages import CHROMIUM, CHROMIUM_ARGS, have_chromium, screenshot_folder
from .pgserver import start_postgres

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(scope="session")
def db_backend() -> str:
    backend = os.environ.get("BRIDGELAWS_TEST_DB", "") or "sqlite"
    if backend not in BACKENDS:
        # a typo ("postgres") must not silently test SQLite again
        raise pytest.UsageError(f"BRIDGELAWS_TEST_DB={backend!r}: use one of {', '.join(BACKENDS)}")
    return backend


@pytest.fixture(scope="session")
def pg_server(db_backend):
    if db_backend != "postgresql":
        pytest.skip("needs BRIDGELAWS_TEST_DB=postgresql")
    server = start_postgres()  # raises with an install hint when PostgreSQL is missing
    yield server
    server.stop()


@pytest.fixture(scope="session")
def new_database_url(db_backend, request, tmp_path_factory):
    if db_backend == "postgresql":
        server = request.getfixturevalue("pg_server")  # started only when a test needs a database
        counter = itertools.count(1)
        return lambda: server.new_database(f"test_{next(counter)}")
    return lambda: f"sqlite:///{tmp_path_factory.mktemp('db') / 'bridgelaws.db'}"


@pytest.fixture
def database_url(db_backend, new_database_url, request):
    server = request.getfixturevalue("pg_server") if db_backend == "postgresql" else None
    url = new_database_url()
    yield url
    if server is not None:
        # drop it (closing leftover connections) so ~1,500 tests don't fill the disk
        try:
            server.drop_database(url.rsplit("/", 1)[1])
        except Exception as exc:  # the test's result stands; just say so
            warnings.warn(f"could not drop test database {url}: {exc}", stacklevel=1)


def drop_database(request, url: str) -> None:
    """Drop a PostgreSQL test database made by ``new_database_url`` (closing leftover
    connections); a failure is a warning, the tests' results stand."""
    try:
        request.getfixturevalue("pg_server").drop_database(url.rsplit("/", 1)[1])
    except Exception as exc:
        warnings.warn(f"could not drop test database {url}: {exc}", stacklevel=1)


@pytest.fixture(scope="module")
def live(db_backend, new_database_url, request):
    """The service over a fresh database for the module, with the module's PASSWORD
    (and its demo event when the module sets LIVE_DEMO = True)."""
    url = new_database_url()
    server = LiveServer.start(url, request.module.PASSWORD,
                              demo=getattr(request.module, "LIVE_DEMO", False))
    yield server
    server.stop()
    if db_backend == "postgresql":
        drop_database(request, url)


@pytest.fixture(scope="session")
def shots(db_backend):
    return screenshot_folder(db_backend)


@pytest.fixture(autouse=True)
def no_csp_violation(request):
    """A test of a module with a ``CSP`` watch (pages.CspWatch) fails on any script or
    style its pages' Content-Security-Policy blocked."""
    yield
    csp = getattr(request.module, "CSP", None)
    if csp is not None:
        csp.check()


# ---------------------------------------------------------------- the one browser

class _Chromium:
    """The session's Playwright and Chromium, started on first use."""

    def __init__(self):
        self._playwright = None
        self.browser = None
        self.last_item = None           # the last test of the session that uses it

    def get(self):
        if self.browser is None:
            from playwright.sync_api import sync_playwright
            self._playwright = sync_playwright().start()
            self.browser = self._playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        return self.browser

    @property
    def running(self) -> bool:
        return self._playwright is not None

    def stop(self) -> None:
        browser, playwright = self.browser, self._playwright
        self.browser = self._playwright = None
        try:
            if browser is not None:
                browser.close()
        finally:
            if playwright is not None:
                playwright.stop()


CHROMIUM_SESSION = _Chromium()


@pytest.fixture(scope="session")
def chromium():
    """The session's Chromium (skipped without Playwright or Debian's chromium)."""
    pytest.importorskip("playwright.sync_api")
    if not have_chromium():
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    yield CHROMIUM_SESSION.get()
    CHROMIUM_SESSION.stop()


@pytest.fixture(scope="module")
def browser(chromium):
    """The session's Chromium; the contexts the module leaves open are closed at its end,
    so nothing (cookies, pages, listeners) goes on into the next module."""
    browser = CHROMIUM_SESSION.get()
    yield browser
    if CHROMIUM_SESSION.browser is browser:
        for ctx in list(browser.contexts):
            ctx.close()


def _uses_browser(item) -> bool:
    return "chromium" in getattr(item, "fixturenames", ())


def pytest_collection_finish(session):
    """The last test of the last module that uses the browser: after it the browser stops
    (at that module's end, once its fixtures have closed their contexts).

    Not in a pytest-xdist worker: its ``session.items`` is the whole collection, of
    which the worker runs only the modules it is sent, in an order it does not know in
    advance; a browser module after an early stop would get the stopped Chromium.
    There the browser stays up to the worker's end (the root conftest.py hides its
    loop from the other tests)."""
    if hasattr(session.config, "workerinput"):
        return
    items = session.items
    last = next((n for n in range(len(items) - 1, -1, -1) if _uses_browser(items[n])), None)
    if last is not None:
        module = getattr(items[last], "module", None)
        while last + 1 < len(items) and getattr(items[last + 1], "module", None) is module:
            last += 1
        CHROMIUM_SESSION.last_item = items[last]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    # (the loop Playwright marks as running is hidden from the other tests by the root
    # conftest.py, in every folder and under pytest-xdist's workers too)
    try:
        return (yield)
    finally:
        if item is CHROMIUM_SESSION.last_item and CHROMIUM_SESSION.running:
            # no test after this one uses the browser: stop it now, so that what runs
            # after (the doctests too) runs without Playwright's loop
            CHROMIUM_SESSION.stop()
