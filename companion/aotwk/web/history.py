"""The history in a player's words: one sentence per move ("Ann gained 1 virtue",
"Ben built the Tavern"), newest first, grouped by round. Each kind of move is one catalogue
message for every language (a ``Phrase`` said in the reader's language); card names are data
(``Lookup``), places and game words catalogue messages of their own.

``describe_move`` is also the undo button's wording (GamePages.describe, companion.aotwk.web.pages).
"""

from __future__ import annotations

from typing import Any, Callable

from companion.aotwk.catalogue import load
from companion.aotwk.i18n.cards import AMOUNT, item_word, items_in_words
from companion.aotwk.i18n.names import card_name
from companion.aotwk.i18n.places import place
from companion.aotwk.i18n.table_notes import SPACES
from companion.aotwk.rules import table
from companion.aotwk.rules.table.cathedral import EMPTY_PILE
from companion.aotwk.rules.table.data import reward_types
from companion.aotwk.web.cell_labels import COUNT_LABELS, LABELS
from companion.i18n.sentences import AND, LIST, N_, Context, Joined, Lookup, Msgid, Phrase, Plural, said
from companion.web.rounds import Entry, Round, grouped, history, seat_of

BOT = table.BOT

# A card a sentence names: English says "the Tavern", Korean the printed name alone.
THE_CARD = Context("a card in a sentence", "the {name}")
UNKNOWN_CARD = N_("a card the app does not know ({card})")
EMPTY_PILE_REWARD = N_("the empty reward pile's {items}")
SOME_REWARD = Context("a reward in a sentence", "a reward")
BLANK = N_("blank (worked out)")
CELL = N_("{cell} {value}")

GAINED = N_("{who} gained {gained}")
LOST = N_("{who} lost {lost}")
GAINED_AND_LOST = N_("{who} gained {gained} and lost {lost}")
CHANGED_NOTHING = N_("{who} changed nothing")
TOOLS_GAINED = Plural("{who} gained {n} tool", "{who} gained {n} tools")
TOOLS_LOST = Plural("{who} lost {n} tool", "{who} lost {n} tools")
MORE_IN_PRISON = Plural("{who} has {n} worker more in Prison", "{who} has {n} workers more in Prison")
FEWER_IN_PRISON = Plural("{who} has {n} worker fewer in Prison", "{who} has {n} workers fewer in Prison")
MORE_CAPTURED = Plural("{who} holds {n} captured worker more", "{who} holds {n} captured workers more")
FEWER_CAPTURED = Plural("{who} holds {n} captured worker fewer", "{who} holds {n} captured workers fewer")
MORE_CAPTURED_OF = Plural("{who} holds {n} captured worker more of {victim}'s",
                          "{who} holds {n} captured workers more of {victim}'s")
FEWER_CAPTURED_OF = Plural("{who} holds {n} captured worker fewer of {victim}'s",
                           "{who} holds {n} captured workers fewer of {victim}'s")
CAPTURED = Plural("{who} captured {n} worker of {victim}'s", "{who} captured {n} workers of {victim}'s")
CAPTURED_AT = Plural("{who} captured {n} worker of {victim}'s at {place}",
                     "{who} captured {n} workers of {victim}'s at {place}")
RESCUED = {"silver": N_("{who} took back their captured workers, paying silver"),
           "debt": N_("{who} took back their captured workers, taking a debt")}
RESCUED_SOMEHOW = N_("{who} took back their captured workers, paying")
HIRED = {"workshop": N_("{who} hired {apprentice}"),
         "black_market": N_("{who} hired {apprentice} at the Black Market"),
         "free": N_("{who} hired {apprentice} free")}
