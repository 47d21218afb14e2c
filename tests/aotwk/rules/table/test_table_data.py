"""The facts the tracker derives from the catalogue: reward card types. (Cathedral costs,
Black Market spaces and board abilities are catalogue data: tests/aotwk/catalogue.)"""

from companion.aotwk.catalogue import load
from companion.aotwk.rules.table import data


def test_reward_types_cover_the_11_cards():
    """Rulebook, Components: 11 Reward Cards."""
    types = data.reward_types()
    assert sum(data.reward_copies(key) for key in types) == len(load().reward_cards) == 11
    assert types["gold1_virtue1"] == {"gold": 1, "virtue": 1}


def test_describe_and_keys():
    assert data.describe({"silver": 3, "building_card": 1}) == "3 silver, 1 building card"
    assert data.items_key({"silver": 3, "virtue": 1}) == "silver3_virtue1"
