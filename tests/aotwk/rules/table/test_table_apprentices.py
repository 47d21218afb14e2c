"""Hiring and discarding apprentices."""

import pytest

from companion.aotwk.rules import table


def hire(player, apprentice, **extra):
    return {"kind": "hire", "player": player, "apprentice": apprentice, **extra}


def test_workshop_hire_costs_4_silver_2_tax(new, given, play):
    """Rulebook, Workshop: 'To hire an Apprentice, players must first pay a total of 4
    Silver. 2 of these are Tax ... placed directly into the space above the Tax Stand.'"""
    state = given(new(), 0, silver=5)
    state, _ = play(state, hire(0, "woodcutter_1"))
    assert state["players"][0]["silver"] == 1
    assert state["table"]["tax_stand_silver"] == 6
    assert state["players"][0]["apprentices"] == ["woodcutter_1"]


def test_low_virtue_ignores_both_taxes(new, given, play):
    """Rulebook, Virtue Track example: 'Green currently has 1 Virtue ... they ignore both
    Tax on this action, paying only the 2 Silver to the Supply.'"""
    state = given(new(), 0, silver=2, virtue=1)
    state, _ = play(state, hire(0, "woodcutter_1"))
    assert state["players"][0]["silver"] == 0
    assert state["table"]["tax_stand_silver"] == 4


def test_rudolf_pays_1_less_non_tax_and_keeps_6(new, given, play):
    """Rulebook, Variable Setup, Rudolf: 'pays 1 less Silver (not tax) when hiring
    Apprentices in the Workshop and may hire up to 6 Apprentices'."""
    state = new(("Rudolf",), variable_boards=True, board_0="rudolf")
    state = given(state, 0, silver=3, apprentices=["miner_1", "merchant_1", "merchant_2", "merchant_3", "merchant_4"])
    state, _ = play(state, hire(0, "miner_2"))
    assert state["players"][0]["silver"] == 0
    assert len(state["players"][0]["apprentices"]) == 6
    with pytest.raises(table.MoveError, match="6 apprentices"):
        play(given(state, 0, silver=9), hire(0, "thief_1"))


def test_a_sixth_apprentice_is_refused(new, given, play):
    """Rulebook, Workshop: 'Players cannot hire more than 5 Apprentices. However, they may
    discard Apprentices at any time to free up space'."""
    state = given(new(), 0, silver=9, apprentices=["miner_1", "merchant_1", "merchant_2", "merchant_3", "merchant_4"])
    with pytest.raises(table.MoveError, match="discard one first") as refused:
        play(state, hire(0, "thief_1"))
    assert refused.value.field == "apprentice"
    state, _ = play(state, {"kind": "discard_apprentice", "player": 0, "apprentice": "miner_1"}, hire(0, "thief_1"))
    assert len(state["players"][0]["apprentices"]) == 5


def test_virtue_on_hire_and_discarding_does_not_reverse_it(new, given, play):
    """Rulebook, Workshop: 'Any Virtue gained or lost takes effect when hiring the
    Apprentice. Discarding an Apprentice does not reverse this effect.'"""
    state = given(new(), 0, silver=4)
    state, _ = play(state, hire(0, "gatekeeper_1"))
    assert state["players"][0]["virtue"] == 6
    state, _ = play(state, {"kind": "discard_apprentice", "player": 0, "apprentice": "gatekeeper_1"})
    assert state["players"][0]["virtue"] == 6


def test_a_free_hire_costs_nothing(new, given, play):
    """Rulebook, Hire an Apprentice: 'Black Market and Building Card effects allow players to hire any faceup
    Apprentice'; the Tavern's hire is free."""
    state = given(new(), 0, silver=0)
    state, _ = play(state, hire(0, "miner_1", source="free"), hire(0, "miner_2", source="free"))
    assert state["players"][0]["apprentices"] == ["miner_1", "miner_2"]  # 'more than 1 of the same Apprentice'
    assert state["players"][0]["virtue"] == 7


