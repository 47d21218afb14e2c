"""new_game: validation and what the rulebook derives at setup."""

import pytest

from companion.aotwk.catalogue import load
from companion.aotwk.rules import table
from companion.problems import Problem


def problems_of(setup):
    with pytest.raises(table.SetupError) as refused:
        table.new_game(setup)
    return {p.path: p.message for p in refused.value.problems}


def players(*names, board=None):
    return [{"name": n, "colour": "red", "board": board} for n in names]


def test_standard_silver_by_seat_and_virtue_7(new):
    """Rulebook, Quick Standard Setup 7 and 9: 'All players start with 7 Virtue' and
    'The starting player recieves 3 Silver. All other players receive 1 more Silver
    than the player to their right.'"""
    state = new(("A", "B", "C", "D", "E"))
    assert [p["silver"] for p in state["players"]] == [3, 4, 5, 6, 7]
    assert {p["virtue"] for p in state["players"]} == {7}


def test_reward_cards_two_per_player_plus_one(new):
    """Rulebook, Setup 3: 'This number should be equal to 2 per player, plus 1.
    For example, 9 cards in a 4 player game.'"""
    assert new(("A", "B", "C", "D"))["table"]["reward_cards_left"] == 9
    assert new(("A", "B"))["table"]["reward_cards_left"] == 5


def test_tax_stand_starts_with_4_silver(new):
    """Rulebook, Quick Standard Setup 6: 'Place 4 Silver above the Tax Stand.'"""
    assert new()["table"]["tax_stand_silver"] == 4


@pytest.mark.parametrize("count, capacity, resets", [(2, 12, [7, 10]), (3, 16, [9, 13]), (4, 20, [11, 16]), (5, 24, [13, 19])])
def test_guildhall_layout_for_player_count(new, count, capacity, resets):
    """Rulebook, Playing the Game: 'some spaces are only used at higher player counts';
    Black Market Reset on 'the left-most spaces on the bottom 2 rows'."""
    state = new(tuple("ABCDE"[:count]))
    assert state["table"]["guildhall_capacity"] == capacity
    assert state["table"]["guildhall_reset_at"] == resets


def test_solo_setup(solo):
    """Rulebook, Solo Play, Setup: 5 Reward Cards, 'You start the game with 3 Silver and
    7 Virtue', 'Remove the 4 "Resource Market" Building Cards', the opponent's markers
    under the Cathedral and on 7 of the Virtue Track, 20 Workers."""
    human, bot = solo["players"][0], solo["bot"]
    assert (human["silver"], human["virtue"]) == (3, 7)
    assert (bot["virtue"], bot["cathedral"], bot["workers"]["board"], bot["opponent"]) == (7, 0, 20, "helena")
    assert solo["table"]["reward_cards_left"] == 5
    assert solo["table"]["guildhall_capacity"] == 12  # 'a regular 2 player game (12 constructions)'
    assert sorted(solo["table"]["removed_buildings"]) == sorted(load().solo["removed_buildings"])


def test_two_players_vs_bot_counts_the_bot_as_a_player(new):
    """Solo Play: 'add a Byzantine opponent to your regular 2 player game'. Our reading
    (the 2P vs Bot card is not available): the bot counts as a third player for the
    Guildhall and the Reward pile, like solo counts as 2 players."""
    state = new(("Red", "Blue"), mode="two_vs_bot", opponent="constantine")
    assert state["bot"]["opponent"] == "constantine"
    assert [p["silver"] for p in state["players"]] == [3, 4]
    assert state["table"]["guildhall_capacity"] == 16
    assert state["table"]["reward_cards_left"] == 7


def test_variable_boards_come_from_the_board_and_most_virtue_starts(new):
    """Rulebook, Variable Setup: the board 'determines how much Silver, Virtue and other
    items they begin with' and 'The player with the most Virtue starts the game,
    followed by other players in clockwise order'; 'players do not gain additional
    Silver based on turn order'."""
    state = new(("Cara", "Fred", "Ada"), variable_boards=True,
                board_0="caroline", board_1="frederick", board_2="ada")
    assert [p["name"] for p in state["players"]] == ["Ada", "Cara", "Fred"]
    ada, cara, fred = state["players"]
    assert (ada["silver"], ada["virtue"], ada["gold"]) == (0, 11, 1)
    assert (cara["silver"], cara["virtue"], cara["prisoners"], cara["debts_unpaid"], cara["marble"]) == (10, 3, 8, 1, 1)
    assert (fred["silver"], fred["stone"]) == (4, 1)