BUILT = N_("{who} built {building}")
BUILT_TAKING = N_("taking {items}")
BUILT_HIRING = N_("hiring {apprentice} free")
DISCARDING = N_("discarding {apprentice}")
DISCARDING_A_CARD = N_("discarding a building card")
WITH_CRANE = N_("with {crane}'s extra placement")
USED_BLACK_MARKET = N_("{who} used the {space} Black Market space")
USED_A_BLACK_MARKET_SPACE = N_("{who} used the Black Market space")
HIRING = N_("hiring {apprentice}")
GAINING = N_("gaining {items}")
ADVANCED = N_("{who} advanced on the Cathedral")
ADVANCED_TAKING = N_("{who} advanced on the Cathedral and took {reward}")
TAX_TO_STAND = N_("{amount} silver tax went to the Tax Stand")
PAID_TAX = N_("{who} paid {amount} silver tax to the Tax Stand")
COUNTED_THE_REST = N_("{who} counted what was left")
COUNTED_THE_REST_OF = N_("{who} counted what was left: {cells}")
COUNTED = N_("{who} counted {cells}")
CRAFTED_ADORNMENT_UNDER = N_("{who} crafted an Adornment under {building}")
CRAFTED_ADORNMENT_WORTH_UNDER = N_("{who} crafted an Adornment worth {vp} VP under {building}")
ADORNMENT_ADDED = N_("{who} crafted an Adornment worth {vp} VP")
ADORNMENT_LOST = N_("{who} lost an Adornment worth {vp} VP")
CATHEDRAL_SET = N_("{who}'s Cathedral level was set to {level}")
SCORE_PAD = N_("{who}'s score pad: {cells}")
BOT_TURN = N_("{bot}'s turn")
A_CHANGE_TO_THE_GAME = N_("A change to the game")
WHO_CHANGED = N_("{who}: {change}")
A_CHANGE = N_("a change")


def _who(state: dict, m: dict, key: str = "player") -> Any:
    """A seat's name as typed, the bot's in the reader's language (a ``Note`` says itself)."""
    return table.display_name(state, m.get(key))


def _card(kind: str, card_id: Any) -> Phrase:
    """A card by its printed name ('the Tavern', '여관'); an id the catalogue lacks, as typed."""
    if isinstance(card_id, dict):
        card_id = card_id.get("id")
    cards = load().buildings if kind == "building" else load().apprentices
    if isinstance(card_id, str) and card_id in cards:
        return Phrase(THE_CARD, name=Lookup(card_name, kind, card_id))
    return Phrase(UNKNOWN_CARD, card=card_id)


def _items(items: dict) -> Lookup:
    return Lookup(items_in_words, items)


def _amount(n: int, item: str) -> Phrase:
    return Phrase(AMOUNT, n=n, what=Lookup(item_word, item))


def _and(parts: list) -> Any:
    """'2 clay', '2 clay and 1 wood', '2 clay, 1 wood and 1 stone' (each language's joining words)."""
    return parts[0] if len(parts) == 1 else Joined([Joined(parts[:-1], LIST), parts[-1]], AND)


def _chosen_gain(m: dict) -> dict | None:
    """What a building with a choice gave (its option by index or by items key), if the move says."""
    choice = m.get("choice")
    if choice in (None, ""):
        return None
    building = load().buildings.get(m.get("building"))
    options = (building.effect.get("options") if building else None) or []
    if isinstance(choice, int) and 0 <= choice < len(options):
        return options[choice]
    if isinstance(choice, str):
        return {table.data.items_key(o): o for o in options}.get(choice)
    return None


def _reward(key: Any) -> Any:
    if key == EMPTY_PILE:
        return Phrase(EMPTY_PILE_REWARD, items=_items(load().reward_when_empty))
    gain = reward_types().get(key) if isinstance(key, str) else None
    return _items(gain) if gain else SOME_REWARD


def _cells(move: dict, counting: bool) -> Joined:
    cells = dict(move.get("cells") or {})
    if move.get("category"):
        cells[move["category"]] = move.get("value")
    shown = []
    for cell, value in cells.items():
        label = (COUNT_LABELS.get(cell) if counting else None) or LABELS.get(cell, cell.replace("_", " "))
        shown.append(Phrase(CELL, cell=label, value=BLANK if value is None else value))
    return Joined(shown, LIST)


def _gained_lost(state, m) -> Phrase:
    items = {r: m[r] for r in table.data.RESOURCES if m.get(r)}
    gained = [_amount(n, item) for item, n in items.items() if n > 0]
    lost = [_amount(-n, item) for item, n in items.items() if n < 0]
    who = _who(state, m)
    if gained and lost:
        return Phrase(GAINED_AND_LOST, who=who, gained=_and(gained), lost=_and(lost))
    if gained or lost:
        return Phrase(GAINED, who=who, gained=_and(gained)) if gained else Phrase(LOST, who=who, lost=_and(lost))
    return Phrase(CHANGED_NOTHING, who=who)


def _virtue(state, m) -> Phrase:
    delta = m.get("delta") or 0
    if delta > 0:
        return Phrase(GAINED, who=_who(state, m), gained=_amount(delta, "virtue"))
    return Phrase(LOST, who=_who(state, m), lost=_amount(-delta, "virtue"))


def _tools(state, m) -> Phrase:
    delta = m.get("delta") or 0
    return Phrase(TOOLS_GAINED if delta > 0 else TOOLS_LOST, who=_who(state, m), n=abs(delta))


