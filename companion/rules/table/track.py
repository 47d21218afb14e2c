"""The Virtue Track and Debts. Every function mutates the state it is given."""

from __future__ import annotations

from companion.rules.virtue_track import move_on_track

from .actors import Who, abilities, actor, aside, gain_items, is_bot, name, pay
from .data import cat, rules
from .errors import MoveError


def change_virtue(state: dict, who: Who, delta: int, *, reason: str | None = None) -> list[str]:
    """Move a marker on the Virtue Track with every track effect at once.

    Rulebook, Virtue Track: 'For each Virtue players gain above 14, they may destroy
    1 unpaid Debt' (not paid: no Virtue, no Apprentice abilities) and 'For each
    Virtue players lose below 0, they must take a Debt Card'.
    """
    if delta == 0:
        return []
    record = actor(state, who)
    move = move_on_track(record["virtue"], record["debts_unpaid"], delta)
    record["virtue"], record["debts_unpaid"] = move.virtue, move.debts_unpaid
    note = f"{name(state, who)}: virtue {move.before} -> {move.virtue}"
    if move.excess:
        note += (f", {move.excess} excess destroyed {_debts(move.destroyed)}" if move.destroyed
                 else f", {move.excess} excess (no unpaid debt to destroy)")
    elif move.taken:
        note += f", {move.taken} below {cat().virtue_min} took {_debts(move.taken)}"
    return [note + aside(reason)]


def take_debts(state: dict, who: Who, count: int, *, reason: str | None = None) -> list[str]:
    """Take unpaid Debt Cards ('placing it "unpaid" side faceup in front of them')."""
    if count <= 0:
        return []
    record = actor(state, who)
    record["debts_unpaid"] += count
    return [f"{name(state, who)} takes {_debts(count)}" + aside(reason, f"now {record['debts_unpaid']}")]


def destroy_debts(state: dict, who: Who, count: int, *, reason: str | None = None) -> list[str]:
    """Return unpaid Debts to the pile without paying them (no Virtue, no abilities).
    Destroys as many as the actor holds, up to ``count``."""
    record = actor(state, who)
    destroyed = min(count, record["debts_unpaid"])
    if destroyed <= 0:
        return []
    record["debts_unpaid"] -= destroyed
    return [f"{name(state, who)} destroys {_debts(destroyed)}" + aside(reason, f"now {record['debts_unpaid']}")]


def pay_off_debt(state: dict, who: Who) -> list[str]:
    """Rulebook, Guardhouse: 'Pay 6 Silver (3 Tax) to pay off 1 Debt' and 'When paying
    off a Debt, players should flip the Debt Card ... This immediately gains them 1
    Virtue, plus additional benefits from any Debt-related Apprentices'."""
    if is_bot(who):
        raise MoveError("player", "the bot never pays off debts (it can only destroy them)")
    record = actor(state, who)
    if record["debts_unpaid"] <= 0:
        raise MoveError("player", f"{record['name']} has no unpaid debt to pay off")
    price = rules()["pay_off_debt"]
    notes = pay(state, who, {"silver": price["silver"]}, "paying off a debt", tax=price["tax"])
    record["debts_unpaid"] -= 1
    record["debts_paid"] += 1
    notes.append(f"{record['name']} pays off 1 debt ({record['debts_unpaid']} unpaid, {record['debts_paid']} paid)")
    notes += change_virtue(state, who, price["virtue"], reason="debt paid off")
    for source, ability in abilities(state, who, "debt_collector_bonus"):
        notes += gain_items(state, who, ability["gain"], source)
    return notes


def _debts(count: int) -> str:
    return f"{count} unpaid debt{'s' * (count != 1)}"
