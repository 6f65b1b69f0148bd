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
"""

from __future__ import annotations

import itertools
import os
import warnings

import pytest

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
