"""The history page's shape, the same for every game: one entry per move (imported events
first, never undoable, then this app's), grouped by round, newest first.

What differs per game is handed in: how a move reads (``describe``), who plays in what
order (``order``) and who made a move (``actor``). Each game's ``GamePages.history``
(``companion.web.other_games``) calls ``history`` with its own; the shell asks the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from companion.web.store import iso


@dataclass
class Entry:
    seq: Any
    at: str
    text: str
    notes: list
    undone: bool
    actor: Any = None


@dataclass
class Round:
    number: int
    entries: list[Entry] = field(default_factory=list)


def grouped(order: list, entries: list[Entry]) -> list[Round]:
    """Entries grouped by round, newest round and newest entry first.

    The log does not say where a round ends, so it is read from who acts: players act
    in turn order (``order``: seat 0 first, a bot last), so when someone earlier in that
    order than the last actor acts again, a new round has begun. Moves nobody in particular
    makes (a Black Market Reset, ending the game) and undone ones stay in the round
    they fall in. A correction recorded later for an earlier player also starts a
    round: the grouping is a reading aid, not a rule.
    """
    position_of = {who: position for position, who in enumerate(order)}
    rounds: list[Round] = [Round(1)]
    last = -1
    for entry in entries:
        position = position_of.get(entry.actor) if not entry.undone else None
        if position is not None:
            if position < last:
                rounds.append(Round(len(rounds) + 1))
            last = position
        rounds[-1].entries.append(entry)
    for group in rounds:
        group.entries.reverse()
    return [group for group in reversed(rounds) if group.entries]


def seat_of(move: dict) -> Any:
    """The seat a move names (``"player"``; an imported document may write it as text)."""
    who = move.get("player")
    if isinstance(who, str) and who.isdecimal():
        return int(who)
    return who


def history(game, records, describe: Callable[[dict, dict, list | None], str], order: list,
            actor: Callable[[dict], Any] = seat_of) -> list[Round]:
    """The readable history of ``game`` from its event ``records``."""
    entries = [Entry(e.get("seq"), e.get("at", ""), describe(game.state, e, e.get("notes")), e.get("notes", []),
                     False, actor(e)) for e in game.imported_events]
    entries += [Entry(r.seq, iso(r.at), describe(game.state, r.move, r.notes), r.notes, r.undone, actor(r.move))
                for r in records]
    return grouped(order, entries)
