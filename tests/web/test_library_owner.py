"""Who may change the card library (companion/aotwk/web/library.py: the host, and the owners it
adds, library_owners.py), its history with undo, and games that keep the library they were
scored with until their table accepts a newer one (library_versions.py)."""

from __future__ import annotations

import io
import json
import re

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


def upload(client, token: str, facts: dict):
    content = json.dumps({"format": "architects-companion/card-library/1", "facts": facts}).encode()
    return client.post("/library/import", data={"csrf_token": token, "library_file": (io.BytesIO(content), "l.json")},
                       content_type="multipart/form-data")


def add_owner(client, token: str, **fields):
    return client.post("/library/owners", data={"csrf_token": token, **fields})


def test_a_stranger_reads_the_library_but_cannot_change_it(app, client, csrf_token):
    client.post("/library", data={"csrf_token": csrf_token, "tools_vp.2": "2"})   # the host's
    phone, token = stranger(app)
    page = phone.get("/library").get_data(as_text=True)
    assert "Only the host (the person running this server) and the owners it adds can change" in page
    assert "<fieldset class=\"library-fields\" disabled>" in page and "Save the card library" not in page
    for path, data in (("/library", {"tools_vp.2": "5"}), ("/library/answer", {"tools_vp.2": "5", "back": "/"}),
                       ("/library/undo", {})):
        refused = phone.post(path, data={"csrf_token": token, **data})
        assert refused.status_code == 403, path
        assert "Ask the host to add your game or your group as an owner" in refused.get_data(as_text=True)
    assert library(client) == {"tools_vp.2": 2}


def test_a_stranger_who_makes_a_game_still_cannot_change_import_or_undo_library_facts(app, client, csrf_token):
    """Issue 36: one import of a throwaway game made a stranger an owner, whose import set the VP for
    2 tools to 30 (rescoring the host's game in play) and whose Undo took back the host's change."""
    client.post("/library", data={"csrf_token": csrf_token, "tools_vp.2": "2"})
    host_game, host_view = import_document(client, artisans_game(phase="playing"))
    phone, token = stranger(app)
    edit, _view = import_document(phone, sample(title="Group game", phase="playing"))   # made on this phone
    assert phone.get(f"/g/{edit}").status_code == 200                                  # and opened
    before = app.extensions["store"].find(host_game)[0]
    for refused in (phone.post("/library", data={"csrf_token": token, "tools_vp.2": "30"}),
                    phone.post("/library/answer", data={"csrf_token": token, "game": edit, "back": "/",
                                                        "tools_vp.2": "30"}),
                    upload(phone, token, {"tools_vp.2": 30}),
                    phone.post("/library/undo", data={"csrf_token": token}),
                    add_owner(phone, token, link=f"http://localhost/g/{edit}"),
                    phone.post("/library/owners/1/remove", data={"csrf_token": token})):
        assert refused.status_code == 403
        assert "Ask the host to add your game or your group as an owner" in refused.get_data(as_text=True)
    assert library(client) == {"tools_vp.2": 2}
    assert client.get(f"/v/{host_view}/score.json").get_json()["players"][0]["categories"]["tools"] == 2
    assert app.extensions["store"].find(host_game)[0].revision == before.revision
    assert "No owner yet" in client.get("/library").get_data(as_text=True)


def test_an_owner_the_host_adds_may_change_it_the_change_says_who_and_the_host_can_take_it_back(app, client,
                                                                                              csrf_token):
    phone, token = stranger(app)
    edit, _view = import_document(phone, sample(title="Friday game", phase="playing"))
    added = add_owner(client, csrf_token, link=f"http://192.168.1.20:8000/g/{edit}/score")   # the link it was sent
    assert added.status_code == 303 and added.headers["Location"].endswith("/library?done=owner_added#owners")
    host_page = client.get(added.headers["Location"]).get_data(as_text=True)
    assert "Added as an owner of the card library." in host_page and "the table of “Friday game”" in host_page

    assert "Save the card library" in phone.get("/library").get_data(as_text=True)
    assert phone.post("/library", data={"csrf_token": token, "tools_vp.2": "3"}).status_code == 303
    assert upload(phone, token, {"tools_vp.4": 5}).status_code == 200
    assert library(client) == {"tools_vp.2": 3, "tools_vp.4": 5}
    assert phone.post("/library/undo", data={"csrf_token": token}).status_code == 303
    assert library(client) == {"tools_vp.2": 3}
    page = phone.get("/library").get_data(as_text=True)
    assert "a phone at “Friday game”" in page and "1 fact changed" in page

    owner_id = re.search(r'action="/library/owners/(\d+)/remove"', host_page)[1]
    removed = client.post(f"/library/owners/{owner_id}/remove", data={"csrf_token": csrf_token})
    assert removed.status_code == 303 and "No owner yet" in client.get("/library").get_data(as_text=True)
    assert phone.post("/library", data={"csrf_token": token, "tools_vp.2": "9"}).status_code == 403
    assert library(client) == {"tools_vp.2": 3}


