"""The final round: a move that places the player's worker is their final turn (issue 34).

Seed 000 l.156, Playing the Game: 'On their turn, players must place 1 of their Workers from their
Player Board to a chosen location on the Main Board.' l.465, End of the Game: 'The current player
finishes their turn, then each player (including the current player) has 1 final turn before the
game ends (1 final round).' l.469: 'in the final round, players may still place Workers in the
Guildhall. These Workers should be placed to the side of the Guildhall.'
"""

import pytest

from companion.aotwk.rules import table
from companion.aotwk.rules.table.moves import MOVES


def final_round(new, **setup):
    """Red filled the 2-player Guildhall (12 spaces): Blue, then Red, have their final turn."""
    state = new(track_resources=False, **setup)
    for _ in range(12):
        table.place_in_guildhall(state, 0, "a building")
    assert state["table"]["final_round"]["still_to_play"] == [1, 0]
    return state


PLACEMENTS = {
    "a building": {"kind": "build", "player": 1, "building": "well"},
    "a Cathedral step": {"kind": "advance_cathedral", "player": 1, "reward": "virtue2"},
    "a hire at the Workshop": {"kind": "hire", "player": 1, "apprentice": "merchant_1"},
    "a hire at the Black Market": {"kind": "hire", "player": 1, "apprentice": "merchant_1", "source": "black_market"},
    "a Black Market space": {"kind": "black_market", "player": 1, "space": "small"},
    "a theft from the Tax Stand": {"kind": "steal_tax", "player": 1},
}


@pytest.mark.parametrize("placement", PLACEMENTS.values(), ids=list(PLACEMENTS))
def test_a_worker_placed_in_the_final_round_is_that_players_final_turn(new, given, play, placement):
    """l.156: placing the worker is the turn; l.465: 1 final turn each. The move ends it, as
    "Final turn done" did, and says so; another placement, or "Final turn done", is refused."""
    state = given(final_round(new), 1, virtue=5, silver=10)
    state, notes = play(state, placement)
    assert state["table"]["final_round"]["still_to_play"] == [0] and state["phase"] == "final_round"
    assert notes[-1] == "Blue has had their final turn"
    with pytest.raises(table.MoveError, match="Blue has already had their final turn"):
        play(state, {"kind": "final_turn_done", "player": 1})
    with pytest.raises(table.MoveError, match="Blue has already had their final turn"):
        play(state, {"kind": "steal_tax", "player": 1})


@pytest.mark.parametrize("craft", [{"kind": "craft_adornment", "player": 0, "building": "well", "vp": 3},
                                   {"kind": "craft_tool", "player": 0, "apprentice": "labourer_1"}],
                         ids=["an Adornment", "a Tool"])
def test_crafting_places_a_worker_so_it_is_the_final_turn(new, given, play, craft):
    """Age of Artisans (seed 003) l.99 and l.145: crafting starts with 'Place a Worker from their
    supply on top of 1 of their previously placed Workers in the Guildhall'."""
    state = given(new(("Red", "Blue"), expansions=["age_of_artisans"], track_resources=False),
                  0, silver=20, buildings=["well"], apprentices=["labourer_1"])
    for _ in range(state["table"]["guildhall_capacity"]):
        table.place_in_guildhall(state, 0, "a building")
    state, _ = play(state, {"kind": "final_turn_done", "player": 1})
    state, notes = play(state, craft)
    assert state["phase"] == "counting" and "Red has had their final turn" in notes


def test_the_last_final_turn_ended_by_its_move_starts_the_count(new, play):
    """What follows the last "Final turn done" follows the last final turn's move: End-Game Scoring
    ('Each player should then add up their score'), everyone counts what is left."""
    state = final_round(new)
    state, _ = play(state, {"kind": "final_turn_done", "player": 1})
    by_hand, _ = play(state, {"kind": "final_turn_done", "player": 0})
    state, notes = play(state, {"kind": "build", "player": 0, "building": "well"})
    assert state["phase"] == by_hand["phase"] == "counting"
    assert state["table"]["counted"] == by_hand["table"]["counted"] == []
    assert state["table"]["final_round"]["still_to_play"] == []
    assert notes[-2:] == ["Red has had their final turn",
                          "The game is over: each player counts what is left on their board, then the final score"]


