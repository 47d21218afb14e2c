"""Any game's pad through the Flask client: start, type rows, clash, undo, finish, and the
contract's routes (import, export.json, score.json, moves as JSON, a group's stats.json)."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from urllib.parse import unquote

import pypdf
import pytest

from tests.score_pad.helpers import CONTRACT_RESULT, contract_example

# every change is a stored event: run on both databases (tests/conftest.py)
pytestmark = pytest.mark.both_databases

HX = {"HX-Request": "true"}


def start(client, csrf_token, players="Ann\nBob\nCy", title="Hearts", **fields) -> str:
    response = client.post("/score-pad/new", data={"csrf_token": csrf_token, "title": title, "players": players,
                                                  **fields})
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"].rsplit("/", 1)[-1]


def found(client, edit):
    return client.application.extensions["store"].find(edit)[0]


def state(client, edit) -> dict:
    return found(client, edit).state


def save_row(client, csrf_token, edit, row, cells: dict, seen: dict | None = None, headers=HX):
    """One row's save as the page sends it: each box's text and what the page showed in it."""
    seen = seen if seen is not None else {seat: "" for seat in cells}
    data = {"csrf_token": csrf_token, "row": row, **{f"cell-{s}": str(v) for s, v in cells.items()},
            **{f"seen-{s}": str(v) for s, v in seen.items()}}
    return client.post(f"/g/{edit}/score-pad/row", data=data, headers=headers)


def tap(client, csrf_token, edit, headers=HX, **fields):
    return client.post(f"/g/{edit}/score-pad/move", data={"csrf_token": csrf_token, **fields}, headers=headers)


@pytest.fixture
def game(client, csrf_token):
    return start(client, csrf_token)


# -- starting ----------------------------------------------------------------------

def test_a_new_pad_has_the_players_named_and_a_first_round(client, csrf_token):
    edit = start(client, csrf_token, players=" Ann \nBob\n\nann", bgg_id="822", lowest_wins="y")
    pad = state(client, edit)
    assert [p["name"] for p in pad["players"]] == ["Ann", "Bob"]   # a name twice (ignoring case) once
    assert (pad["rows"], pad["lowest_wins"], pad["bgg_id"], pad["phase"]) == (["Round 1"], True, 822, "playing")


def test_named_rows_are_the_pads_categories(client, csrf_token):
    edit = start(client, csrf_token, title="Carcassonne", rows="Roads\nCities\n")
    assert state(client, edit)["rows"] == ["Roads", "Cities"]


@pytest.mark.parametrize("fields, words", [
    ({"players": "  \n "}, "Give each player a name, one per line."),
    ({"players": "\n".join(f"P{i}" for i in range(13))}, "At most 12 players."),
    ({"players": "Ann", "rows": "A\na"}, "Each row needs its own name."),
    ({"players": "Ann", "title": ""}, "Name the game you play."),
    ({"players": "Ann", "bgg_id": "0"}, "Number must be at least 1."),
])
def test_a_bad_form_says_why_next_to_the_field_and_starts_nothing(client, csrf_token, fields, words):
    response = client.post("/score-pad/new", data={"csrf_token": csrf_token, "title": "Hearts", **fields})
    assert response.status_code == 400
    assert f'class="error"' in response.get_data(as_text=True) and words in response.get_data(as_text=True)


def test_a_pad_started_from_a_group_takes_the_people_tapped_and_joins_the_group(client, csrf_token):
    group = client.post("/groups/new", json={"name": "Friday"}).headers["Location"].rsplit("/", 1)[-1]
    client.post(f"/groups/{group}/import", json=contract_example())   # Ann, Bob and Cy join the roster
    page = client.get(f"/score-pad/new?group={group}").get_data(as_text=True)
    assert 'name="pick" value="Cy"' in page
    response = client.post(f"/score-pad/new?group={group}", data={"csrf_token": csrf_token, "title": "Hearts",
                                                                 "pick": ["Cy", "Ann"], "players": "Dee"})
    edit = response.headers["Location"].rsplit("/", 1)[-1]
    assert [p["name"] for p in state(client, edit)["players"]] == ["Ann", "Cy", "Dee"]   # the roster's order first
    assert "Hearts" in client.get(f"/groups/{group}").get_data(as_text=True)


# -- the pad -----------------------------------------------------------------------

def test_the_pad_shows_a_box_per_player_per_row_and_the_totals(client, game):
    html = client.get(f"/g/{game}").get_data(as_text=True)
    assert html.count('name="cell-') == 3 and 'data-pad-row' in html
    assert 'id="sp-totals"' in html


def test_its_static_files_come_from_its_package_versioned_and_cached_for_a_year(client, game):
    """Under /static/ (the service worker keeps them for offline), named by their content like the app's own."""
    html = client.get(f"/g/{game}").get_data(as_text=True)
    css = html.split('href="/static/score-pad/score_pad.css', 1)[1].split('"', 1)[0]
    assert css.startswith("?v=")
    answer = client.get("/static/score-pad/score_pad.css" + css)
    assert answer.status_code == 200 and ".sp-line" in answer.get_data(as_text=True)
    assert answer.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert client.get("/static/score-pad/score_pad.css").headers["Cache-Control"] == "no-cache"
    assert client.get("/static/app.css").status_code == 200   # the app's own static files as before


