"""The Amytis pad's rematch (issue 19): a fresh pad for the same two players, seats swapped."""

from companion.amytis import pad


def test_rematch_swaps_the_players_on_a_fresh_pad_under_the_same_title():
    finished = pad.new_game(["Martine", "Paul"], "Saturday in Babylon")
    finished["players"][0]["track"], finished["phase"] = 57, "finished"
    again = pad.rematch(finished)
    assert [p["name"] for p in again["players"]] == ["Paul", "Martine"]
    assert again["title"] == "Saturday in Babylon" and again["phase"] == "playing"
    assert {p["track"] for p in again["players"]} == {0}
