"""Suite-wide pytest options.

While the browser tests' Chromium runs (tests/service/conftest.py: one per test
session), Playwright's sync API marks an event loop as running in the main thread, so
``asyncio.run`` in any other test (a doctest too) would fail: every test that does not
use the browser runs with that mark hidden.

``--db-only`` keeps only the tests that can reach a database: those whose fixtures
include ``db_backend`` (tests/service/conftest.py), the one place that reads
``BRIDGELAWS_TEST_DB``.  scripts/test.sh runs the whole suite on SQLite, then again
with ``BRIDGELAWS_TEST_DB=postgresql --db-only``: the engine's, the formats' and the
scoring's tests never touch a database, so a second run of them would repeat the
first exactly and only cost time.
"""

from __future__ import annotations

import asyncio
import contextlib

import pytest

#: tests/test_suite_options.py runs a small suite in a temporary folder
pytest_plugins = ("pytester",)


def pytest_addoption(parser):
    parser.addoption("--db-only", action="store_true", default=False,
                     help="run only the tests that use a database (fixture db_backend)")


def pytest_collection_modifyitems(config, items):
    if not config.getoption("--db-only"):
        return
    keep, drop = [], []
    for item in items:
        (keep if "db_backend" in getattr(item, "fixturenames", ()) else drop).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


def _uses_browser(item) -> bool:
    return "chromium" in getattr(item, "fixturenames", ())


@contextlib.contextmanager
def _no_browser_loop(item, hide: bool = True):
    """Outside the browser tests, no event loop marked as running in this thread."""
    loop = asyncio._get_running_loop()
    if loop is None or not hide or _uses_browser(item):
        yield
        return
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(loop)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item):
    with _no_browser_loop(item):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    with _no_browser_loop(item):
        return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    # not between modules: a module's fixtures may close its browser contexts
    same_module = nextitem is not None and nextitem.parent is item.parent
    with _no_browser_loop(item, hide=same_module):
        return (yield)
