"""Advancing work on the Cathedral."""

import pytest

from companion.aotwk.rules import table
from companion.aotwk.rules.table.data import reward_types

SILVER_REWARD = "silver3_virtue1"
GOLD_REWARD = "gold1_virtue1"


def advance(player, reward=SILVER_REWARD, **extra):
    return {"kind": "advance_cathedral", "player": player, "reward": reward, **extra}


def test_advance_pays_moves_up_gains_reward_and_uses_the_guildhall(new, given, play):
    """Rulebook, Advancing Work on the Cathedral: 'pay 1 Gold ... They reveal the top
    Reward Card, which gains them 1 Virtue and 1 Gold'."""
    state = given(new(), 0, gold=1)
    state, notes = play(state, advance(0, GOLD_REWARD))
    red = state["players"][0]
    assert (red["cathedral"], red["gold"], red["virtue"]) == (1, 1, 8)
    assert state["table"]["guildhall"] == [0]
    assert state["table"]["reward_cards_left"] == 4


def test_closed_at_4_virtue_or_less(new, given, play):
    """Rulebook, Virtue Track: 'Once players have 4 or less Virtue, they can no longer work on the Cathedral.'"""
    with pytest.raises(table.MoveError, match="Red has 4 virtue: the Cathedral is closed at 4 or less"):
        play(given(new(), 0, virtue=4, gold=1), advance(0))


def test_the_bot_may_always_advance_and_pays_nothing(solo, given, play):
    """Rulebook, Solo Play: the opponent 'Does not require any goods or Building Cards when
    constructing the Cathedral' and 'Can always advance work on the Cathedral'."""
    state, _ = play(given(solo, "bot", virtue=2), advance("bot"))
    assert (state["bot"]["cathedral"], state["bot"]["virtue"]) == (1, 3)
    assert state["bot"]["guildhall_workers"] == 1


def test_a_level_has_limited_spaces_counting_everyone(new, given, play):
    """Rulebook, Cathedral, Important rule: 'Players can only advance their work on the
    Cathedral if there is an available space' (level 3 has 2 spaces)."""
    state = new(("Red", "Blue", "Green"))
    state = given(state, 0, cathedral=3)
    state = given(state, 1, cathedral=3)
    state = given(state, 2, cathedral=2, marble=1)
    with pytest.raises(table.MoveError, match=r"Cathedral level 3 is full \(Red, Blue\)"):
        play(state, advance(2))


def test_no_advance_past_the_top(new, given, play):
    """Rulebook, Cathedral: five levels; 'Move their Player Marker 1 level up' is impossible at the top."""
    with pytest.raises(table.MoveError, match="finished the Cathedral"):
        play(given(new(), 0, cathedral=5), advance(0))


def test_stone_or_wood_level_in_any_mix(new, given, play):
    """Rulebook, Cathedral: 'The cost shown here is 4 Stone or Wood, in any combination.'"""
    state = given(new(), 0, cathedral=1, wood=3, stone=3)
    after, _ = play(state, advance(0, wood=1))
    assert (after["players"][0]["wood"], after["players"][0]["stone"]) == (2, 0)
    after, _ = play(state, advance(0))  # no split given: taken from what the player holds
    assert after["players"][0]["wood"] + after["players"][0]["stone"] == 2
    with pytest.raises(table.MoveError, match="short of 2 stone"):
        play(given(state, 0, stone=2), advance(0, wood=0))
    with pytest.raises(table.MoveError) as refused:
        play(state, advance(0, wood=5))
    assert refused.value.field == "wood"


def test_therese_pays_gold_with_marble(new, given, play):
    """Rulebook, Variable Setup, Therese: 'she treats Marble and Gold as the same resource.'"""
    state = new(("Therese",), variable_boards=True, board_0="therese")
    state = given(state, 0, gold=0, marble=1)
    state, _ = play(state, advance(0))
    assert (state["players"][0]["gold"], state["players"][0]["marble"]) == (0, 0)


def test_empty_pile_gives_1_virtue(new, given, play):
    """Rulebook, Cathedral: 'If there are no Reward Cards left in the pile, players just gain 1 Virtue.'"""
    state = given(new(), reward_cards_left=0)
    state = given(state, 0, gold=1)
    state, _ = play(state, {"kind": "advance_cathedral", "player": 0})
    assert state["players"][0]["virtue"] == 8
    with pytest.raises(table.MoveError) as refused:
        play(given(state, 1, gold=1), advance(1))
    assert refused.value.field == "reward"


def test_a_revealed_card_must_be_named_and_still_exist(new, given, play):
    """Rulebook, Components: 11 Reward Cards (one '1 gold, 1 virtue' card)."""
    state = given(given(new(), 0, gold=1), 1, gold=1)
    with pytest.raises(table.MoveError) as refused:
        play(state, {"kind": "advance_cathedral", "player": 0})
    assert refused.value.field == "reward"
    state, _ = play(state, advance(0, GOLD_REWARD))
    with pytest.raises(table.MoveError, match="already been drawn"):
        play(state, advance(1, GOLD_REWARD))


