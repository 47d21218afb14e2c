"""The Guildhall, the resets it triggers, the final round and the end."""

import pytest

from companion.aotwk.rules import table


def fill(state, who_order, count):
    """Place ``count`` workers in the Guildhall through the helper, cycling through ``who_order``."""
    notes = []
    for i in range(count):
        notes += table.place_in_guildhall(state, who_order[i % len(who_order)], "a building")
    return notes


def test_placements_fill_spaces_in_order_and_record_who(new):
    """Rulebook, Placing Workers: 'When placing Workers here, always fill from left to right, top to bottom.'"""
    state = new()
    fill(state, [0, 1, 1], 3)
    assert state["table"]["guildhall_workers"] == 3
    assert state["table"]["guildhall"] == [0, 1, 1]


def test_reset_spaces_trigger_a_black_market_reset(new, given):
    """Rulebook, Black Market Reset: 'A Worker is placed in the Guildhall on 1 of the
    left-most spaces on the bottom 2 rows' (2 players: spaces 7 and 10)."""
    state = given(new(), 1, prisoners=1)
    fill(state, [0], 6)
    assert state["table"]["black_market_resets"] == 0
    notes = fill(state, [0], 1)
    assert state["table"]["black_market_resets"] == 1
    assert state["players"][1]["debts_unpaid"] == 1
    assert any("Guildhall space 7" in n for n in notes)
    fill(state, [0], 3)
    assert state["table"]["black_market_resets"] == 2


def test_last_space_starts_the_final_round_for_everyone(new):
    """Rulebook, End of the Game: 'The current player finishes their turn, then each
    player (including the current player) has 1 final turn before the game ends.'"""
    state = new(("Red", "Blue", "Yellow"))
    fill(state, [0], 15)
    assert state["phase"] == "playing"
    fill(state, [1], 1)
    assert state["phase"] == "final_round"
    assert state["table"]["final_round"] == {"triggered_by": 1, "still_to_play": [2, 0, 1]}


def test_the_bot_plays_last_in_the_final_round(solo):
    """Rulebook, Solo Play: 'You will always take your turn first, followed by your
    opponent'; 'each player, including the player who placed the last Worker in the
    Guildhall will have 1 last turn'."""
    fill(solo, [0, "bot"], 12)
    assert solo["table"]["final_round"] == {"triggered_by": "bot", "still_to_play": [0, "bot"]}
    assert solo["bot"]["guildhall_workers"] == 6


def test_final_round_placements_go_beside_and_trigger_nothing(new, play):
    """Rulebook, End of the Game: 'in the final round, players may still place Workers in
    the Guildhall. These Workers should be placed to the side of the Guildhall.'"""
    state = new()
    fill(state, [0], 12)
    resets = state["table"]["black_market_resets"]
    notes = fill(state, [1], 1)
    assert state["table"]["guildhall_workers"] == 12
    assert state["table"]["beside_guildhall"] == [1]
    assert state["table"]["black_market_resets"] == resets
    assert "beside the Guildhall" in notes[0]


def test_final_turns_then_the_count(new, play):
    """Rulebook, End of the Game: each player 'has 1 final turn before the game ends';
    then everyone counts (End-Game Scoring) before the final score."""
    state = new()
    fill(state, [0], 12)
    state, _ = play(state, {"kind": "final_turn_done", "player": 1})
    assert state["phase"] == "final_round"
    with pytest.raises(table.MoveError, match="already had their final turn"):
        play(state, {"kind": "final_turn_done", "player": 1})
    state, notes = play(state, {"kind": "final_turn_done", "player": 0})
    assert state["phase"] == "counting"


def test_no_placement_after_ones_final_turn_or_the_end(new, given, play):
    """Rulebook, End of the Game: 1 final turn each - no worker after it, none after the end."""
    state = new()
    fill(state, [0], 12)
    state, _ = play(state, {"kind": "final_turn_done", "player": 1})
    with pytest.raises(table.MoveError, match="Blue has already had their final turn"):
        play(given(state, 1, virtue=5), {"kind": "black_market", "player": 1, "space": "small"})
    state, _ = play(state, {"kind": "finish_game"})
    assert state["phase"] == "finished"
    with pytest.raises(table.MoveError, match="game is over"):
        play(state, {"kind": "steal_tax", "player": 0})
    with pytest.raises(table.MoveError, match="already over"):
        play(state, {"kind": "finish_game"})


def test_finish_now_mid_game(new, play):
    """A table may stop early; 'finish game now' ends it for scoring."""
    state, _ = play(new(), {"kind": "finish_game"})
    assert state["phase"] == "finished"


def test_age_of_artisans_apprentice_reset_is_noted(new):
    """Age of Artisans, Guildhall Board: '3 spaces that now trigger an Apprentice reset'
    (positions: row 1-3, column 3)."""
    state = new(expansions=["age_of_artisans"])
    notes = fill(state, [0], 3)
    assert any("Apprentice reset" in n for n in notes)
    assert not any("Apprentice reset" in n for n in fill(new(), [0], 3))
