"""The score pad's game state and the taps that change it (pure: no Flask).

The state is the score document itself (shared/contracts/amytis-score.md) plus
the game document's own fields (title, phase, created_at), so ``export.json``
can be fed straight back to ``companion score``. Each tap is a small move:
relative where it can be (a stack +1), so a tap from a phone that had not yet
seen the other phone's tap still applies to the latest board.
"""

from __future__ import annotations

import copy
from typing import Any

from companion.amytis import GAME_ID
from companion.amytis.document import PROJECT_POINTS, TRACK_LIMIT, parse, tiles
from companion.amytis.favors import rules
from companion.amytis.words import PadNote, PadRefusal
from companion.problems import (InvalidInput, Problem, Refused as RuleRefusal, day_problem, read_pad_document,
                                text_problem)

FORMAT = "architects-companion/1"
PHASES = ("playing", "finished")
ROWS = ("top", "middle", "bottom")
COLUMNS = ("left", "middle", "right")
# "Reopen the game": the score is open to taps again until "Game over" (the count's phase tap).
REOPEN = {"kind": "amytis_phase", "phase": "playing"}


class Refused(RuleRefusal):
    """A tap the rules refuse; the message is for the player who tapped (a ``PadRefusal``: said
    in the reader's language by the web layer)."""

    def __init__(self, code: str, **params: Any):
        self.why = PadRefusal(code, **params)
        super().__init__([Problem("move", self.why)])


def new_game(names: list[str], title: str = "") -> dict:
    size = rules().board_size
    state = {
        "game": GAME_ID, "format": FORMAT, "title": title or f"{names[0]} and {names[1]}", "phase": "playing",
        "players": [{"name": name, "track": 0, "projects": [], "stacks": [[0] * size for _ in range(size)],
                     "favors": [], "favor_track_pawns": 0} for name in names],
    }
    parse(state)   # names are checked by the same reader as the score command
    return state


def rematch(state: dict) -> dict:
    """A new pad for the same two players, seats swapped, under the same title."""
    names = [player["name"] for player in state["players"]]
    return new_game(names[1:] + names[:1], state.get("title") or "")


TITLE_LIMIT = 200


def read_document(doc: dict) -> tuple[dict, list]:
    """(pad state, imported events) from an exported game or a score document, or InvalidInput
    with every problem: the score command's checks plus the game document's own fields."""
    state, events = read_pad_document(doc, parse, PHASES, FORMAT, _game_field_problems(doc))
    size = rules().board_size
    state.update(format=FORMAT, title=doc.get("title") or "",   # the importer names an untitled game
                 phase=doc.get("phase") or "finished")   # a score document describes a game that has ended
    state["players"] = [{"track": 0, "projects": [], "stacks": [[0] * size for _ in range(size)], "favors": [],
                         "favor_track_pawns": 0, **{k: v for k, v in player.items() if v is not None}}
                        for player in state["players"]]
    for player in state["players"]:
        player["name"] = player["name"].strip()
    return state, events


def _game_field_problems(doc: dict) -> list[Problem]:
    """What is wrong with the game document's own fields the score document has not (title, day played)."""
    problems = []
    title = doc.get("title")
    if title is not None and (not isinstance(title, str) or len(title) > TITLE_LIMIT):
        problems.append(Problem("title", f"must be text of at most {TITLE_LIMIT} characters"))
    elif title is not None and text_problem(title) is not None:
        problems.append(Problem("title", text_problem(title)))
    if day_problem(doc.get("played_on")) is not None:
        problems.append(Problem("played_on", day_problem(doc.get("played_on"))))
    return problems


def stack_name(row: int, column: int) -> str:
    """'top-left', 'middle' (the centre), 'bottom': how a player points at a stack."""
    if ROWS[row] == "middle" and COLUMNS[column] == "middle":
        return "middle"
    if ROWS[row] == "middle":
        return COLUMNS[column]
    if COLUMNS[column] == "middle":
        return ROWS[row]
    return f"{ROWS[row]}-{COLUMNS[column]}"


def pawns_left(player: dict) -> int:
    return rules().favor_pawns - len(player["favors"]) - player["favor_track_pawns"]


def _no_pawn(player: dict) -> Refused:
    return Refused("no_pawn_left", name=player["name"], pawns=rules().favor_pawns, favors=len(player["favors"]),
                   on_track=player["favor_track_pawns"])


