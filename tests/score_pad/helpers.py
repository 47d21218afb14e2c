"""Score pad documents the tests share (shared/contracts/score-pad.md)."""

from __future__ import annotations

import copy

# The contract's first example, exactly as written.
CONTRACT_EXAMPLE = {
    "game": "score_pad",
    "title": "Carcassonne",
    "bgg_id": 822,
    "lowest_wins": False,
    "rows": ["Roads", "Cities", "Monasteries", "Fields"],
    "players": [
        {"name": "Ann", "scores": [8, 22, 9, 12]},
        {"name": "Bob", "scores": [12, 18, 4, 15]},
        {"name": "Cy", "scores": [5, 30, 0, 6]},
    ],
}
CONTRACT_RESULT = {
    "game": "score_pad",
    "title": "Carcassonne",
    "players": [
        {"name": "Ann", "total": 51, "rank": 1},
        {"name": "Bob", "total": 49, "rank": 2},
        {"name": "Cy", "total": 41, "rank": 3},
    ],
    "winners": ["Ann"],
}
# The contract's "Example with a shared win and lowest_wins".
HEARTS = {"game": "score_pad", "title": "Hearts", "lowest_wins": True,
          "players": [{"name": "Ann", "scores": [26]}, {"name": "Bob", "scores": [13]}, {"name": "Cy", "scores": [13]}]}


def contract_example() -> dict:
    return copy.deepcopy(CONTRACT_EXAMPLE)


def hearts() -> dict:
    return copy.deepcopy(HEARTS)
