"""Importing and exporting the game document (shared/contracts/web-routes.md).

A document is checked by the rules core's ``parse_score_input``: the game
document's schema (``companion.aotwk.rules.schema``) and the score's own rules; the
problems are reported at once. An accepted document becomes a complete game state: what
the score command lets a document leave out is filled in with its default.
"""

from __future__ import annotations

import copy
import secrets
from typing import Any

from flask import abort, g, make_response, render_template, request, url_for
from flask_babel import gettext as _

from companion.aotwk.rules import table
from companion.aotwk.rules.document import InvalidInput, parse_score_input
from companion.aotwk.rules.schema import FORMAT, MODES
from companion.web import other_games

PLAYER_DEFAULTS: dict[str, Any] = {
    "colour": None, "board": None, "virtue": 0, "debts_unpaid": 0, "debts_paid": 0, "prisoners": 0,
    "captured": 0, "cathedral": 0, "gold": 0, "marble": 0, "silver": 0, "clay": 0, "wood": 0, "stone": 0,
    "buildings": [], "apprentices": [], "adornments": [], "tools": 0, "overrides": {},
}
TABLE_DEFAULTS: dict[str, Any] = {
    "guildhall_workers": 0, "guildhall": [], "tax_stand_silver": 4, "black_market_resets": 0, "final_round": None,
}
def _mode(doc: dict) -> str:
    if doc.get("mode") in MODES:
        return doc["mode"]
    if doc.get("bot"):
        return "solo" if len(doc["players"]) == 1 else "two_vs_bot"
    return "multiplayer"


def _titled(state: dict) -> dict:
    """A document without a title is named in the language of whoever imports it."""
    state["title"] = state.get("title") or _("Imported game")
    return state


def read_document(doc: Any) -> tuple[dict, list]:
    """(game state, imported events) from a document, or InvalidInput with every problem."""
    other = other_games.of(doc)
    if other:
        state, imported_events = other.read_document(doc)
        return _titled(state), imported_events
    return read_aotwk_document(doc)


def read_aotwk_document(doc: Any) -> tuple[dict, list]:
    """(game state, imported events) from an Architects of the West Kingdom document."""
    parse_score_input(doc)   # the schema and the score's rules: every problem, at once

    state = copy.deepcopy(doc)
    imported_events = state.pop("events", None) or []
    state["format"] = FORMAT
    _titled(state)
    # A score-command document describes a game that has ended.
    state["phase"] = state.get("phase") or "finished"
    state["mode"] = _mode(state)
    state.setdefault("variable_boards", any(p.get("board") for p in state["players"]))
    state.setdefault("expansions", [])
    state.setdefault("bot", None)
    # score-cli: a field given as null takes its default, as a field left out does
    state["players"] = [{**copy.deepcopy(PLAYER_DEFAULTS), **_given(player)} for player in state["players"]]
    state["table"] = {**copy.deepcopy(TABLE_DEFAULTS), **_given(state.get("table") or {})}
    if state["bot"]:
        state["bot"] = _given(state["bot"])
    # the tracker's own fields (Black Market spaces, Reward cards left, the bot's workers
    # and scheme piles...) derived for what the document leaves out; a fresh seed per import
    state = table.complete(state, seed=secrets.randbelow(2**31))
    parse_score_input(state, record=True)   # what is stored can always be read back
    return state, imported_events


def _given(fields: dict) -> dict:
    return {key: value for key, value in fields.items() if value is not None}


def export_document(state: dict, events: list[dict]) -> dict:
    return {**state, "events": events}


# -- stored records -------------------------------------------------------------------

_checked: dict[tuple[str, int], list[str]] = {}   # (edit token, revision) -> problems: a revision never changes


def record_problems(game) -> list[str]:
    """What keeps a stored game from being shown (empty for a sound one); checked once per revision."""
    key = (game.edit_token, game.revision)
    if key not in _checked:
        other = other_games.of(game.state)   # another game's record is checked by its own reader
        try:
            if other:
                other.read_document(game.state)
            else:
                parse_score_input(game.state, record=True)
            _checked[key] = []
        except InvalidInput as exc:
            _checked[key] = [str(p) for p in exc.problems]
        if len(_checked) > 4096:
            _checked.pop(next(iter(_checked)))
    return _checked[key]


def refuse_damaged(game) -> None:
    """A record that fails the schema (made before it, or edited in the database) is never
    half-rendered: every page and change of it is this page, 422, which offers its export."""
    if request.endpoint in ("games.export_json", "games.view_export_json"):
        return
    problems = record_problems(game)
    if problems:
        endpoint = "games.export_json" if request.path.startswith("/g/") else "games.view_export_json"
        page = render_template("damaged.html", title=game.title or "This game", problems=problems,
                               export_url=url_for(endpoint, token=g.token))
        abort(make_response(page, 422))
