"""The Amytis pad's taps (companion/amytis/pad.py): the rules it refuses, citing the rulebook (seed 002), and its rematch (issue 19)."""

import pytest

from companion.amytis import pad
from companion.amytis.pad import Refused, apply, new_game
from companion.problems import InvalidInput


def test_a_favor_another_player_holds_is_refused():
    """Rulebook (seed 002, line 142): 'Place one of your pawns on an unoccupied space of the Favor board'."""
    state, _notes = apply(new_game(["Ann", "Bob"]), {"kind": "amytis_favor", "player": 0, "favor": "corners",
                                                     "claimed": True})
    with pytest.raises(Refused) as refused:
        apply(state, {"kind": "amytis_favor", "player": 1, "favor": "corners", "claimed": True})
    assert str(refused.value.why) == "Ann already has a pawn on this favor: a favor space holds one pawn."
    assert refused.value.why.render("ko").startswith("Ann이(가) 이미 이 호의에")
    state, _notes = apply(state, {"kind": "amytis_favor", "player": 1, "favor": "stacks_of_1", "claimed": True})
    assert state["players"][1]["favors"] == ["stacks_of_1"]


def test_rematch_swaps_the_players_on_a_fresh_pad_under_the_same_title():
    finished = pad.new_game(["Martine", "Paul"], "Saturday in Babylon")
    finished["players"][0]["track"], finished["phase"] = 57, "finished"
    again = pad.rematch(finished)
    assert [p["name"] for p in again["players"]] == ["Paul", "Martine"]
    assert again["title"] == "Saturday in Babylon" and again["phase"] == "playing"
    assert {p["track"] for p in again["players"]} == {0}


@pytest.mark.parametrize("title, said", [("Night\x00", "must not contain the NUL character"),
                                         ("Night\ud800", "must not contain a lone surrogate (not a character)")])
def test_a_title_no_text_can_hold_is_refused_on_import(title, said):
    """Issue 36: an Amytis title with a NUL or a lone surrogate was stored (or answered 500)."""
    with pytest.raises(InvalidInput) as refused:
        pad.read_document({**new_game(["Ann", "Bob"]), "title": title})
    assert [str(problem) for problem in refused.value.problems] == [f"title: {said}"]


def test_every_numeric_field_of_a_tap_is_bounded_as_the_document_is():
    """Issue 30: a tap's numbers have the bounds an import has (the project points, the track)."""
    for kind, spec in pad.move_kinds(new_game(["Ann", "Bob"])).items():
        for name, param in spec["params"].items():
            if param["type"] == "int":
                assert "choices" in param or ("min" in param and "max" in param), (kind, name)
