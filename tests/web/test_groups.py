"""Groups, as shared/contracts/web-routes.md (*Groups*) promises them, on both databases:
made by form or JSON, opened by their own token, games imported into them, stats.json,
the rematch; and what the group page adds (roster, season, exports, new games from the roster)."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import re

import pytest

from companion.aotwk.web.tables import library_owners
from companion.web.storage.store import device_groups, group_games, groups
from tests.conftest import csrf_token_from
from tests.groups.games import fridays
from tests.score_pad.helpers import contract_example

from .helpers import import_document, sample
from .test_i18n import KOREAN, english_left, untranslated_board_names

# its storage differs between SQLite and PostgreSQL: run on both (tests/conftest.py)
pytestmark = pytest.mark.both_databases

AOTWK, AMYTIS = "architects_of_the_west_kingdom", "architects_of_amytis"


def new_group(client, name: str = "Friday club") -> str:
    response = client.post("/groups/new", json={"name": name})
    assert response.status_code == 303, response.get_data(as_text=True)
    location = response.headers["Location"]
    assert location.startswith("/groups/")
    return location.rsplit("/", 1)[-1]


def into_group(client, token: str, doc: dict, another: bool = False) -> str:
    response = client.post(f"/groups/{token}/import" + ("?another=1" if another else ""), json=doc)
    assert response.status_code == 303, response.get_data(as_text=True)
    assert response.headers["Location"].startswith("/g/")
    return response.headers["Location"].rsplit("/", 1)[-1]


def friday_club(client) -> str:
    token = new_group(client)
    for doc in fridays():
        into_group(client, token, doc)
    return token


def stats(client, token: str) -> dict:
    response = client.get(f"/groups/{token}/stats.json")
    assert response.status_code == 200
    return response.get_json()


# -- the contract ---------------------------------------------------------------------------

def test_new_group_by_json_is_303_to_its_own_long_random_token(client):
    first, second = new_group(client), new_group(client, "Tuesday")
    assert first != second
    for token in (first, second):
        assert len(token) >= 22 and all(c.isalnum() or c in "-_" for c in token)   # 128+ bits, URL-safe
    assert client.get(f"/groups/{first}").status_code == 200


def test_new_group_by_form_needs_its_csrf_token_and_a_name(client, csrf_token):
    response = client.post("/groups/new", data={"csrf_token": csrf_token, "name": "  Friday club "})
    assert response.status_code == 303
    assert "Friday club" in client.get(response.headers["Location"]).get_data(as_text=True)
    empty = client.post("/groups/new", data={"csrf_token": csrf_token, "name": "   "})
    assert empty.status_code == 400 and "Give the group a name." in empty.get_data(as_text=True)
    assert client.post("/groups/new", data={"name": "No token"}).status_code == 400


@pytest.mark.parametrize("body", [{}, {"name": ""}, {"name": 7}, {"name": "x" * 81}, ["Friday"]])
def test_new_group_json_without_a_good_name_is_400(client, body):
    response = client.post("/groups/new", json=body)
    assert response.status_code == 400 and response.get_data(as_text=True).startswith("name:")


@pytest.mark.parametrize("name, said", [("A\ud800\u0000", "must not contain the NUL character"),
                                        ("A\ud800", "must not contain a lone surrogate (not a character)")])
def test_a_group_name_no_text_can_hold_is_refused_by_the_documents_own_rule(app, client, name, said):
    """Issue 30: a lone surrogate and a NUL answered 500 (the database could not store them)."""
    response = client.post("/groups/new", json={"name": name})
    assert response.status_code == 400 and response.get_data(as_text=True) == f"name: {said}\n"
    with app.extensions["store"].engine.connect() as conn:
        assert conn.execute(groups.select()).all() == []


def test_new_group_json_nested_deeper_than_any_document_is_400_not_a_500(client):
    """Found by tests/web/test_fuzz.py: Flask's JSON reader overflowed Python's stack."""
    response = client.post("/groups/new", data="[" * 100_000 + "]" * 100_000, content_type="application/json")
    assert response.status_code == 400 and response.get_data(as_text=True).startswith("name:")


@pytest.mark.parametrize("path", ["/groups/{t}", "/groups/{t}/stats.json", "/groups/{t}/games.csv"])
def test_an_unknown_group_is_404(client, path):
    assert client.get(path.format(t="A" * 32)).status_code == 404
    assert client.post("/groups/" + "A" * 32 + "/import", json=sample()).status_code == 404


def test_stats_json_as_the_contract_writes_it(client):
    figures = stats(client, friday_club(client))
    assert figures["name"] == "Friday club"
    aotwk = figures["games"][AOTWK]
    assert aotwk["played"] == 3   # the unfinished fourth game does not count
    assert [{key: p[key] for key in ("name", "games", "wins", "average", "best")} for p in aotwk["players"]] == [
        {"name": "Ann", "games": 3, "wins": 3, "average": 34.0, "best": 40},
        {"name": "Bob", "games": 3, "wins": 1, "average": 17.3, "best": 25},
        {"name": "Cy", "games": 1, "wins": 0, "average": 5.0, "best": 5}]
    assert figures["games"][AMYTIS]["played"] == 1
    assert figures["games"][AMYTIS]["players"][0]["name"] == "Bob"


def test_group_pages_are_never_cached(client):
    token = friday_club(client)
    for path in (f"/groups/{token}", f"/groups/{token}/stats.json", f"/groups/{token}/games.json"):
        assert client.get(path).headers["Cache-Control"] == "no-store"


def test_import_by_form_upload_with_csrf_and_problems_next_to_the_field(client, csrf_token):
    token = new_group(client)
    upload = {"csrf_token": csrf_token, "document": (io.BytesIO(json.dumps(fridays()[0]).encode()), "game.json")}
    response = client.post(f"/groups/{token}/import", data=upload, content_type="multipart/form-data")
    assert response.status_code == 303 and response.headers["Location"].startswith("/g/")
    bad = {"csrf_token": csrf_token, "document": (io.BytesIO(b'{"players": [{"name": "Ann", "virtue": 99}]}'), "x.json")}
    refused = client.post(f"/groups/{token}/import", data=bad, content_type="multipart/form-data")
    assert refused.status_code == 400 and "Player 1, virtue: " in refused.get_data(as_text=True)
    assert stats(client, token)["games"][AOTWK]["played"] == 1


def test_a_game_belongs_to_at_most_one_group(client, app):
    first, second = new_group(client), new_group(client, "Other")
    edit = into_group(client, first, fridays()[0])
    store = app.extensions["store"]
    game, _ = store.find(edit)
    from companion.web.storage.group_store import GroupStore
    group_store = GroupStore(store)
    group_store.add_game(group_store.find(second), game.id, game.state["players"])
    assert stats(client, first)["games"][AOTWK]["played"] == 0
    assert stats(client, second)["games"][AOTWK]["played"] == 1


# -- rematch --------------------------------------------------------------------------------

def test_rematch_rotates_the_seats_and_keeps_options_and_group(client, app, csrf_token):
    token = new_group(client)
    doc = fridays()[2]   # three players
    doc["expansions"] = ["age_of_artisans"]
    edit = into_group(client, token, doc)
    response = client.post(f"/g/{edit}/rematch", data={"csrf_token": csrf_token})
    assert response.status_code == 303 and response.headers["Location"].startswith("/g/")
    new_edit = response.headers["Location"].rsplit("/", 1)[-1]
    game, _ = app.extensions["store"].find(new_edit)
    assert [p["name"] for p in game.state["players"]] == ["Bob", "Cy", "ann"]
    assert game.state["expansions"] == ["age_of_artisans"] and game.phase == "playing"
    assert new_edit in client.get(f"/groups/{token}").get_data(as_text=True)


def test_rematch_of_an_amytis_pad_swaps_the_two_players(client, app, csrf_token):
    edit, _view = import_document(client, fridays()[4])
    response = client.post(f"/g/{edit}/rematch", data={"csrf_token": csrf_token})
    game, _ = app.extensions["store"].find(response.headers["Location"].rsplit("/", 1)[-1])
    assert [p["name"] for p in game.state["players"]] == ["Bob", "Ann"] and game.state["game"] == AMYTIS


def test_rematch_through_a_view_token_is_403_and_an_unknown_one_404(client, csrf_token):
    _edit, view = import_document(client, fridays()[0])
    assert client.post(f"/v/{view}/rematch", data={"csrf_token": csrf_token}).status_code == 403
    assert client.post(f"/g/{view}/rematch", data={"csrf_token": csrf_token}).status_code == 403
    assert client.post("/g/" + "A" * 32 + "/rematch", data={"csrf_token": csrf_token}).status_code == 404


# -- the roster, the season, exports ---------------------------------------------------------

def test_roster_merges_two_spellings_and_renames(client, csrf_token):
    token = friday_club(client)
    other = fridays()[0]
    other["players"][1]["name"] = "Bobby"
    into_group(client, token, other)
    merged = client.post(f"/groups/{token}/roster", data={"csrf_token": csrf_token, "action": "merge",
                                                           "name": "Bobby", "into": "Bob", "confirm": "1"})
    assert merged.status_code == 303
    renamed = client.post(f"/groups/{token}/roster", data={"csrf_token": csrf_token, "action": "rename",
                                                            "name": "Bob", "new_name": "Robert"})
    assert renamed.status_code == 303
    players = {p["name"]: p for p in stats(client, token)["games"][AOTWK]["players"]}
    assert players["Robert"]["games"] == 4 and "Bob" not in players and "Bobby" not in players
    taken = client.post(f"/groups/{token}/roster", data={"csrf_token": csrf_token, "action": "rename",
                                                          "name": "Robert", "new_name": "ann"})
    assert taken.status_code == 400 and "merge the two instead" in taken.get_data(as_text=True)


def test_season_table_counts_games_since_its_day(client, csrf_token):
    token = friday_club(client)
    assert client.post(f"/groups/{token}/season", data={"csrf_token": csrf_token, "since": "2026-11-10"}).status_code == 303
    season = stats(client, token)["games"][AOTWK]["season"]
    assert season["since"] == "2026-11-10" and season["played"] == 2
    assert client.post(f"/groups/{token}/season", data={"csrf_token": csrf_token, "since": "soon"}).status_code == 400


def test_games_csv_has_a_row_per_player_per_finished_game(client):
    token = friday_club(client)
    rows = list(csv.DictReader(io.StringIO(client.get(f"/groups/{token}/games.csv").get_data(as_text=True))))
    assert len(rows) == 2 + 2 + 3 + 2
    assert rows[0]["player"] == "Ann" and rows[0]["total"] == "37" and rows[0]["won"] == "1"
    assert rows[0]["minutes"] == "90" and rows[0]["buildings"] == "30"


def test_games_json_imports_into_another_server_s_group(client, make_app):
    bundle = client.get(f"/groups/{friday_club(client)}/games.json").get_data()
    other = make_app(TESTING=True).test_client()   # the same database, but a fresh group: as another server
    token = new_group(other, "Moved club")
    response = other.post(f"/groups/{token}/import", data=bundle, content_type="application/json")
    assert response.status_code == 303 and response.headers["Location"] == f"/groups/{token}"
    moved = stats(other, token)["games"]
    assert moved[AOTWK]["played"] == 3 and moved[AMYTIS]["played"] == 1
    assert moved[AOTWK]["time_by_players"] == [{"players": 2, "games": 2, "average_minutes": 70.0}]


def test_games_json_carries_the_roster_and_season_so_the_moved_group_counts_the_same(client, make_app, csrf_token):
    token = friday_club(client)
    other = fridays()[0]
    other["players"][1]["name"] = "Bobby"
    into_group(client, token, other)
    for change in ({"action": "merge", "name": "Bobby", "into": "Bob", "confirm": "1"},
                   {"action": "rename", "name": "Bob", "new_name": "Robert"}):
        assert client.post(f"/groups/{token}/roster", data={"csrf_token": csrf_token, **change}).status_code == 303
    client.post(f"/groups/{token}/season", data={"csrf_token": csrf_token, "since": "2026-11-10"})
    bundle = client.get(f"/groups/{token}/games.json").get_json()
    assert bundle["season_from"] == "2026-11-10" and {"Robert", "Ann", "Cy"} <= {e["name"] for e in bundle["roster"]}
    moved = new_group(client)
    assert client.post(f"/groups/{moved}/import", json=bundle).status_code == 303
    assert stats(client, moved) == stats(client, token)
    robert = next(p for p in stats(client, moved)["games"][AOTWK]["players"] if p["name"] == "Robert")
    assert robert["games"] == 4


@pytest.mark.parametrize("field, value, said", [
    ("roster", 5, "roster: must be a list of players"),
    ("roster", [{"name": ""}], "roster[0]: must be a player with a name of 1 to 40 letters"),
    ("roster", [{"name": "Ann", "merged": [7]}], "roster[0]: must be a player with a name of 1 to 40 letters"),
    ("roster", [{"name": "Ann", "colour": "plaid"}], "roster[0]: has a colour or player board this app does not know"),
    ("season_from", "soon", "season_from: must be a date like 2026-11-06")])
def test_a_bundle_with_a_bad_roster_or_season_imports_nothing_and_names_the_field(client, field, value, said):
    token = new_group(client)
    bundle = {"format": "architects-companion-group/1", "games": [fridays()[0]], field: value}
    response = client.post(f"/groups/{token}/import", json=bundle)
    assert response.status_code == 400 and said in response.get_data(as_text=True)
    assert stats(client, token)["games"][AOTWK]["played"] == 0


def test_a_bundle_with_one_bad_game_imports_nothing(client):
    token = new_group(client)
    bundle = {"format": "architects-companion-group/1", "games": [fridays()[0], {"players": [{"name": 5}]}]}
    response = client.post(f"/groups/{token}/import", json=bundle)
    assert response.status_code == 400 and "games[1].players[0].name" in response.get_data(as_text=True)
    assert stats(client, token)["games"][AOTWK]["played"] == 0


# -- new games from the group ------------------------------------------------------------------

def test_setup_form_from_a_group_takes_players_from_the_roster_in_taps(client, app, csrf_token):
    token = friday_club(client)
    form = client.get(f"/games/new?group={token}").get_data(as_text=True)
    assert 'name="pick" value="Ann"' in form and 'name="pick" value="Cy"' in form
    response = client.post(f"/games/new?group={token}", data={
        "csrf_token": csrf_token, "mode": "paper", "pick": ["Cy", "Ann"], "players-0-name": "",
        "players-0-colour": "red", "players-1-colour": "blue", "players-2-name": "Dee", "players-2-colour": "green"})
    assert response.status_code == 303, response.get_data(as_text=True)
    game, _ = app.extensions["store"].find(response.headers["Location"].rsplit("/", 1)[-1])
    assert [p["name"] for p in game.state["players"]] == ["Ann", "Cy", "Dee"]   # roster order, then typed
    page = client.get(f"/groups/{token}").get_data(as_text=True)
    assert game.edit_token in page and 'value="Dee"' in page   # Dee joined the roster


def test_amytis_pad_from_a_group_takes_its_two_players_in_taps(client, app, csrf_token):
    token = friday_club(client)
    response = client.post(f"/amytis/new?group={token}", data={"csrf_token": csrf_token, "pick": ["Bob", "Ann"]})
    assert response.status_code == 303, response.get_data(as_text=True)
    game, _ = app.extensions["store"].find(response.headers["Location"].rsplit("/", 1)[-1])
    assert [p["name"] for p in game.state["players"]] == ["Ann", "Bob"]
    assert game.edit_token in client.get(f"/groups/{token}").get_data(as_text=True)
    assert client.get("/amytis/new?group=" + "A" * 32).status_code == 404


def test_home_links_new_group_and_remembers_the_groups_this_device_opened(client):
    assert "/groups/new" in client.get("/").get_data(as_text=True)
    token = new_group(client, "Friday club")
    client.get(f"/groups/{token}")
    assert f"/groups/{token}" in client.get("/").get_data(as_text=True)


# -- pages and charts -----------------------------------------------------------------------------

def test_group_page_draws_its_charts_with_words_for_screen_readers(client):
    html = client.get(f"/groups/{friday_club(client)}").get_data(as_text=True)
    assert html.count('role="img"') >= 4   # wins and scores over time, for each game
    assert "Ann won 3 of 3 games." in html
    assert "Ann scored 37, 25, 40." in html
    assert "style=" not in html and "<script>" not in html   # nothing the CSP would have to allow


def test_score_page_chart_time_share_and_rematch(client):
    edit = into_group(client, new_group(client), fridays()[0])
    html = client.get(f"/g/{edit}/score").get_data(as_text=True)
    assert 'aria-labelledby="score-chart-title score-chart-desc"' in html
    assert "Ann: 37 points (Buildings 30, Cathedral 7)." in html
    assert "Playing time: 1 h 30 min" in html
    assert "Friday 1: Ann won (Ann 37, Bob 17)." in html
    assert f'action="/g/{edit}/rematch"' in html and "Friday club" in html


def test_score_page_in_korean(client):
    edit = into_group(client, new_group(client), fridays()[0])
    html = client.get(f"/g/{edit}/score?lang=ko").get_data(as_text=True)
    assert "게임 시간" in html and "재대결" in html


def test_older_databases_get_the_group_tables_at_start_up(make_app):
    app = make_app()
    engine = app.extensions["store"].engine
    for table in (library_owners, device_groups, group_games, groups):   # (library owners name groups)
        table.drop(engine)
    with engine.begin() as conn:   # a release before groups was a release before Alembic
        conn.exec_driver_sql("DROP TABLE alembic_version")
    restarted = make_app().test_client()
    assert new_group(restarted)


def test_group_page_in_korean_leaves_no_english_but_names(client, csrf_token):
    token = friday_club(client)
    client.post(f"/groups/{token}/season", data={"csrf_token": csrf_token, "since": "2026-11-10"})
    page = client.get(f"/groups/{token}", headers=KOREAN).get_data(as_text=True)
    assert "승률" in page and "점수 변화" in page
    assert english_left(page, "Friday club", "Friday 1", "Friday 2", "Friday 3", "Friday 4", "Amytis",
                        "Ann", "Bob", "Cy", "ann", *untranslated_board_names()) == []   # (boards printed in English only)


def test_a_finished_amytis_pad_draws_its_chart_and_offers_the_rematch(client):
    edit = into_group(client, new_group(client), fridays()[4])
    html = client.get(f"/g/{edit}").get_data(as_text=True)
    assert "Bob: 60 points (Score track 60)." in html
    assert f'action="/g/{edit}/rematch"' in html and "Friday club" in html


def test_usual_colour_and_board_come_with_a_tapped_player(client, app, csrf_token):
    token = friday_club(client)
    saved = client.post(f"/groups/{token}/roster", data={"csrf_token": csrf_token, "action": "usual", "name": "Ann",
                                                          "colour": "green", "board": "ada"})
    assert saved.status_code == 303
    refused = client.post(f"/groups/{token}/roster", data={"csrf_token": csrf_token, "action": "usual", "name": "Ann",
                                                            "colour": "green", "board": "nobody"})
    assert refused.status_code == 400
    response = client.post(f"/games/new?group={token}", data={
        "csrf_token": csrf_token, "mode": "multiplayer", "variable_boards": "y", "pick": ["Ann", "Bob"],
        "players-0-colour": "red", "players-1-colour": "blue", "players-1-board": "caroline"})
    assert response.status_code == 303, response.get_data(as_text=True)
    game, _ = app.extensions["store"].find(response.headers["Location"].rsplit("/", 1)[-1])
    ann = next(p for p in game.state["players"] if p["name"] == "Ann")
    assert (ann["colour"], ann["board"]) == ("green", "ada")


def test_a_bundle_of_more_games_than_allowed_is_refused_whole(client, app):
    token = new_group(client)
    most = app.config["GROUP_BUNDLE_MAX_GAMES"]
    assert most == 500
    bundle = {"format": "architects-companion-group/1", "games": [fridays()[0]] * (most + 1)}
    response = client.post(f"/groups/{token}/import", json=bundle)
    assert response.status_code == 413
    assert "at most 500 games and this one has 501: nothing was imported" in response.get_data(as_text=True)
    assert client.get(f"/groups/{token}/games.json").get_json()["games"] == []
    with app.extensions["store"].engine.connect() as conn:
        assert conn.execute(group_games.select()).all() == []


def test_a_bundle_at_the_limit_imports_and_one_past_it_by_upload_is_refused_on_the_page(make_app):
    client = make_app(GROUP_BUNDLE_MAX_GAMES=2).test_client()
    csrf = csrf_token_from(client.get("/").get_data(as_text=True))
    token = new_group(client)
    assert client.post(f"/groups/{token}/import", json={"format": "architects-companion-group/1",
                                                         "games": fridays()[:2]}).status_code == 303
    three = json.dumps({"format": "architects-companion-group/1", "games": fridays()[:3]}).encode()
    refused = client.post(f"/groups/{token}/import", data={"csrf_token": csrf, "document": (io.BytesIO(three), "g.json")},
                          content_type="multipart/form-data")
    assert refused.status_code == 413 and "at most 2 games and this one has 3" in refused.get_data(as_text=True)
    assert len(client.get(f"/groups/{token}/games.json").get_json()["games"]) == 2


def test_a_bundle_whose_games_are_no_list_is_refused_naming_the_field(client):
    token = new_group(client)
    response = client.post(f"/groups/{token}/import", json={"format": "architects-companion-group/1", "games": 5})
    assert response.status_code == 400 and "games: must be a list of game documents" in response.get_data(as_text=True)


# -- playing time and figures nobody entered (issue 31, item 5) --------------------------------

def test_score_and_export_json_carry_playing_minutes_or_null_when_unknown(client):
    token = new_group(client)
    timed, untimed = into_group(client, token, fridays()[0]), into_group(client, token, fridays()[2])
    paper = into_group(client, token, {**fridays()[0], "mode": "paper", "phase": "playing"}, another=True)
    for edit, minutes in ((timed, 90), (untimed, None)):   # Friday 1: 19:00 to 20:30; Friday 3 has no event times
        assert client.get(f"/g/{edit}/score.json").get_json()["playing_minutes"] == minutes
        assert client.get(f"/g/{edit}/export.json").get_json()["playing_minutes"] == minutes
    # a paper pad's events say when its totals were typed, not how long the game took
    assert client.get(f"/g/{paper}/export.json").get_json()["playing_minutes"] is None


def test_an_export_with_its_playing_minutes_imports_back_and_a_bad_one_is_refused_naming_it(app, client):
    token = new_group(client)
    for document in (fridays()[0], fridays()[4]):   # AotWK and Amytis
        exported = client.get(f"/g/{into_group(client, token, document)}/export.json").get_json()
        again = into_group(client, token, exported, another=True)
        assert client.get(f"/g/{again}/export.json").get_json()["playing_minutes"] == exported["playing_minutes"]
        assert "playing_minutes" not in app.extensions["store"].find(again)[0].state   # worked out, not stored
        for wrong in ("ninety", -1, 1.5):
            refused = client.post(f"/groups/{token}/import", json={**exported, "playing_minutes": wrong})
            assert refused.status_code == 400 and "playing_minutes" in refused.get_data(as_text=True), wrong


def test_the_group_page_leaves_a_figure_nobody_entered_out_and_says_over_how_many_games(client):
    token = new_group(client)
    into_group(client, token, fridays()[0])
    on_paper = {**fridays()[1], "mode": "paper"}
    for player in on_paper["players"]:
        player["not_entered"] = []   # its final virtue and silver were typed in
    into_group(client, token, on_paper)
    bob = next(p for p in stats(client, token)["games"][AOTWK]["players"] if p["name"] == "Bob")
    assert (bob["games"], bob["debts_unpaid"], bob["debts_unpaid_games"]) == (2, 1.0, 1)
    page = client.get(f"/groups/{token}").get_data(as_text=True)
    assert "over 1 game" in page and "90 minutes on average, over 1 game" in page


# -- mistakes taken back (issue 31, item 4) --------------------------------------------------------

def test_the_same_export_imported_twice_is_refused_naming_the_game_unless_it_was_another(client):
    token = new_group(client)
    edit = into_group(client, token, fridays()[0])
    exported = client.get(f"/g/{edit}/export.json").get_json()
    refused = client.post(f"/groups/{token}/import", json=exported)
    assert refused.status_code == 409
    said = refused.get_data(as_text=True)
    assert "This game is already in the group: Friday 1 (/g/" in said and "Nothing was imported" in said
    assert stats(client, token)["games"][AOTWK]["played"] == 1
    into_group(client, token, exported, another=True)   # the organiser says it was another evening
    assert stats(client, token)["games"][AOTWK]["played"] == 2


def test_a_game_typed_in_again_with_the_same_players_day_and_scores_is_refused(client):
    token = new_group(client)
    into_group(client, token, fridays()[0])
    typed_again = {**fridays()[0], "created_at": "2026-11-06T23:00:00Z"}   # made later, the same evening's result
    assert client.post(f"/groups/{token}/import", json=typed_again).status_code == 409
    other_scores = fridays()[0]
    other_scores["created_at"] = "2026-11-06T23:00:00Z"
    other_scores["players"][1]["overrides"]["buildings"] = 21
    into_group(client, token, other_scores)   # a second game that evening: not the same
    assert stats(client, token)["games"][AOTWK]["played"] == 2


def test_a_duplicate_uploaded_on_the_page_is_named_with_its_link_and_one_tap_imports_it_anyway(client, csrf_token):
    token = new_group(client)
    edit = into_group(client, token, fridays()[0])
    text = json.dumps(fridays()[0])
    upload = {"csrf_token": csrf_token, "document": (io.BytesIO(text.encode()), "game.json")}
    refused = client.post(f"/groups/{token}/import", data=upload, content_type="multipart/form-data")
    html = refused.get_data(as_text=True)
    assert refused.status_code == 409 and "This game is already in the group. Nothing was imported." in html
    assert f'href="/g/{edit}"' in html and 'name="document_json"' in html
    korean = client.post(f"/groups/{token}/import?lang=ko", content_type="multipart/form-data",
                         data={"csrf_token": csrf_token, "document": (io.BytesIO(text.encode()), "game.json")})
    assert "이미 모임에 있습니다" in korean.get_data(as_text=True)
    confirmed = client.post(f"/groups/{token}/import", data={"csrf_token": csrf_token, "document_json": text})
    assert confirmed.status_code == 303 and confirmed.headers["Location"].startswith("/g/")
    assert stats(client, token)["games"][AOTWK]["played"] == 2
    assert client.post(f"/groups/{token}/import", data={"document_json": text}).status_code == 400   # CSRF still asked


def test_a_bundle_holding_a_game_already_in_the_group_is_refused_whole(client):
    token = friday_club(client)
    bundle = client.get(f"/groups/{token}/games.json").get_json()
    refused = client.post(f"/groups/{token}/import", json=bundle)
    assert refused.status_code == 409 and "These games are already in the group" in refused.get_data(as_text=True)
    assert stats(client, token)["games"][AOTWK]["played"] == 3
    assert client.post(f"/groups/{token}/import?another=1", json=bundle).status_code == 303
    assert stats(client, token)["games"][AOTWK]["played"] == 6


def test_a_game_removed_from_the_group_leaves_its_figures_and_exports_keeps_its_links_and_comes_back(client, app,
                                                                                                     csrf_token):
    token = friday_club(client)
    store = app.extensions["store"]
    edit = next(row["edit_token"] for row in _games(app) if row["title"] == "Friday 1")
    game = store.find(edit)[0]
    before = stats(client, token)
    removed = client.post(f"/groups/{token}/games/remove", data={"csrf_token": csrf_token, "game": game.view_token})
    assert removed.status_code == 303 and removed.headers["Location"].endswith(f"removed={game.view_token}#games")
    figures = stats(client, token)["games"][AOTWK]
    assert figures["played"] == 2 and "Friday 1" not in json.dumps(figures)
    assert "Friday 1" not in client.get(f"/groups/{token}/games.csv").get_data(as_text=True)
    assert len(client.get(f"/groups/{token}/games.json").get_json()["games"]) == 4
    page = client.get(removed.headers["Location"]).get_data(as_text=True)
    assert "“Friday 1” is out of the group" in page and "1 game taken out of the group" in page
    assert client.get(f"/g/{edit}").status_code == 200 and client.get(f"/v/{game.view_token}").status_code == 200
    assert "Friday club" not in client.get(f"/g/{edit}/score").get_data(as_text=True)   # no longer says its group
    view = client.get(f"/groups/v/{_view_token(app, token)}").get_data(as_text=True)
    assert "Friday 1" not in view and "taken out" not in view
    back = client.post(f"/groups/{token}/games/restore", data={"csrf_token": csrf_token, "game": game.view_token})
    assert back.status_code == 303
    assert stats(client, token) == before
    assert "taken out of the group" not in client.get(f"/groups/{token}").get_data(as_text=True)


def test_removing_a_game_of_another_group_or_without_csrf_changes_nothing(client, app, csrf_token):
    token, other = friday_club(client), new_group(client, "Other")
    view = app.extensions["store"].find(_games(app)[0]["edit_token"])[0].view_token
    assert client.post(f"/groups/{other}/games/remove", data={"csrf_token": csrf_token, "game": view}).status_code == 404
    assert client.post(f"/groups/{token}/games/remove", data={"game": view}).status_code == 400
    assert client.post(f"/groups/{token}/games/remove", data={"csrf_token": csrf_token}).status_code == 400
    assert client.post(f"/groups/v/{_view_token(app, token)}/games/remove",
                       data={"csrf_token": csrf_token, "game": view}).status_code == 403
    assert stats(client, token)["games"][AOTWK]["played"] == 3


def test_removing_a_game_in_korean(client, app, csrf_token):
    token = friday_club(client)
    view = app.extensions["store"].find(_games(app)[0]["edit_token"])[0].view_token
    location = client.post(f"/groups/{token}/games/remove", data={"csrf_token": csrf_token, "game": view}).headers["Location"]
    page = client.get(location, headers=KOREAN).get_data(as_text=True)
    assert "모임에서 뺐습니다" in page and "되돌리기" in page


def _games(app) -> list[dict]:
    from companion.web.storage.store import games
    with app.extensions["store"].engine.connect() as conn:
        return [dict(row._mapping) for row in conn.execute(games.select().order_by(games.c.id))]


def _view_token(app, token: str) -> str:
    with app.extensions["store"].engine.connect() as conn:
        return conn.execute(groups.select().where(groups.c.token == token)).one().view_token


def test_a_merge_says_what_it_will_do_first_then_can_be_undone(client, csrf_token):
    token = friday_club(client)
    other = fridays()[0]
    other["players"][1]["name"] = "Bobby"
    other["created_at"] = "2026-11-27T19:00:00Z"
    into_group(client, token, other)
    before = stats(client, token)
    asked = client.post(f"/groups/{token}/roster", data={"csrf_token": csrf_token, "action": "merge",
                                                         "name": "bobby", "into": "Bob"})
    html = asked.get_data(as_text=True)
    assert asked.status_code == 200 and "Merge Bobby into Bob? Bobby's 1 game will count as Bob's" in html
    assert stats(client, token) == before   # asked, not done
    merged = client.post(f"/groups/{token}/roster", data={"csrf_token": csrf_token, "action": "merge",
                                                          "name": "Bobby", "into": "Bob", "confirm": "1"})
    assert merged.status_code == 303
    page = client.get(merged.headers["Location"]).get_data(as_text=True)
    assert "Bobby's games now count as Bob's." in page and "Separate Bobby again" in page
    assert next(p for p in stats(client, token)["games"][AOTWK]["players"] if p["name"] == "Bob")["games"] == 4
    undone = client.post(f"/groups/{token}/roster", data={"csrf_token": csrf_token, "action": "separate",
                                                          "name": "Bob", "joined": "Bobby"})
    assert undone.status_code == 303 and stats(client, token) == before
    again = client.post(f"/groups/{token}/roster", data={"csrf_token": csrf_token, "action": "separate",
                                                         "name": "Bob", "joined": "Bobby"})
    assert again.status_code == 400 and "not merged any more" in again.get_data(as_text=True)


def test_two_people_who_sat_at_one_table_or_one_person_with_themself_cannot_be_merged(client, csrf_token):
    token = friday_club(client)
    before = stats(client, token)
    for name, into, said in (("Cy", "Ann", "Cy and Ann both sat at the table of “Friday 3”: they are two people"),
                             ("Ann", " ANN", "Choose another player to merge with.")):
        for confirm in ("", "1"):
            refused = client.post(f"/groups/{token}/roster", data={"csrf_token": csrf_token, "action": "merge",
                                                                   "name": name, "into": into, "confirm": confirm})
            assert refused.status_code == 400 and said in refused.get_data(as_text=True)
    korean = client.post(f"/groups/{token}/roster?lang=ko", data={"csrf_token": csrf_token, "action": "merge",
                                                                  "name": "Cy", "into": "Ann"})
    assert "같은 테이블" in korean.get_data(as_text=True)
    assert stats(client, token) == before


def test_an_untitled_game_of_the_group_is_named_from_its_day_in_the_groups_messages(client, app, csrf_token, monkeypatch):
    """A game started from the group without a title is named as everywhere else (web.i18n.game_title),
    in the reader's language: in the refused merge and in the refused duplicate import, never “”."""
    token = new_group(client)
    made = client.post(f"/games/new?group={token}", data={
        "csrf_token": csrf_token, "title": "", "mode": "paper", "players-0-name": "Ann", "players-0-colour": "red",
        "players-1-name": "Cy", "players-1-colour": "blue"})
    assert made.status_code == 303, made.get_data(as_text=True)[-2000:]
    edit = made.headers["Location"].rsplit("/", 1)[-1]
    finish(client, app, edit)
    day = app.extensions["store"].find(edit)[0].created_at
    english, korean = f"Game of {day:%b} {day.day}, {day.year}", f"{day.year}. {day.month}. {day.day}. 게임"
    refused = client.post(f"/groups/{token}/roster?lang=en", data={"csrf_token": csrf_token, "action": "merge",
                                                                    "name": "Cy", "into": "Ann"})
    said = refused.get_data(as_text=True)
    assert refused.status_code == 400 and f"Cy and Ann both sat at the table of “{english}”" in said
    assert "“”" not in said
    refused = client.post(f"/groups/{token}/roster?lang=ko", data={"csrf_token": csrf_token, "action": "merge",
                                                                    "name": "Cy", "into": "Ann"})
    assert f"“{korean}”" in refused.get_data(as_text=True)
    exported = client.get(f"/g/{edit}/export.json").get_json()
    again = client.post(f"/groups/{token}/import?lang=en", json=exported)
    assert again.status_code == 409 and f"already in the group: {english} (/g/{edit})" in again.get_data(as_text=True)

    # the group's statistics read it in each reader's words, whoever read it first
    from companion.web import groups as group_pages

    read = []
    monkeypatch.setattr(group_pages.group_stats, "played", lambda document: read.append(document["title"]))
    group_pages.facts.clear()   # (the refusals above read it already)
    from companion.web.storage.group_store import GroupStore

    group_store = GroupStore(app.extensions["store"])
    row = next(game for game in group_store.games(group_store.find(token)) if game.edit_token == edit)
    row = dataclasses.replace(row, phase="finished")   # (a paper game ended without its totals is not counted)
    for lang in ("en", "ko", "en"):
        with app.test_request_context(f"/groups/{token}?lang={lang}"):
            group_pages.played(row)
    assert read == [english, korean]


