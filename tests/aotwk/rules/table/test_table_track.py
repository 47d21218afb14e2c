"""The Virtue Track and Debts."""

import pytest

from companion.aotwk.rules import table


def test_virtue_gain_above_14_destroys_one_unpaid_debt_per_point(new, given, play):
    """Rulebook, Virtue Track: 'For each Virtue players gain above 14, they may destroy
    1 unpaid Debt they hold' - the example: Yellow at 13 gains 3, moves 1 space up and
    'With the excess 2 Virtue, they destroy 2 Debts'."""
    state = given(new(), 0, virtue=13, debts_unpaid=3)
    state, notes = play(state, {"kind": "virtue", "player": 0, "delta": 3})
    red = state["players"][0]
    assert (red["virtue"], red["debts_unpaid"], red["debts_paid"]) == (14, 1, 0)
    assert notes == ["Red: virtue 13 → 14, 2 excess destroyed 2 unpaid debts"]


def test_destroyed_debts_are_not_paid_and_excess_without_debts_is_lost(new, given, play):
    """Rulebook, Virtue Track: 'Unlike paying off Debts, this action has no additional effects'."""
    state = given(new(), 0, virtue=14, debts_unpaid=1)
    state, notes = play(state, {"kind": "virtue", "player": 0, "delta": 3})
    assert (state["players"][0]["debts_unpaid"], state["players"][0]["debts_paid"]) == (0, 0)
    assert state["players"][0]["virtue"] == 14


def test_virtue_loss_below_0_takes_one_debt_per_point(new, given, play):
    """Rulebook, Virtue Track: 'For each Virtue players lose below 0, they must take a Debt Card.'"""
    state = given(new(), 1, virtue=1, debts_unpaid=1)
    state, notes = play(state, {"kind": "virtue", "player": 1, "delta": -4})
    assert (state["players"][1]["virtue"], state["players"][1]["debts_unpaid"]) == (0, 4)
    assert "3 below 0 took 3 unpaid debts" in notes[0]


def test_the_bot_uses_the_same_track(solo, given, play):
    """Rulebook, Solo Play: the opponent 'Can receive and destroy Debts'."""
    state = given(solo, "bot", virtue=1)
    state, _ = play(state, {"kind": "virtue", "player": "bot", "delta": -3})
    assert (state["bot"]["virtue"], state["bot"]["debts_unpaid"]) == (0, 2)
    state, _ = play(state, {"kind": "virtue", "player": "bot", "delta": 14},
                    {"kind": "virtue", "player": "bot", "delta": 2})
    assert (state["bot"]["virtue"], state["bot"]["debts_unpaid"]) == (14, 0)


def test_take_and_destroy_debts(new, play):
    """Rulebook, Virtue Track: destroyed Debts 'are instead returned to the Debt Card Pile'."""
    state, _ = play(new(), {"kind": "take_debts", "player": 0, "count": 2},
                    {"kind": "destroy_debts", "player": 0, "count": 1})
    assert state["players"][0]["debts_unpaid"] == 1


def test_cannot_destroy_debts_one_does_not_hold(new, play):
    """Rulebook, Virtue Track: players destroy 'unpaid Debt they hold'."""
    with pytest.raises(table.MoveError) as refused:
        play(new(), {"kind": "destroy_debts", "player": 0, "count": 1})
    assert refused.value.field == "count"


def test_paying_off_a_debt_costs_6_silver_3_tax_and_gains_1_virtue(new, given, play):
    """Rulebook, Guardhouse action 4: 'Pay 6 Silver (3 Tax) to pay off 1 Debt' and 'flip
    the Debt Card ... This immediately gains them 1 Virtue'."""
    state = given(new(), 0, silver=8, debts_unpaid=2)
    state, _ = play(state, {"kind": "pay_debt", "player": 0})
    red = state["players"][0]
    assert (red["silver"], red["debts_unpaid"], red["debts_paid"], red["virtue"]) == (2, 1, 1, 8)
    assert state["table"]["tax_stand_silver"] == 4 + 3


def test_paying_off_with_low_virtue_ignores_tax(new, given, play):
    """Rulebook, Virtue Track: 'For each "avoid Tax" icon at their current Virtue level,
    players may ignore 1 Tax on all future costs' (two icons at 0-1)."""
    state = given(new(), 0, silver=6, virtue=1, debts_unpaid=1)
    state, _ = play(state, {"kind": "pay_debt", "player": 0})
    assert state["players"][0]["silver"] == 2
    assert state["table"]["tax_stand_silver"] == 4 + 1


def test_ada_ignores_one_more_tax(new, given, play):
    """Rulebook, Variable Setup, Ada: 'She may also ignore 1 Tax on all actions'."""
    state = new(("Ada",), variable_boards=True, board_0="ada")
    state = given(state, 0, silver=6, debts_unpaid=1)
    state, _ = play(state, {"kind": "pay_debt", "player": 0})
    assert state["players"][0]["silver"] == 1
    assert state["table"]["tax_stand_silver"] == 4 + 2


def test_debt_collector_gains_on_paying_off(new, given, play):
    """Rulebook, Apprentice abilities, Debt Collector: 'When paying off a Debt, also gain
    the additional resources shown'."""
    state = given(new(), 0, silver=6, debts_unpaid=1, apprentices=["debt_collector_2"])
    state, _ = play(state, {"kind": "pay_debt", "player": 0})
    assert state["players"][0]["stone"] == 2


def test_paying_off_needs_silver_when_tracked(new, given, play):
    """Rulebook, Guardhouse action 4: 'Pay 6 Silver (3 Tax) to pay off 1 Debt.'"""
    state = given(new(), 0, silver=5, debts_unpaid=1)
    with pytest.raises(table.MoveError, match="short of 1 silver"):
        play(state, {"kind": "pay_debt", "player": 0})


def test_untracked_resources_still_move_the_tax_and_virtue(new, given, play):
    """With resources not tracked the players' silver is not touched, but the tax still
    lands on the Tax Stand (everyone sees it) and the Virtue moves."""
    state = given(new(track_resources=False), 0, silver=0, debts_unpaid=1)
    state, _ = play(state, {"kind": "pay_debt", "player": 0})
    assert (state["players"][0]["silver"], state["players"][0]["virtue"]) == (0, 8)
    assert state["table"]["tax_stand_silver"] == 7


def test_paying_several_debts_resolves_each_separately(new, given, play):
    """Rulebook, Guardhouse: 'may pay off multiple Debts in the same turn (Resolve each Debt action separately)'."""
    state = given(new(), 0, silver=12, debts_unpaid=2, virtue=13)
    state, _ = play(state, {"kind": "pay_debt", "player": 0, "count": 2})
    red = state["players"][0]
    assert (red["debts_unpaid"], red["debts_paid"], red["virtue"]) == (0, 2, 14)


def test_nothing_to_pay_off_and_the_bot_never_pays(solo, play):
    """Rulebook, Solo Play: the opponent 'Can receive and destroy Debts' (it never pays silver)."""
    with pytest.raises(table.MoveError, match="no unpaid debt"):
        play(solo, {"kind": "pay_debt", "player": 0})
    with pytest.raises(table.MoveError):
        play(solo, {"kind": "pay_debt", "player": "bot"})


def test_change_virtue_helper_mutates_and_returns_notes(solo):
    """The helper the bot module calls: works on the state it is given."""
    notes = table.change_virtue(solo, "bot", -2)
    assert solo["bot"]["virtue"] == 5
    assert notes == ["Helena: virtue 7 → 5"]
