"""rematch: the next game with the same players one seat on and the same options
(issue 19). The seat order it derives is the rulebook's, as for any new game."""

from companion.aotwk.rules import table


def test_every_player_moves_one_seat_on_and_the_second_starts(new):
    """Rulebook, Quick Standard Setup 9: 'The starting player recieves 3 Silver. All other
    players receive 1 more Silver than the player to their right': dealt again for the new seats."""
    first = new(("Ann", "Bob", "Cy"), expansions=["age_of_artisans"], track_resources=False)
    again = table.rematch(first, seed=5)
    assert [(p["name"], p["colour"], p["silver"]) for p in again["players"]] == [
        ("Bob", "bob", 3), ("Cy", "cy", 4), ("Ann", "ann", 5)]
    assert (again["expansions"], again["track_resources"], again["mode"], again["title"]) == (
        ["age_of_artisans"], False, "multiplayer", "Test")
    assert again["phase"] == "playing" and again["table"]["starting_hires"] == [2, 1, 0]


def test_variable_boards_keep_their_boards_and_the_most_virtue_still_starts(new):
    """Rulebook, Variable Setup: 'The player with the most Virtue starts the game, followed by
    other players in clockwise order': Ada (11 virtue) starts again whoever sat first."""
    first = new(("Cara", "Fred", "Ada"), variable_boards=True, board_0="caroline", board_1="frederick", board_2="ada")
    again = table.rematch(first, seed=1)
    assert [(p["name"], p["board"]) for p in again["players"]] == [("Ada", "ada"), ("Cara", "caroline"), ("Fred", "frederick")]


def test_a_bot_game_keeps_its_bot_and_its_reading(new):
    first = new(("Ann", "Bob"), mode="two_vs_bot", opponent="helena", two_vs_bot_reading="regular_two_player")
    again = table.rematch(first, seed=2)
    assert again["bot"]["opponent"] == "helena" and [p["name"] for p in again["players"]] == ["Bob", "Ann"]
    assert again["table"]["bot_counts_as_player"] is False


def test_an_imported_score_document_plays_again_as_a_fresh_game():
    again = table.rematch({"players": [{"name": "Ann"}, {"name": "Bob"}], "phase": "finished"}, seed=3)
    assert [p["name"] for p in again["players"]] == ["Bob", "Ann"] and again["mode"] == "multiplayer"
    assert again["track_resources"] is True


def test_a_bot_game_plays_again_with_the_same_scheme_cards(new):
    """Issue 32: a rematch of a printed-card game started a practice-deck game. The printed cards
    stay the printed cards; a deck the app dealt from is dealt again, shuffled anew (Solo Play,
    Setup 8: the Starting and Future cards shuffled separately)."""
    printed = new(("Ann",), mode="solo", opponent="helena", physical_deck=True)
    again = table.rematch(printed, seed=4)
    assert again["bot"]["deck"]["mode"] == "physical" and again["bot"]["opponent"] == "helena"
    from companion.aotwk.rules import bot
    deck = {**bot.practice_deck(), "name": "Our transcription", "practice": False}
    dealt = new(("Ann",), mode="solo", opponent="constantine", deck=deck)
    again = table.rematch(dealt, seed=4)
    piles = again["bot"]["deck"]
    assert (piles["mode"], piles["name"], piles["practice"], len(piles["draw"]), len(piles["future"])) == (
        "deck", "Our transcription", False, 20, 10)
    assert again["bot"]["opponent"] == "constantine"
    practice = table.rematch(new(("Ann",), mode="solo", opponent="helena"), seed=4)
    assert practice["bot"]["deck"]["practice"] is True
