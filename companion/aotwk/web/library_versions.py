"""The card library's history in the database: every change is a version (when, who, how many
facts it changed), the newest one not undone is the library in use, and Undo takes the last
change back. A finished game keeps the version it was scored with (``game_libraries``) until
its table rescores it: before the library changes, every finished game not yet pinned is
pinned to the version in use, in the same transaction.

One code path for SQLite and PostgreSQL (SQLAlchemy Core), like ``companion.web.store``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Integer, and_, delete, literal, select, update
from sqlalchemy.engine import Connection, Engine

from companion.web.store import game_libraries, games, library_versions, utcnow

HISTORY_SHOWN = 20


@dataclass(frozen=True)
class Version:
    id: int
    at: datetime
    by_host: bool
    by_game: str
    facts: dict[str, Any]
    changed: int
    undone_at: datetime | None


def _version(row) -> Version:
    return Version(row.id, row.at, row.by_host, row.by_game, dict(row.facts or {}), row.changed, row.undone_at)


def _writing(engine: Engine):
    # SQLite takes the write lock at BEGIN (see store.make_engine): two saves queue, neither is lost
    return engine.connect().execution_options(writing=True)


def _current(conn: Connection) -> Version | None:
    row = conn.execute(select(library_versions).where(library_versions.c.undone_at.is_(None))
                       .order_by(library_versions.c.id.desc()).limit(1)).first()
    return None if row is None else _version(row)


def current(engine: Engine) -> Version | None:
    """The library in use (None: nothing entered yet)."""
    with engine.connect() as conn:
        return _current(conn)


def history(engine: Engine, limit: int = HISTORY_SHOWN) -> list[Version]:
    """The latest changes, newest first (undone ones included, marked)."""
    with engine.connect() as conn:
        rows = conn.execute(select(library_versions).order_by(library_versions.c.id.desc()).limit(limit)).all()
    return [_version(row) for row in rows]


def _pin_finished_games(conn: Connection, version: Version | None) -> None:
    """Every finished game without a pin keeps the library it has been scored with so far."""
    unpinned = select(games.c.id, literal(version.id if version else None, Integer)).where(
        games.c.phase == "finished",
        ~select(game_libraries.c.game_id).where(game_libraries.c.game_id == games.c.id).exists())
    conn.execute(game_libraries.insert().from_select(["game_id", "version_id"], unpinned))


def changed_count(before: dict[str, Any], after: dict[str, Any]) -> int:
    return sum(1 for path in before.keys() | after.keys() if before.get(path) != after.get(path))


def record(engine: Engine, facts: dict[str, Any], by_host: bool, by_game: str) -> Version | None:
    """Make ``facts`` the library in use, as a new version (nothing written when nothing changed)."""
    with _writing(engine) as conn, conn.begin():
        now = _current(conn)
        before = now.facts if now else {}
        changed = changed_count(before, facts)
        if not changed:
            return now
        _pin_finished_games(conn, now)
        new_id = conn.execute(library_versions.insert().values(
            at=utcnow(), by_host=by_host, by_game=by_game[:200], facts=facts, changed=changed)).inserted_primary_key[0]
        return _version(conn.execute(select(library_versions).where(library_versions.c.id == new_id)).one())


def undo_last(engine: Engine) -> Version | None:
    """Take back the last change in use; returns the version undone (None: nothing to undo)."""
    with _writing(engine) as conn, conn.begin():
        last = _current(conn)
        if last is None:
            return None
        _pin_finished_games(conn, last)
        conn.execute(update(library_versions).where(library_versions.c.id == last.id).values(undone_at=utcnow()))
        return last


def pinned(engine: Engine, game_id: int) -> tuple[bool, Version | None]:
    """(whether the game is pinned, the version it is pinned to: None for the empty library)."""
    with engine.connect() as conn:
        row = conn.execute(select(game_libraries.c.version_id).where(game_libraries.c.game_id == game_id)).first()
        if row is None:
            return False, None
        if row.version_id is None:
            return True, None
        version = conn.execute(select(library_versions).where(library_versions.c.id == row.version_id)).first()
        return True, None if version is None else _version(version)


def pin(engine: Engine, game_id: int, version: Version | None) -> None:
    """Score this game with ``version`` from now on (its table chose to rescore)."""
    with _writing(engine) as conn, conn.begin():
        conn.execute(delete(game_libraries).where(game_libraries.c.game_id == game_id))
        conn.execute(game_libraries.insert().values(game_id=game_id, version_id=version.id if version else None))


def pins_of(engine: Engine, game_ids: list[int]) -> dict[int, dict[str, Any]]:
    """The pinned facts of these games (those pinned), read in one query: the league CSV."""
    if not game_ids:
        return {}
    with engine.connect() as conn:
        rows = conn.execute(
            select(game_libraries.c.game_id, library_versions.c.facts)
            .select_from(game_libraries.outerjoin(library_versions,
                                                  and_(library_versions.c.id == game_libraries.c.version_id)))
            .where(game_libraries.c.game_id.in_(game_ids))).all()
    return {row.game_id: dict(row.facts or {}) for row in rows}


def is_empty(engine: Engine) -> bool:
    with engine.connect() as conn:
        return conn.execute(select(library_versions.c.id).limit(1)).first() is None
