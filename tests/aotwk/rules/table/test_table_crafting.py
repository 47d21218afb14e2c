"""Age of Artisans at the table (seed 003): crafting, the Artisan, Tools under apprentices,
the expansion's setup steps and its Guildhall; board abilities of the expansion and promos."""

import pytest

from companion.aotwk.rules import table

AOA = ["age_of_artisans"]


@pytest.fixture
def aoa(new, given):
    """Red has built the Well and hired a Labourer, and has a worker alone on Guildhall space 1."""
    state = new(("Red", "Blue"), expansions=AOA)
    state = given(state, 0, silver=20, buildings=["well"], apprentices=["labourer_1", "stonecutter_1"])
    return given(state, None, guildhall=[0], guildhall_workers=1)


def adornment(**fields):
    return {"kind": "craft_adornment", "player": 0, "building": "well", "vp": 3, **fields}


def tool(**fields):
    return {"kind": "craft_tool", "player": 0, "apprentice": "labourer_1", **fields}


def test_guildhall_for_six_players(new):
    """Age of Artisans, Notes for games with 6 players: 'As with the 5 player game, the game ends once
    all spaces in the Guildhall have been filled with Workers' (our reading: the 5-player board, 24
    spaces); 'there are not enough Reward Cards ... just use all possible cards'."""
    state = new(tuple("ABCDEF"), expansions=AOA)
    assert state["table"]["guildhall_capacity"] == 24
    assert state["table"]["reward_cards_left"] == 11
    assert table.guildhall_layout(state).apprentice_reset_at == (3, 9, 15)
    assert any("every Reward card" in item and "our reading" in item for item in state["setup_checklist"])


def test_setup_steps_5_and_6(new):
    """Age of Artisans, Setup 5: 'Each player takes 1 Player Aid and 1 Artisan in their chosen colour.'
    Setup 6: 'In reverse turn order, each player hires (at no cost), 1 faceup Apprentice ... Be sure to
    lose or gain Virtue from chosen Apprentices if necessary.'"""
    state = new(("Ann", "Bob", "Cy"), expansions=AOA)
    checklist = " | ".join(state["setup_checklist"])
    assert "1 Player Aid and 1 Artisan" in checklist
    assert "reverse turn order (Cy, Bob, Ann)" in checklist
    assert table.status(state, 2)["starting_hire_next"] and table.status(state, 0)["starting_hire_pending"]
    state, notes = table.apply(state, {"kind": "hire", "player": 2, "apprentice": "thief_1", "source": "free"})
    assert state["players"][2]["silver"] == 5     # no cost
    assert state["players"][2]["virtue"] == 7 + table_virtue("thief_1")
    assert "Starting apprentice next: Bob" in notes
    assert not table.status(state, 2)["starting_hire_pending"] and table.status(state, 1)["starting_hire_next"]


def table_virtue(apprentice_id):
    from companion.aotwk.catalogue import load
    return load().apprentices[apprentice_id].virtue


def test_crafting_an_adornment(aoa, play):
    """Crafting Adornments: 'Place a Worker ... on top of 1 of their previously placed Workers in the
    Guildhall', 'Pay 2 Silver to the Tax Stand and 3 Silver to the Supply', 'Tuck the crafted Adornment
    underneath 1 of their previously constructed Building Cards', 'Resolve the immediate benefits'."""
    state, notes = play(aoa, adornment(clay=3))
    red = state["players"][0]
    assert red["silver"] == 15 and red["clay"] == 3
    assert state["table"]["tax_stand_silver"] == 4 + 2
    assert red["adornments"] == [3] and red["adornments_on"] == {"well": 3}
    assert state["table"]["guildhall_stacked"] == [1]
    assert state["table"]["guildhall_workers"] == 1   # stacking fills no new space


def test_one_adornment_per_building_and_a_building_is_needed(aoa, given, play):
    """'Players can only have 1 Adornment attached to each Building. If players do not have an
    available Building in front of them, they cannot craft an Adornment.'"""
    state, _ = play(given(aoa, None, guildhall=[0, 1, 0], guildhall_workers=3), adornment())
    with pytest.raises(table.MoveError, match="already has an Adornment"):
        play(state, adornment())
    with pytest.raises(table.MoveError, match="no building"):
        play(given(aoa, 0, buildings=[]), adornment())


def test_stacking_only_on_your_own_single_worker(aoa, given, play):
    """'Players cannot place Workers on top of their opponents' Workers. Players can never have more
    than 2 Workers on a single Guildhall space.'"""
    with pytest.raises(table.MoveError, match="no worker of their own"):
        play(given(aoa, None, guildhall=[1]), adornment())
    state, _ = play(aoa, adornment())
    with pytest.raises(table.MoveError, match="no worker of their own"):
        play(given(state, 0, buildings=["well", "keep"]), adornment(building="keep"))