def section(html: str, name: str) -> str:
    """The page's section ``id=name``, up to the next section."""
    start = html.index(f'<section class="card" id="{name}">')
    end = html.find("<section", start + 1)
    return html[start:end if end != -1 else len(html)]


def test_a_refused_change_is_said_beside_its_form_and_the_page_opens_there(client, app, csrf_token):
    """On a phone the group's page is some 3,700 px long: a refusal said at its top (or its foot) is
    out of sight of the form tapped. Each form posts to its own section's fragment and the answer
    says the refusal at the top of that section, so the page opens on it."""
    token = friday_club(client)
    page = client.get(f"/groups/{token}").get_data(as_text=True)
    roster_forms = re.findall(r'<form method="post" action="([^"]*/roster[^"]*)"', page)
    assert roster_forms and all(action == f"/groups/{token}/roster#roster" for action in roster_forms)
    assert f'action="/groups/{token}/import#import"' in section(page, "import")
    assert f'action="/groups/{token}/games/date#games"' in section(page, "games")
    assert f'action="/groups/{token}/season#season-form"' in section(page, "season-form")
    # a refused merge: in the Players section, above its list
    refused = client.post(f"/groups/{token}/roster", data={"csrf_token": csrf_token, "action": "merge",
                                                           "name": "Cy", "into": "Ann"}).get_data(as_text=True)
    players = section(refused, "roster")
    said = players.index('<div class="message bad" role="alert"><p>Cy and Ann both sat at the table of')
    assert said < players.index('<ul class="roster">') and refused.count('class="message bad"') == 1
    # a game's day that is no date: in the Games section, above the list
    edit = next(row["edit_token"] for row in _games(app) if row["title"] == "Friday 3")
    game = app.extensions["store"].find(edit)[0]
    refused = client.post(f"/groups/{token}/games/date", data={"csrf_token": csrf_token, "game": game.view_token,
                                                               "played_on": "soon"}).get_data(as_text=True)
    games = section(refused, "games")
    assert games.index("Write the day the game was played as a date.") < games.index('<ul class="results">')
    # a duplicate import: in the Import section, with its second tap posting there again
    text = json.dumps(fridays()[0])
    refused = client.post(f"/groups/{token}/import", content_type="multipart/form-data",
                          data={"csrf_token": csrf_token, "document": (io.BytesIO(text.encode()), "game.json")})
    imports = section(refused.get_data(as_text=True), "import")
    assert refused.status_code == 409 and "This game is already in the group." in imports
    assert imports.count(f'action="/groups/{token}/import#import"') == 2
    # a bundle imported by the form opens the group at its games, not at the form's #import
    another = {**fridays()[0], "created_at": "2026-11-27T19:00:00Z"}
    another["players"][1]["name"] = "Bobby"
    bundle = json.dumps({**client.get(f"/groups/{token}/games.json").get_json(), "games": [another]})
    moved = client.post(f"/groups/{token}/import", content_type="multipart/form-data",
                        data={"csrf_token": csrf_token, "document": (io.BytesIO(bundle.encode()), "games.json")})
    assert moved.status_code == 303 and moved.headers["Location"] == f"/groups/{token}#games"


