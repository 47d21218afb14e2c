"""A new game's request id is the sending device's own (companion/web/storage/store.py, ``created_requests``):
the same id from another device makes another game, never an answer with that device's edit link;
the same id resent by one device makes one game."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from alembic import command
from sqlalchemy import func, select, text

from companion.web.storage import migrations
from companion.web.storage.store import games, make_engine, new_token

from .helpers import sample
from .test_migrations import scratch_url  # noqa: F401  (a fixture: an empty database of the test's kind)

pytestmark = pytest.mark.both_databases


def made(client, request_id: str, **document) -> str:
    answer = client.post("/games/import", json=sample(**document), headers={"X-Request-Id": request_id})
    assert answer.status_code == 303, answer.get_data(as_text=True)
    return answer.headers["Location"]


def count_games(app) -> int:
    with app.extensions["store"].engine.connect() as conn:
        return conn.execute(select(func.count()).select_from(games)).scalar()


def test_the_same_id_from_two_devices_makes_two_games(app):
    ann, bob = app.test_client(), app.test_client()
    ann.get("/"), bob.get("/")   # each its own session, so its own device
    anns = made(ann, "counter-00000001", title="Ann game")
    bobs = made(bob, "counter-00000001", title="Bob game")
    assert anns != bobs and count_games(app) == 2
    assert "Bob game" in bob.get(bobs).get_data(as_text=True)


def test_the_same_id_resent_by_one_device_makes_one_game(app):
    phone = app.test_client()
    first = made(phone, "retry-0000000001")
    assert made(phone, "retry-0000000001", title="sent again") == first and count_games(app) == 1
    assert made(phone, "retry-0000000002") != first and count_games(app) == 2


def test_a_first_contact_gets_its_device_at_once_so_a_retry_is_recognised(app):
    """The setup page's answer already names the device: a "Start the game" retried after a lost
    answer comes from the same device, though the lost answer was the first to make the game."""
    phone = app.test_client()
    phone.get("/games/new")
    device = phone.get_cookie("session").value
    first = made(phone, "setup-000000001")
    phone.set_cookie("session", device)   # the answer was lost: the retry carries the cookie it had
    assert made(phone, "setup-000000001") == first and count_games(app) == 1


def test_an_id_kept_before_ids_were_per_device_answers_no_device(make_app, instance_dir, scratch_url):
    instance_dir.mkdir()
    url = scratch_url
    engine = make_engine(url)
    with migrations.migrating(engine) as conn:
        command.upgrade(migrations.config(conn), "0001")
    with engine.begin() as conn:   # a game as that release made it: its columns only, none added since
        state, now, old_token = sample(title="Made long ago"), datetime.now(timezone.utc), new_token()
        old_game = conn.execute(games.insert().values(
            edit_token=old_token, view_token=new_token(), title="Made long ago", created_at=now, updated_at=now,
            revision=0, phase="finished", initial_state=state, state=state, imported_events=[])).inserted_primary_key[0]
        conn.execute(text("INSERT INTO created_requests (request_id, game_id) VALUES ('shared-id-001', :game)"),
                     {"game": old_game})
    engine.dispose()
    app = make_app(DATABASE_URL=url)
    with app.extensions["store"].engine.connect() as conn:
        kept = conn.execute(text("SELECT device, request_id FROM created_requests")).all()
    assert [tuple(row) for row in kept] == [("", "shared-id-001")]
    assert made(app.test_client(), "shared-id-001") != f"/g/{old_token}"
