"""Scoring a score pad document: the contract's examples and rules (shared/contracts/score-pad.md)."""

from __future__ import annotations

import pytest

from companion import games
from companion.problems import InvalidInput
from companion.score_pad.scoring import ranks, score_document
from tests.score_pad.helpers import CONTRACT_RESULT, contract_example, hearts


def problems(doc) -> list[str]:
    with pytest.raises(InvalidInput) as caught:
        score_document(doc)
    return [str(problem) for problem in caught.value.problems]


def test_the_contract_example_scores_as_the_contract_says():
    assert score_document(contract_example()) == CONTRACT_RESULT


def test_the_registry_scores_a_score_pad_document():
    assert games.score_document(contract_example()) == CONTRACT_RESULT


def test_a_shared_win_with_lowest_wins():
    """Contract: 'Bob 13 rank 1, Cy 13 rank 1, Ann 26 rank 3; winners ["Bob", "Cy"]'."""
    result = score_document(hearts())
    assert [(p["name"], p["total"], p["rank"]) for p in result["players"]] == [
        ("Ann", 26, 3), ("Bob", 13, 1), ("Cy", 13, 1)]
    assert result["winners"] == ["Bob", "Cy"]


def test_equal_totals_share_a_rank_and_the_next_rank_counts_them():
    """'rank: 1 + the number of players with a better total'."""
    assert ranks([10, 30, 30, 20]) == [4, 1, 1, 3]
    assert ranks([10, 30, 30, 20], lowest_wins=True) == [1, 3, 3, 2]


def test_players_are_listed_in_the_documents_order():
    doc = contract_example()
    doc["players"].reverse()
    assert [p["name"] for p in score_document(doc)["players"]] == ["Cy", "Bob", "Ann"]


def test_a_value_not_entered_makes_the_result_incomplete_naming_the_field():
    doc = contract_example()
    doc["players"][1]["scores"][2] = None
    assert problems(doc) == ["players[1].scores[2]: not entered"]


def test_without_rows_each_player_holds_one_number_the_total():
    assert score_document(hearts())["players"][0]["total"] == 26
    doc = hearts()
    doc["players"][0]["scores"] = [20, 6]
    assert problems(doc) == ["players[0].scores: must hold one number, the total: the document has no rows (got 2 numbers)"]


def test_negative_scores_count():
    doc = hearts()
    doc["players"][0]["scores"] = [-9999]
    assert score_document(doc)["players"][0] == {"name": "Ann", "total": -9999, "rank": 1}
