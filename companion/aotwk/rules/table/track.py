"""What an actor gains beyond paying: items, and the Virtue Track and Debts they may move.
Every function mutates the state it is given."""

from __future__ import annotations

from typing import Mapping

from companion.aotwk.rules.virtue_track import move_on_track

from companion.aotwk.rules.codes import Note

from .actors import Who, abilities, actor, holds, is_bot, name, pay
from .data import cat, rules
from .errors import MoveError, Refusal


# -- gaining items ---------------------------------------------------------------------

def gain_items(state: dict, who: Who, items: Mapping[str, int], reason: str) -> list[str]:
    """Give an actor a bundle of items (resources, virtue, debts, building cards)."""
    notes: list[str] = []
    kept, untracked = {}, {}
    for item, amount in items.items():
        if amount == 0:
            continue
        if item == "virtue":
            notes += change_virtue(state, who, amount, reason=reason)
        elif item == "debt":
            notes += take_debts(state, who, amount, reason=reason)
        elif item == "building_card":
            if not is_bot(who):
                notes.append(Note("draw_cards", who=name(state, who), count=amount, reason=reason))
        elif holds(state, who, item):
            actor(state, who)[item] += amount
            kept[item] = amount
        elif not is_bot(who):
            untracked[item] = amount
    if kept:
        notes.append(Note("gains", who=name(state, who), items=kept, reason=reason))
    if untracked:
        notes.append(Note("take_untracked", who=name(state, who), items=untracked, reason=reason))
    return notes


# -- the Virtue Track and Debts --------------------------------------------------------

def change_virtue(state: dict, who: Who, delta: int, *, reason: str | None = None) -> list[str]:
    """Move a marker on the Virtue Track with every track effect at once.

    Rulebook, Virtue Track: 'For each Virtue players gain above 14, they may destroy
    1 unpaid Debt' (not paid: no Virtue, no Apprentice abilities) and 'For each
    Virtue players lose below 0, they must take a Debt Card'.
    """
    if delta == 0:
        return []
    record = actor(state, who)
    shielded = _artisan_shield(state, who, delta)
    delta += shielded
    if delta == 0:
        return [Note("artisan_ignores_loss", who=name(state, who), reason=reason)]
    move = move_on_track(record["virtue"], record["debts_unpaid"], delta)
    record["virtue"], record["debts_unpaid"] = move.virtue, move.debts_unpaid
    note = Note("virtue", who=name(state, who), before=move.before, after=move.virtue, excess=move.excess,
                destroyed=move.destroyed, taken=move.taken, minimum=cat().virtue_min, shielded=shielded, reason=reason)
    return [note] + (_silver_instead_hint(state, who, move.taken) if move.taken else [])


def _artisan_shield(state: dict, who: Who, delta: int) -> int:
    """Age of Artisans: 'When placing an Artisan, it may ignore 1 Virtue loss' - the first
    loss of the action the Artisan was placed for (``table.artisan``, set by the move)."""
    table = state.get("table", {})
    if delta >= 0 or table.get("artisan") != who or not table.get("artisan_shield"):
        return 0
    shield = min(-delta, table["artisan_shield"])
    table["artisan_shield"] -= shield
    return shield


def take_debts(state: dict, who: Who, count: int, *, reason: str | None = None) -> list[str]:
    """Take unpaid Debt Cards ('placing it "unpaid" side faceup in front of them')."""
    if count <= 0:
        return []
    record = actor(state, who)
    record["debts_unpaid"] += count
    return ([Note("takes_debts", who=name(state, who), count=count, now=record["debts_unpaid"], reason=reason)]
            + _silver_instead_hint(state, who, count))


def _silver_instead_hint(state: dict, who: Who, count: int) -> list[str]:
    """Hugo decides whether to pay silver instead of debts the tracker just gave him: say how."""
    return [Note("silver_instead_hint", source=source, silver=a["silver"] * count)
            for source, a in abilities(state, who, "debt_as_silver")]


def destroy_debts(state: dict, who: Who, count: int, *, reason: str | None = None) -> list[str]:
    """Return unpaid Debts to the pile without paying them (no Virtue, no abilities).
    Destroys as many as the actor holds, up to ``count``."""
    record = actor(state, who)
    destroyed = min(count, record["debts_unpaid"])
    if destroyed <= 0:
        return []
    record["debts_unpaid"] -= destroyed
    return [Note("destroys_debts", who=name(state, who), count=destroyed, now=record["debts_unpaid"], reason=reason)]


def pay_off_debt(state: dict, who: Who) -> list[str]:
    """Rulebook, Guardhouse: 'Pay 6 Silver (3 Tax) to pay off 1 Debt' and 'When paying
    off a Debt, players should flip the Debt Card ... This immediately gains them 1
    Virtue, plus additional benefits from any Debt-related Apprentices'."""
    if is_bot(who):
        raise MoveError("player", Refusal("bot_never_pays_debts"))
    record = actor(state, who)
    if record["debts_unpaid"] <= 0:
        raise MoveError("player", Refusal("no_unpaid_debt", name=record["name"]))
    price = rules()["pay_off_debt"]
    notes = pay(state, who, {"silver": price["silver"]}, Note("why", key="paying_off_debt"), tax=price["tax"])
    record["debts_unpaid"] -= 1
    record["debts_paid"] += 1
    notes.append(Note("pays_off_debt", who=name(state, who), unpaid=record["debts_unpaid"], paid=record["debts_paid"]))
    notes += change_virtue(state, who, price["virtue"], reason=Note("why", key="debt_paid_off"))
    for source, ability in abilities(state, who, "debt_collector_bonus"):
        notes += gain_items(state, who, ability["gain"], source)
    return notes


def silver_instead_of_debts(state: dict, who: Who, count: int, *, taken: bool) -> list[str]:
    """Hugo's board (2018 promo): 'Whenever he would take a debt he may pay 2 silver instead.'
    The player decides, so it is a choice: when taking debts (``taken=False``), or right after
    debts the tracker gave him (a Black Market Reset, the Virtue Track; ``taken=True``)."""
    offers = [(source, ability) for source, ability in abilities(state, who, "debt_as_silver")]
    if not offers:
        raise MoveError("player", Refusal("no_silver_instead", name=name(state, who)))
    source, ability = offers[0]
    record = actor(state, who)
    if taken and record["debts_unpaid"] < count:
        raise MoveError("count", Refusal("only_unpaid_debts", name=record["name"], debts=record["debts_unpaid"]))
    notes = pay(state, who, {"silver": ability["silver"] * count}, Note("why_silver_instead", source=source,
                                                                        debts=count))
    if taken:
        record["debts_unpaid"] -= count
    return notes + [Note("pays_silver_instead", who=name(state, who), count=count, source=source,
                         unpaid=record["debts_unpaid"])]
