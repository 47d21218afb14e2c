"""The history in a player's words (companion/aotwk/web/history.py)."""

from __future__ import annotations

import re

import pytest

from companion.aotwk.catalogue import load
from companion.aotwk.rules import table
from companion.aotwk.web.history import Entry, describe_move, rounds

from .test_table import post_move, start


@pytest.fixture
def state():
    return table.new_game({"title": "t", "players": [{"name": "Ann"}, {"name": "Ben"}, {"name": "Cy"}]})


def test_every_move_the_rules_know_has_a_sentence():
    assert all(spec.sentence is not None for spec in table.MOVES.values())


@pytest.mark.parametrize("move, sentence", [
    ({"kind": "virtue", "player": 0, "delta": 1}, "Ann gained 1 virtue"),
    ({"kind": "virtue", "player": 1, "delta": -2}, "Ben lost 2 virtue"),
    ({"kind": "build", "player": 1, "building": "tavern"}, "Ben built the Tavern"),
    ({"kind": "build", "player": 0, "building": "clay_pit", "choice": "gold1"}, "Ann built the Clay Pit, taking 1 gold"),
    ({"kind": "hire", "player": 2, "apprentice": "acolyte_2", "source": "black_market"},
     "Cy hired the Acolyte at the Black Market"),
    ({"kind": "take_debts", "player": 0, "count": 2}, "Ann took 2 debts"),
    ({"kind": "capture", "player": 0, "victim": 1, "count": 2}, "Ann captured 2 workers of Ben's"),
    ({"kind": "resources", "player": 0, "clay": 2, "wood": -1}, "Ann gained 2 clay and lost 1 wood"),
    ({"kind": "advance_cathedral", "player": 2, "reward": "silver3_virtue1"},
     "Cy advanced on the Cathedral and took 3 silver, 1 virtue"),
    ({"kind": "black_market", "player": 1, "space": "small", "marble": 1},
     "Ben used the small Black Market space, gaining 1 marble"),
    ({"kind": "set_total", "player": 0, "cells": {"cathedral": 7, "final_virtue": 11}},
     "Ann's score pad: Cathedral VP 7, Final virtue 11"),
    ({"kind": "count", "player": 1, "cells": {"silver": 4}, "done": True}, "Ben counted what was left: Silver 4"),
    ({"kind": "rescue", "player": 0, "payment": "debt"}, "Ann took back their captured workers, taking a debt"),
])
def test_moves_read_as_sentences(state, move, sentence):
    assert describe_move(state, move, []) == sentence


def test_one_sentence_per_move_serves_every_language(state):
    """A Korean sentence picks its particle after the number (3으로, 2로); a count takes its
    plural in English; the bot, cards and places inside a sentence are said in the sentence's
    language (Korean rulebook, 1인 게임 규칙 4: 헬레나; 채석장)."""
    assert describe_move(state, {"kind": "set_cathedral", "player": 0, "level": 3}, lang="ko") == "Ann: 대성당 레벨을 3으로 정정"
    assert describe_move(state, {"kind": "set_cathedral", "player": 0, "level": 2}, lang="ko") == "Ann: 대성당 레벨을 2로 정정"
    assert describe_move(state, {"kind": "take_debts", "player": 1, "count": 1}) == "Ben took 1 debt"
    solo = table.new_game({"mode": "solo", "opponent": "helena", "players": [{"name": "Ann"}], "seed": 7})
    capture = {"kind": "capture", "player": 0, "victim": "bot", "count": 1, "location": "quarry"}
    assert describe_move(solo, capture) == "Ann captured 1 worker of Helena's at the Quarry"
    assert describe_move(solo, capture, lang="ko") == "Ann: 헬레나의 일꾼 1명 포획 (채석장)"
    build = {"kind": "build", "player": 0, "building": "tavern", "extra": True}
    assert describe_move(state, build) == "Ann built the Tavern, with the Crane's extra placement"
    assert describe_move(state, build, lang="ko") == "Ann: 여관 건설, Crane의 추가 배치"   # the Crane has no Korean edition


def test_a_language_is_its_catalogue(state):
    """A third language needs only its catalogue: every word of the sentence comes from it."""
    from babel.support import Translations
    from companion.i18n.sentences import installed

    made_up = Translations()
    made_up._catalog = {"{who} gained {gained} and lost {lost}": "{who} +{gained} -{lost}",
                        "list\x04 and ": " & "}   # gettext's key of a message with a context
    move = {"kind": "resources", "player": 0, "gold": -1, "clay": 2, "wood": 1, "stone": 3}
    with installed("xx", made_up):
        assert describe_move(state, move, lang="xx") == "Ann +2 clay, 1 wood & 3 stone -1 gold"
    assert describe_move(state, move) == "Ann gained 2 clay, 1 wood and 3 stone and lost 1 gold"


