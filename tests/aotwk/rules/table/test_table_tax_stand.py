"""The Tax Stand."""

import pytest

from companion.aotwk.rules import table


def test_steal_takes_all_and_loses_2_virtue(new, given, play):
    """Rulebook, Tax Stand: 'take all the Silver from above the Tax Stand ... this will
    cause them to lose 2 Virtue' - Red at 11 steals and 'now ha[s] less than 10 Virtue'."""
    state = given(given(new(), tax_stand_silver=11), 0, virtue=11, silver=0)
    state, _ = play(state, {"kind": "steal_tax", "player": 0})
    assert (state["players"][0]["silver"], state["players"][0]["virtue"]) == (11, 9)
    assert state["table"]["tax_stand_silver"] == 0
    assert table.status(state, 0)["black_market_closed"] is False


def test_empty_stand_cannot_be_robbed(new, given, play):
    """Rulebook, Tax Stand: 'Players are not allowed to place a Worker here if there is no Tax to steal.'"""
    with pytest.raises(table.MoveError, match="empty"):
        play(given(new(), tax_stand_silver=0), {"kind": "steal_tax", "player": 0})


def test_thief_and_pickpocket(new, given, play):
    """Rulebook, Apprentice abilities: Thief 'Lose 1 less Virtue when stealing'; Pickpocket 'Gain 1 Gold when stealing'."""
    state = given(new(), 0, apprentices=["thief_1", "pickpocket_1"])
    state, _ = play(state, {"kind": "steal_tax", "player": 0})
    assert (state["players"][0]["virtue"], state["players"][0]["gold"]) == (6, 1)


def test_the_bot_steals_the_silver_away(solo, play):
    """Rulebook, Solo Play: the opponent 'Does not collect or use any Silver'."""
    state, _ = play(solo, {"kind": "steal_tax", "player": "bot"})
    assert state["table"]["tax_stand_silver"] == 0
    assert "silver" not in state["bot"]
    assert state["bot"]["virtue"] == 5


def test_pay_tax_adds_to_the_stand(new, given, play):
    """Rulebook, Quick Reminders, Tax: 'When paid, these must be placed into the space above the Tax Stand.'"""
    state, _ = play(given(new(), 0, silver=3), {"kind": "pay_tax", "amount": 2, "player": 0},
                    {"kind": "pay_tax", "amount": 1})
    assert state["table"]["tax_stand_silver"] == 7
    assert state["players"][0]["silver"] == 1
    with pytest.raises(table.MoveError):
        play(state, {"kind": "pay_tax", "amount": 2, "player": 0})
