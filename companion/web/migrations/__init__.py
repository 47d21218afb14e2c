"""The store's schema, kept by Alembic: each change of ``companion.web.store``'s tables is a
revision in ``versions/`` (README, *Changing the schema*). ``upgrade`` brings a database to the
newest one at start-up (``create_app``) and from ``companion db upgrade``.

A database made before Alembic (no ``alembic_version`` table) goes through the first revision,
which creates only what is missing; an empty one gets the whole schema from the tables as defined
and is stamped, which is what the revisions make (a test compares them), in a fraction of the time.
"""

from __future__ import annotations

from functools import cache

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect
from sqlalchemy.engine import Connection, Engine

from companion.web.store import metadata

LOCATION = "companion.web:migrations"
# PostgreSQL: held for the upgrade's transaction, so servers starting at once upgrade one at a time
UPGRADE_LOCK = 0x636F6D70   # "comp"


def config(connection: Connection | None = None) -> Config:
    settings = Config()
    settings.set_main_option("script_location", LOCATION)
    settings.attributes["connection"] = connection   # env.py runs on it, inside our transaction
    return settings


@cache
def scripts() -> ScriptDirectory:
    return ScriptDirectory.from_config(config())


def head() -> str:
    return scripts().get_current_head()


def current(connection: Connection) -> str | None:
    """The database's revision; None before Alembic (or for an empty database)."""
    return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine) -> None:
    """Bring the database to the newest revision, in one transaction (SQLite's write lock, or
    PostgreSQL's advisory lock: a second server starting meanwhile waits, then finds it done)."""
    with engine.connect().execution_options(writing=True) as conn, conn.begin():
        if conn.dialect.name == "postgresql":
            conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({UPGRADE_LOCK})")
        at = current(conn)
        if at == head():
            return
        if at is None and not inspect(conn).get_table_names():
            metadata.create_all(conn)
            MigrationContext.configure(conn).stamp(scripts(), "head")
        else:
            command.upgrade(config(conn), "head")
