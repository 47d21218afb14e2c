"""Age of Artisans: crafting Adornments and Tools, and where a crafted card sits.
Every function mutates the state it is given.

The score reads ``adornments`` (printed VP) and ``tools`` (a count); the tracker also
keeps which building each Adornment is tucked under (``adornments_on``: building id ->
VP) and which apprentice holds each Tool (tools.py). A Tool's extra skills join the
apprentice entry's ``skills``, so construction and the huts and Dormitory at scoring
count them without knowing about Tools.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from companion.aotwk.rules.codes import Note

from .actors import Who, actor, board, entry_id, name, pay
from .black_market import black_market_place
from .data import cat, rules
from .errors import MoveError, Refusal
from .guildhall import layout
from .tools import attach_tool, tool_free_apprentices
from .track import gain_items
from .turns import check_may_place

AOA = "age_of_artisans"
TOOL_PLACES = ("guildhall", "black_market")


def check_expansion(state: dict) -> None:
    if AOA not in state.get("expansions", ()):
        raise MoveError("kind", Refusal("no_crafting"))


# -- stacking in the Guildhall ----------------------------------------------------------------

def stackable_spaces(state: dict, who: Who) -> list[int]:
    """Guildhall spaces (1-based) holding one worker of this player, free to stack on.
    Age of Artisans: 'Players cannot place Workers on top of their opponents' Workers.
    Players can never have more than 2 Workers on a single Guildhall space.'"""
    table = state["table"]
    stacked = set(table.get("guildhall_stacked", []))
    return [space for space, owner in enumerate(table["guildhall"], start=1)
            if owner == who and space not in stacked]


def stack_worker(state: dict, who: Who, action: str) -> list[str]:
    """'Place a Worker from their supply on top of 1 of their previously placed Workers in
    the Guildhall.' It fills no new space, so it triggers no reset and no end."""
    check_may_place(state, who)
    free = stackable_spaces(state, who)
    if not free:
        raise MoveError("player", Refusal("nothing_to_stack", name=name(state, who)))
    space = free[0]
    state["table"].setdefault("guildhall_stacked", []).append(space)
    return [Note("stacks", who=name(state, who), space=space, capacity=layout(state).capacity, action=action)]


# -- Adornments ---------------------------------------------------------------------------------

def craft_adornment(state: dict, who: Who, building_id: str, vp: int,
                    gains: Mapping[str, int] | None = None) -> list[str]:
    """Crafting Adornments, steps 1-5: stack a worker, 'Pay 2 Silver to the Tax Stand and
    3 Silver to the Supply', tuck it under one of their buildings ('Players can only have 1
    Adornment attached to each Building'), resolve its immediate benefit (``gains``)."""
    check_expansion(state)
    record = actor(state, who)
    owned = [entry_id(entry) for entry in record["buildings"]]
    if not owned:
        raise MoveError("building", Refusal("no_building_to_adorn", name=record["name"]))
    on = record.setdefault("adornments_on", {})
    if building_id not in owned:
        raise MoveError("building", Refusal("not_built_that", name=record["name"]))
    if building_id in on:
        raise MoveError("building", Refusal("has_adornment", building=building_id))
    notes = stack_worker(state, who, Note("why", key="an_adornment"))
    price = rules()["craft_adornment"]
    notes += pay(state, who, {"silver": price["silver"]}, Note("why", key="crafting_adornment"), tax=price["tax"])
    on[building_id] = vp
    record["adornments"].append(vp)
    notes.append(Note("crafts_adornment", who=name(state, who), vp=vp, building=building_id))
    notes += gain_items(state, who, dict(gains or {}), Note("why", key="adornment"))
    return notes


def bot_crafts_adornment(state: dict, vp: int | None) -> list[str]:
    """Age of Artisans, Solo Variant: 'Any time they place a Worker in the Guildhall, ... they
    also craft 1 Adornment'; 'They are only concerned with the printed Victory Points of
    Adornments' ('the faceup Adornment with the most Victory Points'): ``vp``, read by the table.
    For a Guildhall placement of the bot recorded by hand, as the bot's own turn does it."""
    if AOA not in state.get("expansions", ()):
        return []
    if vp is None:
        raise MoveError("adornment_vp", Refusal("bot_adornment_vp", bot=name(state, "bot")))
    actor(state, "bot")["adornments"].append(vp)
    return [Note("adds_adornment", who=name(state, "bot"), vp=vp)]


