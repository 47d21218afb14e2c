"""Constructing buildings and their immediate effects."""

import pytest

from companion.aotwk.catalogue import load
from companion.aotwk.rules import table

ALL_SKILLS = ["labourer_1"]


def build(player, building, **options):
    return {"kind": "build", "player": player, "building": building, **options}


def rich(given, state, seat, **more):
    """A player holding plenty of everything and a Labourer (all 3 skills)."""
    return given(state, seat, gold=9, marble=9, silver=9, clay=9, wood=9, stone=9, apprentices=list(ALL_SKILLS), **more)


def test_build_pays_the_cost_and_takes_a_guildhall_space(new, given, play):
    """Rulebook, Constructing a Building: 'The Well ... costs only 2 Wood and 2 Stone.
    Once built, it will allow the current player to immediately gain 4 Clay.'"""
    state = given(new(), 0, wood=2, stone=3)
    state, notes = play(state, build(0, "well"))
    red = state["players"][0]
    assert (red["wood"], red["stone"], red["clay"]) == (0, 1, 4)
    assert red["buildings"] == ["well"]
    assert state["table"]["guildhall"] == [0]


def test_keep_needs_all_three_skills_and_costs_virtue(new, given, play):
    """Rulebook, Constructing a Building: 'The Keep requires all 3 Apprentice skills, 5 Wood,
    2 Stone and 2 Gold ... it will cause the current player to lose 2 Virtue.'"""
    state = given(new(), 0, wood=5, stone=2, gold=2, apprentices=["woodcutter_1", "miner_1"])
    with pytest.raises(table.MoveError, match="needs an apprentice with masonry") as refused:
        play(state, build(0, "keep"))
    assert refused.value.field == "building"
    state, _ = play(given(state, 0, apprentices=["labourer_1"]), build(0, "keep"))
    red = state["players"][0]
    assert (red["virtue"], red["wood"], red["stone"], red["gold"]) == (5, 0, 0, 0)


def test_short_of_resources_is_refused_with_what_is_missing(new, given, play):
    """Rulebook, Constructing a Building: 'players must pay the indicated resources'."""
    with pytest.raises(table.MoveError, match="Red is short of 1 stone for the Well"):
        play(given(new(), 0, wood=2, stone=1), build(0, "well"))


def test_untracked_resources_are_not_charged(new, play):
    """Setup option track_resources=False: the building is recorded, costs and gains are only noted."""
    state, notes = play(new(track_resources=False), build(0, "well"))
    assert state["players"][0]["buildings"] == ["well"]
    assert state["players"][0]["clay"] == 0
    assert any("not tracked" in n for n in notes)


def test_unchecked_payments_record_a_building_without_its_skills(new, play):
    """Rulebook, Constructing a Building: 'players will need to have at least 1 hired Apprentice
    with a matching symbol' and 'must pay the indicated resources'. With payments unchecked
    (track_resources=False) the table checked both when it paid on the board: the Keep, which
    'requires all 3 Apprentice skills', is recorded for a player the app shows without apprentices,
    and its Virtue still applies ('it will cause the current player to lose 2 Virtue')."""
    state, notes = play(new(track_resources=False), build(0, "keep"))
    red = state["players"][0]
    assert red["buildings"] == ["keep"]
    assert red["virtue"] == 5
    assert any("constructs the Keep" in n for n in notes)


def test_checked_payments_still_refuse_missing_skills(new, play):
    """Rulebook, Constructing a Building: 'players will need to have at least 1 hired Apprentice
    with a matching symbol' - kept when the app checks payments."""
    with pytest.raises(table.MoveError, match="needs an apprentice with"):
        play(new(track_resources=True), build(0, "keep"))


def test_unchecked_payments_take_a_resource_option_without_asking(new, play):
    """Cards: Treasury gives 1 gold or 3 silver. Unchecked payments: both are resources the app
    does not track, so the player takes one on the board and the app only notes it."""
    state, notes = play(new(track_resources=False), build(0, "clay_pit"))
    assert state["players"][0]["buildings"] == ["clay_pit"]
    assert any("1 gold or 1 marble" in n for n in notes)


def test_one_card_per_building(new, given, play):
    """Rulebook, Components: 40 Building Cards, each one card; 'display the card faceup above their
    Player Board'."""
    state, _ = play(given(new(), 0, wood=2, stone=2), build(0, "well"))
    with pytest.raises(table.MoveError, match="already built by Red"):
        play(given(state, 1, wood=2, stone=2), build(1, "well"))


def test_resource_markets_are_removed_in_solo(solo, given, play):
    """Rulebook, Solo Play, Setup 2: 'Remove the 4 "Resource Market" Building Cards from the deck.'"""
    with pytest.raises(table.MoveError, match="removed from the deck"):
        play(rich(given, solo, 0), build(0, "clay_market"))


def test_unknown_building_suggests_ids(new, play):
    """Score contract: unknown ids are refused with the closest known ids."""
    with pytest.raises(table.MoveError, match="did you mean") as refused:
        play(new(), build(0, "kepe"))
    assert refused.value.field == "building"


