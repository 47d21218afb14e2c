"""Scheme decks are owned (issue 9): a deck belongs to the device that made it or to
whoever has its edit link (its address); others see only their own decks and the
shipped read-only practice deck."""

from __future__ import annotations

import pytest

from companion.aotwk.web import tables
from tests.conftest import csrf_token_from

from .test_bot_decks import deck_id_of

# its storage differs between SQLite and PostgreSQL: run on both (tests/conftest.py)
pytestmark = pytest.mark.both_databases


def new_device(app):
    client = app.test_client()
    return client, csrf_token_from(client.get("/").get_data(as_text=True))


def test_a_deck_is_listed_only_on_the_device_that_made_it_until_its_link_is_shared(app):
    maker, maker_csrf = new_device(app)
    stranger, stranger_csrf = new_device(app)
    deck_id = deck_id_of(maker.post("/decks/new", data={"csrf_token": maker_csrf, "name": "Club cards"}))
    assert len(deck_id) >= 32   # an unguessable edit link, like a game's
    assert "Club cards" in maker.get("/decks").get_data(as_text=True)
    listed = stranger.get("/decks").get_data(as_text=True)
    assert "Club cards" not in listed and deck_id not in listed
    assert "Practice deck" in listed   # the shipped deck is there for everyone, read-only
    assert deck_id not in stranger.get("/games/new").get_data(as_text=True)   # nor offered at setup
    # Given the link, a friend opens it: from then on it is on their list and theirs to change too.
    assert stranger.get(f"/decks/{deck_id}").status_code == 200
    assert "Club cards" in stranger.get("/decks").get_data(as_text=True)
    renamed = stranger.post(f"/decks/{deck_id}", data={"csrf_token": stranger_csrf, "name": "Our club cards"})
    assert renamed.status_code == 303
    assert "Our club cards" in maker.get("/decks").get_data(as_text=True)


def test_a_guessed_deck_address_is_not_found(app):
    stranger, stranger_csrf = new_device(app)
    for guess in ("0" * 16, "A" * 32, "../secret_key"):
        assert stranger.get(f"/decks/{guess}").status_code == 404
        assert stranger.post(f"/decks/{guess}/delete", data={"csrf_token": stranger_csrf}).status_code == 404


def test_owner_files_from_before_are_moved_into_the_store(make_app, instance_dir):
    """Decks made before the store kept their owners: each device still lists its own."""
    app = make_app()
    maker, maker_csrf = new_device(app)
    deck_id = deck_id_of(maker.post("/decks/new", data={"csrf_token": maker_csrf, "name": "Club cards"}))
    with maker.session_transaction() as session:
        device = session["device"]
    tables.forget_deck(app.extensions["store"].engine, deck_id)   # as an old server kept it: a file beside the deck
    (instance_dir / "decks" / f"{deck_id}.owners").write_text(device + "\n", encoding="utf-8")
    assert "Club cards" not in maker.get("/decks").get_data(as_text=True)
    restarted = make_app()
    again = restarted.test_client()
    with again.session_transaction() as session:
        session["device"] = device
    assert "Club cards" in again.get("/decks").get_data(as_text=True)
    assert not (instance_dir / "decks" / f"{deck_id}.owners").exists()
