"""Amytis documents the tests share."""

from __future__ import annotations

import copy

# The contract's example (shared/contracts/amytis-score.md), exactly as written.
CONTRACT_EXAMPLE = {
    "game": "architects_of_amytis",
    "players": [
        {
            "name": "Martine",
            "track": 57,
            "projects": [10, 8],
            "stacks": [[1, 2, 3],
                       [0, 4, 1],
                       [2, 2, 1]],
            "favors": ["stacks_of_4", "corners"],
            "favor_track_pawns": 2,
        },
        {"name": "Paul", "track": 61, "projects": [12], "stacks": [[1, 1, 1], [1, 1, 1], [1, 1, 1]],
         "favors": ["stacks_of_1"]},
    ],
}


def document(first: dict | None = None, second: dict | None = None) -> dict:
    """Two players, Ann and Bob, empty boards, with the given fields."""
    return {"game": "architects_of_amytis",
            "players": [{"name": "Ann", **(first or {})}, {"name": "Bob", **(second or {})}]}


def contract_example() -> dict:
    return copy.deepcopy(CONTRACT_EXAMPLE)