def test_treasury_needs_a_choice(new, given, play):
    """Cards: Treasury gives 1 gold or 3 silver (the player chooses)."""
    state = rich(given, new(), 0)
    with pytest.raises(table.MoveError) as refused:
        play(state, build(0, "treasury"))
    assert refused.value.field == "choice"
    after, _ = play(state, build(0, "treasury", choice="silver3"))
    assert after["players"][0]["silver"] == 9 + 3
    after, _ = play(state, build(0, "treasury", choice=0))
    assert after["players"][0]["gold"] == 9 - 1 + 1


def test_betting_house_takes_a_debt(new, given, play):
    """Cards: the Betting House gives 1 unpaid Debt (and costs 1 Virtue)."""
    state, _ = play(rich(given, new(), 0), build(0, "betting_house"))
    assert (state["players"][0]["debts_unpaid"], state["players"][0]["virtue"]) == (1, 6)


def test_church_destroys_one_unpaid_debt(new, given, play):
    """Rulebook, Building Effects, Church: 'may immediately destroy 1 unpaid Debt they hold'."""
    state, _ = play(rich(given, new(), 0, debts_unpaid=2), build(0, "church"))
    assert (state["players"][0]["debts_unpaid"], state["players"][0]["debts_paid"]) == (1, 0)


def test_monument_gives_everyone_1_virtue_bot_included(new, given, play):
    """Rulebook, Building Effects, Monument: 'All players immediately gain 1 Virtue (Note
    that the controlling player will gain a total of 2 Virtue)'."""
    state = new(("Red", "Blue"), mode="two_vs_bot", opponent="helena")
    state, _ = play(rich(given, state, 0), build(0, "monument"))
    assert [p["virtue"] for p in state["players"]] == [9, 8]
    assert state["bot"]["virtue"] == 8


def test_watchtower_hits_everyone_with_3_in_prison(solo, given, play):
    """Rulebook, Building Effects, Watchtower: 'All players with 3 or more Workers in Prison
    immediately lose 1 Virtue (including the controlling player)'."""
    state = given(rich(given, solo, 0, prisoners=3), "bot", prisoners=3)
    state, _ = play(state, build(0, "watchtower"))
    assert state["players"][0]["virtue"] == 7 - 1 - 1
    assert state["bot"]["virtue"] == 6


def test_palace_gold_per_4_virtue(new, given, play):
    """Rulebook, Building Effects, Palace: 'gains 1 Gold for every 4 Virtue they currently have'."""
    state, _ = play(rich(given, new(), 0, virtue=13), build(0, "palace"))
    assert state["players"][0]["gold"] == 9 + 3


def test_hideout_releases_own_prisoners(new, given, play):
    """Rulebook, Building Effects, Capture / Release Workers: Hideout takes the Guardhouse release."""
    state, _ = play(rich(given, new(), 0, prisoners=4), build(0, "hideout"))
    assert state["players"][0]["prisoners"] == 0


def test_library_discard_for_2_gold_is_optional(new, given, play):
    """Rulebook, Building Effects, Library: 'may immediately discard 1 chosen Building Card from their hand to gain 2 Gold'."""
    state = rich(given, new(), 0)
    after, _ = play(state, build(0, "library", discard_card=True))
    assert after["players"][0]["gold"] == 11
    after, _ = play(state, build(0, "library"))
    assert after["players"][0]["gold"] == 9


def test_tavern_hires_free(new, given, play):
    """Rulebook, Building Effects, Tavern: 'immediately hires any 1 faceup Apprentice for free'."""
    state, _ = play(rich(given, new(), 0), build(0, "tavern", apprentice="thief_1"))
    red = state["players"][0]
    assert red["apprentices"] == ["labourer_1", "thief_1"]
    assert red["silver"] == 9 and state["table"]["tax_stand_silver"] == 4


def test_graveyard_discards_an_apprentice(new, given, play):
    """Cards (promo): the Graveyard makes its builder discard an apprentice."""
    state = rich(given, new(), 0)
    with pytest.raises(table.MoveError) as refused:
        play(state, build(0, "graveyard"))
    assert refused.value.field == "discard_apprentice"
    state, _ = play(state, build(0, "graveyard", discard_apprentice="labourer_1"))
    assert state["players"][0]["apprentices"] == []


def test_crane_grants_one_extra_placement(new, given, play):
    """Cards (promo): the Crane lets its builder place one more worker in the Guildhall."""
    state = rich(given, new(), 0)
    with pytest.raises(table.MoveError) as refused:
        play(state, build(0, "well", extra=True))
    assert refused.value.field == "extra"
    state, notes = play(state, build(0, "crane"), build(0, "well", extra=True))
    assert state["table"]["guildhall"] == [0, 0]
    with pytest.raises(table.MoveError):
        play(state, build(0, "smithy", extra=True))


