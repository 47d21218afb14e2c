"""The paper pad's rows and the end-of-game count (companion/aotwk/rules/table/pad.py)."""

import pytest

from companion.aotwk.catalogue import load
from companion.aotwk.rules import table
from companion.aotwk.rules.document import InvalidInput
from companion.aotwk.rules.scoring import score_document
from companion.aotwk.rules.table import pad


def row(player, seen=None, **cells):
    return {"kind": "set_total", "player": player, "cells": cells, "seen": seen or {}}


def test_a_row_saves_several_cells_at_once(new, play):
    state, notes = play(new(mode="paper"), row(0, cathedral=7, buildings=14, final_virtue=11, final_silver=6))
    ann = state["players"][0]
    assert ann["overrides"] == {"cathedral": 7, "buildings": 14}
    assert (ann["virtue"], ann["silver"]) == (11, 6)
    assert "Red" in notes[0]


def test_one_cell_form_still_works(new, play):
    state, _ = play(new(mode="paper"), {"kind": "set_total", "player": 1, "category": "silver", "value": 2})
    assert state["players"][1]["overrides"] == {"silver": 2}
    state, _ = play(state, {"kind": "set_total", "player": 1, "category": "silver"})
    assert state["players"][1]["overrides"] == {}


def test_cathedral_vp_only_on_the_cathedrals_levels(new, play):
    """Cathedral VP comes from the catalogue's levels (0/2/4/7/12/20): 42 is refused, with the list."""
    levels = load().cathedral_vp_table
    state = new(mode="paper")
    for vp in levels:
        play(state, row(0, cathedral=vp))
    with pytest.raises(table.MoveError, match=r"42 is not possible: the Cathedral scores 0, 2, 4, 7, 12 or 20") as refused:
        play(state, row(0, cathedral=42))
    assert refused.value.field == "cathedral"


def test_virtue_vp_only_on_the_tracks_list(new, play):
    allowed = set(load().virtue_vp_table)
    state = new(mode="paper")
    for vp in range(-12, 10):
        if vp in allowed:
            play(state, row(0, virtue=vp))
        else:
            with pytest.raises(table.MoveError, match="Virtue Track scores"):
                play(state, row(0, virtue=vp))


@pytest.mark.parametrize("cell, value", [("gold_marble", -1), ("silver", -2), ("final_silver", -1), ("debts", 2),
                                         ("prison", 1), ("final_virtue", 15), ("final_virtue", -1), ("adornments", -3)])
def test_impossible_values_are_refused(new, play, cell, value):
    with pytest.raises(table.MoveError, match="is not possible") as refused:
        play(new(mode="paper", expansions=["age_of_artisans"]), row(0, **{cell: value}))
    assert refused.value.field == cell


@pytest.mark.parametrize("cell", ["adornments", "tools"])
def test_age_of_artisans_totals_only_on_its_pad(new, play, cell):
    """An import refuses Tools and Adornments without Age of Artisans: so does the pad, or the
    game's own export would no longer import."""
    with pytest.raises(table.MoveError, match="not a cell of this row") as refused:
        play(new(mode="paper"), row(0, **{cell: 3}))
    assert refused.value.field == cell
    state, _ = play(new(mode="paper", expansions=["age_of_artisans"]), row(0, **{cell: 3}))
    assert state["players"][0]["overrides"] == {cell: 3}


def test_final_virtue_and_silver_break_a_tie(new, play):
    """Rulebook: 'In the case of a tie, the player with the highest Virtue is the winner. If still
    tied, the tied player with the most remaining Silver is the winner.'"""
    state = new(mode="paper")
    same = dict(buildings=20, cathedral=7, virtue=0, debts=0, gold_marble=3, silver=0, prison=0)
    state, _ = play(state, row(0, **same, final_virtue=8, final_silver=4), row(1, **same, final_virtue=8, final_silver=9))
    result = score_document(state)
    assert result["winners"] == ["Blue"]
    assert "most silver (9)" in result["tie_break"]
    state, _ = play(state, row(0, final_virtue=9))
    assert score_document(state)["winners"] == ["Red"]


def test_a_cell_another_phone_changed_is_refused_with_its_new_value(new, play):
    state, _ = play(new(mode="paper"), row(0, cathedral=7))
    with pytest.raises(table.MoveError, match="another phone changed this to 7") as refused:
        play(state, row(0, seen={"cathedral": None}, cathedral=12))
    assert refused.value.field == "cathedral"


