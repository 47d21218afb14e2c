"""The history page's shape, the same for every game: one entry per move (imported events
first, never undoable, then this app's), grouped by round, newest first.

What differs per game is handed in: how a move reads (``describe``), who plays in what
order (``order``) and who made a move (``actor``). Each game's ``GamePages.history``
(``companion.web.game_pages``) calls ``history`` with its own; the shell asks the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from companion.web.storage.store import iso


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


PAGE = 200   # entries a history page shows: a long game is read a page at a time, never whole


@dataclass(frozen=True)
class Events:
    """The history as the page reads it: every event's outline (its move's kind and player, to
    group rounds), and the whole of only the events on the page asked for."""
    outline: list                              # EventRecords whose moves hold only kind and player
    whole: Callable[[list], list]              # seqs -> those EventRecords, whole
    page: int = 0                              # 0: the newest PAGE entries; 1: the ones before...


def history(game, events: Events, describe: Callable[[dict, dict, list | None], str], order: list,
            actor: Callable[[dict], Any] = seat_of) -> list[Round]:
    """One page of the readable history of ``game``, grouped by round over the whole game:
    only the events on the page are read whole and said in words."""
    # (entry, the imported event it comes from, or None for one of this app's)
    entries = [(Entry(e.get("seq"), e.get("at", ""), "", e.get("notes", []), False, actor(e)), e)
               for e in game.imported_events]
    entries += [(Entry(r.seq, "", "", [], r.undone, actor(r.move)), None) for r in events.outline]
    shown = entries[::-1][events.page * PAGE:(events.page + 1) * PAGE]
    whole = {r.seq: r for r in events.whole([entry.seq for entry, source in shown if source is None])}
    for entry, source in shown:
        if source is not None:
            entry.text = describe(game.state, source, source.get("notes"))
        else:
            record = whole[entry.seq]
            entry.at, entry.notes = iso(record.at), record.notes
            entry.text = describe(game.state, record.move, record.notes)
    on_page = {id(entry) for entry, _source in shown}
    rounds = grouped(order, [entry for entry, _source in entries])
    for group in rounds:
        group.entries = [entry for entry in group.entries if id(entry) in on_page]
    return [group for group in rounds if group.entries]


def pages(game, events: Events) -> int:
    """How many history pages the game has."""
    return max(1, -(-(len(game.imported_events) + len(events.outline)) // PAGE))