def test_random_boards_are_dealt_reproducibly_without_repeats(new):
    """Rulebook, Variable Setup: side 2 boards 'randomly dealt or chosen'."""
    first = new(("A", "B", "C"), variable_boards=True, board_0="ada", board_1="random", board_2="random", seed=7)
    again = new(("A", "B", "C"), variable_boards=True, board_0="ada", board_1="random", board_2="random", seed=7)
    boards = [p["board"] for p in first["players"]]
    assert boards == [p["board"] for p in again["players"]]
    assert len(set(boards)) == 3 and "ada" in boards
    assert all(load().boards[b].set == "base" for b in boards)


def test_walaric_starts_with_a_tool(new):
    """Age of Artisans: Walaric 'starts with 1 Tool'."""
    state = new(("A",), variable_boards=True, board_0="walaric", expansions=["age_of_artisans"])
    assert state["players"][0]["tools"] == 1


def test_checklist_names_the_physical_steps(solo):
    """Rulebook, Setup and Solo Play, Setup: the checklist follows their steps."""
    checklist = " | ".join(solo["setup_checklist"])
    assert "5 Reward cards" in checklist
    assert "Clay Market" in checklist
    assert "Helena" in checklist
    assert "Red starts" in checklist


@pytest.mark.parametrize("setup, path", [
    ({"players": []}, "players"),
    ({"players": players(*"ABCDEF")}, "players"),
    ({"players": players("A", "a")}, "players[1].name"),
    ({"players": players("A", "")}, "players[1].name"),
    ({"players": players("A" * 41)}, "players[0].name"),
    ({"players": players("helena"), "mode": "solo", "opponent": "helena"}, "players[0].name"),
    ({"players": players("A", "B"), "mode": "solo", "opponent": "helena"}, "players"),
    ({"players": players("A"), "mode": "two_vs_bot", "opponent": "helena"}, "players"),
    ({"players": players("A"), "mode": "solo"}, "opponent"),
    ({"players": players("A"), "opponent": "helena"}, "opponent"),
    ({"players": players("A"), "mode": "chess"}, "mode"),
    ({"players": players("A"), "expansions": ["moon"]}, "expansions"),
    ({"players": players("A", board="ada")}, "players[0].board"),
    ({"players": players("A", board="adda"), "variable_boards": True}, "players[0].board"),
    ({"players": players("A", "B", board="ada"), "variable_boards": True}, "players[1].board"),
    ({"players": players("A", board="walaric"), "variable_boards": True}, "players[0].board"),
    ({"players": players("A"), "mode": "solo", "opponent": ["helena"]}, "opponent"),
    ({"players": players("A"), "expansions": [["age_of_artisans"]]}, "expansions"),
    ({"players": players("A"), "track_resources": "no"}, "track_resources"),
    ({"players": players("A"), "title": "T" * 81}, "title"),
    ({"players": players("A"), "seed": "x"}, "seed"),
    ({"players": [{"name": "", "colour": 3}]}, "players[0].colour"),
    ({"players": "A, B"}, "players"),
])
def test_setup_problems_name_the_field(setup, path):
    """Rulebook: 1-5 players (Age of Artisans: 6); Solo Play: 1 player and a bot; names unique."""
    assert path in problems_of(setup)


def test_six_players_need_age_of_artisans():
    """Age of Artisans, Notes for games with 6 players."""
    assert "players" in problems_of({"players": players(*"ABCDEF")})
    state = table.new_game({"players": players(*"ABCDEF"), "expansions": ["age_of_artisans"]})
    assert len(state["players"]) == 6
    assert state["players"][5]["silver"] == 8  # 'receive 1 more Silver than the player to their right'


def test_setup_error_lists_every_problem_as_problem_objects():
    with pytest.raises(table.SetupError) as refused:
        table.new_game({"players": players("A", "a"), "mode": "chess"})
    assert all(isinstance(p, Problem) for p in refused.value.problems)
    assert len(refused.value.problems) == 2


def test_unknown_board_suggests_the_closest():
    assert "ada" in problems_of({"players": players("A", board="adaa"), "variable_boards": True})["players[0].board"]


def bot_setup(**extra):
    return {"mode": "solo", "opponent": "constantine", "players": players("Ann"), **extra}


