"""Import and stored records against the game document's schema (companion/web/documents.py, pages.py)."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from companion.aotwk.rules import table

from .helpers import import_document, sample

# its storage differs between SQLite and PostgreSQL: run on both (tests/conftest.py)
pytestmark = pytest.mark.both_databases


def problems_of(response) -> list[str]:
    return response.get_data(as_text=True).strip().splitlines()


def test_every_document_the_score_command_accepts_imports_side_2_boards_too(client):
    """web-routes.md: 'a document that the score command accepts can be imported' (the audit found
    side-2 boards refused with 'variable boards are off')."""
    doc = {"players": [{"name": "Red", "board": "therese", "gold": 3, "marble": 3}, {"name": "Blue"}]}
    scored = subprocess.run([sys.executable, "-m", "companion.cli", "score", "-"], input=json.dumps(doc),
                            capture_output=True, text=True, timeout=60)
    assert scored.returncode == 0, scored.stderr
    token, _ = import_document(client, doc)
    state = client.application.extensions["store"].find(token)[0].state
    assert state["variable_boards"] is True and state["players"][0]["board"] == "therese"
    assert client.get(f"/g/{token}").status_code == 200


def test_a_game_from_the_setup_form_exports_its_creation_time(client, csrf_token):
    created = client.post("/games/new", data={"csrf_token": csrf_token, "mode": "multiplayer",
                                              "players-0-name": "Ann", "players-0-colour": "red",
                                              "players-1-name": "Bob", "players-1-colour": "blue"})
    assert created.status_code == 303
    token = created.headers["Location"].rsplit("/", 1)[-1]
    exported = client.get(f"/g/{token}/export.json").get_json()
    assert exported["created_at"] and exported["created_at"].startswith("20")


def test_the_game_file_is_named_after_the_game_like_its_sheet_and_scores(client):
    doc = sample()
    doc["title"] = "Friday night"
    token, _ = import_document(client, doc)
    downloaded = client.get(f"/g/{token}/export.json")
    assert downloaded.headers["Content-Disposition"] == 'attachment; filename="friday-night-game.json"'


def test_null_fields_take_their_defaults_and_the_game_plays(client, csrf_token):
    """score-cli: 'Every player field but name is optional and defaults to 0, null or []'; a null
    once became a stored null the pages could not read."""
    doc = sample(mode="paper")
    doc["players"][0].update(apprentices=None, overrides=None, buildings=None)
    token, _ = import_document(client, doc)
    state = client.application.extensions["store"].find(token)[0].state
    assert state["players"][0]["apprentices"] == [] and state["players"][0]["overrides"] == {}
    assert client.get(f"/g/{token}").status_code == 200
    assert client.get(f"/g/{token}/score").status_code == 200


@pytest.mark.parametrize("body, expected", [
    ('{"players": [{"name": "Red", "virtu": 1}]}', "players[0].virtu: unknown field; did you mean 'virtue'?"),
    ('{"players": [{"name": "Red", "silver": Infinity}]}', "(document): not valid JSON: Infinity is not a number JSON allows"),
    ("[" * 1000 + "]" * 1000, "(document): nested more than 24 levels deep"),
    ('{"players": [{"name": "A\\ud800"}]}', "players[0].name: must not contain a lone surrogate (not a character)"),
    ('{"title": "a\\u0000", "players": [{"name": "A"}]}', "title: must not contain the NUL character"),
    ('{"players": [{"name": "A", "colour": "red\\" onclick=\\"x"}]}',
     "players[0].colour: must be one of red, blue, green, yellow, purple, black, orange, white (got 'red\" onclick=\"x')"),
    ('{"players": [{"name": "A"}], "table": {"guildhall": 5}}', "table.guildhall: must be a list (got a number)"),
    (b'\xff\xfe', "(document): not valid JSON (the file is not UTF-8 text)"),
    # impossible games (seed 000 line 846: '2 human players vs Constantine or Helena'; line 856: a solo game
    # has no Resource Markets; seed 003 line 107: 1 Adornment per Building)
    ('{"players": [{"name": "A"}, {"name": "B"}, {"name": "C"}], "bot": {"opponent": "helena"}}',
     "bot: a bot plays against 1 player (solo) or 2 (rulebook: '2 human players vs Constantine or Helena'); "
     "got 3 players"),
    ('{"players": [{"name": "A", "buildings": ["stone_market"]}], "bot": {"opponent": "helena"}}',
     "players[0].buildings[0]: Stone Market is a Resource Market, removed from a solo game (Solo Play, Setup: "
     "'Remove the 4 \"Resource Market\" Building Cards from the deck')"),
    ('{"expansions": ["age_of_artisans"], "players": [{"name": "A", "adornments": [2]}]}',
     "players[0].adornments: 1 adornment but 0 buildings: each Adornment is tucked under its own Building "
     "(Age of Artisans: 'Players can only have 1 Adornment attached to each Building')"),
])
def test_import_refuses_with_the_field_named(client, body, expected):
    response = client.post("/games/import", data=body, content_type="application/json")
    assert response.status_code == 400
    assert problems_of(response) == [expected]


def test_the_upload_form_checks_the_same_schema(client, csrf_token):
    upload = (io.BytesIO(b'{"players": [{"name": "Red", "virtu": 1}]}'), "game.json")
    response = client.post("/games/import", data={"csrf_token": csrf_token, "document": upload},
                           content_type="multipart/form-data")
    assert response.status_code == 400
    # the page names the field in words; the JSON answer above keeps the file's path
    assert "Player 1, virtu: unknown field; did you mean “virtue”?" in response.get_data(as_text=True)


def test_a_stored_record_that_fails_the_schema_says_so_and_offers_its_export(client, csrf_token):
    """issue 9: a record of the wrong shape is never half-rendered, and a move on it is never stored."""
    state = table.new_game({"mode": "paper", "players": [{"name": "Ann"}], "seed": 1})
    state["players"][0]["overrides"] = None     # as an import before the schema could store it
    game = client.application.extensions["store"].create(state)
    for path in (f"/g/{game.edit_token}", f"/v/{game.view_token}", f"/g/{game.edit_token}/score",
                 f"/g/{game.edit_token}/history", f"/v/{game.view_token}/poll?rev=7"):
        page = client.get(path)
        assert page.status_code == 422, path
        assert "Player 1, values given by hand: is required on a stored game" in page.get_data(as_text=True)
    assert f'href="/g/{game.edit_token}/export.json"' in client.get(f"/g/{game.edit_token}").get_data(as_text=True)
    assert client.get(f"/g/{game.edit_token}/export.json").status_code == 200
    moved = client.post(f"/g/{game.edit_token}/move", data={"csrf_token": csrf_token, "rev": 0, "kind": "virtue",
                                                            "player": 0, "delta": 1})
    assert moved.status_code == 422
    assert client.application.extensions["store"].find(game.edit_token)[0].revision == 0


def test_a_nul_in_any_form_or_address_is_refused_before_it_is_stored(client, csrf_token):
    """issue 9: 'PostgreSQL only: NUL in a title ... 500'; the record schema refuses NUL too."""
    setup = {"csrf_token": csrf_token, "title": "Friday\x00", "mode": "multiplayer", "players-0-name": "Ann",
             "players-0-colour": "red", "players-1-name": "Bob", "players-1-colour": "blue"}
    assert client.post("/games/new", data=setup).status_code == 400
    assert client.get("/catalogue?q=%00").status_code == 400


@pytest.mark.parametrize("token", ["%00", "a%00b", "x" * 300, "bad.token"])
def test_a_token_no_game_can_have_is_a_404_without_asking_the_database(client, token):
    assert client.get(f"/g/{token}").status_code == 404
    assert client.get(f"/v/{token}/poll?rev=1").status_code == 404


@pytest.mark.parametrize("body", [b"[[true]]", b"0", b'{"players": {"name": 1}}', b"[" * 5000 + b"]" * 5000])
def test_json_where_a_form_is_expected_is_refused_not_read_as_the_form(client, body):
    """Flask-WTF reads a JSON body as a form's fields: a list there once failed inside the CSRF error page."""
    for path in ("/games/new", "/decks/new"):
        response = client.post(path, data=body, content_type="application/json")
        assert response.status_code == 415


