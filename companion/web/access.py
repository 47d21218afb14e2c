"""Who may see or change a game: the token in the address is the key.

``/g/<edit token>`` has full rights, ``/v/<view token>`` is read-only; an unknown
token is a friendly 404, a view token where a change is asked for a 403. A stored
record that fails its game's schema is never half-shown (``refuse_damaged``).
Every page of a game and every change (``companion.web.changes``) starts here.
"""

from __future__ import annotations

from flask import abort, g, request
from flask_babel import lazy_gettext as _l

from companion.web.documents import refuse_damaged
from companion.web.helpers import game_found, store
from companion.web.storage.store import Game, GameNotFound

VIEW_ONLY_MESSAGE = _l("This is the view-only link: it can watch the game but not change it.")


def load(token: str, want_edit: bool, fresh: bool | None = None) -> Game:
    """The game behind a token; sets g.editable and g.token. A view token where an edit is wanted is 403.
    ``fresh`` (by default for an edit): the revision from the database, not this process's memory."""
    try:
        game, editable = store().find(token, fresh=want_edit if fresh is None else fresh)
    except GameNotFound:
        abort(404)
    if want_edit and not editable:
        abort(403, VIEW_ONLY_MESSAGE)
    g.editable = editable and request.path.startswith("/g/")
    g.token = token
    refuse_damaged(game)   # a record that fails the schema: what is wrong and its export, never half a page
    return game_found(game)   # (what a request with a game in hand sets up: the card library it is scored with)
