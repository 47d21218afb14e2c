"""The Black Market and the Black Market Reset."""

import copy

import pytest

from companion.aotwk.rules import table


def bm(player, space, **gains):
    return {"kind": "black_market", "player": player, "space": space, **gains}


def test_placing_pays_silver_and_loses_1_virtue(new, given, play):
    """Rulebook, Black Market: 'Pay 1 Silver and lose 1 Virtue to gain 1 Marble and 1 Stone'."""
    state = given(new(), 0, silver=3)
    state, notes = play(state, bm(0, "small", marble=1, stone=1))
    red = state["players"][0]
    assert (red["silver"], red["virtue"], red["marble"], red["stone"]) == (2, 6, 1, 1)
    assert state["table"]["black_market"]["small"] == 0
    assert state["table"]["tax_stand_silver"] == 4  # Black Market silver is not tax


def test_closed_at_10_virtue_or_more(new, given, play):
    """Rulebook, Virtue Track: 'Once players have 10 or more Virtue, they can no longer place Workers in the Black Market.'"""
    with pytest.raises(table.MoveError, match="Red has 10 virtue: the Black Market is closed"):
        play(given(new(), 0, virtue=10), bm(0, "small"))
    state, _ = play(given(new(), 0, virtue=9), bm(0, "small"))
    assert state["players"][0]["virtue"] == 8


def test_the_bot_may_visit_whatever_its_virtue(solo, given, play):
    """Rulebook, Solo Play: the opponent 'Can always ... visit the Black Market, regardless of their Virtue'."""
    state, _ = play(given(solo, "bot", virtue=12), bm("bot", "large"))
    assert state["table"]["black_market"]["large"] == "bot"


def test_one_worker_per_space(new, play):
    """Rulebook, Black Market: 'Once a Worker is placed on a space, no other Workers may be placed there.'"""
    state, _ = play(new(), bm(0, "small"))
    with pytest.raises(table.MoveError, match="taken by Red") as refused:
        play(state, bm(1, "small"))
    assert refused.value.field == "space"


def test_illusionist_trickster_and_swindler(new, given, play):
    """Rulebook, Apprentice abilities: Illusionist 'Do not lose Virtue when taking actions
    at the Black Market'; Trickster 'Pay 1 less Silver'; Swindler 'also gain the additional resources shown'."""
    state = given(new(), 0, silver=3, apprentices=["illusionist_1", "trickster_1", "swindler_2"])
    state, _ = play(state, bm(0, "large"))
    red = state["players"][0]
    assert (red["virtue"], red["silver"], red["stone"]) == (7, 1, 1)


def test_a_swindler_hired_at_the_black_market_gives_its_bonus_on_that_same_action(new, given, play):
    """The reading docs/at-the-table.md states: the Swindler's 'When taking an action at the Black
    Market, also gain the additional resources shown' (seed 000 line 702) counts the action that
    hires it (the middle space's 'Hire any faceup Apprentice', line 304)."""
    state, notes = play(given(new(), 0, silver=3), bm(0, "middle", apprentice="swindler_1"))
    red = state["players"][0]
    assert red["clay"] == 2 and red["silver"] == 1
    assert any("Swindler" in note for note in notes)


def test_short_of_silver_is_refused(new, given, play):
    """Rulebook, Black Market: 'Pay 3 Silver and lose 1 Virtue' - no silver, no action."""
    with pytest.raises(table.MoveError, match="short of 1 silver"):
        play(given(new(), 0, silver=2), bm(0, "large"))


def test_third_worker_triggers_a_reset_after_the_action(new, given, play):
    """Rulebook, Black Market Reset: triggered when 'All 3 spaces at the Black Market have
    Workers placed on them'; 'the action that caused it should first be resolved'; step 1
    'All Workers currently in the Black Market are moved to the Prison'."""
    state = given(new(("Red", "Blue", "Yellow")), 0, silver=9)
    state = given(state, 1, silver=9)
    state, notes = play(state, bm(0, "small"), bm(1, "middle"), bm(0, "large", gold=1))
    assert state["table"]["black_market_resets"] == 1
    assert state["table"]["black_market"] == {"small": None, "middle": None, "large": None}
    assert [p["prisoners"] for p in state["players"]] == [2, 1, 0]
    assert state["players"][0]["gold"] == 1
    # step 5: Red has the most in Prison
    assert [p["debts_unpaid"] for p in state["players"]] == [1, 0, 0]


def test_rulebook_reset_example(new, given, play):
    """Rulebook, Black Market Reset example: Red fills the Black Market; 'Both Red Workers
    and the single Blue Worker are sent to the Prison'; 'Blue uses their Gatekeeper's
    ability to release 2 of their 3 Workers'; 'No players have 3 Workers in Prison, so no
    one loses any Virtue. However, Yellow and Red are now tied for having the most
    Workers in Prison (2 each). Therefore, they each receive 1 Debt Card.'"""
    state = new(("Red", "Blue", "Yellow"))
    state = given(state, 1, prisoners=2, apprentices=["gatekeeper_1"], silver=9)
    state = given(state, 2, prisoners=2)
    state = given(state, 0, silver=9)
    state, _ = play(state, bm(0, "small"), bm(1, "middle"), bm(0, "large"))
    red, blue, yellow = state["players"]
    assert (red["prisoners"], blue["prisoners"], yellow["prisoners"]) == (2, 1, 2)
    assert (red["debts_unpaid"], blue["debts_unpaid"], yellow["debts_unpaid"]) == (1, 0, 1)
    assert (red["virtue"], yellow["virtue"]) == (5, 7)  # Red lost 1 per Black Market action only


