"""Who may change the card library (companion/aotwk/web/library.py), its history with undo, and
finished games that keep the library they were scored with (library_versions.py)."""

from __future__ import annotations

import pytest

from tests.conftest import csrf_token_from

from .helpers import import_document, sample

# its storage differs between SQLite and PostgreSQL: run on both (tests/conftest.py)
pytestmark = pytest.mark.both_databases

STRANGER = {"REMOTE_ADDR": "203.0.113.9"}    # another machine, not the host's loopback


def stranger(app):
    """A phone on the network that has opened no game here."""
    client = app.test_client()
    client.environ_base.update(STRANGER)
    return client, csrf_token_from(client.get("/").get_data(as_text=True))


def artisans_game(**changes) -> dict:
    """Two players, Age of Artisans; Red holds 2 Tools, whose VP our sources do not print."""
    doc = sample(expansions=["age_of_artisans"], **changes)
    doc["players"][0]["tools"] = 2
    return doc


def library(client) -> dict:
    return client.get("/library.json").get_json()["facts"]


def test_a_stranger_reads_the_library_but_cannot_change_it(app, client, csrf_token):
    client.post("/library", data={"csrf_token": csrf_token, "tools_vp.2": "2"})   # the host's
    phone, token = stranger(app)
    page = phone.get("/library").get_data(as_text=True)
    assert "Only someone holding the edit link of a game on this server can change the card library" in page
    assert "<fieldset class=\"library-fields\" disabled>" in page and "Save the card library" not in page
    for path, data in (("/library", {"tools_vp.2": "5"}), ("/library/answer", {"tools_vp.2": "5", "back": "/"}),
                       ("/library/undo", {})):
        refused = phone.post(path, data={"csrf_token": token, **data})
        assert refused.status_code == 403, path
        assert "Only someone holding the edit link" in refused.get_data(as_text=True)
    assert library(client) == {"tools_vp.2": 2}


def test_a_phone_holding_an_edit_link_may_change_it_and_the_change_says_who(app, client):
    edit, _view = import_document(client, sample(title="Friday game"))
    phone, token = stranger(app)
    assert phone.get(f"/g/{edit}").status_code == 200   # opened the edit link on this phone
    assert "Save the card library" in phone.get("/library").get_data(as_text=True)
    assert phone.post("/library", data={"csrf_token": token, "tools_vp.2": "3"}).status_code == 303
    assert library(client) == {"tools_vp.2": 3}
    page = phone.get("/library").get_data(as_text=True)
    assert "a phone at “Friday game”" in page and "1 fact changed" in page


def test_an_answer_from_a_games_score_page_proves_its_edit_link(app, client, csrf_token):
    """A phone that opened only the score page of its game (never the table) may answer there."""
    from .test_table import post_move, start

    edit = start(client, csrf_token, names=("Red", "Blue"), age_of_artisans="y")
    assert post_move(client, edit, csrf_token, kind="tools", player=0, delta=2).status_code == 200
    phone, token = stranger(app)
    response = phone.post("/library/answer", data={"csrf_token": token, "game": edit, "back": f"/g/{edit}/score",
                                                   "tools_vp.2": "2"})
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/g/{edit}/score")
    assert library(client) == {"tools_vp.2": 2}


def test_every_change_is_kept_and_one_tap_undoes_the_last(client, csrf_token):
    client.post("/library", data={"csrf_token": csrf_token, "tools_vp.2": "2"})
    client.post("/library", data={"csrf_token": csrf_token, "tools_vp.2": "3", "tools_vp.4": "5"})
    page = client.get("/library").get_data(as_text=True)
    assert "2 facts changed" in page and "1 fact changed" in page and "the host" in page
    undone = client.post("/library/undo", data={"csrf_token": csrf_token})
    assert undone.status_code == 303
    assert library(client) == {"tools_vp.2": 2}
    assert "The last change to the card library was undone." in client.get(undone.headers["Location"]).get_data(as_text=True)
    client.post("/library/undo", data={"csrf_token": csrf_token})
    assert library(client) == {}
    nothing = client.post("/library/undo", data={"csrf_token": csrf_token})
    assert nothing.status_code == 400 and "There is nothing to undo." in nothing.get_data(as_text=True)


