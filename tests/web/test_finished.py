"""A finished game changes only on purpose (issue 30 item 4, issue 31 item 2): every move on it is
refused (409, "reopen it first") until a deliberate "Reopen the game" (asked, named in the history,
undoable), and its Undo and Redo ask first, naming the final score they drop. Both games, one
pipeline (companion/web/changes.py)."""

from __future__ import annotations

import re

import pytest

from .helpers import import_document, sample
from .test_pad import row as row_of_the_pad
from .test_table import HTMX, post_move, start as start_aotwk

pytestmark = pytest.mark.both_databases

FINISHED = "The game is finished: reopen it first."


def game_of(client, edit):
    return client.application.extensions["store"].find(edit)[0]


def start_amytis(client, csrf_token) -> str:
    response = client.post("/amytis/new", data={"csrf_token": csrf_token, "first": "Martine", "second": "Paul"})
    assert response.status_code == 303
    return response.headers["Location"].rsplit("/", 1)[-1]


def finished(client, csrf_token, which: str) -> str:
    """A game of ``which`` finished by a move (its history holds the finishing event)."""
    if which == "aotwk":
        # (payments checked: resources are tracked, so the final score needs no count)
        edit = start_aotwk(client, csrf_token, names=("Ann", "Bob"), check_payments="y")
        finish = {"kind": "finish_game"}
    else:
        edit = start_amytis(client, csrf_token)
        assert client.post(f"/g/{edit}/moves", json={"kind": "amytis_stack", "player": 0, "row": 0, "column": 0,
                                                     "delta": 1}).status_code == 200
        finish = {"kind": "amytis_phase", "phase": "finished"}
    assert client.post(f"/g/{edit}/moves", json=finish).status_code == 200
    assert game_of(client, edit).phase == "finished"
    return edit


def final_results(client, edit) -> str:
    """'Ann 54, Bob 48' as the question names it, read from the game's own score.json."""
    scores = client.get(f"/g/{edit}/score.json").get_json()
    entries = sorted(scores["players"] + ([scores["bot"]] if scores.get("bot") else []), key=lambda e: e["rank"])
    return ", ".join(f"{entry['name']} {entry['total']}" for entry in entries)


def message_of(html: str) -> list[str]:
    return re.findall(r'class="message bad"[^>]*>([^<]+)<', html)


A_MOVE = {"aotwk": {"kind": "virtue", "player": 0, "delta": 1},
          "amytis": {"kind": "amytis_stack", "player": 1, "row": 1, "column": 1, "delta": 1}}


# -- a finished game takes no move ---------------------------------------------------------------

@pytest.mark.parametrize("which", ["aotwk", "amytis"])
def test_a_finished_game_refuses_a_json_move_and_a_form_move(client, csrf_token, which):
    edit = finished(client, csrf_token, which)
    before = game_of(client, edit)
    answer = client.post(f"/g/{edit}/moves", json=A_MOVE[which])
    assert answer.status_code == 409
    assert answer.get_json() == {"problems": [{"field": "phase", "message": FINISHED}]}
    form = {"csrf_token": csrf_token, "rev": before.revision, **{k: str(v) for k, v in A_MOVE[which].items()}}
    address = f"/g/{edit}/move" if which == "aotwk" else f"/g/{edit}/amytis/move"
    tapped = client.post(address, data=form, headers=HTMX)
    assert tapped.status_code == 409 and message_of(tapped.get_data(as_text=True)) == [FINISHED]
    plain = client.post(address, data=form)   # without script: the page, saying why
    assert plain.status_code == 409 and FINISHED in plain.get_data(as_text=True)
    after = game_of(client, edit)
    assert (after.revision, after.state) == (before.revision, before.state)


def test_the_refusal_and_the_questions_are_said_in_korean(client, csrf_token):
    edit = finished(client, csrf_token, "amytis")
    answer = client.post(f"/g/{edit}/moves?lang=ko", json=A_MOVE["amytis"])
    assert answer.status_code == 409
    assert answer.get_json()["problems"][0]["message"] == "게임이 끝났습니다: 먼저 게임을 다시 여세요."
    undo = client.get(f"/g/{edit}/undo?lang=ko").get_data(as_text=True)
    assert "변경을 되돌릴까요?" in undo and "게임을 다시 끝낼 때까지 집계되지 않습니다" in undo
    assert "게임을 다시 열까요?" in client.get(f"/g/{edit}/reopen?lang=ko").get_data(as_text=True)


