"""Captured workers and the Prison."""

import copy

import pytest

from companion.aotwk.rules import bot, table
from companion.aotwk.rules.scoring import score_document


def test_capture_puts_workers_on_the_captors_board(new, play):
    """Rulebook, Town Centre: 'After capturing opposing Workers, players should place
    them on the top left section of their Player Board.'"""
    state, notes = play(new(), {"kind": "capture", "player": 0, "victim": 1, "count": 3})
    assert state["players"][0]["captured"] == 3 and state["players"][0]["captured_from"] == {"1": 3}
    assert state["players"][1]["captured"] == 0
    assert "Red captures 3 of Blue's workers" in notes[0]


def test_the_bot_captures_and_is_captured(solo, given, play):
    """Rulebook, Solo Play: the opponent 'Can capture and sell Workers ... but does not capture its own'."""
    state = given(solo, "bot", workers=dict(solo["bot"]["workers"], board=19, locations={"forest": 1}))
    state, _ = play(state, {"kind": "capture", "player": "bot", "victim": 0, "count": 2},
                    {"kind": "capture", "player": 0, "victim": "bot", "count": 1, "location": "forest"})
    assert (state["bot"]["captured"], state["players"][0]["captured"]) == (2, 1)
    with pytest.raises(table.MoveError) as refused:
        play(solo, {"kind": "capture", "player": "bot", "victim": "bot", "count": 1})
    assert refused.value.field == "victim"


def test_send_to_prison_gains_1_silver_each(new, given, play):
    """Rulebook, Guardhouse action 1: 'Send all captured Workers from their Player Board
    to the Prison, gaining 1 Silver for each.'"""
    state = given(new(), 0, captured=5, silver=0)
    state, _ = play(state, {"kind": "send_to_prison", "player": 0})
    assert (state["players"][0]["captured"], state["players"][0]["silver"]) == (0, 5)


def test_bertha_gets_2_extra_silver_and_enforcer_a_gold(new, given, play):
    """Promo board Bertha: 'Gets 2 extra silver whenever she sends her captured workers
    to the Prison'; promo Enforcer: gold when sending workers to Prison."""
    state = new(("Bertha",), variable_boards=True, board_0="bertha")
    state = given(state, 0, captured=2, silver=0, apprentices=["enforcer_1"])
    state, _ = play(state, {"kind": "send_to_prison", "player": 0})
    assert (state["players"][0]["silver"], state["players"][0]["gold"]) == (4, 1)


def test_the_bot_sells_all_captured_for_1_marble(solo, given, play):
    """Rulebook, Solo Play: 'Can capture and sell Workers (1 Marble for all Workers)'."""
    state = given(solo, "bot", captured=4)
    state, _ = play(state, {"kind": "send_to_prison", "player": "bot"})
    assert (state["bot"]["captured"], state["bot"]["marble"]) == (0, 1)


def test_nothing_to_send_or_release_is_refused(new, play):
    """Rulebook, Guardhouse: actions 1 and 2 move 'all captured Workers' / 'all their own Workers' -
    none, no action."""
    with pytest.raises(table.MoveError, match="no captured"):
        play(new(), {"kind": "send_to_prison", "player": 0})
    with pytest.raises(table.MoveError, match="no workers in Prison"):
        play(new(), {"kind": "release_prisoners", "player": 0})


def test_release_frees_all_own_prisoners(new, given, play):
    """Rulebook, Guardhouse action 2: 'Release all their own Workers from Prison'."""
    state = given(new(), 1, prisoners=4)
    state, _ = play(state, {"kind": "release_prisoners", "player": 1})
    assert state["players"][1]["prisoners"] == 0


def test_counts_never_go_below_zero(new, play):
    """Rulebook, First Time Players: 'Each player has 20 Workers' - counts stay between 0 and 20."""
    state, _ = play(new(), {"kind": "prisoners", "player": 0, "delta": 2},
                    {"kind": "captured", "player": 1, "delta": 3}, {"kind": "captured", "player": 1, "delta": -1})
    assert (state["players"][0]["prisoners"], state["players"][1]["captured"]) == (2, 2)
    with pytest.raises(table.MoveError) as refused:
        play(state, {"kind": "prisoners", "player": 0, "delta": -3})
    assert refused.value.field == "delta"
    with pytest.raises(table.MoveError, match="more than 20"):  # 'Each player has 20 Workers'
        play(state, {"kind": "prisoners", "player": 0, "delta": 19})


