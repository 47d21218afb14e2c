"""A group's roster: the same person across games by name, trimmed and ignoring case
(shared/contracts/web-routes.md, *Groups*), renamed and merged without losing their games."""

import pytest

from companion.groups.roster import (RosterRefusal, identities, merge, name_key, rename, set_usual, with_players,
                                     with_roster)


def test_names_match_after_trimming_and_ignoring_case():
    assert name_key("  ANN  ") == name_key("ann") == "ann"
    assert name_key("Ann  Lee") == "ann lee"


def test_a_game_adds_new_names_with_their_colour_and_board_once():
    roster = with_players([], [{"name": " Ann ", "colour": "red", "board": "therese"}, {"name": "Bob"}])
    roster = with_players(roster, [{"name": "ANN", "colour": "blue"}])
    assert roster == [{"name": "Ann", "colour": "red", "board": "therese", "merged": []},
                      {"name": "Bob", "colour": None, "board": None, "merged": []}]


def test_rename_keeps_the_old_spelling_pointing_at_the_person():
    roster = rename(with_players([], [{"name": "Bob"}]), "bob", "Robert")
    assert identities(roster) == {"robert": "Robert", "bob": "Robert"}


def test_rename_to_someone_else_s_name_is_refused():
    roster = with_players([], [{"name": "Ann"}, {"name": "Bob"}])
    with pytest.raises(RosterRefusal) as refused:
        rename(roster, "Bob", " ann")
    assert refused.value.code == "name_taken"
    with pytest.raises(RosterRefusal):
        rename(roster, "Bob", "   ")
    assert rename(roster, "Bob", "BOB")[1]["name"] == "BOB"   # a new case of one's own name is fine


def test_merge_moves_every_spelling_to_the_person_kept():
    roster = rename(with_players([], [{"name": "Ann"}, {"name": "Annie"}]), "Annie", "Anne")
    merged = merge(roster, "Anne", "Ann")
    assert [entry["name"] for entry in merged] == ["Ann"]
    assert identities(merged) == {"ann": "Ann", "anne": "Ann", "annie": "Ann"}
    with pytest.raises(RosterRefusal):
        merge(merged, "Ann", "ann")
    with pytest.raises(RosterRefusal):
        merge(merged, "Zed", "Ann")


def test_usual_colour_and_board():
    roster = set_usual(with_players([], [{"name": "Ann"}]), "ann", "green", "therese")
    assert (roster[0]["colour"], roster[0]["board"]) == ("green", "therese")


def test_another_groups_roster_brings_new_people_whole_and_new_spellings_of_known_ones():
    ours = with_players([], [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}])
    theirs = [{"name": "Robert", "colour": "blue", "board": None, "merged": ["bob", "Bobby"]},
              {"name": "Dee", "colour": "green", "board": "ada", "merged": ["D"]},
              {"name": "Ann", "colour": None, "board": None, "merged": ["Cy"]}]   # Ann and Cy are two of ours
    roster = with_roster(ours, theirs)
    assert identities(roster) == {"ann": "Ann", "bob": "Bob", "robert": "Bob", "bobby": "Bob", "cy": "Cy",
                                  "dee": "Dee", "d": "Dee"}
    assert roster[-1] == {"name": "Dee", "colour": "green", "board": "ada", "merged": ["D"]}