def test_the_merge_list_chooses_nobody_until_the_player_does(client, csrf_token):
    """One tap on Merge cannot merge two people by accident: the list starts on an empty choice
    the browser will not send, and an empty choice sent anyway is refused, merging nobody."""
    token = friday_club(client)
    page = client.get(f"/groups/{token}").get_data(as_text=True)
    lists = re.findall(r'<select name="into"[^>]*>(<option[^>]*>[^<]*</option>)', page)
    assert len(lists) == 3 and set(lists) == {'<option value="">Choose a player</option>'}
    assert page.count('<select name="into" required>') == 3
    before = stats(client, token)
    for confirm in ("", "1"):
        refused = client.post(f"/groups/{token}/roster", data={"csrf_token": csrf_token, "action": "merge",
                                                               "name": "Cy", "into": "", "confirm": confirm})
        assert refused.status_code == 400
        assert "Choose the player to merge with." in section(refused.get_data(as_text=True), "roster")
    assert stats(client, token) == before
    assert '<option value="">플레이어 고르기</option>' in client.get(f"/groups/{token}?lang=ko").get_data(as_text=True)


# -- the day a game was played (issue 31, item 6) -----------------------------------------------

def test_a_games_day_set_on_the_group_page_is_used_by_the_statistics_lists_and_exports(client, app, csrf_token):
    token = friday_club(client)
    edit = next(row["edit_token"] for row in _games(app) if row["title"] == "Friday 3")
    game = app.extensions["store"].find(edit)[0]
    dated = client.post(f"/groups/{token}/games/date", data={"csrf_token": csrf_token, "game": game.view_token,
                                                             "played_on": "2026-10-30"})
    assert dated.status_code == 303   # a finished game takes its date without being reopened
    assert app.extensions["store"].find(edit)[0].phase == "finished"
    figures = stats(client, token)["games"][AOTWK]
    assert [(row["on"], row["title"]) for row in figures["timeline"]] == [
        ("2026-10-30", "Friday 3"), ("2026-11-06", "Friday 1"), ("2026-11-13", "Friday 2")]
    rows = list(csv.DictReader(io.StringIO(client.get(f"/groups/{token}/games.csv").get_data(as_text=True))))
    assert {row["date"] for row in rows if row["title"] == "Friday 3"} == {"2026-10-30"}
    assert client.get(f"/g/{edit}/export.json").get_json()["played_on"] == "2026-10-30"
    page = client.get(f"/groups/{token}").get_data(as_text=True)
    assert '<time datetime="2026-10-30">2026-10-30</time>' in page and 'value="2026-10-30"' in page
    client.post(f"/groups/{token}/season", data={"csrf_token": csrf_token, "since": "2026-11-01"})
    assert stats(client, token)["games"][AOTWK]["season"]["played"] == 2   # Friday 3 now played before it
    moved = new_group(client)
    client.post(f"/groups/{moved}/import", data=client.get(f"/groups/{token}/games.json").get_data(),
                content_type="application/json")
    assert stats(client, moved) == stats(client, token)
    cleared = client.post(f"/groups/{token}/games/date", data={"csrf_token": csrf_token, "game": game.view_token,
                                                               "played_on": ""})
    assert cleared.status_code == 303 and "played_on" not in client.get(f"/g/{edit}/export.json").get_json()