def test_rescue_for_5_silver_2_tax_or_a_debt_and_a_virtue(new, given, play):
    """Rulebook, Guardhouse action 3: 'Pay 5 Silver (2 Tax), or take 1 Debt and lose 1
    Virtue to release all their own Workers from other players' Boards.'"""
    state, _ = play(given(new(), 1, silver=5), {"kind": "capture", "player": 0, "victim": 1, "count": 3})
    after, _ = play(state, {"kind": "rescue", "player": 1, "payment": "silver"})
    assert (after["players"][0]["captured"], after["players"][1]["silver"]) == (0, 0)
    assert after["players"][0]["captured_from"] == {"1": 0} and after["table"]["tax_stand_silver"] == 6
    after, _ = play(state, {"kind": "rescue", "player": 1, "payment": "debt"})
    assert (after["players"][0]["captured"], after["players"][1]["debts_unpaid"], after["players"][1]["virtue"]) == (0, 1, 6)


def test_rescue_takes_back_from_every_captor_and_needs_one_worker(new, play):
    """Rulebook, Guardhouse action 3: 'release all their own Workers from other players'
    Boards' ('Minimum of 1 captured Worker'): every board, and only the rescuer's workers."""
    state, _ = play(new(("Red", "Blue", "Green")),
                    {"kind": "capture", "player": 0, "victim": 1, "count": 2},
                    {"kind": "capture", "player": 0, "victim": 2, "count": 1},
                    {"kind": "capture", "player": 2, "victim": 1, "count": 3})
    after, notes = play(state, {"kind": "rescue", "player": 1, "payment": "debt"})
    red, green = after["players"][0], after["players"][2]
    assert (red["captured"], red["captured_from"]) == (1, {"1": 0, "2": 1})
    assert (green["captured"], green["captured_from"]) == (0, {"1": 0})
    assert any("Blue takes back 3 workers from Green" in note for note in notes)
    with pytest.raises(table.MoveError, match="nobody holds Red's workers") as refused:
        play(state, {"kind": "rescue", "player": 0, "payment": "debt"})
    assert refused.value.field == "captor"


def test_rescue_of_workers_held_without_an_owner(new, given, play):
    """Rulebook, Guardhouse action 3 ('release all their own Workers'): workers a captor
    holds that were never booked to an owner come back when the rescuer says how many."""
    state = given(new(("Red", "Blue", "Green")), 0, captured=3)
    after, _ = play(state, {"kind": "rescue", "player": 1, "captor": 0, "count": 2, "payment": "debt"})
    assert after["players"][0]["captured"] == 1
    with pytest.raises(table.MoveError) as refused:
        play(state, {"kind": "rescue", "player": 1, "captor": 0, "count": 4, "payment": "debt"})
    assert refused.value.field == "count"
    booked, _ = play(state, {"kind": "capture", "player": 0, "victim": 1, "count": 2})
    with pytest.raises(table.MoveError, match="all of them come back"):   # 'all their own Workers'
        play(booked, {"kind": "rescue", "player": 1, "captor": 0, "count": 1, "payment": "debt"})


def test_sent_workers_become_their_owners_prisoners(new, given, play):
    """Rulebook, Guardhouse action 1: 'Send all captured Workers from their Player Board
    to the Prison' - each owner's workers sit in the Prison as that owner's."""
    state, _ = play(given(new(("Red", "Blue", "Green")), 0, silver=0),
                    {"kind": "capture", "player": 0, "victim": 1, "count": 2},
                    {"kind": "capture", "player": 0, "victim": 2, "count": 1})
    after, notes = play(state, {"kind": "send_to_prison", "player": 0})
    red, blue, green = after["players"]
    assert (red["captured"], red["captured_from"], red["silver"]) == (0, {"1": 0, "2": 0}, 3)
    assert (blue["prisoners"], green["prisoners"]) == (2, 1)
    assert "Blue: 2 workers to the Prison (now 2)" in notes


