"""Who is acting: a seat index or "bot". Names, boards, abilities, what an actor
holds, and paying costs. Gaining items is in track.py: a gain may move the Virtue
Track or take Debts, and the track needs the basics here (so this file stays below it).

Functions here mutate the state they are given (callers pass a copy).
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from companion.aotwk.rules.codes import Note

from .data import BOT, RESOURCES, cat, rules, unknown_card_message
from .errors import MoveError, Refusal

Who = int | str


def is_bot(who: Who) -> bool:
    return who == BOT


def actor(state: dict, who: Who) -> dict:
    """The player dict for a seat, or the bot dict; MoveError when there is none."""
    if is_bot(who):
        if not state.get("bot"):
            raise MoveError("player", Refusal("no_bot"))
        return state["bot"]
    players = state["players"]
    if isinstance(who, bool) or not isinstance(who, int) or not 0 <= who < len(players):
        raise MoveError("player", Refusal("no_seat", who=who))
    return players[who]


def name(state: dict, who: Who) -> str:
    """As a note says it: the bot's name is said in the reader's language, a seat's as typed."""
    if is_bot(who):
        return Note("bot", opponent=cat().opponents[actor(state, who)["opponent"]].id)
    return Note("seat", name=actor(state, who)["name"])


def display_name(state: dict, who) -> str:
    """A seat's or the bot's name for pages and notes, never an error: a seat may come
    as text (JSON object keys), and an odd document still gets a readable label."""
    if isinstance(who, str) and who.isdecimal():
        who = int(who)
    try:
        return name(state, who)
    except (MoveError, KeyError, TypeError):
        return "Bot" if is_bot(who) else str(who)


def everyone(state: dict) -> list[Who]:
    """Every seat in turn order, then the bot (the humans always play first)."""
    order: list[Who] = list(range(len(state["players"])))
    if state.get("bot"):
        order.append(BOT)
    return order


def board(state: dict, who: Who):
    board_id = None if is_bot(who) else actor(state, who).get("board")
    return cat().boards.get(board_id) if board_id else None


def entry_id(entry: Any) -> str:
    """A building or apprentice entry is an id or {"id": ..., ...}."""
    return entry["id"] if isinstance(entry, dict) else entry


def held_by(state: dict, pile: str, card_id: str) -> Who | None:
    """Which player holds a card ("buildings" or "apprentices"); each id is one physical card."""
    for seat, player in enumerate(state["players"]):
        if any(entry_id(entry) == card_id for entry in player[pile]):
            return seat
    return None


def known_card(state: dict, pool: str, card_id: object, field: str):
    """The catalogue entry for a building or apprentice id the game may use, or MoveError."""
    cards = getattr(cat(), pool + "s")
    card = cards.get(card_id) if isinstance(card_id, str) else None
    if card is None:
        raise MoveError(field, unknown_card_message(pool, card_id))
    if card.set == "age_of_artisans" and "age_of_artisans" not in state.get("expansions", ()):
        raise MoveError(field, Refusal("artisans_card", kind=pool, card=card.id))
    return card


def apprentice_skills(entry: Any) -> tuple[str, ...]:
    if isinstance(entry, dict) and entry.get("skills") is not None:
        return tuple(entry["skills"])
    known = cat().apprentices.get(entry_id(entry))
    return tuple(known.skills or ()) if known else ()


def abilities(state: dict, who: Who, kind: str) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """(source name, ability) for every hired apprentice and board ability of a kind."""
    if is_bot(who):
        return
    for entry in actor(state, who)["apprentices"]:
        known = cat().apprentices.get(entry_id(entry))
        if known and known.ability.get("kind") == kind:
            yield Note("card", kind="apprentice", id=known.id), known.ability
    player_board = board(state, who)
    for ability in player_board.abilities if player_board else ():
        if ability["kind"] == kind:
            yield Note("board", id=player_board.id), ability


