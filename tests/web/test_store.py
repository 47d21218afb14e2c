"""The store's SQL is the same for SQLite and PostgreSQL; what differs is checked here
without a PostgreSQL server (the statements are compiled, not run)."""

from __future__ import annotations

import sqlite3

import pytest
from sqlalchemy import select
from sqlalchemy.dialects import postgresql, sqlite

from companion.web.storage import migrations
from companion.web.storage.store import Store, database_url, games, make_engine, new_token

# its storage differs between SQLite and PostgreSQL: run on both (tests/conftest.py)
pytestmark = pytest.mark.both_databases


def test_postgresql_urls_use_psycopg_3():
    assert database_url("postgresql://u:p@db/companion") == "postgresql+psycopg://u:p@db/companion"
    assert database_url("postgres://u@db/c") == "postgresql+psycopg://u@db/c"
    assert database_url("sqlite:////tmp/x.sqlite3") == "sqlite:////tmp/x.sqlite3"


def test_a_change_locks_the_game_row_on_postgresql():
    lock = select(games).where(games.c.edit_token == "t").with_for_update()
    assert "FOR UPDATE" in str(lock.compile(dialect=postgresql.dialect()))
    # SQLite has no row locks: its writers take the database's write lock with BEGIN IMMEDIATE.
    assert "FOR UPDATE" not in str(lock.compile(dialect=sqlite.dialect()))


def test_sqlite_runs_in_wal_mode_with_full_sync(app):
    if not app.config["DATABASE_URL"].startswith("sqlite"):
        pytest.skip("the tests run against another database (DATABASE_URL)")
    with app.extensions["store"].engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2   # FULL


def test_tokens_carry_at_least_128_bits():
    tokens = {new_token() for _ in range(1000)}
    assert len(tokens) == 1000
    assert min(len(t) for t in tokens) * 6 >= 128


def test_a_bot_turns_steps_are_kept_as_codes_and_old_plain_steps_still_load(app):
    """The steps of a bot turn come back from the events table as codes (said in the reader's
    language); events written before keep their English text; the exported document is unchanged."""
    import json

    from companion.aotwk.i18n.bot_words import BotWords
    from companion.aotwk.rules import bot, table
    from companion.web.storage.store import events

    store = app.extensions["store"]
    game = store.create(table.new_game({"mode": "solo", "opponent": "helena", "players": [{"name": "지우"}],
                                        "seed": 7}))
    move = {"kind": bot.MOVE_KIND, "answers": {}, "card": None}
    plan = bot.plan_turn(game.state)
    assert not plan["questions"]
    store.change(game.edit_token, move, lambda state: bot.apply(state, move))
    [record] = store.history(game.id)
    assert record.notes and all(isinstance(step, BotWords) for step in record.notes)
    assert record.notes[0].render("ko").endswith("책략 카드 더미 맨 위 카드를 공개합니다.")
    english = [str(step) for step in record.notes]
    exported = store.all_events(store.find(game.edit_token)[0])
    assert json.loads(json.dumps(exported))[-1]["notes"] == english   # the document's shape: English text

    with store.engine.begin() as conn:   # an event written by an earlier version: plain English
        conn.execute(events.update().where(events.c.game_id == game.id).values(notes=english))
    [old] = store.history(game.id)
    assert old.notes == english and not any(isinstance(step, BotWords) for step in old.notes)


def test_undo_and_redo_flags_follow_the_history(app):
    from companion.aotwk.rules import table

    store = app.extensions["store"]
    game = store.create(table.new_game({"players": [{"name": "Ann"}], "seed": 1}))
    assert (game.can_undo, game.can_redo) == (False, False)
    move = {"kind": "virtue", "player": 0, "delta": 1}
    changed, _, _ = store.change(game.edit_token, move, lambda state: table.apply(state, move))
    assert (changed.can_undo, changed.can_redo) == (True, False)
    undone, _ = store.undo(game.edit_token, changed.revision)
    assert (undone.can_undo, undone.can_redo) == (False, True)
    redone, _ = store.redo(game.edit_token, undone.revision)
    assert (redone.can_undo, redone.can_redo) == (True, False)


