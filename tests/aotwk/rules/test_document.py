"""Bad input to the score engine: every problem named by its field path, never a crash."""

import pytest

from companion.aotwk.rules.document import InvalidInput, parse_score_input


def problems(doc):
    with pytest.raises(InvalidInput) as err:
        parse_score_input(doc)
    return [str(p) for p in err.value.problems]


def test_contract_example_message_for_out_of_range_virtue():
    """score-cli contract: `players[1].virtue: must be between 0 and 14 (got 19)`."""
    assert problems({"players": [{"name": "Red"}, {"name": "Blue", "virtue": 19}]}) == [
        "players[1].virtue: must be between 0 and 14 (got 19)"]


@pytest.mark.parametrize("field, value, message", [
    ("cathedral", 6, "players[0].cathedral: must be between 0 and 5 (got 6)"),
    ("gold", -1, "players[0].gold: must be at least 0 (got -1)"),
    ("prisoners", 21, "players[0].prisoners: must be between 0 and 20 (got 21)"),
    ("silver", "12", "players[0].silver: must be a whole number (got text)"),
    ("silver", 2.5, "players[0].silver: must be a whole number (got a number)"),
    ("debts_unpaid", True, "players[0].debts_unpaid: must be a whole number (got true/false)"),
    ("buildings", "keep", "players[0].buildings: must be a list (got text)"),
])
def test_wrong_values(field, value, message):
    assert problems({"players": [{"name": "Red", field: value}]}) == [message]


def test_every_problem_is_reported_at_once():
    found = problems({"players": [{"name": "Red", "virtue": 15, "cathedral": -1}, {"virtue": 3}]})
    assert found == ["players[0].virtue: must be between 0 and 14 (got 15)",
                     "players[0].cathedral: must be between 0 and 5 (got -1)",
                     "players[1].name: is required"]


def test_unknown_building_suggests_the_closest_ids():
    """score-cli contract: 'Unknown building or apprentice ids are invalid input (the message lists the
    closest known ids).'"""
    assert problems({"players": [{"name": "Red", "buildings": ["kep"]}]}) == [
        "players[0].buildings[0]: unknown building 'kep'; did you mean keep?"]
    [message] = problems({"players": [{"name": "Red", "apprentices": ["merchant"]}]})
    assert message.startswith("players[0].apprentices[0]: unknown apprentice 'merchant'; did you mean merchant_")


def test_unknown_board_and_opponent():
    found = problems({"players": [{"name": "Red", "board": "theresa"}], "bot": {"opponent": "justinian"}})
    assert found == ["players[0].board: unknown player board 'theresa'; did you mean therese?",
                     "bot.opponent: must be one of constantine, helena (got 'justinian')"]


def test_duplicate_names_case_insensitive_and_the_bots_name():
    assert problems({"players": [{"name": "Red"}, {"name": "red "}]}) == [
        "players[1].name: 'red' is already the name of players[0]; names must be unique"]
    assert problems({"players": [{"name": "Red"}, {"name": "Helena"}], "bot": {"opponent": "helena"}}) == [
        "players[1].name: 'Helena' is the bot's name; choose another"]


@pytest.mark.parametrize("name, message", [
    ("", "players[0].name: must be 1 to 40 characters (got 0)"),
    ("x" * 41, "players[0].name: must be 1 to 40 characters (got 41)"),
    (7, "players[0].name: must be text (got a number)"),
])
def test_names(name, message):
    assert problems({"players": [{"name": name}]}) == [message]


def test_one_card_of_each_building_in_the_game():
    found = problems({"players": [{"name": "Red", "buildings": ["keep"]}, {"name": "Blue", "buildings": ["keep"]}]})
    assert found == ["players[1].buildings[0]: Keep (keep) is already listed for Red; the game has one such card"]


def test_building_with_unknown_printed_vp_needs_one():
    """score-cli contract: 'A building with no known printed VP and none given is invalid input.'"""
    assert problems({"players": [{"name": "Red", "buildings": ["aoa_cellar"]}]}) == [
        'players[0].buildings[0]: the printed VP of Cellar is not in our sources; give it as {"id": "aoa_cellar", "vp": N}']


def test_tools_count_without_a_known_vp_needs_an_override():
    """score-cli contract: 'Where the scale has no value for the count, the input must give overrides.tools'."""
    assert problems({"expansions": ["age_of_artisans"], "players": [{"name": "Red", "tools": 4}]}) == [
        "players[0].tools: the VP for 4 tools is not in our sources; give the player aid's value as overrides.tools"]


def test_apprentice_limit_five_rudolf_six():
    """Workshop: 'Players cannot hire more than 5 Apprentices.' Rudolf: 'may hire up to 6 Apprentices.'"""
    six = ["merchant_1", "merchant_2", "merchant_3", "merchant_4", "merchant_5", "patron_1"]
    assert problems({"players": [{"name": "Red", "apprentices": six}]}) == [
        "players[0].apprentices: a player may hold at most 5 apprentices (got 6)"]
    parse_score_input({"players": [{"name": "Red", "board": "rudolf", "apprentices": six}]})