def test_a_rows_save_stores_the_numbers_and_answers_the_row_alone(client, csrf_token, game):
    response = save_row(client, csrf_token, game, 0, {0: 12, 1: "", 2: -3})
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert html.startswith('<form id="row-0"') and "data-pad-answer" in html and "Saved: Ann, Cy" in html
    assert [p["scores"] for p in state(client, game)["players"]] == [[12], [None], [-3]]


def test_a_number_another_phone_entered_is_kept_and_the_typed_one_offered_again(client, csrf_token, game):
    save_row(client, csrf_token, game, 0, {0: 10})                        # phone A
    response = save_row(client, csrf_token, game, 0, {0: 7, 1: 4})        # phone B had seen both boxes empty
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and "Another phone entered 10: save again to keep yours." in html
    assert 'name="cell-0" type="number" step="1" value="7"' in html      # what B typed stays in B's box
    assert 'name="seen-0" value="10"' in html                             # and saving again overwrites knowingly
    assert [p["scores"][0] for p in state(client, game)["players"]] == [10, 4, None]
    save_row(client, csrf_token, game, 0, {0: 7}, seen={0: 10})
    assert state(client, game)["players"][0]["scores"] == [7]


def test_a_save_whose_every_number_was_changed_elsewhere_saves_nothing(client, csrf_token, game):
    save_row(client, csrf_token, game, 0, {0: 10})
    revision = found(client, game).revision
    response = save_row(client, csrf_token, game, 0, {0: 7})
    assert response.status_code == 400 and found(client, game).revision == revision
    assert "Another phone entered 10" in response.get_data(as_text=True)


def test_a_box_that_is_no_number_is_refused_beside_it_and_the_others_saved(client, csrf_token, game):
    response = save_row(client, csrf_token, game, 0, {0: "12", 1: "1e3", 2: "100000"})
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and html.count("A whole number from -9999 to 99999, or empty.") == 2
    assert [p["scores"] for p in state(client, game)["players"]] == [[12], [None], [None]]
    assert save_row(client, csrf_token, game, 0, {1: "x"}).status_code == 400


def test_without_javascript_a_refused_box_keeps_what_was_typed_on_the_page(client, csrf_token, game):
    saved = save_row(client, csrf_token, game, 0, {0: 12}, headers={})
    assert saved.status_code == 303 and saved.headers["Location"].endswith("#row-0")
    refused = save_row(client, csrf_token, game, 0, {1: "1.5"}, headers={})
    html = refused.get_data(as_text=True)
    assert refused.status_code == 400 and html.startswith("<!doctype html>")
    assert 'name="cell-1" type="number" step="1" value="1.5"' in html and 'value="12"' in html
    assert "Not saved: Bob" in html and "A whole number from -9999 to 99999, or empty." in html


def test_a_row_that_is_not_on_the_pad_is_a_400(client, csrf_token, game):
    assert save_row(client, csrf_token, game, 5, {0: 1}).status_code == 400
    assert save_row(client, csrf_token, game, "x", {0: 1}).status_code == 400


def test_a_save_sent_twice_with_one_request_id_is_applied_once(client, csrf_token, game):
    headers = {**HX, "X-Request-Id": "row-save-0001"}
    first = save_row(client, csrf_token, game, 0, {0: 5}, headers=headers)
    again = save_row(client, csrf_token, game, 0, {0: 5}, headers=headers)
    assert first.status_code == again.status_code == 200 and found(client, game).revision == 1
    assert "Saved: Ann" in again.get_data(as_text=True)


def test_the_view_link_changes_nothing(client, csrf_token, game):
    view = found(client, game).view_token
    assert save_row(client, csrf_token, view, 0, {0: 5}).status_code == 403
    html = client.get(f"/v/{view}").get_data(as_text=True)
    assert 'name="cell-' not in html and "view only" in html


