"""The Tax Stand. Every function mutates the state it is given."""

from __future__ import annotations

from companion.aotwk.rules.codes import Note

from .actors import Who, abilities, actor, is_bot, name, tracks_resources
from .data import rules
from .errors import MoveError, Refusal
from .track import change_virtue, gain_items
from .turns import check_may_place


def pay_tax(state: dict, amount: int, who: Who | None = None) -> list[str]:
    """Put silver above the Tax Stand ('Tax is always placed directly into the space
    above the Tax Stand'); from a player's silver when one is named and resources are tracked."""
    notes = []
    if who is not None and tracks_resources(state) and not is_bot(who):
        record = actor(state, who)
        if record["silver"] < amount:
            raise MoveError("amount", Refusal("resource_short", name=record["name"], held=record["silver"], item="silver"))
        record["silver"] -= amount
        notes.append(Note("pays_tax", who=name(state, who), amount=amount))
    state["table"]["tax_stand_silver"] += amount
    return notes + [Note("tax_stand", silver=state["table"]["tax_stand_silver"])]


def steal_tax(state: dict, who: Who) -> list[str]:
    """Rulebook, Tax Stand: 'take all the Silver from above the Tax Stand ... lose 2
    Virtue. Players are not allowed to place a Worker here if there is no Tax to steal.'
    Thief: 1 Virtue less; Pickpocket: 1 Gold more. The bot takes the silver out of
    the game (it keeps none) and loses the Virtue like anyone."""
    check_may_place(state, who)
    table = state["table"]
    stolen = table["tax_stand_silver"]
    if stolen <= 0:
        raise MoveError("player", Refusal("tax_stand_empty"))
    table["tax_stand_silver"] = 0
    notes = [Note("steals", who=name(state, who), silver=stolen)]
    if not is_bot(who):
        notes += gain_items(state, who, {"silver": stolen}, Note("why", key="tax_stand"))
    relief = sum(a["virtue_loss_reduced_by"] for _, a in abilities(state, who, "tax_stand_virtue_discount"))
    notes += change_virtue(state, who, min(0, rules()["tax_stand_steal_virtue"] + relief),
                           reason=Note("why", key="stealing_tax"))
    for source, ability in abilities(state, who, "location_bonus"):
        if ability["location"] == "tax_stand":
            notes += gain_items(state, who, ability["gain"], source)
    return notes
