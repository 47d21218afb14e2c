"""Alembic's environment: the store's schema (``companion.web.storage.store.metadata``) on the connection
``companion.web.storage.migrations.upgrade`` hands over, or, for the ``alembic`` command in a checkout
(``alembic.ini``: ``alembic revision --autogenerate``), on ``DATABASE_URL`` or the instance
folder's SQLite file."""

from __future__ import annotations

import os

from alembic import context

from companion.web.storage.migrations import migrating
from companion.web.storage.store import game_tables, make_engine

config = context.config


def run(connection) -> None:
    # render_as_batch: on SQLite a column change rebuilds the table (it has no ALTER COLUMN)
    context.configure(connection=connection, target_metadata=game_tables(), render_as_batch=True,
                      compare_type=True)
    with context.begin_transaction():
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is not None:
    run(connection)
else:   # the alembic command: the same transaction (and locks) as the app's upgrade
    engine = make_engine(os.environ.get("DATABASE_URL") or config.get_main_option("sqlalchemy.url"))
    with migrating(engine) as connection:
        run(connection)
    engine.dispose()
