"""End-game scoring, rule by rule, each test citing the rulebook (seed 000) or the card reference."""

import pytest

from companion.aotwk.rules.scoring import score_document


ARTISANS = ["age_of_artisans"]


def play(*players, bot=None, expansions=()):
    return score_document({"expansions": list(expansions), "players": list(players), "bot": bot})


def one(player, **others):
    """Score a game and return the first player's result."""
    return play(player, *others.get("rivals", ()), bot=others.get("bot"),
                expansions=others.get("expansions", ()))["players"][0]


def reasons_of(result):
    return "\n".join(result["reasons"])


# -- the rulebook's worked examples -----------------------------------------------------------

def test_worked_examples_from_the_pad():
    """End-Game Scoring: 'Red would score a total of 38 VP ... From their 4 Buildings, Level 3 in the
    Cathedral, 12 Virtue, 2 unpaid Debts, 2 Gold, 1 Marble, 6 Silver and 3 Workers in Prison.'
    'Blue would score a total of 40 VP ... 5 Buildings, Level 2 in the Cathedral, 6 Virtue, 0 unpaid
    Debts, 1 Gold, 22 Silver and 4 Workers in Prison.' (Building totals as written on the pad.)"""
    result = play(
        {"name": "Red", "virtue": 12, "debts_unpaid": 2, "cathedral": 3, "gold": 2, "marble": 1, "silver": 6,
         "prisoners": 3, "overrides": {"buildings": 30}},
        {"name": "Blue", "virtue": 6, "cathedral": 2, "gold": 1, "silver": 22, "prisoners": 4,
         "overrides": {"buildings": 35}},
    )
    red, blue = result["players"]
    assert red["categories"] == {"buildings": 30, "cathedral": 7, "virtue": 3, "debts": -4, "gold_marble": 3,
                                 "silver": 0, "prison": -1, "adornments": 0, "tools": 0}
    assert red["total"] == 38
    assert blue["categories"] == {"buildings": 35, "cathedral": 4, "virtue": 0, "debts": 0, "gold_marble": 1,
                                  "silver": 2, "prison": -2, "adornments": 0, "tools": 0}
    assert blue["total"] == 40
    assert result["winners"] == ["Blue"] and (red["rank"], blue["rank"]) == (2, 1)


def test_worked_examples_from_real_cards():
    """The same two players, with real buildings whose end-game bonuses match the example:
    Red's 4 buildings score 30 including +4 (a Keep with 12 captured workers: 1 VP per 3);
    Blue's 5 score 35 including +1 (Mason's Hut, one masonry apprentice) and +2 (Stone Market, most stone)."""
    result = play(
        {"name": "Red", "virtue": 12, "debts_unpaid": 2, "cathedral": 3, "gold": 2, "marble": 1, "silver": 6,
         "prisoners": 3, "captured": 12, "buildings": ["keep", "library", "smithy", "well"]},
        {"name": "Blue", "virtue": 6, "cathedral": 2, "gold": 1, "silver": 22, "prisoners": 4, "stone": 3,
         "buildings": ["stone_market", "masons_hut", "factory", "thieves_den", "church"],
         "apprentices": ["stonecutter_1"]},
    )
    red, blue = result["players"]
    assert (red["categories"]["buildings"], red["total"]) == (30, 38)
    assert (blue["categories"]["buildings"], blue["total"]) == (35, 40)
    assert "Keep: +4 VP for 12 captured workers" in red["reasons"]
    assert "Mason's Hut: +1 VP for 1 apprentice with masonry" in blue["reasons"]


# -- categories --------------------------------------------------------------------------------

@pytest.mark.parametrize("silver, vp", [(9, 0), (10, 1), (22, 2), (39, 3)])
def test_silver_sets_of_ten(silver, vp):
    """End-Game Scoring: 'Gain 1 VP for each set of 10 Silver on their Player Board.'"""
    assert one({"name": "Red", "silver": silver})["categories"]["silver"] == vp