def test_a_row_is_added_round_by_round_and_named_if_you_like(client, csrf_token, game):
    tap(client, csrf_token, game, kind="score_pad_add_row", name="")
    tap(client, csrf_token, game, kind="score_pad_add_row", name="Bonus")
    assert state(client, game)["rows"] == ["Round 1", "Round 2", "Bonus"]
    response = tap(client, csrf_token, game, kind="score_pad_add_row", name="bonus")
    assert response.status_code == 400 and "“bonus” is already a row of the pad." in response.get_data(as_text=True)


def test_undo_takes_back_a_rows_save_and_the_history_says_it(client, csrf_token, game):
    save_row(client, csrf_token, game, 0, {0: 5, 2: 8})
    history = client.get(f"/g/{game}/history").get_data(as_text=True)
    assert "Round 1: Ann 5, Cy 8" in history
    client.post(f"/g/{game}/undo", data={"csrf_token": csrf_token, "rev": 1}, headers=HX)
    assert state(client, game)["players"][0]["scores"] == [None]


def test_game_over_fills_empty_boxes_with_0_names_the_winner_and_refuses_changes(client, csrf_token, game):
    save_row(client, csrf_token, game, 0, {0: 26, 1: 13, 2: 13})
    client.post(f"/g/{game}/score-pad/move", data={"csrf_token": csrf_token, "kind": "score_pad_add_row", "name": ""})
    save_row(client, csrf_token, game, 1, {0: 1})
    html = tap(client, csrf_token, game, kind="score_pad_phase", phase="finished").get_data(as_text=True)
    assert "Rematch: same players, next seats" in html and "Reopen the game" in html
    assert [p["scores"] for p in state(client, game)["players"]] == [[26, 1], [13, 0], [13, 0]]
    assert save_row(client, csrf_token, game, 0, {0: 1}, seen={0: 26}).status_code == 409
    assert client.get(f"/g/{game}/score.json").get_json()["winners"] == ["Ann"]
    rematch = client.post(f"/g/{game}/rematch", data={"csrf_token": csrf_token})
    again = state(client, rematch.headers["Location"].rsplit("/", 1)[-1])
    assert [p["name"] for p in again["players"]] == ["Bob", "Cy", "Ann"] and again["rows"] == ["Round 1"]
    assert "Go to the rematch" in client.get(f"/g/{game}").get_data(as_text=True)   # every phone on it is told
    client.post(f"/g/{game}/reopen", data={"csrf_token": csrf_token, "confirm": "1"})
    assert state(client, game)["phase"] == "playing"


def test_a_save_from_a_page_whose_form_expired_keeps_nothing_and_says_so(client, game):
    response = save_row(client, "expired", game, 0, {0: 5})
    assert response.status_code == 400 and "please enter it again" in response.get_data(as_text=True)
    assert found(client, game).revision == 0


def test_a_lowest_wins_pad_leads_with_the_lowest_total(client, csrf_token):
    edit = start(client, csrf_token, lowest_wins="y")
    save_row(client, csrf_token, edit, 0, {0: 26, 1: 13, 2: 13})
    html = client.get(f"/g/{edit}").get_data(as_text=True)
    totals = html[html.index('id="sp-totals"'):html.index("sp-sheet")]
    assert totals.count("sp-total winner") == 2 and "leads (tie)" in " ".join(totals.split())


def test_the_pad_in_korean(client, csrf_token, game):
    html = client.get(f"/g/{game}", headers={"Accept-Language": "ko-KR,ko;q=0.9"}).get_data(as_text=True)
    assert "줄 추가" in html and "게임이 끝나면 빈칸은 0점으로 셉니다." in html


# -- the contract's routes -----------------------------------------------------------

def test_the_contract_example_imports_as_a_finished_game_and_scores_as_the_contract_says(client):
    response = client.post("/games/import", json=contract_example())
    assert response.status_code == 303
    edit = response.headers["Location"].rsplit("/", 1)[-1]
    assert (state(client, edit)["phase"], state(client, edit)["title"]) == ("finished", "Carcassonne")
    score = client.get(f"/g/{edit}/score.json").get_json()
    assert {key: value for key, value in score.items() if key != "playing_minutes"} == CONTRACT_RESULT


def test_a_bad_document_is_refused_with_every_problem(client):
    doc = {"game": "score_pad", "title": "", "players": [{"name": "Ann", "scores": [1, 2]}]}
    response = client.post("/games/import", json=doc)
    assert response.status_code == 400
    assert response.get_data(as_text=True).splitlines() == [
        "title: must be 1 to 80 characters (got 0)",
        "players[0].scores: must hold one number, the total: the document has no rows (got 2 numbers)"]


