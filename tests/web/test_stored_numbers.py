"""No stored value can make a page fail (issue 30): an Amytis track or an AotWK building's VP of
400 digits was imported, and the game's page, /poll, /score.json and sheet.pdf answered 500. The
import now refuses them; a game stored before that (or by another release) is still answered."""

from __future__ import annotations

import copy

import pytest

from companion.amytis import pad

from .helpers import sample

pytestmark = pytest.mark.both_databases

HUGE = 10 ** 400
ADDRESSES = ("", "/poll", "/score", "/score.json", "/sheet.pdf", "/history", "/export.json")


def amytis_with_a_huge_track() -> dict:
    state = pad.new_game(["Martine", "Paul"])
    state["players"][0]["track"] = HUGE
    return state


def aotwk_with_a_huge_building() -> dict:
    doc = sample(phase="finished")
    doc["players"][0]["buildings"] = [{"id": "smithy", "vp": HUGE}]
    return doc


@pytest.mark.parametrize("document, field", [
    ({"game": "architects_of_amytis", "players": [{"name": "A", "track": HUGE}, {"name": "B"}]}, "players[0].track"),
    (aotwk_with_a_huge_building(), "players[0].buildings[0].vp"),
])
def test_an_import_refuses_a_value_past_the_schema(app, client, document, field):
    answer = client.post("/games/import", json=document)
    assert answer.status_code == 400 and answer.get_data(as_text=True).startswith(f"{field}: must be at most")


@pytest.mark.parametrize("state", [amytis_with_a_huge_track(), aotwk_with_a_huge_building()])
def test_a_game_stored_with_a_huge_number_is_answered_not_a_500(app, client, state):
    game = app.extensions["store"].create(copy.deepcopy(state))
    for token in (game.edit_token, game.view_token):
        prefix = "g" if token == game.edit_token else "v"
        for address in ADDRESSES:
            answer = client.get(f"/{prefix}/{token}{address}")
            assert answer.status_code < 500, (prefix, address)