@pytest.mark.parametrize("prisoners, vp", [(0, 0), (1, 0), (2, -1), (3, -1), (8, -4)])
def test_prisoners_per_pair(prisoners, vp):
    """End-Game Scoring: 'Lose 1 VP for every 2 Workers in Prison (1 Worker on its own has no effect).'"""
    assert one({"name": "Red", "prisoners": prisoners})["categories"]["prison"] == vp


def test_gold_and_marble_one_each():
    """End-Game Scoring: 'Gain 1 VP for each Gold and 1 VP for each Marble on their Player Board.'"""
    assert one({"name": "Red", "gold": 3, "marble": 4})["categories"]["gold_marble"] == 7


def test_unpaid_debts_two_each_paid_debts_nothing():
    """End-Game Scoring: 'Lose 2 VP for each unpaid Debt.'"""
    result = one({"name": "Red", "debts_unpaid": 3, "debts_paid": 5})
    assert result["categories"]["debts"] == -6


@pytest.mark.parametrize("level, vp", [(0, 0), (1, 2), (2, 4), (3, 7), (4, 12), (5, 20)])
def test_cathedral_levels(level, vp):
    """Advancing Work on the Cathedral: 'players will score Victory Points equal to the number shown in
    the yellow flag to the left of their current level' (level 1 scores 2 VP in the example)."""
    assert one({"name": "Red", "cathedral": level})["categories"]["cathedral"] == vp


# -- the virtue track at the end -----------------------------------------------------------------

def test_virtue_gain_above_14_destroys_unpaid_debts():
    """End-Game Scoring: 'Note that all Apprentice abilities and board effects remain active during this
    time. For example, if a player was to gain Virtue above the top of the Virtue Track, they could use it
    to destroy unpaid Debts.' Castle: 1 virtue per 2 gold; 13 + 3 = 16 -> 14, 2 debts destroyed."""
    result = one({"name": "Red", "virtue": 13, "gold": 6, "debts_unpaid": 3, "buildings": ["castle"]})
    assert result["final_virtue"] == 14
    assert result["final_debts_unpaid"] == 1
    assert result["categories"]["debts"] == -2
    assert "Castle: +3 virtue for 6 gold, 13 → 14, destroyed 2 unpaid debts" in result["reasons"]


def test_virtue_excess_without_debts_is_lost():
    result = one({"name": "Red", "virtue": 14, "gold": 4, "buildings": ["castle"]})
    assert (result["final_virtue"], result["final_debts_unpaid"]) == (14, 0)


def test_virtue_loss_below_0_takes_debts():
    """Virtue Track: 'For each Virtue players lose below 0, they must take a Debt Card.' Dungeon at 1: -2."""
    result = one({"name": "Red", "virtue": 1, "buildings": ["dungeon"]})
    assert (result["final_virtue"], result["final_debts_unpaid"]) == (0, 1)
    assert result["categories"]["debts"] == -2
    assert result["categories"]["virtue"] == -9


# -- building effects -----------------------------------------------------------------------------

@pytest.mark.parametrize("market, resource", [("clay_market", "clay"), ("silver_market", "silver"),
                                              ("stone_market", "stone"), ("wood_market", "wood")])
def test_resource_markets_need_strictly_the_most(market, resource):
    """Resource Markets: 'gains 2 additional VP if they have more of the resource shown on the left than any
    other player (ties don't count).'"""
    printed = score_document({"players": [{"name": "Red", "buildings": [market]}]})["players"][0]["categories"]["buildings"]
    win = play({"name": "Red", resource: 5, "buildings": [market]}, {"name": "Blue", resource: 4},
               {"name": "Green", resource: 1})
    tie = play({"name": "Red", resource: 5, "buildings": [market]}, {"name": "Blue", resource: 5})
    assert win["players"][0]["categories"]["buildings"] == printed + 2
    assert tie["players"][0]["categories"]["buildings"] == printed
    assert "no bonus" in reasons_of(tie["players"][0])


def test_market_against_the_bot_which_holds_no_resources():
    """Solo Play: the opponent 'Does not collect or use any Silver, Clay, Wood, Stone, Gold' — a market's
    majority over the bot needs just one of the resource. (2 players and a bot: a solo game has no Resource
    Markets, Solo Play Setup 2, and refuses them: test_document.)"""
    result = play({"name": "Red", "clay": 1, "buildings": ["clay_market"]}, {"name": "Blue"},
                  bot={"opponent": "constantine"})
    assert result["players"][0]["categories"]["buildings"] == 6 + 2


