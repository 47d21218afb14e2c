"""The Black Market and the Black Market Reset. Every function mutates the state it is given."""

from __future__ import annotations

from typing import Mapping

from companion.aotwk.rules.codes import Note

from . import apprentices
from .actors import Who, abilities, actor, everyone, is_bot, name, pay
from .data import cat, rules
from .errors import MoveError, Refusal
from .prison import prison_check, release_prisoners
from .track import change_virtue, gain_items, take_debts
from .turns import check_may_place


def black_market_closed(state: dict, who: Who) -> bool:
    """Rulebook, Virtue Track: 'Once players have 10 or more Virtue, they can no longer
    place Workers in the Black Market' (Solo Play: the bot may, whatever its Virtue)."""
    return not is_bot(who) and actor(state, who)["virtue"] >= cat().black_market_closed_at


def why_black_market_closed(state: dict, who: Who) -> str | None:
    if not black_market_closed(state, who):
        return None
    return Refusal("black_market_closed", name=name(state, who), virtue=actor(state, who)["virtue"],
                   at=cat().black_market_closed_at)


def black_market_place(state: dict, who: Who, space: str, *, gains: Mapping[str, int] | None = None,
                       apprentice: str | None = None, hire_options: Mapping | None = None,
                       pay_costs: bool = True) -> list[str]:
    """Place a worker on a Black Market space and resolve its action: pay its Silver
    (Trickster: 1 less), lose its Virtue (Illusionist: none), gain ``gains`` (what the
    current card shows) or hire ``apprentice`` (middle space; ``hire_options``: the hire's
    ``skills`` and ``collected`` silver), and any Swindler extra. The Hire move's "at the
    Black Market" comes here too, so it places the worker and pays like this move.
    The third worker triggers a Reset after the action. ``pay_costs=False`` skips the
    costs. The bot never pays them, whichever way its placement is recorded (a scheme
    card or a table move): Solo Play, it 'Does not collect or use any Silver' and 'Can
    always ... visit the Black Market, regardless of their Virtue'; a Virtue loss its
    card shows is an action of its own (docs/design.md)."""
    spaces = cat().black_market_spaces
    if space not in spaces:
        raise MoveError("space", Refusal("black_market_spaces", spaces=list(spaces)))
    check_may_place(state, who)
    if black_market_closed(state, who):
        raise MoveError("player", why_black_market_closed(state, who))
    if apprentice and "age_of_artisans" in state.get("expansions", ()):
        raise MoveError("apprentice", Refusal("artisans_middle_space"))
    occupants = state["table"]["black_market"]
    if occupants[space] is not None:
        raise MoveError("space", Refusal("black_market_taken", space=space, name=name(state, occupants[space])))
    notes = [Note("bm_place", who=name(state, who), space=space)]
    if pay_costs and not is_bot(who):
        notes += _pay_black_market(state, who, spaces[space])
    notes += gain_items(state, who, dict(gains or {}), Note("why", key="black_market"))
    if apprentice:
        if space != rules()["black_market_hire_space"]:
            raise MoveError("apprentice", Refusal("black_market_hire_space", space=rules()["black_market_hire_space"]))
        notes += apprentices.hire(state, who, apprentice, "black_market", **dict(hire_options or {}))
    for source, ability in abilities(state, who, "swindler_extra"):
        notes += gain_items(state, who, ability["gain"], source)
    occupants[space] = who
    if all(occupant is not None for occupant in occupants.values()):
        notes += black_market_reset(state, reason=Note("why", key="black_market_full"))
    return notes


def _pay_black_market(state: dict, who: Who, price: Mapping[str, int]) -> list[str]:
    silver_less = sum(a["silver_less"] for _, a in abilities(state, who, "black_market_discount"))
    notes = pay(state, who, {"silver": max(0, price.get("silver", 0) - silver_less)}, Note("why", key="the_black_market"))
    if not any(abilities(state, who, "black_market_no_virtue_loss")):
        notes += change_virtue(state, who, -price.get("virtue", 0), reason=Note("why", key="black_market"))
    return notes


def black_market_reset(state: dict, *, reason: str | None = None) -> list[str]:
    """Rulebook, Black Market Reset, in order:
    1. workers in the Black Market go to the Prison;
    2. the Small Market card is turned onto the Large Market (physical only);
    3. reset-based abilities (Gatekeeper, Fara, Squire, Peddler), applied automatically
       because each only helps: releases first, so a Squire can find an empty Prison;
    4. everyone (the bot too) with 3 or more workers in Prison loses 1 Virtue;
    5. the player(s) with the most workers in Prison each take 1 Debt. With nobody
       in Prison there is no 'most' and nobody takes a Debt.
    """
    table = state["table"]
    table["black_market_resets"] += 1
    notes = [Note("bm_reset", count=table["black_market_resets"], reason=reason)]
    for space, who in table["black_market"].items():
        if who is not None:
            record = actor(state, who)
            record["prisoners"] = min(cat().workers, record["prisoners"] + 1)
            notes.append(Note("bm_to_prison", who=name(state, who), space=space))
        table["black_market"][space] = None
    notes.append(Note("bm_turn_card"))
    for who in everyone(state):
        notes += _reset_abilities(state, who)
    check = rules()["reset_prison_check"]
    notes += prison_check(state, check["prisoners_at_least"], check["virtue"], Note("why", key="prison_at_reset"))
    most = max(actor(state, who)["prisoners"] for who in everyone(state))
    if most > 0:
        for who in everyone(state):
            if actor(state, who)["prisoners"] == most:
                notes += take_debts(state, who, rules()["reset_most_prisoners_debts"],
                                    reason=Note("why_most_in_prison", most=most))
    return notes


def _reset_abilities(state: dict, who: Who) -> list[str]:
    notes = []
    for source, ability in abilities(state, who, "bm_reset_release"):
        notes += release_prisoners(state, who, ability["workers"], reason=source)
    for source, ability in abilities(state, who, "bm_reset_gain"):
        notes += gain_items(state, who, ability["gain"], source)
    for source, ability in abilities(state, who, "squire_reward"):
        if actor(state, who)["prisoners"] == 0:
            notes += gain_items(state, who, ability["gain"], Note("why_nobody_in_prison", source=source))
    return notes
