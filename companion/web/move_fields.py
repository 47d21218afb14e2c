"""A move sent as JSON read against the move kinds its game accepts (``GamePages.move_kinds``,
derived from the game's move definitions): the move's own fields as the game's export writes
them, and what is wrong with any field's type, by field (a range is the game's rules' to check).

Every game's JSON move is read here, and a pad game's tapped form (``read_form_move``, by the same
field kinds); AotWK's forms, with a message beside each field, are its own ``GamePages.read_move``,
which hands a JSON body to this reader."""

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


NUMBER_DIGITS = 6   # beyond any field's bounds: a longer number is refused as unreadable, not parsed


def read_form_move(kinds: dict, form) -> dict:
    """The move a tapped form describes, read by the field kinds a JSON move of its game is read
    by: a whole number's text as the number, or None when it is not one (the rules say why); a
    tick as true or false; a choice or a text as sent. A field left blank is left out, as a JSON
    move leaves it out, so the rules' default applies to both alike."""
    kind = form.get("kind", "")
    move: dict = {"kind": kind}
    for name, described in kinds.get(kind, {}).get("params", {}).items():
        raw = (form.get(name) or "").strip()
        if described["type"] == "bool":
            move[name] = raw in ("1", "y", "true", "on")
        elif raw and described["type"] in ("int", "player"):
            move[name] = whole_number(raw)
        elif raw and described["type"] in ("choice", "text"):
            move[name] = raw
    return move


def whole_number(text: str) -> int | None:
    """A whole number typed into a box, a minus (or the typographic '−') allowed, or None: ASCII
    digits only (isdecimal, not isdigit: int() refuses '²'), at most ``NUMBER_DIGITS`` of them
    (Python refuses to read more than 4,300: that was a server error)."""
    text = text.replace("\u2212", "-")
    digits = text[1:] if text.startswith("-") else text
    if not (digits.isascii() and digits.isdecimal()) or len(digits) > NUMBER_DIGITS:
        return None
    return int(text)