def test_the_next_build_after_the_crane_is_its_extra_placement_said_or_not(new, given, play):
    """Crane (promo, not in the rulebooks; reference card: 'place one more worker in the Guildhall to
    construct another building or advance the Cathedral'). Playtest: the Build panel's one tap does not
    say "extra", so the placement was never used and its chip stayed. The builder's next placement uses it."""
    state, _ = play(rich(given, new(), 0), build(0, "crane"), build(0, "well"))
    assert state["table"]["extra_placement"] is None and state["table"]["guildhall"] == [0, 0]
    assert not table.status(state, 0)["extra_placement"]


def test_another_players_placement_ends_an_unused_crane_placement(new, given, play):
    """The Crane's extra placement is 'one more' in its builder's turn: once another player places in
    the Guildhall that turn is over, and the offer (and its chip) with it."""
    state, _ = play(rich(given, rich(given, new(), 0), 1), build(0, "crane"))
    assert table.status(state, 0)["extra_placement"]
    state, _ = play(state, build(1, "well"))
    assert state["table"]["extra_placement"] is None and not table.status(state, 0)["extra_placement"]


def test_every_immediate_effect_kind_has_a_handler():
    """Rulebook, Constructing a Building: 'All immediate effects must be triggered once the Building has
    been constructed.'"""
    from companion.aotwk.catalogue import IMMEDIATE_KINDS
    from companion.aotwk.rules.table.buildings import EFFECTS
    assert set(EFFECTS) == set(IMMEDIATE_KINDS)


def test_unknown_printed_vp_must_be_given(new, given, play):
    """Score contract: 'A building with no known printed VP and none given is invalid input.'"""
    state = new(expansions=["age_of_artisans"])
    unknown = next(b.id for b in load().buildings.values() if b.vp is None and b.effect["kind"] == "gain")
    with pytest.raises(table.MoveError) as refused:
        play(state, build(0, unknown))
    assert refused.value.field == "vp"
    state, notes = play(state, build(0, unknown, vp=5))
    assert state["players"][0]["buildings"] == [{"id": unknown, "vp": 5}]


def test_age_of_artisans_buildings_need_the_expansion(new, play):
    """Age of Artisans, Setup: its buildings are shuffled in only when the expansion is used."""
    with pytest.raises(table.MoveError, match="Age of Artisans"):
        play(new(), build(0, "aoa_courtyard", vp=3))


def test_remove_building_correction(new, given, play):
    """A correction move: the card leaves the display, nothing it did is reversed."""
    state, _ = play(given(new(), 0, wood=2, stone=2), build(0, "well"))
    state, notes = play(state, {"kind": "remove_building", "player": 0, "building": "well"})
    assert state["players"][0]["buildings"] == [] and "not reversed" in notes[0]
    with pytest.raises(table.MoveError):
        play(state, {"kind": "remove_building", "player": 0, "building": "well"})


def test_the_bot_does_not_build(solo, play):
    """Rulebook, Solo Play: the opponent 'Does not collect or use any ... Buildings'."""
    with pytest.raises(table.MoveError) as refused:
        play(solo, build("bot", "well"))
    assert refused.value.field == "player"


def test_therese_pays_gold_with_marble(new, given, play):
    """Rulebook, Variable Setup, Therese: 'For all intents and purposes, she treats Marble and Gold as the same resource.'"""
    state = new(("Therese",), variable_boards=True, board_0="therese")
    state = given(state, 0, clay=1, stone=2, gold=0, marble=1)
    after, _ = play(state, build(0, "betting_house"))
    assert (after["players"][0]["gold"], after["players"][0]["marble"]) == (0, 0)
    with pytest.raises(table.MoveError, match="short of 1 gold"):
        play(given(state, 0, marble=0), build(0, "betting_house"))


def test_lothaire_pays_1_wood_or_stone_less(new, given, play):
    """Promo board Lothaire: 'Pays 1 wood or 1 stone less for each building and each Cathedral level.'"""
    state = new(("Lothaire",), variable_boards=True, board_0="lothaire")
    state = given(state, 0, wood=2, stone=1, virtue=7)
    state, notes = play(state, build(0, "well"))
    assert (state["players"][0]["wood"], state["players"][0]["stone"]) == (0, 0)
    assert any("1 stone less (Lothaire)" in n for n in notes)


def test_clovis_draws_a_card_per_building(new, given, play):
    """Promo board Clovis: 'Draws 1 building card each time he constructs a building.'"""
    state = new(("Clovis",), variable_boards=True, board_0="clovis")
    _, notes = play(given(state, 0, wood=2, stone=2), build(0, "well"))
    assert any("draw 1 building card (Clovis)" in n for n in notes)


def test_a_vp_from_the_card_library_travels_with_the_game(new, given, play):
    """A fact entered at this table is stored in the game, so an export scores anywhere."""
    from companion.aotwk import catalogue

    state = given(new(expansions=["age_of_artisans"]), 0, apprentices=["labourer_1"])
    with catalogue.using({"buildings.aoa_courtyard.vp": 2}):
        state, _ = play(state, {"kind": "build", "player": 0, "building": "aoa_courtyard"})
    assert state["players"][0]["buildings"] == [{"id": "aoa_courtyard", "vp": 2}]
