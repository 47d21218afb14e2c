"""Constructing Buildings: checks, costs, Virtue and immediate effects.
Every function mutates the state it is given.

Immediate effects are data (``effect.kind`` + parameters in buildings.yaml); each
kind has one handler in ``EFFECTS``. A handler gets the build's options (the move's
extra fields: ``choice``, ``discard_card``, ``apprentice``, ``discard_apprentice``,
``adornment_vp``, ``tool_to``) and returns notes.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from companion.aotwk.rules.codes import Note

from . import apprentices
from .actors import (Who, abilities, actor, apprentice_skills, construction_discount, entry_id, everyone,
                     held_by, is_bot, known_card, name, pay, tracks_resources)
from .data import RESOURCES, cat, items_key
from .errors import MoveError, Refusal
from .guildhall import claim_placement, grant_extra_placement, place_in_guildhall
from .prison import prison_check, release_prisoners
from .track import change_virtue, destroy_debts, gain_items, take_debts

Options = Mapping[str, Any]


def missing_skills(state: dict, who: Who, building) -> list[str]:
    """Rulebook, Constructing a Building: 'players will need to have at least 1 hired
    Apprentice with a matching symbol' (the Labourer has all three)."""
    have = {skill for entry in actor(state, who)["apprentices"] for skill in apprentice_skills(entry)}
    return [skill for skill in building.skills or () if skill not in have]


def build(state: dict, who: Who, building_id: str, options: Options | None = None, *,
          vp: int | None = None, extra: bool = False) -> list[str]:
    """Construct a building from hand: skills, cost, the card, its Virtue, its immediate
    effect, then the worker in the Guildhall (which may trigger a reset or the end)."""
    options = dict(options or {})
    if is_bot(who):
        raise MoveError("player", Refusal("bot_no_construct"))
    building = known_card(state, "building", building_id, "building")
    _check_available(state, building)
    claim_placement(state, who, extra)
    record = actor(state, who)
    # Payments unchecked: the table already checked the cost and the skills when it paid on the board.
    missing = missing_skills(state, who, building) if tracks_resources(state) else []
    if missing:
        raise MoveError("building", Refusal("needs_skills", name=record["name"], skills=missing, building=building.id))
    notes = _pay_building(state, who, building)
    record["buildings"].append(_entry(building, vp))
    notes.append(Note("constructs", who=name(state, who), building=building.id))
    if building.skills is None:
        notes.append(Note("skills_unknown", building=building.id))
    if building.virtue is None:
        notes.append(Note("virtue_unknown", kind="building", id=building.id))
    else:
        notes += change_virtue(state, who, building.virtue, reason=_card(building))
    if not building.timing_stated:
        notes.append(Note("timing_reading", building=building.id, end_game=building.end_game))
    if building.timing == "immediate":
        notes += EFFECTS[building.effect["kind"]](state, who, building, options)
    for source, ability in abilities(state, who, "construction_gain"):
        notes += gain_items(state, who, ability["gain"], source)
    return notes + place_in_guildhall(state, who, _card(building), extra=extra)


def _card(building) -> Note:
    """A building's name as a note's source or reason (said in the reader's language)."""
    return Note("card", kind="building", id=building.id)


def _check_available(state: dict, building) -> None:
    owner = held_by(state, "buildings", building.id)
    if owner is not None:
        raise MoveError("building", Refusal("already_built", building=building.id, owner=name(state, owner)))
    if building.id in state["table"].get("removed_buildings", ()):
        raise MoveError("building", Refusal("building_removed", building=building.id))


def _entry(building, vp: int | None) -> Any:
    if building.vp is not None and cat().is_entered(f"buildings.{building.id}.vp"):
        # a fact from this table's card library travels with the game (an export scores anywhere)
        return {"id": building.id, "vp": building.vp if vp is None else vp}
    if building.vp is not None:
        return building.id
    if vp is None:
        raise MoveError("vp", Refusal("enter_building_vp", building=building.id))
    return {"id": building.id, "vp": vp}


def _pay_building(state: dict, who: Who, building) -> list[str]:
    if building.cost is None:
        return [Note("cost_unknown", building=building.id)]
    cost = dict(building.cost)
    notes = construction_discount(state, who, cost)
    return notes + pay(state, who, cost, Note("why_the_building", building=building.id))


def remove_building(state: dict, who: Who, building_id: str) -> list[str]:
    """Correction: take a building back off a player's display (nothing is reversed)."""
    record = actor(state, who)
    for index, entry in enumerate(record["buildings"]):
        if entry_id(entry) == building_id:
            del record["buildings"][index]
            return [Note("building_removed", who=name(state, who), building=building_id)]
    raise MoveError("building", Refusal("not_built", name=record["name"], building=building_id))


def choices(building) -> list[str]:
    """The options of a 'gain one of' building, as accepted in the ``choice`` field."""
    return [items_key(option) for option in building.effect.get("options", ())]


# -- immediate effect handlers -----------------------------------------------------------

def _gain(state, who, building, options):
    return gain_items(state, who, building.effect["gain"], _card(building))