def test_a_move_after_another_process_s_undo_still_drops_the_undone_change(app):
    """After its own move a process numbers the next one without reading (it knows nothing is
    undone); once another process undid a change, redo must not bring it back after a new move."""
    from companion.aotwk.rules import table
    from companion.web.storage.store import Store

    here = app.extensions["store"]
    there = Store(here.engine)   # a second process on the same database
    game = here.create(table.new_game({"players": [{"name": "Ann"}], "seed": 1}))
    up = {"kind": "virtue", "player": 0, "delta": 1}
    first, record, _ = here.change(game.edit_token, up, lambda state: table.apply(state, up))
    second, again, _ = here.change(game.edit_token, up, lambda state: table.apply(state, up))
    assert (record.seq, again.seq) == (1, 2)
    undone, _ = there.undo(game.edit_token, second.revision)
    moved, last, _ = here.change(game.edit_token, up, lambda state: table.apply(state, up))
    assert last.seq == 2 and (moved.can_undo, moved.can_redo) == (True, False)
    assert [(event.seq, event.undone) for event in here.history(game.id)] == [(1, False), (2, False)]
    assert moved.state["players"][0]["virtue"] == first.state["players"][0]["virtue"] + 1


def test_a_database_made_before_the_undo_index_gets_it(app):
    from sqlalchemy import inspect

    store = app.extensions["store"]
    with store.engine.begin() as conn:
        conn.exec_driver_sql("DROP INDEX events_game_undone")
    assert "events_game_undone" not in {i["name"] for i in inspect(store.engine).get_indexes("events")}
    with store.engine.begin() as conn:   # a database of a release before Alembic, without the index
        conn.exec_driver_sql("DROP TABLE alembic_version")
    migrations.upgrade(store.engine)
    assert "events_game_undone" in {i["name"] for i in inspect(store.engine).get_indexes("events")}


def test_what_undo_and_redo_read_does_not_scan_a_long_game(app):
    """A two-hour game has hundreds of events: naming Undo and Redo, and dropping the undone ones
    on a new change, each read one end of an index (SQLite's plan: SEARCH, never SCAN)."""
    from sqlalchemy import delete

    from companion.web.storage.store import events

    if not app.config["DATABASE_URL"].startswith("sqlite"):
        pytest.skip("the query plan is read from SQLite")
    engine = app.extensions["store"].engine
    reads = [
        select(events.c.seq).where(events.c.game_id == 1, events.c.undone.is_(True)).order_by(events.c.seq).limit(1),
        select(events.c.seq).where(events.c.game_id == 1, events.c.undone.is_(False))
        .order_by(events.c.seq.desc()).limit(1),
        select(select(events.c.id).where(events.c.game_id == 1, events.c.undone.is_(True)).exists()),
        delete(events).where(events.c.game_id == 1, events.c.undone.is_(True)),
    ]
    with engine.connect() as conn:
        for statement in reads:
            compiled = statement.compile(dialect=engine.dialect, compile_kwargs={"literal_binds": True})
            plan = " ".join(row[-1] for row in conn.exec_driver_sql(f"EXPLAIN QUERY PLAN {compiled}"))
            assert "events_game_undone" in plan and "SCAN events" not in plan, (str(compiled), plan)


def test_every_commit_is_announced_to_the_listeners_after_it_is_committed(app):
    """The live streams hear of a change from the store: after the commit (a listener that
    reads the game sees the new revision), once per commit, never for a refused change."""
    from companion.web.storage.store import StaleRevision

    store = app.extensions["store"]
    heard = []
    store.subscribe(lambda game_id, revision: heard.append((game_id, revision, store.revisions([game_id])[game_id])))
    game = store.create({"title": "Heard", "phase": "playing"})
    token = game.edit_token
    store.change(token, {"kind": "tap"}, lambda state: (state, []))
    store.undo(token, expected_revision=1)
    store.redo(token, expected_revision=2)
    with pytest.raises(StaleRevision):
        store.undo(token, expected_revision=0)
    with pytest.raises(ValueError):
        store.change(token, {"kind": "tap"}, lambda state: (_ for _ in ()).throw(ValueError("refused")))
    assert heard == [(game.id, 0, 0), (game.id, 1, 1), (game.id, 2, 2), (game.id, 3, 3)]