def test_a_day_that_is_no_date_is_refused_next_to_the_games_and_changes_nothing(client, app, csrf_token):
    token = friday_club(client)
    view = app.extensions["store"].find(_games(app)[0]["edit_token"])[0].view_token
    before = stats(client, token)
    refused = client.post(f"/groups/{token}/games/date", data={"csrf_token": csrf_token, "game": view,
                                                               "played_on": "last week"})
    assert refused.status_code == 400 and "Write the day the game was played as a date." in refused.get_data(as_text=True)
    assert stats(client, token) == before


@pytest.mark.parametrize("document", [fridays()[0], fridays()[4], contract_example()])
def test_an_import_with_a_day_keeps_it_and_a_bad_day_is_refused_naming_the_field(client, document):
    token = new_group(client)
    edit = into_group(client, token, {**document, "played_on": "2026-10-01"})
    assert client.get(f"/g/{edit}/export.json").get_json()["played_on"] == "2026-10-01"
    kind = document.get("game") or AOTWK
    assert stats(client, token)["games"][kind]["timeline"][0]["on"] == "2026-10-01"
    for wrong in ("2026-02-30", "1 Oct", 20261001):
        refused = client.post(f"/groups/{token}/import", json={**document, "played_on": wrong})
        said = refused.get_data(as_text=True)
        assert refused.status_code == 400 and ("played_on: must be a day written YYYY-MM-DD" in said
                                               or said == "played_on: must be text (got a number)\n"), wrong


