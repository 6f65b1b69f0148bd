"""The database fixtures give working, separate databases on the chosen backend."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from . import pgserver


def _engine(url: str) -> sa.Engine:
    return sa.create_engine(url)


def test_database_url_round_trip(database_url):
    engine = _engine(database_url)
    try:
        with engine.begin() as conn:
            conn.execute(sa.text("CREATE TABLE board (id INTEGER PRIMARY KEY, contract VARCHAR(10) NOT NULL)"))
            conn.execute(sa.text("INSERT INTO board (id, contract) VALUES (1, '4SX'), (2, '3NT')"))
        with engine.connect() as conn:
            rows = conn.execute(sa.text("SELECT id, contract FROM board ORDER BY id")).all()
        assert [tuple(r) for r in rows] == [(1, "4SX"), (2, "3NT")]
    finally:
        engine.dispose()


def test_database_urls_are_distinct_databases(database_url, new_database_url):
    other_url = new_database_url()
    assert other_url != database_url
    one, other = _engine(database_url), _engine(other_url)
    try:
        assert sa.inspect(one).get_table_names() == []  # fresh and empty
        with one.begin() as conn:
            conn.execute(sa.text("CREATE TABLE only_here (id INTEGER PRIMARY KEY)"))
        assert sa.inspect(one).get_table_names() == ["only_here"]
        assert sa.inspect(other).get_table_names() == []
    finally:
        one.dispose()
        other.dispose()


def test_backend_is_the_one_asked_for(database_url, db_backend):
    engine = _engine(database_url)
    try:
        with engine.connect() as conn:
            if db_backend == "postgresql":
                assert database_url.startswith("postgresql+psycopg://postgres@127.0.0.1:")
                assert "PostgreSQL" in conn.execute(sa.text("SELECT version()")).scalar_one()
                assert conn.execute(sa.text("SHOW server_encoding")).scalar_one() == "UTF8"
            else:
                assert db_backend == "sqlite"
                assert database_url.startswith("sqlite:///") and database_url.endswith("/bridgelaws.db")
                assert conn.execute(sa.text("SELECT sqlite_version()")).scalar_one()
    finally:
        engine.dispose()


def test_server_default_database_and_stop(pg_server):
    # the session server's own 'bridgelaws' database exists and answers
    engine = _engine(pg_server.url)
    try:
        with engine.connect() as conn:
            assert conn.execute(sa.text("SELECT current_database()")).scalar_one() == "bridgelaws"
    finally:
        engine.dispose()
    # a second throwaway server starts on another port, and stop() removes its files
    server = pgserver.start_postgres()
    try:
        assert server.port != pg_server.port
        assert server.data_dir.is_dir()
    finally:
        server.stop()
    assert not server.tmp_dir.exists()
    server.stop()  # twice is harmless


def test_missing_binaries_say_how_to_install(monkeypatch, tmp_path):
    monkeypatch.delenv("BRIDGELAWS_PG_BIN", raising=False)
    with pytest.raises(pgserver.PostgresNotFound) as caught:
        pgserver.find_pg_bin(debian_glob=str(tmp_path / "nothing" / "*" / "bin"), path=str(tmp_path))
    message = str(caught.value)
    assert "initdb" in message and "apt-get install -y postgresql" in message
