"""Age of Artisans: which apprentice holds each Tool. The apprentice entry keeps its Tool
(``tool``) and the Tool's skills join the entry's ``skills``. Below both crafting (which
tucks Tools) and apprentices (a discarded apprentice's Tool moves on), so neither imports
the other. attach_tool and rehome_tool mutate the state they are given."""

from __future__ import annotations

from companion.aotwk.rules.codes import Note

from .actors import Who, actor, apprentice_skills, entry_id, name
from .errors import MoveError, Refusal


def tool_free_apprentices(state: dict, who: Who, besides: str | None = None) -> list[str]:
    """Ids of the player's apprentices without a Tool ('Players can only have 1 Tool attached
    to each Apprentice')."""
    return [entry_id(entry) for entry in actor(state, who)["apprentices"]
            if not (isinstance(entry, dict) and entry.get("tool")) and entry_id(entry) != besides]


def attach_tool(state: dict, who: Who, apprentice_id: str, tool: dict) -> list[str]:
    """Tuck a Tool under an apprentice: the entry keeps the Tool and its skills include the Tool's."""
    record = actor(state, who)
    for index, entry in enumerate(record["apprentices"]):
        if entry_id(entry) == apprentice_id:
            skills = list(apprentice_skills(entry)) + list(tool.get("skills", ()))
            new_entry = {**(entry if isinstance(entry, dict) else {"id": entry}), "tool": dict(tool)}
            if tool.get("skills"):
                new_entry["skills"] = skills
            record["apprentices"][index] = new_entry
            return [Note("tool_tucked", who=name(state, who), apprentice=apprentice_id,
                         skills=list(tool.get("skills") or ()))]
    raise MoveError("apprentice", Refusal("not_hired", name=record["name"]))


def detach_tool(entry) -> tuple[object, dict | None]:
    """An apprentice entry without its Tool (and the Tool's skills), and the Tool."""
    if not (isinstance(entry, dict) and entry.get("tool")):
        return entry, None
    tool = entry["tool"]
    rest = {key: value for key, value in entry.items() if key != "tool"}
    skills = list(rest.get("skills") or ())
    for skill in tool.get("skills", ()):
        if skill in skills:
            skills.remove(skill)
    if "skills" in rest:
        rest["skills"] = skills
    return rest, tool


def rehome_tool(state: dict, who: Who, tool: dict, discarded: str, tool_to: str | None) -> list[str]:
    """'If ... an Apprentice must be discarded by some effect, any Tool they had may be repurposed
    to 1 of their other available Apprentices. In the rare case that this is not possible,
    they must discard the Tool from the game.'"""
    record = actor(state, who)
    free = tool_free_apprentices(state, who, besides=discarded)
    if not free:
        record["tools"] = max(0, record["tools"] - 1)
        return [Note("tool_discarded", who=name(state, who), left=record["tools"])]
    if tool_to is None:
        raise MoveError("tool_to", Refusal("tool_to_choose", apprentices=list(free)))
    if tool_to not in free:
        raise MoveError("tool_to", Refusal("tool_to_cannot"))
    return attach_tool(state, who, tool_to, tool)