def test_steeple_two_vp_for_the_highest_cathedral_counting_the_bot():
    """Cathedral Contribution: 'If the controlling player has advanced work on the Cathedral more than any
    other player (ties don't count), they gain the reward shown' — the Steeple's is 2 VP."""
    ahead = play({"name": "Red", "cathedral": 3, "buildings": ["steeple"]}, {"name": "Blue", "cathedral": 2},
                 bot={"opponent": "helena", "cathedral": 2})
    tied_with_bot = play({"name": "Red", "cathedral": 3, "buildings": ["steeple"]}, {"name": "Blue", "cathedral": 2},
                         bot={"opponent": "helena", "cathedral": 3})
    assert ahead["players"][0]["categories"]["buildings"] == 4 + 2
    assert tied_with_bot["players"][0]["categories"]["buildings"] == 4


def test_chapel_two_virtue_for_the_highest_cathedral():
    """Cathedral Contribution: the Chapel's reward is 2 Virtue, applied before scoring."""
    ahead = play({"name": "Red", "virtue": 9, "cathedral": 2, "buildings": ["chapel"]}, {"name": "Blue", "cathedral": 1})
    tie = play({"name": "Red", "virtue": 9, "cathedral": 2, "buildings": ["chapel"]}, {"name": "Blue", "cathedral": 2})
    assert ahead["players"][0]["final_virtue"] == 11
    assert tie["players"][0]["final_virtue"] == 9


@pytest.mark.parametrize("hut, skill_apprentice", [("carpenters_hut", "woodcutter_1"), ("tilers_hut", "jeweller_1"),
                                                    ("masons_hut", "stonecutter_1")])
def test_huts_count_apprentices_with_the_skill_and_the_labourer(hut, skill_apprentice):
    """Apprentice Huts: 'scores 1 additional VP for each hired Apprentice they have with the indicated skill';
    Labourer: 'This Apprentice has all 3 skill types.'"""
    result = one({"name": "Red", "buildings": [hut], "apprentices": [skill_apprentice, "labourer_1", "acolyte_1"
                                                                     if hut != "carpenters_hut" else "acolyte_2"]})
    assert result["categories"]["buildings"] == 5 + 2


def test_aqueduct_counts_every_building_itself_included():
    """VP Boost (card): the Aqueduct scores 1 VP per constructed building, itself included."""
    result = one({"name": "Red", "buildings": ["aqueduct", "well", "smithy"]})
    assert result["categories"]["buildings"] == 3 + 3 + 3 + 3


@pytest.mark.parametrize("captured, bonus", [(2, 0), (3, 1), (8, 2)])
def test_keep_one_vp_per_three_captured(captured, bonus):
    """Constructing Buildings: 'The Keep ... will score 12 VP, plus an additional 1 VP for every 3 captured Workers.'"""
    assert one({"name": "Red", "captured": captured, "buildings": ["keep"]})["categories"]["buildings"] == 12 + bonus


def test_lighthouse_counts_virtue_after_the_end_game_virtue_changes():
    """VP Boost (card): the Lighthouse scores 1 VP per 4 virtue; end-game virtue effects come first
    ('before scoring'). Virtue 11 + Castle (4 gold: +2) = 13 -> 3 VP."""
    result = one({"name": "Red", "virtue": 11, "gold": 4, "buildings": ["lighthouse", "castle"]})
    assert result["final_virtue"] == 13
    assert result["categories"]["buildings"] == 6 + 10 + 3


def test_moneylender_one_vp_per_paid_debt():
    """VP Boost (card): the Moneylender scores 1 VP per paid Debt."""
    assert one({"name": "Red", "debts_paid": 3, "buildings": ["moneylender"]})["categories"]["buildings"] == 5 + 3


