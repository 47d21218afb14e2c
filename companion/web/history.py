"""The history in a player's words: one sentence per move ("Ann gained 1 virtue",
"Ben built the Tavern"), names of cards, rewards and places from the catalogue,
newest first, grouped by round.

``describe_move`` is also the undo button's wording (companion.web.moves.describe).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from companion.catalogue import load
from companion.rules import table
from companion.rules.table.data import describe as describe_items, reward_types
from companion.web import other_games
from companion.web.store import iso

BOT = table.BOT
# Words for the few fixed choices a move carries (the rules core names them in code).
SPACES = {"small": "small", "middle": "middle", "large": "large"}
HIRED_AT = {"workshop": "", "black_market": " at the Black Market", "free": " free"}
PAID_WITH = {"silver": "paying silver", "debt": "taking a debt"}


def _labels() -> dict[str, str]:
    from companion.web.pad import COUNT_LABELS, LABELS   # pad imports games, which imports this module
    return {**LABELS, **{f"count:{k}": v for k, v in COUNT_LABELS.items()}}


def _name(state: dict, who: Any) -> str:
    return table.display_name(state, who)


def _plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _card(kind: str, card_id: Any) -> str:
    """A card's printed name ('the Tavern'); an id the catalogue lacks is shown as typed."""
    if isinstance(card_id, dict):
        card_id = card_id.get("id")
    cards = load().buildings if kind == "building" else load().apprentices
    card = cards.get(card_id) if isinstance(card_id, str) else None
    return f"the {card.name_en}" if card else f"a card the app does not know ({card_id})"


def _reward(key: Any) -> str:
    from companion.rules.table.cathedral import EMPTY_PILE
    if key == EMPTY_PILE:
        return "the empty reward pile's " + describe_items(load().reward_when_empty)
    gain = reward_types().get(key) if isinstance(key, str) else None
    return describe_items(gain) if gain else "a reward"


def _location(location_id: Any) -> str:
    from companion.rules import bot
    place = bot.LOCATIONS.get(location_id) if isinstance(location_id, str) else None
    return place.name if place else "the board"


def _gained_lost(items: dict[str, int]) -> str:
    gained = [f"{n} {item}" for item, n in items.items() if n > 0]
    lost = [f"{-n} {item}" for item, n in items.items() if n < 0]
    parts = ([f"gained {_and(gained)}"] if gained else []) + ([f"lost {_and(lost)}"] if lost else [])
    return " and ".join(parts) or "changed nothing"


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _signed_count(n: int, thing: str, things: str | None = None) -> str:
    return ("gained " if n > 0 else "lost ") + _plural(abs(n), thing, things)


def _cells(move: dict, counting: bool) -> str:
    labels = _labels()
    cells = dict(move.get("cells") or {})
    if move.get("category"):
        cells[move["category"]] = move.get("value")
    shown = []
    for cell, value in cells.items():
        label = labels.get(f"count:{cell}") if counting else None
        label = label or labels.get(cell, cell.replace("_", " "))
        shown.append(f"{label} {'blank (worked out)' if value is None else value}")
    return ", ".join(shown)


def _build(state, m) -> str:
    text = f"{_name(state, m.get('player'))} built {_card('building', m.get('building'))}"
    extras = []
    if m.get("choice") not in (None, ""):
        choice = m["choice"]
        building = load().buildings.get(m.get("building"))
        options = (building.effect.get("options") if building else None) or []
        if isinstance(choice, int) and 0 <= choice < len(options):
            extras.append(f"taking {describe_items(options[choice])}")
        elif isinstance(choice, str):
            gain = {table.data.items_key(o): o for o in options}.get(choice) if options else None
            extras.append(f"taking {describe_items(gain)}" if gain else "")
    if m.get("apprentice"):
        extras.append(f"hiring {_card('apprentice', m['apprentice'])} free")
    if m.get("discard_apprentice"):
        extras.append(f"discarding {_card('apprentice', m['discard_apprentice'])}")
    if m.get("discard_card"):
        extras.append("discarding a building card")
    if m.get("extra"):
        extras.append("with the Crane's extra placement")
    extras = [e for e in extras if e]
    return text + (", " + ", ".join(extras) if extras else "")