@pytest.mark.parametrize("content_type", ["application/vnd.api+json", "application/merge-patch+json"])
def test_a_json_document_under_any_json_type_imports(client, content_type):
    """A +json content type went down the upload form's path and failed there (500)."""
    good = client.post("/games/import", data=json.dumps({"players": [{"name": "Ann"}]}), content_type=content_type)
    assert good.status_code == 303
    for body in (b"[1, 2]", b'"text"', b"{bad"):
        refused = client.post("/games/import", data=body, content_type=content_type)
        assert refused.status_code == 400 and refused.mimetype == "text/plain"


def test_a_game_whose_score_still_asks_imports_and_asks_the_same(client):
    """A paper game before its final values are typed: its export imports (the score command
    would refuse it, the game asks), and the imported game's score asks the same question."""
    doc = sample(mode="paper", players=[{"name": "Cleo", "virtue": 7, "not_entered": ["virtue"]},
                                        {"name": "Dan", "virtue": 5, "silver": 2}])
    token, _ = import_document(client, doc)
    again, _ = import_document(client, client.get(f"/g/{token}/export.json").get_json())
    asked = client.get(f"/g/{again}/score.json")
    assert asked.status_code == 422 and "nobody has entered Cleo's final virtue yet" in asked.get_json()["problems"][0]
    assert asked.get_json() == client.get(f"/g/{token}/score.json").get_json()
