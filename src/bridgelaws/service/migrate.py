"""Schema migrations with Alembic, run from the package (no ``alembic.ini`` needed).

``upgrade(engine)`` brings any database to the newest revision; the revisions live
in ``migrations/versions``.  A developer who changes ``db.py`` adds a revision with
``alembic -c src/bridgelaws/service/alembic.ini revision --autogenerate -m "..."``.
"""

from __future__ import annotations

from importlib import resources

from alembic import command
from alembic.config import Config

__all__ = ["config", "upgrade", "current"]


def config(engine=None) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location",
                        str(resources.files("bridgelaws.service").joinpath("migrations")))
    if engine is not None:
        cfg.set_main_option("sqlalchemy.url", engine.url.render_as_string(hide_password=False)
                            .replace("%", "%%"))
    cfg.attributes["engine"] = engine
    return cfg


#: the PostgreSQL advisory lock held while the schema is upgraded ("blaw"): several
#: service processes started together over one database migrate one at a time (the
#: first upgrades, the others wait, then find the schema at its newest)
MIGRATION_LOCK = 0x626C6177


def upgrade(engine, revision: str = "head") -> None:
    """Upgrade the database of ``engine`` to ``revision`` (the newest by default).  On
    PostgreSQL the upgrade holds an advisory lock until it commits, so that processes
    starting at once do not race to create the same tables."""
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            from sqlalchemy import text
            connection.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATION_LOCK})
        cfg = config(engine)
        cfg.attributes["connection"] = connection
        command.upgrade(cfg, revision)


def current(engine) -> str | None:
    """The revision the database is at."""
    from alembic.runtime.migration import MigrationContext
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()
