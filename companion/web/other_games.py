"""Games besides Architects of the West Kingdom that live in the same house.

The store, share links, undo and redo, history, polling and import are shared; what
differs per game is how its page is drawn, how its moves read in the history and how
its document is read. A game's package registers those three here under the name its
documents carry in ``"game"`` (``companion.amytis.web``); a document without one is AotWK's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class OtherGame:
    id: str                                          # the document's "game"
    render: Callable[..., Any]                       # (game, status, **context) -> response
    describe: Callable[[dict, dict], str]            # (state, move) -> a history sentence
    read_document: Callable[[dict], tuple[dict, list]]   # document -> (state, imported events)


REGISTERED: dict[str, OtherGame] = {}


def register(game: OtherGame) -> None:
    REGISTERED[game.id] = game


def of(document: Any) -> OtherGame | None:
    """The registered game a state or document belongs to; None for AotWK (no "game")."""
    name = document.get("game") if isinstance(document, dict) else None
    return REGISTERED.get(name) if isinstance(name, str) else None