def test_crafting_is_age_of_artisans_only(new, given, play):
    state = given(new(), 0, buildings=["well"], silver=9)
    with pytest.raises(table.MoveError, match="Age of Artisans"):
        play(state, adornment())


def test_a_tool_under_an_apprentice_adds_its_skills(aoa, play):
    """Crafting Tools: 'Tuck the crafted Tool Card underneath 1 of their Apprentices'; Tool & Apprentice
    examples: it 'provides this Abbot with 1 more Skill of each type. This counts for constructing
    Buildings and also when scoring Buildings such as the Mason's Hut and Dormitory.'"""
    state, _ = play(aoa, tool(apprentice="stonecutter_1", skills="masonry"))
    red = state["players"][0]
    assert red["tools"] == 1
    entry = next(e for e in red["apprentices"] if isinstance(e, dict))
    assert entry["id"] == "stonecutter_1" and entry["tool"] == {"skills": ["masonry"]}
    assert entry["skills"].count("masonry") == 2
    assert any("Tool under the" in line for line in table.status(state, 0)["abilities"])


def test_one_tool_per_apprentice(aoa, given, play):
    """'Players can only have 1 Tool attached to each Apprentice. If players do not have an available
    Apprentice in front of them, they cannot craft a Tool.'"""
    state, _ = play(given(aoa, None, guildhall=[0, 0]), tool())
    with pytest.raises(table.MoveError, match="already has a Tool"):
        play(state, tool())
    with pytest.raises(table.MoveError, match="no apprentice"):
        play(given(aoa, 0, apprentices=[]), tool())


def test_a_tool_at_the_black_market_middle_space(aoa, play):
    """Crafting Tools, step 1: 'or place a Worker at the middle space of the Black Market (this costs
    2 Silver and 1 Virtue, rather than committing a Worker to the Guildhall permanently)'."""
    state, _ = play(aoa, tool(place="black_market"))
    red = state["players"][0]
    assert (red["silver"], red["virtue"], red["tools"]) == (18, 6, 1)
    assert state["table"]["black_market"]["middle"] == 0
    assert "guildhall_stacked" not in state["table"]


def test_the_overlay_covers_the_middle_space_hire(aoa, play):
    """Age of Artisans, Setup 1: 'place the Black Market Overlay Card in the middle space of the Black
    Market, covering the original iconography.'"""
    with pytest.raises(table.MoveError, match="crafts a Tool"):
        play(aoa, {"kind": "black_market", "player": 0, "space": "middle", "apprentice": "thief_1"})


def test_a_discarded_apprentice_passes_its_tool_on(aoa, given, play):
    """Tool Effects: 'If however, an Apprentice must be discarded by some effect, any Tool they had may
    be repurposed to 1 of their other available Apprentices. In the rare case that this is not
    possible, they must discard the Tool from the game.'"""
    state, _ = play(aoa, tool(skills="tiling"))
    discard = {"kind": "discard_apprentice", "player": 0, "apprentice": "labourer_1"}
    with pytest.raises(table.MoveError, match="choose who takes it") as refused:
        play(state, discard)
    assert refused.value.field == "tool_to"
    moved, _ = play(state, {**discard, "tool_to": "stonecutter_1"})
    (entry,) = moved["players"][0]["apprentices"]
    assert entry["tool"] == {"skills": ["tiling"]} and "tiling" in entry["skills"]
    alone, _ = play(given(state, 0, apprentices=[state["players"][0]["apprentices"][0]]),
                    {**discard})
    assert alone["players"][0]["tools"] == 0 and alone["players"][0]["apprentices"] == []


def test_the_artisan_ignores_one_virtue_loss(aoa, given, play):
    """Artisans: 'When placing an Artisan, it may ignore 1 Virtue loss. For example, if a player used
    their Artisan at the Tax Stand, they would only lose 1 Virtue, rather than 2.'"""
    state, notes = play(aoa, {"kind": "steal_tax", "player": 0, "artisan": True})
    assert state["players"][0]["virtue"] == 6
    assert "counts as 2 workers" in notes[0]
    assert "artisan" not in state["table"]
    state, _ = play(aoa, {"kind": "black_market", "player": 0, "space": "small", "artisan": True})
    assert state["players"][0]["virtue"] == 7


def test_the_artisan_is_never_placed_in_the_guildhall(aoa, play):
    """Artisans: 'Artisans may never be placed into the Guildhall.'"""
    with pytest.raises(table.MoveError, match="never be placed into the Guildhall"):
        play(aoa, tool(artisan=True))


