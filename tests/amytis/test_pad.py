"""The Amytis pad's taps (companion/amytis/pad.py): the rules it refuses, citing the rulebook (seed 002)."""

import pytest

from companion.amytis.pad import Refused, apply, new_game


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