def test_postgresql_commits_notify_every_process_and_rollbacks_do_not(app):
    if not app.config["DATABASE_URL"].startswith("postgresql"):
        pytest.skip("NOTIFY is PostgreSQL's (SQLite processes watch the revision column)")
    import psycopg

    from companion.web.storage.store import REVISION_CHANNEL

    store = app.extensions["store"]
    game = store.create({"title": "Heard", "phase": "playing"})
    conninfo = store.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(conninfo, autocommit=True) as other_process:
        other_process.execute(f"LISTEN {REVISION_CHANNEL}")
        with pytest.raises(ValueError):
            store.change(game.edit_token, {"kind": "tap"}, lambda state: (_ for _ in ()).throw(ValueError("no")))
        store.change(game.edit_token, {"kind": "tap"}, lambda state: (state, []))
        payloads = [note.payload for note in other_process.notifies(timeout=2, stop_after=1)]
    assert payloads == [f"{game.id}:1:{store.writer}"]   # (the writer: that process leaves its own to its listener)


def _statements(engine) -> list[str]:
    """The SQL this engine runs from now on (a list that grows)."""
    from sqlalchemy import event

    ran: list[str] = []
    event.listen(engine, "before_cursor_execute", lambda _c, _cur, statement, *_rest: ran.append(statement))
    return ran


def test_a_game_known_at_its_revision_is_read_without_a_query(app):
    """After a change, every other phone of the table asks for the same game: while this process
    knows its revision (its own commit, or news from another process), nothing is read."""
    store = app.extensions["store"]
    game = store.create({"title": "Known", "phase": "playing"})
    store.change(game.edit_token, {"kind": "tap"}, lambda state: (state, []))
    ran = _statements(store.engine)
    for token in (game.edit_token, game.view_token):
        found, editable = store.find(token)
        assert found.revision == 1 and editable == (token == game.edit_token)
    assert store.revision(game.view_token) == 1
    assert ran == []
    store.find(game.edit_token, fresh=True)   # a change about to be judged: the database's revision
    assert [statement.split()[0] for statement in ran if statement != "BEGIN"] == ["SELECT"]


def test_another_process_s_change_is_read_once_a_phone_or_the_news_says_it(app):
    """Two processes on one database (two stores): the second trusts what it knows for
    ``REVISION_TTL``, unless a phone shows a newer revision or the live news tells it one."""
    from companion.web.storage.store import Store

    here = app.extensions["store"]
    there = Store(here.engine)
    game = here.create({"title": "Two", "phase": "playing"})
    assert there.revision(game.edit_token) == 0
    here.change(game.edit_token, {"kind": "tap"}, lambda state: (state, []))
    assert there.revision(game.edit_token) == 0                 # within the TTL: its own memory
    assert there.revision(game.edit_token, at_least=1) == 1     # a phone that heard of revision 1
    here.change(game.edit_token, {"kind": "tap"}, lambda state: (state, []))
    there.learn(game.id, 2)                                     # the news of it (companion.web.serving.live)
    assert there.find(game.view_token)[0].revision == 2
    assert there.find(game.view_token)[0].state == here.find(game.view_token)[0].state


def test_the_revisions_of_watched_games_are_read_in_one_statement_whatever_their_number(app):
    """The SQLite watcher asks some thirteen times a second for the games with open streams: the
    revisions of those that exist, one statement (on SQLite the same text for any number of games,
    compiled once)."""
    store = app.extensions["store"]
    made = [store.create({"title": f"Game {n}", "phase": "playing"}) for n in range(3)]
    store.change(made[1].edit_token, {"kind": "tap"}, lambda state: (state, []))
    ran = _statements(store.engine)
    ids = [game.id for game in made]
    assert store.revisions(ids) == {ids[0]: 0, ids[1]: 1, ids[2]: 0}
    assert store.revisions([ids[2], 10**6]) == {ids[2]: 0}   # (a game deleted meanwhile: left out)
    assert store.revisions([]) == {}
    selects = [statement for statement in ran if statement != "BEGIN"]
    assert len(selects) == 3
    if store.engine.dialect.name == "sqlite":
        assert len(set(selects)) == 1


def _sqlite_only(app):
    if not app.config["DATABASE_URL"].startswith("sqlite"):
        pytest.skip("the commit watch is SQLite's (PostgreSQL processes LISTEN)")


