"""Reading a score pad document: every problem at once, each naming its field (shared/contracts/score-pad.md)."""

from __future__ import annotations

import pytest

from companion.problems import InvalidInput
from companion.score_pad.document import parse
from tests.score_pad.helpers import contract_example, hearts


def problems(doc) -> list[str]:
    with pytest.raises(InvalidInput) as caught:
        parse(doc)
    return [str(problem) for problem in caught.value.problems]


def with_fields(**fields) -> dict:
    return {**contract_example(), **fields}


def test_the_contract_example_reads():
    pad = parse(contract_example())
    assert (pad.title, pad.bgg_id, pad.lowest_wins, pad.rows) == (
        "Carcassonne", 822, False, ("Roads", "Cities", "Monasteries", "Fields"))
    assert pad.players[2].scores == (5, 30, 0, 6)


def test_optional_fields_have_their_defaults():
    doc = hearts()
    del doc["lowest_wins"]
    pad = parse(doc)
    assert (pad.bgg_id, pad.lowest_wins, pad.rows, pad.width) == (None, False, None, 1)


@pytest.mark.parametrize("fields, line", [
    ({"title": ""}, "title: must be 1 to 80 characters (got 0)"),
    ({"title": "x" * 81}, "title: must be 1 to 80 characters (got 81)"),
    ({"title": None}, "title: is required"),
    ({"bgg_id": 0}, "bgg_id: must be at least 1 (got 0)"),
    ({"bgg_id": "822"}, "bgg_id: must be a whole number (got text)"),
    ({"lowest_wins": "yes"}, "lowest_wins: must be true or false (got text)"),
    ({"rows": [f"r{i}" for i in range(31)]}, "rows: at most 30 items (got 31)"),
    ({"game": "scorepad"}, "game: unknown game 'scorepad'; did you mean score_pad?"),
    ({"players": []}, "players: must be a list of 1 to 12 players (got 0)"),
    ({"players": [{"name": f"P{i}", "scores": [0, 0, 0, 0]} for i in range(13)]},
     "players: must be a list of 1 to 12 players (got 13)"),
    ({"lowest_win": True}, "lowest_win: unknown field; did you mean lowest_wins?"),
])
def test_a_bad_field_is_named(fields, line):
    from companion import games   # ("game" is the registry's to check first)
    with pytest.raises(InvalidInput) as caught:
        games.score_document(with_fields(**fields))
    assert [str(p) for p in caught.value.problems] == [line]


def test_names_are_unique_after_trimming_and_ignoring_case():
    doc = contract_example()
    doc["players"][2]["name"] = "  ann "
    assert problems(doc) == ["players[2].name: 'ann' is already the name of players[0]; names must be unique"]


def test_each_score_is_a_whole_number_in_range_or_null():
    doc = contract_example()
    doc["players"][0]["scores"] = [100_000, -10_000, 1.5, None]
    assert problems(doc) == ["players[0].scores[0]: must be between -9999 and 99999 (got 100000)",
                             "players[0].scores[1]: must be between -9999 and 99999 (got -10000)",
                             "players[0].scores[2]: must be a whole number (got a number)"]


def test_one_score_per_row():
    doc = contract_example()
    doc["players"][1]["scores"] = [1, 2, 3]
    assert problems(doc) == ["players[1].scores: must hold one number per row: 4 (got 3)"]


def test_every_problem_is_reported_at_once():
    doc = with_fields(title="", bgg_id=-1)
    doc["players"][0]["scores"] = "8"
    assert len(problems(doc)) == 3


def test_an_exported_games_own_fields_are_known():
    doc = with_fields(format="architects-companion/1", phase="finished", events=[], playing_minutes=30,
                      created_at="2026-11-28T12:00:00Z")
    assert parse(doc).title == "Carcassonne"
