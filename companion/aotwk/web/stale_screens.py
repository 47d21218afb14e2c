"""Absolute moves from an older screen: the one thing each such move sets, as its phone
showed it (its definition's ``seen``, companion.aotwk.rules.table.moves.Seen). A stale screen
is refused only when that value changed since, saying what it is now; a change to anything
else never refuses it."""

from __future__ import annotations

from flask_babel import gettext as _

from companion.aotwk.rules import table
from companion.aotwk.web.move_choices import category_words, who_name
from companion.problems import Problem, Refused


def _seen(move: dict) -> table.Seen | None:
    spec = table.MOVES.get(move.get("kind")) if isinstance(move.get("kind"), str) else None
    return spec.seen if spec else None


def seen_now(state: dict, move: dict) -> str | None:
    """The current value of what an absolute move sets (the phone sends back what it showed)."""
    seen = _seen(move)
    if seen is None:
        return None
    try:
        return seen.now(state, move)
    except (KeyError, IndexError, TypeError, table.MoveError):
        return None


def check_seen(state: dict, move: dict, seen: str | None) -> None:
    """Refuse an absolute move whose target changed since its phone drew it, saying what changed."""
    definition = _seen(move)
    if seen is None or definition is None:
        return
    now = seen_now(state, move)
    if now is None or now == seen:
        return
    what = _(definition.label) % {"name": who_name(state, move.get("player")),
                                  "category": category_words(str(move.get("category", "")))}
    raise Refused([Problem(definition.field, _(
        "%(what)s changed on another phone: it is now %(now)s (this screen showed %(seen)s). "
        "Nothing was saved: check it and send again.", what=what, now=now or _("empty"), seen=seen or _("empty")))])
