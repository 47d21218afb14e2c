"""Reading a score pad document (shared/contracts/score-pad.md) into typed data.

Every problem is collected with its field path before giving up, as the other games' readers
do, and a field nobody knows is a problem (a typo in ``lowest_win`` must not silently rank the
wrong way). The game document's own fields (``phase``, ``events``...) are known, so an exported
game can be fed back to ``companion score`` unchanged. A ``null`` score is a value not entered
yet: the document is sound, only its result is incomplete (``scoring``).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any, Mapping

from companion.problems import Bounds, InvalidInput, Problem, Reader, day_problem, kind_key, text_problem
from companion.score_pad import GAME_ID
from companion.score_pad.words import ScorePadProblem

TITLE_LIMIT = 80
NAME_LIMIT = 40          # a group's roster keeps names this long
ROW_LIMIT = 40
MOST_ROWS = 30
MOST_PLAYERS = 12
POINTS = Bounds(-9_999, 99_999)
DOCUMENT_FIELDS = ("game", "title", "bgg_id", "lowest_wins", "rows", "players")
# What an exported game carries beyond the score input (shared/contracts/web-routes.md).
GAME_DOCUMENT_FIELDS = ("format", "created_at", "played_on", "phase", "events", "playing_minutes")
PLAYER_FIELDS = ("name", "scores")


@dataclass(frozen=True, slots=True)
class PlayerInput:
    name: str
    scores: tuple[int | None, ...]   # one per row (one, the total, without rows); None: not entered


@dataclass(frozen=True, slots=True)
class PadDocument:
    title: str
    bgg_id: int | None
    lowest_wins: bool
    rows: tuple[str, ...] | None     # None: each player's one number is the total
    players: tuple[PlayerInput, ...]

    @property
    def width(self) -> int:
        """How many numbers each player's scores hold."""
        return len(self.rows) if self.rows is not None else 1


def _closest(word: str, known: tuple[str, ...]) -> str | None:
    match = difflib.get_close_matches(str(word), list(known), n=1, cutoff=0.5)
    return match[0] if match else None


def _unknown_fields(reader: Reader, obj: Mapping, known: tuple[str, ...], path: str) -> None:
    for key in obj:
        if key not in known:
            reader.fail(f"{path}.{key}" if path else str(key),
                        ScorePadProblem("unknown_field", hint=_closest(key, known)))


def _text(reader: Reader, value: Any, path: str, limit: int) -> str | None:
    """Text of 1 to ``limit`` characters once trimmed, or None and a problem."""
    if not isinstance(value, str):
        reader.fail(path, ScorePadProblem("required") if value is None else ScorePadProblem("text", got=kind_key(value)))
        return None
    text = value.strip()
    wrong = text_problem(text)
    if wrong is not None:
        reader.fail(path, wrong)
        return None
    if not 1 <= len(text) <= limit:
        reader.fail(path, ScorePadProblem("name_length", limit=limit, got=len(text)))
        return None
    return text


def _rows(reader: Reader, value: Any) -> tuple[str, ...] | None:
    if not isinstance(value, list):
        reader.fail("rows", ScorePadProblem("list", got=kind_key(value)))
        return None
    if len(value) > MOST_ROWS:
        reader.fail("rows", ScorePadProblem("items", limit=MOST_ROWS, got=len(value)))
        return None
    rows: list[str] = []
    for i, raw in enumerate(value):
        row = _text(reader, raw, f"rows[{i}]", ROW_LIMIT)
        if row is not None and row.casefold() in (r.casefold() for r in rows):
            reader.fail(f"rows[{i}]", ScorePadProblem("row_twice", row=row))
        elif row is not None:
            rows.append(row)
    return tuple(rows) if len(rows) == len(value) else None


def _scores(reader: Reader, raw: Mapping, path: str, width: int | None, has_rows: bool) -> tuple | None:
    value = raw.get("scores")
    where = f"{path}.scores"
    if not isinstance(value, list):
        reader.fail(where, ScorePadProblem("required") if value is None else ScorePadProblem("list", got=kind_key(value)))
        return None
    if width is not None and len(value) != width:
        reader.fail(where, ScorePadProblem("one_per_row", rows=width, got=len(value)) if has_rows
                    else ScorePadProblem("one_total", got=len(value)))
        return None
    scores = [None if points is None else reader.whole(points, f"{where}[{i}]", POINTS.low, POINTS.high)
              for i, points in enumerate(value)]
    if any(number is None and points is not None for number, points in zip(scores, value)):
        return None
    return tuple(scores)


def _player(reader: Reader, raw: Any, path: str, width: int | None, has_rows: bool) -> PlayerInput | None:
    if not isinstance(raw, dict):
        reader.fail(path, ScorePadProblem("object", got=kind_key(raw)))
        return None
    before = len(reader.problems)
    _unknown_fields(reader, raw, PLAYER_FIELDS, path)
    name = reader.name(raw, path, NAME_LIMIT)
    scores = _scores(reader, raw, path, width, has_rows)
    if len(reader.problems) > before:
        return None
    return PlayerInput(name=name, scores=scores)


def parse(doc: Any) -> PadDocument:
    """The document's pad, or InvalidInput listing every problem."""
    if not isinstance(doc, dict):
        raise InvalidInput([Problem("(document)", ScorePadProblem("not_object", got=kind_key(doc)))])
    reader = Reader()
    _unknown_fields(reader, doc, DOCUMENT_FIELDS + GAME_DOCUMENT_FIELDS, "")
    if doc.get("game") != GAME_ID:
        reader.fail("game", ScorePadProblem("must_be_game", game=GAME_ID, got=doc.get("game")))
    if doc.get("playing_minutes") is not None:
        reader.whole(doc["playing_minutes"], "playing_minutes")
    if day_problem(doc.get("played_on")) is not None:   # the day played, set by a person
        reader.fail("played_on", day_problem(doc.get("played_on")))
    title = _text(reader, doc.get("title"), "title", TITLE_LIMIT)
    bgg_id = None
    if doc.get("bgg_id") is not None:
        bgg_id = reader.whole(doc["bgg_id"], "bgg_id", 1)
    lowest_wins = doc.get("lowest_wins", False)
    if not isinstance(lowest_wins, bool):
        reader.fail("lowest_wins", ScorePadProblem("bool", got=kind_key(lowest_wins)))
    rows = _rows(reader, doc["rows"]) if doc.get("rows") is not None else None
    width = len(rows) if rows is not None else (None if doc.get("rows") is not None else 1)
    raw_players = doc.get("players")
    if not isinstance(raw_players, list):
        reader.fail("players", ScorePadProblem("players_of", most=MOST_PLAYERS, got=kind_key(raw_players)))
        raw_players = []
    elif not 1 <= len(raw_players) <= MOST_PLAYERS:
        reader.fail("players", ScorePadProblem("players_count", most=MOST_PLAYERS, got=len(raw_players)))
    players = [_player(reader, raw, f"players[{i}]", width, doc.get("rows") is not None)
               for i, raw in enumerate(raw_players)]
    seen: dict[str, int] = {}
    for i, player in enumerate(players):
        if player is None:
            continue
        key = player.name.casefold()
        if key in seen:
            reader.fail(f"players[{i}].name", ScorePadProblem("name_taken", name=player.name,
                                                              other=f"players[{seen[key]}]"))
        else:
            seen[key] = i
    if reader.problems:
        raise InvalidInput(reader.problems)
    return PadDocument(title=title, bgg_id=bgg_id, lowest_wins=lowest_wins, rows=rows, players=tuple(players))
