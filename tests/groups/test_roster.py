"""A group's roster: the same person across games by name, trimmed and ignoring case
(shared/contracts/web-routes.md, *Groups*), renamed and merged without losing their games."""

import pytest

from companion.groups.roster import (RosterRefusal, identities, merge, name_key, rename, sat_together, separate,
                                     set_usual, with_players,
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


def test_a_merge_is_undone_by_separating_the_entry_with_its_spellings_colour_and_board():
    roster = with_players([], [{"name": "Bob", "colour": "blue"}, {"name": "Bobby", "colour": "red", "board": "ada"},
                               {"name": "Rob"}])
    roster = merge(roster, "Rob", "Bobby")
    merged = rename(merge(roster, "Bobby", "Bob"), "Bob", "Robert")
    assert identities(merged) == {"robert": "Robert", "bob": "Robert", "bobby": "Robert", "rob": "Robert"}
    apart = separate(merged, "Robert", "bobby")
    assert identities(apart) == {"robert": "Robert", "bob": "Robert", "bobby": "Bobby", "rob": "Bobby"}
    assert apart[-1]["colour"] == "red" and apart[-1]["board"] == "ada"
    with pytest.raises(RosterRefusal) as refused:
        separate(apart, "Robert", "Bobby")
    assert refused.value.code == "not_merged"


def test_two_people_at_one_table_are_found_by_any_of_their_spellings():
    roster = merge(with_players([], [{"name": "Ann"}, {"name": "Annie"}, {"name": "Bob"}]), "Annie", "Ann")
    tables = [("Friday 1", ["Ann", "Bob"]), ("Friday 2", ["annie ", "Cy"])]
    assert sat_together({"Ann", "Bob"}, tables, roster) == "Friday 1"
    assert sat_together({"Ann", "Cy"}, tables, roster) == "Friday 2"
    assert sat_together({"Bob", "Cy"}, tables, roster) is None