def test_walaric_artisan_counts_as_3_workers(new, play):
    """Variable Player Powers, Walaric: 'His Artisan also counts as 3 Workers when being placed.'"""
    state = new(("Wal", "Bo"), variable_boards=True, board_0="walaric", board_1="ada", expansions=AOA)
    seat = [p["name"] for p in state["players"]].index("Wal")
    state["table"]["tax_stand_silver"] = 3
    _, notes = play(state, {"kind": "steal_tax", "player": seat, "artisan": True})
    assert "counts as 3 workers" in notes[0]


def test_gisela_takes_the_adornment_benefit_with_a_tool(new, given, play):
    """Variable Player Powers, Gisela: 'Any time she crafts a Tool, she also gains the immediate benefit
    printed on the Adornment section of that Craft Card'. Others may not."""
    state = new(("Gis", "Bo"), variable_boards=True, board_0="gisela", board_1="ada", expansions=AOA)
    gis = [p["name"] for p in state["players"]].index("Gis")
    state = given(given(state, gis, apprentices=["labourer_1"]), None, guildhall=[gis, 1 - gis])
    state, _ = play(state, {"kind": "craft_tool", "player": gis, "apprentice": "labourer_1", "clay": 3})
    assert state["players"][gis]["clay"] == 3
    state = given(state, 1 - gis, apprentices=["thief_1"])
    with pytest.raises(table.MoveError, match="only Gisela"):
        play(state, {"kind": "craft_tool", "player": 1 - gis, "apprentice": "thief_1", "clay": 3})


def test_hugo_may_pay_silver_instead_of_a_debt(new, play):
    """2018 promo board, Hugo: 'Whenever he would take a debt he may pay 2 silver instead.'"""
    state = new(("Hugo", "Bo"), variable_boards=True, board_0="hugo", board_1="bertha")
    seat = [p["name"] for p in state["players"]].index("Hugo")
    taken, notes = play(state, {"kind": "take_debts", "player": seat, "count": 1})
    assert "Pay silver instead" in " ".join(notes)
    instead, _ = play(taken, {"kind": "debt_to_silver", "player": seat})
    assert (instead["players"][seat]["debts_unpaid"], instead["players"][seat]["silver"]) == (0, 10)
    direct, _ = play(state, {"kind": "take_debts", "player": seat, "count": 2, "silver_instead": True})
    assert (direct["players"][seat]["debts_unpaid"], direct["players"][seat]["silver"]) == (0, 8)
    with pytest.raises(table.MoveError, match="no ability"):
        play(state, {"kind": "debt_to_silver", "player": 1 - seat})


def test_status_shows_each_seat_ability_in_words(new):
    state = new(("Ann", "Bob"), variable_boards=True, board_0="hugo", board_1="walaric", expansions=AOA)
    words = {table.status(state, seat)["name"]: table.status(state, seat)["abilities"] for seat in (0, 1)}
    assert words["Ann"][0].startswith("Hugo: Whenever he would take a debt")
    assert "counts as 3 workers" in words["Bob"][1]
    assert table.status(new(), 0)["abilities"] == []


def test_walaric_tucks_his_starting_tool(new, given, play):
    """Variable Player Powers, Walaric: 'Begins the game with ... 1 Tool (chosen from those available
    after the Building Card draft)'."""
    state = new(("Wal", "Bo"), variable_boards=True, board_0="walaric", board_1="ada", expansions=AOA)
    seat = [p["name"] for p in state["players"]].index("Wal")
    state = given(state, seat, apprentices=["labourer_1"])
    state, _ = play(state, {"kind": "tuck_tool", "player": seat, "apprentice": "labourer_1"})
    assert state["players"][seat]["apprentices"][0]["tool"] == {"skills": []}
    assert state["players"][seat]["tools"] == 1
    with pytest.raises(table.MoveError, match="holds no Tool"):
        play(given(state, seat, apprentices=state["players"][seat]["apprentices"] + ["thief_1"]),
             {"kind": "tuck_tool", "player": seat, "apprentice": "thief_1"})


def test_building_an_expansion_card_says_its_timing_is_our_reading(aoa, given, play):
    """Age of Artisans, New Buildings lists each card's effect without saying when it acts."""
    _, notes = play(aoa, {"kind": "build", "player": 0, "building": "aoa_courtyard", "vp": 1})
    assert any("our reading, the expansion does not say when" in note for note in notes)


def test_hugo_is_offered_silver_for_a_debt_from_the_virtue_track(new, given, play):
    """Virtue Track: 'For each Virtue players lose below 0, they must take a Debt Card'; Hugo 'may pay
    2 silver instead'."""
    state = new(("Hugo", "Bo"), variable_boards=True, board_0="hugo", board_1="bertha")
    seat = [p["name"] for p in state["players"]].index("Hugo")
    state, notes = play(given(state, seat, virtue=0), {"kind": "virtue", "player": seat, "delta": -1})
    assert state["players"][seat]["debts_unpaid"] == 1
    assert any("Pay silver instead" in note for note in notes)


