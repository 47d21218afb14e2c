"""Derived flags for the table page: what an actor may do now, and why not."""

from __future__ import annotations

from companion.aotwk.rules.codes import Ability

from .actors import Who, abilities, actor, board, entry_id, everyone, is_bot, name, taxes_ignored
from .apprentices import apprentice_limit
from .black_market import black_market_closed, why_black_market_closed
from .cathedral import cathedral_closed, free_spaces, why_cannot_advance
from .data import cat, rules
from .errors import MoveError, Refusal
from .prison import owner_key
from .turns import check_may_place


def status(state: dict, who: Who) -> dict:
    """Flags for a seat or "bot" (pure: reads the state only)."""
    record = actor(state, who)
    table = state["table"]
    placement = _why_cannot_place(state, who)
    cathedral_reason = placement or why_cannot_advance(state, who)
    next_level = record["cathedral"] + 1
    final = table["final_round"]
    free = [space for space, held in table["black_market"].items() if held is None]
    return {
        "name": name(state, who),
        "is_bot": is_bot(who),
        "virtue": record["virtue"],
        "black_market_closed": black_market_closed(state, who),
        "black_market_free_spaces": free,
        "black_market_reason": placement or _why_no_black_market(state, who, free),
        "cathedral_closed": cathedral_closed(state, who),
        "can_advance_cathedral": cathedral_reason is None,
        "cathedral_reason": cathedral_reason,
        "cathedral_next_level_free": (free_spaces(state, next_level, besides=who)
                                      if next_level <= cat().cathedral_top else 0),
        "taxes_ignored": taxes_ignored(state, who),
        "held_by": held_by(state, who),
        "can_steal_tax": placement is None and table["tax_stand_silver"] > 0,
        "apprentice_limit": None if is_bot(who) else apprentice_limit(state, who),
        "apprentice_count": 0 if is_bot(who) else len(record["apprentices"]),
        "can_hire": not is_bot(who) and len(record["apprentices"]) < apprentice_limit(state, who),
        "can_place": placement is None,
        "placement_reason": placement,
        "final_turn_pending": bool(final) and who in final["still_to_play"],
        "extra_placement": table.get("extra_placement") == who,
        "abilities": abilities_in_words(state, who),
        # Age of Artisans, Setup 6: this seat still hires its free starting Apprentice (the first listed goes next)
        "starting_hire_pending": _starting_hire_pending(state, who),
        "starting_hire_next": _starting_hire_pending(state, who) and table["starting_hires"][0] == who,
    }


def held_by(state: dict, who: Who) -> list[tuple[str, int]]:
    """(holder's name, how many) of this seat's workers on other players' boards, as the captures
    booked them: what the Guardhouse's third action takes back (Rulebook, Guardhouse: 'release all
    their own Workers from other players' Boards'). Workers held but never booked to an owner are
    not counted here."""
    mine = owner_key(who)
    holding = ((other, actor(state, other).get("captured_from", {}).get(mine, 0)) for other in everyone(state) if other != who)
    return [(name(state, holder), count) for holder, count in holding if count > 0]   # (named: only those that hold some)


def abilities_in_words(state: dict, who: Who) -> list[Ability]:
    """What a seat can do beyond the rulebook's basics, as a player reads it: the board's
    printed ability, the Artisan (Age of Artisans) and each Tool under an apprentice."""
    if is_bot(who):
        return []
    lines = []
    player_board = board(state, who)
    if player_board:
        lines.append(Ability("board", id=player_board.id))
    if "age_of_artisans" in state.get("expansions", ()):
        counts = max([rules()["artisan"]["counts_as_workers"]]
                     + [a["workers"] for _, a in abilities(state, who, "artisan_workers")])
        lines.append(Ability("artisan", counts=counts))
    for entry in actor(state, who)["apprentices"]:
        if isinstance(entry, dict) and entry.get("tool"):
            lines.append(Ability("tool", apprentice=entry_id(entry), skills=list(entry["tool"].get("skills") or [])))
    return lines


def _why_cannot_place(state: dict, who: Who) -> str | None:
    try:
        check_may_place(state, who)
    except MoveError as refused:
        return refused.message
    return None


def _why_no_black_market(state: dict, who: Who, free: list[str]) -> str | None:
    return why_black_market_closed(state, who) or (None if free else Refusal("black_market_full"))


def _starting_hire_pending(state: dict, who: Who) -> bool:
    """Before the first Guildhall placement, a seat without an apprentice still on the list
    (an imported game in progress has no starting hires left)."""
    table = state["table"]
    return (not is_bot(who) and who in (table.get("starting_hires") or []) and not table["guildhall_workers"]
            and not actor(state, who)["apprentices"])