def _gain_one_of(state, who, building, options):
    effect_options = building.effect["options"]
    by_key = {items_key(option): option for option in effect_options}
    choice = options.get("choice")
    if choice in (None, "") and not tracks_resources(state) and all(
            item in RESOURCES for option in effect_options for item in option):
        # The options are resources the app does not track: the player took one on the board.
        return [Note("takes_one_of_untracked", who=name(state, who), options=[dict(o) for o in effect_options],
                     building=building.id)]
    if isinstance(choice, int) and not isinstance(choice, bool) and 0 <= choice < len(effect_options):
        choice = items_key(effect_options[choice])
    if choice not in by_key:
        raise MoveError("choice", Refusal("choose_gift", building=building.id,
                                          options=[dict(option) for option in effect_options]))
    return gain_items(state, who, by_key[choice], _card(building))


def _take_debts(state, who, building, options):
    return take_debts(state, who, building.effect["debts"], reason=_card(building))


def _capture(state, who, building, options):
    groups = building.effect["captures"]
    return [Note("may_capture", who=name(state, who), groups=groups, building=building.id)]


def _capture_or_release(state, who, building, options):
    return [Note("may_capture_or_release", who=name(state, who), building=building.id)]


def _release_prisoners(state, who, building, options):
    return release_prisoners(state, who, reason=_card(building))


def _destroy_debts(state, who, building, options):
    """Church: 'may immediately destroy 1 unpaid Debt' - always taken, it only helps."""
    return destroy_debts(state, who, building.effect["debts"], reason=_card(building))


def _discard_card_for(state, who, building, options):
    """Library: 'may immediately discard 1 chosen Building Card from their hand to gain 2 Gold'."""
    if not options.get("discard_card"):
        return [Note("discards_no_card", who=name(state, who), building=building.id)]
    return ([Note("discards_card", who=name(state, who), building=building.id)]
            + gain_items(state, who, building.effect["gain"], _card(building)))


def _everyone_gains(state, who, building, options):
    """Monument: 'All players immediately gain 1 Virtue' - the bot too."""
    return [note for each in everyone(state) for note in gain_items(state, each, building.effect["gain"], _card(building))]


def _gain_per_virtue(state, who, building, options):
    """Palace: 'gains 1 Gold for every 4 Virtue they currently have'."""
    sets = actor(state, who)["virtue"] // building.effect["per"]
    return gain_items(state, who, {item: n * sets for item, n in building.effect["gain"].items()}, _card(building))


def _hire_free_apprentice(state, who, building, options):
    if not options.get("apprentice"):
        return [Note("may_hire_free", who=name(state, who), building=building.id)]
    return apprentices.hire(state, who, options["apprentice"], "free")


def _prison_check(state, who, building, options):
    """Watchtower: 'All players with 3 or more Workers in Prison immediately lose 1 Virtue'."""
    effect = building.effect
    return prison_check(state, effect["prisoners_at_least"], effect["virtue"], _card(building))


def _extra_guildhall_placement(state, who, building, options):
    return grant_extra_placement(state, who, _card(building))


def _discard_apprentices(state, who, building, options):
    """Graveyard: discard an apprentice (when the player has one)."""
    if not actor(state, who)["apprentices"]:
        return []
    if not options.get("discard_apprentice"):
        raise MoveError("discard_apprentice", Refusal("discard_which", building=building.id, name=name(state, who)))
    return apprentices.discard(state, who, options["discard_apprentice"], reason=_card(building),
                               tool_to=options.get("tool_to"))


def _free_adornment(state, who, building, options):
    vp = options.get("adornment_vp")
    if not isinstance(vp, int) or isinstance(vp, bool) or vp < 0:
        raise MoveError("adornment_vp", Refusal("enter_adornment_vp_of", building=building.id))
    actor(state, who)["adornments"].append(vp)
    return [Note("takes_adornment", who=name(state, who), vp=vp, building=building.id)]


def _free_tool(state, who, building, options):
    record = actor(state, who)
    record["tools"] += building.effect["count"]
    return [Note("takes_tool", who=name(state, who), count=building.effect["count"], building=building.id,
                 now=record["tools"])]


def _cards_per_cathedral_level(state, who, building, options):
    cards = building.effect["per_level"] * actor(state, who)["cathedral"]
    return gain_items(state, who, {"building_card": cards}, _card(building))


EFFECTS: dict[str, Callable[[dict, Who, Any, Options], list[str]]] = {
    "gain": _gain,
    "gain_one_of": _gain_one_of,
    "take_debts": _take_debts,
    "capture": _capture,
    "capture_or_release": _capture_or_release,
    "release_prisoners": _release_prisoners,
    "destroy_debts": _destroy_debts,
    "discard_card_for": _discard_card_for,
    "everyone_gains": _everyone_gains,
    "gain_per_virtue": _gain_per_virtue,
    "hire_free_apprentice": _hire_free_apprentice,
    "prison_check": _prison_check,
    "extra_guildhall_placement": _extra_guildhall_placement,
    "discard_apprentices": _discard_apprentices,
    "free_adornment": _free_adornment,
    "free_tool": _free_tool,
    "cards_per_cathedral_level": _cards_per_cathedral_level,
}
