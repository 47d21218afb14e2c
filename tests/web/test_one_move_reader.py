"""A move comes to an AotWK game as a tap (a form) or as JSON, and both are read by one function
(``move_reading.read_move``, the game's ``GamePages.read_move``): for every move kind, a field of
the wrong type is refused both ways, naming that field, and nothing changes."""

from __future__ import annotations

import pytest
from werkzeug.datastructures import MultiDict

from companion.aotwk.rules import table
from companion.aotwk.web import move_reading

from .test_table import HTMX, post_move, start, state


def _typed_field(kind: str):
    """A field of this kind that must be a number (a whole number or a seat), or None."""
    return next((param for param in table.MOVES[kind].params if param.type in ("int", "player")), None)


TYPED_KINDS = [kind for kind in table.MOVES if _typed_field(kind) is not None]


@pytest.fixture
def artisans_game(client, csrf_token) -> str:
    return start(client, csrf_token, age_of_artisans="y", check_payments="y")


def test_every_move_kind_with_a_number_is_checked_both_ways():
    assert len(TYPED_KINDS) > 20   # (all but a handful of kinds take a seat or a count)


@pytest.mark.parametrize("kind", TYPED_KINDS)
def test_a_wrong_type_is_refused_as_a_form_and_as_json_naming_the_field(client, csrf_token, artisans_game, kind):
    field = _typed_field(kind).name
    kinds = client.get(f"/g/{artisans_game}/moves").get_json()["kinds"]
    before = state(client, artisans_game)
    with client.application.test_request_context():
        as_form = move_reading.read_move(MultiDict({"kind": kind, "rev": "0", field: "many"}))
        assert as_form.refusal is not None and field in as_form.refusal.errors, as_form.refusal
        as_json = move_reading.read_move({"kind": kind, field: "many"}, kinds if kind in kinds else {kind: {
            "params": {param.name: {"type": param.type} for param in table.MOVES[kind].params}}})
        assert as_json.refusal is not None and field in as_json.refusal.errors, as_json.refusal
    tapped = post_move(client, artisans_game, csrf_token, kind=kind, **{field: "many"})
    assert tapped.status_code == 400
    if kind in kinds:   # (a kind this game does not take is refused by its name first)
        sent = client.post(f"/g/{artisans_game}/moves", json={"kind": kind, field: "many"})
        assert sent.status_code == 422 and sent.get_json()["problems"][0]["field"] == field
    assert state(client, artisans_game) == before


def test_a_json_move_is_read_as_the_table_reads_a_tap(client, csrf_token, monkeypatch):
    token = start(client, csrf_token)
    virtue = state(client, token)["players"][1]["virtue"]
    read = []
    real = move_reading.read_move
    monkeypatch.setattr(move_reading, "read_move", lambda *args: read.append(args) or real(*args))
    assert client.post(f"/g/{token}/moves", json={"kind": "virtue", "player": 1, "delta": 2}).status_code == 200
    assert post_move(client, token, csrf_token, kind="virtue", player=1, delta=-1).status_code == 200
    assert len(read) == 2
    assert state(client, token)["players"][1]["virtue"] == virtue + 1


@pytest.mark.parametrize("move", [{"kind": "virtue", "player": 1, "delta": 2}, {"kind": "black_market_reset"},
                                  {"kind": "take_debts", "player": 0, "count": 1}])
def test_the_same_move_as_a_form_and_as_json_makes_the_same_game(client, csrf_token, move):
    tapped, sent = start(client, csrf_token), start(client, csrf_token)
    assert post_move(client, tapped, csrf_token, **move).status_code == 200
    assert client.post(f"/g/{sent}/moves", json=move).status_code == 200
    by_tap, by_json = state(client, tapped), state(client, sent)
    assert by_tap["players"] == by_json["players"] and by_tap["table"] == by_json["table"]
    untimed = lambda events: [{key: value for key, value in event.items() if key != "at"} for event in events]
    assert untimed(by_tap["events"]) == untimed(by_json["events"]), by_tap["events"]


_SAMPLES = {"int": lambda param: param.min if param.min is not None and param.min > 0 else 1,
            "player": lambda param: 0, "bool": lambda param: True, "choice": lambda param: param.choices[0]}
_AS_FORM = {"int": str, "player": str, "bool": lambda value: "y", "choice": str}
SAMPLED_KINDS = [kind for kind, spec in table.MOVES.items() if all(param.type in _SAMPLES for param in spec.params)]


def test_most_move_kinds_have_a_cheap_sample():
    assert len(SAMPLED_KINDS) > len(table.MOVES) // 2


@pytest.mark.parametrize("kind", SAMPLED_KINDS)
def test_a_well_typed_move_reads_the_same_as_a_form_and_as_json(app, kind):
    """Every field filled with a value of its type (a count within its bounds, seat 0, yes, the
    first choice): the tap and the JSON body are read as one and the same move."""
    params = table.MOVES[kind].params
    values = {param.name: _SAMPLES[param.type](param) for param in params}
    kinds = {kind: {"params": {param.name: {"type": param.type} for param in params}}}
    app.config["WTF_CSRF_ENABLED"] = False   # (the route's CSRF check comes before the reader)
    with app.test_request_context():
        as_form = move_reading.read_move(MultiDict(
            {"kind": kind, "rev": "0", **{param.name: _AS_FORM[param.type](values[param.name]) for param in params}}))
        as_json = move_reading.read_move({"kind": kind, **values}, kinds)
    assert as_form.refusal is None and as_json.refusal is None, (as_form.refusal, as_json.refusal)
    assert as_form.move == as_json.move
