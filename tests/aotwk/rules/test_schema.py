"""The game document's schema: every way in refuses the same things, with field paths, quickly."""

from __future__ import annotations

import json

import pytest

from companion.aotwk.rules import table
from companion.aotwk.rules.document import InvalidInput, parse_score_input
from companion.aotwk.rules.schema import MAX_PROBLEMS, VP, shape_problems
from companion.problems import load_json


def problems(doc, record=False):
    with pytest.raises(InvalidInput) as err:
        parse_score_input(doc, record=record)
    return [str(p) for p in err.value.problems]


def test_an_unknown_field_is_refused_with_the_closest_known_name():
    assert problems({"players": [{"name": "Red", "virtu": 12}]}) == [
        "players[0].virtu: unknown field; did you mean 'virtue'?"]
    assert problems({"players": [{"name": "Red"}], "tabel": {}}) == ["tabel: unknown field; did you mean 'table'?"]
    assert problems({"players": [{"name": "Red"}], "table": {"guildhal": []}}) == [
        "table.guildhal: unknown field; did you mean 'guildhall'?"]
    assert problems({"players": [{"name": "Red", "buildings": [{"id": "keep", "vpp": 3}]}]}) == [
        "players[0].buildings[0].vpp: unknown field; did you mean 'vp'?"]
    assert problems({"players": [{"name": "Red", "overrides": {"building": 3}}]}) == [
        "players[0].overrides.building: unknown category; did you mean 'buildings'? categories are buildings, "
        "cathedral, virtue, debts, gold_marble, silver, prison, adornments, tools"]


@pytest.mark.parametrize("doc, message", [
    ({"players": [{"name": "Red"}], "table": {"guildhall": 5}}, "table.guildhall: must be a list (got a number)"),
    ({"players": [{"name": "Red"}], "table": {"guildhall": [7]}}, "table.guildhall[0]: no player in seat 7"),
    ({"players": [{"name": "Red"}], "table": {"black_market": {"huge": None}}},
     "table.black_market.huge: unknown Black Market space 'huge'"),
    ({"players": [{"name": "Red", "colour": ["red"]}]},
     "players[0].colour: must be one of red, blue, green, yellow, purple, black, orange, white (got a list)"),
    ({"players": [{"name": "Red", "colour": "red;position:fixed"}]},
     "players[0].colour: must be one of red, blue, green, yellow, purple, black, orange, white (got 'red;position:fixed')"),
    ({"players": [{"name": "Red", "captured_from": {"3": 1}}]}, "players[0].captured_from.3: no player in seat '3'"),
    ({"players": [{"name": "Red", "silver": 10**6}]}, "players[0].silver: must be at most 9999 (got 1000000)"),
    ({"players": [{"name": "Red"}], "title": "t" * 201}, "title: at most 200 characters (got 201)"),
    ({"players": [{"name": "Red"}], "phase": "halftime"},
     "phase: must be one of playing, final_round, counting, finished (got 'halftime')"),
    ({"players": [{"name": "A\ud800"}]}, "players[0].name: must not contain a lone surrogate (not a character)"),
    ({"players": [{"name": "Red"}], "title": "a\x00b"}, "title: must not contain the NUL character"),
    ({"players": [{"name": "Red"}], "bot": {"opponent": "helena", "workers": {"board": "many"}}},
     "bot.workers.board: must be a whole number (got text)"),
    ({"players": [{"name": "Red"}], "bot": {"opponent": "helena", "deck": {"mode": "deck"}}},
     "bot.deck.name: is required"),
    ({"players": [{"name": "Red"}], "bot": {"opponent": "helena", "deck": {"mode": "physical", "played": 0,
                                                                          "last": None, "extra": 1}}},
     "bot.deck.extra: unknown field"),
])
def test_wrong_shapes_are_named_by_path(doc, message):
    assert message in problems(doc)


@pytest.mark.parametrize("player, message", [
    ({"buildings": [{"id": "keep", "vp": 10 ** 400}]}, f"players[0].buildings[0].vp: must be at most 9999 (got {10 ** 400})"),
    ({"buildings": [{"id": "keep", "vp": VP.high + 1}]}, "players[0].buildings[0].vp: must be at most 9999 (got 10000)"),
    ({"adornments": [3, 10 ** 400]}, f"players[0].adornments[1]: must be at most 9999 (got {10 ** 400})"),
    ({"overrides": {"buildings": 1001}}, "players[0].overrides.buildings: must be between -1000 and 1000 (got 1001)"),
])
def test_a_vp_past_the_schemas_bound_is_refused(player, message):
    """Issue 30: a building's VP of 400 digits was imported; every page of the game then answered 500."""
    assert problems({"expansions": ["age_of_artisans"], "players": [{"name": "Red", **player}]}) == [message]


def test_text_no_form_can_send_is_refused_in_both_languages():
    """What no form lets a player type (a NUL, a field name that is not plain text) leaves the reader
    as a code: the import and damaged-record pages say it in Korean too."""
    with pytest.raises(InvalidInput) as err:
        parse_score_input({"players": [{"name": "Red", "captured_from": {"a\x00": 1}}], "title": "a\x00b"})
    said = {p.path: (str(p.message), p.message.render("ko")) for p in err.value.problems}
    assert said["players[0].captured_from"] == (
        "has a field name that is not plain text (must not contain the NUL character)",
        "평범한 글자가 아닌 항목 이름이 있습니다 (NUL 문자가 들어 있으면 안 됩니다)")
    assert said["title"] == ("must not contain the NUL character", "NUL 문자가 들어 있으면 안 됩니다")


