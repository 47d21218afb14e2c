"""The event store: every game and every change to it, in SQLite or PostgreSQL.

One code path for both databases (SQLAlchemy Core). A change runs in one
transaction that first locks the game's row (``SELECT ... FOR UPDATE`` on
PostgreSQL; on SQLite the transaction starts with ``BEGIN IMMEDIATE``, which
takes the database's write lock), so two phones changing the same game at once
are serialised and neither update is lost.

The current state is cached on the game row (``state``) in the same transaction
that writes the event, so reading a game is one row and polling is one integer.

A tap is applied once: a change may carry the request id the phone made for it.
Each id is kept in ``applied_requests`` with what it did (the event it wrote or
flipped, the revision after it, its notes), for as long as the game lives: inside
the locked transaction a known id raises AlreadyApplied before anything is
written, so a retry after a timeout, a double tap, a tap resent after an Undo or
after another phone's Redo changes nothing, and gets the first answer again.
A new game made with a request id is kept in ``created_requests`` likewise, under the device
(the session) that sent it: the same id from another device makes a game of its own, and no
device is ever answered with a game another one made.

Every write goes through the change pipeline (``companion.web.changes``); the
store only knows how to make one change atomically.
"""

from __future__ import annotations

import importlib
import json
import secrets
import sqlite3
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Callable

from sqlalchemy import (
    JSON, Boolean, Column, DateTime, ForeignKey, Index, Integer, MetaData, String, Table,
    UniqueConstraint, bindparam, create_engine, delete, event, func, select, update,
)
from sqlalchemy.engine import Connection, Engine

from companion.games import installed, kind_of
from companion.i18n.reasons import from_stored, stored
from companion.web.storage.cache import LRUCache

metadata = MetaData()

games = Table(
    "games", metadata,
    Column("id", Integer, primary_key=True),
    Column("edit_token", String(64), nullable=False, unique=True),
    Column("view_token", String(64), nullable=False, unique=True),
    Column("title", String(200), nullable=False, default=""),
    Column("created_at", DateTime(timezone=True), nullable=False),
    Column("updated_at", DateTime(timezone=True), nullable=False),
    Column("revision", Integer, nullable=False, default=0),
    Column("phase", String(20), nullable=False),
    Column("initial_state", JSON, nullable=False),
    # The state after the last active event (or the initial state): a cache
    # written in the same transaction as the event, never out of step.
    Column("state", JSON, nullable=False),
    # Events that came with an imported document: shown and exported, never undone.
    Column("imported_events", JSON, nullable=False, default=list),
    # The moves waiting for their player's answer, by seat: {"0": {"move": {"kind": "build", "player": 0,
    # "building": "tavern"}}}. Not game state (the rules never see it): a question every phone shows
    # until its player answers (the move that matches it clears it) or cancels (``set_pending``).
    Column("pending", JSON, nullable=True),
)
# The games whose ids a JSON list holds (SQLite's json_each): ``Store.revisions``, one statement for any list.
REVISIONS_OF_LISTED = select(games.c.id, games.c.revision).where(
    games.c.id.in_(select(func.json_each(bindparam("ids")).table_valued("value").c.value)))

events = Table(
    "events", metadata,
    Column("id", Integer, primary_key=True),
    Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    Column("move", JSON, nullable=False),
    Column("notes", JSON, nullable=False, default=list),
    Column("state_after", JSON, nullable=False),
    Column("undone", Boolean, nullable=False, default=False),
    UniqueConstraint("game_id", "seq", name="events_game_seq"),
)
# The id the phone made for each change (a move, an undo, a redo) and what it did, kept apart from
# the events: an undone event may be dropped, a flipped one flipped again, the id is still known.
applied_requests = Table(
    "applied_requests", metadata,
    Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("request_id", String(64), primary_key=True),
    Column("action", String(8), nullable=False),     # "move", "undo", "redo"; "ask" or "cancel" (set_pending)
    Column("seq", Integer, nullable=False),          # the event it wrote or flipped
    Column("revision", Integer, nullable=False),     # the game's revision just after it
    Column("at", DateTime(timezone=True), nullable=False),
    Column("move", JSON, nullable=False),
    Column("notes", JSON, nullable=False, default=list),
    Column("seat", Integer, nullable=True),          # the seat the sending phone had claimed (None: none)
)
# A new game sent twice (a retried "Start the game", an import resent) is made once. The id is the
# sending device's own (its session's device id): another device's id, however simple, is another game.
created_requests = Table(
    "created_requests", metadata,
    Column("device", String(64), primary_key=True),
    Column("request_id", String(64), primary_key=True),
    Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
)
# What Undo and Redo name, whether they can act, and the undone events a new change drops are
# each found at one end of this index: no read grows with the length of the game.
UNDO_INDEX = Index("events_game_undone", events.c.game_id, events.c.undone, events.c.seq)
# The league CSV reads the finished games only, not every game on the server.
PHASE_INDEX = Index("games_phase", games.c.phase)