def test_the_graveyard_passes_a_discarded_apprentices_tool_on(aoa, given, play):
    """Tool Effects: 'If however, an Apprentice must be discarded by some effect, any Tool they had may
    be repurposed to 1 of their other available Apprentices.'"""
    state, _ = play(aoa, tool())
    state = given(state, 0, clay=4, wood=1, stone=2, marble=2)
    build = {"kind": "build", "player": 0, "building": "graveyard", "discard_apprentice": "labourer_1"}
    with pytest.raises(table.MoveError, match="choose who takes it"):
        play(state, build)
    state, _ = play(state, {**build, "tool_to": "stonecutter_1"})
    (entry,) = state["players"][0]["apprentices"]
    assert entry["id"] == "stonecutter_1" and "tool" in entry


def test_an_adornment_vp_from_the_card_library(aoa, play):
    """Crafting Adornments: 'This Adornment will also score them an additional 3 VP at the game's end'
    (the VP printed in the top right, entered once in the card library)."""
    from companion.aotwk import catalogue

    with catalogue.using({"craft_cards.7.adornment_vp": 3, "craft_cards.7.name": "Golden tapestry"}):
        state, notes = play(aoa, {"kind": "craft_adornment", "player": 0, "building": "well", "craft_card": 7})
        with pytest.raises(table.MoveError, match="craft card 8 has no VP"):
            play(aoa, {"kind": "craft_adornment", "player": 0, "building": "well", "craft_card": 8})
    assert state["players"][0]["adornments"] == [3]
    assert "Golden tapestry: 3 VP (entered at this table)" in notes
    with pytest.raises(table.MoveError, match="printed VP"):
        play(aoa, {"kind": "craft_adornment", "player": 0, "building": "well"})


def test_moves_and_fields_say_which_games_use_them(new):
    """Crafting and the Artisan come with Age of Artisans: a form for a base game can leave them out."""
    base, artisans = new(), new(expansions=AOA)
    craft = table.MOVES["craft_tool"]
    assert not craft.in_play(base) and craft.in_play(artisans)
    steal = table.MOVES["steal_tax"]
    assert "artisan" not in [p.name for p in steal.params_in_play(base)]
    assert "artisan" in [p.name for p in steal.params_in_play(artisans)]
    assert table.MOVES["virtue"].in_play(base)


def test_the_free_starting_hires_go_in_reverse_turn_order(new, play):
    """Age of Artisans, Setup 6: 'In reverse turn order, each player hires (at no cost), 1 faceup Apprentice
    from the Main Board.'"""
    state = new(("Ann", "Bob", "Cy"), expansions=AOA)
    with pytest.raises(table.MoveError, match="reverse turn order: Cy hires next, not Ann") as refused:
        play(state, {"kind": "hire", "player": 0, "apprentice": "thief_1", "source": "free"})
    assert refused.value.field == "player"
    state, _ = play(state, {"kind": "hire", "player": 2, "apprentice": "thief_1", "source": "free"})
    with pytest.raises(table.MoveError, match="Bob hires next, not Cy"):
        play(state, {"kind": "hire", "player": 2, "apprentice": "miner_1", "source": "free"})
    state, _ = play(state, {"kind": "hire", "player": 1, "apprentice": "miner_1", "source": "free"},
                    {"kind": "hire", "player": 0, "apprentice": "miner_2", "source": "free"})
    assert state["table"]["starting_hires"] == []
    state, _ = play(state, {"kind": "hire", "player": 2, "apprentice": "merchant_1", "source": "free"})  # a Tavern's


def test_the_bots_guildhall_placement_recorded_by_hand_crafts_its_adornment(new, play):
    """Age of Artisans, Solo Variant: 'Any time they place a Worker in the Guildhall, not only do they follow
    any steps outlined on their Scheme Card, but they also craft 1 Adornment'; 'They are only concerned with
    the printed Victory Points of Adornments.'"""
    solo = new(("Ann",), mode="solo", opponent="helena", expansions=AOA)
    cathedral = {"kind": "advance_cathedral", "player": "bot", "reward": "silver3_virtue1"}
    with pytest.raises(table.MoveError, match="crafts an Adornment with each Guildhall placement") as refused:
        play(solo, cathedral)
    assert refused.value.field == "adornment_vp"
    state, notes = play(solo, {**cathedral, "adornment_vp": 4})
    assert state["bot"]["adornments"] == [4] and state["table"]["guildhall"] == ["bot"]
    with pytest.raises(table.MoveError) as refused:
        play(solo, {"kind": "advance_cathedral", "player": 0, "reward": "silver3_virtue1", "adornment_vp": 4})
    assert refused.value.field == "adornment_vp"
    base, _ = play(new(("Ann",), mode="solo", opponent="helena"), cathedral)   # no expansion: no Adornment
    assert base["bot"]["adornments"] == []
