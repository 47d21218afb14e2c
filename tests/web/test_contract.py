"""The stable addresses of shared/contracts/web-routes.md, exactly as promised."""

from __future__ import annotations

import io
import json

import pytest

from companion.aotwk.rules.scoring import score_document

from .helpers import HOSTILE_NAME, import_document, sample


def test_healthz_says_ok(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_data(as_text=True) == "ok"


def test_home_offers_new_game_and_import(client):
    html = client.get("/").get_data(as_text=True)
    assert "New game" in html and "Import" in html


def test_import_json_answers_303_to_the_edit_address(client):
    response = client.post("/games/import", json=sample())
    assert response.status_code == 303
    assert response.headers["Location"].startswith("/g/")


def test_tokens_are_long_random_and_different(client):
    edit_token, view_token = import_document(client, sample())
    other_edit, other_view = import_document(client, sample())
    assert edit_token != view_token
    assert len({edit_token, view_token, other_edit, other_view}) == 4
    for token in (edit_token, view_token):
        assert len(token) >= 22   # 128 bits in URL-safe base64
        assert all(c.isalnum() or c in "-_" for c in token)


def test_edit_and_view_addresses_show_the_game(client):
    edit_token, view_token = import_document(client, sample())
    edit_page = client.get(f"/g/{edit_token}").get_data(as_text=True)
    view_page = client.get(f"/v/{view_token}").get_data(as_text=True)
    assert "Friday game" in edit_page and "Friday game" in view_page
    assert "Undo" in edit_page and "Undo" not in view_page
    assert edit_token not in view_page   # the view page never leaks full rights


def test_view_token_under_edit_prefix_goes_to_the_view_address(client):
    _, view_token = import_document(client, sample())
    response = client.get(f"/g/{view_token}")
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/v/{view_token}")


@pytest.mark.parametrize("path", ["/g/{t}", "/v/{t}", "/g/{t}/export.json", "/v/{t}/score.json", "/g/{t}/history",
                                  "/g/{t}/poll?rev=0", "/v/{t}/share"])
def test_unknown_token_is_a_friendly_404(client, path):
    import_document(client, sample())
    response = client.get(path.format(t="no-such-game-token-at-all-xxxxxxx"))
    assert response.status_code == 404
    html = response.get_data(as_text=True)
    assert "no game" in html.lower() and "Traceback" not in html
    assert "Friday game" not in html


@pytest.mark.parametrize("prefix", ["g", "v"])
def test_export_is_a_game_document_the_score_command_accepts(client, prefix):
    edit_token, view_token = import_document(client, sample())
    token = edit_token if prefix == "g" else view_token
    response = client.get(f"/{prefix}/{token}/export.json")
    assert response.status_code == 200
    doc = response.get_json()
    assert doc["format"] == "architects-companion/1"
    assert doc["title"] == "Friday game" and doc["phase"] == "playing"
    assert [p["name"] for p in doc["players"]] == ["Red", "Blue"]
    assert doc["events"] == []
    assert score_document(doc)["winners"]


@pytest.mark.parametrize("prefix", ["g", "v"])
def test_score_json_is_the_score_command_output(client, prefix):
    edit_token, view_token = import_document(client, sample())
    token = edit_token if prefix == "g" else view_token
    response = client.get(f"/{prefix}/{token}/score.json")
    assert response.status_code == 200
    exported = client.get(f"/g/{edit_token}/export.json").get_json()
    expected = {**score_document(exported), "playing_minutes": exported["playing_minutes"]}   # (the Groups section's)
    assert response.get_json() == expected


def test_export_then_import_round_trips(client):
    edit_token, _ = import_document(client, sample())
    exported = client.get(f"/g/{edit_token}/export.json").get_json()
    again, _ = import_document(client, exported)
    re_exported = client.get(f"/g/{again}/export.json").get_json()
    assert re_exported == exported


def test_imported_events_are_kept(client):
    events = [{"seq": 1, "at": "2026-11-22T19:05:00Z", "kind": "virtue", "player": 0, "delta": 1}]
    edit_token, _ = import_document(client, sample(events=events))
    assert client.get(f"/g/{edit_token}/export.json").get_json()["events"] == events


def test_score_input_without_game_fields_imports_as_a_finished_game(client):
    edit_token, _ = import_document(client, {"players": [{"name": "Solo"}]})
    doc = client.get(f"/g/{edit_token}/export.json").get_json()
    assert doc["phase"] == "finished"
    assert doc["players"][0]["virtue"] == 0 and doc["players"][0]["buildings"] == []


def test_invalid_document_is_400_with_one_line_per_problem(client):
    doc = sample()
    doc["players"][0]["virtue"] = 19
    doc["players"][1]["buildings"] = ["smithyy"]
    doc["phase"] = "halftime"
    response = client.post("/games/import", json=doc)
    assert response.status_code == 400
    lines = response.get_data(as_text=True).strip().splitlines()
    assert any(line.startswith("players[0].virtue: ") and "19" in line for line in lines)
    assert any(line.startswith("players[1].buildings[0]") and "smithy" in line for line in lines)
    assert any(line.startswith("phase: ") for line in lines)
    assert len(lines) == 3


@pytest.mark.parametrize("body", [b"{not json", b"[]", b'"text"', b"{}"])
def test_malformed_json_is_400(client, body):
    response = client.post("/games/import", data=body, content_type="application/json")
    assert response.status_code == 400
    assert response.get_data(as_text=True).strip()


def test_import_form_upload_with_csrf_token(client, csrf_token):
    upload = (io.BytesIO(json.dumps(sample()).encode()), "game.json")
    response = client.post("/games/import", data={"csrf_token": csrf_token, "document": upload},
                           content_type="multipart/form-data")
    assert response.status_code == 303


def test_import_form_upload_shows_problems_next_to_the_field(client, csrf_token):
    doc = sample()
    doc["players"][0]["cathedral"] = 9
    upload = (io.BytesIO(json.dumps(doc).encode()), "game.json")
    response = client.post("/games/import", data={"csrf_token": csrf_token, "document": upload},
                           content_type="multipart/form-data")
    assert response.status_code == 400
    assert "Player 1, Cathedral level: " in response.get_data(as_text=True)   # the field in a player's words


def test_import_form_upload_of_broken_json_is_400(client, csrf_token):
    upload = (io.BytesIO(b"\xff\xfe not json"), "game.json")
    response = client.post("/games/import", data={"csrf_token": csrf_token, "document": upload},
                           content_type="multipart/form-data")
    assert response.status_code == 400
    assert "not valid JSON" in response.get_data(as_text=True)


def test_import_form_upload_without_csrf_token_is_a_friendly_400(client):
    upload = (io.BytesIO(json.dumps(sample()).encode()), "game.json")
    response = client.post("/games/import", data={"document": upload}, content_type="multipart/form-data")
    assert response.status_code == 400
    assert "Traceback" not in response.get_data(as_text=True)


def test_hostile_player_name_is_escaped_everywhere(client):
    doc = sample()
    doc["players"][0]["name"] = HOSTILE_NAME
    doc["title"] = "<b>bold</b> title"
    edit_token, view_token = import_document(client, doc)
    for path in (f"/g/{edit_token}", f"/v/{view_token}", f"/g/{edit_token}/history", f"/g/{edit_token}/score",
                 f"/g/{edit_token}/share", "/"):
        html = client.get(path).get_data(as_text=True)
        assert "<script>alert" not in html, path
        assert "<b>bold</b>" not in html, path
    assert "&lt;script&gt;alert" in client.get(f"/g/{edit_token}").get_data(as_text=True)


def test_pages_never_leak_their_token_in_a_referer(client):
    edit_token, _ = import_document(client, sample())
    response = client.get(f"/g/{edit_token}")
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_an_imported_game_in_play_takes_every_table_move_without_a_500(client, csrf_token):
    """web-routes contract: an imported document without events starts a fresh history at its state, so the
    tracker's moves (Black Market, Cathedral, a reset) must work on it."""
    from tests.web.helpers import import_document

    edit, _ = import_document(client, {"phase": "playing", "players": [{"name": "Ann", "virtue": 7, "gold": 1},
                                                                        {"name": "Ben"}]})
    store = client.application.extensions["store"]
    for move in ({"kind": "black_market", "player": 0, "space": "small"},
                 {"kind": "advance_cathedral", "player": 0, "reward": "empty"},
                 {"kind": "black_market_reset"}, {"kind": "steal_tax", "player": 1}):
        response = client.post(f"/g/{edit}/move", headers={"HX-Request": "true"},
                               data={"csrf_token": csrf_token, "rev": store.find(edit)[0].revision, **move})
        assert response.status_code < 500, move
    assert store.find(edit)[0].state["table"]["black_market_resets"] == 1


def test_an_import_no_setup_could_make_is_refused_with_the_problem(client):
    """web-routes contract: 'Invalid documents are refused with 400 and one message per problem'."""
    response = client.post("/games/import", json={"mode": "solo", "players": [{"name": "A"}, {"name": "B"}],
                                                  "bot": {"opponent": "helena"}})
    assert response.status_code == 400
    assert "players: a solo game has exactly 1 human player (got 2)" in response.get_data(as_text=True)