def test_no_sentence_shows_an_id_or_a_code(state):
    """Every building and apprentice of the catalogue, every reward: names, never ids."""
    catalogue = load()
    ids = set(catalogue.buildings) | set(catalogue.apprentices) | set(table.data.reward_types())
    lines = [describe_move(state, {"kind": "build", "player": 0, "building": b}) for b in catalogue.buildings]
    lines += [describe_move(state, {"kind": "hire", "player": 0, "apprentice": a}) for a in catalogue.apprentices]
    lines += [describe_move(state, {"kind": "advance_cathedral", "player": 0, "reward": r})
              for r in table.data.reward_types()]
    for line in lines:
        words = set(re.findall(r"[a-z0-9_]+", line))
        assert not (words & ids) or all("_" not in w for w in words & ids), line
        assert "_" not in line, line


def test_rounds_follow_the_turn_order_newest_first(state):
    def entry(n, who):
        return Entry(n, "", f"move {n}", [], False, who)
    grouped = rounds(state, [entry(1, 0), entry(2, 0), entry(3, 1), entry(4, 2), entry(5, None), entry(6, 0),
                             entry(7, 2), entry(8, 1)])
    assert [g.number for g in grouped] == [3, 2, 1]
    assert [[e.seq for e in g.entries] for g in grouped] == [[8], [7, 6], [5, 4, 3, 2, 1]]


def test_the_history_page_is_newest_first_in_rounds_with_times(client, csrf_token):
    """The rounds are read from who played (companion.web.rounds.grouped), not recorded: the page says
    "About round N", an estimate, never "Round N" as a fact."""
    token = start(client, csrf_token, names=("Ann", "Ben"))
    post_move(client, token, csrf_token, kind="virtue", player=0, delta=1)
    post_move(client, token, csrf_token, kind="virtue", player=1, delta=-1)
    post_move(client, token, csrf_token, kind="take_debts", player=0, count=1)
    html = client.get(f"/g/{token}/history").get_data(as_text=True)
    assert html.index("About round 2") < html.index("About round 1")
    assert ">Round " not in html and "each is an estimate" in html
    assert html.index("Ann took 1 debt") < html.index("Ben lost 1 virtue") < html.index("Ann gained 1 virtue")
    assert re.search(r'<time class="muted" datetime="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ" data-local-time>', html)
    assert "local-time.js" in html


def test_undo_says_what_it_undoes(client, csrf_token):
    token = start(client, csrf_token, names=("Ann", "Ben"))
    post_move(client, token, csrf_token, kind="virtue", player=0, delta=1)
    response = client.post(f"/g/{token}/undo", data={"csrf_token": csrf_token, "rev": 1}, headers={"HX-Request": "true"})
    assert "Undone: Ann gained 1 virtue" in response.get_data(as_text=True)



def test_a_virtue_tap_says_the_tracks_side_effect_when_it_is_the_only_thing_worked_out(client, csrf_token):
    """Rulebook, Virtue Track: 'For each Virtue players lose below 0, they must take a Debt Card';
    'For each Virtue players gain above 14, they may destroy 1 unpaid Debt'. The history shows a
    move's notes only beside others: a game night read "Bob lost 1 virtue" for a debt taken, and
    nothing for a debt destroyed. A tap without a side effect stays one plain sentence."""
    token = start(client, csrf_token, names=("Ann", "Bob"))
    for _ in range(7):
        post_move(client, token, csrf_token, kind="virtue", player=1, delta=-1)
    post_move(client, token, csrf_token, kind="virtue", player=1, delta=-1)        # at 0: a debt
    for _ in range(7):
        post_move(client, token, csrf_token, kind="virtue", player=0, delta=1)
    post_move(client, token, csrf_token, kind="virtue", player=0, delta=1)         # at 14, no debt to destroy
    html = client.get(f"/g/{token}/history").get_data(as_text=True)
    assert "Bob lost 1 virtue (Bob: virtue 0 → 0, 1 below 0 took 1 unpaid debt)" in html
    assert "Ann gained 1 virtue (Ann: virtue 14 → 14, 1 excess (no unpaid debt to destroy))" in html
    assert html.count("Bob lost 1 virtue<") == 7 and html.count("Ann gained 1 virtue<") == 7
    korean = client.get(f"/g/{token}/history", headers=KOREAN).get_data(as_text=True)
    assert "Bob: 선행 1 잃음 (Bob: 선행 0 → 0, 0 아래로 1만큼 내려가 미납 채권 1장을 받음)" in korean


# -- notes in the reader's language (companion/aotwk/i18n/table_notes.py) --------------------

KOREAN = {"Accept-Language": "ko-KR,ko;q=0.9"}


