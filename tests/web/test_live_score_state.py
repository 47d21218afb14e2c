"""The live score reads a stored game's state without the document reader's shape check (issue 29
item 2): the same scores as reading it as a document, for games in play, solo and with Age of
Artisans, and no call of ``parse_score_input`` on the way; a document from outside is still read
by it (``companion score``, import)."""

from __future__ import annotations

import pytest

from companion.aotwk.rules import document, scoring
from companion.aotwk.rules.table import turns
from companion.problems import InvalidInput
from companion.web import games

from .helpers import import_document, sample
from .test_table import HTMX, post_move, start


def _either_way(reader, state):
    try:
        return reader(state)
    except InvalidInput as refused:
        return [(problem.path, problem.message) for problem in refused.problems]


@pytest.fixture
def played(client, csrf_token) -> list[str]:
    multiplayer = start(client, csrf_token)
    post_move(client, multiplayer, csrf_token, kind="virtue", player=1, delta=2)
    post_move(client, multiplayer, csrf_token, kind="build", player=0, building="smithy")
    solo = start(client, csrf_token, names=("Solo",), mode="solo", opponent="helena")
    artisans = start(client, csrf_token, age_of_artisans="y", check_payments="y")
    post_move(client, artisans, csrf_token, kind="finish_game")
    imported, _view = import_document(client, sample())
    finished, _view = import_document(client, {key: value for key, value in sample().items() if key != "phase"})
    return [multiplayer, solo, artisans, imported, finished]


def _as_document(state):
    """The state read as a document, scored as the live score is: its silver breaking ties only once counted."""
    return scoring.score(document.parse_score_input(state), turns.silver_counted(state))


def test_a_stored_state_scores_the_same_as_its_document(client, played):
    store = client.application.extensions["store"]
    for token in played:
        state = store.find(token)[0].state
        assert _either_way(scoring.score_state, state) == _either_way(_as_document, state), token


def test_the_live_score_does_not_read_the_state_as_a_document(client, played, monkeypatch):
    def not_again(*args, **kwargs):
        raise AssertionError("the live score read a checked state as a document")

    monkeypatch.setattr(scoring, "parse_score_input", not_again)
    monkeypatch.setattr(document, "parse_score_input", not_again)
    store = client.application.extensions["store"]
    for token in played:
        assert "players" in games.score_of(store.find(token)[0])
        assert client.get(f"/g/{token}/live?show=1", headers=HTMX).status_code == 200


def test_a_document_from_outside_is_still_checked():
    broken = sample(players=[{"name": "Red", "colour": "red", "virtue": "lots"}])
    with pytest.raises(InvalidInput):
        scoring.score_document(broken)
