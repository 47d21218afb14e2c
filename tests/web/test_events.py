"""The event store behind the pages: undo/redo, revisions, polling, stale views,
CSRF, concurrency and surviving a restart."""

from __future__ import annotations

import threading

import pytest

from companion.web.storage.store import StaleRevision

from .helpers import import_document, sample

# its storage differs between SQLite and PostgreSQL: run on both (tests/conftest.py)
pytestmark = pytest.mark.both_databases


def add_virtue(app, edit_token: str, seat: int = 0, delta: int = 1, expected_revision=None):
    """Record a change straight through the store (independent of the rules' move forms)."""
    def applier(state):
        state["players"][seat]["virtue"] += delta
        return state, [f"virtue {delta:+d}"]
    move = {"kind": "virtue", "player": seat, "delta": delta}
    return app.extensions["store"].change(edit_token, move, applier, expected_revision)


def virtue(client, edit_token: str, seat: int = 0) -> int:
    return client.get(f"/g/{edit_token}/export.json").get_json()["players"][seat]["virtue"]


def revision(app, edit_token: str) -> int:
    return app.extensions["store"].revision(edit_token)


@pytest.fixture
def game(client):
    return import_document(client, sample())


def test_every_change_bumps_the_revision_and_is_exported_as_an_event(app, client, game):
    edit_token, _ = game
    add_virtue(app, edit_token)
    add_virtue(app, edit_token, seat=1, delta=-2)
    assert revision(app, edit_token) == 2
    events = client.get(f"/g/{edit_token}/export.json").get_json()["events"]
    assert [(e["seq"], e["kind"], e["player"], e["delta"]) for e in events] == [(1, "virtue", 0, 1), (2, "virtue", 1, -2)]
    assert all(e["at"].endswith("Z") for e in events)


def test_undo_then_redo(app, client, game, csrf_token):
    edit_token, _ = game
    add_virtue(app, edit_token)
    add_virtue(app, edit_token)
    assert virtue(client, edit_token) == 9
    response = client.post(f"/g/{edit_token}/undo", data={"csrf_token": csrf_token, "rev": 2})
    assert response.status_code == 303
    assert virtue(client, edit_token) == 8
    client.post(f"/g/{edit_token}/undo", data={"csrf_token": csrf_token, "rev": 3})
    assert virtue(client, edit_token) == 7
    assert client.get(f"/g/{edit_token}/export.json").get_json()["events"] == []
    client.post(f"/g/{edit_token}/redo", data={"csrf_token": csrf_token, "rev": 4})
    assert virtue(client, edit_token) == 8
    assert revision(app, edit_token) == 5


def test_undo_with_nothing_to_undo_is_a_400_with_a_message(client, game, csrf_token):
    edit_token, _ = game
    response = client.post(f"/g/{edit_token}/undo", data={"csrf_token": csrf_token, "rev": 0})
    assert response.status_code == 400
    assert "nothing to undo" in response.get_data(as_text=True)


def test_a_new_change_drops_what_was_undone(app, client, game, csrf_token):
    edit_token, _ = game
    add_virtue(app, edit_token)
    client.post(f"/g/{edit_token}/undo", data={"csrf_token": csrf_token, "rev": 1})
    add_virtue(app, edit_token, delta=3)
    response = client.post(f"/g/{edit_token}/redo", data={"csrf_token": csrf_token, "rev": 3})
    assert response.status_code == 400
    assert virtue(client, edit_token) == 10


def test_stale_undo_is_refused_with_409_and_the_current_view(app, client, game, csrf_token):
    edit_token, _ = game
    add_virtue(app, edit_token)
    add_virtue(app, edit_token)   # another phone changed the game after this one saw revision 1
    response = client.post(f"/g/{edit_token}/undo", data={"csrf_token": csrf_token, "rev": 1},
                           headers={"HX-Request": "true"})
    assert response.status_code == 409
    html = response.get_data(as_text=True)
    assert "changed the game first" in html and 'data-revision="2"' in html
    assert virtue(client, edit_token) == 9


def test_undo_through_htmx_answers_the_fresh_region(app, client, game, csrf_token):
    edit_token, _ = game
    add_virtue(app, edit_token)
    response = client.post(f"/g/{edit_token}/undo", data={"csrf_token": csrf_token, "rev": 1},
                           headers={"HX-Request": "true"})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<div id="live"') and "Undone" in html


def test_store_refuses_a_stale_expected_revision(app, game):
    edit_token, _ = game
    add_virtue(app, edit_token)
    with pytest.raises(StaleRevision):
        add_virtue(app, edit_token, expected_revision=0)


@pytest.mark.parametrize("prefix", ["g", "v"])
def test_poll_is_204_without_a_body_until_something_changes(app, client, game, prefix):
    edit_token, view_token = game
    token = edit_token if prefix == "g" else view_token
    unchanged = client.get(f"/{prefix}/{token}/poll?rev=0", headers={"HX-Request": "true"})
    assert unchanged.status_code == 204 and unchanged.data == b""
    add_virtue(app, edit_token)
    changed = client.get(f"/{prefix}/{token}/poll?rev=0", headers={"HX-Request": "true"})
    assert changed.status_code == 200
    assert 'data-revision="1"' in changed.get_data(as_text=True)
    assert client.get(f"/{prefix}/{token}/poll?rev=1").status_code == 204


