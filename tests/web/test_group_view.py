"""A group's view link (issue 31, shared/contracts/web-routes.md *Groups*): its own random token,
every read-only page of the group under it, each game linked by its own view link, no edit token
of the group or of any game in any answer, and every change under /groups/v/ refused."""

from __future__ import annotations

import re

import pytest
from werkzeug.routing import AnyConverter

from companion.web.games import qr_svg
from companion.web.storage.store import groups
from tests.conftest import csrf_token_from
from tests.groups.games import fridays

from .test_groups import friday_club, new_group, stats
from .test_i18n import KOREAN, english_left

# the view token is stored with the group, and an older database gets one: run on both (tests/conftest.py)
pytestmark = pytest.mark.both_databases

VIEW_PREFIX = "/groups/v/"


def tokens(app, group_token: str) -> tuple[str, set[str], set[str]]:
    """The group's view token, every edit token (the group's and its games'), and its games' view tokens."""
    store = app.extensions["store"]
    with store.engine.connect() as conn:
        group = conn.execute(groups.select().where(groups.c.token == group_token)).one()
        rows = conn.exec_driver_sql(
            "SELECT g.edit_token, g.view_token FROM games g JOIN group_games gg ON gg.game_id = g.id "
            "WHERE gg.group_id = %d" % group.id).all()
    assert rows, "the group has games"
    return group.view_token, {group_token, *(edit for edit, _view in rows)}, {view for _edit, view in rows}


def view_addresses(app, view_token: str) -> list[str]:
    """Every GET address the app has under the view link, each argument filled with every value it takes."""
    addresses = []
    adapter = app.url_map.bind("localhost")
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith(VIEW_PREFIX) or "GET" not in rule.methods:
            continue
        choices = [{}]
        for name in rule.arguments:
            if name == "token":
                values = [view_token]
            elif name == "person":   # a player's page: every person of the group's games (tests/groups/games.py)
                values = ["Ann", "Bob", "Cy"]
            else:
                converter = rule._converters[name]
                assert isinstance(converter, AnyConverter), f"{rule.rule}: fill {name} in this test"
                values = sorted(converter.items)
            choices = [{**chosen, name: value} for chosen in choices for value in values]
        addresses += [adapter.build(rule.endpoint, chosen) for chosen in choices]
    return addresses


def change_addresses(app, group_token: str, view_token: str) -> list[str]:
    """Every address the organiser's link changes the group through, moved under the view link."""
    prefix = f"/groups/{group_token}"
    adapter = app.url_map.bind("localhost")
    found = []
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/groups/<token>") and rule.methods & {"POST", "PUT", "PATCH", "DELETE"}:
            found.append(VIEW_PREFIX + view_token + adapter.build(rule.endpoint, {"token": group_token})[len(prefix):])
    return found


def test_the_view_link_is_its_own_long_random_token(app, client):
    token = friday_club(client)
    view_token, edit_tokens, _views = tokens(app, token)
    other_view, _edits, _ = tokens(app, friday_club(client))
    assert len(view_token) >= 22 and re.fullmatch(r"[A-Za-z0-9_-]+", view_token)   # 128+ bits, URL-safe
    assert view_token not in edit_tokens and view_token != other_view
    assert client.get(f"/groups/v/{view_token}").status_code == 200
    assert client.get(f"/groups/v/{token}").status_code == 404        # the organiser's token is no view token
    assert client.get(f"/groups/{view_token}").status_code == 404     # nor the view token the organiser's
    assert client.get("/groups/v/" + "A" * 32).status_code == 404


def test_no_answer_under_the_view_link_holds_an_edit_token(app, client):
    token = friday_club(client)
    view_token, edit_tokens, game_views = tokens(app, token)
    addresses = view_addresses(app, view_token)
    assert {f"/groups/v/{view_token}", f"/groups/v/{view_token}/stats.json", f"/groups/v/{view_token}/games.csv",
            f"/groups/v/{view_token}/games.json", f"/groups/v/{view_token}/share"} <= set(addresses)
    for address in addresses:
        answer = client.get(address)
        if address.endswith("/qr/edit.svg"):   # the organiser's QR is not drawn for the view link
            assert answer.status_code == 404
            continue
        assert answer.status_code == 200, address
        body = answer.get_data()   # (bytes: the season report is a PDF)
        leaked = [edit for edit in edit_tokens if edit.encode() in body]
        assert leaked == [], address
        assert answer.headers["Cache-Control"] == "no-store"
    qr = client.get(f"/groups/v/{view_token}/qr/view.svg").get_data()
    with app.test_request_context(base_url="http://localhost"):
        from companion.web.helpers import external_url
        assert qr == qr_svg(external_url("groups.view_page", token=view_token))   # the QR is the view link's

    page = client.get(f"/groups/v/{view_token}").get_data(as_text=True)
    linked_games = set(re.findall(r'href="/v/([^"/]+)"', page))
    assert linked_games == game_views                        # every game of the group, by its view link
    assert not re.search(r'href="/g/', page)
    assert "<form" not in page                               # nothing on it changes anything
    for href in set(re.findall(r'href="(/groups/[^"#]+)"', page)):   # and its own links stay under it
        assert href.startswith(f"/groups/v/{view_token}"), href