def test_a_finished_game_refuses_a_pad_row_and_a_count_of_what_was_entered(client, csrf_token):
    edit = import_document(client, sample(phase="finished"))[0]
    before = game_of(client, edit)
    row = client.post(f"/g/{edit}/pad", data=row_of_the_pad(csrf_token, 0, {"buildings": "30"}), headers=HTMX)
    assert row.status_code == 409 and message_of(row.get_data(as_text=True)) == [FINISHED]
    count = client.post(f"/g/{edit}/count", data={**row_of_the_pad(csrf_token, 0, {"silver": "9"}), "done": "1"})
    assert count.status_code == 409
    json_row = client.post(f"/g/{edit}/moves", json={"kind": "set_total", "player": 0, "category": "buildings",
                                                     "value": 30})
    assert json_row.status_code == 409
    assert game_of(client, edit).revision == before.revision
    assert game_of(client, edit).state == before.state


def test_a_finished_game_still_takes_what_nobody_entered_and_nothing_else(client, csrf_token):
    """The score page asks for a value nobody counted (aotwk/_missing_ask.html): entering it is no
    change of a final score, which could not be worked out without it."""
    edit = start_aotwk(client, csrf_token, names=("Ann", "Bob"))   # (resources untracked: the count asks for them)
    post_move(client, edit, csrf_token, kind="finish_game")
    assert game_of(client, edit).state["players"][1]["not_entered"]
    entered = client.post(f"/g/{edit}/count", data={**row_of_the_pad(csrf_token, 1, {"silver": "4"}), "to": "score"})
    assert entered.status_code == 303 and game_of(client, edit).state["players"][1]["silver"] == 4
    again = client.post(f"/g/{edit}/count", data={**row_of_the_pad(csrf_token, 1, {"silver": "5"}, {"silver": "4"}),
                                                  "to": "score"})
    assert again.status_code == 409 and game_of(client, edit).state["players"][1]["silver"] == 4


@pytest.mark.parametrize("which", ["aotwk", "amytis"])
def test_a_finished_games_page_offers_no_move_only_the_questions(client, csrf_token, which):
    edit = finished(client, csrf_token, which)
    page = client.get(f"/g/{edit}").get_data(as_text=True)
    posts = set(re.findall(r'<form method="post" action="/g/[^/"]+/([^"]+)"', page))
    # no move, tap, pad row, Undo or Redo posts straight away (the day it was played is no part of its score)
    assert posts <= {"rematch", "played-on"}, posts
    assert f'action="/g/{edit}/undo"' in page and f'hx-get="/g/{edit}/undo"' in page


# -- Reopen the game -----------------------------------------------------------------------------

def test_reopen_is_not_the_bar_right_under_the_rematch(client, csrf_token):
    """Playtest: "Reopen the game" sat, as wide as the Rematch, right under it: a hurried thumb lands on it.
    It comes after the rest of the game's end, and is not a full-width bar."""
    edit = finished(client, csrf_token, "aotwk")
    page = client.get(f"/g/{edit}/score").get_data(as_text=True)
    rematch, reopen = page.index("Rematch: same players, next seats"), page.index("Reopen the game")
    between = page[rematch:reopen]
    assert rematch < reopen and "</form>" in between and 'class="row reopen"' in between
    assert '<button type="submit">Reopen the game</button>' in page


@pytest.mark.parametrize("which", ["aotwk", "amytis"])
def test_reopen_asks_then_reopens_is_named_in_the_history_and_undo_finishes_it_again(client, csrf_token, which):
    edit = finished(client, csrf_token, which)
    end = client.get(f"/g/{edit}/score" if which == "aotwk" else f"/g/{edit}").get_data(as_text=True)
    assert f'hx-get="/g/{edit}/reopen"' in end and "Reopen the game" in end
    question = client.get(f"/g/{edit}/reopen", headers=HTMX).get_data(as_text=True)
    assert "Reopen the game?" in question and 'name="confirm" value="1"' in question
    assert f"Its final score ({final_results(client, edit)}) will no longer count" in question
    assert "Reopen the game?" in client.get(f"/g/{edit}/reopen").get_data(as_text=True)   # without script: a page
    revision = game_of(client, edit).revision

    unasked = client.post(f"/g/{edit}/reopen", data={"csrf_token": csrf_token})
    assert unasked.status_code == 303 and unasked.headers["Location"].endswith(f"/g/{edit}/reopen")
    assert game_of(client, edit).revision == revision

    done = client.post(f"/g/{edit}/reopen", data={"csrf_token": csrf_token, "confirm": "1"})
    assert done.status_code == 303 and game_of(client, edit).phase != "finished"
    assert game_of(client, edit).revision == revision + 1
    assert "The game was reopened" in client.get(f"/g/{edit}/history").get_data(as_text=True)
    assert client.post(f"/g/{edit}/moves", json=A_MOVE[which]).status_code == 200   # it takes moves again

    moved = game_of(client, edit)
    client.post(f"/g/{edit}/undo", data={"csrf_token": csrf_token, "rev": moved.revision}, headers=HTMX)
    reopened = game_of(client, edit)
    undone = client.post(f"/g/{edit}/undo", data={"csrf_token": csrf_token, "rev": reopened.revision}, headers=HTMX)
    assert undone.status_code == 200 and "Undone: The game was reopened" in undone.get_data(as_text=True)
    assert game_of(client, edit).phase == "finished"


