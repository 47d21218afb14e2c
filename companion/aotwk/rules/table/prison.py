"""Captured workers and the Prison. Every function mutates the state it is given.

An actor's ``captured`` is how many opposing workers sit on their board (the score
and the Keep count it); ``captured_from`` says whose they are: owner key -> count,
the key being a seat index as a string or "bot" (JSON object keys are strings).
The breakdown may add up to less than ``captured``: the rest are workers whose owner
the app was never told (a +/- correction, an imported document). Those still count
for the captor, but sending them to Prison cannot raise anyone's ``prisoners``.
``prisoners`` is how many of the actor's own workers are in the Prison.
"""

from __future__ import annotations

from companion.aotwk.rules.codes import Note

from . import bot_link
from .actors import BOT, Who, abilities, actor, everyone, is_bot, name, pay
from .data import cat, rules
from .errors import MoveError, Refusal
from .track import change_virtue, gain_items, take_debts


def owner_key(who: Who) -> str:
    return BOT if is_bot(who) else str(who)


def owner(key: str) -> Who:
    return BOT if key == BOT else int(key)


def booked(record: dict) -> dict[str, int]:
    """Whose workers an actor holds (created on first use: imported documents lack it)."""
    return record.setdefault("captured_from", {})


def owner_unknown(record: dict) -> int:
    """Captured workers held whose owner was never recorded."""
    return record["captured"] - sum(record.get("captured_from", {}).values())


def _holdings(state: dict, record: dict) -> dict:
    """Whose captured workers a player holds, as a refusal's parameters: [[count, owner's name]], unbooked."""
    return {"parts": [[n, name(state, owner(key))] for key, n in record.get("captured_from", {}).items() if n],
            "unknown": max(0, owner_unknown(record))}



def capture(state: dict, captor: Who, victim: Who, count: int, *, paid_captures: int = 0,
            location: str | None = None) -> list[str]:
    """Rulebook, Town Centre: 'After capturing opposing Workers, players should place
    them on the top left section of their Player Board'. ``paid_captures``: how many
    captures (groups) the captor pays for at the Town Centre with this move (building
    captures are free). ``location``: where the bot's group was taken, so the bot knows
    which of its workers left (needed when the victim is a set-up bot)."""
    if captor == victim:
        raise MoveError("victim", Refusal("own_workers", name=name(state, captor)))
    actor(state, victim)  # the victim must exist
    bot_workers = is_bot(victim) and bot_link.has_workers(state)
    check_capture_location(location, bot_asks=bot_workers)
    record = actor(state, captor)
    notes = _pay_town_centre(state, captor, paid_captures) if paid_captures else []
    if bot_workers:
        bot_link.human_captures(state, captor, location, count)
    record["captured"] += count
    holdings = booked(record)
    holdings[owner_key(victim)] = holdings.get(owner_key(victim), 0) + count
    return notes + [Note("captures", who=name(state, captor), count=count, victim=name(state, victim),
                         held=record["captured"])]


def check_capture_location(location: str | None, *, bot_asks: bool = False) -> None:
    """Rulebook, Town Centre: 'Players can never capture from the Guildhall, Black Market,
    inside the Prison, or from another player's Board'; any other location of the Main
    Board may be named (or none: a capture's location matters only to a set-up bot, which
    asks for it itself when ``bot_asks``)."""
    if location is None:
        return
    if location in rules()["capture_never_from"]:
        raise MoveError("location", Refusal("capture_never_from", location=location,
                                            locations=list(bot_link.CAPTURABLE_LOCATIONS)))
    if location not in bot_link.CAPTURABLE_LOCATIONS and not bot_asks:
        raise MoveError("location", Refusal("capture_from", locations=list(bot_link.CAPTURABLE_LOCATIONS)))


def _pay_town_centre(state: dict, captor: Who, captures: int) -> list[str]:
    """'Each capture requires 1 Worker and 1 Silver (the first Silver is Taxed)'; the
    Conspirator spends '1 less Silver (not Tax)'."""
    price = rules()["town_centre_capture"]
    silver = captures * price["silver_each"]
    tax = min(price["tax"], silver)
    discount = sum(a["silver_less"] for _, a in abilities(state, captor, "capture_discount"))
    return pay(state, captor, {"silver": tax + max(0, silver - tax - discount)}, Note("why", key="town_centre_captures"),
               tax=tax)


