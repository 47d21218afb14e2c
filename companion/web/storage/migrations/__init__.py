"""The store's schema, kept by Alembic: each change of ``companion.web.storage.store``'s tables is a
revision in ``versions/`` (docs/development.md, *Changing the schema*). ``upgrade`` brings a database to the
newest one at start-up (``create_app``) and from ``companion db upgrade``.

A database made before Alembic (no ``alembic_version`` table) goes through the first revision,
which creates only what is missing. An empty one gets the whole schema from the tables as defined
and is stamped: the same schema as the revisions make (a test compares them) in about half the
time, which the test suite, making hundreds of databases, feels (bench/schema.py).
"""

from __future__ import annotations

import importlib
import os
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Iterator

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect
from sqlalchemy.engine import Connection, Engine

from companion.games import installed
from companion.web.storage.store import game_tables

LOCATION = "companion.web.storage:migrations"
# PostgreSQL: held for the upgrade's transaction, so servers starting at once upgrade one at a time
UPGRADE_LOCK = 0x636F6D70   # "comp"


def config(connection: Connection | None = None) -> Config:
    settings = Config()
    settings.set_main_option("script_location", LOCATION)
    settings.set_main_option("path_separator", "os")   # version_locations: a list
    settings.set_main_option("version_locations", os.pathsep.join(version_locations()))
    settings.attributes["connection"] = connection   # env.py runs on it, inside our transaction
    return settings


def version_locations() -> list[str]:
    """Where the revisions are: the store's own, then each registered game's (``Game.migrations``),
    one history whichever folder a revision is in."""
    games = [importlib.import_module(game.migrations) for game in installed().values() if game.migrations]
    return [str(Path(__file__).parent / "versions"), *(str(Path(package.__file__).parent) for package in games)]


@cache
def scripts() -> ScriptDirectory:
    return ScriptDirectory.from_config(config())


def head() -> str:
    return scripts().get_current_head()


def current(connection: Connection) -> str | None:
    """The database's revision; None before Alembic (or for an empty database)."""
    return MigrationContext.configure(connection).get_current_revision()


def upgrade(engine: Engine) -> None:
    """Bring the database to the newest revision (see ``migrating``)."""
    with migrating(engine) as conn:
        at = current(conn)
        if at == head():
            return
        if at is None and not inspect(conn).get_table_names():
            game_tables().create_all(conn)
            MigrationContext.configure(conn).stamp(scripts(), "head")
        else:
            command.upgrade(config(conn), "head")


@contextmanager
def migrating(engine: Engine) -> Iterator[Connection]:
    """A connection for changing the schema, in one transaction: SQLite's write lock, or
    PostgreSQL's advisory lock (a second server starting meanwhile waits, then finds it done).

    On SQLite the foreign keys are off meanwhile: a revision that changes a column rebuilds the
    table (``batch_alter_table``), and dropping the old ``games`` with them on would delete every
    event by its ON DELETE CASCADE. They are checked before the transaction commits."""
    with engine.connect().execution_options(writing=True) as conn:
        sqlite = conn.dialect.name == "sqlite"
        if sqlite:   # only outside a transaction does SQLite take this
            conn.connection.driver_connection.execute("PRAGMA foreign_keys=OFF")
        try:
            with conn.begin():
                if conn.dialect.name == "postgresql":
                    conn.exec_driver_sql(f"SELECT pg_advisory_xact_lock({UPGRADE_LOCK})")
                yield conn
                if sqlite and conn.exec_driver_sql("PRAGMA foreign_key_check").first():
                    raise RuntimeError("a migration left rows whose foreign keys point nowhere")
        finally:
            if sqlite:
                conn.connection.driver_connection.execute("PRAGMA foreign_keys=ON")