def test_the_commit_watch_reads_revisions_only_after_a_commit_of_any_connection(app):
    """The SQLite watcher looks up to thirteen times a second: a look after no commit reads nothing
    (None); after another process's commit, or this one's, it reads the watched games' revisions."""
    _sqlite_only(app)
    store = app.extensions["store"]
    made = [store.create({"title": f"Game {n}", "phase": "playing"}) for n in range(2)]
    ids = [game.id for game in made]
    watch = store.commit_watch()
    try:
        assert watch.revisions(ids) == {ids[0]: 0, ids[1]: 0}   # the first look reads
        assert watch.revisions(ids) is None
        other_process = Store(make_engine(app.config["DATABASE_URL"]))
        other_process.change(made[1].edit_token, {"kind": "tap"}, lambda state: (state, []))
        other_process.engine.dispose()
        assert watch.revisions(ids) == {ids[0]: 0, ids[1]: 1}
        assert watch.revisions(ids) is None
        store.change(made[0].edit_token, {"kind": "tap"}, lambda state: (state, []))
        assert watch.revisions([ids[0], 10**6]) == {ids[0]: 1}   # (a game deleted meanwhile: left out)
    finally:
        watch.close()


def test_a_revision_is_this_processs_own_from_before_it_commits(app):
    """The SQLite watcher tells this process's changes from another's (``wrote_here``): looking
    more often only after another process's change. A revision counts as this process's while its
    transaction is still open, since the watcher may read it the moment it commits."""
    store = app.extensions["store"]
    game = store.create({"title": "Ours", "phase": "playing"})
    seen_in_the_transaction = []

    def move(state):
        seen_in_the_transaction.append(store.wrote_here(game.id, 1))
        return state, []
    listened = []
    store.subscribe(lambda game_id, revision: listened.append(store.wrote_here(game_id, revision)))
    store.change(game.edit_token, {"kind": "tap"}, move)
    assert seen_in_the_transaction == [False] and listened == [True] and store.wrote_here(game.id, 1)
    other_process = Store(make_engine(app.config["DATABASE_URL"]))
    other_process.change(game.edit_token, {"kind": "tap"}, lambda state: (state, []))
    other_process.engine.dispose()
    assert not store.wrote_here(game.id, 2) and store.wrote_here(game.id, 0)


def _sqlite_busy(folder) -> sqlite3.OperationalError:
    """SQLite's own "database is locked" (SQLITE_BUSY): a reader that may not wait meets a writer that
    holds a rollback-journal database."""
    path = str(folder / "busy.sqlite3")
    writer = sqlite3.connect(path, isolation_level=None)
    reader = sqlite3.connect(path, isolation_level=None, timeout=0)
    try:
        writer.execute("CREATE TABLE t (x)")
        writer.execute("BEGIN EXCLUSIVE")
        try:
            reader.execute("SELECT * FROM t").fetchall()
        except sqlite3.OperationalError as busy:
            return busy
        raise AssertionError("the read did not meet the lock")
    finally:
        reader.close()
        writer.close()


def test_a_look_that_finds_the_database_busy_says_nothing_and_the_next_catches_up(app, tmp_path):
    """The watch is asked on the event loop: it never waits for the database (busy_timeout 0: a
    busy database answers at once; SQLite's own busy error is raised once here, as WAL readers
    rarely meet it), and a look that could not read is made again."""
    _sqlite_only(app)
    store = app.extensions["store"]
    game = store.create({"title": "Busy", "phase": "playing"})
    watch = store.commit_watch()
    busy = _sqlite_busy(tmp_path)
    assert busy.sqlite_errorcode == sqlite3.SQLITE_BUSY

    class BusyOnce:
        def __init__(self, connection):
            self.connection, self.once = connection, True

        def execute(self, sql, *parameters):
            if self.once and "data_version" not in sql:
                self.once = False
                raise busy
            return self.connection.execute(sql, *parameters)

        def close(self):
            self.connection.close()

    try:
        assert watch.revisions([game.id]) == {game.id: 0}
        assert watch._connection.execute("PRAGMA busy_timeout").fetchone()[0] == 0
        store.change(game.edit_token, {"kind": "tap"}, lambda state: (state, []))
        watch._connection = BusyOnce(watch._connection)
        assert watch.revisions([game.id]) is None
        assert watch.revisions([game.id]) == {game.id: 1}
        assert watch.revisions([game.id]) is None
    finally:
        watch.close()