def test_the_setup_form_takes_the_day_a_paper_game_was_played(client, app, csrf_token):
    response = client.post("/games/new", data={"csrf_token": csrf_token, "mode": "paper", "played_on": "2026-11-01",
                                               "players-0-name": "Ann", "players-1-name": "Bob",
                                               "players-0-colour": "red", "players-1-colour": "blue"})
    assert response.status_code == 303, response.get_data(as_text=True)
    game = app.extensions["store"].find(response.headers["Location"].rsplit("/", 1)[-1])[0]
    assert game.state["played_on"] == "2026-11-01"
    refused = client.post("/games/new", data={"csrf_token": csrf_token, "mode": "paper", "played_on": "soon",
                                              "players-0-name": "Ann", "players-0-colour": "red"})
    assert refused.status_code == 400


# -- the organiser's habits (issue 31, item 7) ---------------------------------------------------

def test_a_roster_typed_in_before_the_first_game_offers_its_people_at_set_up(client, csrf_token):
    token = new_group(client)
    for name, colour in (("Ann", "green"), ("Bob", "")):
        added = client.post(f"/groups/{token}/roster", data={"csrf_token": csrf_token, "action": "add",
                                                             "name": f" {name} ", "colour": colour})
        assert added.status_code == 303
    for wrong, said in (({"name": "ann"}, "That name is on the roster already."), ({"name": " "}, "A name is 1 to 40")):
        refused = client.post(f"/groups/{token}/roster", data={"csrf_token": csrf_token, "action": "add", **wrong})
        assert refused.status_code == 400 and said in refused.get_data(as_text=True)
    bad_colour = client.post(f"/groups/{token}/roster", data={"csrf_token": csrf_token, "action": "add",
                                                              "name": "Cy", "colour": "plaid"})
    assert bad_colour.status_code == 400
    form = client.get(f"/games/new?group={token}").get_data(as_text=True)
    assert 'name="regular-0"' in form and '<option value="Ann" data-colour="green">Ann</option>' in form
    assert stats(client, token)["games"][AOTWK]["played"] == 0


