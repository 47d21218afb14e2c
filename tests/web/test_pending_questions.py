"""A question left open keeps its move waiting (issue 32): the Tavern's free hire asked after a build is
stored with the game, so every phone shows "Waiting for Ann's answer: ..." with the question to answer
or cancel, until it is answered (the build is recorded and the question closes) or cancelled."""

from __future__ import annotations

import re

import pytest

from companion.web.storage.store import answered

from .bot_pages import text_of
from .test_table import HTMX, post_move, start

# the open questions are a column of the games table: run on both databases (tests/conftest.py)
pytestmark = pytest.mark.both_databases

QUESTION = "Waiting for Ann's answer: Which apprentice does the Tavern hire for free?"


def _open(client, token, csrf_token, request_id="ask-tavern-0001", **fields):
    rev = client.application.extensions["store"].revision(token)
    data = {"csrf_token": csrf_token, "rev": rev, "kind": "build", "player": "0", "building": "tavern", **fields}
    return client.post(f"/g/{token}/ask", data=data, headers={**HTMX, "X-Request-Id": request_id})


def _game(client, token):
    return client.application.extensions["store"].find(token, fresh=True)[0]


def _other_phone(app, token, path="/g/"):
    phone = app.test_client()
    return text_of(phone.get(f"{path}{token}", headers=HTMX))


def test_the_tavern_card_in_the_build_panel_asks_by_storing_its_question(client, csrf_token):
    token = start(client, csrf_token)
    panel = client.get(f"/g/{token}/pick/cards?kind=building&player=0&q=tav").get_data(as_text=True)
    tavern = re.search(r'<button[^>]*value="tavern"[^>]*>', panel).group(0)
    assert f'formaction="/g/{token}/ask"' in tavern and f'hx-post="/g/{token}/ask"' in tavern


def test_a_question_left_open_is_shown_on_every_phone_and_the_build_waits(app, client, csrf_token):
    token = start(client, csrf_token)
    before = _game(client, token).revision
    assert _open(client, token, csrf_token).status_code == 200
    game = _game(client, token)
    assert game.revision == before + 1 and game.state["players"][0]["buildings"] == []   # nothing recorded yet
    assert QUESTION in _other_phone(app, token)                                           # another phone
    html = app.test_client().get(f"/g/{token}", headers=HTMX).get_data(as_text=True)
    assert 'id="pending-0"' in html and 'name="apprentice"' in html and "Cancel: do not record it" in html
    assert re.search(r'data-last-change="([^"]*)"', html).group(1).replace("&#39;", "'") == QUESTION
    view = text_of(app.test_client().get(f"/v/{game.view_token}", headers=HTMX))
    assert QUESTION in view and "Cancel: do not record it" not in view                    # read-only: said, not asked
    # A tap on something else (Ann's virtue) leaves it waiting; the same ask resent opens nothing more.
    post_move(client, token, csrf_token, kind="virtue", player=0, delta=1)
    _open(client, token, csrf_token)
    assert QUESTION in _other_phone(app, token) and _game(client, token).revision == before + 2


def test_answering_on_another_phone_records_the_build_and_closes_the_question(app, client, csrf_token):
    token = start(client, csrf_token)
    _open(client, token, csrf_token)
    html = app.test_client().get(f"/g/{token}", headers=HTMX).get_data(as_text=True)
    pending = html.split('id="pending-0"')[1].split('id="seat-')[0]
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', pending))
    assert fields["kind"] == "build" and fields["building"] == "tavern" and fields["player"] == "0"
    fields["csrf_token"] = csrf_token   # (the page's own token is put in per phone)
    answer = client.post(f"/g/{token}/move", data={**fields, "apprentice": ""}, headers=HTMX)   # "None now"
    assert answer.status_code == 200, text_of(answer)[:300]
    game = _game(client, token)
    assert game.state["players"][0]["buildings"] == ["tavern"] and not game.waiting()
    assert "Waiting for" not in _other_phone(app, token)


def test_cancelling_closes_it_everywhere_and_records_nothing(app, client, csrf_token):
    token = start(client, csrf_token)
    _open(client, token, csrf_token)
    rev = _game(client, token).revision
    cancelled = client.post(f"/g/{token}/ask/cancel", data={"csrf_token": csrf_token, "rev": rev, "player": "0"},
                            headers={**HTMX, "X-Request-Id": "cancel-tavern-01"})
    assert cancelled.status_code == 200
    game = _game(client, token)
    assert not game.waiting() and game.state["players"][0]["buildings"] == [] and game.revision == rev + 1
    assert "Waiting for" not in _other_phone(app, token)
    assert not game.can_undo   # nothing to undo: no change of the game was made


