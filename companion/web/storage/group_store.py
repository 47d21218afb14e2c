"""Groups in the event store: a group, its roster, its games, the devices that opened it.

The tables are ``groups``, ``group_games`` and ``device_groups`` in ``companion.web.storage.store``
(the first migration, ``companion/web/storage/migrations``, adds them to a database of an older
release). A game belongs to at most one group: ``group_games``
is keyed by the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, select, update

from companion.groups.roster import with_players
from companion.web.storage.store import Store, device_groups, games, group_games, groups, new_token, remember_recent, utcnow


class GroupNotFound(LookupError):
    pass


@dataclass(frozen=True)
class Group:
    id: int
    token: str        # the organiser's link: changes everything
    view_token: str   # the view link: reads the group and changes nothing
    name: str
    created_at: datetime
    roster: list
    season_from: str | None


@dataclass(frozen=True)
class GameRow:
    """A group's game as its page lists it: no state (what the game says is read once per revision)."""
    id: int
    edit_token: str
    view_token: str
    title: str
    created_at: datetime
    revision: int
    phase: str


def _group(row) -> Group:
    return Group(id=row.id, token=row.token, view_token=row.view_token, name=row.name, created_at=row.created_at,
                 roster=list(row.roster or []), season_from=row.season_from)


class GroupStore:
    """The group queries, over the game store's engine."""

    def __init__(self, store: Store):
        self.store = store
        self.engine = store.engine

    def create(self, name: str) -> Group:
        values = dict(token=new_token(), view_token=new_token(), name=name, created_at=utcnow(), roster=[], season_from=None)
        with self.store._writing() as conn, conn.begin():
            group_id = conn.execute(groups.insert().values(**values)).inserted_primary_key[0]
            return _group(conn.execute(select(groups).where(groups.c.id == group_id)).one())

    def find(self, token: str) -> Group:
        """The group whose organiser's link this is."""
        return self._find_by(groups.c.token, token)

    def find_by_view(self, view_token: str) -> Group:
        """The group whose view link this is."""
        return self._find_by(groups.c.view_token, view_token)

    def _find_by(self, column, token: str) -> Group:
        with self.engine.connect() as conn:
            row = conn.execute(select(groups).where(column == token)).first()
        if row is None:
            raise GroupNotFound(token)
        return _group(row)

    def of_game(self, game_id: int) -> Group | None:
        """The group a game belongs to, if any (none while the organiser has taken it out)."""
        with self.engine.connect() as conn:
            row = conn.execute(select(groups).join(group_games, group_games.c.group_id == groups.c.id)
                               .where(group_games.c.game_id == game_id, group_games.c.removed_at.is_(None))).first()
        return None if row is None else _group(row)

    def games(self, group: Group, removed: bool = False) -> list[GameRow]:
        """The group's games, oldest first, without their states; ``removed``: those the organiser
        took out of it instead (most recently removed first)."""
        kept = group_games.c.removed_at.is_not(None) if removed else group_games.c.removed_at.is_(None)
        order = (group_games.c.removed_at.desc(), games.c.id.desc()) if removed else (games.c.created_at, games.c.id)
        with self.engine.connect() as conn:
            rows = conn.execute(select(games.c.id, games.c.edit_token, games.c.view_token, games.c.title, games.c.created_at,
                                       games.c.revision, games.c.phase)
                                .join(group_games, group_games.c.game_id == games.c.id)
                                .where(group_games.c.group_id == group.id, kept)
                                .order_by(*order)).all()
        return [GameRow(row.id, row.edit_token, row.view_token, row.title, row.created_at, row.revision, row.phase)
                for row in rows]

    def game(self, group: Group, view_token: str) -> GameRow | None:
        """One game of the group (taken out of it or not) by its view link; None for any other."""
        with self.engine.connect() as conn:
            row = conn.execute(select(games.c.id, games.c.edit_token, games.c.view_token, games.c.title, games.c.created_at,
                                      games.c.revision, games.c.phase)
                               .join(group_games, group_games.c.game_id == games.c.id)
                               .where(group_games.c.group_id == group.id, games.c.view_token == view_token)).first()
        return None if row is None else GameRow(row.id, row.edit_token, row.view_token, row.title, row.created_at,
                                                row.revision, row.phase)

    def set_removed(self, group: Group, game_id: int, removed: bool) -> None:
        """Take a game out of the group (it keeps its own links and its place in no other group),
        or put it back."""
        with self.store._writing() as conn, conn.begin():
            conn.execute(update(group_games).where(group_games.c.group_id == group.id, group_games.c.game_id == game_id)
                         .values(removed_at=utcnow() if removed else None))

    def add_game(self, group: Group, game_id: int, players: list[dict]) -> None:
        """The game joins the group (leaving any other it was in: a game has at most one), and
        its players the roster (one transaction: the roster is read and written under the write lock)."""
        with self.store._writing() as conn, conn.begin():
            conn.execute(delete(group_games).where(group_games.c.game_id == game_id))
            conn.execute(group_games.insert().values(game_id=game_id, group_id=group.id, added_at=utcnow()))
            roster = conn.execute(select(groups.c.roster).where(groups.c.id == group.id).with_for_update()).scalar()
            conn.execute(update(groups).where(groups.c.id == group.id)
                         .values(roster=with_players(roster or [], players)))

    def save_roster(self, group: Group, roster: list) -> Group:
        with self.store._writing() as conn, conn.begin():
            conn.execute(update(groups).where(groups.c.id == group.id).values(roster=roster))
            return _group(conn.execute(select(groups).where(groups.c.id == group.id)).one())

    def save_season(self, group: Group, season_from: str | None) -> Group:
        with self.store._writing() as conn, conn.begin():
            conn.execute(update(groups).where(groups.c.id == group.id).values(season_from=season_from))
            return _group(conn.execute(select(groups).where(groups.c.id == group.id)).one())

    # -- this device's groups ---------------------------------------------------------

    def remember_device_group(self, device: str, group: Group, keep: int) -> None:
        with self.store._writing() as conn, conn.begin():
            remember_recent(conn, device_groups.c.group_id, device, group.id, keep)

    def device_groups(self, device: str) -> list[Group]:
        """The groups this device opened, most recently seen first."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(groups).join(device_groups, device_groups.c.group_id == groups.c.id)
                                .where(device_groups.c.device == device)
                                .order_by(device_groups.c.seen_at.desc())).all()
        return [_group(row) for row in rows]
