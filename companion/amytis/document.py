"""Reading an Amytis score document (shared/contracts/amytis-score.md) into typed data.

Every problem is collected with its field path (``players[1].stacks[2][0]: must be
between 0 and 45 (got 46)``) before giving up, as the AotWK reader does. Unlike
that reader, a field nobody knows is a problem, named with the closest known
field: a typo in ``favours`` must not silently score 0. The game document's own
fields (``title``, ``phase``, ``events``...) are known, so an exported game can be
fed back to ``companion score`` unchanged.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any, Mapping

from companion.amytis import GAME_ID
from companion.amytis.favors import rules
from companion.amytis.words import AmytisProblem
from companion.problems import SANE, Bounds, InvalidInput, Problem, Reader, kind_key

PLAYERS = 2
NAME_LIMIT = 40
PROJECT_POINTS = (1, 30)
# No game's track comes near the sanity bound: a larger one is a typo or a stranger's, refused on an
# import and on the pad alike (a 400-digit track once made every page of its game fail).
TRACK = Bounds(0, SANE, sane=True)
TRACK_LIMIT = TRACK.high
DOCUMENT_FIELDS = ("game", "players")
# What an exported game carries beyond the score input (shared/contracts/web-routes.md);
# playing_minutes is worked out from the events again, so a reader only checks it.
GAME_DOCUMENT_FIELDS = ("format", "title", "created_at", "played_on", "phase", "events", "playing_minutes")
PLAYER_FIELDS = ("name", "track", "projects", "stacks", "favors", "favor_track_pawns")

Board = tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class PlayerInput:
    name: str
    track: int
    projects: tuple[int, ...]
    stacks: Board
    favors: tuple[str, ...]
    favor_track_pawns: int


def closest(word: str, known: tuple[str, ...] | list[str]) -> str | None:
    """The nearest known word, for '; did you mean X?', or None."""
    match = difflib.get_close_matches(str(word), list(known), n=1, cutoff=0.5)
    return match[0] if match else None


def _unknown_fields(reader: Reader, obj: Mapping, known: tuple[str, ...], path: str) -> None:
    for key in obj:
        if key not in known:
            where = f"{path}.{key}" if path else str(key)
            reader.fail(where, AmytisProblem("unknown_field", hint=closest(key, known)))


def _stacks(reader: Reader, raw: Mapping, path: str) -> Board | None:
    size, most = rules().board_size, rules().tiles_in_play
    value = raw.get("stacks")
    if value is None:
        return tuple((0,) * size for _ in range(size))
    where = f"{path}.stacks"
    if not isinstance(value, list):
        reader.fail(where, AmytisProblem("stacks", size=size, got=kind_key(value)))
        return None
    if len(value) != size:
        reader.fail(where, AmytisProblem("stacks", size=size, rows=len(value)))
        return None
    board, ok = [], True
    for r, row in enumerate(value):
        if not isinstance(row, list) or len(row) != size:
            reader.fail(f"{where}[{r}]", AmytisProblem("stack_row", size=size, count=len(row)) if isinstance(row, list)
                        else AmytisProblem("stack_row", size=size, got=kind_key(row)))
            ok = False
            continue
        heights = [reader.whole(h, f"{where}[{r}][{c}]", 0, most) for c, h in enumerate(row)]
        ok = ok and None not in heights
        board.append(tuple(heights))
    return tuple(board) if ok else None


def _projects(reader: Reader, raw: Mapping, path: str) -> tuple[int, ...] | None:
    value = raw.get("projects")
    if value is None:
        return ()
    if not isinstance(value, list):
        reader.fail(f"{path}.projects", AmytisProblem("projects", got=kind_key(value)))
        return None
    low, high = PROJECT_POINTS
    points = [reader.whole(p, f"{path}.projects[{i}]", low, high) for i, p in enumerate(value)]
    return None if None in points else tuple(points)


def _favors(reader: Reader, raw: Mapping, path: str) -> tuple[str, ...] | None:
    value = raw.get("favors")
    if value is None:
        return ()
    known = tuple(rules().favors)
    if not isinstance(value, list):
        reader.fail(f"{path}.favors", AmytisProblem("favors", got=kind_key(value)))
        return None
    claimed: list[str] = []
    ok = True
    for i, favor in enumerate(value):
        where = f"{path}.favors[{i}]"
        if not isinstance(favor, str):
            reader.fail(where, AmytisProblem("favor_name", got=kind_key(favor)))
            ok = False
        elif favor not in rules().favors:
            reader.fail(where, AmytisProblem("unknown_favor", wrong=favor, hint=closest(favor, known), known=", ".join(known)))
            ok = False
        elif favor in claimed:
            reader.fail(where, AmytisProblem("favor_twice", favor=favor))
            ok = False
        else:
            claimed.append(favor)
    return tuple(claimed) if ok else None


def _player(reader: Reader, raw: Any, path: str) -> PlayerInput | None:
    if not isinstance(raw, dict):
        reader.fail(path, AmytisProblem("object", got=kind_key(raw)))
        return None
    before = len(reader.problems)
    _unknown_fields(reader, raw, PLAYER_FIELDS, path)
    name = reader.name(raw, path, NAME_LIMIT)
    track = reader.within(0 if raw.get("track") is None else raw["track"], f"{path}.track", TRACK)
    projects = _projects(reader, raw, path)
    stacks = _stacks(reader, raw, path)
    favors = _favors(reader, raw, path)
    pawns_raw = raw.get("favor_track_pawns")
    pawns = reader.whole(0 if pawns_raw is None else pawns_raw, f"{path}.favor_track_pawns", 0,
                         rules().max_track_pawns)
    if favors is not None and pawns is not None and len(favors) + pawns > rules().favor_pawns:
        reader.fail(f"{path}.favors", AmytisProblem("favor_pawns", pawns=rules().favor_pawns, favors=len(favors),
                                                   on_track=pawns))
    if len(reader.problems) > before:
        return None
    return PlayerInput(name=name, track=track, projects=projects, stacks=stacks, favors=favors,
                       favor_track_pawns=pawns)


def tiles(stacks: Board) -> int:
    return sum(sum(row) for row in stacks)


def parse(doc: Any) -> tuple[PlayerInput, PlayerInput]:
    """The two players of an Amytis document, or InvalidInput listing every problem."""
    reader = Reader()
    if not isinstance(doc, dict):
        raise InvalidInput([Problem("(document)", AmytisProblem("not_object", got=kind_key(doc)))])
    _unknown_fields(reader, doc, DOCUMENT_FIELDS + GAME_DOCUMENT_FIELDS, "")
    if doc.get("playing_minutes") is not None:
        reader.whole(doc["playing_minutes"], "playing_minutes")
    if doc.get("game") != GAME_ID:
        reader.fail("game", AmytisProblem("must_be_game", game=GAME_ID, got=doc.get("game")))
    raw_players = doc.get("players")
    if not isinstance(raw_players, list):
        reader.fail("players", AmytisProblem("players_of", count=PLAYERS, got=kind_key(raw_players)))
        raw_players = []
    elif len(raw_players) != PLAYERS:
        reader.fail("players", AmytisProblem("exactly_players", count=PLAYERS, got=len(raw_players)))
    players = [_player(reader, raw, f"players[{i}]") for i, raw in enumerate(raw_players)]
    if len(players) == PLAYERS and all(players):
        first, second = players
        if first.name.casefold() == second.name.casefold():
            reader.fail("players[1].name", AmytisProblem("name_taken", name=second.name, other="players[0]"))
        # Rulebook: 'Place one of your pawns on an unoccupied space of the Favor board'
        for i, favor in enumerate(second.favors):
            if favor in first.favors:
                reader.fail(f"players[1].favors[{i}]", AmytisProblem("favor_taken", favor=favor, other=first.name))
        held = tiles(first.stacks) + tiles(second.stacks)
        if held > rules().tiles_in_play:
            reader.fail("players", AmytisProblem("tiles_in_play", held=held, most=rules().tiles_in_play,
                                                first=tiles(first.stacks), second=tiles(second.stacks)))
    if reader.problems:
        raise InvalidInput(reader.problems)
    return players[0], players[1]