def test_history_lists_changes_and_undone_ones(app, client, game, csrf_token):
    edit_token, view_token = game
    add_virtue(app, edit_token)
    add_virtue(app, edit_token, seat=1)
    client.post(f"/g/{edit_token}/undo", data={"csrf_token": csrf_token, "rev": 2})
    html = client.get(f"/v/{view_token}/history").get_data(as_text=True)
    assert html.count("<li class") == 2 and "undone" in html


def test_missing_csrf_token_is_a_friendly_400_that_keeps_the_game_on_screen(app, client, game):
    edit_token, _ = game
    add_virtue(app, edit_token)
    response = client.post(f"/g/{edit_token}/undo", data={"rev": 1}, headers={"HX-Request": "true"})
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert "expired" in html and 'id="live"' in html
    assert virtue(client, edit_token) == 8


def test_csrf_token_has_no_time_limit_and_the_session_lasts_two_weeks(app):
    assert app.config["WTF_CSRF_TIME_LIMIT"] is None
    assert app.config["PERMANENT_SESSION_LIFETIME"].days >= 14


def test_csrf_token_in_a_header_works_for_htmx(app, client, game, csrf_token):
    edit_token, _ = game
    add_virtue(app, edit_token)
    response = client.post(f"/g/{edit_token}/undo", data={"rev": 1},
                           headers={"HX-Request": "true", "X-CSRFToken": csrf_token})
    assert response.status_code == 200


def test_the_game_survives_a_restart(make_app, instance_dir):
    first = make_app()
    edit_token, _ = import_document(first.test_client(), sample())
    add_virtue(first, edit_token, delta=2)
    first.extensions["store"].engine.dispose()
    second = make_app()
    if second.config["DATABASE_URL"].startswith("sqlite"):
        assert (instance_dir / "companion.sqlite3").exists()
    assert virtue(second.test_client(), edit_token) == 9
    assert second.config["SECRET_KEY"] == first.config["SECRET_KEY"]


def test_concurrent_changes_are_never_lost(app, game):
    """Two phones hammering the same game at once: every relative change lands."""
    edit_token, _ = game
    changes_per_phone, phones = 25, 4

    store = app.extensions["store"]

    def capture(state):
        state["players"][1]["captured"] += 1
        return state, []

    def phone():
        for _ in range(changes_per_phone):
            store.change(edit_token, {"kind": "captured", "player": 1, "delta": 1}, capture)

    threads = [threading.Thread(target=phone) for _ in range(phones)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    game_now, _ = store.find(edit_token)
    assert game_now.revision == changes_per_phone * phones
    assert game_now.state["players"][1]["captured"] == changes_per_phone * phones
    assert [r.seq for r in store.history(game_now.id)] == list(range(1, changes_per_phone * phones + 1))


def test_a_form_still_works_four_hours_later(app, client, game, csrf_token, monkeypatch):
    """The CSRF token is signed with a timestamp; with no time limit it outlives a long game."""
    import itsdangerous.timed

    edit_token, _ = game
    add_virtue(app, edit_token)
    later = itsdangerous.timed.time.time() + 4 * 3600
    monkeypatch.setattr(itsdangerous.timed.time, "time", lambda: later)
    response = client.post(f"/g/{edit_token}/undo", data={"csrf_token": csrf_token, "rev": 1})
    assert response.status_code == 303


def test_the_events_table_keeps_a_note_as_its_code_and_the_export_says_it_in_english(app, client, csrf_token):
    from sqlalchemy import select

    from companion.aotwk.rules.codes import Note
    from companion.web.storage.store import events

    edit_token, _ = import_document(client, sample())
    client.post(f"/g/{edit_token}/move", data={"csrf_token": csrf_token, "rev": 0, "kind": "take_debts",
                                               "player": 0, "count": 1})
    store = app.extensions["store"]
    with store.engine.connect() as conn:
        raw = conn.execute(select(events.c.notes)).scalars().all()[-1]
    assert (raw[0]["say"], raw[0]["code"]) == ("Note", "takes_debts")
    assert raw[0]["params"]["who"]["code"] == "seat"
    assert raw[0]["params"]["who"]["params"] == {"name": sample()["players"][0]["name"]}
    notes = store.history(store.find(edit_token)[0].id)[-1].notes
    assert isinstance(notes[0], Note) and notes[0].render("ko").startswith(sample()["players"][0]["name"] + ": 미납 채권 1장")
    exported = client.get(f"/g/{edit_token}/export.json").get_json()["events"][-1]["notes"]
    assert exported == [str(notes[0])] and " takes 1 unpaid debt" in exported[0]