def test_skills_of_expansion_apprentices_are_asked_for_only_when_counted():
    parse_score_input({"players": [{"name": "Red", "apprentices": ["aoa_abbot"]}]})
    [message] = problems({"players": [{"name": "Red", "apprentices": ["aoa_abbot"], "buildings": ["masons_hut"]}]})
    assert "the skills of Abbot are not in our sources" in message
    parse_score_input({"players": [{"name": "Red", "buildings": ["masons_hut"],
                                    "apprentices": [{"id": "aoa_abbot", "skills": ["masonry"]}]}]})


def test_overrides_must_name_categories():
    assert problems({"players": [{"name": "Red", "overrides": {"castle": 3, "virtue": "x"}}]}) == [
        "players[0].overrides.castle: unknown category; categories are buildings, cathedral, virtue, debts, "
        "gold_marble, silver, prison, adornments, tools",
        "players[0].overrides.virtue: must be a whole number (got text)"]


ARTISANS = ["age_of_artisans"]


@pytest.mark.parametrize("doc, message", [
    # seed 000 line 846: 'add a Byzantine opponent to your regular 2 player game (2 human players vs ...)'
    ({"players": [{"name": "A"}, {"name": "B"}, {"name": "C"}], "bot": {"opponent": "helena"}},
     "bot: a bot plays against 1 player (solo) or 2 (rulebook: '2 human players vs Constantine or Helena'); "
     "got 3 players"),
    # seed 003 line 224: 'In addition to the original scoring steps, players also score ... their Adornments and Tools'
    ({"players": [{"name": "Red", "buildings": ["keep"], "adornments": [3]}]},
     'players[0].adornments: adornments come with Age of Artisans, which this game does not use: '
     'add "age_of_artisans" to expansions'),
    ({"players": [{"name": "Red", "tools": 1}]},
     'players[0].tools: tools come with Age of Artisans, which this game does not use: '
     'add "age_of_artisans" to expansions'),
    ({"players": [{"name": "Red", "overrides": {"adornments": 4}}]},
     'players[0].overrides.adornments: adornments come with Age of Artisans, which this game does not use: '
     'add "age_of_artisans" to expansions'),
    ({"players": [{"name": "Red"}], "bot": {"opponent": "helena", "adornments": [3]}},
     'bot.adornments: adornments come with Age of Artisans, which this game does not use: '
     'add "age_of_artisans" to expansions'),
    # seed 003 line 107: 'Players can only have 1 Adornment attached to each Building.'
    ({"expansions": ARTISANS, "players": [{"name": "Red", "buildings": ["keep"], "adornments": [3, 2]}]},
     "players[0].adornments: 2 adornments but 1 building: each Adornment is tucked under its own Building "
     "(Age of Artisans: 'Players can only have 1 Adornment attached to each Building')"),
    # seed 000 line 856, Solo Play Setup 2: 'Remove the 4 "Resource Market" Building Cards from the deck.'
    ({"players": [{"name": "Red", "clay": 1, "buildings": ["keep", "clay_market"]}], "bot": {"opponent": "helena"}},
     "players[0].buildings[1]: Clay Market is a Resource Market, removed from a solo game (Solo Play, Setup: "
     "'Remove the 4 \"Resource Market\" Building Cards from the deck')"),
    # the score command's contract: 'one line per problem ... naming the field path ... Never a traceback.'
    ({"players": 1}, "players: must be a list of players (got a number)"),
    ([], "(document): must be a JSON object (got a list)"),
    ({}, "players: must be a list of at least one player"),
    ({"players": []}, "players: must be a list of at least one player"),
    ({"players": {"name": "Red"}}, "players: must be a list of players (got an object)"),
    ({"players": ["Red"]}, "players[0]: must be an object (got text)"),
    ({"players": [{"name": "Red"}], "expansions": ["age_of_empires"]},
     "expansions[0]: unknown expansion 'age_of_empires'; known: age_of_artisans"),
    ({"players": [{"name": f"P{i}"} for i in range(6)]}, "players: at most 5 players (6 with Age of Artisans) (got 6)"),
])
def test_document_shape(doc, message):
    assert problems(doc) == [message]


def test_possible_games_near_the_impossible_ones_are_scored():
    """Two players and a bot; an Adornment under each Building; a Resource Market beside a bot in a
    2-player game (the printed '2P vs Bot' card is not in our sources: no removal is read into it)."""
    parse_score_input({"players": [{"name": "A"}, {"name": "B"}], "bot": {"opponent": "helena", "adornments": []}})
    parse_score_input({"expansions": ARTISANS, "players": [{"name": "Red", "buildings": ["keep", "well"],
                                                            "adornments": [3, 2], "tools": 1}]})
    parse_score_input({"players": [{"name": "A", "buildings": ["clay_market"]}, {"name": "B"}],
                       "bot": {"opponent": "helena"}})


