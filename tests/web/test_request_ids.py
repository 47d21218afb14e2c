"""A tap is applied once: every change carries an id made on the phone, stored with
its event; a repeat (a retry after a timeout, a double tap) changes nothing and gets
the first answer again (issue 9)."""

from __future__ import annotations

import sqlite3

import pytest
from sqlalchemy import create_engine

from companion.web.storage import migrations
from companion.web.storage.store import AlreadyApplied

from .helpers import import_document, sample
from .bot_pages import text_of
from .test_bot_turns import new_solo

# its storage differs between SQLite and PostgreSQL: run on both (tests/conftest.py)
pytestmark = pytest.mark.both_databases

HTMX = {"HX-Request": "true"}


def tapped(request_id: str) -> dict:
    return {**HTMX, "X-Request-Id": request_id}


def current(app, token):
    return app.extensions["store"].find(token)[0]


@pytest.fixture
def game(client):
    return import_document(client, sample())


def test_a_move_posted_twice_with_the_same_id_is_applied_once_and_answered_alike(app, client, game, csrf_token):
    edit_token, _ = game
    virtue = {"csrf_token": csrf_token, "rev": 0, "kind": "virtue", "player": "0", "delta": "1"}
    first = client.post(f"/g/{edit_token}/move", data=virtue, headers=tapped("tap-0001-abcdef"))
    again = client.post(f"/g/{edit_token}/move", data=virtue, headers=tapped("tap-0001-abcdef"))
    assert first.status_code == again.status_code == 200
    after = current(app, edit_token)
    assert after.revision == 1 and after.state["players"][0]["virtue"] == 8
    note = app.extensions["store"].history(after.id)[-1].notes[0]
    assert note in text_of(first) and note in text_of(again)
    # A new tap (a new id) is a new change.
    client.post(f"/g/{edit_token}/move", data={**virtue, "rev": 1}, headers=tapped("tap-0002-abcdef"))
    assert current(app, edit_token).state["players"][0]["virtue"] == 9


def test_a_plain_form_post_carries_its_id_in_a_hidden_field(app, client, game, csrf_token):
    edit_token, _ = game
    virtue = {"csrf_token": csrf_token, "rev": 0, "kind": "virtue", "player": "0", "delta": "1",
              "request_id": "form-tap-000001"}
    assert client.post(f"/g/{edit_token}/move", data=virtue).status_code == 303
    assert client.post(f"/g/{edit_token}/move", data=virtue).status_code == 303
    assert current(app, edit_token).revision == 1


def test_a_repeated_undo_and_redo_change_nothing_more(app, client, game, csrf_token):
    edit_token, _ = game
    for rev, tap in ((0, "virtue-tap-1"), (1, "virtue-tap-2")):
        client.post(f"/g/{edit_token}/move", headers=tapped(tap), data={
            "csrf_token": csrf_token, "rev": rev, "kind": "virtue", "player": "0", "delta": "1"})
    undo = {"csrf_token": csrf_token, "rev": 2}
    first = client.post(f"/g/{edit_token}/undo", data=undo, headers=tapped("undo-tap-1"))
    again = client.post(f"/g/{edit_token}/undo", data=undo, headers=tapped("undo-tap-1"))
    assert first.status_code == again.status_code == 200   # not a 409: it is the same tap
    assert "Undone:" in again.get_data(as_text=True)
    game_now = current(app, edit_token)
    assert game_now.revision == 3 and game_now.state["players"][0]["virtue"] == 8   # one undone, not two
    redo = {"csrf_token": csrf_token, "rev": 3}
    client.post(f"/g/{edit_token}/redo", data=redo, headers=tapped("redo-tap-1"))
    again = client.post(f"/g/{edit_token}/redo", data=redo, headers=tapped("redo-tap-1"))
    assert again.status_code == 200 and "Redone:" in again.get_data(as_text=True)
    assert current(app, edit_token).revision == 4


def test_a_repeated_bot_turn_is_recorded_once(app, client, csrf_token):
    token, _ = new_solo(app, on_top=("s01",))
    data = {"csrf_token": csrf_token, "rev": 0}
    first = client.post(f"/g/{token}/bot/turn", data=data, headers=tapped("bot-tap-0001"))
    again = client.post(f"/g/{token}/bot/turn", data=data, headers=tapped("bot-tap-0001"))
    assert first.status_code == again.status_code == 200
    assert "turn is recorded" in again.get_data(as_text=True)
    after = current(app, token)
    assert after.revision == 1 and after.state["bot"]["turns"] == 1