def _hire(state, m) -> str:
    where = HIRED_AT.get(m.get("source") or "workshop", "")
    return f"{_name(state, m.get('player'))} hired {_card('apprentice', m.get('apprentice'))}{where}"


def _capture(state, m) -> str:
    victim = _name(state, m.get("victim"))
    text = f"{_name(state, m.get('player'))} captured {_plural(m.get('count') or 0, 'worker')} of {victim}'s"
    return text + (f" at {_location(m['location'])}" if m.get("location") else "")


def _black_market(state, m) -> str:
    gains = {r: m[r] for r in table.data.RESOURCES if m.get(r)}
    text = f"{_name(state, m.get('player'))} used the {SPACES.get(m.get('space'), '')} Black Market space".replace("  ", " ")
    if m.get("apprentice"):
        text += f", hiring {_card('apprentice', m['apprentice'])}"
    return text + (f", gaining {describe_items(gains)}" if gains else "")


def _advance(state, m) -> str:
    text = f"{_name(state, m.get('player'))} advanced on the Cathedral"
    if m.get("reward") not in (None, ""):
        text += f" and took {_reward(m['reward'])}"
    return text


def _pay_tax(state, m) -> str:
    if m.get("player") is None:
        return f"{m.get('amount')} silver tax went to the Tax Stand"
    return f"{_name(state, m['player'])} paid {m.get('amount')} silver tax to the Tax Stand"


def _count(state, m) -> str:
    who = _name(state, m.get("player"))
    counted = _cells(m, counting=True)
    if m.get("done"):
        return f"{who} counted what was left" + (f": {counted}" if counted else "")
    return f"{who} counted {counted}"


Sentence = Callable[[dict, dict], str]
SENTENCES: dict[str, Sentence] = {
    "virtue": lambda s, m: f"{_name(s, m.get('player'))} {_signed_count(m.get('delta') or 0, 'virtue', 'virtue')}",
    "take_debts": lambda s, m: f"{_name(s, m.get('player'))} took {_plural(m.get('count') or 1, 'debt')}",
    "pay_debt": lambda s, m: f"{_name(s, m.get('player'))} paid off {_plural(m.get('count') or 1, 'debt')}",
    "destroy_debts": lambda s, m: f"{_name(s, m.get('player'))} destroyed {_plural(m.get('count') or 1, 'debt')}",
    "prisoners": lambda s, m: (f"{_name(s, m.get('player'))} has {_plural(abs(m.get('delta') or 0), 'worker')} "
                               f"{'more' if (m.get('delta') or 0) > 0 else 'fewer'} in Prison"),
    "captured": lambda s, m: (f"{_name(s, m.get('player'))} holds {_plural(abs(m.get('delta') or 0), 'captured worker')} "
                              f"{'more' if (m.get('delta') or 0) > 0 else 'fewer'}"
                              + (f" of {_name(s, m['victim'])}'s" if m.get("victim") is not None else "")),
    "tools": lambda s, m: f"{_name(s, m.get('player'))} {_signed_count(m.get('delta') or 0, 'tool')}",
    "capture": _capture,
    "send_to_prison": lambda s, m: f"{_name(s, m.get('player'))} sent the captured workers to Prison",
    "release_prisoners": lambda s, m: f"{_name(s, m.get('player'))} released their workers from Prison",
    "rescue": lambda s, m: (f"{_name(s, m.get('player'))} took back their captured workers, "
                            f"{PAID_WITH.get(m.get('payment'), 'paying')}"),
    "resources": lambda s, m: (f"{_name(s, m.get('player'))} "
                               + _gained_lost({r: m[r] for r in table.data.RESOURCES if m.get(r)})),
    "add_adornment": lambda s, m: f"{_name(s, m.get('player'))} crafted an Adornment worth {m.get('vp')} VP",
    "remove_adornment": lambda s, m: f"{_name(s, m.get('player'))} lost an Adornment worth {m.get('vp')} VP",
    "craft_adornment": lambda s, m: (f"{_name(s, m.get('player'))} crafted an Adornment"
                                     + (f" worth {m['vp']} VP" if m.get("vp") is not None else "")
                                     + f" under {_card('building', m.get('building'))}"),
    "craft_tool": lambda s, m: (f"{_name(s, m.get('player'))} crafted a Tool for "
                                f"{_card('apprentice', m.get('apprentice'))}"),
    "tuck_tool": lambda s, m: (f"{_name(s, m.get('player'))} put a Tool under "
                               f"{_card('apprentice', m.get('apprentice'))}"),
    "debt_to_silver": lambda s, m: (f"{_name(s, m.get('player'))} paid silver instead of taking "
                                    f"{_plural(m.get('count') or 1, 'debt')}"),
    "advance_cathedral": _advance,
    "set_cathedral": lambda s, m: f"{_name(s, m.get('player'))}'s Cathedral level was set to {m.get('level')}",
    "build": _build,
    "remove_building": lambda s, m: f"{_name(s, m.get('player'))} no longer has {_card('building', m.get('building'))}",
    "hire": _hire,
    "discard_apprentice": lambda s, m: f"{_name(s, m.get('player'))} discarded {_card('apprentice', m.get('apprentice'))}",
    "pay_tax": _pay_tax,
    "steal_tax": lambda s, m: f"{_name(s, m.get('player'))} took the silver from the Tax Stand",
    "black_market": _black_market,
    "black_market_reset": lambda s, m: "The Black Market was reset",
    "final_turn_done": lambda s, m: f"{_name(s, m.get('player'))} had their final turn",
    "end_game": lambda s, m: "The game was ended: everyone counts what is left",
    "finish_game": lambda s, m: "The game was finished: the final score",
    "set_total": lambda s, m: f"{_name(s, m.get('player'))}'s score pad: {_cells(m, counting=False)}",
    "count": _count,
}