def send_captured_to_prison(state: dict, who: Who) -> list[str]:
    """Rulebook, Guardhouse action 1: 'Send all captured Workers from their Player Board
    to the Prison, gaining 1 Silver for each' (Solo Play: the bot gets 1 Marble for all).
    Each owner's workers become that owner's prisoners (never more than their 20)."""
    record = actor(state, who)
    sent = record["captured"]
    if sent <= 0:
        raise MoveError("player", Refusal("no_captured", name=name(state, who)))
    notes = [Note("sends_to_prison", who=name(state, who), count=sent)]
    unknown = owner_unknown(record)
    for key, count in booked(record).items():
        if count:
            notes += _imprison(state, owner(key), count, captor=who)
            booked(record)[key] = 0
    if unknown > 0:
        notes.append(Note("unbooked_sent", count=unknown))
    record["captured"] = 0
    if is_bot(who):
        return notes + gain_items(state, who, rules()["bot"]["send_to_prison_gain"], Note("why", key="selling_captured"))
    per_worker = {item: amount * sent for item, amount in rules()["send_to_prison_per_worker"].items()}
    notes += gain_items(state, who, per_worker, Note("why", key="sent_to_prison"))
    for source, ability in abilities(state, who, "send_to_prison_bonus"):
        notes += gain_items(state, who, ability["gain"], source)
    return notes


def _imprison(state: dict, prisoner_owner: Who, count: int, *, captor: Who) -> list[str]:
    """``count`` of an owner's workers arrive in the Prison from a captor's board."""
    record = actor(state, prisoner_owner)
    arrived = count
    if is_bot(prisoner_owner) and bot_link.has_workers(state):
        # the bot moves the workers it knows the captor holds (its prisoners follow);
        # any it did not know about are counted here and found by bot.reconcile
        arrived -= bot_link.human_imprisons(state, captor)
    record["prisoners"] = min(cat().workers, record["prisoners"] + max(0, arrived))
    return [Note("to_prison", who=name(state, prisoner_owner), count=count, now=record["prisoners"])]


def release_prisoners(state: dict, who: Who, count: int | None = None, *, reason: str | None = None) -> list[str]:
    """Release own workers from Prison: all of them (Guardhouse action 2, Hideout) or up to ``count``."""
    record = actor(state, who)
    released = record["prisoners"] if count is None else min(count, record["prisoners"])
    if released <= 0:
        return []
    record["prisoners"] -= released
    return [Note("releases", who=name(state, who), count=released, now=record["prisoners"], reason=reason)]


def prison_check(state: dict, at_least: int, virtue: int, reason: str) -> list[str]:
    """Every player and the bot with ``at_least`` workers in Prison changes Virtue
    (Black Market Reset step 4, Watchtower)."""
    notes = []
    for who in everyone(state):
        if actor(state, who)["prisoners"] >= at_least:
            notes += change_virtue(state, who, virtue, reason=reason)
    return notes


def return_captured(state: dict, captor: Who, victim: Who, count: int | None = None) -> list[str]:
    """The victim's workers leave the captor's board for their owner: all those booked
    to the victim, or up to ``count`` (booked ones first, then ones never booked to
    anyone). Nothing else changes (no cost: see ``rescue``)."""
    record = actor(state, captor)
    holdings, key = booked(record), owner_key(victim)
    mine = holdings.get(key, 0)
    wanted = mine if count is None else min(count, mine + max(0, owner_unknown(record)))
    if wanted <= 0:
        return []
    holdings[key] = max(0, mine - wanted)
    record["captured"] -= wanted
    return [Note("takes_back", who=name(state, victim), count=wanted, captor=name(state, captor),
                 held=record["captured"])]


RESCUE_PAYMENTS = ("silver", "debt")


