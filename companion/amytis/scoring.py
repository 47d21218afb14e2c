"""End-of-game scoring of The Architects of Amytis (rulebook 002, "END OF THE GAME"
and "FAVORS").

"Total your score as follows: The points you've accumulated during the game [...]
The points indicated on your validated Project cards. The points related to the
Favors on which you have placed a pawn." Each favor is scored with its reason and
the stacks that earned it, so the pad can show why and what a favor would score.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.amytis import GAME_ID
from companion.amytis.document import Board, PlayerInput, parse
from companion.amytis.favors import Favor, rules
from companion.amytis.words import AmytisReason

CATEGORIES = ("track", "projects", "favors")
FAVOR_TRACK = "favor_track_pawns"

Cell = tuple[int, int]


@dataclass(frozen=True)
class FavorScore:
    points: int
    reason: str   # an AmytisReason: the English sentence, said in Korean by the web layer
    cells: tuple[Cell, ...] = ()   # the stacks that earned it (for the pad and the sheet)


def _lines(size: int) -> list[tuple[tuple[str, int], tuple[Cell, ...]]]:
    """Every row (top to bottom) and column (left to right); diagonals do not count."""
    rows = [(("row", r + 1), tuple((r, c) for c in range(size))) for r in range(size)]
    columns = [(("column", c + 1), tuple((r, c) for r in range(size))) for c in range(size)]
    return rows + columns


def corners(size: int) -> tuple[Cell, ...]:
    last = size - 1
    return ((0, 0), (0, last), (last, 0), (last, last))


def score_favor(favor: Favor, stacks: Board, projects: int) -> FavorScore:
    """What ``favor`` is worth for this board and this many validated Project cards."""
    size = len(stacks)
    if favor.kind == "exact_stacks":
        cells = tuple((r, c) for r in range(size) for c in range(size) if stacks[r][c] == favor.tiles)
        return FavorScore(len(cells) * favor.points,
                          AmytisReason("exact_stacks", stacks=len(cells), tiles=favor.tiles, points=favor.points), cells)
    if favor.kind == "staircases":
        steps, names, cells = favor.steps, [], []
        for name, line in _lines(size):
            heights = tuple(stacks[r][c] for r, c in line)
            if heights in (steps, steps[::-1]):
                names.append(list(name))
                cells.extend(cell for cell in line if cell not in cells)
        return FavorScore(len(names) * favor.points, AmytisReason("staircases", lines=names, points=favor.points),
                          tuple(cells))
    if favor.kind == "corners":
        cells = tuple((r, c) for r, c in corners(size) if stacks[r][c] >= favor.at_least)
        return FavorScore(len(cells) * favor.points,
                          AmytisReason("corners", corners=len(cells), at_least=favor.at_least, points=favor.points),
                          cells)
    if favor.kind == "projects":
        return FavorScore(projects * favor.points,
                          AmytisReason("projects_favor", cards=projects, points=favor.points))
    raise ValueError(f"unknown favor kind {favor.kind!r}")


def favor_track(pawns: int) -> FavorScore:
    points = rules().favor_track_points[pawns]
    return FavorScore(points, AmytisReason("favor_track", pawns=pawns))


def every_favor(stacks: Board, projects: int) -> dict[str, FavorScore]:
    """What each favor would score for this board, claimed or not (the pad shows it)."""
    return {favor.id: score_favor(favor, stacks, projects) for favor in rules().favors.values()}


def score_player(player: PlayerInput) -> dict[str, Any]:
    favors = {favor_id: score_favor(rules().favors[favor_id], player.stacks, len(player.projects))
              for favor_id in player.favors}
    if player.favor_track_pawns:
        favors[FAVOR_TRACK] = favor_track(player.favor_track_pawns)
    categories = {"track": player.track, "projects": sum(player.projects),
                  "favors": sum(f.points for f in favors.values())}
    return {
        "name": player.name,
        "total": sum(categories.values()),
        "categories": categories,
        "favors": {key: f.points for key, f in favors.items()},
        "reasons": {
            "track": AmytisReason("track"),
            "projects": AmytisReason("projects", cards=list(player.projects)),
            **{key: f.reason for key, f in favors.items()},
        },
    }


def rank(entries: list[dict[str, Any]]) -> list[str]:
    """Set each entry's rank; returns the winners. "The player with more points is
    declared the victor": the rulebook names no tie-breaker, so equal totals share."""
    for entry in entries:
        entry["rank"] = 1 + sum(other["total"] > entry["total"] for other in entries)
    return [entry["name"] for entry in entries if entry["rank"] == 1]


def score(players: tuple[PlayerInput, ...]) -> dict[str, Any]:
    entries = [score_player(player) for player in players]
    winners = rank(entries)
    return {"game": GAME_ID, "players": entries, "winners": winners}


def score_document(doc: Any) -> dict[str, Any]:
    """Parse (raising InvalidInput) and score an Amytis document."""
    return score(parse(doc))
