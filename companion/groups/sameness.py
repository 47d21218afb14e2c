"""When two game documents are one game imported twice: pure functions of the documents.

A document keeps the moment its game was made (``created_at``) through every export and import,
so the same game exported twice is the same kind, moment and players; a game typed in again from
paper is the same kind, day, players and final totals. ``marks(document)`` gives both, and two
documents sharing any mark are taken for one game (the organiser may still say it was another).
"""

from __future__ import annotations

from companion.game_time import parse_timestamp, utc
from companion.games import game_of
from companion.groups.roster import name_key
from companion.groups.stats import played
from companion.problems import InvalidInput


def marks(document: dict) -> frozenset[tuple]:
    """What identifies the game a document holds (empty for a document no game can be made of)."""
    try:
        kind = game_of(document).id
    except InvalidInput:
        return frozenset()
    names = tuple(name_key(player.get("name", "")) for player in document.get("players") or []
                  if isinstance(player, dict))
    found = set()
    made = parse_timestamp(document.get("created_at"))
    if made is not None:
        found.add(("made", kind, utc(made).isoformat(), names))
    result = played(document)
    if result is not None and result.on is not None:
        found.add(("played", kind, result.on.date().isoformat(),
                   tuple((name_key(seat.name), seat.total) for seat in result.seats)))
    return frozenset(found)