def test_reopening_an_aotwk_game_opens_its_count_again(client, csrf_token):
    edit = finished(client, csrf_token, "aotwk")
    client.post(f"/g/{edit}/reopen", data={"csrf_token": csrf_token, "confirm": "1"})
    game = game_of(client, edit)
    assert (game.phase, game.state["table"]["counted"]) == ("counting", [])
    page = client.get(f"/g/{edit}").get_data(as_text=True)
    assert "The game is over: count what is left" in page and "Show the final score" in page


def test_a_json_client_reopens_with_the_games_reopening_move(client, csrf_token):
    edit = finished(client, csrf_token, "aotwk")
    reopened = client.post(f"/g/{edit}/moves", json={"kind": "reopen_game"})
    assert reopened.status_code == 200 and reopened.get_json()["event"]["kind"] == "reopen_game"
    again = client.post(f"/g/{edit}/moves", json={"kind": "reopen_game"})
    assert again.status_code == 422 and "not finished" in again.get_json()["problems"][0]["message"]


def test_a_view_link_cannot_reopen(client, csrf_token):
    edit = finished(client, csrf_token, "amytis")
    view = game_of(client, edit).view_token
    assert client.post(f"/v/{view}/reopen", data={"csrf_token": csrf_token, "confirm": "1"}).status_code == 403
    assert client.post(f"/g/{view}/reopen", data={"csrf_token": csrf_token, "confirm": "1"}).status_code == 403
    assert game_of(client, edit).phase == "finished"


# -- Undo (and Redo) of a finished game ------------------------------------------------------------

@pytest.mark.parametrize("which", ["aotwk", "amytis"])
def test_undo_of_a_finished_game_asks_and_without_the_yes_changes_nothing(client, csrf_token, which):
    edit = finished(client, csrf_token, which)
    game = game_of(client, edit)
    question = client.get(f"/g/{edit}/undo", headers=HTMX).get_data(as_text=True)
    assert re.search(r"Undo “.+”\?", question) and 'name="confirm" value="1"' in question
    assert f"Its final score ({final_results(client, edit)}) will no longer count" in question
    assert f'name="rev" value="{game.revision}"' in question and 'name="mark"' in question

    unconfirmed = client.post(f"/g/{edit}/undo", data={"csrf_token": csrf_token, "rev": game.revision},
                              headers={**HTMX, "X-Request-Id": "finished-undo-1"})
    assert unconfirmed.status_code == 409 and message_of(unconfirmed.get_data(as_text=True)) == [FINISHED]
    said_no = client.post(f"/g/{edit}/undo", data={"csrf_token": csrf_token, "rev": game.revision, "confirm": "0"})
    assert said_no.status_code == 409
    assert (game_of(client, edit).revision, game_of(client, edit).phase) == (game.revision, "finished")

    mark = re.search(r'name="mark" value="([^"]+)"', question).group(1)
    confirmed = client.post(f"/g/{edit}/undo", data={"csrf_token": csrf_token, "rev": game.revision, "mark": mark,
                                                     "confirm": "1"}, headers={**HTMX, "X-Request-Id": "finished-undo-2"})
    assert confirmed.status_code == 200
    assert (game_of(client, edit).revision, game_of(client, edit).phase) == (game.revision + 1, "playing")


def test_a_redo_that_would_reopen_asks_too(client, csrf_token):
    """Reopen, then Undo (finished again): Redo would reopen it, so it asks as well."""
    edit = finished(client, csrf_token, "amytis")
    client.post(f"/g/{edit}/reopen", data={"csrf_token": csrf_token, "confirm": "1"})
    client.post(f"/g/{edit}/undo", data={"csrf_token": csrf_token, "rev": game_of(client, edit).revision})
    game = game_of(client, edit)
    assert game.phase == "finished"
    question = client.get(f"/g/{edit}/redo").get_data(as_text=True)
    assert "Redo “The game was reopened”?" in question
    refused = client.post(f"/g/{edit}/redo", data={"csrf_token": csrf_token, "rev": game.revision})
    assert refused.status_code == 409 and game_of(client, edit).revision == game.revision
    client.post(f"/g/{edit}/redo", data={"csrf_token": csrf_token, "rev": game.revision, "confirm": "1"})
    assert game_of(client, edit).phase == "playing"


