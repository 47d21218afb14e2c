"""The store's SQL is the same for SQLite and PostgreSQL; what differs is checked here
without a PostgreSQL server (the statements are compiled, not run)."""

from __future__ import annotations

import pytest
from sqlalchemy import select
from sqlalchemy.dialects import postgresql, sqlite

from companion.web.store import database_url, games, new_token


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
    from companion.web.store import events

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