def test_imprisoned_victims_count_at_the_reset_and_at_scoring(new, play):
    """Rulebook, Black Market Reset: 'each player with 3 or more Workers in the Prison
    loses 1 Virtue' and 'The player(s) with the most Workers in the Prison must take 1
    Debt'; End-Game Scoring: 'Lose 1 VP for every 2 Workers in the Prison'."""
    state, _ = play(new(), {"kind": "capture", "player": 0, "victim": 1, "count": 4},
                    {"kind": "send_to_prison", "player": 0}, {"kind": "black_market_reset"})
    blue = state["players"][1]
    assert (blue["prisoners"], blue["virtue"], blue["debts_unpaid"]) == (4, 6, 1)
    assert score_document(state)["players"][1]["categories"]["prison"] == -2


def test_the_prison_holds_at_most_a_players_20_workers(new, given, play):
    """Rulebook, First Time Players: 'Each player has 20 Workers'."""
    state, _ = play(given(new(), 1, prisoners=19), {"kind": "capture", "player": 0, "victim": 1, "count": 3})
    after, _ = play(state, {"kind": "send_to_prison", "player": 0})
    assert after["players"][1]["prisoners"] == 20


def test_workers_never_booked_to_an_owner_are_left_to_the_players(new, given, play):
    """Rulebook, Guardhouse action 1 (the owners' workers go to the Prison): when the app
    was never told whose they are, it says so instead of guessing."""
    state = given(new(("Red", "Blue", "Green")), 0, captured=2, silver=0)
    after, notes = play(state, {"kind": "send_to_prison", "player": 0})
    assert [p["prisoners"] for p in after["players"]] == [0, 0, 0] and after["players"][0]["silver"] == 2
    assert any("never booked to an owner" in note for note in notes)


def test_the_captured_counter_keeps_whose_workers(new, play):
    """Rulebook, Town Centre ('capture 1 group of Workers (of a single colour)') and
    Guardhouse action 3: whose workers a player holds decides who can take them back.
    A +/- correction books the only opponent when there is one; otherwise a plus stays
    unbooked and a minus takes the unbooked first, then the only owner left, and
    otherwise asks whose."""
    two, _ = play(new(), {"kind": "captured", "player": 0, "delta": 2})
    assert two["players"][0]["captured_from"] == {"1": 2}
    three = new(("Red", "Blue", "Green"))
    state, _ = play(three, {"kind": "capture", "player": 0, "victim": 1, "count": 2},
                    {"kind": "captured", "player": 0, "delta": 1})
    assert (state["players"][0]["captured"], state["players"][0]["captured_from"]) == (3, {"1": 2})
    after, _ = play(state, {"kind": "captured", "player": 0, "delta": -2})
    assert (after["players"][0]["captured"], after["players"][0]["captured_from"]) == (1, {"1": 1})
    mixed, _ = play(state, {"kind": "capture", "player": 0, "victim": 2, "count": 1})
    with pytest.raises(table.MoveError, match="2 of Blue's, 1 of Green's, 1 not booked") as refused:
        play(mixed, {"kind": "captured", "player": 0, "delta": -2})
    assert refused.value.field == "victim"
    after, _ = play(mixed, {"kind": "captured", "player": 0, "delta": -1, "victim": 2})
    assert after["players"][0]["captured_from"] == {"1": 2, "2": 0} and after["players"][0]["captured"] == 3
    with pytest.raises(table.MoveError, match="only 2 of Blue's"):
        play(mixed, {"kind": "captured", "player": 0, "delta": -3, "victim": 1})