def taxes_ignored(state: dict, who: Who) -> int:
    """Rulebook, Virtue Track: 'For each "avoid Tax" icon at their current Virtue
    level, players may ignore 1 Tax'; Ada's board ignores 1 more."""
    if is_bot(who):
        return 0
    return cat().tax_ignored(actor(state, who)["virtue"], board(state, who))


def tracks_resources(state: dict) -> bool:
    return state.get("track_resources", True)


def holds(state: dict, who: Who, item: str) -> bool:
    """Whether the tracker keeps this resource up to date for this actor. The bot
    keeps only Marble (Solo Play: it 'Collects Marble, but only for scoring')."""
    if is_bot(who):
        return item in rules()["bot"]["holds"]
    return item in RESOURCES and tracks_resources(state)


def gold_is_marble(state: dict, who: Who) -> bool:
    player_board = board(state, who)
    return bool(player_board and player_board.gold_is_marble)


# -- paying ---------------------------------------------------------------------------

def construction_discount(state: dict, who: Who, cost: dict[str, int]) -> list[str]:
    """Take a board's construction discount (Lothaire: 1 wood or 1 stone less) off a
    building or Cathedral cost, in place: from the resource the player is shortest of,
    else the first printed one."""
    notes = []
    for source, ability in abilities(state, who, "construction_discount"):
        options = [item for item in ability["one_of"] if cost.get(item, 0) > 0]
        if not options:
            continue
        record = actor(state, who)
        shortfall = {item: cost[item] - (record[item] if holds(state, who, item) else 0) for item in options}
        item = max(options, key=lambda option: (shortfall[option], -options.index(option)))
        cost[item] = max(0, cost[item] - ability["amount"])
        notes.append(Note("pays_less", who=name(state, who), amount=ability["amount"], item=item, source=source))
    return notes


def pay(state: dict, who: Who, cost: Mapping[str, int], reason: str, *, tax: int = 0) -> list[str]:
    """Pay a cost. ``tax`` is how much of the cost's silver is Tax: the actor ignores
    as much of it as their Virtue (and board) allow, and what is paid goes to the
    Tax Stand. Resources are taken only when the game tracks them; the bot pays none.
    Raises MoveError naming every shortfall."""
    if is_bot(who):
        return []
    ignored = min(tax, taxes_ignored(state, who))
    cost = dict(cost)
    cost["silver"] = cost.get("silver", 0) - ignored
    cost = {item: amount for item, amount in cost.items() if amount > 0}
    tax_paid = tax - ignored
    notes = []
    if tracks_resources(state):
        paid = _take(state, who, cost, reason)
        if paid:
            notes.append(Note("pays", who=name(state, who), items=paid, reason=reason))
    if tax_paid:
        state["table"]["tax_stand_silver"] += tax_paid
        notes.append(Note("tax_paid", who=name(state, who), tax=tax_paid, total=state["table"]["tax_stand_silver"]))
    if ignored:
        notes.append(Note("ignores_tax", who=name(state, who), tax=ignored))
    return notes


def _take(state: dict, who: Who, cost: dict, reason: str) -> dict[str, int]:
    """Take a cost from a player's resources; returns what was taken."""
    player = actor(state, who)
    if gold_is_marble(state, who):
        _pay_gold_as_marble(player, cost)
    short = {item: amount - player[item] for item, amount in cost.items() if amount > player[item]}
    if short:
        raise MoveError(None, Refusal("short_of", name=player["name"], short=short, reason=reason))
    for item, amount in cost.items():
        player[item] -= amount
    return {item: amount for item, amount in cost.items() if amount}


def _pay_gold_as_marble(player: dict, cost: dict) -> None:
    """Variable Setup, Therese: 'she treats Marble and Gold as the same resource':
    pay the printed one first and the rest with the other, when she has enough of both together."""
    gold, marble = cost.get("gold", 0), cost.get("marble", 0)
    if gold + marble > player["gold"] + player["marble"]:
        return  # leave the printed cost: the shortfall message names it
    from_gold = min(player["gold"], gold) + max(0, marble - player["marble"])
    cost["gold"], cost["marble"] = from_gold, gold + marble - from_gold
