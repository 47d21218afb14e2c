"""Each registered game's pages, and the shared addresses that hand a game to them.

The store, share links, undo and redo, history, polling, import, ``sheet.pdf`` and the groups
are shared (``companion.web.games``, ``companion.web.groups``); what differs per game is how
its page is drawn, how its moves read in the history, how its document is read, its sheet,
how its scores read on a group's page, and its own addresses (its blueprints). A game's
package lists those in a ``GamePages`` named ``pages`` in the module its registration names
(``companion.games.Game.web``); this module reads them from there and imports no game.

A game's own addresses answer for its own games only: another game's token there is sent to
its page (a page) or is a 404 (a fragment or a change), so no game answers for another.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, Callable

from flask import Blueprint, Flask, abort, redirect, request, url_for

from companion import games
from companion.web.extensions import htmx
from companion.web.helpers import ON_GAME_FOUND

if TYPE_CHECKING:
    from companion.web.storage.store import Game


@dataclass(frozen=True)
class Start:
    """A game's "new game" button beside the default game's, on the home page and a group's page."""
    endpoint: str                                    # its new-game form (takes ?group=<token>)
    home: Any                                        # the button's words on the home page (a lazy string)
    group: Any                                       # and on a group's page


@dataclass(frozen=True)
class GamePages:
    id: str                                          # the document's "game" (its registration's id)
    name: Any                                        # the game's name in the reader's language (a lazy string)
    blueprints: tuple[Blueprint, ...]                # its own addresses
    render: Callable[..., Any]                       # (game, status, **context) -> response
    describe: Callable[[dict, dict], str]            # (state, move) -> a history sentence
    read_document: Callable[[dict], tuple[dict, list]]   # document -> (state, imported events)
    history: Callable[[Any, Any], list]              # (game, rounds.Events: one page) -> rounds (companion.web.rounds)
    sheet: Callable[[Any], Any]                      # game -> its printable sheet (GET /g/<t>/sheet.pdf)
    scores_csv: Callable[[Any], Any]                 # a finished game -> its scores as CSV (GET /g/<t>/scores.csv)
    # (the game's pure rules) (state, move) -> (new state, notes), or companion.problems.Refused.
    # Every change goes through companion.web.changes, which runs this under the game's lock.
    apply: Callable[[dict, dict], tuple[dict, list]]
    # The move kinds the game accepts, for GET /g/<t>/moves: {kind: {"params": {...}}}.
    move_kinds: Callable[[dict], dict]
    # How a move sent as JSON is read: (move_kinds, body with a known "kind") -> (move, problems by field).
    # None: against move_kinds (companion.web.move_fields); a game whose moves also come as a form
    # reads both ways through one function.
    read_move: Callable[[dict, Any], tuple[dict, dict]] | None = None
    # Whether a move sets something absolutely, so that only a current screen may send it.
    needs_current: Callable[[dict], bool] = lambda move: False
    # a stored state is sound, or InvalidInput (None: reading it as a document is the check)
    check_record: Callable[[dict], None] | None = None
    # the next game with the same players, seats rotated, same options (None: no rematch);
    # a game that cannot be set up again raises InvalidInput or the game's setup error
    rematch: Callable[[dict], dict] | None = None
    # This device's seat in a game (a player's number, or what else the game offers, like AotWK's whole
    # table; None: not chosen), kept in its session, and remembering one: a rematch carries it over
    # (companion.web.rematches), a player's number moving with the player.
    device_seat: Callable[[Any], Any] = lambda game: None
    remember_seat: Callable[[Any, Any], None] = lambda game, seat: None
    # The move that reopens a finished game ("Reopen the game"; None: it cannot be reopened), and
    # what else a finished game takes as it is (AotWK: values nobody entered that its final score
    # asks for). Every other change of a finished game is refused (companion.web.changes).
    reopen: dict | None = None
    finished_takes: Callable[[dict, dict], bool] = lambda state, move: False
    # What an Undo of a game in play drops besides the change it names, said to the phone before it
    # is done, as a finished game's Undo asks first (AotWK: undoing the end of the game closes every
    # phone's count): (state, the move it takes back) -> a message, or None (nothing: done at once).
    undo_drops: Callable[[dict, dict], Any] = lambda state, move: None
    # A score category as a group's page and the score chart say it (in the reader's language).
    category_words: Callable[[str], str] = lambda category: category.replace("_", " ")
    # The scores' entries (players, and a bot if the game has one), named as a reader reads them.
    score_entries: Callable[[dict], list[dict]] = lambda scores: list(scores["players"])
    # A card's name in the reader's language, (kind, id) -> words (a group's building table).
    card_name: Callable[[str, str], str] = lambda kind, card_id: card_id
    # What a group's roster may keep as a person's usual choice for this game's setup:
    # {roster field: [(value, words), ...]} (AotWK: their colour and player board).
    usual_choices: Callable[[], dict[str, list]] = lambda: {}
    # Its button on the home page and a group's page (None: the shared pages start it themselves).
    start: Start | None = None


@cache
def every_game() -> dict[str, GamePages]:
    """Each registered game's pages by id, the default game's first (its web module imported once)."""
    found = {}
    for game in games.installed().values():
        pages = importlib.import_module(game.web).pages
        if pages.id != game.id:
            raise RuntimeError(f"{game.web}.pages is {pages.id!r}, registered as {game.id!r}")
        found[game.id] = pages
    return found


def pages_of(state: Any) -> GamePages:
    """The pages of the game a document (or a score) is (the default game's when it names none)."""
    return every_game()[games.kind_of(state)]


def pages_for(game: Game) -> GamePages:
    """The pages of a stored game, by the kind decided when it was read (``Game.kind``)."""
    return every_game()[game.kind]


def starts() -> list[Start]:
    """The "new game" buttons the games declare, in the registry's order."""
    return [pages.start for pages in every_game().values() if pages.start is not None]


def register(app: Flask) -> None:
    """Every game's blueprints on the app: a game whose pages cannot be imported stops the start."""
    for pages in every_game().values():
        for blueprint in pages.blueprints:
            app.register_blueprint(blueprint)
    app.jinja_env.globals["game_starts"] = starts   # the home page's and a group's buttons


def _owner(blueprint: str | None) -> GamePages | None:
    """The game whose blueprint (or one nested in it: "aotwk.table") answers the request."""
    top = (blueprint or "").split(".")[0]
    return next((pages for pages in every_game().values() if any(bp.name == top for bp in pages.blueprints)), None)


def own_games_only(game) -> None:
    """At a game's own address (its blueprint), a token of another game's: its page for a page,
    404 for a fragment or a change (that game has no such address)."""
    owner = _owner(request.blueprint) if "token" in (request.view_args or {}) else None
    if owner is None or owner.id == game.kind:
        return
    if request.method != "GET" or htmx:
        abort(404)
    read_only = request.path.startswith("/v/") or request.view_args.get("access") == "v"
    token = request.view_args["token"]
    abort(redirect(url_for("games.view" if read_only else "games.table", token=token), 303))


ON_GAME_FOUND.insert(0, own_games_only)   # before any game's own hook reads the game as its own
