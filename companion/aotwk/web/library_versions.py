"""The card library's history in the database: every change is a version (when, who, how many
facts it changed), the newest one not undone is the library in use, and Undo takes the last
change back. A game keeps the version it has been scored with (``game_libraries``) until its
table accepts a newer one: before the library changes, every game not yet pinned (in play or
finished) is pinned to the version in use, in the same transaction. A game made after the last
change has no pin and is scored with the library in use, which is the one it started with.

One code path for SQLite and PostgreSQL (SQLAlchemy Core), like ``companion.web.storage.store``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Integer, and_, delete, func, literal, select, update
from sqlalchemy.engine import Connection, Engine

from companion.aotwk.web.tables import game_libraries, library_versions
from companion.web.storage.store import games, utcnow, writing

HISTORY_SHOWN = 20


@dataclass(frozen=True)
class Version:
    id: int
    at: datetime
    by_host: bool
    by_game: str    # the title of the game whose table changed it ("" for none)
    by_group: str   # the name of the group whose phone changed it ("" for none)
    facts: dict[str, Any]
    changed: int
    undone_at: datetime | None


def _version(row) -> Version:
    return Version(row.id, row.at, row.by_host, row.by_game, row.by_group, dict(row.facts or {}), row.changed,
                   row.undone_at)


def _current(conn: Connection) -> Version | None:
    row = conn.execute(select(library_versions).where(library_versions.c.undone_at.is_(None))
                       .order_by(library_versions.c.id.desc()).limit(1)).first()
    return None if row is None else _version(row)


def current(engine: Engine) -> tuple[Version | None, datetime | None]:
    """(the library in use, None: nothing entered yet; when it last changed, None: never). A game
    made after that moment cannot keep another version: it was never pinned, or pinned to this one."""
    with engine.connect() as conn:
        last_made, last_undone = conn.execute(select(func.max(library_versions.c.at),
                                                     func.max(library_versions.c.undone_at))).one()
        moments = [moment for moment in (last_made, last_undone) if moment is not None]
        return _current(conn), max(moments, default=None)


def history(engine: Engine, limit: int = HISTORY_SHOWN) -> list[Version]:
    """The latest changes, newest first (undone ones included, marked)."""
    with engine.connect() as conn:
        rows = conn.execute(select(library_versions).order_by(library_versions.c.id.desc()).limit(limit)).all()
    return [_version(row) for row in rows]


def _pin_unpinned_games(conn: Connection, version: Version | None) -> None:
    """Every game without a pin keeps the library it has been scored with so far."""
    unpinned = select(games.c.id, literal(version.id if version else None, Integer)).where(
        ~select(game_libraries.c.game_id).where(game_libraries.c.game_id == games.c.id).exists())
    conn.execute(game_libraries.insert().from_select(["game_id", "version_id"], unpinned))


def changed_count(before: dict[str, Any], after: dict[str, Any]) -> int:
    return sum(1 for path in before.keys() | after.keys() if before.get(path) != after.get(path))


def record(engine: Engine, facts: dict[str, Any], by_host: bool, by_game: str = "",
           by_group: str = "") -> Version | None:
    """Make ``facts`` the library in use, as a new version (nothing written when nothing changed)."""
    with writing(engine) as conn, conn.begin():
        now = _current(conn)
        before = now.facts if now else {}
        changed = changed_count(before, facts)
        if not changed:
            return now
        _pin_unpinned_games(conn, now)
        new_id = conn.execute(library_versions.insert().values(
            at=utcnow(), by_host=by_host, by_game=by_game[:200], by_group=by_group[:80], facts=facts,
            changed=changed)).inserted_primary_key[0]
        return _version(conn.execute(select(library_versions).where(library_versions.c.id == new_id)).one())


def undo_last(engine: Engine) -> Version | None:
    """Take back the last change in use; returns the version undone (None: nothing to undo)."""
    with writing(engine) as conn, conn.begin():
        last = _current(conn)
        if last is None:
            return None
        _pin_unpinned_games(conn, last)
        conn.execute(update(library_versions).where(library_versions.c.id == last.id).values(undone_at=utcnow()))
        return last


def pinned(engine: Engine, game_id: int) -> tuple[bool, dict[str, Any]]:
    """(whether the game is pinned, the facts of the version it is pinned to: {} for the empty library)."""
    with engine.connect() as conn:
        row = conn.execute(
            select(game_libraries.c.game_id, library_versions.c.facts)
            .select_from(game_libraries.outerjoin(library_versions,
                                                  library_versions.c.id == game_libraries.c.version_id))
            .where(game_libraries.c.game_id == game_id)).first()
    return (False, {}) if row is None else (True, dict(row.facts or {}))


def pin(engine: Engine, game_id: int, version: Version | None) -> None:
    """Score this game with ``version`` from now on (its table accepted it)."""
    with writing(engine) as conn, conn.begin():
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