def _whole(value: Any, what: str, low: int, high: int) -> int:
    """``value`` if it is a whole number in range; ``what`` names the field (words.NUMBER_WHAT)."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise Refused("whole_number", what=what, low=low, high=high)
    return value


def move_kinds(state: dict) -> dict:
    """The taps the pad accepts and their fields, for a move sent as JSON."""
    size = rules().board_size
    seat = {"player": {"type": "player", "required": True, "min": 0, "max": len(state["players"]) - 1}}
    one = {"type": "int", "required": True, "choices": [1, -1]}
    return {
        "amytis_stack": {"params": {**seat, "row": {"type": "int", "required": True, "min": 0, "max": size - 1},
                                    "column": {"type": "int", "required": True, "min": 0, "max": size - 1},
                                    "delta": one}},
        "amytis_favor": {"params": {**seat, "favor": {"type": "choice", "required": True,
                                                      "choices": list(rules().favors)},
                                    "claimed": {"type": "bool", "required": True}}},
        "amytis_favor_track": {"params": {**seat, "delta": one}},
        "amytis_project_add": {"params": {**seat, "points": {"type": "int", "required": True,
                                                             "min": PROJECT_POINTS[0], "max": PROJECT_POINTS[1]}}},
        "amytis_project_remove": {"params": {**seat, "points": {"type": "int", "required": True,
                                                                "min": PROJECT_POINTS[0], "max": PROJECT_POINTS[1]}}},
        "amytis_track": {"params": {**seat, "total": {"type": "int", "required": False, "min": 0, "max": TRACK_LIMIT},
                                    "range": {"type": "int", "required": False, "min": 0, "max": TRACK_LIMIT},
                                    "space": {"type": "int", "required": False, "min": 0, "max": TRACK_LIMIT}}},
        "amytis_phase": {"params": {"phase": {"type": "choice", "required": True, "choices": list(PHASES)}}},
    }


def apply(state: dict, move: dict) -> tuple[dict, list[PadNote]]:
    """(new state, notes) after one tap, or Refused with the reason."""
    state = copy.deepcopy(state)
    kind = move.get("kind")
    if kind == "amytis_phase":
        phase = move.get("phase")
        if phase not in PHASES:
            raise Refused("unknown_phase")
        state["phase"] = phase
        return _checked(state, [PadNote("game_over" if phase == "finished" else "count_open")])
    seat = move.get("player")
    if isinstance(seat, bool) or seat not in range(len(state["players"])):
        raise Refused("choose_player")
    player = state["players"][seat]
    name = player["name"]

    if kind == "amytis_stack":
        size = rules().board_size
        row, column = _whole(move.get("row"), "row", 0, size - 1), _whole(move.get("column"), "column", 0, size - 1)
        delta = move.get("delta")
        if delta not in (1, -1):
            raise Refused("one_tile")
        before = player["stacks"][row][column]
        if before + delta < 0:
            raise Refused("stack_empty", name=name, stack=stack_name(row, column))
        held = sum(tiles(p["stacks"]) for p in state["players"])
        if delta > 0 and held >= rules().tiles_in_play:
            raise Refused("no_tiles_left", tiles=rules().tiles_in_play)
        player["stacks"][row][column] = before + delta
        return _checked(state, [PadNote("stack", name=name, stack=stack_name(row, column), before=before,
                                        after=before + delta)])

    if kind == "amytis_favor":
        favor = rules().favors.get(move.get("favor"))
        if favor is None:
            raise Refused("unknown_favor")
        claimed = move.get("claimed") is True
        if claimed and favor.id not in player["favors"]:
            if pawns_left(player) <= 0:
                raise _no_pawn(player)
            holder = next((p["name"] for p in state["players"] if favor.id in p["favors"]), None)
            if holder is not None:   # rulebook: 'Place one of your pawns on an unoccupied space'
                raise Refused("favor_taken", name=holder)
            player["favors"].append(favor.id)
        elif not claimed and favor.id in player["favors"]:
            player["favors"].remove(favor.id)
        return _checked(state, [PadNote("favor", name=name, favor=favor.id, claimed=claimed)])

    if kind == "amytis_favor_track":
        delta = move.get("delta")
        if delta not in (1, -1):
            raise Refused("one_pawn")
        after = player["favor_track_pawns"] + delta
        if after < 0:
            raise Refused("no_track_pawn", name=name)
        if after > rules().max_track_pawns:
            raise Refused("track_full", pawns=rules().max_track_pawns)
        if delta > 0 and pawns_left(player) <= 0:
            raise _no_pawn(player)
        player["favor_track_pawns"] = after
        return _checked(state, [PadNote("favor_track", name=name, pawns=after, points=rules().favor_track_points[after])])

    if kind == "amytis_project_add":
        points = _whole(move.get("points"), "project", *PROJECT_POINTS)
        player["projects"].append(points)
        return _checked(state, [PadNote("project_added", name=name, points=points)])

    if kind == "amytis_project_remove":
        points = _whole(move.get("points"), "project", *PROJECT_POINTS)
        if points not in player["projects"]:
            raise Refused("no_such_project", name=name, points=points)
        player["projects"].remove(points)
        return _checked(state, [PadNote("project_removed", name=name, points=points)])

    if kind == "amytis_track":
        if move.get("total") is not None:
            total = _whole(move.get("total"), "total", 0, TRACK_LIMIT)
            note = PadNote("track_total", name=name, total=total)
        else:
            laps = _whole(move.get("range", 0), "range", 0, TRACK_LIMIT)   # no full laps, unless said
            space = _whole(move.get("space"), "space", 0, TRACK_LIMIT)
            total = laps + space
            note = PadNote("track_parts", name=name, total=total, laps=laps, space=space)
            if total > TRACK_LIMIT:
                raise Refused("track_limit", limit=TRACK_LIMIT)
        player["track"] = total
        return _checked(state, [note])

    raise Refused("unknown_change")


def _checked(state: dict, notes: list[PadNote]) -> tuple[dict, list[PadNote]]:
    """The same checks as the score command, as a last guard: a tap never stores a document it would refuse."""
    try:
        parse(state)
    except InvalidInput as exc:
        raise Refused("unscorable", problems=[(problem.path, problem.message) for problem in exc.problems]) from exc
    return state, notes
