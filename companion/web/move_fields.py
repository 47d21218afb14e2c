"""A move sent as JSON read against the move kinds its game accepts (``GamePages.move_kinds``,
derived from the game's move definitions): the move's own fields as the game's export writes
them, and what is wrong with any field's type, by field (a range is the game's rules' to check).

Every game's JSON move is read here; a game whose moves also come as a form (AotWK) reads both
through its own ``GamePages.read_move``, which hands a JSON body to this reader."""

from __future__ import annotations

from flask_babel import gettext as _


def type_problem(kind: str, value) -> str | None:
    """What is wrong with a JSON move's field for its kind of value, or None: the event is stored
    as sent, so a number is a JSON number, never its text."""
    if value is None:
        return None
    whole = isinstance(value, int) and not isinstance(value, bool)
    if kind == "player" and not (whole or value == "bot"):
        return _('Must be a seat number (a JSON number, from 0) or "bot".')
    if kind == "int" and not whole:
        return _("Must be a whole number, written as a JSON number.")
    if kind == "bool" and not isinstance(value, bool):
        return _("Must be true or false.")
    return None


def read_json_move(kinds: dict, body: dict) -> tuple[dict, dict[str, str]]:
    """(the move, problems by field) of a JSON body whose "kind" is one of ``kinds``. Only the
    move's own fields are kept: the event reads as the game's export writes it."""
    params = kinds[body["kind"]]["params"]
    problems = {name: wrong for name, described in params.items()
                if name in body and (wrong := type_problem(described["type"], body[name]))}
    return {"kind": body["kind"], **{name: body[name] for name in params if name in body}}, problems