def test_the_placement_that_fills_the_guildhall_leaves_its_players_final_turn_to_come(new, play):
    """l.465: 'The current player finishes their turn, then each player (including the current
    player) has 1 final turn': the 12th placement starts the final round and is not Red's final turn."""
    state = new(track_resources=False)
    for _ in range(11):
        table.place_in_guildhall(state, 0, "a building")
    state, _ = play(state, {"kind": "build", "player": 0, "building": "well"})
    assert state["phase"] == "final_round"
    assert state["table"]["final_round"]["still_to_play"] == [1, 0]


@pytest.mark.parametrize("move", [
    {"kind": "virtue", "player": 1, "delta": 1},
    {"kind": "resources", "player": 1, "wood": 2},
    {"kind": "take_debts", "player": 1, "count": 1},
    {"kind": "capture", "player": 1, "victim": 0, "count": 1},
    {"kind": "send_to_prison", "player": 1},
    {"kind": "hire", "player": 1, "apprentice": "merchant_1", "source": "free"},
], ids=["virtue", "resources", "a debt", "a capture", "the Guardhouse", "a free hire"])
def test_a_move_that_places_no_worker_leaves_the_final_turn_open(new, given, play, move):
    """Virtue, resources and debts follow from a placement; a capture or a Guardhouse action comes
    after a Town Centre or Guardhouse worker the app does not record, and one visit may record
    several (the Town Centre: 'up to 2 locations for 2-3 player'; the Guardhouse: '1 action for each
    Worker'); a free hire (the Tavern) places nothing. "Final turn done" ends such a turn."""
    state = given(final_round(new), 1, captured=1)
    state, _ = play(state, move)
    assert state["table"]["final_round"]["still_to_play"] == [1, 0]
    state, _ = play(state, {"kind": "final_turn_done", "player": 1})
    assert state["table"]["final_round"]["still_to_play"] == [0]


def test_a_cranes_extra_placement_belongs_to_the_same_final_turn(new, play):
    """The Crane (promo) lets its builder place one more worker in the Guildhall this turn: the
    final turn ends with that placement, not before it."""
    state, _ = play(final_round(new), {"kind": "build", "player": 1, "building": "crane"})
    assert state["table"]["final_round"]["still_to_play"] == [1, 0]
    state, notes = play(state, {"kind": "build", "player": 1, "building": "well", "extra": True})
    assert state["table"]["final_round"]["still_to_play"] == [0]
    assert state["table"]["beside_guildhall"] == [1, 1]


def test_a_table_move_for_the_bot_leaves_its_final_turn_to_its_own_turn(new, play):
    """Solo Play l.883: the bot has '1 last turn before scoring', played as its turn (rules/bot),
    which ends it; a move the table records for it (its Tax Stand theft) does not."""
    state = new(("Red",), mode="solo", opponent="helena", track_resources=False)
    for _ in range(12):
        table.place_in_guildhall(state, 0, "a building")
    assert state["table"]["final_round"]["still_to_play"] == ["bot", 0]
    state, _ = play(state, {"kind": "steal_tax", "player": "bot"})
    assert state["table"]["final_round"]["still_to_play"] == ["bot", 0]


def test_every_move_said_to_place_a_worker_is_a_move_of_a_player():
    placing = [spec for spec in MOVES.values() if spec.places_a_worker]
    assert {spec.kind for spec in placing} == {"build", "advance_cathedral", "black_market", "steal_tax", "hire",
                                                "craft_adornment", "craft_tool"}
    assert all(any(p.name == "player" for p in spec.params) for spec in placing)
    assert not MOVES["hire"].places_worker({"source": "free"}) and MOVES["hire"].places_worker({"source": "workshop"})
