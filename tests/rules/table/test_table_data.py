"""The facts the tracker reads: Cathedral costs, reward cards, Black Market spaces, board abilities."""

from companion.catalogue import load
from companion.rules.table import data


def test_every_cathedral_cost_is_read():
    """Rulebook, Cathedral: level 1 costs 1 Gold; 'The cost shown here is 4 Stone or Wood,
    in any combination. Likewise, the 4th level of the Cathedral is 8 Stone or Wood'."""
    assert data.cathedral_cost(0) == ()
    assert data.cathedral_cost(1) == ((1, ("gold",)),)
    assert data.cathedral_cost(2) == ((4, ("stone", "wood")),)
    assert data.cathedral_cost(4) == ((8, ("stone", "wood")),)
    assert data.cathedral_cost(5) == ((2, ("gold",)), (2, ("marble",)))


def test_reward_types_cover_the_11_cards():
    """Rulebook, Components: 11 Reward Cards."""
    types = data.reward_types()
    assert sum(data.reward_copies(key) for key in types) == len(load().reward_cards) == 11
    assert types["gold1_virtue1"] == {"gold": 1, "virtue": 1}


def test_black_market_spaces_cost_silver_and_virtue():
    """Rulebook, Black Market: 'Pay 1 Silver and lose 1 Virtue', 'Pay 2 Silver ...', 'Pay 3 Silver ...'."""
    spaces = data.black_market_spaces()
    assert [spaces[s]["silver"] for s in ("small", "middle", "large")] == [1, 2, 3]
    assert {spaces[s]["virtue"] for s in spaces} == {1}


def test_board_abilities_name_known_boards():
    assert set(data.rules()["board_abilities"]) <= set(load().boards)
    assert data.board_abilities(None) == ()


def test_describe_and_keys():
    assert data.describe({"silver": 3, "building_card": 1}) == "3 silver, 1 building card"
    assert data.items_key({"silver": 3, "virtue": 1}) == "silver3_virtue1"
