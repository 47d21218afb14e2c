"""A finished game's rematch carries the table over (issue 34 item 1; companion/web/rematches.py):
made once, it moves the finished game on a revision (its phones' streams hear of it), the finished
game's pages (edit and view) link it, and each phone that follows keeps its player, wherever the
rematch seats them; the tablet stays the whole table."""

from __future__ import annotations

import pytest

from tests.conftest import csrf_token_from
from tests.groups.games import fridays

from .helpers import import_document

# the rematch's link is stored: run on both databases (tests/conftest.py)
pytestmark = pytest.mark.both_databases

NOTICE = "A rematch has started: same players, next seats."


def three_players(client) -> tuple[str, str]:
    """A finished game of Ann, Bob and Cy (its rematch seats them Bob, Cy, Ann): (edit, view)."""
    doc = fridays()[2]
    for player, name in zip(doc["players"], ("Ann", "Bob", "Cy"), strict=True):
        player["name"] = name
    return import_document(client, doc)


def phone(app, token: str, who: str | None = None):
    """Another device on the game (its own session), that said whose phone it is."""
    device = app.test_client()
    device.get(f"/g/{token}")
    if who is not None:
        assert device.get(f"/g/{token}/seat?who={who}").status_code == 303
    return device


def rematch(device, edit: str):
    csrf = csrf_token_from(device.get("/").get_data(as_text=True))
    return device.post(f"/g/{edit}/rematch", data={"csrf_token": csrf})


def seat_in(device, game_id: int):
    with device.session_transaction() as session:
        return (session.get("seats") or {}).get(str(game_id))


def token_of(response) -> str:
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[-1]


def test_the_phone_that_makes_the_rematch_keeps_its_player(app):
    store = app.extensions["store"]
    maker = app.test_client()
    edit, _view = three_players(maker)
    maker.get(f"/g/{edit}/seat?who=2")   # Cy's phone
    before = store.find(edit, fresh=True)[0]
    new_edit = token_of(rematch(maker, edit))
    new_game = store.find(new_edit)[0]
    assert [p["name"] for p in new_game.state["players"]] == ["Bob", "Cy", "Ann"]
    assert seat_in(maker, new_game.id) == "1"   # Cy sits second now: the phone follows Cy, not seat 2
    page = maker.get(f"/g/{new_edit}").get_data(as_text=True)
    assert "Who is this phone?" not in page
    # The finished game moved one revision on (its phones' streams hear of it); nothing else of it changed.
    after = store.find(edit, fresh=True)[0]
    assert after.revision == before.revision + 1 and after.state == before.state