def test_a_game_not_finished_undoes_at_once_and_its_question_is_not_asked(client, csrf_token):
    edit = start_amytis(client, csrf_token)
    client.post(f"/g/{edit}/moves", json=A_MOVE["amytis"])
    assert client.get(f"/g/{edit}/undo").status_code == 303   # nothing to ask: back to the page
    undone = client.post(f"/g/{edit}/undo", data={"csrf_token": csrf_token, "rev": 1}, headers=HTMX)
    assert undone.status_code == 200 and game_of(client, edit).revision == 2


def test_an_undo_resent_once_the_game_is_finished_again_gets_its_first_answer(client, csrf_token):
    """Reopen, then Undo (finished again): the same Undo resent (a retry after a timeout) is no new
    unconfirmed Undo of a finished game, but the first one again: nothing more changes."""
    edit = finished(client, csrf_token, "aotwk")
    client.post(f"/g/{edit}/reopen", data={"csrf_token": csrf_token, "confirm": "1"})
    undo = {"csrf_token": csrf_token, "rev": game_of(client, edit).revision}
    first = client.post(f"/g/{edit}/undo", data=undo, headers={**HTMX, "X-Request-Id": "undo-the-reopen"})
    assert first.status_code == 200 and game_of(client, edit).phase == "finished"
    revision = game_of(client, edit).revision
    again = client.post(f"/g/{edit}/undo", data=undo, headers={**HTMX, "X-Request-Id": "undo-the-reopen"})
    assert again.status_code == 200 and "Undone: The game was reopened" in again.get_data(as_text=True)
    assert game_of(client, edit).revision == revision


# -- Undo of the end of the game, while everyone counts -----------------------------------------------

def test_an_undo_of_the_end_of_the_game_asks_first_naming_every_phones_count(client, csrf_token):
    """End of the Game: 'each player ... add up their score' on their own phone; an Undo of "End the game
    now" takes the game back to play and closes every phone's count, so its button asks first (in place)
    and says so. Without script its question is a page; the Yes undoes it; an Undo of a count does not ask."""
    edit = start_aotwk(client, csrf_token, names=("Ann", "Bob"))
    post_move(client, edit, csrf_token, kind="end_game")
    game = game_of(client, edit)
    assert game.phase == "counting"
    table = client.get(f"/g/{edit}", headers=HTMX).get_data(as_text=True)
    assert f'hx-get="/g/{edit}/undo"' in table and f'hx-post="/g/{edit}/undo"' not in table

    question = client.get(f"/g/{edit}/undo", headers=HTMX).get_data(as_text=True)
    assert "Undo “The game was ended: everyone counts what is left”?" in question
    assert "The count closes on every phone: what was typed there and not confirmed is lost." in question
    assert "final score" not in question and ">Cancel<" in question
    assert client.get(f"/g/{edit}/undo").status_code == 200   # (a page of its own without script)

    mark = re.search(r'name="mark" value="([^"]+)"', question).group(1)
    yes = client.post(f"/g/{edit}/undo", data={"csrf_token": csrf_token, "rev": game.revision, "mark": mark,
                                               "confirm": "1"}, headers=HTMX)
    assert yes.status_code == 200 and game_of(client, edit).phase == "playing"
    assert f'hx-post="/g/{edit}/undo"' in yes.get_data(as_text=True)   # (Undo of a move in play: at once)
    assert client.get(f"/g/{edit}/undo").status_code == 303

    post_move(client, edit, csrf_token, kind="end_game")   # a count confirmed since: its Undo closes no count
    assert client.post(f"/g/{edit}/moves", json={"kind": "count", "player": 0, "cells": {"silver": 4},
                                                 "done": True}).status_code == 200
    assert client.get(f"/g/{edit}/undo").status_code == 303
    assert f'hx-post="/g/{edit}/undo"' in client.get(f"/g/{edit}", headers=HTMX).get_data(as_text=True)


def test_the_count_question_in_korean(client, csrf_token):
    edit = start_aotwk(client, csrf_token, names=("Ann", "Bob"))
    post_move(client, edit, csrf_token, kind="end_game")
    question = client.get(f"/g/{edit}/undo?lang=ko", headers=HTMX).get_data(as_text=True)
    assert "모든 휴대폰의 점수 세기가 닫힙니다" in question and ">취소<" in question