def test_a_finished_game_keeps_the_library_it_was_scored_with_until_its_table_rescores(make_app):
    """Seen at a table: a library change rescored a finished game (-7 -> 21), then made it unscorable."""
    client = make_app(FINISHED_GAMES_CSV_TOKEN="league").test_client()
    csrf_token = csrf_token_from(client.get("/").get_data(as_text=True))
    client.post("/library", data={"csrf_token": csrf_token, "tools_vp.2": "2"})
    edit, view = import_document(client, artisans_game(phase="finished"))
    before = client.get(f"/v/{view}/score.json").get_json()
    red = before["players"][0]
    assert red["categories"]["tools"] == 2

    client.post("/library", data={"csrf_token": csrf_token, "tools_vp.2": "9"})   # a typo on another night
    assert client.get(f"/v/{view}/score.json").get_json() == before
    client.post("/library", data={"csrf_token": csrf_token, "tools_vp.2": ""})    # and then emptied
    assert client.get(f"/v/{view}/score.json").get_json() == before
    assert client.get(f"/g/{edit}/sheet.pdf").status_code == 200   # the sheet still scores it
    league = client.get("/games/finished.csv?token=league").get_data(as_text=True)
    assert "Red" in league   # scored with the library it keeps, not left out as unscorable

    page = client.get(f"/g/{edit}/score").get_data(as_text=True)
    assert "The card library has changed since." in page and "Rescore with today's card library" in page
    watching = client.get(f"/v/{view}/score").get_data(as_text=True)
    assert "The card library has changed since." in watching and "Rescore with" not in watching   # an edit-link action

    client.post("/library", data={"csrf_token": csrf_token, "tools_vp.2": "4"})
    rescored = client.post(f"/g/{edit}/library/rescore", data={"csrf_token": csrf_token})
    assert rescored.status_code == 303 and rescored.headers["Location"].endswith(f"/g/{edit}/score")
    assert client.get(f"/v/{view}/score.json").get_json()["players"][0]["categories"]["tools"] == 4
    assert "Rescore with" not in client.get(f"/g/{edit}/score").get_data(as_text=True)


def test_a_game_still_playing_follows_the_library(client, csrf_token):
    client.post("/library", data={"csrf_token": csrf_token, "tools_vp.2": "2"})
    _edit, view = import_document(client, artisans_game())
    client.post("/library", data={"csrf_token": csrf_token, "tools_vp.2": "3"})
    assert client.get(f"/v/{view}/score.json").get_json()["players"][0]["categories"]["tools"] == 3


def test_rescoring_needs_the_edit_link(client, csrf_token):
    _edit, view = import_document(client, sample(phase="finished"))
    assert client.post(f"/v/{view}/library/rescore", data={"csrf_token": csrf_token}).status_code == 403
    assert client.post(f"/g/{view}/library/rescore", data={"csrf_token": csrf_token}).status_code == 403


def test_a_game_played_on_after_it_finished_follows_the_library_again(app, client, csrf_token):
    client.post("/library", data={"csrf_token": csrf_token, "tools_vp.2": "2"})
    edit, view = import_document(client, artisans_game(phase="finished"))
    client.post("/library", data={"csrf_token": csrf_token, "tools_vp.2": "3"})
    assert client.get(f"/v/{view}/score.json").get_json()["players"][0]["categories"]["tools"] == 2
    store = app.extensions["store"]
    store.change(edit, {"kind": "reopen"}, lambda state: ({**state, "phase": "final_round"}, []))   # an undone finish
    store.change(edit, {"kind": "finish"}, lambda state: ({**state, "phase": "finished"}, []))
    assert client.get(f"/v/{view}/score.json").get_json()["players"][0]["categories"]["tools"] == 3


def test_the_read_only_library_says_why_in_korean(app):
    phone, _token = stranger(app)
    page = phone.get("/library", headers={"Accept-Language": "ko"}).get_data(as_text=True)
    assert "편집 링크를 가진 사람만 카드 자료를 바꿀 수 있습니다" in page


def test_answering_from_a_game_still_playing_leaves_it_following_the_library(app, client, csrf_token):
    from .test_table import post_move, start

    edit = start(client, csrf_token, names=("Red", "Blue"), age_of_artisans="y")
    post_move(client, edit, csrf_token, kind="tools", player=0, delta=2)
    client.post("/library/answer", data={"csrf_token": csrf_token, "game": edit, "back": f"/g/{edit}/score",
                                         "tools_vp.2": "2"})
    client.post("/library", data={"csrf_token": csrf_token, "tools_vp.2": "3"})
    app.extensions["store"].change(edit, {"kind": "finish"}, lambda state: ({**state, "phase": "finished"}, []))
    # finished under the library of today: it keeps that one, not the one of the answer
    assert client.get(f"/g/{edit}/score.json").get_json()["players"][0]["categories"]["tools"] == 3


def test_answering_from_a_finished_games_page_scores_it_with_the_answer(app, client, csrf_token):
    client.post("/library", data={"csrf_token": csrf_token, "tools_vp.2": "2"})
    edit, view = import_document(client, artisans_game(phase="finished"))
    client.post("/library", data={"csrf_token": csrf_token, "tools_vp.4": "4"})   # the game keeps the first version
    client.post("/library/answer", data={"csrf_token": csrf_token, "game": edit, "back": f"/g/{edit}/score",
                                         "tools_vp.2": "5"})
    assert client.get(f"/v/{view}/score.json").get_json()["players"][0]["categories"]["tools"] == 5