def test_a_card_whose_copies_are_drawn_is_no_longer_in_the_pile_and_undo_brings_it_back(new, given, play):
    """Rulebook, Advancing Work on the Cathedral, step 4: 'Reveal the top card from the Reward
    Card Pile and gain its benefits. Once resolved, Reward Cards are removed from play.' The box
    has one '1 gold, 1 virtue' card (Components: 11 Reward Cards; card facts: copies 1)."""
    before = given(given(new(), 0, gold=1), 1, gold=1)
    assert GOLD_REWARD in table.cathedral.rewards_in_pile(before)
    after, _ = play(before, advance(0, GOLD_REWARD))
    in_pile = table.cathedral.rewards_in_pile(after)
    assert GOLD_REWARD not in in_pile and set(in_pile) == set(reward_types()) - {GOLD_REWARD}
    with pytest.raises(table.MoveError, match="every '1 gold, 1 virtue' reward card has already been drawn"):
        play(after, advance(1, GOLD_REWARD))
    # The move is pure and the drawn card is part of the state: the state before it (what undo
    # returns to) still has the card in the pile.
    assert before["table"]["rewards_drawn"] == [] and GOLD_REWARD in table.cathedral.rewards_in_pile(before)
    assert play(before, advance(1, GOLD_REWARD))[0]["players"][1]["gold"] == 1


def test_a_two_copy_card_stays_in_the_pile_until_both_are_drawn(new, given, play):
    """Rulebook, Components: 11 Reward Cards; card facts: two '3 silver, 1 virtue' cards."""
    state = given(given(new(), 0, gold=1), 1, gold=1)
    state, _ = play(state, advance(0, SILVER_REWARD))
    assert SILVER_REWARD in table.cathedral.rewards_in_pile(state)
    state, _ = play(state, advance(1, SILVER_REWARD))
    assert SILVER_REWARD not in table.cathedral.rewards_in_pile(state)


def test_an_empty_pile_has_no_card_to_reveal(new, given):
    """Rulebook, Cathedral: 'If there are no Reward Cards left in the pile, players just gain 1 Virtue.'"""
    assert table.cathedral.rewards_in_pile(given(new(), reward_cards_left=0)) == {}


def test_acolyte_adds_its_reward(new, given, play):
    """Rulebook, Apprentice abilities, Acolyte: 'When advancing work on the Cathedral, also gain the reward shown'."""
    state = given(new(), 0, gold=1, silver=0, apprentices=["acolyte_3"])
    state, _ = play(state, advance(0))
    assert state["players"][0]["silver"] == 3 + 2


def test_every_reward_type_is_offered():
    """Rulebook, Cathedral step 4: 'Reveal the top card from the Reward Card Pile' - the form offers
    every card."""
    choices = table.MOVES["advance_cathedral"].params[1].choices
    assert set(reward_types()) < set(choices) and "empty" in choices


def test_set_level_correction_respects_spaces(new, given, play):
    """Rulebook, Cathedral, Important rule: the spaces also bound a correction."""
    state, notes = play(new(), {"kind": "set_cathedral", "player": 0, "level": 5})
    assert state["players"][0]["cathedral"] == 5 and "correction" in notes[0]
    with pytest.raises(table.MoveError, match="level 5 is full") as refused:
        play(state, {"kind": "set_cathedral", "player": 1, "level": 5})
    assert refused.value.field == "level"
    state, _ = play(state, {"kind": "set_cathedral", "player": 0, "level": 0})
    assert state["players"][0]["cathedral"] == 0


def test_lothaire_pays_1_less_on_a_level(new, given, play):
    """Promo board Lothaire: 'Pays 1 wood or 1 stone less for each building and each Cathedral level.'"""
    state = new(("Lothaire",), variable_boards=True, board_0="lothaire")
    state = given(state, 0, cathedral=1, wood=0, stone=3, virtue=7)
    state, _ = play(state, advance(0))
    assert (state["players"][0]["cathedral"], state["players"][0]["stone"]) == (2, 0)


def test_discard_reminder_except_for_frederick(new, given, play):
    """Rulebook, Advancing Work on the Cathedral step 2: 'Discard any 1 Building Card from
    their hand'; Variable Setup, Frederick: 'does not need to discard a Building Card'."""
    state = new(("Fred", "Ann"), variable_boards=True, board_0="frederick", board_1="ada")
    fred, ann = ([p["board"] for p in state["players"]].index(b) for b in ("frederick", "ada"))
    state = given(given(state, fred, gold=1), ann, gold=1)
    _, notes = play(state, advance(fred))
    assert not any("discard" in n for n in notes)
    _, notes = play(state, advance(ann))
    assert any("Ann: discard 1 building card" in n for n in notes)


def test_a_free_advance_places_no_worker_and_draws_no_reward(solo, given):
    """Rulebook, Solo Play: the opponent 'Does not require any goods or Building Cards when
    constructing the Cathedral'; a scheme card's free advance places no worker. Cathedral:
    'Players can only advance their work on the Cathedral if there is an available space.'"""
    state = given(solo, "bot", cathedral=1)
    notes = table.advance_cathedral(state, "bot", place=False)
    assert state["bot"]["cathedral"] == 2 and "free: no worker placed" in notes[0]
    assert state["table"]["reward_cards_left"] == solo["table"]["reward_cards_left"]
    assert state["table"]["guildhall_workers"] == 0 and state["bot"]["guildhall_workers"] == 0
    full = given(given(solo, "bot", cathedral=4), 0, cathedral=5)
    with pytest.raises(table.MoveError, match="level 5 is full"):
        table.advance_cathedral(full, "bot", place=False)
    with pytest.raises(table.MoveError, match="places no worker"):
        table.advance_cathedral(given(solo, "bot"), "bot", place=False, reward=SILVER_REWARD)
