"""Importing and exporting the game document (shared/contracts/web-routes.md).

A document is checked by the rules core's ``parse_score_input`` (everything the
score command needs) plus the fields only the game document has; every problem
is reported at once. An accepted document becomes a complete game state: what
the score command lets a document leave out is filled in with its default.
"""

from __future__ import annotations

import copy
import secrets
from typing import Any

from companion.rules import table
from companion.rules.document import InvalidInput, parse_score_input
from companion.rules.problems import Problem
from companion.web import other_games

FORMAT = "architects-companion/1"
PHASES = ("playing", "final_round", "counting", "finished")
MODES = ("multiplayer", "solo", "two_vs_bot", "paper")
TITLE_LIMIT = 200
PLAYER_DEFAULTS: dict[str, Any] = {
    "colour": None, "board": None, "virtue": 0, "debts_unpaid": 0, "debts_paid": 0, "prisoners": 0,
    "captured": 0, "cathedral": 0, "gold": 0, "marble": 0, "silver": 0, "clay": 0, "wood": 0, "stone": 0,
    "buildings": [], "apprentices": [], "adornments": [], "tools": 0, "overrides": {},
}
TABLE_DEFAULTS: dict[str, Any] = {
    "guildhall_workers": 0, "guildhall": [], "tax_stand_silver": 4, "black_market_resets": 0, "final_round": None,
}
# Game-document fields beyond the score input, and what each must be.
EXTRA_FIELDS = {
    "format": (str, "text"), "title": (str, "text"), "created_at": (str, "text"), "phase": (str, "text"),
    "mode": (str, "text"), "variable_boards": (bool, "true or false"), "table": (dict, "an object"),
    "events": (list, "a list"),
}


def _extra_problems(doc: dict) -> list[Problem]:
    problems = []
    for key, (kind, described) in EXTRA_FIELDS.items():
        if doc.get(key) is not None and not isinstance(doc[key], kind):
            problems.append(Problem(key, f"must be {described}"))
    if isinstance(doc.get("format"), str) and doc["format"] != FORMAT:
        problems.append(Problem("format", f"must be {FORMAT!r} (got {doc['format']!r})"))
    if isinstance(doc.get("title"), str) and len(doc["title"]) > TITLE_LIMIT:
        problems.append(Problem("title", f"at most {TITLE_LIMIT} characters (got {len(doc['title'])})"))
    if isinstance(doc.get("phase"), str) and doc["phase"] not in PHASES:
        problems.append(Problem("phase", f"must be one of {', '.join(PHASES)} (got {doc['phase']!r})"))
    if isinstance(doc.get("mode"), str) and doc["mode"] not in MODES:
        problems.append(Problem("mode", f"must be one of {', '.join(MODES)} (got {doc['mode']!r})"))
    table = doc.get("table")
    if isinstance(table, dict):
        for key in ("guildhall_workers", "tax_stand_silver", "black_market_resets"):
            value = table.get(key)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
                problems.append(Problem(f"table.{key}", "must be a whole number >= 0"))
    for i, item in enumerate(doc.get("events") or [] if isinstance(doc.get("events"), list) else []):
        if not isinstance(item, dict) or not isinstance(item.get("kind"), str):
            problems.append(Problem(f"events[{i}]", 'must be an object with a "kind"'))
    return problems


def _mode(doc: dict) -> str:
    if doc.get("mode") in MODES:
        return doc["mode"]
    if doc.get("bot"):
        return "solo" if len(doc["players"]) == 1 else "two_vs_bot"
    return "multiplayer"


def read_document(doc: Any) -> tuple[dict, list]:
    """(game state, imported events) from a document, or InvalidInput with every problem."""
    other = other_games.of(doc)
    if other:
        return other.read_document(doc)
    problems: list[Problem] = []
    try:
        parse_score_input(doc)
    except InvalidInput as exc:
        problems.extend(exc.problems)
    if isinstance(doc, dict):
        problems.extend(_extra_problems(doc))
    if problems:
        raise InvalidInput(problems)

    state = copy.deepcopy(doc)
    imported_events = state.pop("events", None) or []
    state["format"] = FORMAT
    state.setdefault("title", "")
    state["title"] = state["title"] or "Imported game"
    # A score-command document describes a game that has ended.
    state["phase"] = state.get("phase") or "finished"
    state["mode"] = _mode(state)
    state.setdefault("variable_boards", any(p.get("board") for p in state["players"]))
    state.setdefault("expansions", [])
    state.setdefault("bot", None)
    state["players"] = [{**copy.deepcopy(PLAYER_DEFAULTS), **player} for player in state["players"]]
    state["table"] = {**copy.deepcopy(TABLE_DEFAULTS), **(state.get("table") or {})}
    # the tracker's own fields (Black Market spaces, Reward cards left, the bot's workers
    # and scheme piles...) derived for what the document leaves out; a fresh seed per import
    return table.complete(state, seed=secrets.randbelow(2**31)), imported_events


def export_document(state: dict, events: list[dict]) -> dict:
    return {**state, "events": events}