def test_a_regular_chosen_for_a_seat_takes_it_with_their_usual_colour_swapped_from_its_holder(client, app, csrf_token):
    token = new_group(client)
    for name, colour in (("Ann", "red"), ("Bob", "green"), ("Cy", "red")):
        client.post(f"/groups/{token}/roster", data={"csrf_token": csrf_token, "action": "add", "name": name,
                                                     "colour": colour})
    response = client.post(f"/games/new?group={token}", data={
        "csrf_token": csrf_token, "mode": "multiplayer",
        "players-0-name": "Dee", "players-0-colour": "red", "players-1-colour": "blue", "players-2-colour": "green",
        "players-3-colour": "yellow", "regular-1": "ann", "regular-3": "Bob", "pick": ["Cy"]})
    assert response.status_code == 303, response.get_data(as_text=True)
    game = app.extensions["store"].find(response.headers["Location"].rsplit("/", 1)[-1])[0]
    # Ann takes seat 2 and her red (Dee gets Ann's seat's blue); Bob seat 4 and his green (seat 3 his yellow);
    # Cy, ticked, takes the empty seat 3; red is Ann's already, so Cy keeps the seat's colour
    assert [(p["name"], p["colour"]) for p in game.state["players"]] == [
        ("Dee", "blue"), ("Ann", "red"), ("Cy", "yellow"), ("Bob", "green")]


