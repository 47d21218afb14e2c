"""The games that live in the same house, each registered with its pages.

The store, share links, undo and redo, history, polling and import are shared
(``companion.web.games``); what differs per game is how its page is drawn, how its
moves read in the history, how its history is grouped and how its document is read.
A game's package registers those here under the name its documents carry in ``"game"``
(``companion.amytis.web``); Architects of the West Kingdom registers as the default
(``companion.aotwk.web.table``): a document without a ``"game"`` is one of its games.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class GamePages:
    id: str                                          # the document's "game"
    render: Callable[..., Any]                       # (game, status, **context) -> response
    describe: Callable[[dict, dict], str]            # (state, move) -> a history sentence
    read_document: Callable[[dict], tuple[dict, list]]   # document -> (state, imported events)
    history: Callable[[Any, Any], list]              # (game, rounds.Events: one page) -> rounds (companion.web.rounds)
    # a stored state is sound, or InvalidInput (None: reading it as a document is the check)
    check_record: Callable[[dict], None] | None = None
    # The game's rules, pure: (state, move) -> (new state, notes), or companion.problems.Refused.
    # Every change goes through companion.web.changes, which runs this under the game's lock.
    apply: Callable[[dict, dict], tuple[dict, list]] | None = None
    # Whether a move sets something absolutely, so that only a current screen may send it.
    needs_current: Callable[[dict], bool] = lambda move: False
    # The move kinds the game accepts, for GET /g/<t>/moves: {kind: {"params": {...}}}.
    move_kinds: Callable[[dict], dict] | None = None
    # the next game with the same players, seats rotated, same options (None: no rematch);
    # a game that cannot be set up again raises InvalidInput or the game's setup error
    rematch: Callable[[dict], dict] | None = None


REGISTERED: dict[str, GamePages] = {}
DEFAULT: list[GamePages] = []   # the game of a document without "game" (set once, by its package)


def register(game: GamePages, *, default: bool = False) -> None:
    REGISTERED[game.id] = game
    if default:
        DEFAULT[:] = [game]


def of(document: Any) -> GamePages | None:
    """The registered game a state or document names; None for a document without a "game"."""
    name = document.get("game") if isinstance(document, dict) else None
    return REGISTERED.get(name) if isinstance(name, str) and (not DEFAULT or name != DEFAULT[0].id) else None


def pages_of(state: dict) -> GamePages:
    """The pages of the game a stored state is: the one it names, else the default game's."""
    return of(state) or DEFAULT[0]