def test_every_phone_on_the_finished_game_finds_the_notice_and_follows_its_player(app):
    store = app.extensions["store"]
    tablet = app.test_client()
    edit, _view = three_players(tablet)
    ann, bob, nobody = phone(app, edit, "0"), phone(app, edit, "1"), phone(app, edit)
    tablet.get(f"/g/{edit}/seat?who=table")
    shown = store.find(edit)[0].revision
    assert NOTICE not in ann.get(f"/g/{edit}").get_data(as_text=True)

    new_edit = token_of(rematch(tablet, edit))
    new_game = store.find(new_edit)[0]
    assert seat_in(tablet, new_game.id) == "table"   # the tablet stays the whole table

    # What a phone's stream makes it fetch: the poll at the revision it shows, now behind.
    region = ann.get(f"/g/{edit}/poll?rev={shown}", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert NOTICE in region and f'href="/g/{edit}/rematch"' in region
    assert new_edit not in region   # the link goes through this game's own address
    assert f'data-last-change="{NOTICE}"' in region   # the line other phones float says it too

    for device, seat in ((ann, "2"), (bob, "0"), (nobody, None)):
        assert token_of(device.get(f"/g/{edit}/rematch")) == new_edit
        assert seat_in(device, new_game.id) == seat
    assert "Who is this phone?" not in bob.get(f"/g/{new_edit}").get_data(as_text=True)
    assert "Who is this phone?" in nobody.get(f"/g/{new_edit}").get_data(as_text=True)


def test_a_second_rematch_leads_to_the_first(app):
    store = app.extensions["store"]
    first, second = app.test_client(), app.test_client()
    edit, _view = three_players(first)
    made = token_of(rematch(first, edit))
    revision = store.find(edit, fresh=True)[0].revision
    assert token_of(rematch(second, edit)) == made   # a stale page's Rematch: the same game, not a second
    assert store.find(edit, fresh=True)[0].revision == revision


def test_the_finished_page_links_the_rematch_for_whoever_opens_it_later(app, client):
    edit, view = three_players(client)
    new_edit = token_of(rematch(client, edit))
    new_view = app.extensions["store"].find(new_edit)[0].view_token
    later = app.test_client()
    table = later.get(f"/g/{edit}").get_data(as_text=True)
    score = later.get(f"/g/{edit}/score").get_data(as_text=True)
    for page in (table, score):
        assert NOTICE in page and f'href="/g/{edit}/rematch"' in page
    # Once made, the score page offers the rematch, not another Rematch button.
    assert f'action="/g/{edit}/rematch"' not in score
    assert token_of(later.get(f"/g/{edit}/rematch")) == new_edit


def test_a_view_link_leads_only_to_the_rematchs_view_link(app, client):
    edit, view = three_players(client)
    new_edit = token_of(rematch(client, edit))
    new_view = app.extensions["store"].find(new_edit)[0].view_token
    spectator = app.test_client()
    for address in (f"/v/{view}", f"/v/{view}/score"):
        page = spectator.get(address).get_data(as_text=True)
        assert NOTICE in page and f'href="/v/{view}/rematch"' in page
        assert new_edit not in page and edit not in page and "/rematch\" method" not in page
    assert spectator.get(f"/v/{view}/rematch").headers["Location"] == f"/v/{new_view}"
    # the view token through the edit prefix, or the edit token through the view prefix: still the view link
    assert spectator.get(f"/g/{view}/rematch").headers["Location"] == f"/v/{new_view}"
    assert spectator.get(f"/v/{edit}/rematch").headers["Location"] == f"/v/{new_view}"


def test_a_spectators_seat_comes_along_to_the_view_link(app, client):
    edit, view = three_players(client)
    tablet = app.test_client()
    tablet.get(f"/v/{view}/seat?who=table")
    new_edit = token_of(rematch(client, edit))
    tablet.get(f"/v/{view}/rematch")
    assert seat_in(tablet, app.extensions["store"].find(new_edit)[0].id) == "table"


def test_the_score_page_hears_of_the_rematch_through_its_own_live_region(app, client):
    edit, view = three_players(client)
    shown = app.extensions["store"].find(edit)[0].revision
    score = client.get(f"/g/{edit}/score").get_data(as_text=True)
    assert f'hx-get="/g/{edit}/rematch/notice"' in score and f'data-stream="/g/{edit}/stream"' in score
    assert client.get(f"/g/{edit}/rematch/notice?rev={shown}").status_code == 204   # nothing new
    rematch(app.test_client(), edit)
    region = client.get(f"/g/{edit}/rematch/notice?rev={shown}").get_data(as_text=True)
    assert 'id="live"' in region and f'data-revision="{shown + 1}"' in region and NOTICE in region
    viewer = app.test_client().get(f"/v/{view}/rematch/notice?rev={shown}").get_data(as_text=True)
    assert f'href="/v/{view}/rematch"' in viewer


def test_no_rematch_yet_is_404_to_follow_and_no_notice(client):
    edit, view = three_players(client)
    assert client.get(f"/g/{edit}/rematch").status_code == 404
    assert client.get(f"/v/{view}/rematch").status_code == 404
    assert client.get("/g/" + "A" * 32 + "/rematch").status_code == 404
    assert NOTICE not in client.get(f"/g/{edit}/score").get_data(as_text=True)


def test_an_amytis_phone_follows_its_player_too(app, client):
    store = app.extensions["store"]
    edit, _view = import_document(client, fridays()[4])
    names = [p["name"] for p in store.find(edit)[0].state["players"]]
    assert names == ["Ann", "Bob"]
    bob = app.test_client()
    bob.get(f"/g/{edit}/amytis/mine?seat=1")
    shown = store.find(edit)[0].revision
    new_edit = token_of(rematch(client, edit))
    region = bob.get(f"/g/{edit}/poll?rev={shown}", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert NOTICE in region
    bob.get(f"/g/{edit}/rematch")
    with bob.session_transaction() as session:
        assert session["amytis_seats"][str(store.find(new_edit)[0].id)] == 0   # Bob starts the rematch


def test_the_notice_speaks_korean(app, client):
    edit, _view = three_players(client)
    rematch(client, edit)
    page = app.test_client().get(f"/g/{edit}?lang=ko").get_data(as_text=True)
    assert NOTICE not in page and "Go to the rematch" not in page
    assert f'href="/g/{edit}/rematch"' in page
