"""Totals, ranks and winners of a score pad (shared/contracts/score-pad.md, "The result").

"``rank``: 1 + the number of players with a better total (higher, or lower with
``lowest_wins``); equal totals share a rank; ``winners`` are all players of rank 1 (a tie is
a shared win: there is no tie-breaker)." A value not entered (``null``) makes the result
incomplete: the command names each such field.
"""

from __future__ import annotations

from typing import Any

from companion.problems import InvalidInput, Problem
from companion.score_pad import GAME_ID
from companion.score_pad.document import PadDocument, parse
from companion.score_pad.words import ScorePadProblem


def running_totals(pad: PadDocument) -> list[int]:
    """Each player's total so far (what is not entered yet counts nothing): the pad's live line."""
    return [sum(points for points in player.scores if points is not None) for player in pad.players]


def ranks(totals: list[int], lowest_wins: bool = False) -> list[int]:
    """1 + how many totals are better; equal totals share a rank."""
    better = (lambda other, mine: other < mine) if lowest_wins else (lambda other, mine: other > mine)
    return [1 + sum(better(other, mine) for other in totals) for mine in totals]


def missing(pad: PadDocument) -> list[Problem]:
    """Every value not entered, by its field."""
    return [Problem(f"players[{seat}].scores[{i}]", ScorePadProblem("not_entered"))
            for seat, player in enumerate(pad.players) for i, points in enumerate(player.scores) if points is None]


def score(pad: PadDocument) -> dict[str, Any]:
    """The contract's result, or InvalidInput naming each value not entered."""
    gaps = missing(pad)
    if gaps:
        raise InvalidInput(gaps)
    totals = running_totals(pad)
    placed = ranks(totals, pad.lowest_wins)
    players = [{"name": player.name, "total": total, "rank": rank}
               for player, total, rank in zip(pad.players, totals, placed)]
    return {"game": GAME_ID, "title": pad.title, "players": players,
            "winners": [entry["name"] for entry in players if entry["rank"] == 1]}


def score_document(doc: Any) -> dict[str, Any]:
    """Parse (raising InvalidInput) and score a score pad document."""
    return score(parse(doc))
