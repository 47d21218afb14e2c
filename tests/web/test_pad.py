"""The paper pad and the end count on the web (companion/aotwk/web/pad.py): rows save at once,
cells from different phones merge, impossible values come back with the reason."""

from __future__ import annotations

import re

import pytest

from .test_table import HTMX, post_move, start, state


def row(csrf_token, player, typed, seen=None):
    data = {"csrf_token": csrf_token, "player": player}
    for cell, value in typed.items():
        data[f"cell-{cell}"] = value
        data[f"seen-{cell}"] = (seen or {}).get(cell, "")
    return data


@pytest.fixture
def paper(client, csrf_token):
    return start(client, csrf_token, mode="paper")


def test_a_row_saves_every_cell_typed_in_one_post(client, csrf_token, paper):
    response = client.post(f"/g/{paper}/pad", data=row(csrf_token, 0, {"cathedral": "7", "buildings": "18",
                                                                        "final_virtue": "11", "final_silver": "5"}),
                           headers=HTMX)
    assert response.status_code == 200
    assert "Saved: Buildings VP, Cathedral VP, Final virtue, Silver left" in response.get_data(as_text=True)
    ann = state(client, paper)["players"][0]
    assert ann["overrides"] == {"cathedral": 7, "buildings": 18}
    assert (ann["virtue"], ann["silver"]) == (11, 5)


def test_cathedral_42_is_refused_next_to_its_cell_and_the_rest_is_saved(client, csrf_token, paper):
    response = client.post(f"/g/{paper}/pad", data=row(csrf_token, 1, {"cathedral": "42", "buildings": "9"}),
                           headers=HTMX)
    html = response.get_data(as_text=True)
    # Something was saved, so the answer is no error (issue 9: an error answer means nothing was stored)
    assert response.status_code == 200
    assert "42 is not possible: the Cathedral scores 0, 2, 4, 7, 12 or 20 VP" in html
    assert 'value="42"' in html, "the phone keeps what it typed"
    assert state(client, paper)["players"][1]["overrides"] == {"buildings": 9}


def test_a_row_with_nothing_it_can_keep_is_a_400_and_stores_nothing(client, csrf_token, paper):
    before = state(client, paper)
    response = client.post(f"/g/{paper}/pad", data=row(csrf_token, 1, {"cathedral": "42"}), headers=HTMX)
    assert response.status_code == 400
    assert "42 is not possible" in response.get_data(as_text=True)
    assert state(client, paper) == before


def test_two_phones_typing_different_cells_of_one_row_both_save(client, csrf_token, paper):
    """Phone A and phone B drew the row at the same time; each changed one cell."""
    assert client.post(f"/g/{paper}/pad", data=row(csrf_token, 0, {"cathedral": "7", "buildings": ""}),
                       headers=HTMX).status_code == 200
    response = client.post(f"/g/{paper}/pad", data=row(csrf_token, 0, {"cathedral": "", "buildings": "12"}),
                           headers=HTMX)
    assert response.status_code == 200
    assert state(client, paper)["players"][0]["overrides"] == {"cathedral": 7, "buildings": 12}


def test_the_same_cell_changed_meanwhile_is_refused_with_the_new_value(client, csrf_token, paper):
    client.post(f"/g/{paper}/pad", data=row(csrf_token, 0, {"cathedral": "7"}), headers=HTMX)
    response = client.post(f"/g/{paper}/pad", data=row(csrf_token, 0, {"cathedral": "12"}), headers=HTMX)
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "another phone changed this to 7" in html
    assert 'value="12"' in html and 'name="seen-cathedral" value="7"' in html
    assert state(client, paper)["players"][0]["overrides"] == {"cathedral": 7}
    # told, the phone saves again over the other phone's value
    again = client.post(f"/g/{paper}/pad", data=row(csrf_token, 0, {"cathedral": "12"}, seen={"cathedral": "7"}),
                        headers=HTMX)
    assert again.status_code == 200
    assert state(client, paper)["players"][0]["overrides"] == {"cathedral": 12}