def adornment_vp(vp: int | None, craft_card: int | None) -> tuple[int, list[str]]:
    """The printed VP as entered in the move, else from the card library's craft card
    (marked so); never guessed."""
    if vp is not None:
        return vp, []
    entered = {card["number"]: card for card in cat().craft_cards}
    card = entered.get(craft_card) if craft_card is not None else None
    if card is None or card.get("adornment_vp") is None:
        raise MoveError("vp", Refusal("enter_adornment_vp", craft_card=craft_card))
    return card["adornment_vp"], [Note("craft_card_vp", vp=card["adornment_vp"], number=craft_card, name=card.get("name"))]


# -- Tools --------------------------------------------------------------------------------------

def craft_tool(state: dict, who: Who, apprentice_id: str, place: str, *, extra_skills: Sequence[str] = (),
               adornment_gains: Mapping[str, int] | None = None) -> list[str]:
    """Crafting Tools: a worker stacked in the Guildhall, or 'place a Worker at the middle
    space of the Black Market (this costs 2 Silver and 1 Virtue ...)'; tuck the Tool under
    one of their apprentices. ``extra_skills``: skills the Tool adds (they count 'for
    constructing Buildings and also when scoring Buildings such as the Mason's Hut and
    Dormitory'). ``adornment_gains``: Gisela's 'immediate benefit printed on the Adornment
    section of that Craft Card'."""
    check_expansion(state)
    record = actor(state, who)
    if place not in TOOL_PLACES:
        raise MoveError("place", Refusal("tool_place", places=list(TOOL_PLACES)))
    if not record["apprentices"]:
        raise MoveError("apprentice", Refusal("no_apprentice_for_tool", name=record["name"]))
    _check_tool_free(state, who, record, apprentice_id)
    if adornment_gains and not _crafts_with_adornment_benefit(state, who):
        raise MoveError("player", Refusal("adornment_benefit", board="gisela"))
    if place == "guildhall":
        notes = stack_worker(state, who, Note("why", key="a_tool"))
    else:
        notes = black_market_place(state, who, rules()["black_market_tool_space"])
    if adornment_gains:
        half = Note("why_adornment_half", source=Note("board", id=board(state, who).id))
        notes += gain_items(state, who, dict(adornment_gains), half)
    notes += attach_tool(state, who, apprentice_id, {"skills": list(extra_skills)})
    record["tools"] += 1
    notes.append(Note("tools_now", who=name(state, who), count=record["tools"]))
    return notes


def _check_tool_free(state: dict, who: Who, record: dict, apprentice_id: str) -> None:
    """A Tool goes under an apprentice this player has hired and that has none yet."""
    if apprentice_id not in [entry_id(entry) for entry in record["apprentices"]]:
        raise MoveError("apprentice", Refusal("not_hired", name=record["name"]))
    if apprentice_id not in tool_free_apprentices(state, who):
        raise MoveError("apprentice", Refusal("has_tool"))


def _crafts_with_adornment_benefit(state: dict, who: Who) -> bool:
    player_board = board(state, who)
    return bool(player_board and any(a["kind"] == "tool_adornment_benefit" for a in player_board.abilities))


def tuck_held_tool(state: dict, who: Who, apprentice_id: str, extra_skills: Sequence[str] = ()) -> list[str]:
    """A Tool a player holds but has not tucked under an apprentice yet (Walaric's starting
    Tool, 'chosen from those available after the Building Card draft'; the Garrison's)."""
    check_expansion(state)
    record = actor(state, who)
    tucked = sum(1 for entry in record["apprentices"] if isinstance(entry, dict) and entry.get("tool"))
    if record["tools"] <= tucked:
        raise MoveError("player", Refusal("no_loose_tool", name=record["name"]))
    _check_tool_free(state, who, record, apprentice_id)
    return attach_tool(state, who, apprentice_id, {"skills": list(extra_skills)})