def _prisoners(state, m) -> Phrase:
    delta = m.get("delta") or 0
    return Phrase(MORE_IN_PRISON if delta > 0 else FEWER_IN_PRISON, who=_who(state, m), n=abs(delta))


def _captured(state, m) -> Phrase:
    delta, who = m.get("delta") or 0, _who(state, m)
    if m.get("victim") is None:
        return Phrase(MORE_CAPTURED if delta > 0 else FEWER_CAPTURED, who=who, n=abs(delta))
    return Phrase(MORE_CAPTURED_OF if delta > 0 else FEWER_CAPTURED_OF, who=who, n=abs(delta),
                  victim=_who(state, m, "victim"))


def _capture(state, m) -> Phrase:
    said = dict(who=_who(state, m), n=m.get("count") or 0, victim=_who(state, m, "victim"))
    return Phrase(CAPTURED_AT, **said, place=place(m["location"])) if m.get("location") else Phrase(CAPTURED, **said)


def _build(state, m) -> Any:
    gain = _chosen_gain(m)
    extras = [Phrase(BUILT_TAKING, items=_items(gain))] if gain else []
    if m.get("apprentice"):
        extras.append(Phrase(BUILT_HIRING, apprentice=_card("apprentice", m["apprentice"])))
    if m.get("discard_apprentice"):
        extras.append(Phrase(DISCARDING, apprentice=_card("apprentice", m["discard_apprentice"])))
    if m.get("discard_card"):
        extras.append(DISCARDING_A_CARD)
    if m.get("extra"):
        extras.append(Phrase(WITH_CRANE, crane=_card("building", "crane")))
    return Joined([Phrase(BUILT, who=_who(state, m), building=_card("building", m.get("building"))), *extras], LIST)


def _hire(state, m) -> Phrase:
    hired = HIRED.get(m.get("source") or "workshop", HIRED["workshop"])
    return Phrase(hired, who=_who(state, m), apprentice=_card("apprentice", m.get("apprentice")))


def _black_market(state, m) -> Joined:
    space = SPACES.get(m.get("space"))
    used = (Phrase(USED_BLACK_MARKET, who=_who(state, m), space=space) if space
            else Phrase(USED_A_BLACK_MARKET_SPACE, who=_who(state, m)))
    gains = {r: m[r] for r in table.data.RESOURCES if m.get(r)}
    hiring = Phrase(HIRING, apprentice=_card("apprentice", m["apprentice"])) if m.get("apprentice") else None
    return Joined([used, hiring, Phrase(GAINING, items=_items(gains)) if gains else None], LIST)


def _advance(state, m) -> Phrase:
    if m.get("reward") in (None, ""):
        return Phrase(ADVANCED, who=_who(state, m))
    return Phrase(ADVANCED_TAKING, who=_who(state, m), reward=_reward(m["reward"]))


def _pay_tax(state, m) -> Phrase:
    if m.get("player") is None:
        return Phrase(TAX_TO_STAND, amount=m.get("amount"))
    return Phrase(PAID_TAX, who=_who(state, m), amount=m.get("amount"))


def _count(state, m) -> Phrase:
    counted = _cells(m, counting=True)
    if not m.get("done"):
        return Phrase(COUNTED, who=_who(state, m), cells=counted)
    return Phrase(COUNTED_THE_REST_OF if counted else COUNTED_THE_REST, who=_who(state, m), cells=counted)


def _craft_adornment(state, m) -> Phrase:
    building = _card("building", m.get("building"))
    if m.get("vp") is None:
        return Phrase(CRAFTED_ADORNMENT_UNDER, who=_who(state, m), building=building)
    return Phrase(CRAFTED_ADORNMENT_WORTH_UNDER, who=_who(state, m), vp=m["vp"], building=building)


def _rescue(state, m) -> Phrase:
    return Phrase(RESCUED.get(m.get("payment"), RESCUED_SOMEHOW), who=_who(state, m))


def _counted(message: Plural) -> Callable[[dict, dict], Phrase]:
    """A sentence of a seat and a count of debts (at least one)."""
    return lambda s, m: Phrase(message, who=_who(s, m), n=m.get("count") or 1)


def _of_seat(message: Msgid) -> Callable[[dict, dict], Phrase]:
    """A sentence that names only the seat."""
    return lambda s, m: Phrase(message, who=_who(s, m))


def _with_card(message: Msgid, kind: str) -> Callable[[dict, dict], Phrase]:
    """A sentence of a seat and one of its cards (the move's ``building`` or ``apprentice``)."""
    return lambda s, m: Phrase(message, who=_who(s, m), **{kind: _card(kind, m.get(kind))})