# A finished game's rematch (the next game, same players one seat on): made once, whoever asks
# first (a second "Rematch" leads to it), and written in the same transaction that moves the finished
# game's revision on, so every phone on it hears through its live stream. ``revision``: the finished
# game's revision that made the link (its phones say "a rematch has started" for that one).
rematches = Table(
    "rematches", metadata,
    Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("rematch_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    Column("revision", Integer, nullable=False),
)

# Which device opened which game: the home page's "games on this device", kept
# here so edit tokens never travel in a cookie (the session holds only the device id).
device_games = Table(
    "device_games", metadata,
    Column("device", String(64), primary_key=True),
    Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seen_at", DateTime(timezone=True), nullable=False),
)

# -- groups: a group's players and the games that belong to it ---------------------------
# (issue 19; companion.web.storage.group_store reads and writes them)

groups = Table(
    "groups", metadata,
    Column("id", Integer, primary_key=True),
    Column("token", String(64), nullable=False, unique=True),   # the organiser's key: changes everything
    Column("view_token", String(64), nullable=False, unique=True),   # reads the group, changes nothing
    Column("name", String(80), nullable=False),
    Column("created_at", DateTime(timezone=True), nullable=False),
    # [{"name", "colour", "board", "merged": [other spellings]}]: who plays, kept without accounts
    Column("roster", JSON, nullable=False, default=list),
    Column("season_from", String(10), nullable=True),   # ISO date: the league table counts games since
)

# A game belongs to at most one group: the game is the key.
group_games = Table(
    "group_games", metadata,
    Column("game_id", Integer, ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("group_id", Integer, ForeignKey("groups.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("added_at", DateTime(timezone=True), nullable=False),
    # set while the organiser has taken the game out of the group (it keeps its own links; undone by clearing it)
    Column("removed_at", DateTime(timezone=True), nullable=True),
)

# Which device opened which group (the home page lists them as it lists games).
device_groups = Table(
    "device_groups", metadata,
    Column("device", String(64), primary_key=True),
    Column("group_id", Integer, ForeignKey("groups.id", ondelete="CASCADE"), primary_key=True),
    Column("seen_at", DateTime(timezone=True), nullable=False),
)


TOKEN_BYTES = 24  # 192 bits, URL-safe base64: 32 characters


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def writing(engine: Engine) -> Connection:
    """A connection for a change: on SQLite it takes the write lock at BEGIN (``make_engine``),
    so two changes queue and neither is lost."""
    return engine.connect().execution_options(writing=True)


def game_tables() -> MetaData:
    """The store's schema with every registered game's own tables on it (``Game.tables``)."""
    for game in installed().values():
        if game.tables:
            importlib.import_module(game.tables)
    return metadata


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


def iso(moment: datetime) -> str:
    """ISO 8601 in UTC with a Z, whatever the database handed back (SQLite drops the zone)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


class GameNotFound(LookupError):
    pass


class StaleRevision(Exception):
    """A change that must be made against the current revision was made against an older one."""

    def __init__(self, current: int):
        self.current = current
        super().__init__(f"the game is at revision {current}")


class NothingToDo(Exception):
    """Undo with nothing to undo, redo with nothing to redo."""


class AlreadyApplied(Exception):
    """A repeat of a tap the store already applied (same request id): nothing was changed.

    ``game`` is the game as it is now, ``record`` the event the first tap wrote
    (a move) or flipped (an undo or redo) as it was then, ``revision`` the revision
    the first tap made, so the answer can repeat the first one.
    """

    def __init__(self, game: "Game", record: "EventRecord", flipped: bool, revision: int):
        self.game, self.record, self.flipped, self.revision = game, record, flipped, revision
        super().__init__("this request was already applied")


@dataclass(frozen=True)
class Game:
    id: int
    edit_token: str
    view_token: str
    title: str
    created_at: datetime
    updated_at: datetime
    revision: int
    phase: str
    state: dict
    imported_events: list
    can_undo: bool = False
    can_redo: bool = False
    pending: dict | None = None   # the moves waiting for an answer, by seat (the ``pending`` column)
    kind: str = field(init=False)   # which registered game it is, decided once when it is read

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", kind_of(self.state))

    def waiting(self) -> dict:
        return dict(self.pending or {})


@dataclass(frozen=True)
class Rematch:
    """A finished game's rematch: its two links and the finished game's revision that announced it."""
    edit_token: str
    view_token: str
    revision: int


@dataclass(frozen=True)
class EventRecord:
    seq: int
    at: datetime
    move: dict
    notes: list
    undone: bool

    def __post_init__(self) -> None:   # codes among the notes (a bot turn's steps) come back as codes
        object.__setattr__(self, "notes", from_stored(self.notes or []))


NO_REMATCH = Rematch("", "", -1)   # what the store keeps for a game without one (its cache keeps no None)


# -- engine -------------------------------------------------------------------

def database_url(url: str) -> str:
    """Accept plain ``postgresql://`` (and Heroku's ``postgres://``) URLs and use psycopg 3 for them."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def make_engine(url: str) -> Engine:
    url = database_url(url)
    if not url.startswith("sqlite"):
        return create_engine(url, pool_pre_ping=True)
    engine = create_engine(url, connect_args={"timeout": 30})

    @event.listens_for(engine, "connect")
    def _sqlite_pragmas(dbapi_connection, _record):
        # Let SQLAlchemy's "begin" event below issue BEGIN itself (pysqlite's own
        # transaction handling would start a deferred transaction too late).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")       # readers never wait for the writer
        cursor.execute("PRAGMA synchronous=FULL")       # an acknowledged change survives a crash
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _sqlite_begin(conn: Connection):
        # Writers take the write lock at BEGIN, so two changes to one game
        # queue up instead of failing half-way with "database is locked".
        writing = conn.get_execution_options().get("writing", False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if writing else "BEGIN")

    return engine


# The reads every page and poll makes, built once (a statement is immutable; SQLAlchemy caches its compiled form).
_HEAD_OF_TOKEN = select(games.c.id, games.c.revision, games.c.edit_token).where(
    (games.c.edit_token == bindparam("token")) | (games.c.view_token == bindparam("token")))
_REVISION_OF_GAME = select(games.c.revision).where(games.c.id == bindparam("id"))
# A change's statements, built once too: building one costs several times what SQLite takes to run it.
def _locking(*columns):
    return select(*columns).where(games.c.edit_token == bindparam("token")).with_for_update()


_LOCK_GAME = _locking(games)
# What a move reads of its game (a move never goes back to the start: no initial state to parse).
_LOCK_GAME_FOR_A_MOVE = _locking(*(column for column in games.c if column.name != "initial_state"))
_APPLIED_REQUEST = select(applied_requests).where(applied_requests.c.game_id == bindparam("game"),
                                                  applied_requests.c.request_id == bindparam("request_id"))
_NEW_EVENT = events.insert()
_NEW_APPLIED_REQUEST = applied_requests.insert()
_NEW_STATE = update(games).where(games.c.id == bindparam("game"))   # the columns set are the parameters given
_ACTION_AT = select(applied_requests.c.action, applied_requests.c.seat).where(
    applied_requests.c.game_id == bindparam("game"), applied_requests.c.revision == bindparam("revision")).limit(1)


class CommitWatch:
    """SQLite only: whether any connection, of any process, committed since the last look, and then
    the revisions of the watched games. Asked on the event loop up to thirteen times a second, so it
    is cheap and never waits: a connection of its own asks ``PRAGMA data_version`` (it changes only
    when another connection committed: a few microseconds, no page read) and reads the revisions
    only when it changed; ``busy_timeout`` 0, so a look that finds the database busy says nothing
    and the next one catches up. (A look through the pool and a thread cost a hundred times more,
    most of an idle server's processor time.)"""

    def __init__(self, engine: Engine):
        self._engine = engine
        self._sql = str(REVISIONS_OF_LISTED.compile(dialect=engine.dialect))
        self._connection = None
        self._version = None

    def revisions(self, game_ids) -> dict[int, int] | None:
        """The revisions of these games (those that exist) if a commit may have moved one since the
        last look, else None."""
        try:
            if self._connection is None:
                self._connection = self._engine.raw_connection()
                self._connection.detach()          # its own for good: busy_timeout 0 stays with it
                self._connection.execute("PRAGMA busy_timeout=0")
            version = self._connection.execute("PRAGMA data_version").fetchone()[0]
            if version == self._version:
                return None
            found = dict(self._connection.execute(self._sql, (json.dumps(list(game_ids)),)).fetchall())
        except sqlite3.OperationalError as error:
            if getattr(error, "sqlite_errorcode", None) in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
                return None
            self.close()                           # a database gone or out of reach: connect again next time
            raise
        self._version = version                    # only once read: a look that failed is made again
        return found

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None


# -- the store ----------------------------------------------------------------

Applier = Callable[[dict], tuple[dict, list]]
# Told (game id, revision) after every commit this process makes.
RevisionListener = Callable[[int, int], None]
# PostgreSQL's channel for the same news from every process; the payload is
# "<game id>:<revision>:<writer>", the writer naming the Store (the process) that committed.
REVISION_CHANNEL = "companion_revisions"
_NOTIFY = select(func.pg_notify(REVISION_CHANNEL, bindparam("payload")))


class Store:
    # How long a poll may trust a revision it read from the database. Changes made
    # through this process are known at once; another process's (several servers on
    # one PostgreSQL) within this long, well inside the 3 s a phone may wait.
    REVISION_TTL = 0.5
    REVISIONS_KEPT = 20_000
    GAMES_KEPT = 256   # games kept whole in memory, each at its newest revision read here

    def __init__(self, engine: Engine):
        self.engine = engine
        self._tokens = LRUCache(capacity=self.REVISIONS_KEPT)   # token -> (game id, grants edits): never changes
        self._latest: dict[int, tuple[int, float]] = {}        # game id -> (revision, when this process knew it)
        self._games_read = LRUCache(capacity=self.GAMES_KEPT)   # (game id, revision) -> the game then
        self._ends_at = LRUCache(capacity=self.GAMES_KEPT)      # (game id, revision) -> its undo ends, after a move
        self._moved_here = LRUCache(capacity=self.GAMES_KEPT)   # edit token -> (revision, seq) of this process's last move
        self._actions_at = LRUCache(capacity=self.GAMES_KEPT)   # (game id, revision) -> (action that made it, its seat)
        self._rematches = LRUCache(capacity=self.GAMES_KEPT)    # (game id, revision) -> its Rematch, or NO_REMATCH
        self._listeners: list[RevisionListener] = []
        self._written: dict[int, int] = {}   # game id -> the newest revision this process wrote (or is writing)
        self.notifies = engine.dialect.name == "postgresql"
        # Names this process's commits in their NOTIFY: its own listener hears of them from
        # ``subscribe`` instead, after the phone that made the change has its answer.
        self.writer = secrets.token_hex(6)

    def subscribe(self, listener: RevisionListener) -> None:
        """Call ``listener(game_id, revision)`` after every commit of this store (from the committing thread)."""
        self._listeners.append(listener)

    def _remember(self, game: Game) -> Game:
        """After a commit: the poll's memory and the listeners learn the game's new revision."""
        self._tokens.put(game.edit_token, (game.id, True))
        self._tokens.put(game.view_token, (game.id, False))
        self.learn(game.id, game.revision)
        self._keep(game)
        for listener in self._listeners:
            listener(game.id, game.revision)
        return game

    def ping(self) -> None:
        with self.engine.connect() as conn:
            conn.exec_driver_sql("SELECT 1")

    def _writing(self):
        return writing(self.engine)

    # -- reading --------------------------------------------------------------

    def learn(self, game_id: int, revision: int) -> None:
        """This process now knows the game is at this revision (its own commit, or news of another
        process's: ``companion.web.serving.live``)."""
        if len(self._latest) > self.REVISIONS_KEPT:
            self._latest.clear()
        known = self._latest.get(game_id)
        if known is None or revision >= known[0]:
            self._latest[game_id] = (revision, time.monotonic())

    def wrote_here(self, game_id: int, revision: int) -> bool:
        """Whether this process wrote the game's revision (or is writing it: a revision is this process's
        from before its transaction commits), so it is no other process's change."""
        return revision <= self._written.get(game_id, -1)

    def remembered(self, token: str, at_least: int | None = None) -> tuple[int, int, bool] | None:
        """(game id, revision, whether the token grants edits) from this process's memory alone, while
        the revision is recent (``REVISION_TTL``) and no older than ``at_least``; None otherwise."""
        known_token = self._tokens.get(token)
        if known_token is None:
            return None
        known = self._latest.get(known_token[0])
        if known and time.monotonic() - known[1] < self.REVISION_TTL and (at_least is None or known[0] >= at_least):
            return known_token[0], known[0], known_token[1]
        return None

    def _head(self, token: str, fresh: bool = False, at_least: int | None = None) -> tuple[int, int, bool]:
        """(game id, revision, whether the token grants edits). The revision comes from memory while
        it is recent (``REVISION_TTL``) unless ``fresh`` is asked or a phone has seen a newer one
        (``at_least``): then from the database, in one indexed read."""
        remembered = None if fresh else self.remembered(token, at_least)
        if remembered is not None:
            return remembered
        known_token = self._tokens.get(token)
        with self.engine.connect() as conn:
            if known_token is not None:
                revision = conn.execute(_REVISION_OF_GAME, {"id": known_token[0]}).scalar()
                if revision is None:
                    raise GameNotFound(token)
            else:
                row = conn.execute(_HEAD_OF_TOKEN, {"token": token}).first()
                if row is None:
                    raise GameNotFound(token)
                known_token, revision = (row.id, row.edit_token == token), row.revision
                self._tokens.put(token, known_token)
        self.learn(known_token[0], revision)
        return known_token[0], revision, known_token[1]

    def find(self, token: str, fresh: bool = False) -> tuple[Game, bool]:
        """The game behind an edit or a view token, and whether the token grants edits.

        A revision never changes once written, so the game as it stood at its current revision
        is read whole once and kept: the other phones asking for it after a change (and every
        page of a quiet game) cost no read at all while the revision is known here, one indexed
        read of it otherwise. ``fresh``: the revision from the database (a change is about to
        be judged against it)."""
        game_id, revision, editable = self._head(token, fresh)
        game = self._games_read.get((game_id, revision))
        if game is None:
            with self.engine.connect() as conn:
                game = self._keep(self._game(conn, conn.execute(select(games).where(games.c.id == game_id)).one()))
            self.learn(game.id, game.revision)
        return game, editable

    def forget(self) -> None:
        """Drop what this process remembers of games (their revisions, the games read whole): for
        a database changed behind the app's back, which is written only through a store."""
        self._latest.clear()
        for kept in (self._games_read, self._ends_at, self._moved_here, self._actions_at, self._rematches):
            kept.clear()

    def _keep(self, game: Game) -> Game:
        self._games_read.put((game.id, game.revision), game)
        return game

    def access(self, token: str) -> tuple[int, bool] | None:
        """(game id, whether the token grants edits) without reading the state: the cheap gate of a change."""
        try:
            game_id, _revision, editable = self._head(token)
        except GameNotFound:
            return None
        return game_id, editable

    def revision(self, token: str, at_least: int | None = None) -> int | None:
        """The revision behind a token (edit or view), None for an unknown one: the cheap poll,
        usually answered from memory (from the database when the phone has seen a newer one)."""
        try:
            return self._head(token, at_least=at_least)[1]
        except GameNotFound:
            return None

    def shows_current(self, token: str, seen: int | None, memory_only: bool = False) -> bool:
        """Whether a page at revision ``seen`` still shows the game's current one (a poll's 204).
        ``memory_only``: answered without the database (beside Flask, on the event loop); False
        where only the database could tell."""
        if seen is None:
            return False
        if memory_only:
            remembered = self.remembered(token, at_least=seen)
            return remembered is not None and remembered[1] == seen
        return self.revision(token, at_least=seen) == seen

    def game_revision(self, token: str) -> tuple[int, int] | None:
        """(game id, revision) behind an edit or a view token, None for an unknown one: where a stream
        starts, from the database (it is answered beside Flask, in a look-up thread)."""
        try:
            game_id, revision, _editable = self._head(token, fresh=True)
        except GameNotFound:
            return None
        return game_id, revision

    def revisions(self, game_ids) -> dict[int, int]:
        """The revision of each of these games, in one query (a stream listener catching up): on SQLite
        the ids go as one JSON list, as in ``CommitWatch``, so the statement is the same each time (an
        ``IN`` of N values is expanded and compiled again at every call, 2.5 times slower)."""
        with self.engine.connect() as conn:
            if conn.dialect.name == "sqlite":
                return dict(conn.execute(REVISIONS_OF_LISTED, {"ids": json.dumps(list(game_ids))}).all())
            return dict(conn.execute(select(games.c.id, games.c.revision).where(games.c.id.in_(list(game_ids)))).all())

    def commit_watch(self) -> "CommitWatch":
        """SQLite: what tells the watcher of open streams that another connection committed."""
        return CommitWatch(self.engine)

    def titles(self, edit_tokens: list[str]) -> list[Game]:
        """The games behind these edit tokens, newest change first (for the home page)."""
        if not edit_tokens:
            return []
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(games).where(games.c.edit_token.in_(edit_tokens)).order_by(games.c.updated_at.desc())
            ).all()
            return [self._game(conn, row, with_flags=False) for row in rows]

    def device_tokens(self, device: str) -> list[str]:
        """The edit tokens of the games this device opened, most recently seen first."""
        with self.engine.connect() as conn:
            return list(conn.execute(
                select(games.c.edit_token).join(device_games, device_games.c.game_id == games.c.id)
                .where(device_games.c.device == device).order_by(device_games.c.seen_at.desc())
            ).scalars())

    def remember_device_game(self, device: str, edit_token: str, keep: int) -> None:
        """Note that this device opened this game; only its ``keep`` most recent games are kept."""
        with self._writing() as conn, conn.begin():
            game_id = conn.execute(select(games.c.id).where(games.c.edit_token == edit_token)).scalar()
            if game_id is None:
                return
            remember_recent(conn, device_games.c.game_id, device, game_id, keep)

    def finished(self) -> list[Game]:
        """Every finished game, oldest first (for the league CSV)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(games).where(games.c.phase == "finished").order_by(games.c.created_at, games.c.id)
            ).all()
            return [self._game(conn, row, with_flags=False) for row in rows]

    def history(self, game_id: int, seqs: list[int] | None = None) -> list[EventRecord]:
        """The game's events in order (only those numbered ``seqs``, when given)."""
        query = select(events.c.seq, events.c.at, events.c.move, events.c.notes, events.c.undone) \
            .where(events.c.game_id == game_id).order_by(events.c.seq)
        if seqs is not None:
            query = query.where(events.c.seq.in_(list(seqs)))
        with self.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [EventRecord(r.seq, r.at, r.move, r.notes, r.undone) for r in rows]

    def history_outline(self, game_id: int) -> list[EventRecord]:
        """Every event of the game with only its move's kind and player (no time, no notes): what
        the history page needs to group a long game into rounds without reading every event whole."""
        kind, player = events.c.move["kind"].as_string(), events.c.move["player"].as_string()
        with self.engine.connect() as conn:
            rows = conn.execute(select(events.c.seq, kind.label("kind"), player.label("player"), events.c.undone)
                                .where(events.c.game_id == game_id).order_by(events.c.seq)).all()
        return [EventRecord(r.seq, None, {"kind": r.kind, "player": r.player}, [], r.undone) for r in rows]

    def last_event(self, game_id: int, kind: str) -> EventRecord | None:
        """The last event in force of this kind (the bot's last turn), read from one end of the history."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(events.c.seq, events.c.at, events.c.move, events.c.notes, events.c.undone)
                .where(events.c.game_id == game_id, events.c.undone.is_(False),
                       events.c.move["kind"].as_string() == kind)
                .order_by(events.c.seq.desc()).limit(1)).first()
        return EventRecord(row.seq, row.at, row.move, row.notes, row.undone) if row else None

    def undo_ends(self, game_id: int, revision: int | None = None) -> list[EventRecord]:
        """The last active event and the first undone one (what Undo and Redo name), read
        without the rest of the history: a long game's every revision needs only these two.
        Given the revision a move made here led to, they are that move alone: not read again."""
        known = self._ends_at.get((game_id, revision)) if revision is not None else None
        if known is not None:
            return known
        columns = (events.c.seq, events.c.at, events.c.move, events.c.notes, events.c.undone)
        with self.engine.connect() as conn:
            last_active = conn.execute(select(*columns).where(events.c.game_id == game_id, events.c.undone.is_(False))
                                       .order_by(events.c.seq.desc()).limit(1)).first()
            first_undone = conn.execute(select(*columns).where(events.c.game_id == game_id, events.c.undone.is_(True))
                                        .order_by(events.c.seq).limit(1)).first()
        return [EventRecord(r.seq, r.at, r.move, r.notes, r.undone) for r in (last_active, first_undone) if r]

    def action_at(self, game_id: int, revision: int) -> tuple[str | None, int | None]:
        """What made this revision ("move", "undo", "redo", "ask", "cancel"; None when no phone's
        request made it, as with a form sent without script) and the seat the phone that sent it had
        claimed (None: none). Another phone says "Ann undid: ..." from it, where Undo's own name would
        be an older change."""
        known = self._actions_at.get((game_id, revision))
        if known is not None:
            return known
        with self.engine.connect() as conn:
            found = conn.execute(_ACTION_AT, {"game": game_id, "revision": revision}).first()
        if found is None:
            return None, None
        made = (found.action, found.seat)
        self._actions_at.put((game_id, revision), made)   # never changes: read once, whatever language asks next
        return made

    def _game(self, conn: Connection, row, with_flags: bool = True) -> Game:
        can_undo = can_redo = False
        if with_flags:
            def any_event(undone: bool):
                return select(events.c.id).where(events.c.game_id == row.id, events.c.undone.is_(undone)).exists()
            can_undo, can_redo = conn.execute(select(any_event(False), any_event(True))).one()
            can_undo, can_redo = bool(can_undo), bool(can_redo)
        return Game(
            id=row.id, edit_token=row.edit_token, view_token=row.view_token, title=row.title,
            created_at=row.created_at, updated_at=row.updated_at, revision=row.revision,
            phase=row.phase, state=row.state, imported_events=row.imported_events or [],
            can_undo=can_undo, can_redo=can_redo, pending=row.pending or None,
        )

    # -- writing --------------------------------------------------------------

    def create(self, state: dict, imported_events: list | None = None, request_id: str | None = None,
               device: str | None = None) -> Game:
        """Store a new game. A request id this device already used to make a game returns that game,
        unchanged; an id is kept only with the device that sent it."""
        return self._remember(self._create(state, imported_events, request_id if device else None, device))

    def _create(self, state: dict, imported_events: list | None, request_id: str | None,
                device: str | None) -> Game:
        with self._writing() as conn, conn.begin():
            if request_id:
                made = conn.execute(select(games).join(created_requests, created_requests.c.game_id == games.c.id)
                                    .where(created_requests.c.device == device,
                                           created_requests.c.request_id == request_id)).first()
                if made is not None:
                    return self._game(conn, made)
            game = self._insert_game(conn, state, imported_events)
            if request_id:
                conn.execute(created_requests.insert().values(device=device, request_id=request_id, game_id=game.id))
            return game

    def _insert_game(self, conn: Connection, state: dict, imported_events: list | None) -> Game:
        now = utcnow()
        values = dict(
            edit_token=new_token(), view_token=new_token(), title=str(state.get("title") or "")[:200],
            created_at=now, updated_at=now, revision=0, phase=state.get("phase", "playing"),
            initial_state=state, state=state, imported_events=imported_events or [],
        )
        game_id = conn.execute(games.insert().values(**values)).inserted_primary_key[0]
        return self._game(conn, conn.execute(select(games).where(games.c.id == game_id)).one())

    # -- a finished game's rematch --------------------------------------------------------

    def rematch(self, edit_token: str, make: Callable[[dict], dict]) -> tuple[Game, Game, bool]:
        """The game's rematch, made by ``make(state)`` under the game's lock unless it has one already
        (two phones tapping "Rematch" at once get the same one): (the game as it is now, its rematch,
        whether it was made now). Made now, the game moves one revision on in the same transaction,
        without an event (nothing in it changed): its open pages hear of it and fetch the link."""
        with self._writing() as conn, conn.begin():
            row = self._lock(conn, edit_token)
            linked = conn.execute(select(games).join(rematches, rematches.c.rematch_id == games.c.id)
                                  .where(rematches.c.game_id == row.id)).first()
            if linked is not None:
                return self._game(conn, row), self._game(conn, linked), False
            made = self._insert_game(conn, make(row.state), None)
            announced = row.revision + 1
            conn.execute(rematches.insert().values(game_id=row.id, rematch_id=made.id, revision=announced))
            conn.execute(update(games).where(games.c.id == row.id).values(revision=announced))
            self._notify(conn, row.id, announced)
            finished = self._game(conn, conn.execute(select(games).where(games.c.id == row.id)).one())
        self._remember(made)
        return self._remember(finished), made, True

    def rematch_of(self, game: Game) -> Rematch | None:
        """The game's rematch, None while it has none: read once per revision (a link is made only
        with a new revision of the game)."""
        def read():
            with self.engine.connect() as conn:
                found = conn.execute(select(games.c.edit_token, games.c.view_token, rematches.c.revision)
                                     .join(rematches, rematches.c.rematch_id == games.c.id)
                                     .where(rematches.c.game_id == game.id)).first()
            return Rematch(*found) if found is not None else NO_REMATCH
        found = self._rematches.get_or_make((game.id, game.revision), read)
        return None if found is NO_REMATCH else found

    def _lock(self, conn: Connection, edit_token: str, statement=_LOCK_GAME):
        row = conn.execute(statement, {"token": edit_token}).first()
        if row is None:
            raise GameNotFound(edit_token)
        return row

    def _write_state(self, conn: Connection, row, state: dict, now: datetime, **also) -> str:
        """Store the new current state (and ``also``: other columns, the pending questions) and bump
        the revision; returns the title kept."""
        title = str(state.get("title") or row.title)[:200]
        phase = state.get("phase", row.phase)
        conn.execute(_NEW_STATE, {"game": row.id, "state": state, "phase": phase, "revision": row.revision + 1,
                                  "updated_at": now, "title": title, **also})
        self._notify(conn, row.id, row.revision + 1)
        return title

    def _notify(self, conn: Connection, game_id: int, revision: int) -> None:
        """Tell every process's streams of the new revision: PostgreSQL delivers it when (and only
        if) this transaction commits (SQLite's watcher reads the revisions instead). And remember
        it is this process's, before it commits: the watcher may read it at once (``wrote_here``)."""
        if len(self._written) > self.REVISIONS_KEPT:
            self._written.clear()
        self._written[game_id] = max(revision, self._written.get(game_id, -1))
        if self.notifies:
            conn.execute(_NOTIFY, {"payload": f"{game_id}:{revision}:{self.writer}"})

    @staticmethod
    def _keep_request(conn: Connection, row, request_id: str | None, action: str, record: "EventRecord",
                      notes: list, seat: int | None = None) -> None:
        """Remember what this request did (and the seat its phone had claimed), in the same
        transaction as the change itself."""
        if request_id:
            conn.execute(_NEW_APPLIED_REQUEST, dict(
                game_id=row.id, request_id=request_id, action=action, seq=record.seq, revision=row.revision + 1,
                at=record.at, move=record.move, notes=stored(list(notes)), seat=seat))

    def _save(self, conn: Connection, row, state: dict, **also) -> Game:
        self._write_state(conn, row, state, utcnow(), **also)
        return self._game(conn, conn.execute(select(games).where(games.c.id == row.id)).one())

    def change(self, edit_token: str, move: dict, applier: Applier, expected_revision: int | None = None,
               seen_revision: int | None = None, request_id: str | None = None) -> tuple[Game, EventRecord, bool]:
        game, record, stale = self._change(edit_token, move, applier, expected_revision, seen_revision, request_id)
        self._ends_at.put((game.id, game.revision), [record])   # a new move leaves nothing to redo
        self._moved_here.put(game.edit_token, (game.revision, record.seq))
        self._actions_at.put((game.id, game.revision), ("move", None))
        return self._remember(game), record, stale

    def _change(self, edit_token: str, move: dict, applier: Applier, expected_revision: int | None,
                seen_revision: int | None, request_id: str | None) -> tuple[Game, EventRecord, bool]:
        """Apply a move to the current state, atomically.

        ``applier(state) -> (new_state, notes)`` runs while the game is locked,
        so it sees the latest state whatever the phone saw. With
        ``expected_revision`` the change is refused (StaleRevision) unless the
        game is still at that revision. Returns the game after the change, the
        event it wrote (with its notes), and whether the phone's view (``seen_revision``) was stale.
        A ``request_id`` already stored for this game raises AlreadyApplied first.
        """
        with self._writing() as conn, conn.begin():
            row = self._lock(conn, edit_token, _LOCK_GAME_FOR_A_MOVE)
            self._refuse_repeat(conn, row, request_id)
            if expected_revision is not None and expected_revision != row.revision:
                raise StaleRevision(row.revision)
            # row.state was just parsed from the database: this transaction's own copy to change.
            new_state, notes = applier(row.state)
            now = utcnow()
            record = EventRecord(self._last_seq(conn, row) + 1, now, move, list(notes), False)
            conn.execute(_NEW_EVENT, dict(
                game_id=row.id, seq=record.seq, at=now, move=move, notes=stored(list(notes)), state_after=new_state,
                undone=False))
            self._keep_request(conn, row, request_id, "move", record, notes)
            pending = answered(row.pending, move)
            # What the game row now holds is known: no need to read it back.
            also = {} if pending == row.pending else {"pending": pending}
            title = self._write_state(conn, row, new_state, now, **also)
            game = Game(id=row.id, edit_token=row.edit_token, view_token=row.view_token, title=title,
                        created_at=row.created_at, updated_at=now, revision=row.revision + 1,
                        phase=new_state.get("phase", row.phase), state=new_state,
                        imported_events=row.imported_events or [], can_undo=True, can_redo=False,
                        pending=pending or None)
            stale = seen_revision is not None and seen_revision != row.revision
            return game, record, stale

    def _last_seq(self, conn: Connection, row) -> int:
        """The newest event's number, once no undone event is left: a new change makes them
        unreachable (redo only follows undo). When this process made the game's current
        revision with a move, that move is the newest event and nothing is undone: no statement."""
        made_here = self._moved_here.get(row.edit_token)   # (a token, unlike an id, is never reused)
        if made_here is not None and made_here[0] == row.revision:
            return made_here[1]
        conn.execute(delete(events).where(events.c.game_id == row.id, events.c.undone.is_(True)))
        last = conn.execute(select(func.max(events.c.seq)).where(events.c.game_id == row.id)).scalar()
        return last or self._imported_seq(row)

    @staticmethod
    def _imported_seq(row) -> int:
        seqs = [e.get("seq") for e in (row.imported_events or []) if isinstance(e.get("seq"), int)]
        return max(seqs, default=0)

    def undo(self, edit_token: str, expected_revision: int, request_id: str | None = None,
             seat: int | None = None) -> tuple[Game, EventRecord]:
        """Mark the last active event undone; the state goes back to the one before it. ``seat``:
        the seat the phone that asked had claimed, kept with its request id."""
        game, record = self._undo(edit_token, expected_revision, request_id, seat)
        self._actions_at.put((game.id, game.revision), ("undo", seat if request_id else None))
        return self._remember(game), record

    def redo(self, edit_token: str, expected_revision: int, request_id: str | None = None,
             seat: int | None = None) -> tuple[Game, EventRecord]:
        """Re-activate the earliest undone event; the state becomes the one after it."""
        game, record = self._redo(edit_token, expected_revision, request_id, seat)
        self._actions_at.put((game.id, game.revision), ("redo", seat if request_id else None))
        return self._remember(game), record

    def set_pending(self, edit_token: str, seat: int, question: dict | None, request_id: str | None = None,
                    by_seat: int | None = None) -> Game:
        """Open (``question``: {"move": the move so far}) or close (None) the move waiting for this
        seat's answer, and bump the revision so every phone shows it. Kept as a request like a move
        (its action "ask" or "cancel", made by ``by_seat``): another phone says what made the revision.
        Closing what is not open changes nothing."""
        with self._writing() as conn, conn.begin():
            row = self._lock(conn, edit_token, _LOCK_GAME_FOR_A_MOVE)
            self._refuse_repeat(conn, row, request_id)
            pending = {key: value for key, value in (row.pending or {}).items() if key != str(seat)}
            if question is not None:
                pending[str(seat)] = {**question, "revision": row.revision + 1}   # when it was asked
            elif pending == (row.pending or {}):
                return self._game(conn, conn.execute(select(games).where(games.c.id == row.id)).one())
            action = "ask" if question is not None else "cancel"
            record = EventRecord(0, utcnow(), question or {"seat": seat}, [], False)
            # a request the phone sent without an id (a form without script) is kept under one made here
            self._keep_request(conn, row, request_id or f"server-{new_token()}", action, record, [], by_seat)
            game = self._save(conn, row, row.state, pending=pending or None)
        self._actions_at.put((game.id, game.revision), (action, by_seat))
        return self._remember(game)

    def check_repeat(self, edit_token: str, request_id: str | None) -> None:
        """Raise AlreadyApplied if this game already took this request id (a cheap check before a form is judged)."""
        if not request_id:
            return
        with self.engine.connect() as conn:
            row = conn.execute(select(games).where(games.c.edit_token == edit_token)).first()
            if row is not None:
                self._refuse_repeat(conn, row, request_id)

    def _refuse_repeat(self, conn: Connection, row, request_id: str | None) -> None:
        if not request_id:
            return
        found = conn.execute(_APPLIED_REQUEST, {"game": row.id, "request_id": request_id}).first()
        if found is not None:
            record = EventRecord(found.seq, found.at, found.move, found.notes, found.action == "undo")
            raise AlreadyApplied(self._game(conn, row), record, flipped=found.action != "move",
                                 revision=found.revision)

    def _lock_fresh(self, conn: Connection, edit_token: str, expected_revision: int, request_id: str | None):
        """Lock the game, recognise a repeated request, refuse a change drawn on a screen older than its revision."""
        row = self._lock(conn, edit_token)
        self._refuse_repeat(conn, row, request_id)
        if expected_revision != row.revision:
            raise StaleRevision(row.revision)
        return row

    def _undo(self, edit_token: str, expected_revision: int, request_id: str | None,
              seat: int | None) -> tuple[Game, EventRecord]:
        with self._writing() as conn, conn.begin():
            row = self._lock_fresh(conn, edit_token, expected_revision, request_id)
            active = conn.execute(
                select(events).where(events.c.game_id == row.id, events.c.undone.is_(False))
                .order_by(events.c.seq.desc()).limit(2)
            ).all()
            if not active:
                raise NothingToDo("there is nothing to undo")
            conn.execute(update(events).where(events.c.id == active[0].id).values(undone=True))
            previous = active[1].state_after if len(active) > 1 else row.initial_state
            undone = EventRecord(active[0].seq, active[0].at, active[0].move, active[0].notes, True)
            self._keep_request(conn, row, request_id, "undo", undone, undone.notes, seat)
            return self._save(conn, row, previous), undone

    def _redo(self, edit_token: str, expected_revision: int, request_id: str | None,
              seat: int | None) -> tuple[Game, EventRecord]:
        with self._writing() as conn, conn.begin():
            row = self._lock_fresh(conn, edit_token, expected_revision, request_id)
            first = conn.execute(
                select(events).where(events.c.game_id == row.id, events.c.undone.is_(True))
                .order_by(events.c.seq).limit(1)
            ).first()
            if first is None:
                raise NothingToDo("there is nothing to redo")
            conn.execute(update(events).where(events.c.id == first.id).values(undone=False))
            redone = EventRecord(first.seq, first.at, first.move, first.notes, False)
            self._keep_request(conn, row, request_id, "redo", redone, redone.notes, seat)
            return self._save(conn, row, first.state_after), redone

    def event(self, game_id: int, seq: int) -> dict | None:
        """One stored event as the export writes it (None once an undone event was dropped)."""
        with self.engine.connect() as conn:
            found = conn.execute(select(events.c.seq, events.c.at, events.c.move, events.c.notes, events.c.undone)
                                 .where(events.c.game_id == game_id, events.c.seq == seq)).first()
        if found is None:
            return None
        record = EventRecord(found.seq, found.at, found.move, found.notes, found.undone)
        return exported_event(record)

    def all_events(self, game: Game) -> list[dict]:
        """The game's history as exported: imported events, then the active ones."""
        exported = [dict(e) for e in game.imported_events]
        for record in self.history(game.id):
            if not record.undone:
                exported.append(exported_event(record))
        return exported


def answered(pending: dict | None, move: dict) -> dict | None:
    """The pending questions once this move is made: the one it answers (the same kind, player and
    fields the question was opened with) is closed."""
    def answers(question) -> bool:
        return all(str(move.get(key)) == str(value) for key, value in (question.get("move") or {}).items())
    if not pending:
        return pending
    return {seat: question for seat, question in pending.items() if not answers(question)} or None


def remember_recent(conn: Connection, key: Column, device: str, value, keep: int) -> None:
    """Note that ``device`` saw ``value`` now in ``key``'s table (a device's games, its groups), keeping
    only its ``keep`` most recently seen."""
    table = key.table
    conn.execute(delete(table).where(table.c.device == device, key == value))
    conn.execute(table.insert().values(device=device, **{key.name: value}, seen_at=utcnow()))
    older = select(key).where(table.c.device == device).order_by(table.c.seen_at.desc()).offset(keep)
    stale = list(conn.execute(older).scalars())
    if stale:
        conn.execute(delete(table).where(table.c.device == device, key.in_(stale)))


def exported_event(record: EventRecord) -> dict:
    """An event as a game's document records it: its number, time, the move's fields and its notes."""
    return {"seq": record.seq, "at": iso(record.at), **record.move, "notes": record.notes}
