"""Properties of Amytis scoring over random legal documents (hypothesis)."""

import copy
import itertools

from hypothesis import given, settings, strategies as st

from companion.amytis.favors import rules
from companion.amytis.scoring import corners, score_document, score_favor

FAVORS = list(rules().favors)
heights = st.integers(0, 5)
# At most 22 tiles a board: two boards and one more tile stay within the 45 in play.
boards = st.lists(st.lists(heights, min_size=3, max_size=3), min_size=3, max_size=3).filter(
    lambda board: sum(map(sum, board)) <= 22)


@st.composite
def players(draw, name, taken=()):
    free = [favor for favor in FAVORS if favor not in taken]   # a favor space holds one pawn
    favors = draw(st.lists(st.sampled_from(free), unique=True, max_size=5))
    pawns = draw(st.integers(0, min(4, 5 - len(favors))))
    return {"name": name, "track": draw(st.integers(0, 200)),
            "projects": draw(st.lists(st.integers(1, 30), max_size=6)),
            "stacks": draw(boards), "favors": favors, "favor_track_pawns": pawns}


# No deadline: the machine is shared, and a slow first example is not a failure of the rules.
calm = settings(deadline=None)


@st.composite
def documents(draw):
    ann = draw(players("Ann"))
    return {"game": "architects_of_amytis", "players": [ann, draw(players("Bob", ann["favors"]))]}


documents = documents()


@calm
@given(documents)
def test_total_is_the_sum_of_categories_and_favors_the_sum_of_favors(doc):
    """Contract: "total is the sum of categories [...] categories.favors is their sum"."""
    for entry in score_document(doc)["players"]:
        assert entry["total"] == sum(entry["categories"].values())
        assert entry["categories"]["favors"] == sum(entry["favors"].values())


@calm
@given(documents)
def test_swapping_players_swaps_results(doc):
    result = score_document(doc)
    swapped = copy.deepcopy(doc)
    swapped["players"].reverse()
    again = score_document(swapped)
    assert again["players"] == result["players"][::-1]
    assert sorted(again["winners"]) == sorted(result["winners"])


def _depends(favor_id: str, cell: tuple[int, int], before: int, after: int) -> bool:
    """Which favors a stack's height can move, read off the rulebook's FAVORS section."""
    favor = rules().favors[favor_id]
    if favor.kind == "exact_stacks":   # "each stack [...] that contains exactly N tiles"
        return favor.tiles in (before, after)
    if favor.kind == "staircases":     # "each row and column": every stack is in a row and a column
        return True
    if favor.kind == "corners":        # "each corner of your Player board"
        return cell in corners(3)
    return False                       # projects: cards, not stacks


@calm
@given(documents, st.integers(0, 2), st.integers(0, 2))
def test_adding_a_tile_changes_only_the_favors_that_depend_on_that_stack(doc, row, column):
    ann = doc["players"][0]
    ann["favors"] = FAVORS[:5]   # claim as many as one may, to watch them
    ann["favor_track_pawns"] = 0
    doc["players"][1]["favors"] = []   # a favor space holds one pawn: Ann's now
    before = score_document(doc)["players"][0]
    height = ann["stacks"][row][column]
    ann["stacks"][row][column] += 1
    after = score_document(doc)["players"][0]
    for favor_id in ann["favors"]:
        if not _depends(favor_id, (row, column), height, height + 1):
            assert after["favors"][favor_id] == before["favors"][favor_id], favor_id
    assert after["categories"]["track"] == before["categories"]["track"]
    assert after["categories"]["projects"] == before["categories"]["projects"]


def test_no_board_earns_more_than_24_from_staircases():
    """"* The maximum award from this Favor is 24 points." Every board of 1, 2 and 3 tile stacks (any other
    height only breaks lines), all 3^9 of them."""
    staircases = rules().favors["staircases"]
    best = max(score_favor(staircases, (cells[0:3], cells[3:6], cells[6:9]), 0).points
               for cells in itertools.product((1, 2, 3), repeat=9))
    assert best == 24
