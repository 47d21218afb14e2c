"""The score pad's state and taps (companion.score_pad.pad): pure, no Flask."""

from __future__ import annotations

import pytest

from companion.problems import InvalidInput, Refused
from companion.score_pad import pad
from companion.score_pad.scoring import score_document
from tests.score_pad.helpers import contract_example


def new(rows=("Round 1",), names=("Ann", "Bob", "Cy"), **options) -> dict:
    return pad.new_game(list(names), "Carcassonne", list(rows) if rows is not None else None, **options)


def scores(state, row, *cells) -> dict:
    """The state after a row's save of (seat, points) cells, sent without what the screen showed."""
    move = {"kind": pad.SCORES, "row": row, "cells": [{"player": seat, "points": points} for seat, points in cells]}
    return pad.apply(state, move)[0]


def test_a_new_pad_is_the_contracts_document_with_every_box_empty():
    state = new(rows=("Roads", "Cities"), bgg_id=822)
    assert state == {"game": "score_pad", "format": pad.FORMAT, "title": "Carcassonne", "phase": "playing",
                     "lowest_wins": False, "bgg_id": 822, "rows": ["Roads", "Cities"],
                     "players": [{"name": n, "scores": [None, None]} for n in ("Ann", "Bob", "Cy")]}


def test_a_pad_without_rows_holds_one_total_per_player():
    state = new(rows=None)
    assert "rows" not in state and state["players"][0]["scores"] == [None]


def test_a_new_pad_refuses_names_twice_ignoring_case():
    with pytest.raises(InvalidInput):
        new(names=("Ann", "ANN "))


def test_a_rows_save_sets_each_players_box_and_says_so():
    state, notes = pad.apply(new(), {"kind": pad.SCORES, "row": 0,
                                     "cells": [{"player": 0, "points": 12}, {"player": 2, "points": -3}]})
    assert [p["scores"] for p in state["players"]] == [[12], [None], [-3]]
    assert [str(note) for note in notes] == ["Round 1: Ann 12, Cy -3"]


def test_a_box_another_phone_changed_is_not_overwritten_but_told():
    state = scores(new(), 0, (0, 10))                         # phone A: Ann 10
    state, notes = pad.apply(state, {"kind": pad.SCORES, "row": 0, "cells": [
        {"player": 0, "points": 7, "seen": None},             # phone B saw Ann's box empty
        {"player": 1, "points": 5, "seen": None}]})
    assert [p["scores"][0] for p in state["players"]] == [10, 5, None]
    assert [str(note) for note in notes] == ["Round 1: Bob 5", "Ann in Round 1: another phone entered 10"]
    assert pad.unsaved(state, {"row": 0, "cells": [{"player": 0, "points": 7}, {"player": 1, "points": 5}]}) == {0: 10}


def test_a_save_whose_every_box_was_changed_elsewhere_is_refused():
    state = scores(new(), 0, (0, 10))
    with pytest.raises(Refused) as refused:
        pad.apply(state, {"kind": pad.SCORES, "row": 0, "cells": [{"player": 0, "points": 7, "seen": 3}]})
    assert str(refused.value) == "Nothing was saved: another phone had changed these numbers."


def test_a_box_can_be_emptied_again():
    state = scores(new(), 0, (0, 10))
    assert scores(state, 0, (0, None))["players"][0]["scores"] == [None]


@pytest.mark.parametrize("move, field", [
    ({"kind": pad.SCORES, "row": 1, "cells": []}, "row"),
    ({"kind": pad.SCORES, "row": True, "cells": []}, "row"),
    ({"kind": pad.SCORES, "row": 0, "cells": {"0": 3}}, "cells"),
    ({"kind": pad.SCORES, "row": 0, "cells": [{"player": 3, "points": 1}]}, "cells"),
    ({"kind": pad.SCORES, "row": 0, "cells": [{"player": 0, "points": 100_000}]}, "cells"),
    ({"kind": pad.SCORES, "row": 0, "cells": [{"player": 0, "points": "5"}]}, "cells"),
    ({"kind": pad.ADD_ROW, "name": "round 1"}, "name"),
    ({"kind": pad.ADD_ROW, "name": "  "}, "name"),
    ({"kind": pad.PHASE, "phase": "over"}, "phase"),
    ({"kind": "amytis_stack"}, "kind"),
])
def test_a_bad_tap_is_refused_naming_its_field(move, field):
    with pytest.raises(Refused) as refused:
        pad.apply(new(), move)
    assert [problem.path for problem in refused.value.problems] == [field]


def test_rows_are_added_with_an_empty_box_for_everyone():
    state, notes = pad.apply(new(), {"kind": pad.ADD_ROW, "name": " Round 2 "})
    assert state["rows"] == ["Round 1", "Round 2"]
    assert [p["scores"] for p in state["players"]] == [[None, None]] * 3
    assert [str(n) for n in notes] == ["Row added: Round 2"]


def test_a_pad_of_totals_has_no_rows_to_add_to_and_thirty_rows_at_most():
    with pytest.raises(Refused):
        pad.apply(new(rows=None), {"kind": pad.ADD_ROW, "name": "Round 2"})
    with pytest.raises(Refused):
        pad.apply(new(rows=[f"R{i}" for i in range(30)]), {"kind": pad.ADD_ROW, "name": "R30"})


def test_game_over_counts_an_empty_box_as_0_and_the_document_then_scores():
    state = scores(new(), 0, (0, 10), (1, 4))
    state, _ = pad.apply(state, {"kind": pad.PHASE, "phase": "finished"})
    assert state["phase"] == "finished" and state["players"][2]["scores"] == [0]
    assert score_document(state)["winners"] == ["Ann"]
    assert pad.apply(state, pad.REOPEN)[0]["phase"] == "playing"


def test_a_rematch_keeps_players_rotated_and_options_and_starts_from_the_first_row():
    state, _ = pad.apply(new(lowest_wins=True, bgg_id=5), {"kind": pad.ADD_ROW, "name": "Round 2"})
    again = pad.rematch(state)
    assert [p["name"] for p in again["players"]] == ["Bob", "Cy", "Ann"]
    assert (again["rows"], again["lowest_wins"], again["bgg_id"], again["title"]) == (["Round 1"], True, 5, "Carcassonne")


def test_a_score_document_becomes_a_finished_pad_and_an_export_a_pad_in_play():
    state, events = pad.read_document(contract_example())
    assert (state["phase"], state["format"], events) == ("finished", pad.FORMAT, [])
    state, _ = pad.read_document({**contract_example(), "phase": "playing", "events": [{"kind": pad.ADD_ROW}]})
    assert state["phase"] == "playing"


def test_an_unknown_phase_or_format_in_a_document_is_refused():
    with pytest.raises(InvalidInput) as caught:
        pad.read_document({**contract_example(), "phase": "over", "format": "x"})
    assert [p.path for p in caught.value.problems] == ["phase", "format"]


def test_the_json_move_kinds_name_their_fields():
    kinds = pad.move_kinds(new(rows=("A", "B")))
    assert set(kinds) == {pad.SCORES, pad.ADD_ROW, pad.PHASE}
    assert kinds[pad.SCORES]["params"]["row"]["max"] == 1