def test_the_history_in_korean_shows_the_notes_in_korean(client, csrf_token):
    """Rulebook, Workshop: 'pay a total of 4 Silver. 2 of these are Tax'."""
    token = start(client, csrf_token, names=("민지", "서준"))
    post_move(client, token, csrf_token, kind="hire", player=1, apprentice="acolyte_1", source="workshop")
    korean = client.get(f"/g/{token}/history", headers=KOREAN).get_data(as_text=True)
    assert "<li>서준: 세금 2개를 세금 관리소에 냄 (현재 6)</li>" in korean
    assert "<li>서준: 수행사제 고용 (작업장)</li>" in korean and "<li>서준: 선행 7 → 8 (수행사제 고용)</li>" in korean
    english = client.get(f"/g/{token}/history", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "<li>서준 pays 2 tax to the Tax Stand (now 6)</li>" in english and "<li>서준 hires the Acolyte (Workshop)</li>" in english


def test_where_an_apprentice_was_hired_reads_as_the_game_names_the_place(client, csrf_token):
    """Rulebook, Workshop and Black Market (middle space: 'Hire any faceup Apprentice'): the note says
    the place as the rulebook prints it ('Workshop', 'Black Market'; seed 001: 작업장, 암시장), not a code."""
    token = start(client, csrf_token, names=("Ann", "Bob"))
    post_move(client, token, csrf_token, kind="hire", player=1, apprentice="acolyte_1", source="workshop")
    post_move(client, token, csrf_token, kind="hire", player=0, apprentice="gatekeeper_1", source="black_market")
    english = client.get(f"/g/{token}/history", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "<li>Bob hires the Acolyte (Workshop)</li>" in english
    assert "<li>Ann hires the Gatekeeper (Black Market)</li>" in english
    assert "(workshop)" not in english and "(black market)" not in english
    korean = client.get(f"/g/{token}/history", headers=KOREAN).get_data(as_text=True)
    assert "(작업장)</li>" in korean and "(암시장)</li>" in korean
    assert "(workshop)" not in korean.lower() and "(black market)" not in korean.lower()


def test_an_old_english_note_still_shows_in_the_history(app, client, csrf_token):
    """Games recorded before notes were codes keep their English sentences."""
    token = start(client, csrf_token, names=("Ann", "Ben"))

    def applier(state):
        state["players"][0]["virtue"] += 1
        return state, ["Ann: virtue 7 -> 8", "an older note"]
    app.extensions["store"].change(token, {"kind": "virtue", "player": 0, "delta": 1}, applier)
    html = client.get(f"/g/{token}/history", headers=KOREAN).get_data(as_text=True)
    assert "<li>Ann: virtue 7 -&gt; 8</li>" in html and "<li>an older note</li>" in html


@pytest.mark.both_databases   # reads the history a page at a time, in SQL
def test_a_long_history_is_read_a_page_at_a_time(app, client, monkeypatch):
    """Issue 20: a history of thousands of events is paged; the page reads only its own events whole."""
    from companion.web import rounds as shared_rounds

    store = app.extensions["store"]
    game = store.create(table.new_game({"title": "long", "players": [{"name": "Ann"}, {"name": "Ben"}]}))
    moves = [{"kind": "virtue", "player": n % 2, "delta": 1 if n % 4 < 2 else -1} for n in range(450)]
    for move in moves:
        store.change(game.edit_token, move, lambda state, move=move: table.apply(state, move))
    whole_reads = []
    real_history = store.history
    monkeypatch.setattr(store, "history", lambda game_id, seqs=None: whole_reads.append(seqs) or real_history(game_id, seqs))
    newest = client.get(f"/g/{game.edit_token}/history").get_data(as_text=True)
    assert [len(seqs) for seqs in whole_reads] == [shared_rounds.PAGE]
    assert newest.count("<li") - newest.count('<li class="chip') >= shared_rounds.PAGE
    assert "Page 1 of 3" in newest and "?page=1" in newest and "Newer changes" not in newest
    oldest = client.get(f"/g/{game.edit_token}/history?page=2").get_data(as_text=True)
    assert "Page 3 of 3" in oldest and "Newer changes" in oldest and "Earlier changes" not in oldest
    assert whole_reads[-1] == list(range(50, 0, -1))   # the 50 oldest, newest first
    # Rounds are read over the whole game: the oldest page ends with round 1.
    assert "About round 1<" in oldest and "About round 1<" not in newest


@pytest.mark.both_databases   # reads the history a page at a time, in SQL
def test_the_bots_last_turn_is_read_from_one_end_of_the_history(app):
    store = app.extensions["store"]
    game = store.create(table.new_game({"title": "t", "players": [{"name": "Ann"}, {"name": "Ben"}]}))
    assert store.last_event(game.id, "virtue") is None
    for delta in (1, -1, 1):
        move = {"kind": "virtue", "player": 0, "delta": delta}
        store.change(game.edit_token, move, lambda state, move=move: table.apply(state, move))
    store.undo(game.edit_token, 3)
    assert store.last_event(game.id, "virtue").move["delta"] == -1   # the undone one is not in force