def test_a_scheme_deck_naming_a_card_it_does_not_hold_is_refused_in_both_languages():
    state = table.new_game({"mode": "solo", "opponent": "helena", "players": [{"name": "Ann"}], "seed": 3})
    deck = state["bot"]["deck"]
    deck["draw"][0], deck["last"] = "s99", "s98"
    with pytest.raises(InvalidInput) as err:
        parse_score_input(state, record=True)
    said = {p.path: (str(p.message), p.message.render("ko")) for p in err.value.problems}
    assert said["bot.deck.draw[0]"] == ("no card 's99' in this deck", "이 책략 카드 덱에 's99' 카드가 없습니다")
    assert said["bot.deck.last"][0] == "no card 's98' in this deck"


def test_a_stored_record_must_carry_every_tracker_field():
    state = table.new_game({"players": [{"name": "Ann"}, {"name": "Bob"}], "seed": 3})
    parse_score_input(state, record=True)
    state["players"][1]["overrides"] = None
    del state["table"]["black_market"]
    assert problems(state, record=True) == ["players[1].overrides: is required on a stored game",
                                            "table.black_market: is required on a stored game"]


@pytest.mark.parametrize("setup", [
    {"mode": "multiplayer", "players": [{"name": "A", "colour": "white"}, {"name": "B"}], "variable_boards": True},
    {"mode": "solo", "opponent": "helena", "players": [{"name": "A"}], "expansions": ["age_of_artisans"]},
    {"mode": "two_vs_bot", "opponent": "constantine", "players": [{"name": "A"}, {"name": "B"}],
     "physical_deck": True},
    {"mode": "paper", "players": [{"name": "A"}]},
])
def test_every_setup_makes_a_record_the_schema_accepts(setup):
    state = table.new_game({**setup, "seed": 11, "title": "Night"})
    assert shape_problems(state, record=True) == []
    parse_score_input(json.loads(json.dumps(state)), record=True)


def test_text_limits_depth_and_numbers_are_refused_before_parsing():
    with pytest.raises(InvalidInput, match=r"nested more than 24 levels deep"):
        load_json("[" * 100_000 + "]" * 100_000)
    with pytest.raises(InvalidInput, match="NaN is not a number JSON allows"):
        load_json('{"players": [{"name": "A", "silver": NaN}]}')
    with pytest.raises(InvalidInput, match="Infinity is not a number JSON allows"):
        load_json('{"players": [{"name": "A", "silver": -Infinity}]}')
    with pytest.raises(InvalidInput, match="not valid JSON"):
        load_json('{"silver": 1' + "0" * 5000 + "}")
    # brackets inside strings are text, not nesting
    assert load_json(json.dumps({"title": "[" * 100})) == {"title": "[" * 100}


def megabyte_documents() -> list[dict]:
    """issue 9's documents: 1 MB of unknown building ids (it cost 14 s and a 5.5 MB answer)."""
    return [{"players": [{"name": "A", "buildings": [f"nowhere{i}" for i in range(100_000)]}]},
            {"players": [{"name": f"P{p}", "buildings": [f"nowhere{p}x{i}" for i in range(100)]} for p in range(5)],
             "events": [{"kind": "x", "note": "y" * 40}] * 15_000}]


def test_a_megabyte_of_unknown_ids_is_answered_briefly_after_a_bounded_search(monkeypatch):
    """issue 9: the reader stops at MAX_PROBLEMS, so it looks for a close name at most that
    often however many ids are wrong (the time it takes is bench/score.py's)."""
    import difflib

    searches = []
    real = difflib.get_close_matches
    monkeypatch.setattr(difflib, "get_close_matches", lambda *a, **k: searches.append(a[0]) or real(*a, **k))
    for doc in megabyte_documents():
        text = json.dumps(doc)
        assert len(text) > 1_000_000
        searches.clear()
        with pytest.raises(InvalidInput) as err:
            parse_score_input(load_json(text))
        assert len(searches) <= MAX_PROBLEMS
        assert 1 <= len(err.value.problems) <= MAX_PROBLEMS
        assert len(str(err.value)) < 5_000


def test_the_fields_other_branches_keep_are_known():
    """Fields the Age of Artisans tracker and the end count keep (declared ahead of their merge)."""
    doc = {"game": "architects_of_the_west_kingdom", "expansions": ["age_of_artisans"],
           "players": [{"name": "Red", "adornments_on": {"keep": 3},
                        "apprentices": [{"id": "merchant_1", "tool": {"skills": ["tiling"]}}]}],
           "table": {"guildhall_stacked": [2], "starting_hires": [0], "counted": [0], "artisan": 0,
                     "artisan_shield": True}}
    assert shape_problems(doc) == []
    doc["players"][0]["apprentices"][0]["tool"] = 3
    assert problems(doc) == ["players[0].apprentices[0].tool: must be an object (got a number)"]