def test_capturing_the_bots_workers_moves_them_from_their_location(solo, play):
    """Rulebook, Town Centre: 'capture 1 group of Workers (of a single colour) from 1
    location'; Guardhouse actions 1 and 3 move them on: the bot's worker places follow."""
    state = copy.deepcopy(solo)   # new_game set up the bot: its worker places are there
    state["bot"]["workers"]["board"] -= 3
    state["bot"]["workers"]["locations"]["forest"] = 3
    with pytest.raises(table.MoveError) as refused:
        play(state, {"kind": "capture", "player": 0, "victim": "bot", "count": 3})
    assert refused.value.field == "location"
    with pytest.raises(table.MoveError, match="Helena has 3 workers at the Forest"):
        play(state, {"kind": "capture", "player": 0, "victim": "bot", "count": 4, "location": "forest"})
    state, _ = play(state, {"kind": "capture", "player": 0, "victim": "bot", "count": 3, "location": "forest"})
    assert state["players"][0]["captured_from"] == {"bot": 3}
    assert state["bot"]["workers"]["held_by"]["0"] == 3 and state["bot"]["workers"]["locations"]["forest"] == 0
    state, _ = play(state, {"kind": "send_to_prison", "player": 0})
    assert state["bot"]["prisoners"] == state["bot"]["workers"]["prison"] == 3
    assert state["bot"]["workers"]["held_by"]["0"] == 0


def test_taking_back_workers_from_the_bot(solo, play):
    """Rulebook, Guardhouse action 3: 'release all their own Workers from other players'
    Boards' - the bot's board too."""
    state, _ = play(solo, {"kind": "capture", "player": "bot", "victim": 0, "count": 2})
    assert state["bot"]["captured_from"] == {"0": 2}
    state, _ = play(state, {"kind": "rescue", "player": 0, "payment": "debt"})
    assert (state["bot"]["captured"], state["bot"]["captured_from"]) == (0, {"0": 0})


def test_town_centre_captures_cost_1_silver_each_first_taxed(new, given, play):
    """Rulebook, Town Centre: 'Each capture requires 1 Worker and 1 Silver (the first
    Silver is Taxed)'; Conspirator: 'Spend 1 less Silver (not Tax)'."""
    state = given(new(), 0, silver=3)
    after, _ = play(state, {"kind": "capture", "player": 0, "victim": 1, "count": 5, "paid_captures": 3})
    assert (after["players"][0]["silver"], after["table"]["tax_stand_silver"]) == (0, 5)
    after, _ = play(given(state, 0, apprentices=["conspirator_1"]),
                    {"kind": "capture", "player": 0, "victim": 1, "count": 5, "paid_captures": 3})
    assert after["players"][0]["silver"] == 1
    with pytest.raises(table.MoveError, match="short of 1 silver"):
        play(state, {"kind": "capture", "player": 0, "victim": 1, "count": 5, "paid_captures": 4})


def test_bot_workers_booked_by_a_correction_still_reach_the_prison(solo, play):
    """Rulebook, Guardhouse action 1: 'Send all captured Workers ... to the Prison': bot
    workers recorded with the +/- counter (no location) are the bot's prisoners too, and
    bot.reconcile finds the workers for them."""
    state, _ = play(solo, {"kind": "captured", "player": 0, "delta": 2},
                    {"kind": "send_to_prison", "player": 0})
    assert state["players"][0]["captured_from"] == {"bot": 0} and state["bot"]["prisoners"] == 2
    bot.reconcile(state)
    assert state["bot"]["workers"]["prison"] == 2 and state["bot"]["workers"]["board"] == 18


@pytest.mark.parametrize("location", ["guildhall", "black_market", "prison", "player_board"])
def test_workers_are_never_captured_from_the_guildhall_black_market_prison_or_a_board(new, play, location):
    """Rulebook, Town Centre: 'Players can never capture from the Guildhall, Black Market, inside the
    Prison, or from another player's Board.'"""
    with pytest.raises(table.MoveError, match="never captured from") as refused:
        play(new(), {"kind": "capture", "player": 0, "victim": 1, "count": 1, "location": location})
    assert refused.value.field == "location"


def test_a_capture_names_a_location_of_the_main_board(new, play):
    """Rulebook, Town Centre: players capture 'from any of the "large open circle" locations on the Main
    Board' (the Town Centre too: 'including capturing the Worker they just placed')."""
    state, _ = play(new(), {"kind": "capture", "player": 0, "victim": 1, "count": 1, "location": "town_centre"},
                    {"kind": "capture", "player": 0, "victim": 1, "count": 2, "location": "forest"})
    assert state["players"][0]["captured"] == 3
    with pytest.raises(table.MoveError, match="capture from a location of the Main Board") as refused:
        play(new(), {"kind": "capture", "player": 0, "victim": 1, "count": 1, "location": "the moon"})
    assert refused.value.field == "location"
