"""One schema for every way in (issue 30): each number a move takes is bounded as the game's
document is, so no move (a form, a move sent as JSON, a pad row) stores what an import would
refuse. Every move kind and every numeric field of both games is sent the schema's maximum + 1
and a 400-digit value: each is refused naming its field, and nothing is stored."""

from __future__ import annotations

import re

import pytest

from companion.aotwk.rules.schema import CATEGORY_TOTAL, COUNT

from .helpers import import_document, sample

pytestmark = pytest.mark.both_databases

HUGE = 10 ** 400
BOUND_SAID = re.compile(r"between -?\d+ and \d+|too large")   # the form's words for a number out of bounds
HTMX = {"HX-Request": "true"}


def aotwk_game(client) -> str:
    """A game where every move and field is in play: Age of Artisans, Hugo's and Gisela's boards."""
    doc = sample(expansions=["age_of_artisans"], variable_boards=True)
    doc["players"][0]["board"], doc["players"][1]["board"] = "hugo", "gisela"
    return import_document(client, doc)[0]


def amytis_game(client, csrf_token) -> str:
    answer = client.post("/amytis/new", data={"csrf_token": csrf_token, "first": "Martine", "second": "Paul"})
    return answer.headers["Location"].rsplit("/", 1)[-1]


def numeric_fields(client, token) -> list[tuple[str, str, dict]]:
    kinds = client.get(f"/g/{token}/moves").get_json()["kinds"]
    return [(kind, name, param) for kind, spec in kinds.items() for name, param in spec["params"].items()
            if param["type"] == "int" and "choices" not in param]


def baseline(params: dict, leave_out: str) -> dict:
    """A move whose other required fields are read without complaint (the rules read every field first)."""
    move = {}
    for name, param in params.items():
        if name == leave_out or not param["required"]:
            continue
        if param["type"] == "player":
            move[name] = 1 if name == "victim" else 0
        elif param["type"] == "int":
            move[name] = param.get("min", 1) if "choices" not in param else param["choices"][0]
        elif param["type"] == "choice":
            move[name] = param["choices"][0]
        elif param["type"] != "bool":
            move[name] = "smithy"
    return move


def revision(app, token) -> int:
    return app.extensions["store"].find(token)[0].revision


def too_big(param: dict) -> list[int]:
    return [param["max"] + 1, HUGE]


def test_every_numeric_field_of_every_move_has_the_schemas_bounds(client, csrf_token):
    for token in (aotwk_game(client), amytis_game(client, csrf_token)):
        fields = numeric_fields(client, token)
        assert fields
        assert [(kind, name) for kind, name, param in fields if "min" not in param or "max" not in param] == []


@pytest.mark.parametrize("game", ["aotwk", "amytis"])
def test_a_json_move_past_the_schema_is_422_naming_the_field_and_stores_nothing(app, client, csrf_token, game):
    token = aotwk_game(client) if game == "aotwk" else amytis_game(client, csrf_token)
    kinds = client.get(f"/g/{token}/moves").get_json()["kinds"]
    wrong = {}
    for kind, name, param in numeric_fields(client, token):
        for value in too_big(param):
            move = {"kind": kind, **baseline(kinds[kind]["params"], name), name: value}
            answer = client.post(f"/g/{token}/moves", json=move)
            fields = [problem["field"] for problem in (answer.get_json() or {}).get("problems", [])]
            if answer.status_code != 422 or (game == "aotwk" and fields != [name]):
                wrong[(kind, name, len(str(value)))] = (answer.status_code, fields)
    assert wrong == {}
    assert revision(app, token) == 0


def test_a_form_move_past_the_schema_is_refused_with_its_message_and_stores_nothing(app, client, csrf_token):
    """The message is beside the field in the form (the move's control on the card for a quick move)."""
    token = aotwk_game(client)
    kinds = client.get(f"/g/{token}/moves").get_json()["kinds"]
    wrong = {}
    for kind, name, param in numeric_fields(client, token):
        for value in too_big(param):
            move = {"kind": kind, **baseline(kinds[kind]["params"], name), name: value}
            form = {"csrf_token": csrf_token, "rev": "0", **{key: str(item) for key, item in move.items()}}
            answer = client.post(f"/g/{token}/move", data=form, headers=HTMX)
            said = re.findall(r'role="alert">([^<]*)', answer.get_data(as_text=True))
            if answer.status_code != 400 or not any(BOUND_SAID.search(text) for text in said):
                wrong[(kind, name, len(str(value)))] = (answer.status_code, said)
    assert wrong == {}
    assert revision(app, token) == 0