def test_unchanged_cells_save_nothing_and_not_a_number_is_refused(client, csrf_token, paper):
    revision = client.application.extensions["store"].revision(paper)
    response = client.post(f"/g/{paper}/pad", data=row(csrf_token, 0, {"cathedral": "x2"}), headers=HTMX)
    assert response.status_code == 400
    assert "a whole number is needed" in response.get_data(as_text=True)
    assert client.application.extensions["store"].revision(paper) == revision


def test_a_number_too_long_to_read_is_refused_beside_its_box_not_a_server_error(client, csrf_token, paper):
    """Python refuses to read a number of more than 4,300 digits: a box holding 5,000 nines was a 500."""
    revision = client.application.extensions["store"].revision(paper)
    response = client.post(f"/g/{paper}/pad", data=row(csrf_token, 0, {"cathedral": "9" * 5000}), headers=HTMX)
    assert response.status_code == 400
    assert "a whole number is needed" in response.get_data(as_text=True)
    assert client.application.extensions["store"].revision(paper) == revision


def test_without_script_a_row_redirects_or_shows_the_page_with_the_reason(client, csrf_token, paper):
    ok = client.post(f"/g/{paper}/pad", data=row(csrf_token, 0, {"debts": "-4"}))
    assert ok.status_code == 303
    refused = client.post(f"/g/{paper}/pad", data=row(csrf_token, 0, {"debts": "4"}))
    html = refused.get_data(as_text=True)
    assert refused.status_code == 400
    assert "unpaid debts only cost VP" in html and "<html" in html


def test_view_link_cannot_save_a_row(client, csrf_token, paper):
    view = client.application.extensions["store"].find(paper)[0].view_token
    assert client.post(f"/v/{view}/pad", data=row(csrf_token, 0, {"debts": "-2"})).status_code == 403
    assert client.post(f"/g/{view}/pad", data=row(csrf_token, 0, {"debts": "-2"})).status_code == 403


def test_paper_pad_shows_labels_and_the_tiebreak_cells(client, paper):
    html = client.get(f"/g/{paper}").get_data(as_text=True)
    assert "Final virtue" in html and "Silver left" in html and "Cathedral VP" in html
    assert "Adornments VP" not in html, "only the rows the expansions need"


# -- the end count ---------------------------------------------------------------------

COUNT = {"gold": "3", "marble": "0", "silver": "6", "clay": "0", "wood": "1", "stone": "0"}


def test_end_the_game_now_then_everyone_counts_then_the_score(client, csrf_token):
    token = start(client, csrf_token, names=("Ann", "Bob"))
    post_move(client, token, csrf_token, kind="end_game")
    page = client.get(f"/g/{token}").get_data(as_text=True)
    assert "count what is left" in page and "This is Ann's count" in page
    assert re.search(r'id="count-0-silver" name="cell-silver" type="number" step="1" value=""', page), \
        "the table did not track silver: blank, never the starting 3"
    assert "not entered yet" in page
    response = client.post(f"/g/{token}/count", data={**row(csrf_token, 0, COUNT), "done": "1"}, headers=HTMX)
    assert response.status_code == 200 and state(client, token)["phase"] == "counting"
    assert "A box left blank counts as none when you confirm." in page
    response = client.post(f"/g/{token}/count", data={**row(csrf_token, 1, {"silver": "6"}), "done": "1"},
                           headers=HTMX)
    assert response.headers.get("HX-Refresh") == "true"
    doc = state(client, token)
    assert doc["phase"] == "finished" and doc["players"][0]["gold"] == 3
    assert (doc["players"][1]["silver"], doc["players"][1]["gold"]) == (6, 0), "confirmed blank: none"