def test_cells_another_phone_did_not_touch_merge(new, play):
    state, _ = play(new(mode="paper"), row(0, seen={"cathedral": None}, cathedral=7))
    state, _ = play(state, row(0, seen={"buildings": None}, buildings=12))
    assert state["players"][0]["overrides"] == {"cathedral": 7, "buildings": 12}


def test_problems_name_each_cell(new, play):
    state, _ = play(new(mode="paper"), row(0, final_virtue=7))
    found = pad.problems(state, 0, {"cathedral": 3, "buildings": 5, "final_virtue": 7}, {"final_virtue": 4},
                         counting=False)
    assert set(found) == {"cathedral", "final_virtue"}
    assert "changed this to 7" in found["final_virtue"]


# -- the end-of-game count --------------------------------------------------------------

def count(player, done=False, seen=None, **cells):
    return {"kind": "count", "player": player, "cells": cells, "seen": seen or {}, "done": done}


def test_end_the_game_now_starts_the_count(new, play):
    """Rulebook, End-Game Scoring: 'Once the game has ended ... Each player should then add up their score'."""
    state, _ = play(new(), {"kind": "end_game"})
    assert state["phase"] == "counting"
    with pytest.raises(table.MoveError, match="game is over"):
        play(state, {"kind": "steal_tax", "player": 0})
    with pytest.raises(table.MoveError, match="already over"):
        play(state, {"kind": "end_game"})


def test_every_seat_counted_finishes_the_game(new, play):
    state, _ = play(new(), {"kind": "end_game"})
    state, _ = play(state, count(0, done=True, gold=2, marble=1, silver=7, seen={"silver": 3}))
    assert state["phase"] == "counting"
    assert (state["players"][0]["silver"], state["players"][0]["overrides"]) == (7, {}), "silver is coins here"
    assert state["table"]["counted"] == [0]
    state, notes = play(state, count(1, done=True))
    assert state["phase"] == "finished"
    assert "Everyone has counted" in notes[-1]
    red = score_document(state)["players"][0]
    assert red["categories"]["gold_marble"] == 3


def test_show_the_final_score_closes_the_count_early(new, play):
    state, _ = play(new(), {"kind": "end_game"}, count(0, gold=1))
    state, _ = play(state, {"kind": "finish_game"})
    assert state["phase"] == "finished"


def test_count_only_while_counting_and_never_negative(new, play):
    with pytest.raises(table.MoveError, match="count starts when the game ends"):
        play(new(), count(0, gold=1))
    state, _ = play(new(), {"kind": "end_game"})
    with pytest.raises(table.MoveError, match="never negative"):
        play(state, count(0, stone=-1))
    with pytest.raises(table.MoveError, match="a number is needed"):
        play(state, count(0, stone=None))


def test_a_paper_pad_game_ends_straight_on_the_pad(new, play):
    """Nothing was tracked in a paper-pad game: its count is the pad itself."""
    state, notes = play(new(mode="paper"), {"kind": "end_game"})
    assert state["phase"] == "finished"
    assert "score pad" in notes[0]


# -- values nobody entered ----------------------------------------------------------------

RESOURCES = {"gold": 0, "marble": 1, "silver": 7, "clay": 0, "wood": 2, "stone": 0}


def problem_paths(state) -> list[str]:
    with pytest.raises(InvalidInput) as refused:
        score_document(state)
    return [problem.path for problem in refused.value.problems]


def test_a_paper_games_final_virtue_and_silver_are_asked_for_never_preset(new, play):
    """End-Game Scoring (seed 000 line 509): virtue, then silver, break a tie: a paper game's setup
    values (virtue 7, the starting silver) only stand in, so the pad shows them blank and the score
    asks for them."""
    state = new(mode="paper")
    assert pad.current(state, 0, pad.FINAL_VIRTUE) is None and pad.current(state, 0, pad.FINAL_SILVER) is None
    assert problem_paths(state) == ["players[0].virtue", "players[0].silver", "players[1].virtue",
                                    "players[1].silver"]
    state, _ = play(state, row(0, final_virtue=7, final_silver=3), row(1, final_virtue=9, final_silver=0))
    assert pad.current(state, 0, pad.FINAL_VIRTUE) == 7 and "not_entered" not in state["players"][0]
    assert score_document(state)["players"][1]["final_virtue"] == 9