def _fixed(message: Msgid) -> Callable[[dict, dict], Any]:
    return lambda s, m: message


Sentence = Callable[[dict, dict], Any]
SENTENCES: dict[str, Sentence] = {
    "virtue": _virtue,
    "take_debts": _counted(Plural("{who} took {n} debt", "{who} took {n} debts")),
    "pay_debt": _counted(Plural("{who} paid off {n} debt", "{who} paid off {n} debts")),
    "destroy_debts": _counted(Plural("{who} destroyed {n} debt", "{who} destroyed {n} debts")),
    "prisoners": _prisoners,
    "captured": _captured,
    "tools": _tools,
    "capture": _capture,
    "send_to_prison": _of_seat(N_("{who} sent the captured workers to Prison")),
    "release_prisoners": _of_seat(N_("{who} released their workers from Prison")),
    "rescue": _rescue,
    "resources": _gained_lost,
    "add_adornment": lambda s, m: Phrase(ADORNMENT_ADDED, who=_who(s, m), vp=m.get("vp")),
    "remove_adornment": lambda s, m: Phrase(ADORNMENT_LOST, who=_who(s, m), vp=m.get("vp")),
    "craft_adornment": _craft_adornment,
    "craft_tool": _with_card(N_("{who} crafted a Tool for {apprentice}"), "apprentice"),
    "tuck_tool": _with_card(N_("{who} put a Tool under {apprentice}"), "apprentice"),
    "debt_to_silver": _counted(Plural("{who} paid silver instead of taking {n} debt",
                                      "{who} paid silver instead of taking {n} debts")),
    "advance_cathedral": _advance,
    "set_cathedral": lambda s, m: Phrase(CATHEDRAL_SET, who=_who(s, m), level=m.get("level")),
    "build": _build,
    "remove_building": _with_card(N_("{who} no longer has {building}"), "building"),
    "hire": _hire,
    "discard_apprentice": _with_card(N_("{who} discarded {apprentice}"), "apprentice"),
    "pay_tax": _pay_tax,
    "steal_tax": _of_seat(N_("{who} took the silver from the Tax Stand")),
    "black_market": _black_market,
    "black_market_reset": _fixed(N_("The Black Market was reset")),
    "final_turn_done": _of_seat(N_("{who} had their final turn")),
    "end_game": _fixed(N_("The game was ended: everyone counts what is left")),
    "finish_game": _fixed(N_("The game was finished: the final score")),
    "reopen_game": _fixed(N_("The game was reopened")),
    "set_total": lambda s, m: Phrase(SCORE_PAD, who=_who(s, m), cells=_cells(m, counting=False)),
    "count": _count,
}


def _reader_language() -> str:
    """The request's language; English outside a request (the CLI, a test)."""
    from flask import has_request_context
    from companion.web.i18n import language
    return language() if has_request_context() else "en"


def describe_move(state: dict, move: dict, notes: list | None = None, lang: str | None = None) -> str:
    """One sentence for an AotWK move (the shell picks each game's own: game_pages.pages_of), in a
    player's words and the reader's language."""
    lang = lang or _reader_language()
    kind = move.get("kind", "")
    if kind == "bot_turn":   # the solo bot's turn (companion.aotwk.web.bot): its steps are the event's notes
        return Phrase(BOT_TURN, bot=table.display_name(state, BOT)).render(lang)
    spec = table.MOVES.get(kind)
    sentence = SENTENCES.get(kind)
    if sentence is None:
        return said(spec.label if spec else A_CHANGE_TO_THE_GAME, lang)
    try:
        return str(said(sentence(state, move), lang))
    except (KeyError, TypeError, ValueError, AttributeError):
        # an imported event with odd fields: still a readable line, never a crash
        change = spec.label if spec else A_CHANGE
        who = move.get("player")
        if who is None:
            return said(change, lang)
        return Phrase(WHO_CHANGED, who=table.display_name(state, who), change=change).render(lang)


# -- rounds (the shape is the shell's: companion.web.rounds) -------------------------------

def rounds(state: dict, entries: list[Entry]) -> list[Round]:
    """Entries grouped by round, newest first: seats in turn order, the bot last."""
    return grouped(table.everyone(state), entries)


def _actor(move: dict) -> Any:
    return BOT if move.get("kind") == "bot_turn" else seat_of(move)


def describe_history(game, events) -> list[Round]:
    """The readable history (``GamePages.history``): imported events first, then this app's."""
    return history(game, events, describe_move, table.everyone(game.state), _actor)