def test_an_amytis_pad_seats_the_regular_chosen_for_each_seat(client, app, csrf_token):
    token = friday_club(client)
    response = client.post(f"/amytis/new?group={token}", data={"csrf_token": csrf_token, "regular-0": "Bob",
                                                                "regular-1": "Ann"})
    assert response.status_code == 303, response.get_data(as_text=True)
    game = app.extensions["store"].find(response.headers["Location"].rsplit("/", 1)[-1])[0]
    assert [p["name"] for p in game.state["players"]] == ["Bob", "Ann"]


def finish(client, app, edit: str) -> None:
    """A rematch played to its end (a rematch is made of a finished game)."""
    game = app.extensions["store"].find(edit)[0]
    kind = "amytis_phase" if game.state.get("game") == AMYTIS else "finish_game"
    move = {"kind": kind, "phase": "finished"} if kind == "amytis_phase" else {"kind": kind}
    assert client.post(f"/g/{edit}/moves", json=move).status_code == 200


def test_each_rematch_says_which_it_is(client, app, csrf_token):
    token = new_group(client)
    edit = into_group(client, token, {**fridays()[0], "title": "Thursday 1"})
    titles = []
    for _ in range(3):   # a rematch, its rematch, and that one's
        store = app.extensions["store"]
        response = client.post(f"/g/{edit}/rematch", data={"csrf_token": csrf_token})
        edit = response.headers["Location"].rsplit("/", 1)[-1]
        titles.append(store.find(edit)[0].title)
        finish(client, app, edit)
    assert titles == ["Thursday 1 · rematch 1", "Thursday 1 · rematch 2", "Thursday 1 · rematch 3"]
    alone, _view = import_document(client, {**fridays()[4], "title": "Amytis · rematch 4"})   # no group: counts on
    response = client.post(f"/g/{alone}/rematch?lang=ko", data={"csrf_token": csrf_token})
    assert app.extensions["store"].find(response.headers["Location"].rsplit("/", 1)[-1])[0].title == "Amytis · 재대결 5"


def test_a_rematch_title_the_app_wrote_reads_in_each_readers_language(client, app, csrf_token):
    """Playtest: a Korean phone read "Friday night · rematch 1", written in the language of the phone
    that asked for the rematch. A title a player typed that only looks like one is left as typed."""
    edit, _view = import_document(client, {**fridays()[0], "title": "Friday night"})
    response = client.post(f"/g/{edit}/rematch?lang=en", data={"csrf_token": csrf_token})
    rematch = response.headers["Location"].rsplit("/", 1)[-1]
    assert app.extensions["store"].find(rematch)[0].title == "Friday night · rematch 1"
    assert "Friday night · 재대결 1" in client.get(f"/g/{rematch}?lang=ko").get_data(as_text=True)
    typed, _view = import_document(client, {**fridays()[1], "title": "Friday · round 2"})
    assert "Friday · round 2" in client.get(f"/g/{typed}?lang=ko").get_data(as_text=True)


# -- per player, head-to-head, streaks, records (issue 31, item 8) --------------------------------

