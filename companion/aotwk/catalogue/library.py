"""The card library a table completes: the facts our sources leave out (``null`` in the
data files: the new cards' costs, VP, skills and virtue, the tools VP for 2, 4 and 6+
tools, the craft cards), entered once by a group from its own cards.

A library is a flat mapping, fact path -> value:

    {"buildings.aoa_cellar.vp": 4, "buildings.aoa_cellar.cost": {"stone": 2},
     "apprentices.aoa_abbot.skills": ["masonry"], "tools_vp.2": 2, "craft_cards.1.adornment_vp": 3}

``missing_facts`` lists every fact there is to enter; ``parse`` (``companion.aotwk.rules.library_input``)
checks a library file (one problem per path); ``complete`` gives the catalogue with the entered facts filled in and
remembered as entered (``Catalogue.is_entered``), never mixed up with the rulebook's.
Pure: the web app keeps the file, ``companion score --library`` reads one.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Mapping

from . import SKILLS, Catalogue

FORMAT = "architects-companion/card-library/1"
# Tools VP: the player aid's scale; our sources print 1, 3 and 5 tools. "6" is the value
# for 6 tools and more (the aid's last column).
TOOLS_LAST = 6
TOOLS_MAX = 24     # there are 24 craft cards
CRAFT_CARDS = 24
VP_MAX = 30
VIRTUE_LIMIT = 14


@dataclass(frozen=True)
class Fact:
    path: str
    group: str     # "New buildings", "New apprentices", "Tools", "Craft cards"
    card: str      # what the fact belongs to, as a player names it
    label: str     # which fact, as a player names it
    kind: str      # "vp" | "virtue" | "cost" | "skills" | "text"


def missing_facts(catalogue: Catalogue) -> list[Fact]:
    """Every fact our sources do not give, whether or not a library has entered it."""
    facts = []
    for card in catalogue.buildings.values():
        for attribute, label, kind in (("vp", "printed VP", "vp"), ("cost", "cost", "cost"),
                                       ("skills", "skills needed", "skills"), ("virtue", "virtue", "virtue")):
            if getattr(card, attribute) is None or f"buildings.{card.id}.{attribute}" in catalogue.entered:
                facts.append(Fact(f"buildings.{card.id}.{attribute}", "New buildings", card.name_en, label, kind))
    for card in catalogue.apprentices.values():
        for attribute, label, kind in (("skills", "skills", "skills"), ("virtue", "virtue", "virtue")):
            if getattr(card, attribute) is None or f"apprentices.{card.id}.{attribute}" in catalogue.entered:
                facts.append(Fact(f"apprentices.{card.id}.{attribute}", "New apprentices", card.name_en, label, kind))
    for tools in range(1, TOOLS_LAST + 1):
        if catalogue.tools_vp_table.get(tools) is None or f"tools_vp.{tools}" in catalogue.entered:
            label = f"{tools} or more tools" if tools == TOOLS_LAST else f"{tools} tools"
            facts.append(Fact(f"tools_vp.{tools}", "Tools", "Player aid", f"VP for {label}", "vp"))
    for number in range(1, CRAFT_CARDS + 1):
        facts.append(Fact(f"craft_cards.{number}.name", "Craft cards", f"Craft card {number}", "name", "text"))
        facts.append(Fact(f"craft_cards.{number}.adornment_vp", "Craft cards", f"Craft card {number}",
                          "Adornment VP", "vp"))
    return facts


def fact_paths(catalogue: Catalogue) -> dict[str, Fact]:
    return {fact.path: fact for fact in missing_facts(catalogue)}


# -- a library as a file ------------------------------------------------------------------------

def document(facts: Mapping[str, Any]) -> dict:
    """The library as a file to export."""
    return {"format": FORMAT, "facts": dict(sorted(facts.items()))}


# -- the catalogue with a library -------------------------------------------------------------------

def complete(catalogue: Catalogue, facts: Mapping[str, Any]) -> Catalogue:
    """The catalogue with a library's facts filled in where our sources have a null,
    each remembered in ``entered``. A fact the sources already give is ignored."""
    buildings, apprentices = dict(catalogue.buildings), dict(catalogue.apprentices)
    tools = dict(catalogue.tools_vp_table)
    entered = set()
    craft: dict[int, dict] = {}
    for path, value in facts.items():
        parts = path.split(".")
        if parts[0] in ("buildings", "apprentices") and len(parts) == 3:
            pool = buildings if parts[0] == "buildings" else apprentices
            card = pool.get(parts[1])
            if card is None or getattr(card, parts[2], 0) is not None:
                continue
            frozen = MappingProxyType(dict(value)) if isinstance(value, dict) else (
                tuple(value) if isinstance(value, list) else value)
            pool[card.id] = dataclasses.replace(card, **{parts[2]: frozen})
            entered.add(path)
        elif parts[0] == "tools_vp" and len(parts) == 2 and parts[1].isdigit():
            count = int(parts[1])
            if catalogue.tools_vp_table.get(count) is not None:
                continue
            for held in range(count, TOOLS_MAX + 1) if count == TOOLS_LAST else (count,):
                tools[held] = value
                entered.add(f"tools_vp.{held}")
        elif parts[0] == "craft_cards" and len(parts) == 3 and parts[1].isdigit():
            craft.setdefault(int(parts[1]), {"number": int(parts[1])})[parts[2]] = value
            entered.add(path)
    return dataclasses.replace(
        catalogue, buildings=MappingProxyType(buildings), apprentices=MappingProxyType(apprentices),
        tools_vp_table=MappingProxyType(tools), entered=frozenset(entered),
        craft_cards=tuple(MappingProxyType(craft[n]) for n in sorted(craft)))


# -- forms and games --------------------------------------------------------------------------------

SKILL_SETS = [()] + [(s,) for s in SKILLS] + [(a, b) for i, a in enumerate(SKILLS) for b in SKILLS[i + 1:]] + [SKILLS]


def skills_choice(skills: Any) -> str:
    """A skills list as one form value: "none", "masonry", "carpentry+tiling"."""
    return "+".join(skills) if skills else "none"


def to_form(fact: Fact, value: Any) -> str:
    """A stored value as a form field shows it."""
    if value is None:
        return ""
    if fact.kind == "skills":
        return skills_choice(value)
    if fact.kind == "cost":
        return ", ".join(f"{n} {item}" for item, n in value.items())
    return str(value)


def needed_by(doc: Any, catalogue: Catalogue) -> list[Fact]:
    """The library facts a game document needs to be scored and still lacks (a building's
    VP, an apprentice's skills a building counts, the VP for a number of tools)."""
    known = fact_paths(catalogue)
    needed: list[str] = []
    players = doc.get("players") if isinstance(doc, dict) else None
    for player in players if isinstance(players, list) else []:
        if not isinstance(player, dict):
            continue
        entries = [e for e in player.get("buildings") or [] if isinstance(e, (str, dict))]
        counts_skills = False
        for entry in entries:
            card = catalogue.buildings.get(entry if isinstance(entry, str) else entry.get("id"))
            if card is None:
                continue
            counts_skills |= any(str(c).startswith("skill") for c in card.effect.get("counts", ()))
            if card.vp is None and not (isinstance(entry, dict) and entry.get("vp") is not None):
                needed.append(f"buildings.{card.id}.vp")
        for entry in player.get("apprentices") or [] if counts_skills else []:
            card = catalogue.apprentices.get(entry if isinstance(entry, str) else
                                             entry.get("id") if isinstance(entry, dict) else None)
            if card is not None and card.skills is None and not (isinstance(entry, dict) and entry.get("skills")):
                needed.append(f"apprentices.{card.id}.skills")
        tools = player.get("tools")
        overrides = player.get("overrides") if isinstance(player.get("overrides"), dict) else {}
        if isinstance(tools, int) and 0 < tools and catalogue.tools_vp(tools) is None and "tools" not in overrides:
            needed.append(f"tools_vp.{min(tools, TOOLS_LAST)}")
    return [known[path] for path in dict.fromkeys(needed) if path in known]