def test_new_game_sets_up_the_bot(practice_like_deck):
    """Rulebook, Solo Play, Setup: 'Place all 20 of the opponent's Workers on their Player
    Board' and shuffle the Starting Scheme cards as the draw pile (the Future ones apart):
    every caller gets a bot ready to play, from the practice deck unless a deck is given."""
    state = table.new_game(bot_setup(seed=7))
    workers, piles = state["bot"]["workers"], state["bot"]["deck"]
    assert workers["board"] == load().workers and state["bot"]["captured_from"] == {"0": 0}
    assert piles["mode"] == "deck" and len(piles["draw"]) == 20 and len(piles["future"]) == 10
    assert table.new_game(bot_setup(seed=7))["bot"]["deck"]["draw"] == piles["draw"]   # the seed shuffles
    assert any("the app draws them" in item for item in state["setup_checklist"])
    own = table.new_game(bot_setup(deck=practice_like_deck))
    assert own["bot"]["deck"]["name"] == "Our deck"
    physical = table.new_game(bot_setup(physical_deck=True))
    assert physical["bot"]["deck"]["mode"] == "physical"
    assert any("Shuffle the 20 Starting Scheme cards" in item for item in physical["setup_checklist"])


def test_bot_deck_problems_are_setup_problems(practice_like_deck):
    """A deck must be a valid scheme deck, and only a bot game with app-drawn cards takes one."""
    broken = dict(practice_like_deck, cards=practice_like_deck["cards"][:3])
    assert "deck.cards" in problems_of(bot_setup(deck=broken))
    assert "deck" in problems_of(bot_setup(deck=practice_like_deck, physical_deck=True))
    assert "deck" in problems_of({"players": players("Ann", "Ben"), "deck": practice_like_deck})
    assert "physical_deck" in problems_of(bot_setup(physical_deck="yes"))


@pytest.fixture
def practice_like_deck():
    from companion.aotwk.rules import bot

    return dict(bot.practice_deck(), name="Our deck", practice=False)


def test_checklist_puts_player_boards_on_a_side_not_the_main_board(new):
    """Rulebook, Components: '5 Double-sided Player Boards' (Side 1: Standard, Side 2: Variable);
    the main board has one side."""
    standard = " | ".join(new(("A", "B"))["setup_checklist"])
    variable = " | ".join(new(("A", "B"), variable_boards=True)["setup_checklist"])
    assert "Main board" not in standard + variable
    assert "Player boards on side 1 (standard)" in standard
    assert "Player boards on side 2" in variable


def test_caroline_line_counts_her_prisoners_among_her_20_workers(new):
    """Variable Setup, Caroline starts with workers in Prison: they are 8 of her 20, not 8 more."""
    state = new(("Cara", "Bo"), variable_boards=True, board_0="caroline", board_1="ada")
    line = next(item for item in state["setup_checklist"] if item.startswith("Cara"))
    assert "20 workers (8 of them start in Prison)" in line


def test_two_players_vs_bot_says_it_is_our_reading(new):
    """Solo Play: 'See the "2P vs Bot" Reference Card for more details' (not in our sources)."""
    state = new(("Red", "Blue"), mode="two_vs_bot", opponent="constantine")
    assert state["table"]["bot_counts_as_player"] is True
    assert any("our reading" in item for item in state["setup_checklist"])


def test_two_players_vs_bot_as_a_regular_two_player_game(new):
    """Solo Play: 'add a Byzantine opponent to your regular 2 player game'; the other reading:
    Setup 3 '2 per player, plus 1' for 2 players (5 cards) and the 2-player Guildhall (12 spaces)."""
    state = new(("Red", "Blue"), mode="two_vs_bot", opponent="constantine", two_vs_bot_reading="regular_two_player")
    assert state["table"]["bot_counts_as_player"] is False
    assert state["table"]["guildhall_capacity"] == 12
    assert state["table"]["reward_cards_left"] == 5
    assert state["table"]["removed_buildings"] == []
    assert table.guildhall_layout(state).capacity == 12


def test_the_two_vs_bot_reading_is_only_for_that_mode():
    problems = problems_of({"players": players("A", "B"), "two_vs_bot_reading": "regular_two_player"})
    assert "two_vs_bot_reading" in problems
    problems = problems_of({"players": players("A", "B"), "mode": "two_vs_bot", "opponent": "helena",
                            "two_vs_bot_reading": "sideways"})
    assert "two_vs_bot_reading" in problems