@pytest.mark.parametrize("headers", [{}, KOREAN])
def test_a_players_page_under_both_links(client, app, headers):
    token = friday_club(client)
    page = client.get(f"/groups/{token}")
    assert f'href="/groups/{token}/players/Ann"' in page.get_data(as_text=True)
    ann = client.get(f"/groups/{token}/players/ann", headers=headers)
    html = ann.get_data(as_text=True)
    assert ann.status_code == 200 and ann.headers["Cache-Control"] == "no-store"
    assert "<h1>Ann</h1>" in html and "Friday 3" in html and "2026-11-20" in html
    assert f'href="/groups/{token}/players/Bob"' in html   # head-to-head rows lead to the other's page
    if headers:
        assert english_left(html, "Friday club", "Friday 1", "Friday 2", "Friday 3", "Amytis", "Ann", "Bob", "Cy",
                            *untranslated_board_names()) == []
    view = client.get(f"/groups/v/{_view_token(app, token)}/players/Ann").get_data(as_text=True)
    assert "<h1>Ann</h1>" in view and token not in view and "/g/" not in view
    assert client.get(f"/groups/{token}/players/Nobody").status_code == 404


def test_the_group_page_lists_each_kinds_records(client):
    html = client.get(f"/groups/{friday_club(client)}").get_data(as_text=True)
    assert "Highest total: 40 by Ann in “Friday 3”" in html and "Lowest total: 5 by Cy in “Friday 3”" in html


def test_stats_json_carries_head_to_head_streaks_records_and_favourite_buildings(client):
    aotwk = stats(client, friday_club(client))["games"][AOTWK]
    assert {"head_to_head", "streaks", "records", "favourite_buildings"} <= aotwk.keys()
    assert aotwk["records"]["highest_total"]["name"] == "Ann"


@pytest.mark.parametrize("lang, words", [("en", ["Friday club", "Season since", "1st", "Ann", "Highest total"]),
                                         ("ko", ["Friday club", "시즌", "1위", "Ann", "최고"])])
def test_the_season_report_pdf_holds_the_league_table_records_and_charts(client, app, csrf_token, lang, words):
    import pypdf
    token = friday_club(client)
    client.post(f"/groups/{token}/season", data={"csrf_token": csrf_token, "since": "2026-11-10"})
    assert 'href="/groups/' in client.get(f"/groups/{token}").get_data(as_text=True)
    for address in (f"/groups/{token}/season.pdf?lang={lang}", f"/groups/v/{_view_token(app, token)}/season.pdf?lang={lang}"):
        response = client.get(address)
        assert response.status_code == 200 and response.mimetype == "application/pdf"
        assert response.headers["Cache-Control"] == "no-store"
        text = "".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(response.data)).pages)
        text = text.replace("\u2060", "")
        for word in words:
            assert word in text, (word, text[:400])
    assert client.get(f"/groups/{token}/season.pdf?paper=napkin").status_code == 400


@pytest.mark.parametrize("document", [fridays()[0], fridays()[4], contract_example()])
def test_a_finished_games_own_end_sets_its_day_and_the_view_link_shows_it(client, document, csrf_token):
    edit, view = import_document(client, document)
    end = "" if document.get("game") else "/score"   # a pad ends on its own page, AotWK on its score page
    page = client.get(f"/g/{edit}{end}").get_data(as_text=True)
    assert f'action="/g/{edit}/played-on"' in page
    answer = client.post(f"/g/{edit}/played-on", data={"csrf_token": csrf_token, "played_on": "2026-10-30",
                                                       "back": f"/g/{edit}{end}"})
    assert answer.status_code == 303 and answer.headers["Location"] == f"/g/{edit}{end}"
    assert client.get(f"/g/{edit}/export.json").get_json()["played_on"] == "2026-10-30"
    assert "Played on 2026-10-30" in client.get(f"/v/{view}{end}").get_data(as_text=True)
    elsewhere = client.post(f"/g/{edit}/played-on", data={"csrf_token": csrf_token, "played_on": "2026-10-30",
                                                          "back": "https://example.com/"})
    assert elsewhere.headers["Location"] == f"/g/{edit}"
    assert client.post(f"/v/{view}/played-on", data={"csrf_token": csrf_token, "played_on": "2026-10-01"}).status_code == 403
    assert client.post(f"/g/{edit}/played-on", data={"csrf_token": csrf_token, "played_on": "soon"}).status_code == 400
    assert client.get(f"/g/{edit}/export.json").get_json()["played_on"] == "2026-10-30"


def test_a_game_played_without_the_group_joins_it_by_its_link_not_as_a_copy(client, csrf_token):
    """Playtest: the only way into a group was a download and an import, which made a second game
    (two on the home page, the other phones' link not in the group). The game's link adds the game."""
    from .test_table import start as start_aotwk

    token = new_group(client)
    edit = start_aotwk(client, csrf_token)
    game = client.application.extensions["store"].find(edit)[0]
    page = client.get(f"/groups/{token}").get_data(as_text=True)
    assert "A game's link" in page
    added = client.post(f"/groups/{token}/games/add", data={"csrf_token": csrf_token,
                                                            "link": f"http://192.168.1.20:5000/g/{edit}"})
    assert added.status_code == 303 and added.headers["Location"].endswith("#games")
    from companion.web.storage.group_store import GroupStore
    group_store = GroupStore(client.application.extensions["store"])
    assert [row.edit_token for row in group_store.games(group_store.find(token))] == [edit]
    assert group_store.of_game(game.id).token == token
    again = client.post(f"/groups/{token}/games/add", data={"csrf_token": csrf_token, "link": edit})
    assert again.status_code == 303 and len(group_store.games(group_store.find(token))) == 1


@pytest.mark.parametrize("link, said", [
    ("", "Paste the game&#39;s link"),
    ("http://192.168.1.20:5000/g/nothing-here-at-all", "No game on this server has that link."),
])
def test_a_link_that_names_no_game_is_refused_beside_the_form(client, csrf_token, link, said):
    token = new_group(client)
    refused = client.post(f"/groups/{token}/games/add", data={"csrf_token": csrf_token, "link": link})
    html = refused.get_data(as_text=True)
    assert refused.status_code == 400 and said in html.split('id="import"')[1]


def test_a_view_link_or_another_groups_game_is_refused(client, csrf_token):
    from .test_table import start as start_aotwk

    token, other = new_group(client), new_group(client, "Tuesday club")
    edit = start_aotwk(client, csrf_token)
    game = client.application.extensions["store"].find(edit)[0]
    viewing = client.post(f"/groups/{token}/games/add", data={"csrf_token": csrf_token, "link": f"/v/{game.view_token}"})
    assert viewing.status_code == 400 and "view link" in viewing.get_data(as_text=True)
    assert client.post(f"/groups/{other}/games/add", data={"csrf_token": csrf_token, "link": edit}).status_code == 303
    moved = client.post(f"/groups/{token}/games/add", data={"csrf_token": csrf_token, "link": edit})
    assert moved.status_code == 400 and "Tuesday club" in moved.get_data(as_text=True)
    korean = client.post(f"/groups/{token}/games/add?lang=ko", data={"csrf_token": csrf_token, "link": "nothing-here-at-all"})
    assert "이 서버에는 그 링크의 게임이 없습니다." in korean.get_data(as_text=True)