def test_university_needs_no_unpaid_debts_after_end_game_effects():
    """University: 'gains 2 additional VP if they have no unpaid Debts' — a debt destroyed by virtue above 14
    at the end no longer counts."""
    with_debt = one({"name": "Red", "debts_unpaid": 1, "buildings": ["university"]})
    cleared = one({"name": "Red", "virtue": 14, "debts_unpaid": 1, "gold": 2, "buildings": ["university", "castle"]})
    assert with_debt["categories"]["buildings"] == 11
    assert cleared["final_debts_unpaid"] == 0
    assert cleared["categories"]["buildings"] == 11 + 2 + 10


def test_castle_observatory_reservoir_trading_post_virtue_boosts():
    """Virtue Boost: 'gains 1 Virtue (before scoring) for each item or resource shown' — per the cards:
    Castle 2 gold, Observatory 2 marble, Reservoir 2 paid debts, Trading Post 4 clay/wood/stone."""
    cases = [("castle", {"gold": 5}, 2), ("observatory", {"marble": 4}, 2), ("reservoir", {"debts_paid": 3}, 1),
             ("trading_post", {"clay": 3, "wood": 3, "stone": 2}, 2)]
    for building, held, gained in cases:
        result = one({"name": "Red", "virtue": 7, "buildings": [building], **held})
        assert result["final_virtue"] == 7 + gained, building


def test_therese_counts_gold_and_marble_as_one_for_castle_and_observatory():
    """Variable Setup, Therese: 'For all intents and purposes, she treats Marble and Gold as the same resource.'"""
    therese = one({"name": "Red", "board": "therese", "virtue": 7, "gold": 1, "marble": 3, "buildings": ["castle"]})
    standard = one({"name": "Red", "virtue": 7, "gold": 1, "marble": 3, "buildings": ["castle"]})
    assert therese["final_virtue"] == 9
    assert standard["final_virtue"] == 7


def test_museum_counts_buildings_itself_included():
    """Promo Museum (card): 1 virtue per 2 constructed buildings, itself included."""
    assert one({"name": "Red", "virtue": 5, "buildings": ["museum", "well", "smithy"]})["final_virtue"] == 6


def test_fountain_debts_cost_one_less():
    """Fountain: 'The controlling player loses 1 less VP for each unpaid Debt.' Booked in the debts line."""
    result = one({"name": "Red", "debts_unpaid": 3, "buildings": ["fountain"]})
    assert result["categories"]["debts"] == -3
    assert result["categories"]["buildings"] == 4


def test_gamblers_den_debts_cost_one_more_booked_under_buildings():
    """Gambler's Den: 'loses 1 additional VP for each unpaid Debt (3 total per unpaid Debt)'; the contract
    books the extra loss under buildings."""
    result = one({"name": "Red", "debts_unpaid": 2, "buildings": ["gamblers_den"]})
    assert result["categories"]["buildings"] == 10 - 2
    assert result["categories"]["debts"] == -4


def test_fountain_and_gamblers_den_cancel():
    result = one({"name": "Red", "debts_unpaid": 2, "buildings": ["gamblers_den", "fountain"]})
    assert result["categories"]["buildings"] + result["categories"]["debts"] == 10 + 4 - 4


# -- the Dungeon: the owner orders it ---------------------------------------------------------------

def test_dungeon_after_the_gains_when_that_avoids_a_debt():
    """Dungeon: 'loses 2 Virtue (before scoring, but optionally before or after any Virtue gains)'.
    Virtue 1 with a Chapel (+2): Dungeon first would hit 0 and take a debt; after the Chapel it costs nothing."""
    result = play({"name": "Red", "virtue": 1, "cathedral": 2, "buildings": ["dungeon", "chapel"]},
                  {"name": "Blue", "cathedral": 1})["players"][0]
    assert (result["final_virtue"], result["final_debts_unpaid"]) == (1, 0)
    assert "after the virtue gains" in reasons_of(result)


def test_dungeon_before_the_gains_when_that_keeps_more_virtue():
    """At 13 with a Castle (+2, 4 gold) and no debts: Dungeon after the Castle wastes the excess
    (14 -> 12); before it, 11 -> 13 scores 5 VP instead of 3."""
    result = one({"name": "Red", "virtue": 13, "gold": 4, "buildings": ["dungeon", "castle"]})
    assert result["final_virtue"] == 13
    assert result["categories"]["virtue"] == 5
    assert "before the virtue gains" in reasons_of(result)