def test_show_the_final_score_asks_first_naming_whose_count_is_not_done(client, csrf_token):
    token = start(client, csrf_token, names=("Ann", "Bob", "Cy"))
    post_move(client, token, csrf_token, kind="end_game")
    client.post(f"/g/{token}/count", data={**row(csrf_token, 0, COUNT), "done": "1"}, headers=HTMX)
    unconfirmed = client.post(f"/g/{token}/final-score", data={"csrf_token": csrf_token})
    assert unconfirmed.status_code == 303 and unconfirmed.headers["Location"].endswith(f"/g/{token}/final-score")
    assert state(client, token)["phase"] == "counting"
    question = client.get(f"/g/{token}/final-score", headers=HTMX).get_data(as_text=True)
    assert "Not counted yet: Bob, Cy." in question and "the score page asks for it" in question
    assert 'name="confirm" value="1"' in question and "Keep counting" in question
    assert "End the count for everyone?" in client.get(f"/g/{token}/final-score").get_data(as_text=True)
    response = client.post(f"/g/{token}/final-score", data={"csrf_token": csrf_token, "confirm": "1"})
    assert response.status_code == 303 and state(client, token)["phase"] == "finished"


def test_the_score_page_asks_for_what_nobody_counted_and_then_scores(client, csrf_token):
    """'The final score and the PDF never count a value nobody entered': Bob never counted."""
    token = start(client, csrf_token, names=("Ann", "Bob"))
    post_move(client, token, csrf_token, kind="end_game")
    client.post(f"/g/{token}/count", data={**row(csrf_token, 0, COUNT), "done": "1"}, headers=HTMX)
    client.post(f"/g/{token}/final-score", data={"csrf_token": csrf_token, "confirm": "1"})
    page = client.get(f"/g/{token}/score").get_data(as_text=True)
    assert "The game cannot be scored yet" in page and "nobody has entered Bob&#39;s silver left yet" in page
    assert re.search("Save Bob(&#39;|')s values and score", page) and not re.search("Save Ann(&#39;|')s values", page)
    assert client.get(f"/g/{token}/sheet.pdf").status_code == 422
    refused = client.post(f"/g/{token}/count", data={**row(csrf_token, 1, {**COUNT, "silver": "-1"}), "to": "score"})
    assert refused.status_code == 200 and "never negative" in refused.get_data(as_text=True)
    assert re.search(r'name="cell-silver"[^>]*value="-1"', refused.get_data(as_text=True)), "what was typed is kept"
    assert not re.search(r'name="cell-gold"', refused.get_data(as_text=True)), "the rest was saved"
    saved = client.post(f"/g/{token}/count", data={**row(csrf_token, 1, {"silver": "14"}), "to": "score"})
    assert saved.status_code == 303 and saved.headers["Location"].endswith(f"/g/{token}/score#missing")
    scores = client.get(f"/g/{token}/score.json").get_json()
    assert scores["players"][1]["categories"]["silver"] == 1


def test_a_paper_games_final_virtue_is_blank_until_entered(client, csrf_token, paper):
    """End-Game Scoring (line 509): virtue breaks a tie; a paper game's 7 from the setup is no final virtue."""
    html = client.get(f"/g/{paper}").get_data(as_text=True)
    assert re.search(r'name="cell-final_virtue" type="number" step="1" value=""', html)
    page = client.get(f"/g/{paper}/score").get_data(as_text=True)
    assert "nobody has entered Ann&#39;s final virtue yet" in page
    for seat in range(3):
        client.post(f"/g/{paper}/pad", data={**row(csrf_token, seat, {"final_virtue": "8", "final_silver": "2"}),
                                             "to": "score"})
    assert client.get(f"/g/{paper}/score.json").get_json()["players"][0]["final_virtue"] == 8


def test_a_phone_with_a_seat_sees_only_its_own_count(client, csrf_token):
    token = start(client, csrf_token, names=("Ann", "Bob"))
    post_move(client, token, csrf_token, kind="end_game")
    game = client.application.extensions["store"].find(token)[0]
    with client.session_transaction() as session:
        session["seats"] = {str(game.id): 1}
    page = client.get(f"/g/{token}").get_data(as_text=True)
    assert "This is Bob's count" in page and "This is Ann's count" not in page
    with client.session_transaction() as session:
        session["seats"] = {str(game.id): "table"}
    page = client.get(f"/g/{token}").get_data(as_text=True)
    assert "This is Bob's count" in page and "This is Ann's count" in page
