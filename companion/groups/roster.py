"""A group's roster: the people who play, kept without accounts.

A person is the same across games when their names match after trimming and ignoring case
(``name_key``). The roster may rename someone (the old spelling keeps pointing at them) and
merge two entries (one person written two ways) and separate them again. An entry is
``{"name", "colour", "board", "merged": [other spellings], "joined": [entries merged into it]}``
(``joined`` only once a merge made it).
"""

from __future__ import annotations

import copy

NAME_MAX = 40


class RosterRefusal(ValueError):
    """A roster change that cannot be made; ``code`` says why (the web says it in words)."""

    def __init__(self, code: str):
        self.code = code
        super().__init__(code)


def name_key(name: str) -> str:
    return " ".join(str(name).split()).casefold()


def identities(roster: list[dict]) -> dict[str, str]:
    """Every spelling the roster knows (as a key) -> the name it shows."""
    known: dict[str, str] = {}
    for entry in roster:
        for spelling in (entry["name"], *entry.get("merged", [])):
            known[name_key(spelling)] = entry["name"]
    return known


def who(roster_names: dict[str, str], name: str) -> str:
    """The roster's name for a name written in a game (the name itself, trimmed, when unknown)."""
    return roster_names.get(name_key(name), " ".join(str(name).split()))


def with_players(roster: list[dict], players: list[dict]) -> list[dict]:
    """The roster with a game's players added: a new name joins with the colour and board it
    played with; someone already on it keeps their entry."""
    roster = copy.deepcopy(roster)
    known = identities(roster)
    for player in players:
        name = " ".join(str(player.get("name", "")).split())
        if name and name_key(name) not in known:
            roster.append({"name": name, "colour": player.get("colour"), "board": player.get("board"), "merged": []})
            known[name_key(name)] = name
    return roster


def with_roster(roster: list[dict], other: list[dict]) -> list[dict]:
    """The roster with another group's added (a moved group's bundle carries its own): someone it
    does not know joins with every spelling, colour and board; someone it knows by one of their
    spellings gains the others no one else has. Two of its people known as one are left apart:
    merging them is the organiser's choice."""
    roster = copy.deepcopy(roster)
    for entry in other:
        spellings = [entry["name"], *entry.get("merged", [])]
        known = identities(roster)
        owners = {known[name_key(spelling)] for spelling in spellings if name_key(spelling) in known}
        if not owners:
            roster.append({"name": entry["name"], "colour": entry.get("colour"), "board": entry.get("board"),
                           "merged": list(entry.get("merged", []))})
        elif len(owners) == 1:
            owner = roster[_index(roster, owners.pop())]
            owner["merged"] = [*owner.get("merged", []),
                               *(spelling for spelling in spellings if name_key(spelling) not in known)]
    return roster


def add(roster: list[dict], name: str, colour: str | None = None) -> list[dict]:
    """Someone joins the roster before they play (the organiser types the group in first)."""
    name = " ".join(str(name).split())
    if not name or len(name) > NAME_MAX:
        raise RosterRefusal("name_length")
    if name_key(name) in identities(roster):
        raise RosterRefusal("already_there")
    return [*copy.deepcopy(roster), {"name": name, "colour": colour, "board": None, "merged": []}]


def _index(roster: list[dict], name: str) -> int:
    for index, entry in enumerate(roster):
        if name_key(entry["name"]) == name_key(name):
            return index
    raise RosterRefusal("unknown_player")


def rename(roster: list[dict], name: str, new_name: str) -> list[dict]:
    """Rename an entry; its games stay its own (the old spelling is kept as merged)."""
    new_name = " ".join(str(new_name).split())
    if not new_name or len(new_name) > NAME_MAX:
        raise RosterRefusal("name_length")
    roster = copy.deepcopy(roster)
    entry = roster[_index(roster, name)]
    owner = identities(roster).get(name_key(new_name))
    if owner is not None and owner != entry["name"]:
        raise RosterRefusal("name_taken")
    if name_key(entry["name"]) != name_key(new_name):
        entry["merged"] = [*entry.get("merged", []), entry["name"]]
    entry["name"] = new_name
    return roster


def merge(roster: list[dict], name: str, into: str) -> list[dict]:
    """One person written two ways: ``name``'s games count as ``into``'s from now on. The entry
    merged is kept whole in ``joined`` so that ``separate`` can undo the merge."""
    roster = copy.deepcopy(roster)
    source, target = _index(roster, name), _index(roster, into)
    if source == target:
        raise RosterRefusal("same_player")
    moved = roster[source]
    roster[target]["merged"] = [*roster[target].get("merged", []), moved["name"], *moved.get("merged", [])]
    roster[target]["joined"] = [*roster[target].get("joined", []), moved]
    del roster[source]
    return roster


def separate(roster: list[dict], name: str, joined: str) -> list[dict]:
    """A merge undone: the entry once merged into ``name`` as ``joined`` is on its own again, with
    its spellings, colour and board (and whatever was merged into it before)."""
    roster = copy.deepcopy(roster)
    target = roster[_index(roster, name)]
    moved = next((entry for entry in target.get("joined", []) if name_key(entry["name"]) == name_key(joined)), None)
    if moved is None:
        raise RosterRefusal("not_merged")
    spellings = {name_key(spelling) for spelling in (moved["name"], *moved.get("merged", []))}
    target["merged"] = [spelling for spelling in target.get("merged", []) if name_key(spelling) not in spellings]
    target["joined"] = [entry for entry in target["joined"] if entry is not moved]
    roster.append(moved)
    return roster


def sat_together(people: set[str], tables: list[tuple[str, list[str]]], roster: list[dict]) -> str | None:
    """The title of a game where two of ``people`` (roster names) both sat, or None: two people at
    one table are two people, whatever their names (``tables``: each game's title and names)."""
    known = identities(roster)
    wanted = {name_key(person) for person in people}
    for title, names in tables:
        at_table = {name_key(who(known, written)) for written in names}
        if len(wanted & at_table) >= 2:
            return title
    return None


def set_usual(roster: list[dict], name: str, colour: str | None, board: str | None) -> list[dict]:
    """Someone's usual colour and player board (the new game's form starts with them)."""
    roster = copy.deepcopy(roster)
    entry = roster[_index(roster, name)]
    entry["colour"], entry["board"] = colour, board
    return roster