def test_dungeon_order_prefers_total_then_virtue():
    """Contract: the order that gives the highest total, then the highest final virtue. At 13 with a Castle (+2)
    and 1 debt: after = 12 virtue (3 VP) and the debt destroyed (0); before = 13 (5 VP) and the debt (-2).
    Both total 3: the higher final virtue wins."""
    result = one({"name": "Red", "virtue": 13, "gold": 4, "debts_unpaid": 1, "buildings": ["dungeon", "castle"]})
    assert result["final_virtue"] == 13 and result["final_debts_unpaid"] == 1


# -- Age of Artisans --------------------------------------------------------------------------------------

def test_adornments_score_printed_vp_and_tools_by_scale():
    """Age of Artisans, Game End: 'Adornments score Victory Points as indicated ... if a player had 3 Tools,
    they would score 4 VP, whereas 5 Tools would score a total of 9 VP.'"""
    result = play({"name": "Red", "adornments": [3, 2], "tools": 3, "buildings": ["keep", "well"]},
                  {"name": "Blue", "tools": 5}, {"name": "Green", "tools": 1}, expansions=["age_of_artisans"])
    red, blue, green = result["players"]
    assert red["categories"]["adornments"] == 5 and red["categories"]["tools"] == 4
    assert blue["categories"]["tools"] == 9 and green["categories"]["tools"] == 1


def test_unknown_tools_vp_comes_from_the_override():
    result = one({"name": "Red", "tools": 2, "overrides": {"tools": 2}}, expansions=ARTISANS)
    assert result["categories"]["tools"] == 2


def test_expansion_buildings_with_user_supplied_vp():
    """Age of Artisans buildings: Cellar 1 VP per Adornment, Academy 1 VP per Tool, Arcade 1 virtue per
    Adornment, Meeting Room 1 virtue per Tool, Dormitory 2 VP and Storehouse 1 virtue per set of 3 skills."""
    result = one({"name": "Red", "virtue": 5, "adornments": [2, 1], "tools": 1,
                  "buildings": [{"id": "aoa_cellar", "vp": 4}, {"id": "aoa_academy", "vp": 3},
                                {"id": "aoa_arcade", "vp": 2}, {"id": "aoa_meeting_room", "vp": 2},
                                {"id": "aoa_dormitory", "vp": 3}, {"id": "aoa_storehouse", "vp": 3}],
                  "apprentices": ["labourer_1", "woodcutter_1", "jeweller_1"]}, expansions=ARTISANS)
    # printed 17; Cellar +2, Academy +1, Dormitory: sets = min(2 carpentry, 2 tiling, 1 masonry) = 1 -> +2
    assert result["categories"]["buildings"] == 17 + 2 + 1 + 2
    assert result["final_virtue"] == 5 + 2 + 1 + 1


def test_a_tool_skill_counts_for_the_huts_and_the_dormitory():
    """Age of Artisans, Tool & Apprentice examples: the Tool 'provides this Abbot with 1 more Skill of
    each type. This counts for constructing Buildings and also when scoring Buildings such as the
    Mason's Hut and Dormitory.' Labourer (all three) with a Tool adding one of each: 2 sets."""
    tooled = {"id": "labourer_1", "skills": ["carpentry", "tiling", "masonry", "carpentry", "tiling", "masonry"],
              "tool": {"skills": ["carpentry", "tiling", "masonry"]}}
    result = one({"name": "Red", "tools": 1, "apprentices": [tooled],
                  "buildings": ["masons_hut", {"id": "aoa_dormitory", "vp": 3}]}, expansions=ARTISANS)
    assert "Mason's Hut: +2 VP for 2 masonry skills (1 apprentice, Tools included)" in result["reasons"]
    assert "Dormitory: +4 VP for 2 sets of 3 skills" in result["reasons"]


def test_building_vp_given_by_the_user_wins_over_the_catalogue():
    assert one({"name": "Red", "buildings": [{"id": "well", "vp": 4}]})["categories"]["buildings"] == 4