def test_a_group_the_host_chose_from_its_phone_is_an_owner_for_every_phone_that_opened_its_link(app, client,
                                                                                                csrf_token):
    group = client.post("/groups/new", json={"name": "Friday club"}).headers["Location"].rsplit("/", 1)[-1]
    client.get(f"/groups/{group}")   # the host's phone opened it: it is among its choices
    choices = client.get("/library").get_data(as_text=True)
    assert f'<option value="/groups/{group}">Group: Friday club</option>' in choices
    assert add_owner(client, csrf_token, chosen=f"/groups/{group}").status_code == 303
    host_page = client.get("/library").get_data(as_text=True)
    assert "the group “Friday club”" in host_page and f'value="/groups/{group}"' not in host_page   # chosen once

    member, token = stranger(app)
    assert member.post("/library", data={"csrf_token": token, "tools_vp.2": "4"}).status_code == 403
    member.get(f"/groups/{group}")
    assert member.post("/library", data={"csrf_token": token, "tools_vp.2": "4"}).status_code == 303
    assert "a phone of the group “Friday club”" in member.get("/library").get_data(as_text=True)
    # and an owner may add another
    edit, _view = import_document(member, sample(title="Saturday game"))
    assert add_owner(member, token, link=f"/g/{edit}").status_code == 303
    assert "the table of “Saturday game”" in client.get("/library").get_data(as_text=True)


def test_an_owner_is_named_by_its_edit_link_only_and_a_wrong_one_is_said_next_to_the_field(client, csrf_token):
    edit, view = import_document(client, sample(title="Friday game"))
    for link, said in ((f"/v/{view}", "That is a game&#39;s view link"),
                       (f"/g/{view}", "That is a game&#39;s view link"),
                       ("/g/no-such-game", "No game or group on this server has that link."),
                       ("/groups/no-such-group", "No game or group on this server has that link."),
                       ("http://[", "No game or group on this server has that link."),
                       ("", "Choose one of this phone&#39;s games or groups, or paste its link.")):
        refused = add_owner(client, csrf_token, link=link)
        assert refused.status_code == 400, link
        assert re.search(r'id="link-error">' + re.escape(said), refused.get_data(as_text=True)), link
    assert "No owner yet" in client.get("/library").get_data(as_text=True)


def test_the_public_page_shows_the_facts_not_who_changed_them_or_from_which_game(app, client, csrf_token):
    phone, token = stranger(app)
    edit, _view = import_document(phone, sample(title="Secret table", phase="playing"))
    add_owner(client, csrf_token, link=f"/g/{edit}")
    phone.post("/library", data={"csrf_token": token, "tools_vp.2": "3"})
    client.post("/library", data={"csrf_token": csrf_token, "tools_vp.2": "3", "tools_vp.4": "5"})
    assert library(client) == {"tools_vp.2": 3, "tools_vp.4": 5}
    reader, _token = stranger(app)
    reader.environ_base["REMOTE_ADDR"] = "203.0.113.10"
    page = reader.get("/library").get_data(as_text=True)
    assert 'value="3"' in page and 'value="5"' in page   # the facts
    for who in ("Secret table", "a phone at", "facts changed", "fact changed", "Undo the last change", "Owners"):
        assert who not in page, who
    assert "Cache-Control" not in reader.get("/library").headers
    owners_page = phone.get("/library")
    assert "Secret table" in owners_page.get_data(as_text=True)   # an owner sees the history
    assert owners_page.headers["Cache-Control"] == "no-store"     # and no cache keeps it for another


def test_an_answer_from_an_owner_games_score_page_proves_its_edit_link(app, client, csrf_token):
    """A phone that opened only the score page of its game (never the table) may answer there,
    once its game is an owner; before, the score page says who may and the answer is refused."""
    from .test_table import post_move, start

    edit = start(client, csrf_token, names=("Red", "Blue"), age_of_artisans="y")
    assert post_move(client, edit, csrf_token, kind="tools", player=0, delta=2).status_code == 200
    phone, token = stranger(app)
    asked = phone.get(f"/g/{edit}/score").get_data(as_text=True)
    assert "Ask the host to add your game or your group as an owner" in asked and 'class="library-ask"' not in asked
    answer = {"csrf_token": token, "game": edit, "back": f"/g/{edit}/score", "tools_vp.2": "2"}
    assert phone.post("/library/answer", data=answer).status_code == 403
    assert library(client) == {}

    add_owner(client, csrf_token, link=f"/g/{edit}")
    assert 'class="library-ask"' in phone.get(f"/g/{edit}/score").get_data(as_text=True)
    response = phone.post("/library/answer", data=answer)
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/g/{edit}/score")
    assert library(client) == {"tools_vp.2": 2}
    assert client.get(f"/g/{edit}/score.json").get_json()["players"][0]["categories"]["tools"] == 2


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


