"""Reading an Architects of the West Kingdom game document (the default game's
``GamePages.read_document`` and ``check_record``, ``companion.web.game_pages``).

A document is checked by the rules core's ``parse_score_input``: the game document's
schema (``companion.aotwk.rules.schema``) and the score's own rules. An accepted
document becomes a complete game state: what the score command lets a document leave
out is filled in with its default.
"""

from __future__ import annotations

import copy
import secrets
from typing import Any

from companion.aotwk.rules import table
from companion.aotwk.rules.document import parse_score_input
from companion.aotwk.rules.schema import FORMAT, MODES

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


def read_aotwk_document(doc: Any) -> tuple[dict, list]:
    """(game state, imported events) from an Architects of the West Kingdom document."""
    # the schema and the score's rules, every problem at once; what the score will ask for (a paper
    # game's final virtue nobody typed yet) is the game's to ask, as it was before its export
    parse_score_input(doc, asks=True)

    state = copy.deepcopy(doc)
    imported_events = state.pop("events", None) or []
    state["format"] = FORMAT
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


def check_record(state: dict) -> None:
    """A stored game is sound, or InvalidInput: the schema of a record."""
    parse_score_input(state, record=True)
