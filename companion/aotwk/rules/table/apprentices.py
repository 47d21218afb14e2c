"""Hiring and discarding Apprentices. Every function mutates the state it is given."""

from __future__ import annotations

from typing import Sequence

from companion.aotwk.rules.codes import Note

from .actors import Who, abilities, actor, board, entry_id, held_by, is_bot, known_card, name, pay
from .data import cat, rules
from .errors import MoveError, Refusal
from .tools import detach_tool, rehome_tool
from .track import change_virtue, gain_items
from .turns import check_may_place

SOURCES = ("workshop", "black_market", "free")


def apprentice_limit(state: dict, who: Who) -> int:
    """Rulebook, Workshop: 'Players cannot hire more than 5 Apprentices' (Rudolf: 6)."""
    player_board = board(state, who)
    return (player_board and player_board.apprentice_limit) or cat().apprentice_limit


def hire(state: dict, who: Who, apprentice_id: str, source: str, *, skills: Sequence[str] | None = None,
         collected: int = 0, skipped: int = 0) -> list[str]:
    """Hire an Apprentice: at the Workshop ('pay a total of 4 Silver. 2 of these are Tax';
    Rudolf 1 less non-tax; ``skipped`` silver left on skipped cards, ``collected`` silver
    found on the hired card), from the Black Market (``black_market.black_market_place`` places the
    worker and pays there: the Hire move sends such hires to it) or free (Tavern).
    'Any Virtue gained or lost takes effect when hiring the Apprentice.'"""
    if is_bot(who):
        raise MoveError("player", Refusal("bot_no_hire"))
    if source not in SOURCES:
        raise MoveError("source", Refusal("hire_from", sources=list(SOURCES)))
    apprentice = known_card(state, "apprentice", apprentice_id, "apprentice")
    owner = held_by(state, "apprentices", apprentice.id)
    if owner is not None:
        raise MoveError("apprentice", Refusal("apprentice_taken", owner=name(state, owner), apprentice=apprentice.id))
    record = actor(state, who)
    limit = apprentice_limit(state, who)
    if len(record["apprentices"]) >= limit:
        raise MoveError("apprentice", Refusal("apprentice_limit", name=record["name"], limit=limit))
    if source == "free":
        _check_starting_order(state, who)
    notes = []
    if source == "workshop":
        check_may_place(state, who)
        notes += _pay_workshop(state, who, skipped)
    if collected:
        notes += gain_items(state, who, {"silver": collected}, Note("why", key="silver_on_card"))
    entry = apprentice.id
    if apprentice.skills is None and skills:
        entry = {"id": apprentice.id, "skills": list(skills)}
    elif apprentice.skills is not None and cat().is_entered(f"apprentices.{apprentice.id}.skills"):
        entry = {"id": apprentice.id, "skills": list(skills or apprentice.skills)}   # travels with the game
    record["apprentices"].append(entry)
    notes.append(Note("hires", who=name(state, who), apprentice=apprentice.id, source=Note("why", key=source)))
    if source == "free":
        notes += _starting_hire_done(state, who)
    if apprentice.virtue is None:
        notes.append(Note("virtue_unknown", kind="apprentice", id=apprentice.id))
    else:
        notes += change_virtue(state, who, apprentice.virtue, reason=Note("why_hired", apprentice=apprentice.id))
    return notes


def _starting_hires_waiting(state: dict) -> list[Who]:
    """Who still has the free starting Apprentice to hire, next first (empty once play began)."""
    if state["table"]["guildhall_workers"]:
        return []
    return state["table"].get("starting_hires") or []


def _check_starting_order(state: dict, who: Who) -> None:
    """Age of Artisans, Setup 6: 'In reverse turn order, each player hires (at no cost), 1 faceup
    Apprentice': before play, a free hire is the next seat's starting hire and nobody else's."""
    waiting = _starting_hires_waiting(state)
    if waiting and waiting[0] != who:
        raise MoveError("player", Refusal("starting_hire_order", name=name(state, who), next=name(state, waiting[0])))


def _starting_hire_done(state: dict, who: Who) -> list[str]:
    """Age of Artisans, Setup 6: a free hire before the game counts as the seat's starting
    Apprentice (``table.starting_hires``: who still has one, in reverse turn order)."""
    waiting = _starting_hires_waiting(state)
    if who not in waiting:
        return []
    waiting.remove(who)
    if waiting:
        return [Note("starting_next", who=name(state, waiting[0]))]
    return [Note("starting_done")]


def _pay_workshop(state: dict, who: Who, skipped: int) -> list[str]:
    price = rules()["workshop_hire"]
    discount = sum(a["silver_less"] for _, a in abilities(state, who, "workshop_hire_discount"))
    non_tax = max(0, price["silver"] - price["tax"] - discount)
    return pay(state, who, {"silver": non_tax + price["tax"] + skipped}, Note("why", key="workshop_hire"),
               tax=price["tax"])


def discard(state: dict, who: Who, apprentice_id: str, *, reason: str = Note("why", key="discarded"),
            tool_to: str | None = None) -> list[str]:
    """'Players ... may discard Apprentices at any time ... Discarding an Apprentice does not reverse' its Virtue.
    A Tool it had moves to ``tool_to`` (Age of Artisans; see tools.rehome_tool)."""
    if is_bot(who):
        raise MoveError("player", Refusal("bot_no_apprentices"))
    record = actor(state, who)
    for index, entry in enumerate(record["apprentices"]):
        if entry_id(entry) == apprentice_id:
            _, tool = detach_tool(entry)
            notes = rehome_tool(state, who, tool, apprentice_id, tool_to) if tool else []
            del record["apprentices"][index]   # rehome_tool replaces entries in place: the index holds
            return [Note("discards", who=name(state, who), apprentice=apprentice_id, reason=reason)] + notes
    raise MoveError("apprentice", Refusal("no_apprentice", name=record["name"], apprentice=apprentice_id))
