"""Captured workers and the Prison. Every function mutates the state it is given.

Only counts are tracked: ``captured`` is how many opposing workers sit on an
actor's board, ``prisoners`` how many of the actor's own workers are in Prison.
Whose workers a captor holds is not tracked, so sending them to Prison cannot
raise the victims' ``prisoners``: the players adjust those by hand.
"""

from __future__ import annotations

from .actors import Who, abilities, actor, aside, everyone, gain_items, is_bot, name, pay
from .data import rules
from .errors import MoveError
from .track import change_virtue, take_debts


def capture(state: dict, captor: Who, victim: Who, count: int, *, paid_captures: int = 0) -> list[str]:
    """Rulebook, Town Centre: 'After capturing opposing Workers, players should place
    them on the top left section of their Player Board'. ``paid_captures``: how many
    captures (groups) the captor pays for at the Town Centre with this move (building
    captures are free)."""
    if captor == victim:
        raise MoveError("victim", f"{name(state, captor)}'s own workers go back to their supply: nothing to record")
    actor(state, victim)  # the victim must exist
    record = actor(state, captor)
    notes = _pay_town_centre(state, captor, paid_captures) if paid_captures else []
    record["captured"] += count
    return notes + [f"{name(state, captor)} captures {count} of {name(state, victim)}'s workers "
                    f"(now holds {record['captured']})"]


def _pay_town_centre(state: dict, captor: Who, captures: int) -> list[str]:
    """'Each capture requires 1 Worker and 1 Silver (the first Silver is Taxed)'; the
    Conspirator spends '1 less Silver (not Tax)'."""
    price = rules()["town_centre_capture"]
    silver = captures * price["silver_each"]
    tax = min(price["tax"], silver)
    discount = sum(a["silver_less"] for _, a in abilities(state, captor, "capture_discount"))
    return pay(state, captor, {"silver": tax + max(0, silver - tax - discount)}, "captures at the Town Centre", tax=tax)


def send_captured_to_prison(state: dict, who: Who) -> list[str]:
    """Rulebook, Guardhouse action 1: 'Send all captured Workers from their Player Board
    to the Prison, gaining 1 Silver for each' (Solo Play: the bot gets 1 Marble for all)."""
    record = actor(state, who)
    sent = record["captured"]
    if sent <= 0:
        raise MoveError("player", f"{name(state, who)} holds no captured workers")
    record["captured"] = 0
    notes = [f"{name(state, who)} sends {sent} captured workers to the Prison "
             "(move them to their owners' prisoner counts)"]
    if is_bot(who):
        return notes + gain_items(state, who, rules()["bot"]["send_to_prison_gain"], "selling captured workers")
    per_worker = {item: amount * sent for item, amount in rules()["send_to_prison_per_worker"].items()}
    notes += gain_items(state, who, per_worker, "captured workers sent to Prison")
    for source, ability in abilities(state, who, "send_to_prison_bonus"):
        notes += gain_items(state, who, ability["gain"], source)
    return notes


def release_prisoners(state: dict, who: Who, count: int | None = None, *, reason: str | None = None) -> list[str]:
    """Release own workers from Prison: all of them (Guardhouse action 2, Hideout) or up to ``count``."""
    record = actor(state, who)
    released = record["prisoners"] if count is None else min(count, record["prisoners"])
    if released <= 0:
        return []
    record["prisoners"] -= released
    return [f"{name(state, who)} releases {released} from Prison" + aside(reason, f"now {record['prisoners']}")]


def prison_check(state: dict, at_least: int, virtue: int, reason: str) -> list[str]:
    """Every player and the bot with ``at_least`` workers in Prison changes Virtue
    (Black Market Reset step 4, Watchtower)."""
    notes = []
    for who in everyone(state):
        if actor(state, who)["prisoners"] >= at_least:
            notes += change_virtue(state, who, virtue, reason=reason)
    return notes


RESCUE_PAYMENTS = ("silver", "debt")


def rescue(state: dict, who: Who, captor: Who, count: int, payment: str) -> list[str]:
    """Rulebook, Guardhouse action 3: 'Pay 5 Silver (2 Tax), or take 1 Debt and lose 1
    Virtue to release all their own Workers from other players' Boards' ('Minimum of 1
    captured Worker'). Captured counts are not kept per owner, so the player says how
    many of theirs a captor holds; for several captors, adjust the others' counts."""
    if captor == who:
        raise MoveError("captor", "choose the player holding the workers")
    if payment not in RESCUE_PAYMENTS:
        raise MoveError("payment", f"pay with {' or '.join(RESCUE_PAYMENTS)}")
    held = actor(state, captor)
    if held["captured"] < count:
        raise MoveError("count", f"{name(state, captor)} holds only {held['captured']} captured workers")
    price = rules()["rescue"][payment]
    if payment == "silver":
        notes = pay(state, who, price["cost"], "releasing captured workers", tax=price["tax"])
    else:
        notes = take_debts(state, who, price["debt"], reason="releasing captured workers")
        notes += change_virtue(state, who, price["virtue"], reason="releasing captured workers")
    held["captured"] -= count
    return notes + [f"{name(state, who)} takes back {count} workers from {name(state, captor)} "
                    f"(who now holds {held['captured']})"]