def test_a_hire_at_the_black_market_places_a_worker_pays_2_silver_and_loses_1_virtue(new, given, play):
    """Rulebook, Black Market: '2. Pay 2 Silver and lose 1 Virtue to either: - Hire any faceup Apprentice
    (and also gain any Silver on the hired card)'; 'Once a Worker is placed on a space, no other Workers
    may be placed there.'"""
    state = given(new(), 0, silver=3)
    state, _ = play(state, hire(0, "miner_1", source="black_market", collected=1))
    red = state["players"][0]
    assert red["apprentices"] == ["miner_1"]
    assert (red["silver"], red["virtue"]) == (3 - 2 + 1, 6)
    assert state["table"]["black_market"]["middle"] == 0
    assert state["table"]["tax_stand_silver"] == 4   # Black Market silver is not tax
    with pytest.raises(table.MoveError, match="taken by Red") as refused:
        play(given(state, 1, silver=3), hire(1, "miner_2", source="black_market"))
    assert refused.value.field == "space"


def test_the_black_market_hire_loses_virtue_on_the_track(new, given, play):
    """Rulebook, Virtue Track: 'For each Virtue players lose below 0, they must take a Debt Card.'
    The Black Market hire's 'lose 1 Virtue' is such a loss."""
    state = given(new(), 0, silver=2, virtue=0)
    state, _ = play(state, hire(0, "miner_1", source="black_market"))
    assert (state["players"][0]["virtue"], state["players"][0]["debts_unpaid"]) == (0, 1)


def test_the_black_market_hire_is_closed_at_10_virtue(new, given, play):
    """Rulebook, Virtue Track: 'Once players have 10 or more Virtue, they can no longer place Workers in the
    Black Market.'"""
    with pytest.raises(table.MoveError, match="the Black Market is closed"):
        play(given(new(), 0, silver=2, virtue=10), hire(0, "miner_1", source="black_market"))


def test_each_apprentice_card_is_hired_once(new, play):
    """Rulebook, Components: 40 Apprentice Cards; each catalogue id is one of them."""
    state, _ = play(new(), hire(0, "miner_1", source="free"))
    with pytest.raises(table.MoveError, match="Red already has this Miner") as refused:
        play(state, hire(1, "miner_1", source="free"))
    assert refused.value.field == "apprentice"


def test_skipped_and_collected_silver(new, given, play):
    """Rulebook, Workshop: 'Players may place 1 Silver on an Apprentice Card to skip it'
    and 'Any Silver placed on an Apprentice is collected by the player hiring them'."""
    state = given(new(), 0, silver=6)
    state, _ = play(state, hire(0, "pickpocket_1", skipped=2, collected=1))
    assert state["players"][0]["silver"] == 6 - 4 - 2 + 1


def test_hire_refusals_name_the_field(solo, play):
    """Rulebook, Solo Play: the opponent 'Does not collect or use any ... Apprentices'; Workshop: the 4
    Silver must be paid."""
    with pytest.raises(table.MoveError) as refused:
        play(solo, hire(0, "nobody_1"))
    assert refused.value.field == "apprentice"
    with pytest.raises(table.MoveError) as refused:
        play(solo, hire(0, "thief_1", source="market"))
    assert refused.value.field == "source"
    with pytest.raises(table.MoveError) as refused:
        play(solo, hire("bot", "thief_1"))
    assert refused.value.field == "player"
    with pytest.raises(table.MoveError, match="short of 1 silver"):
        play(solo, hire(0, "thief_1"))


def test_discarding_an_apprentice_one_lacks(new, play):
    """Rulebook, Workshop: players 'may discard Apprentices' - only ones they hold."""
    with pytest.raises(table.MoveError) as refused:
        play(new(), {"kind": "discard_apprentice", "player": 0, "apprentice": "thief_1"})
    assert refused.value.field == "apprentice"


def test_unknown_skills_can_be_supplied(new, play):
    """Age of Artisans: new apprentices whose skills our sources do not print; the player supplies them."""
    state = new(expansions=["age_of_artisans"])
    state, notes = play(state, hire(1, "aoa_abbot", source="free", skills="masonry"))   # reverse turn order
    assert state["players"][1]["apprentices"] == [{"id": "aoa_abbot", "skills": ["masonry"]}]
    with pytest.raises(table.MoveError) as refused:
        play(state, hire(0, "aoa_abbot", source="free", skills="cooking"))
    assert refused.value.field == "skills"
