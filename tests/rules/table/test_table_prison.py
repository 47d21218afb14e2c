"""Captured workers and the Prison."""

import pytest

from companion.rules import table


def test_capture_puts_workers_on_the_captors_board(new, play):
    """Rulebook, Town Centre: 'After capturing opposing Workers, players should place
    them on the top left section of their Player Board.'"""
    state, notes = play(new(), {"kind": "capture", "player": 0, "victim": 1, "count": 3})
    assert state["players"][0]["captured"] == 3
    assert state["players"][1]["captured"] == 0
    assert "Red captures 3 of Blue's workers" in notes[0]


def test_the_bot_captures_and_is_captured(solo, play):
    """Rulebook, Solo Play: the opponent 'Can capture and sell Workers ... but does not capture its own'."""
    state, _ = play(solo, {"kind": "capture", "player": "bot", "victim": 0, "count": 2},
                    {"kind": "capture", "player": 0, "victim": "bot", "count": 1})
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
    state = given(given(new(), 0, captured=3), 1, silver=5)
    after, _ = play(state, {"kind": "rescue", "player": 1, "captor": 0, "count": 3, "payment": "silver"})
    assert (after["players"][0]["captured"], after["players"][1]["silver"]) == (0, 0)
    assert after["table"]["tax_stand_silver"] == 6
    after, _ = play(state, {"kind": "rescue", "player": 1, "captor": 0, "count": 2, "payment": "debt"})
    assert (after["players"][0]["captured"], after["players"][1]["debts_unpaid"], after["players"][1]["virtue"]) == (1, 1, 6)
    with pytest.raises(table.MoveError) as refused:
        play(state, {"kind": "rescue", "player": 1, "captor": 0, "count": 4, "payment": "debt"})
    assert refused.value.field == "count"


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
