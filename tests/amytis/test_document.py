"""Reading an Amytis document: every problem with its field path (contract amytis-score.md)."""

import pytest

from companion.amytis.document import TRACK_LIMIT, parse
from companion.problems import InvalidInput
from tests.amytis.helpers import contract_example, document


def problems(doc) -> list[str]:
    with pytest.raises(InvalidInput) as caught:
        parse(doc)
    return [str(p) for p in caught.value.problems]


def test_defaults():
    """"track [...] Default 0." "projects [...] Default []." "stacks [...] Default all 0." favor_track_pawns 0."""
    ann, bob = parse(document())
    assert (ann.track, ann.projects, ann.favors, ann.favor_track_pawns) == (0, (), (), 0)
    assert ann.stacks == ((0, 0, 0), (0, 0, 0), (0, 0, 0))


def test_the_contract_example_is_valid():
    assert [p.name for p in parse(contract_example())] == ["Martine", "Paul"]


@pytest.mark.parametrize("players, expected", [
    ([{"name": "Ann"}], "players: must be exactly 2 players: the game is for two (got 1)"),
    ([{"name": "A"}, {"name": "B"}, {"name": "C"}], "players: must be exactly 2 players: the game is for two (got 3)"),
])
def test_exactly_two_players(players, expected):
    assert problems({"game": "architects_of_amytis", "players": players}) == [expected]


def test_a_two_by_three_board():
    assert problems(document({"stacks": [[1, 2, 3], [1, 2, 3]]})) == [
        "players[0].stacks: must be 3 rows of 3 stacks (got 2 rows)"]
    assert problems(document(second={"stacks": [[1, 2], [1, 2], [1, 2]]})) == [
        "players[1].stacks[0]: must be a row of 3 stacks (got 2 stacks)",
        "players[1].stacks[1]: must be a row of 3 stacks (got 2 stacks)",
        "players[1].stacks[2]: must be a row of 3 stacks (got 2 stacks)"]


def test_a_stack_out_of_range_names_its_row_and_column():
    assert problems(document(second={"stacks": [[0, 0, 0], [0, 0, 0], [-1, 0, 46]]})) == [
        "players[1].stacks[2][0]: must be between 0 and 45 (got -1)",
        "players[1].stacks[2][2]: must be between 0 and 45 (got 46)"]


def test_unknown_favor_names_the_closest():
    assert problems(document({"favors": ["corners", "stack_of_4"]})) == [
        "players[0].favors[1]: unknown favor 'stack_of_4'; did you mean stacks_of_4?; known: stacks_of_1, "
        "stacks_of_2, stacks_of_3, stacks_of_4, staircases, corners, projects"]


def test_a_favor_at_most_once_per_player():
    assert problems(document({"favors": ["corners", "corners"]})) == [
        "players[0].favors[1]: 'corners' is already listed: a player claims each favor at most once"]


def test_two_players_never_hold_the_same_favor():
    """Rulebook (seed 002, line 142): 'Place one of your pawns on an unoccupied space of the Favor board';
    the contract: 'such a document is invalid input naming the second player's field'."""
    assert problems(document({"favors": ["projects", "corners"]}, second={"favors": ["stacks_of_1", "corners"]})) == [
        "players[1].favors[1]: 'corners' is already Ann's: a favor space holds one pawn (rulebook: 'an unoccupied space')"]


def test_too_many_pawns():
    """"Take 2 pawns of your color [...] Place your 4 architects and 5 remaining pawns nearby": 5 for favors."""
    assert problems(document({"favors": ["corners", "staircases", "projects"], "favor_track_pawns": 3})) == [
        "players[0].favors: a player has 5 pawns for favors (got 3 favors and 3 on the pawn-count part)"]
    assert problems(document({"favor_track_pawns": 5})) == [
        "players[0].favor_track_pawns: must be between 0 and 4 (got 5)"]


def test_negative_track():
    assert problems(document({"track": -3})) == ["players[0].track: must be at least 0 (got -3)"]


def test_a_track_past_the_pads_own_bound_is_refused():
    """Issue 30: a 400-digit track was taken, and every page of its game then failed. The bound is the
    pad's (TRACK_LIMIT): an import takes what a tap could have made, no more."""
    parse(document({"track": TRACK_LIMIT}))   # the bound itself is taken
    assert problems(document({"track": TRACK_LIMIT + 1})) == [
        f"players[0].track: must be at most {TRACK_LIMIT} (got {TRACK_LIMIT + 1})"]
    assert problems(document(second={"track": 10 ** 400})) == [
        f"players[1].track: must be at most {TRACK_LIMIT} (got {10 ** 400})"]


@pytest.mark.parametrize("name, said", [("Ann\x00", "must not contain the NUL character"),
                                        ("Ann\ud800", "must not contain a lone surrogate (not a character)")])
def test_a_name_no_text_can_hold_is_refused(name, said):
    """Issue 36: such a name was stored (or answered 500): the same text rule as every document's."""
    assert problems(document({"name": name})) == [f"players[0].name: {said}"]


def test_more_than_45_tiles():
    """"On each of the 9 stack spaces on the Main board, place a stack of 5 random Building tiles [...]
    Return the 3 remaining Building tiles to the box": 45 tiles in play."""
    full = [[5, 5, 5], [5, 5, 5], [5, 5, 5]]
    assert problems(document({"stacks": full}, {"stacks": [[1, 0, 0], [0, 0, 0], [0, 0, 0]]})) == [
        "players: the two boards hold 46 tiles; the game has 45 (45 + 1)"]
    parse(document({"stacks": full}))   # exactly 45 is fine


def test_project_points():
    assert problems(document({"projects": [10, 0, 31, "8"]})) == [
        "players[0].projects[1]: must be between 1 and 30 (got 0)",
        "players[0].projects[2]: must be between 1 and 30 (got 31)",
        "players[0].projects[3]: must be a whole number (got text)"]


def test_unknown_fields_name_the_closest_known():
    doc = document({"favours": ["corners"]})
    doc["player"] = []
    assert problems(doc) == ["player: unknown field; did you mean players?",
                             "players[0].favours: unknown field; did you mean favors?"]


def test_names_required_short_and_unique():
    doc = {"game": "architects_of_amytis", "players": [{"name": "Ann"}, {"name": " ann "}]}
    assert problems(doc) == ["players[1].name: 'ann' is already the name of players[0]; names must be unique"]
    assert problems({"game": "architects_of_amytis", "players": [{}, {"name": "x" * 41}]}) == [
        "players[0].name: is required", "players[1].name: must be 1 to 40 characters (got 41)"]


def test_an_exported_game_document_is_accepted():
    """shared/contracts/web-routes.md: "every exported document can be fed to the score command unchanged"."""
    doc = {**contract_example(), "format": "architects-companion/1", "title": "Friday", "phase": "finished",
           "created_at": "2026-11-22T19:04:00Z", "events": [{"seq": 1, "kind": "amytis_set"}]}
    assert len(parse(doc)) == 2


def test_not_an_object():
    assert problems([]) == ["(document): must be a JSON object (got a list)"]