def test_what_an_untracked_game_left_is_counted_never_taken_from_the_setup(new, play):
    """Without resource tracking the setup's silver is not what is left: the count shows every
    resource blank; a player who confirms the row has none of what they left blank; a score shown
    before everyone counted asks for the rest."""
    state, _ = play(new(track_resources=False), {"kind": "end_game"})
    assert pad.current(state, 0, "silver", counting=True) is None
    state, _ = play(state, count(0, silver=7))
    assert state["players"][0]["not_entered"] == ["gold", "marble", "clay", "wood", "stone"]
    state, _ = play(state, count(0, done=True, marble=1), {"kind": "finish_game"})
    assert [state["players"][0][r] for r in RESOURCES] == [0, 1, 7, 0, 0, 0]
    assert "not_entered" not in state["players"][0]
    assert problem_paths(state) == [f"players[1].{r}" for r in RESOURCES]
    with pytest.raises(table.MoveError, match="the count is over"):
        play(state, count(0, silver=8))
    state, _ = play(state, count(1, silver=3))
    assert problem_paths(state) == [f"players[1].{r}" for r in RESOURCES if r != "silver"]
    state, _ = play(state, count(1, done=True, marble=1))   # confirmed: blank is none
    assert state["table"]["counted"] == [0]
    assert score_document(state)["players"][1]["categories"]["gold_marble"] == 1


def test_finishing_an_untracked_game_before_the_count_asks_for_everything(new, play):
    state, _ = play(new(track_resources=False), {"kind": "finish_game"})
    assert len(problem_paths(state)) == 2 * len(RESOURCES)
    tracked, _ = play(new(), {"kind": "finish_game"})
    assert score_document(tracked)["players"][0]["categories"]["silver"] == 0


# -- reopening a finished game ------------------------------------------------------------------

def test_reopening_opens_the_count_again_with_what_was_counted(new, play):
    """'Reopen the game' is finishing's counterpart: the count is open again, nobody's count
    confirmed, the values counted kept; showing the final score finishes it again."""
    state, _ = play(new(), {"kind": "end_game"}, count(0, done=True, gold=2), count(1, done=True))
    assert state["phase"] == "finished"
    state, notes = play(state, {"kind": "reopen_game"})
    assert (state["phase"], state["table"]["counted"], state["players"][0]["gold"]) == ("counting", [], 2)
    assert "reopened" in notes[0]
    state, _ = play(state, {"kind": "finish_game"})
    assert state["phase"] == "finished"


def test_a_paper_games_pad_opens_again_and_only_a_finished_game_reopens(new, play):
    state, _ = play(new(mode="paper"), {"kind": "end_game"}, {"kind": "reopen_game"})
    assert state["phase"] == "playing"
    with pytest.raises(table.MoveError, match="the game is not finished"):
        play(state, {"kind": "reopen_game"})


def test_what_a_finished_game_takes_without_reopening_is_only_what_nobody_entered(new, play):
    untracked, _ = play(new(track_resources=False), {"kind": "finish_game"})   # nobody counted: all asked for
    assert pad.fills_what_is_missing(untracked, count(1, silver=3))
    assert pad.fills_what_is_missing(untracked, count(1, done=True))
    counted, _ = play(untracked, count(1, silver=3))
    assert not pad.fills_what_is_missing(counted, count(1, silver=4)), "entered: it needs the game reopened"
    assert not pad.fills_what_is_missing(counted, row(1, buildings=9)), "a category total was never missing"
    assert not pad.fills_what_is_missing(counted, {"kind": "virtue", "player": 1, "delta": 1})
    # A paper game just ended: the table types the printed pad's totals now, so its whole pad is open
    # until every final value is in; after that a changed total needs the game reopened.
    paper, _ = play(new(mode="paper"), {"kind": "end_game"})
    assert pad.fills_what_is_missing(paper, row(0, final_virtue=9))
    assert pad.fills_what_is_missing(paper, row(0, final_virtue=9, cathedral=2))
    entered, _ = play(paper, row(0, final_virtue=9, final_silver=2), row(1, final_virtue=5, final_silver=1))
    assert not pad.fills_what_is_missing(entered, row(0, cathedral=2))