def test_a_refused_move_stores_nothing_so_its_retry_is_judged_afresh(app, client, game, csrf_token):
    edit_token, _ = game
    bad = {"csrf_token": csrf_token, "rev": 0, "kind": "virtue", "player": "0", "delta": "99"}
    assert client.post(f"/g/{edit_token}/move", data=bad, headers=tapped("bad-tap-0001")).status_code == 400
    good = {**bad, "delta": "1"}
    assert client.post(f"/g/{edit_token}/move", data=good, headers=tapped("bad-tap-0001")).status_code == 200
    assert current(app, edit_token).revision == 1


def test_a_malformed_id_is_refused_not_ignored(app, client, game, csrf_token):
    """Issue 30: an id the contract refuses (8-64 characters) was ignored, so a resent tap was applied twice."""
    edit_token, _ = game
    virtue = {"csrf_token": csrf_token, "rev": 0, "kind": "virtue", "player": "0", "delta": "1"}
    for _ in range(2):
        assert client.post(f"/g/{edit_token}/move", data=virtue, headers=tapped("short")).status_code == 400
    assert current(app, edit_token).revision == 0


# -- the store ------------------------------------------------------------------------------

def bump(state):
    state["players"][0]["virtue"] += 1
    return state, ["virtue +1"]


def test_the_store_keeps_the_id_with_the_event_and_refuses_a_repeat(app, game):
    store = app.extensions["store"]
    edit_token, _ = game
    store.change(edit_token, {"kind": "virtue"}, bump, request_id="store-tap-1")
    with pytest.raises(AlreadyApplied) as repeat:
        store.change(edit_token, {"kind": "virtue"}, bump, request_id="store-tap-1")
    assert repeat.value.record.notes == ["virtue +1"] and not repeat.value.flipped
    assert repeat.value.game.revision == repeat.value.revision == 1
    # The same id in another game is another tap.
    other, _ = import_document(app.test_client(), sample())
    store.change(other, {"kind": "virtue"}, bump, request_id="store-tap-1")
    store.undo(edit_token, 1, request_id="store-undo-1")
    with pytest.raises(AlreadyApplied) as repeat:
        store.undo(edit_token, 1, request_id="store-undo-1")
    assert repeat.value.flipped and repeat.value.record.undone
    assert store.find(edit_token)[0].state["players"][0]["virtue"] == 7


def test_an_older_sqlite_file_gets_the_request_tables_at_start_up(tmp_path):
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:   # the tables as they were before request ids
        db.execute("CREATE TABLE games (id INTEGER PRIMARY KEY)")
        db.execute("CREATE TABLE events (id INTEGER PRIMARY KEY, game_id INTEGER, seq INTEGER, at TIMESTAMP, "
                   "move JSON, notes JSON, state_after JSON, undone BOOLEAN)")
    engine = create_engine(f"sqlite:///{path}")
    migrations.upgrade(engine)
    migrations.upgrade(engine)   # twice: a second start-up finds them there
    with sqlite3.connect(path) as db:
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        indexes = {row[1] for row in db.execute("PRAGMA index_list(events)")}
    assert {"applied_requests", "created_requests"} <= tables
    assert "events_game_undone" in indexes


def test_an_error_after_the_change_was_stored_says_so_and_the_retry_changes_nothing(app, client, game, csrf_token,
                                                                                     monkeypatch):
    from companion.web import games

    edit_token, _ = game
    virtue = {"csrf_token": csrf_token, "rev": 0, "kind": "virtue", "player": "0", "delta": "1"}

    def broken_page(*args, **kwargs):
        raise RuntimeError("the page could not be drawn")
    monkeypatch.setattr(games, "done", broken_page)
    monkeypatch.setitem(app.config, "PROPAGATE_EXCEPTIONS", False)   # answer as in production, not raise
    failed = client.post(f"/g/{edit_token}/move", data=virtue, headers=tapped("tap-then-error-1"))
    assert failed.status_code == 500 and "Your change was recorded" in text_of(failed)
    monkeypatch.undo()
    again = client.post(f"/g/{edit_token}/move", data=virtue, headers=tapped("tap-then-error-1"))
    assert again.status_code == 200 and current(app, edit_token).revision == 1
