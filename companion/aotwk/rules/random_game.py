"""Random but legal finished games in the score-input format, for the property
tests and the scoring benchmark (one generator, so both exercise the same space)."""

from __future__ import annotations

import random
from typing import Any

from companion.aotwk.catalogue import load

RESOURCE_LIMITS = {"gold": 6, "marble": 6, "silver": 40, "clay": 12, "wood": 12, "stone": 12}


def random_game(rng: random.Random, players: int | None = None, with_bot: bool | None = None) -> dict[str, Any]:
    catalogue = load()
    players = players or rng.randint(1, catalogue.max_players)
    with_bot = (players <= 2 and rng.random() < 0.5) if with_bot is None else with_bot
    removed = catalogue.solo["removed_buildings"] if with_bot and players == 1 else ()   # Solo Play, Setup 2
    buildings = [b.id for b in catalogue.buildings.values() if b.vp is not None and b.id not in removed]
    apprentices = [a.id for a in catalogue.apprentices.values() if a.skills is not None]
    rng.shuffle(buildings)
    rng.shuffle(apprentices)
    doc: dict[str, Any] = {"players": []}
    for seat in range(players):
        board = rng.choice([None, None, *catalogue.boards])
        limit = catalogue.boards[board].apprentice_limit if board and catalogue.boards[board].apprentice_limit else 5
        player = {
            "name": f"Player {seat + 1}",
            "board": board,
            "virtue": rng.randint(0, 14),
            "debts_unpaid": rng.randint(0, 4),
            "debts_paid": rng.randint(0, 4),
            "prisoners": rng.randint(0, 8),
            "captured": rng.randint(0, 10),
            "cathedral": rng.randint(0, 5),
            "buildings": [buildings.pop() for _ in range(rng.randint(0, 7))],
            "apprentices": [apprentices.pop() for _ in range(rng.randint(0, limit))],
            **{r: rng.randint(0, top) for r, top in RESOURCE_LIMITS.items()},
        }
        doc["players"].append(player)
    if with_bot:
        doc["bot"] = {
            "opponent": rng.choice(list(catalogue.opponents)),
            "virtue": rng.randint(0, 14), "cathedral": rng.randint(0, 5), "marble": rng.randint(0, 8),
            "guildhall_workers": rng.randint(0, 8), "debts_unpaid": rng.randint(0, 3), "prisoners": rng.randint(0, 6),
        }
    return doc