# -- paper-pad mode --------------------------------------------------------------------------------------------

def test_overrides_replace_computed_categories():
    result = one({"name": "Red", "virtue": 14, "overrides": {"virtue": 5, "cathedral": 12}})
    assert result["categories"]["virtue"] == 5 and result["categories"]["cathedral"] == 12
    assert result["total"] == 17


# -- the bot -------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("opponent, per_worker", [("constantine", 1), ("helena", 3)])
def test_bot_score(opponent, per_worker):
    """Solo Play, End-game Scoring: Cathedral, Virtue, Marble (1 VP each), Workers in the Guildhall
    (Constantine 1 VP each, Helena 3 VP each), Unpaid Debts (-2 VP each), Prisoners (-1 VP per pair)."""
    bot = play({"name": "Red"}, bot={"opponent": opponent, "virtue": 12, "cathedral": 3, "marble": 5,
                                     "guildhall_workers": 6, "debts_unpaid": 1, "prisoners": 5,
                                     "adornments": [3]}, expansions=ARTISANS)["bot"]
    assert bot["categories"] == {"cathedral": 7, "virtue": 3, "marble": 5, "guildhall": 6 * per_worker,
                                 "debts": -2, "prison": -2, "adornments": 3}
    assert bot["total"] == sum(bot["categories"].values())
    assert bot["name"] == opponent.capitalize()


# -- ranks and ties -----------------------------------------------------------------------------------------------

def test_tie_broken_by_virtue():
    """End-Game Scoring: 'In the case of a tie, the player with the highest Virtue is the winner.'"""
    result = play({"name": "Red", "virtue": 9, "overrides": {"buildings": 20}},
                  {"name": "Blue", "virtue": 8, "overrides": {"buildings": 20}})
    assert result["winners"] == ["Red"]
    assert [p["rank"] for p in result["players"]] == [1, 2]
    assert "highest virtue" in result["tie_break"]


def test_tie_broken_by_silver():
    """'If still tied, the tied player with the most remaining Silver is the winner.'"""
    result = play({"name": "Red", "virtue": 8, "silver": 4, "overrides": {"buildings": 20}},
                  {"name": "Blue", "virtue": 8, "silver": 7, "overrides": {"buildings": 20}})
    assert result["winners"] == ["Blue"]
    assert "most silver (7)" in result["tie_break"]


def test_full_tie_shares_the_victory():
    """'If still tied, all tied players share the victory.'"""
    result = play({"name": "Red", "virtue": 8, "silver": 4}, {"name": "Blue", "virtue": 8, "silver": 4},
                  {"name": "Green", "virtue": 2})
    assert result["winners"] == ["Red", "Blue"]
    assert [p["rank"] for p in result["players"]] == [1, 1, 3]
    assert "share the victory" in result["tie_break"]


def test_a_table_that_does_not_track_silver_breaks_no_tie_on_it_until_the_count():
    """'If still tied, the tied player with the most remaining Silver is the winner': remaining silver. A
    table that does not track resources holds only the setup's silver (3 and 4 here) until its end
    count, so its live score shares the rank; a tracked table, and the counted one, break it on silver."""
    from companion.aotwk.rules import table
    from companion.aotwk.rules.scoring import score_state

    tracked = table.new_game({"players": [{"name": "Ann"}, {"name": "Cy"}]})
    assert score_state(tracked)["winners"] == ["Cy"]
    assert "Cy wins with the most silver (4)" in score_state(tracked)["tie_break"]

    untracked = table.new_game({"players": [{"name": "Ann"}, {"name": "Cy"}], "track_resources": False})
    live = score_state(untracked)
    assert live["winners"] == ["Ann", "Cy"] and [p["rank"] for p in live["players"]] == [1, 1]
    assert live["tie_break"] == ("Ann and Cy tied on 0 VP and virtue 7: the silver each has left breaks the tie "
                                 "at the end count")

    counted = {**untracked, "phase": "finished",
               "players": [{**player, "silver": silver} for player, silver in zip(untracked["players"], (9, 2))]}
    assert score_state(counted)["winners"] == ["Ann"]
    assert "Ann wins with the most silver (9)" in score_state(counted)["tie_break"]