def test_six_players_with_age_of_artisans():
    """Age of Artisans adds a 6th player colour."""
    parsed = parse_score_input({"expansions": ["age_of_artisans"], "players": [{"name": f"P{i}"} for i in range(6)]})
    assert len(parsed.players) == 6


def test_unknown_fields_are_ignored_so_exports_score_unchanged():
    """web-routes contract: 'every exported document can be fed to the score command unchanged'."""
    parsed = parse_score_input({"format": "architects-companion/1", "table": {"guildhall_workers": 3},
                                "players": [{"name": "Red", "colour": "red"}]})
    assert parsed.players[0].name == "Red"


@pytest.mark.parametrize("not_entered, message", [
    ([[], "silver"], "players[0].not_entered[0]: must be one of virtue, silver, gold, marble, clay, wood, stone "
                     "(got a list)"),
    (5, "players[0].not_entered: must be a list (got a number)"),
])
def test_a_malformed_not_entered_list_is_named_never_a_crash(not_entered, message):
    """Found by tests/web/test_fuzz.py: a list inside the list crashed the reader (a 500 on import)."""
    assert problems({"players": [{"name": "Red", "not_entered": not_entered}]})[0] == message


def test_values_nobody_entered_are_asked_for_by_field():
    assert problems({"players": [{"name": "Red", "not_entered": ["silver", "virtue"]}]}) == [
        "players[0].silver: nobody has entered Red's silver left yet: the score needs it, and the value from the "
        "setup is not a count",
        "players[0].virtue: nobody has entered Red's final virtue yet: the score needs it, and the value from the "
        "setup is not a count"]


# -- Age of Artisans: one Tool to each Apprentice (issue 30) ------------------------------------

def _tracked(player: dict) -> dict:
    """A document the tracker keeps (its ``table``), where the apprentices are listed."""
    return {"expansions": ["age_of_artisans"], "phase": "playing", "table": {},
            "players": [{"name": "Red", "overrides": {"tools": 0}, **player}]}   # (the tools' VP: not this test's)


def test_more_tools_than_apprentices_to_hold_them_is_refused_in_both_languages():
    """Age of Artisans (seed 003, line 149): 'Players can only have 1 Tool attached to each Apprentice.'"""
    with pytest.raises(InvalidInput) as err:
        parse_score_input(_tracked({"apprentices": ["miner_1"], "tools": 2}))
    [problem] = err.value.problems
    assert (problem.path, str(problem.message)) == (
        "players[0].tools", "2 tools but 1 apprentice: each Tool is tucked under its own Apprentice (Age of "
                            "Artisans: 'Players can only have 1 Tool attached to each Apprentice')")
    assert problem.message.render("ko").startswith("도구 2개, 수습생 1명: ")
    parse_score_input(_tracked({"apprentices": ["miner_1", "merchant_1"], "tools": 2}))


def test_a_tool_a_board_or_a_building_hands_out_may_wait_for_its_apprentice():
    """Walaric 'Begins the game with ... 1 Tool' (seed 003, line 286) and the Garrison's 'Gain 1 Tool at no
    cost' (line 302): held before an Apprentice takes it."""
    parse_score_input(_tracked({"board": "walaric", "tools": 1}))
    parse_score_input(_tracked({"buildings": [{"id": "aoa_garrison", "vp": 1}], "apprentices": ["miner_1"],
                                "tools": 2}))
    with pytest.raises(InvalidInput):
        parse_score_input(_tracked({"board": "walaric", "apprentices": ["miner_1"], "tools": 3}))


def test_a_scores_input_may_list_only_the_apprentices_its_score_needs():
    """shared/contracts/score-cli.md's own example lists 1 apprentice and 3 tools: a score's input
    names the apprentices that matter to its score, not necessarily every one; and a table that
    keeps its Tools on the counter alone lists no apprentice."""
    parse_score_input({"expansions": ["age_of_artisans"],
                       "players": [{"name": "Red", "apprentices": ["merchant_1"], "tools": 3}]})
    parse_score_input(_tracked({"tools": 2}))


@pytest.mark.parametrize("expansions", [1, "age_of_artisans", {"age_of_artisans": True}])
def test_expansions_that_are_no_list_are_named_not_a_crash_of_the_attachment_checks(expansions):
    """Found by the fuzz: "expansions": 1 in a tracked game reached the Tools and Adornments checks,
    which asked whether Age of Artisans was in it (a TypeError, a 500 on import)."""
    tracked = {"players": [{"name": "Ann", "virtue": 7, "silver": 3, "tools": 2, "apprentices": []}],
               "expansions": expansions, "table": {}}
    assert any(problem.startswith("expansions") for problem in problems(tracked))