def test_the_cathedral_reward_waits_too_and_a_finished_game_opens_nothing(app, client, csrf_token):
    token = start(client, csrf_token)
    rev = _game(client, token).revision
    client.post(f"/g/{token}/ask", data={"csrf_token": csrf_token, "rev": rev, "kind": "advance_cathedral",
                                         "player": "1"}, headers=HTMX)
    assert "Waiting for Bob's answer: Which reward card was revealed?" in _other_phone(app, token)
    refused = client.post(f"/g/{token}/ask", data={"csrf_token": csrf_token, "rev": rev, "kind": "pay_tax",
                                                   "player": "1"}, headers=HTMX)
    assert refused.status_code == 404   # only a move a question follows waits


def test_a_question_is_said_in_the_readers_language(app, client, csrf_token):
    token = start(client, csrf_token)
    _open(client, token, csrf_token)
    korean = text_of(app.test_client().get(f"/g/{token}?lang=ko", headers=HTMX))
    assert "Ann 님의 답을 기다리는 중:" in korean and "Waiting for" not in korean


def test_a_move_closes_only_the_question_it_answers():
    pending = {"0": {"move": {"kind": "build", "player": 0, "building": "tavern"}},
               "1": {"move": {"kind": "advance_cathedral", "player": 1}}}
    assert answered(pending, {"kind": "virtue", "player": 0, "delta": 1}) == pending
    assert answered(pending, {"kind": "build", "player": 0, "building": "well"}) == pending
    assert answered(pending, {"kind": "build", "player": 0, "building": "tavern", "apprentice": "miner_1"}) == {
        "1": pending["1"]}
    assert answered({"1": pending["1"]}, {"kind": "advance_cathedral", "player": "1", "reward": "x"}) is None


def test_once_the_game_has_ended_no_question_is_shown_waiting(app, client, csrf_token):
    token = start(client, csrf_token)
    _open(client, token, csrf_token)
    post_move(client, token, csrf_token, kind="finish_game")
    assert "Waiting for" not in _other_phone(app, token)


def test_the_bots_cathedral_reward_waits_under_its_name_and_is_answered(app, client, csrf_token):
    from .test_bot_turns import new_solo

    token, _view = new_solo(app)
    client.get(f"/g/{token}")   # this phone's session (its CSRF token) for the game
    rev = _game(client, token).revision
    client.post(f"/g/{token}/ask", data={"csrf_token": csrf_token, "rev": rev, "kind": "advance_cathedral",
                                         "player": "bot"}, headers=HTMX)
    html = app.test_client().get(f"/g/{token}", headers=HTMX).get_data(as_text=True)
    assert "Waiting for Helena's answer: Which reward card was revealed?" in text_of_html(html)
    pending = html.split('id="pending-bot"')[1].split('id="seat-')[0]
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', pending))
    reward = re.search(r'name="reward" value="([^"]+)"', pending).group(1)
    answer = client.post(f"/g/{token}/move", data={**fields, "csrf_token": csrf_token, "reward": reward}, headers=HTMX)
    assert answer.status_code == 200, text_of(answer)[:300]
    game = _game(client, token)
    assert game.state["bot"]["cathedral"] == 1 and not game.waiting()


def text_of_html(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#39;", "'")


def test_in_the_final_round_a_question_waits_as_before(app, client, csrf_token):
    token = start(client, csrf_token)
    store = app.extensions["store"]
    game = store.find(token)[0]
    final = {**game.state, "phase": "final_round"}
    token = store.create(final).edit_token
    _open(client, token, csrf_token)
    assert QUESTION in _other_phone(app, token)


def test_the_asked_players_own_phone_asks_them_the_others_say_whose_answer_it_waits_for(app, client, csrf_token):
    """Playtest: Bob's own phone read "Waiting for Bob's answer: ..." while Bob was the one to answer."""
    token = start(client, csrf_token)
    _open(client, token, csrf_token)
    ann, ben = app.test_client(), app.test_client()
    ann.get(f"/g/{token}/seat?who=0", headers=HTMX)
    ben.get(f"/g/{token}/seat?who=1", headers=HTMX)
    own = ann.get(f"/g/{token}", headers=HTMX).get_data(as_text=True).split('id="pending-0"')[1]
    heading = re.search(r"<h3[^>]*>([^<]*)</h3>", own).group(1)
    assert heading == "Which apprentice does the Tavern hire for free?"
    assert QUESTION in text_of(ben.get(f"/g/{token}", headers=HTMX))
