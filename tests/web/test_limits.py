"""Limits a public server needs (companion/web/limits.py): new games and new decks per client
per minute, generous for a table, a friendly translated 429 beyond."""

from __future__ import annotations

import json

from tests.conftest import csrf_token_from

DOCUMENT = json.dumps({"players": [{"name": "Ann"}, {"name": "Bob"}]})


def limited(make_app, **config):
    app = make_app(RATELIMIT_ENABLED=True, NEW_GAMES_PER_MINUTE=3, NEW_DECKS_PER_MINUTE=2, **config)
    client = app.test_client()
    return app, client, csrf_token_from(client.get("/").get_data(as_text=True))


def test_new_games_per_client_per_minute_then_a_friendly_429(make_app):
    app, client, csrf = limited(make_app)
    new_game = {"csrf_token": csrf, "first": "Martine", "second": "Paul"}
    made = [client.post("/games/import", data=DOCUMENT, content_type="application/json").status_code,
            client.post("/amytis/new", data=new_game).status_code,
            client.post("/games/import", data=DOCUMENT, content_type="application/json").status_code]
    assert made == [303, 303, 303]   # every way of starting a game shares one count
    refused = client.post("/amytis/new", data=new_game)
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "60"
    assert "Wait a minute, then try again." in refused.get_data(as_text=True)
    korean = client.post("/games/import?lang=ko", data=DOCUMENT, content_type="application/json")
    assert korean.status_code == 429 and "1분 기다린 뒤 다시 해 보세요." in korean.get_data(as_text=True)
    other = app.test_client()
    other.environ_base["REMOTE_ADDR"] = "203.0.113.7"   # another client is not counted with this one
    assert other.post("/games/import", data=DOCUMENT, content_type="application/json").status_code == 303


def test_a_refused_form_costs_nothing_and_pages_are_not_limited(make_app):
    _app, client, csrf = limited(make_app)
    for _ in range(5):
        assert client.post("/amytis/new", data={"csrf_token": csrf, "first": "", "second": ""}).status_code == 400
        assert client.get("/games/new").status_code == 200
    assert client.post("/amytis/new", data={"csrf_token": csrf, "first": "A", "second": "B"}).status_code == 303


def test_new_decks_per_client_per_minute(make_app):
    _app, client, csrf = limited(make_app)
    answers = [client.post("/decks/new", data={"csrf_token": csrf, "name": f"Deck {n}"}).status_code for n in range(2)]
    assert answers == [303, 303]
    assert client.post("/decks/practice/copy", data={"csrf_token": csrf}).status_code == 429
    assert client.post("/games/import", data=DOCUMENT, content_type="application/json").status_code == 303   # games apart


def test_the_limits_are_generous_for_a_table_by_default(make_app):
    app = make_app(RATELIMIT_ENABLED=True)
    assert app.config["NEW_GAMES_PER_MINUTE"] >= 20 and app.config["NEW_DECKS_PER_MINUTE"] >= 20
    client = app.test_client()
    for _ in range(12):   # a table restarting setups all evening long stays far below it
        assert client.post("/games/import", data=DOCUMENT, content_type="application/json").status_code == 303