def test_an_amytis_tap_past_the_schema_is_refused_and_stores_nothing(app, client, csrf_token):
    token = amytis_game(client, csrf_token)
    kinds = client.get(f"/g/{token}/moves").get_json()["kinds"]
    for kind, name, param in numeric_fields(client, token):
        for value in too_big(param):
            move = {"kind": kind, **baseline(kinds[kind]["params"], name), name: value}
            form = {"csrf_token": csrf_token, "rev": "0", **{key: str(item) for key, item in move.items()}}
            assert client.post(f"/g/{token}/amytis/move", data=form, headers=HTMX).status_code == 400, (kind, name)
    assert revision(app, token) == 0


def test_a_sum_past_the_schema_is_refused_though_each_change_is_within_it(app, client):
    """A field's bounds cannot see a sum: 9,999 silver and 9,999 more. The move is refused by the
    document's own bound, naming the move's field."""
    token = aotwk_game(client)
    assert client.post(f"/g/{token}/moves", json={"kind": "resources", "player": 0, "silver": COUNT.high - 3}).status_code == 200
    answer = client.post(f"/g/{token}/moves", json={"kind": "resources", "player": 0, "silver": 4})
    assert answer.status_code == 422 and answer.get_json()["problems"][0]["field"] == "silver"
    assert "at most 9999" in answer.get_json()["problems"][0]["message"]
    assert revision(app, token) == 1
    exported = client.get(f"/g/{token}/export.json").get_json()
    import_document(client, exported)   # the game's own export still imports


@pytest.mark.parametrize("value", [CATEGORY_TOTAL.high + 1, HUGE])
def test_a_pad_row_past_the_schema_is_refused_and_stores_nothing(app, client, csrf_token, value):
    token = aotwk_game(client)
    answer = client.post(f"/g/{token}/pad", data={"csrf_token": csrf_token, "player": "0", "cell-buildings": str(value)},
                         headers=HTMX)
    assert 400 <= answer.status_code < 500 and revision(app, token) == 0


@pytest.mark.parametrize("field, value", [("player", "0"), ("delta", "1"), ("delta", True), ("player", 0.0)])
def test_a_json_move_stores_numbers_as_numbers(app, client, field, value):
    """Issue 36: "player": "0" was stored as text. The contract's move is the export's event."""
    token = aotwk_game(client)
    answer = client.post(f"/g/{token}/moves", json={"kind": "virtue", "player": 0, "delta": 1, field: value})
    assert answer.status_code == 422 and answer.get_json()["problems"][0]["field"] == field
    assert revision(app, token) == 0


@pytest.mark.parametrize("seen", [1, 10 ** 30])
def test_a_json_move_from_a_revision_the_game_never_reached_is_refused(app, client, seen):
    """Issue 36: "revision": 10^30 was accepted."""
    token = aotwk_game(client)
    answer = client.post(f"/g/{token}/moves", json={"kind": "virtue", "player": 0, "delta": 1, "revision": seen})
    assert answer.status_code == 400 and answer.get_json()["problems"][0]["field"] == "revision"
    assert revision(app, token) == 0
    assert client.post(f"/g/{token}/moves", json={"kind": "virtue", "player": 0, "delta": 1, "revision": 0}).status_code == 200


@pytest.mark.parametrize("answer", [11, HUGE])
def test_a_bot_answer_past_its_question_is_refused_and_stores_nothing(app, client, answer):
    """A bot turn's numbers are its questions' (the printed VP of the bot's Adornment: 0..10)."""
    from companion.aotwk.rules import bot, table

    state = table.new_game({"mode": "solo", "opponent": "helena", "players": [{"name": "Ann"}], "seed": 5,
                            "expansions": ["age_of_artisans"]})
    [question] = [q for q in bot.plan_turn(state)["questions"] if q["kind"] == "number"]
    assert answer > question["max"]
    token = app.extensions["store"].create(state).edit_token
    refused = client.post(f"/g/{token}/moves", json={"kind": "bot_turn", "answers": {question["id"]: answer}})
    assert refused.status_code == 422 and refused.get_json()["problems"][0]["field"] == f"answers.{question['id']}"
    assert revision(app, token) == 0
