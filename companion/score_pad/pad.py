"""The score pad's game state and the taps that change it (pure: no Flask, no database).

The state is the score document itself (shared/contracts/score-pad.md) plus the game
document's own fields (format, phase), so ``export.json`` can be fed straight back to
``companion score``. A row's save carries each number with the number its screen showed
(``seen``): a number another phone changed meanwhile is not overwritten but reported, so
two phones typing into the same pad never lose each other's numbers, and numbers in
different boxes never conflict.
"""

from __future__ import annotations

import copy
from typing import Any

from companion.problems import InvalidInput, Problem, Refused as RuleRefusal, read_pad_document, text_problem
from companion.score_pad import GAME_ID
from companion.score_pad.document import MOST_ROWS, POINTS, ROW_LIMIT, parse
from companion.score_pad.words import ScorePadNote, ScorePadRefusal

FORMAT = "architects-companion/1"
PHASES = ("playing", "finished")
SCORES, ADD_ROW, PHASE = "score_pad_scores", "score_pad_add_row", "score_pad_phase"
# "Reopen the game": the pad takes numbers again until "Game over".
REOPEN = {"kind": PHASE, "phase": "playing"}


class Refused(RuleRefusal):
    """A tap the pad refuses; the message is for the player who tapped (said in the reader's language)."""

    def __init__(self, code: str, field: str = "move", **params: Any):
        self.why = ScorePadRefusal(code, **params)
        super().__init__([Problem(field, self.why)])


def new_game(names: list[str], title: str, rows: list[str] | None = None, lowest_wins: bool = False,
             bgg_id: int | None = None) -> dict:
    """A pad for these players, every box empty; ``rows`` None: one total per player."""
    width = len(rows) if rows is not None else 1
    state: dict[str, Any] = {"game": GAME_ID, "format": FORMAT, "title": title, "phase": "playing",
                             "lowest_wins": lowest_wins}
    if bgg_id is not None:
        state["bgg_id"] = bgg_id
    if rows is not None:
        state["rows"] = list(rows)
    state["players"] = [{"name": name, "scores": [None] * width} for name in names]
    parse(state)   # names, title and rows are checked by the same reader as the score command
    return state


def rematch(state: dict) -> dict:
    """A new pad for the same players, the first seat moved to the end, same rows and options
    (a pad that grew round by round starts again from its first row)."""
    names = [player["name"] for player in state["players"]]
    rows = state.get("rows")
    return new_game(names[1:] + names[:1], state["title"], rows[:1] if rows else rows,
                    state.get("lowest_wins", False), state.get("bgg_id"))


def read_document(doc: dict) -> tuple[dict, list]:
    """(pad state, imported events) from an exported game or a score document, or InvalidInput
    with every problem: the score command's checks plus the game document's own fields."""
    state, events = read_pad_document(doc, parse, PHASES, FORMAT)
    state.update(format=FORMAT, title=doc["title"].strip(), lowest_wins=doc.get("lowest_wins", False),
                 phase=doc.get("phase") or "finished")   # a score document describes a game that has ended
    if state.get("rows") is not None:
        state["rows"] = [row.strip() for row in state["rows"]]
    else:
        state.pop("rows", None)
    if state.get("bgg_id") is None:
        state.pop("bgg_id", None)
    for player in state["players"]:
        player["name"] = player["name"].strip()
    return state, events


def row_names(state: dict) -> list[str] | None:
    """The pad's rows, or None for a pad of one total per player."""
    return state.get("rows")


def width(state: dict) -> int:
    rows = row_names(state)
    return len(rows) if rows is not None else 1


def _points(value: Any) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or POINTS.problem(value) is not None:
        raise Refused("points", "cells", low=POINTS.low, high=POINTS.high)
    return value


def unsaved(state: dict, move: dict) -> dict[int, int | None]:
    """The cells of a row's save that are not what the pad holds now (seat -> the pad's number):
    another phone changed them after this screen was drawn, or the save was refused."""
    row = move.get("row")
    cells = move.get("cells") if isinstance(move.get("cells"), list) else []
    if not isinstance(row, int) or isinstance(row, bool) or not 0 <= row < width(state):
        return {}
    found = {}
    for cell in cells:
        seat = cell.get("player") if isinstance(cell, dict) else None
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(state["players"]):
            now = state["players"][seat]["scores"][row]
            if cell.get("points") != now:
                found[seat] = now
    return found