def test_the_view_link_shows_what_the_organisers_page_shows(client):
    token = friday_club(client)
    organiser = client.get(f"/groups/{token}").get_data(as_text=True)
    view_token = re.search(r'/groups/v/([A-Za-z0-9_-]+)', client.get(f"/groups/{token}/share").get_data(as_text=True))[1]
    view = client.get(f"/groups/v/{view_token}").get_data(as_text=True)
    assert view.count('role="img"') == organiser.count('role="img"') > 0   # every chart
    for said in ("Friday 1", "Friday 2", "Friday 3", "Friday 4", "Amytis", "Ann", "Bob", "Cy", "Average points per category"):
        assert said in view
    assert client.get(f"/groups/v/{view_token}/stats.json").get_json() == stats(client, token)
    for export in ("games.csv", "games.json"):
        assert client.get(f"/groups/v/{view_token}/{export}").get_data() == client.get(f"/groups/{token}/{export}").get_data()


def test_every_change_under_the_view_link_is_refused_and_changes_nothing(app, client):
    token = friday_club(client)
    view_token, _edits, _views = tokens(app, token)
    csrf = csrf_token_from(client.get(f"/groups/{token}").get_data(as_text=True))
    before = (stats(client, token), client.get(f"/groups/{token}/games.json").get_data())
    addresses = change_addresses(app, token, view_token)
    assert {f"/groups/v/{view_token}/import", f"/groups/v/{view_token}/roster",
            f"/groups/v/{view_token}/season"} <= set(addresses)
    addresses += [f"/groups/v/{view_token}", f"/groups/v/{view_token}/no-such-page", "/groups/v/" + "A" * 32 + "/import"]
    for address in addresses:
        for send in ({"data": {"csrf_token": csrf, "action": "rename", "name": "Ann", "new_name": "Zed",
                               "since": "2026-11-20"}},
                     {"json": fridays()[0]},
                     {"data": {"name": "Ann"}, "headers": {"X-Request-Id": "bad"}}):
            answer = client.post(address, **send)
            assert answer.status_code == 403, (address, send, answer.status_code)
        for method in (client.put, client.patch, client.delete):
            assert method(address).status_code in (403, 405), address
    assert (stats(client, token), client.get(f"/groups/{token}/games.json").get_data()) == before


def test_the_organisers_page_offers_the_view_link_first_and_its_own_behind_a_second_choice(app, client):
    token = friday_club(client)
    view_token, _edits, _views = tokens(app, token)
    page = client.get(f"/groups/{token}").get_data(as_text=True)
    assert f'href="/groups/{token}/share"' in page and "Share (view only)" in page
    share = client.get(f"/groups/{token}/share").get_data(as_text=True)
    view_at, organiser_at = share.index(f"/groups/v/{view_token}"), share.index('id="organiser-link"')
    assert view_at < organiser_at                                   # the view link comes first
    organisers_link = re.search(rf'value="[^"]*/groups/{token}"', share)
    assert organisers_link.start() > organiser_at                   # the organiser's only inside the second choice
    assert f'src="/groups/{token}/qr/view.svg"' in share and f'src="/groups/{token}/qr/edit.svg"' in share
    assert "it can change everything" in share
    edit_qr = client.get(f"/groups/{token}/qr/edit.svg")
    assert edit_qr.status_code == 200 and edit_qr.mimetype == "image/svg+xml"
    assert edit_qr.get_data() != client.get(f"/groups/{token}/qr/view.svg").get_data()


def test_the_organisers_page_still_links_each_game_to_change_it(app, client):
    token = friday_club(client)
    _view, edit_tokens, _views = tokens(app, token)
    page = client.get(f"/groups/{token}").get_data(as_text=True)
    assert set(re.findall(r'href="/g/([^"/]+)"', page)) == edit_tokens - {token}
    assert "<form" in page


def test_opening_the_view_link_does_not_put_the_organisers_link_on_the_home_page(app, make_app):
    organiser = app.test_client()
    token = friday_club(organiser)
    view_token, _edits, _views = tokens(app, token)
    member = app.test_client()
    assert member.get(f"/groups/v/{view_token}").status_code == 200
    assert token not in member.get("/").get_data(as_text=True)
    assert organiser.get(f"/groups/{token}").status_code == 200
    assert token in organiser.get("/").get_data(as_text=True)   # (the test would pass if no group were listed)


def test_a_new_group_gets_a_view_token_and_an_empty_one_shows_no_change(app, client):
    token = new_group(client)
    with app.extensions["store"].engine.connect() as conn:
        view_token = conn.execute(groups.select().where(groups.c.token == token)).one().view_token
    page = client.get(f"/groups/v/{view_token}").get_data(as_text=True)
    assert token not in page and "None yet." in page and "import one below" not in page


def test_the_view_page_in_korean_leaves_no_english_but_names(app, client):
    token = friday_club(client)
    view_token, _edits, _views = tokens(app, token)
    for address in (f"/groups/v/{view_token}", f"/groups/v/{view_token}/share", f"/groups/{token}/share"):
        page = client.get(address, headers=KOREAN).get_data(as_text=True)
        assert english_left(page, "Friday club", "Friday 1", "Friday 2", "Friday 3", "Friday 4", "Amytis",
                            "Ann", "Bob", "Cy", "ann", "localhost", "http", "groups") == [], address