def test_a_game_in_play_with_a_box_not_entered_imports_and_its_score_names_the_box(client):
    doc = {**contract_example(), "phase": "playing"}
    doc["players"][1]["scores"][2] = None
    edit = client.post("/games/import", json=doc).headers["Location"].rsplit("/", 1)[-1]
    response = client.get(f"/g/{edit}/score.json")
    assert response.status_code == 422
    assert response.get_json() == {"problems": ["players[1].scores[2]: not entered"]}


def test_export_json_round_trips_through_import_and_the_score_command(client, csrf_token, game):
    save_row(client, csrf_token, game, 0, {0: 26, 1: 13, 2: 13})
    tap(client, csrf_token, game, kind="score_pad_phase", phase="finished")
    exported = client.get(f"/g/{game}/export.json").get_json()
    copy = client.post("/games/import", json=exported).headers["Location"].rsplit("/", 1)[-1]
    assert state(client, copy) == state(client, game)
    assert "Round 1: Ann 26, Bob 13, Cy 13" in client.get(f"/g/{copy}/history").get_data(as_text=True)
    done = subprocess.run([sys.executable, "-m", "companion.cli", "score", "-"], input=json.dumps(exported),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["winners"] == ["Ann"]


def test_moves_as_json(client, game):
    kinds = client.get(f"/g/{game}/moves").get_json()["kinds"]
    assert set(kinds) == {"score_pad_scores", "score_pad_add_row", "score_pad_phase"}
    answer = client.post(f"/g/{game}/moves", json={"kind": "score_pad_scores", "row": 0,
                                                   "cells": [{"player": 1, "points": 9, "seen": None}]})
    assert answer.status_code == 200 and answer.get_json()["revision"] == 1
    refused = client.post(f"/g/{game}/moves", json={"kind": "score_pad_scores", "row": 0,
                                                    "cells": [{"player": 1, "points": 3, "seen": None}]})
    assert refused.status_code == 422
    assert refused.get_json()["problems"] == [
        {"field": "move", "message": "Nothing was saved: another phone had changed these numbers."}]
    assert client.post(f"/g/{game}/moves", json={"kind": "score_pad_scores", "row": "0", "cells": []}).status_code == 422


def test_sheet_csv_and_bg_stats(client, csrf_token):
    edit = start(client, csrf_token, title="Carcassonne", rows="Roads\nCities", bgg_id="822")
    save_row(client, csrf_token, edit, 0, {0: 8, 1: 12, 2: 5})
    save_row(client, csrf_token, edit, 1, {0: 22, 1: 18, 2: 30})
    assert client.get(f"/g/{edit}/scores.csv").status_code == 409   # not over yet
    pdf = client.get(f"/g/{edit}/sheet.pdf")
    assert pdf.status_code == 200 and pdf.mimetype == "application/pdf"
    text = pypdf.PdfReader(io.BytesIO(pdf.data)).pages[0].extract_text()
    assert "Carcassonne" in text and "Cities" in text and "PROVISIONAL" in text
    html = tap(client, csrf_token, edit, kind="score_pad_phase", phase="finished").get_data(as_text=True)
    lines = list(csv.reader(io.StringIO(client.get(f"/g/{edit}/scores.csv").get_data(as_text=True).lstrip("\ufeff"))))
    assert lines[0] == ["game", "date", "seat", "name", "Roads", "Cities", "total", "rank", "winner"]
    assert lines[3][3:] == ["Cy", "5", "30", "35", "1", "yes"] and lines[1][6:] == ["30", "2", ""]
    link = next(part for part in html.split('"') if part.startswith("https://app.bgstatsapp.com/"))
    play = json.loads(unquote(link.split("data=", 1)[1]))
    assert play["game"] == {"name": "Carcassonne", "highestWins": True, "noPoints": False,
                            "sourceGameId": "score_pad:carcassonne", "bggId": 822}
    assert [(p["name"], p["score"], p["winner"]) for p in play["players"]] == [
        ("Ann", 30, False), ("Bob", 30, False), ("Cy", 35, True)]


def test_a_groups_stats_json_counts_any_game_as_its_own_kind(client):
    group = client.post("/groups/new", json={"name": "Friday"}).headers["Location"].rsplit("/", 1)[-1]
    assert client.post(f"/groups/{group}/import", json=contract_example()).status_code == 303
    figures = client.get(f"/groups/{group}/stats.json").get_json()["games"]["score_pad"]
    assert figures["played"] == 1
    assert [(p["name"], p["wins"], p["best"], p["categories"]) for p in figures["players"]] == [
        ("Ann", 1, 51, {}), ("Bob", 0, 49, {}), ("Cy", 0, 41, {})]
    page = client.get(f"/groups/{group}").get_data(as_text=True)
    assert 'id="stats-score_pad"' in page and "Any game" in page
