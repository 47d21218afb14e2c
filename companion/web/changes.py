"""The one path every change of every game takes (being built: see issue 17).

For now: ``create_game`` is the only way a new game is stored.
"""

from __future__ import annotations

from companion.web.helpers import store
from companion.web.store import Game


def create_game(state: dict, imported_events: list | None = None, request_id: str | None = None) -> Game:
    """Store a new game (setup, import, rematch, a group's game)."""
    return store().create(state, imported_events)
