"""Importing and exporting the game document (shared/contracts/web-routes.md).

A document is read by its game's reader (``GamePages.read_document``, registered in
``companion.web.game_pages``; a document without ``"game"`` is the default game's,
AotWK's ``companion.aotwk.web.documents``); the problems are reported at once. An
accepted document becomes a complete game state.
"""

from __future__ import annotations

from typing import Any

from flask import abort, g, make_response, render_template, request, url_for
from flask_babel import gettext as _

from companion.game_time import minutes
from companion.games import playing_time
from companion.problems import InvalidInput
from companion.web import game_pages
from companion.web.i18n import game_title


def titled(state: dict) -> dict:
    """A document without a title is named in the language of whoever imports it."""
    state["title"] = state.get("title") or _("Imported game")
    return state


def read_document(doc: Any) -> tuple[dict, list]:
    """(game state, imported events) from a document, or InvalidInput with every problem."""
    state, imported_events = game_pages.pages_of(doc).read_document(doc)
    state.pop("playing_minutes", None)   # checked by the reader; the game's own events say it again
    return titled(state), imported_events


def export_document(state: dict, events: list[dict], created_at=None) -> dict:
    """The game's document: its state, its events and its playing time (``playing_minutes``). A game
    started without a title is named from ``created_at`` in the reader's language (none is stored)."""
    return {**state, "title": game_title(state.get("title"), created_at), "events": events,
            "playing_minutes": playing_minutes(state, events)}


def playing_minutes(state: dict, events: list[dict]) -> int | None:
    """Whole minutes from the first move to the final score, pauses of over an hour left out;
    None where that is unknown (a paper pad, too few event times): ``companion.games.playing_time``."""
    return minutes(playing_time({**state, "events": events}))


# -- stored records -------------------------------------------------------------------

_checked: dict[tuple[str, int], list] = {}   # (edit token, revision) -> problems: a revision never changes


def record_problems(game) -> list:
    """What keeps a stored game from being shown (``Problem``s, each said in the reader's language;
    empty for a sound one); checked once per revision."""
    key = (game.edit_token, game.revision)
    if key not in _checked:
        pages = game_pages.pages_for(game)   # each game's record is checked by its own reader
        try:
            (pages.check_record or pages.read_document)(game.state)
            _checked[key] = []
        except InvalidInput as exc:
            _checked[key] = list(exc.problems)
        if len(_checked) > 4096:
            _checked.pop(next(iter(_checked)))
    return _checked[key]


def written_by_the_rules(game) -> None:
    """A revision the game's own rules wrote from a sound one is sound: it is not read through the
    schema again (the rules keep their documents whole; every change's first reader saved ~3 ms)."""
    _checked[(game.edit_token, game.revision)] = []
    if len(_checked) > 4096:
        _checked.pop(next(iter(_checked)))


def refuse_damaged(game) -> None:
    """A record that fails the schema (made before it, or edited in the database) is never
    half-rendered: every page and change of it is this page, 422, which offers its export."""
    if request.endpoint in ("games.export_json", "games.view_export_json"):
        return
    problems = record_problems(game)
    if problems:
        endpoint = "games.export_json" if request.path.startswith("/g/") else "games.view_export_json"
        page = render_template("damaged.html", title=game_title(game.title, game.created_at), problems=problems,
                               export_url=url_for(endpoint, token=g.token))
        abort(make_response(page, 422))
