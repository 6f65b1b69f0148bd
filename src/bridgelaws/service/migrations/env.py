"""Alembic's environment: the connection comes from the service (``migrate.upgrade``), or,
for a developer's ``alembic`` command, from BRIDGELAWS_DB."""

import os

from alembic import context
from sqlalchemy import create_engine

from bridgelaws.service.db import Base, normalise_url

target_metadata = Base.metadata
config = context.config


def run() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        context.configure(connection=connection, target_metadata=target_metadata,
                          render_as_batch=connection.dialect.name == "sqlite")
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = create_engine(normalise_url(os.environ.get("BRIDGELAWS_DB", "bridgelaws.db")))
    with engine.begin() as connection:
        context.configure(connection=connection, target_metadata=target_metadata,
                          render_as_batch=connection.dialect.name == "sqlite")
        with context.begin_transaction():
            context.run_migrations()


run()