def _row_label(state: dict, row: int) -> str | None:
    rows = row_names(state)
    return rows[row] if rows is not None else None


def _scores(state: dict, move: dict) -> tuple[dict, list]:
    row = move.get("row")
    if isinstance(row, bool) or not isinstance(row, int) or not 0 <= row < width(state):
        raise Refused("choose_row", "row")
    cells = move.get("cells")
    if not isinstance(cells, list) or not all(isinstance(cell, dict) for cell in cells):
        raise Refused("cells", "cells")
    changed, clashes = [], []
    for cell in cells:
        seat = cell.get("player")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(state["players"]):
            raise Refused("choose_player", "cells")
        points = _points(cell.get("points"))
        scores = state["players"][seat]["scores"]
        now = scores[row]
        if points == now:
            continue
        if "seen" in cell and cell["seen"] != now:   # another phone wrote this box after this screen was drawn
            clashes.append(ScorePadNote("clash", name=state["players"][seat]["name"],
                                        row=_row_label(state, row) or "", now="–" if now is None else now))
            continue
        scores[row] = points
        changed.append(f"{state['players'][seat]['name']} {'–' if points is None else points}")
    if clashes and not changed:
        raise Refused("nothing_saved")
    label = _row_label(state, row)
    notes = [ScorePadNote("scores", row=label, names=changed) if label is not None
             else ScorePadNote("total", names=changed)] if changed else []
    return state, notes + clashes


def _add_row(state: dict, move: dict) -> tuple[dict, list]:
    rows = row_names(state)
    if rows is None:
        raise Refused("no_rows")
    if len(rows) >= MOST_ROWS:
        raise Refused("too_many_rows", most=MOST_ROWS)
    name = move.get("name")
    name = name.strip() if isinstance(name, str) else ""
    if not 1 <= len(name) <= ROW_LIMIT or text_problem(name) is not None:
        raise Refused("row_name", "name", limit=ROW_LIMIT)
    if name.casefold() in (row.casefold() for row in rows):
        raise Refused("row_taken", "name", row=name)
    rows.append(name)
    for player in state["players"]:
        player["scores"].append(None)
    return state, [ScorePadNote("row_added", row=name)]


def _phase(state: dict, move: dict) -> tuple[dict, list]:
    phase = move.get("phase")
    if phase not in PHASES:
        raise Refused("unknown_phase", "phase")
    state["phase"] = phase
    if phase == "finished":   # a box left blank on a paper pad is a nothing: the final score is whole
        for player in state["players"]:
            player["scores"] = [0 if points is None else points for points in player["scores"]]
    return state, [ScorePadNote("game_over" if phase == "finished" else "count_open")]


MOVES = {SCORES: _scores, ADD_ROW: _add_row, PHASE: _phase}


def apply(state: dict, move: dict) -> tuple[dict, list]:
    """(new state, notes) after one tap, or Refused with the reason."""
    rule = MOVES.get(move.get("kind"))
    if rule is None:
        raise Refused("unknown_change", "kind")
    changed, notes = rule(copy.deepcopy(state), move)
    try:   # a last guard: a tap never stores a document the score command would refuse
        parse(changed)
    except InvalidInput as exc:
        raise RuleRefusal(exc.problems) from exc
    return changed, notes


def move_kinds(state: dict) -> dict:
    """The taps the pad accepts and their fields, for a move sent as JSON."""
    return {
        SCORES: {"params": {
            "row": {"type": "int", "required": True, "min": 0, "max": width(state) - 1},
            # each {"player": seat, "points": a number or null, "seen": what the sender's screen showed (optional)}
            "cells": {"type": "list", "required": True, "min": POINTS.low, "max": POINTS.high}}},
        ADD_ROW: {"params": {"name": {"type": "text", "required": True, "max": ROW_LIMIT}}},
        PHASE: {"params": {"phase": {"type": "choice", "required": True, "choices": list(PHASES)}}},
    }