def rescue(state: dict, who: Who, payment: str, *, captor: Who | None = None, count: int | None = None) -> list[str]:
    """Rulebook, Guardhouse action 3: 'Pay 5 Silver (2 Tax), or take 1 Debt and lose 1
    Virtue to release all their own Workers from other players' Boards' ('Minimum of 1
    captured Worker'). Every captor gives back every worker booked to ``who``.
    ``captor`` and ``count`` are for workers the app holds without an owner: ``captor``
    holds ``count`` of ``who``'s workers in all, the ones not booked to ``who`` come out
    of that captor's unbooked ones."""
    if is_bot(who):
        raise MoveError("player", Refusal("bot_rescue"))
    if payment not in RESCUE_PAYMENTS:
        raise MoveError("payment", Refusal("pay_with", payments=list(RESCUE_PAYMENTS)))
    key = owner_key(who)
    holders = [other for other in everyone(state) if other != who and booked(actor(state, other)).get(key, 0) > 0]
    unbooked = _check_unbooked(state, who, captor, count)
    if not holders and not unbooked:
        raise MoveError("captor", Refusal("nobody_holds", name=name(state, who)))
    price = rules()["rescue"][payment]
    if payment == "silver":
        notes = pay(state, who, price["cost"], Note("why", key="releasing_captured"), tax=price["tax"])
    else:
        notes = take_debts(state, who, price["debt"], reason=Note("why", key="releasing_captured"))
        notes += change_virtue(state, who, price["virtue"], reason=Note("why", key="releasing_captured"))
    for holder in holders:
        notes += return_captured(state, holder, who)
        if is_bot(holder) and bot_link.has_workers(state):
            bot_link.human_releases_own(state, who)
    if unbooked:
        notes += return_captured(state, captor, who, unbooked)
    return notes


def _check_unbooked(state: dict, who: Who, captor: Who | None, count: int | None) -> int:
    """How many of ``who``'s workers to take from ``captor``'s unbooked ones (0: none said)."""
    if captor is None and count is None:
        return 0
    if captor is None or count is None:
        raise MoveError("count" if count is None else "captor", Refusal("say_both"))
    if captor == who:
        raise MoveError("captor", Refusal("choose_holder"))
    record = actor(state, captor)
    mine = booked(record).get(owner_key(who), 0)
    if count < mine:
        raise MoveError("count", Refusal("holds_all", captor=name(state, captor), mine=mine, owner=name(state, who)))
    unbooked = count - mine
    if unbooked > owner_unknown(record):
        raise MoveError("count", Refusal("holds_only", captor=name(state, captor), most=mine + max(0, owner_unknown(record)),
                                         owner=name(state, who), **_holdings(state, record)))
    return unbooked


def correct_captured(state: dict, who: Who, delta: int, victim: Who | None = None) -> list[str]:
    """The +/- counter for captured workers held, keeping whose they are consistent.

    With ``victim`` the change is booked to (or taken from) that owner. Without it:
    when the actor has a single opponent (two players, solo) the owner is obvious;
    otherwise an increase stays unbooked, and a decrease takes unbooked workers first,
    then from the only owner left, and otherwise asks whose they were."""
    record = actor(state, who)
    if record["captured"] + delta < 0:
        raise MoveError("delta", Refusal("captured_short", name=name(state, who), captured=record["captured"]))
    opponents = [other for other in everyone(state) if other != who]
    if victim is None and len(opponents) == 1:
        victim = opponents[0]
    holdings = booked(record)
    if victim is not None:
        if victim == who:
            raise MoveError("victim", Refusal("own_victim", name=name(state, who)))
        actor(state, victim)
        key = owner_key(victim)
        if holdings.get(key, 0) + delta < 0:
            raise MoveError("delta", Refusal("holds_of", name=name(state, who), held=holdings.get(key, 0),
                                             victim=name(state, victim)))
        holdings[key] = holdings.get(key, 0) + delta
    elif delta < 0:
        left = -delta - min(-delta, max(0, owner_unknown(record)))
        owners = [key for key, n in holdings.items() if n]
        if left and (len(owners) != 1 or holdings[owners[0]] < left):
            raise MoveError("victim", Refusal("say_whose", name=name(state, who), **_holdings(state, record)))
        if left:
            holdings[owners[0]] -= left
    before = record["captured"]
    record["captured"] += delta
    holdings = [[name(state, owner(key)), n] for key, n in record.get("captured_from", {}).items() if n]
    return [Note("captured_correction", who=name(state, who), before=before, after=record["captured"],
                 **({"holdings": holdings, "unknown": max(0, owner_unknown(record))} if record["captured"] else {}))]
