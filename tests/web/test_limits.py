"""Limits a public server needs (companion/web/limits.py): new games and new decks per client
per minute, generous for a table, a friendly translated 429 beyond."""

from __future__ import annotations

import io
import json

from tests.conftest import csrf_token_from

DOCUMENT = json.dumps({"players": [{"name": "Ann"}, {"name": "Bob"}]})


def limited(make_app, **config):
    app = make_app(**{"RATELIMIT_ENABLED": True, "NEW_GAMES_PER_MINUTE": 3, "NEW_DECKS_PER_MINUTE": 2, **config})
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


# -- every other creating route: groups, group imports, rematches, decks imported, library files --------

def group_of(client) -> str:
    return client.post("/groups/new", json={"name": "Friday club"}).headers["Location"].rsplit("/", 1)[-1]


def test_new_groups_per_client_per_minute_by_json_and_by_form(make_app):
    _app, client, csrf = limited(make_app, NEW_GROUPS_PER_MINUTE=2)
    assert client.post("/groups/new", json={"name": "One"}).status_code == 303
    assert client.post("/groups/new", json={"name": ""}).status_code == 400   # refused: costs nothing
    assert client.post("/groups/new", data={"csrf_token": csrf, "name": "Two"}).status_code == 303
    refused = client.post("/groups/new", json={"name": "Three"})
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "60"
    assert "a great many groups" in refused.get_data(as_text=True)
    assert client.post("/groups/new", data={"csrf_token": csrf, "name": "Three"}).status_code == 429
    assert client.post("/games/import", data=DOCUMENT, content_type="application/json").status_code == 303


def test_imports_into_a_group_per_client_per_minute(make_app):
    _app, client, _csrf = limited(make_app, GROUP_IMPORTS_PER_MINUTE=2)
    token = group_of(client)
    bundle = {"format": "architects-companion-group/1", "games": [json.loads(DOCUMENT)] * 2}
    answers = [client.post(f"/groups/{token}/import", data=DOCUMENT, content_type="application/json").status_code,
               client.post(f"/groups/{token}/import", json={"players": []}).status_code,   # refused: free
               # (the same game again: the organiser says it was another evening)
               client.post(f"/groups/{token}/import?another=1", json=bundle).status_code]
    assert answers == [303, 400, 303]
    refused = client.post(f"/groups/{token}/import", data=DOCUMENT, content_type="application/json")
    assert refused.status_code == 429 and "imported into groups a great many times" in refused.get_data(as_text=True)


def test_a_rematch_counts_as_a_new_game(make_app):
    _app, client, csrf = limited(make_app)
    made = client.post("/games/import", data=DOCUMENT, content_type="application/json")
    edit = made.headers["Location"].rsplit("/", 1)[-1]
    assert client.post(f"/g/{edit}/rematch", data={"csrf_token": csrf}).status_code == 303
    assert client.post(f"/g/{edit}/rematch", data={"csrf_token": csrf}).status_code == 303
    refused = client.post(f"/g/{edit}/rematch", data={"csrf_token": csrf})
    assert refused.status_code == 429 and "Wait a minute, then try again." in refused.get_data(as_text=True)


def test_imported_decks_count_as_new_decks(make_app):
    from companion.aotwk.rules import bot

    _app, client, csrf = limited(make_app)
    deck = bot.export_deck(bot.practice_deck()).encode()

    def upload():
        return client.post("/decks/import", data={"csrf_token": csrf, "deck_file": (io.BytesIO(deck), "deck.json")},
                           content_type="multipart/form-data").status_code
    assert [upload(), upload(), upload()] == [303, 303, 429]


def test_library_files_imported_per_client_per_minute(make_app):
    _app, client, csrf = limited(make_app, LIBRARY_IMPORTS_PER_MINUTE=2)
    library_file = json.dumps({"format": "architects-companion/card-library/1", "facts": {"tools_vp.2": 3}}).encode()

    def upload(content: bytes = library_file):
        return client.post("/library/import", data={"csrf_token": csrf, "library_file": (io.BytesIO(content), "l.json")},
                           content_type="multipart/form-data")
    assert [upload().status_code, upload(b"not json").status_code, upload().status_code] == [200, 400, 200]
    refused = upload()
    assert refused.status_code == 429 and "card library files" in refused.get_data(as_text=True)


def test_every_creating_route_has_a_generous_default(make_app):
    config = make_app().config
    for setting in ("NEW_GAMES_PER_MINUTE", "NEW_DECKS_PER_MINUTE", "NEW_GROUPS_PER_MINUTE",
                    "GROUP_IMPORTS_PER_MINUTE", "LIBRARY_IMPORTS_PER_MINUTE"):
        assert 5 <= config[setting] <= 60, setting