def test_a_game_in_play_keeps_its_score_when_the_library_changes_until_its_table_accepts(client, csrf_token):
    """Issue 36: a change to the library rescored every game in play at once."""
    client.post("/library", data={"csrf_token": csrf_token, "tools_vp.2": "2"})
    edit, view = import_document(client, artisans_game(phase="playing"))
    before = client.get(f"/v/{view}/score.json").get_json()
    assert before["players"][0]["categories"]["tools"] == 2
    client.post("/library", data={"csrf_token": csrf_token, "tools_vp.2": "30"})
    assert client.get(f"/v/{view}/score.json").get_json() == before
    page = client.get(f"/g/{edit}/score").get_data(as_text=True)
    assert "The card library has changed since: its table may use the newer one." in page
    assert "Rescore with today's card library" in page
    assert "Rescore with" not in client.get(f"/v/{view}/score").get_data(as_text=True)   # an edit-link action

    accepted = client.post(f"/g/{edit}/library/rescore", data={"csrf_token": csrf_token})
    assert accepted.status_code == 303
    assert client.get(f"/v/{view}/score.json").get_json()["players"][0]["categories"]["tools"] == 30
    assert "Rescore with" not in client.get(f"/g/{edit}/score").get_data(as_text=True)


def test_a_game_made_after_a_change_is_scored_with_the_library_it_started_with(client, csrf_token):
    client.post("/library", data={"csrf_token": csrf_token, "tools_vp.2": "2"})
    client.post("/library", data={"csrf_token": csrf_token, "tools_vp.2": "3"})
    _edit, view = import_document(client, artisans_game(phase="playing"))
    assert client.get(f"/v/{view}/score.json").get_json()["players"][0]["categories"]["tools"] == 3
    client.post("/library/undo", data={"csrf_token": csrf_token})   # an undo is a change too
    assert client.get(f"/v/{view}/score.json").get_json()["players"][0]["categories"]["tools"] == 3


def test_rescoring_needs_the_edit_link(client, csrf_token):
    _edit, view = import_document(client, sample(phase="finished"))
    assert client.post(f"/v/{view}/library/rescore", data={"csrf_token": csrf_token}).status_code == 403
    assert client.post(f"/g/{view}/library/rescore", data={"csrf_token": csrf_token}).status_code == 403


def test_a_game_played_on_after_it_finished_keeps_its_library(app, client, csrf_token):
    client.post("/library", data={"csrf_token": csrf_token, "tools_vp.2": "2"})
    edit, view = import_document(client, artisans_game(phase="finished"))
    client.post("/library", data={"csrf_token": csrf_token, "tools_vp.2": "3"})
    assert client.get(f"/v/{view}/score.json").get_json()["players"][0]["categories"]["tools"] == 2
    store = app.extensions["store"]
    store.change(edit, {"kind": "reopen"}, lambda state: ({**state, "phase": "final_round"}, []))   # an undone finish
    assert client.get(f"/v/{view}/score.json").get_json()["players"][0]["categories"]["tools"] == 2
    store.change(edit, {"kind": "finish"}, lambda state: ({**state, "phase": "finished"}, []))
    assert client.get(f"/v/{view}/score.json").get_json()["players"][0]["categories"]["tools"] == 2


def test_the_read_only_library_says_why_in_korean(app):
    phone, _token = stranger(app)
    page = phone.get("/library", headers={"Accept-Language": "ko"}).get_data(as_text=True)
    assert "호스트에게 카드 자료 페이지에서 여러분의 게임이나 모임을 소유자로 추가해 달라고 요청하세요" in page


def test_answering_from_a_game_in_play_scores_it_with_the_answer_and_it_keeps_that(app, client, csrf_token):
    from .test_table import post_move, start

    edit = start(client, csrf_token, names=("Red", "Blue"), age_of_artisans="y")
    post_move(client, edit, csrf_token, kind="tools", player=0, delta=2)
    client.post("/library/answer", data={"csrf_token": csrf_token, "game": edit, "back": f"/g/{edit}/score",
                                         "tools_vp.2": "2"})
    client.post("/library", data={"csrf_token": csrf_token, "tools_vp.2": "3"})
    assert client.get(f"/g/{edit}/score.json").get_json()["players"][0]["categories"]["tools"] == 2
    app.extensions["store"].change(edit, {"kind": "finish"}, lambda state: ({**state, "phase": "finished"}, []))
    assert client.get(f"/g/{edit}/score.json").get_json()["players"][0]["categories"]["tools"] == 2


def test_answering_from_a_finished_games_page_scores_it_with_the_answer(app, client, csrf_token):
    client.post("/library", data={"csrf_token": csrf_token, "tools_vp.2": "2"})
    edit, view = import_document(client, artisans_game(phase="finished"))
    client.post("/library", data={"csrf_token": csrf_token, "tools_vp.4": "4"})   # the game keeps the first version
    client.post("/library/answer", data={"csrf_token": csrf_token, "game": edit, "back": f"/g/{edit}/score",
                                         "tools_vp.2": "5"})
    assert client.get(f"/v/{view}/score.json").get_json()["players"][0]["categories"]["tools"] == 5
