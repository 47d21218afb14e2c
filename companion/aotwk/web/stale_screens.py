"""Absolute moves from an older screen: the one thing each such move sets, as its phone
showed it (``SEEN``). A stale screen is refused only when that value changed since, saying
what it is now; a change to anything else never refuses it."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _, lazy_gettext as _l

from companion.aotwk.web.move_choices import BOT, category_words, who_name
from companion.problems import Problem, Refused


def _tax_stand(state: dict, move: dict) -> str:
    return str(state["table"]["tax_stand_silver"])


# The one thing each absolute move sets, as its phone showed it: (what to call it, its value now).
# A stale screen matters only when this changed; changes to anything else never refuse it.
SEEN: dict[str, tuple[str, Any]] = {
    "set_cathedral": (_l("%(name)s's Cathedral level"), lambda state, move: str(table_actor(state, move)["cathedral"])),
    "set_total": (_l("%(name)s's %(category)s total"),
                  lambda state, move: str(table_actor(state, move)["overrides"].get(move.get("category"), ""))),
    "steal_tax": (_l("The Tax Stand"), _tax_stand),
    "black_market_reset": (_l("The number of Black Market Resets"),
                           lambda state, move: str(state["table"]["black_market_resets"])),
    "finish_game": (_l("The game"), lambda state, move: state.get("phase", "")),
}


TABLE_WIDE_SEEN = frozenset({"steal_tax", "black_market_reset", "finish_game"})   # their value is no player's


def table_actor(state: dict, move: dict) -> dict:
    who = move.get("player")
    return state["bot"] if who == BOT else state["players"][who]


def seen_now(state: dict, move: dict) -> str | None:
    """The current value of what an absolute move sets (the phone sends back what it showed)."""
    if move.get("kind") not in SEEN:
        return None
    try:
        return SEEN[move["kind"]][1](state, move)
    except (KeyError, IndexError, TypeError):
        return None


def check_seen(state: dict, move: dict, seen: str | None) -> None:
    """Refuse an absolute move whose target changed since its phone drew it, saying what changed."""
    if seen is None or move.get("kind") not in SEEN:
        return
    now = seen_now(state, move)
    if now is None or now == seen:
        return
    what = str(SEEN[move["kind"]][0]) % {"name": who_name(state, move.get("player")),
                                         "category": category_words(str(move.get("category", "")))}
    field = {"set_cathedral": "level", "set_total": "value"}.get(move["kind"], "move")
    raise Refused([Problem(field, _(
        "%(what)s changed on another phone: it is now %(now)s (this screen showed %(seen)s). "
        "Nothing was saved: check it and send again.", what=what, now=now or _("empty"), seen=seen or _("empty")))])