def test_reset_3_or_more_in_prison_lose_1_virtue_bot_included(solo, given, play):
    """Rulebook, Black Market Reset step 4: 'All players with 3 or more Workers in Prison lose 1 Virtue.'"""
    state = given(given(solo, 0, prisoners=3), "bot", prisoners=4)
    state, _ = play(state, {"kind": "black_market_reset"})
    assert (state["players"][0]["virtue"], state["bot"]["virtue"]) == (6, 6)
    # step 5: the bot has the most
    assert (state["players"][0]["debts_unpaid"], state["bot"]["debts_unpaid"]) == (0, 1)


def test_reset_with_nobody_in_prison_gives_nobody_a_debt(new, play):
    """Rulebook, Black Market Reset step 5: 'The player, or players with the most Workers
    in Prison each take 1 Debt Card.' Decision: with nobody in Prison nobody has 'the
    most', so nobody takes a Debt (the players expect a reset on an empty Prison to cost nothing)."""
    state, notes = play(new(), {"kind": "black_market_reset"})
    assert [p["debts_unpaid"] for p in state["players"]] == [0, 0]
    assert state["table"]["black_market_resets"] == 1


def test_reset_abilities_release_before_squire_and_peddler_pays(new, given, play):
    """Rulebook, Black Market Reset step 3: 'Players with any Black Market Reset based
    Apprentices may take their actions in any chosen order': Fara frees 1, then the
    Squire finds nobody in Prison ('if they have no Workers in Prison during each Black
    Market Reset'); the Peddler gains 2 silver."""
    state = new(("Fara", "Pip"), variable_boards=True, board_0="fara", board_1="therese")
    state = given(state, 0, prisoners=1, apprentices=["squire_2"], marble=0)
    state = given(state, 1, apprentices=["peddler_1"], silver=0, prisoners=0)
    state, _ = play(state, {"kind": "black_market_reset"})
    assert (state["players"][0]["prisoners"], state["players"][0]["marble"]) == (0, 1)
    assert state["players"][1]["silver"] == 2


def test_squire_gets_nothing_with_workers_in_prison(new, given, play):
    """Rulebook, Apprentice abilities, Squire: the reward only 'if they have no Workers in Prison'."""
    state = given(new(), 0, prisoners=1, apprentices=["squire_3"])
    state, _ = play(state, {"kind": "black_market_reset"})
    assert state["players"][0]["virtue"] == 7


def test_black_market_place_helper_can_skip_costs(solo):
    """For a bot scheme card that says the bot pays nothing."""
    notes = table.black_market_place(solo, "bot", "middle", pay_costs=False)
    assert solo["bot"]["virtue"] == 7 and solo["table"]["black_market"]["middle"] == "bot"
    assert notes


def test_caroline_draws_a_card_at_the_black_market(new, play):
    """Rulebook, Variable Setup, Caroline: 'She also gains 1 Building Card each time she takes an action at the Black Market.'"""
    state = new(("Caroline",), variable_boards=True, board_0="caroline")
    _, notes = play(state, bm(0, "small"))
    assert any("draw 1 building card (Caroline)" in n for n in notes)


def test_middle_space_hires_before_the_reset(new, given, play):
    """Rulebook, Black Market: the middle space pays '2 Silver and lose 1 Virtue to ... Hire
    any faceup Apprentice'; a Reset comes after 'the action that caused it' - so a
    Gatekeeper hired there already frees workers at that reset."""
    state = given(given(new(), 0, silver=9, prisoners=2), 1, silver=9)
    state, _ = play(state, bm(1, "small"), bm(1, "large"))
    state, notes = play(state, bm(0, "middle", apprentice="gatekeeper_1"))
    red = state["players"][0]
    assert red["apprentices"] == ["gatekeeper_1"]
    assert red["silver"] == 9 - 2 and red["prisoners"] == 2 + 1 - 2
    with pytest.raises(table.MoveError) as refused:
        play(given(new(), 0, silver=9), bm(0, "small", apprentice="thief_1"))
    assert refused.value.field == "apprentice"


def test_the_bot_pays_nothing_at_the_black_market_by_either_path(solo, play):
    """Solo Play: the opponent 'Does not collect or use any Silver' and 'Can always ... visit the
    Black Market, regardless of their Virtue'. One rule: a table move for the bot costs it no Virtue,
    as its scheme card's placement does not (a loss the card shows is its own action)."""
    by_move, _ = play(solo, bm("bot", "small"))
    by_card = table.black_market_place(copy.deepcopy(solo), "bot", "small", pay_costs=False)
    assert by_move["bot"]["virtue"] == 7 == solo["bot"]["virtue"]
    assert by_card
