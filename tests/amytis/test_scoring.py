"""Amytis scoring, each case quoting the rulebook (shared/seeds/002_*, "FAVORS" and
"END OF THE GAME")."""

import pytest

from companion.amytis.scoring import score_document
from tests.amytis.helpers import contract_example, document


def one(stacks=None, favors=(), **fields) -> dict:
    """Ann's scored entry for a board and the favors she claimed."""
    player = {"favors": list(favors), **fields}
    if stacks is not None:
        player["stacks"] = stacks
    return score_document(document(player))["players"][0]


FLAT_1 = [[1, 1, 1], [1, 1, 1], [1, 1, 1]]


def test_contract_example_martine_scores_as_its_text_says():
    """The contract: "Martine's stacks hold one stack of exactly 4 tiles (6) and one corner of 3 or more
    tiles (5); 2 pawns on the pawn-count part score 10." Total 96: 57 + 18 + 21."""
    martine = score_document(contract_example())["players"][0]
    assert martine["total"] == 96
    assert martine["categories"] == {"track": 57, "projects": 18, "favors": 21}
    assert martine["favors"] == {"stacks_of_4": 6, "corners": 5, "favor_track_pawns": 10}


def test_contract_example_winner_follows_the_rulebook_not_the_example():
    """"The player with more points is declared the victor." Paul scores 61 + 12 + 9 stacks of exactly
    1 tile x 3 = 100 > 96, so Paul wins; the contract's output example (abridged to Martine) shows
    Martine with rank 1 and as the winner, which the rulebook contradicts."""
    result = score_document(contract_example())
    paul = result["players"][1]
    assert paul["total"] == 100 and paul["favors"] == {"stacks_of_1": 27}
    assert [p["rank"] for p in result["players"]] == [2, 1]
    assert result["winners"] == ["Paul"]
    assert result["game"] == "architects_of_amytis"


@pytest.mark.parametrize("favor, tiles, points", [
    ("stacks_of_1", 1, 3), ("stacks_of_2", 2, 2), ("stacks_of_3", 3, 4), ("stacks_of_4", 4, 6)])
def test_exact_stacks(favor, tiles, points):
    """"I Gain 3 points for each stack on your Player board that contains exactly 1 tile." (II: 2 per
    exactly 2, III: 4 per exactly 3, IV: 6 per exactly 4.) Exactly: one more or one fewer does not count."""
    stacks = [[tiles, tiles, tiles + 1], [tiles - 1, tiles, 0], [0, 0, 0]]
    ann = one(stacks, [favor])
    assert ann["favors"] == {favor: 3 * points}
    assert ann["reasons"][favor] == f"3 stacks of exactly {tiles} tile{'s' if tiles > 1 else ''} × {points}"


def test_staircases_rows_and_columns_either_order():
    """"Gain 6 points for each row and column of your Player board that forms a staircase, having stacks
    of respectively 1, 2, and 3 tiles (in either order, but not out of order). A stack can count for both
    a row and a column." Row 1 is 1, 2, 3; column 1 is 1, 2, 3 and shares the corner stack."""
    ann = one([[1, 2, 3], [2, 0, 0], [3, 0, 0]], ["staircases"])
    assert ann["favors"] == {"staircases": 12}
    assert ann["reasons"]["staircases"] == "2 staircases (row 1, column 1) × 6"
    assert one([[3, 2, 1], [0, 0, 0], [0, 0, 0]], ["staircases"])["favors"] == {"staircases": 6}


def test_staircases_not_out_of_order_and_not_diagonals():
    """"(in either order, but not out of order) [...] Diagonals do not count." 2, 1, 3 is out of order;
    the main diagonal 1, 2, 3 is a diagonal."""
    assert one([[2, 1, 3], [0, 0, 0], [0, 0, 0]], ["staircases"])["favors"] == {"staircases": 0}
    assert one([[1, 0, 0], [0, 2, 0], [0, 0, 3]], ["staircases"])["favors"] == {"staircases": 0}


def test_staircases_top_out_at_24():
    """"* The maximum award from this Favor is 24 points." Four lines at most: a row of staircases forces
    a middle 2 that no staircase column can also hold in each row. The best board reaches it."""
    best = [[1, 2, 3], [2, 0, 2], [3, 2, 1]]
    assert one(best, ["staircases"])["favors"] == {"staircases": 24}


def test_corners():
    """"Gain 5 points for each corner of your Player board that has at least 3 tiles in its stack."
    3 and 7 count; 2 does not; the middle of an edge is no corner."""
    ann = one([[3, 9, 7], [0, 0, 0], [2, 9, 4]], ["corners"])
    assert ann["favors"] == {"corners": 15}


def test_projects_favor_adds_2_per_validated_card():
    """"Gain 2 additional points for each Project card you have validated." The cards' printed points
    count in the projects category; the favor's 2 each come on top."""
    ann = one(None, ["projects"], projects=[7, 5, 9])
    assert ann["categories"] == {"track": 0, "projects": 21, "favors": 6}


@pytest.mark.parametrize("pawns, points", [(0, 0), (1, 4), (2, 10), (3, 18), (4, 30)])
def test_favor_track_pawns(pawns, points):
    """"Gain 4, 10, 18, or 30 points if you have placed 1, 2, 3, or 4 pawns on this part of the Favor board.\""""
    ann = one(None, favor_track_pawns=pawns)
    assert ann["categories"]["favors"] == points
    assert ann["favors"] == ({"favor_track_pawns": points} if pawns else {})


def test_unclaimed_favors_score_nothing():
    """"Only the player who claims the space will benefit from this endgame scoring." Ann's board has
    nine stacks of exactly 1 tile, but she placed no pawn on favor I."""
    assert one(FLAT_1)["categories"]["favors"] == 0


def test_total_is_track_plus_projects_plus_favors():
    """"Total your score as follows: The points you've accumulated during the game, indicated on the Score
    board and the Score Range area of your Player board. The points indicated on your validated Project
    cards. The points related to the Favors on which you have placed a pawn.\""""
    ann = one(FLAT_1, ["stacks_of_1"], track=40, projects=[10])
    assert ann["total"] == 40 + 10 + 27


def test_equal_totals_share_the_win():
    """The rulebook names no tie-breaker ("The player with more points is declared the victor"):
    equal totals share rank 1 and both win."""
    result = score_document(document({"track": 30}, {"track": 30}))
    assert [p["rank"] for p in result["players"]] == [1, 1]
    assert result["winners"] == ["Ann", "Bob"]


def test_unvalidated_projects_are_simply_not_listed():
    """"Note: Unvalidated projects aren't worth any points, but they also don't make you lose any points.\""""
    assert one(None, projects=[])["categories"]["projects"] == 0