def test_bot_ties_break_on_virtue():
    """End-Game Scoring: 'In the case of a tie, the player with the highest Virtue is the winner.'"""
    result = play({"name": "Red", "virtue": 8, "silver": 1, "overrides": {"buildings": 7}},
                  bot={"opponent": "constantine", "virtue": 7, "guildhall_workers": 7})
    assert result["winners"] == ["Red"]
    assert (result["players"][0]["rank"], result["bot"]["rank"]) == (1, 2)


def test_a_human_tied_with_the_bot_on_total_and_virtue_wins_with_any_silver():
    """End-Game Scoring (seed 000 line 509): 'If still tied, the tied player with the most remaining Silver
    is the winner.' Solo Play (line 872): the opponent 'Does not collect or use any Silver': it has 0."""
    result = play({"name": "Red", "virtue": 7, "silver": 9, "overrides": {"buildings": 7}},
                  bot={"opponent": "constantine", "virtue": 7, "guildhall_workers": 7})
    assert result["players"][0]["total"] == result["bot"]["total"] == 7
    assert result["winners"] == ["Red"]
    assert (result["players"][0]["rank"], result["bot"]["rank"]) == (1, 2)
    assert result["tie_break"] == (
        "Red and Constantine tied on 7 VP; still tied on virtue (7), Red wins with the most silver (9) "
        "(Constantine has 0 silver: the bot 'does not collect or use any Silver')")


def test_a_human_without_silver_tied_with_the_bot_shares_the_win():
    """Line 509: 'If still tied, all tied players share the victory.' Both have 0 silver."""
    result = play({"name": "Red", "virtue": 7, "silver": 0, "overrides": {"buildings": 7}},
                  bot={"opponent": "constantine", "virtue": 7, "guildhall_workers": 7})
    assert result["winners"] == ["Red", "Constantine"]
    assert (result["players"][0]["rank"], result["bot"]["rank"]) == (1, 1)
    assert result["tie_break"].startswith("Red and Constantine tied on 7 VP, virtue 7 and 0 silver: they share")


def test_two_humans_tied_with_the_bot_break_the_tie_on_silver():
    result = play({"name": "Red", "virtue": 7, "silver": 9, "overrides": {"buildings": 7}},
                  {"name": "Blue", "virtue": 7, "silver": 2, "overrides": {"buildings": 7}},
                  bot={"opponent": "helena", "virtue": 7, "guildhall_workers": 0, "marble": 7})
    assert result["winners"] == ["Red"]
    assert [p["rank"] for p in result["players"]] == [1, 2] and result["bot"]["rank"] == 3
    assert result["tie_break"].startswith("Red and Blue and Helena tied on 7 VP")


def test_therese_reasons_name_gold_and_marble_apart():
    """Variable Setup, Therese: 'she treats Marble and Gold as the same resource': the reason
    says what she holds, not '6 gold' for 3 gold and 3 marble."""
    result = one({"name": "Red", "board": "therese", "virtue": 7, "gold": 3, "marble": 3, "buildings": ["castle"]})
    assert "Castle: +3 virtue for 3 gold + 3 marble, 7 → 10" in result["reasons"]


def test_no_tie_no_tie_break():
    assert play({"name": "Red", "virtue": 14}, {"name": "Blue"})["tie_break"] is None


# -- every VP in a reason ------------------------------------------------------------------------------

def points(entry) -> int:
    return sum(reason.vp for reason in entry["reasons"])


def test_the_reasons_add_up_to_the_total_printed_vp_gold_and_marble_included():
    """End-Game Scoring: the pad's rows (printed VP, Cathedral, Virtue, Debts, 'Gain 1 VP for each Gold and 1 VP
    for each Marble', Silver, Prison): 'Why Red scored 38' names every one of the 38."""
    red = play({"name": "Red", "virtue": 12, "debts_unpaid": 2, "cathedral": 3, "gold": 2, "marble": 1, "silver": 6,
                "prisoners": 3, "captured": 12, "buildings": ["keep", "library", "smithy", "well"]})["players"][0]
    assert red["total"] == 38 and points(red) == 38
    assert "Printed VP of 4 buildings: +26 VP (Keep 12, Library 8, Smithy 3, Well 3)" in red["reasons"]
    assert "2 gold + 1 marble: +3 VP (1 each)" in red["reasons"]


