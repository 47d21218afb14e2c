"""Who besides the host may change the card library, in the database (``library_owners``): the
table of a game (every phone that opened its edit link here) or a group (every phone that
opened its link). The host or an owner grants one and may remove it; making or opening a game
or a group grants nothing.

One code path for SQLite and PostgreSQL (SQLAlchemy Core), like ``companion.web.storage.store``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, or_, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from companion.web.i18n import game_title
from companion.aotwk.web.tables import library_owners
from companion.web.storage.store import device_games, device_groups, games, groups, utcnow


@dataclass(frozen=True)
class Owner:
    id: int
    game_id: int | None     # the game whose table owns it, or
    group_id: int | None    # the group that owns it
    name: str               # the game's title or the group's name
    granted_at: datetime


_OWNERS = (select(library_owners.c.id, library_owners.c.game_id, library_owners.c.group_id,
                  library_owners.c.granted_at, games.c.title, games.c.created_at, groups.c.name)
           .select_from(library_owners.outerjoin(games, games.c.id == library_owners.c.game_id)
                        .outerjoin(groups, groups.c.id == library_owners.c.group_id)))


def _owner(row) -> Owner:
    name = game_title(row.title, row.created_at) if row.game_id is not None else row.name
    return Owner(row.id, row.game_id, row.group_id, name or "", row.granted_at)


def owners(engine: Engine) -> list[Owner]:
    """Every owner, the first granted first."""
    with engine.connect() as conn:
        return [_owner(row) for row in conn.execute(_OWNERS.order_by(library_owners.c.id))]


def grant(engine: Engine, *, game_id: int | None = None, group_id: int | None = None) -> None:
    """Make a game's table or a group an owner (already one: nothing changes)."""
    if (game_id is None) == (group_id is None):
        raise ValueError("an owner is one game or one group")
    try:
        with engine.connect().execution_options(writing=True) as conn, conn.begin():
            conn.execute(library_owners.insert().values(game_id=game_id, group_id=group_id, granted_at=utcnow()))
    except IntegrityError:   # granted meanwhile, or before: one row each
        pass


def remove(engine: Engine, owner_id: int) -> bool:
    """Whether there was such an owner to remove."""
    with engine.connect().execution_options(writing=True) as conn, conn.begin():
        return conn.execute(delete(library_owners).where(library_owners.c.id == owner_id)).rowcount > 0


def of_device(engine: Engine, device: str) -> Owner | None:
    """The owner this device belongs to (a game's table or a group it opened), if any."""
    opened_game = select(device_games.c.game_id).where(device_games.c.device == device)
    opened_group = select(device_groups.c.group_id).where(device_groups.c.device == device)
    with engine.connect() as conn:
        row = conn.execute(_OWNERS.where(or_(library_owners.c.game_id.in_(opened_game),
                                             library_owners.c.group_id.in_(opened_group)))
                           .order_by(library_owners.c.id).limit(1)).first()
    return None if row is None else _owner(row)


def of_game(engine: Engine, game_id: int) -> Owner | None:
    """The owner this game's table is, if it is one."""
    with engine.connect() as conn:
        row = conn.execute(_OWNERS.where(library_owners.c.game_id == game_id)).first()
    return None if row is None else _owner(row)