def describe_move(state: dict, move: dict, notes: list | None = None) -> str:
    """One sentence for a move, in a player's words."""
    other = other_games.of(state)
    if other:
        return other.describe(state, move)
    kind = move.get("kind", "")
    if kind == "bot_turn":   # the solo bot's turn (companion.web.bot): its steps are the event's notes
        return f"{_name(state, BOT)}'s turn"
    sentence = SENTENCES.get(kind)
    if sentence is None:
        spec = table.MOVES.get(kind)
        return spec.label if spec else "A change to the game"
    try:
        return sentence(state, move)
    except (KeyError, TypeError, ValueError, AttributeError):
        # an imported event with odd fields: still a readable line, never a crash
        spec = table.MOVES[kind] if kind in table.MOVES else None
        who = move.get("player")
        return (f"{_name(state, who)}: " if who is not None else "") + (spec.label if spec else "a change")


# -- rounds ---------------------------------------------------------------------------

@dataclass
class Entry:
    seq: Any
    at: str
    text: str
    notes: list
    undone: bool
    actor: Any = None


@dataclass
class Round:
    number: int
    entries: list[Entry] = field(default_factory=list)


def rounds(state: dict, entries: list[Entry]) -> list[Round]:
    """Entries grouped by round, newest round and newest entry first.

    The log does not say where a round ends, so it is read from who acts: players act
    in turn order (seat 0 first, the bot last), so when someone earlier in that order
    than the last actor acts again, a new round has begun. Moves nobody in particular
    makes (a Black Market Reset, ending the game) and undone ones stay in the round
    they fall in. A correction recorded later for an earlier player also starts a
    round: the grouping is a reading aid, not a rule.
    """
    order = {who: position for position, who in enumerate(table.everyone(state))}
    grouped: list[Round] = [Round(1)]
    last = -1
    for entry in entries:
        position = order.get(entry.actor) if not entry.undone else None
        if position is not None:
            if position < last:
                grouped.append(Round(len(grouped) + 1))
            last = position
        grouped[-1].entries.append(entry)
    for group in grouped:
        group.entries.reverse()
    return [group for group in reversed(grouped) if group.entries]


def _actor(move: dict) -> Any:
    who = move.get("player")
    if move.get("kind") == "bot_turn":
        return BOT
    if isinstance(who, str) and who.isdecimal():
        return int(who)
    return who


def describe_history(game, records) -> list[Round]:
    """The readable history: imported events first (never undoable), then this app's events."""
    entries = [Entry(e.get("seq"), e.get("at", ""), describe_move(game.state, e, e.get("notes")), e.get("notes", []),
                     False, _actor(e)) for e in game.imported_events]
    entries += [Entry(r.seq, iso(r.at), describe_move(game.state, r.move, r.notes), r.notes, r.undone, _actor(r.move))
                for r in records]
    return rounds(game.state, entries)