def test_a_paper_pad_category_has_only_its_pad_line_said_as_the_pad_says_it():
    """A category written on the paper pad replaces the computed one, and its line names the category as
    the pad prints it ('Gold / marble'), never the field name."""
    red = one({"name": "Red", "virtue": 7, "gold": 2, "marble": 1, "buildings": ["well"], "overrides": {"gold_marble": 5,
                                                                                        "buildings": 9}})
    assert red["total"] == 14 == points(red)
    assert "Gold / marble: 5 VP as entered on the paper pad" in red["reasons"]
    assert not any("gold_marble" in line or "Well" in line for line in red["reasons"])


def test_the_bots_reasons_add_up_marble_and_adornments_included():
    """Solo Play, End-game Scoring: 'Marble (1 VP each)'; Age of Artisans, Solo Variant: 'your opponent will
    also score Victory Points for all their crafted Adornments'."""
    bot = play({"name": "Red"}, bot={"opponent": "helena", "virtue": 12, "cathedral": 3, "marble": 5,
                                     "guildhall_workers": 6, "debts_unpaid": 1, "prisoners": 5, "adornments": [3, 2]},
               expansions=ARTISANS)["bot"]
    assert points(bot) == bot["total"]
    assert "5 marble: +5 VP (1 each)" in bot["reasons"] and "2 adornments: +5 VP (printed 3 + 2)" in bot["reasons"]


# -- Hugo's board at the end -------------------------------------------------------------------------------

def test_hugo_pays_silver_instead_of_the_dungeons_debts():
    """Hugo's board (reference aotwk-cards.yaml, Hugo): 'Whenever he would take a debt he may pay 2 silver
    instead.' The Dungeon at virtue 0 would give 2 debts (-4 VP); 4 of his 12 silver cost 1 VP."""
    hugo = one({"name": "Red", "board": "hugo", "virtue": 0, "silver": 12, "buildings": ["dungeon"]})
    assert hugo["final_debts_unpaid"] == 0
    assert hugo["categories"]["debts"] == 0 and hugo["categories"]["silver"] == 0
    assert "Hugo: paid 4 silver instead of taking 2 debts at the end (fewer VP lost)" in hugo["reasons"]
    assert points(hugo) == hugo["total"]
    without = one({"name": "Red", "virtue": 0, "silver": 12, "buildings": ["dungeon"]})
    assert without["final_debts_unpaid"] == 2 and hugo["total"] == without["total"] + 3


def test_hugo_keeps_his_silver_where_paying_gains_nothing():
    """Fountain: 'loses 1 less VP for each unpaid Debt': a debt costs 1 VP, as 2 of his 10 silver do; the
    silver still breaks ties, so he keeps it. With 1 silver he cannot pay."""
    hugo = one({"name": "Red", "board": "hugo", "virtue": 1, "silver": 10, "buildings": ["dungeon", "fountain"]})
    assert hugo["final_debts_unpaid"] == 1 and hugo["categories"]["silver"] == 1
    poor = one({"name": "Red", "board": "hugo", "virtue": 0, "silver": 1, "buildings": ["dungeon"]})
    assert poor["final_debts_unpaid"] == 2


def test_hugos_silver_left_breaks_a_tie():
    """Line 509: the tie-break reads the silver he has left after paying instead of the debts."""
    result = play({"name": "Hugo", "board": "hugo", "virtue": 0, "silver": 12, "buildings": ["dungeon"]},
                  {"name": "Blue", "virtue": 0, "silver": 9, "overrides": {"buildings": 14}})
    hugo, blue = result["players"]
    assert hugo["total"] == blue["total"] and hugo["final_virtue"] == blue["final_virtue"] == 0
    assert result["winners"] == ["Blue"] and "Blue wins with the most silver (9)" in result["tie_break"]
