"""The history in a player's words: one sentence per move ("Ann gained 1 virtue",
"Ben built the Tavern"), newest first, grouped by round. Each kind of move's sentence is part of
its definition (``MoveSpec.sentence``, companion.aotwk.rules.table.moves): one catalogue message
for every language (a ``Phrase`` said in the reader's language), given ``Words`` here for what
needs the catalogue's words: card names are data (``Lookup``), places and game words catalogue
messages of their own.

``describe_move`` is also the undo button's wording (GamePages.describe, companion.aotwk.web.pages).
"""

from __future__ import annotations

from typing import Any

from companion.aotwk.catalogue import load
from companion.aotwk.i18n.cards import AMOUNT, item_word, items_in_words
from companion.aotwk.i18n.names import card_name
from companion.aotwk.i18n.places import place
from companion.aotwk.i18n.table_notes import SPACES
from companion.aotwk.rules import table
from companion.aotwk.rules.table.cathedral import EMPTY_PILE
from companion.aotwk.rules.table.data import reward_types
from companion.aotwk.web.cell_labels import COUNT_LABELS, LABELS
from companion.i18n.sentences import AND, LIST, N_, Context, Joined, Lookup, Phrase, said
from companion.web.rounds import Entry, Round, grouped, history, seat_of

BOT = table.BOT

# A card a sentence names: English says "the Tavern", Korean the printed name alone.
THE_CARD = Context("a card in a sentence", "the {name}")
UNKNOWN_CARD = N_("a card the app does not know ({card})")
EMPTY_PILE_REWARD = N_("the empty reward pile's {items}")
SOME_REWARD = Context("a reward in a sentence", "a reward")
BLANK = N_("blank (worked out)")
CELL = N_("{cell} {value}")

BOT_TURN = N_("{bot}'s turn")
A_CHANGE_TO_THE_GAME = N_("A change to the game")
WHO_CHANGED = N_("{who}: {change}")
A_CHANGE = N_("a change")
# A move and the one thing the app worked out that it does not say (the history shows a move's
# notes only beside others): "Bob lost 1 virtue (Bob: virtue 0 → 0, 1 below 0 took 1 unpaid debt)".
WITH_ITS_EFFECT = N_("{move} ({effect})")
# The Virtue Track's side effects (rulebook, Virtue Track: below 0 a debt, above 14 one destroyed;
# the Artisan's shield) that a virtue note carries beyond its move's sentence.
TRACK_EFFECTS = ("excess", "taken", "shielded")


class Words:
    """What a move's sentence (its definition's ``sentence(say, move)``, companion.aotwk.rules.table.moves)
    needs said with the catalogue's words and this game's names: the ``say`` it is given."""

    __slots__ = ("state",)

    def __init__(self, state: dict):
        self.state = state

    def who(self, m: dict, key: str = "player") -> Any:
        """A seat's name as typed, the bot's in the reader's language (a ``Note`` says itself)."""
        return table.display_name(self.state, m.get(key))

    @staticmethod
    def card(kind: str, card_id: Any) -> Phrase:
        """A card by its printed name ('the Tavern', '여관'); an id the catalogue lacks, as typed."""
        if isinstance(card_id, dict):
            card_id = card_id.get("id")
        cards = load().buildings if kind == "building" else load().apprentices
        if isinstance(card_id, str) and card_id in cards:
            return Phrase(THE_CARD, name=Lookup(card_name, kind, card_id))
        return Phrase(UNKNOWN_CARD, card=card_id)

    @staticmethod
    def items(items: dict) -> Lookup:
        return Lookup(items_in_words, items)

    @staticmethod
    def amount(n: int, item: str) -> Phrase:
        return Phrase(AMOUNT, n=n, what=Lookup(item_word, item))

    @staticmethod
    def both(parts: list) -> Any:
        """'2 clay', '2 clay and 1 wood', '2 clay, 1 wood and 1 stone' (each language's joining words)."""
        return parts[0] if len(parts) == 1 else Joined([Joined(parts[:-1], LIST), parts[-1]], AND)

    @staticmethod
    def place(location: Any) -> Any:
        return place(location)

    @staticmethod
    def space(space: Any) -> Any:
        """A Black Market space in a sentence, or None for one the app does not name."""
        return SPACES.get(space)

    @classmethod
    def reward(cls, key: Any) -> Any:
        if key == EMPTY_PILE:
            return Phrase(EMPTY_PILE_REWARD, items=cls.items(load().reward_when_empty))
        gain = reward_types().get(key) if isinstance(key, str) else None
        return cls.items(gain) if gain else SOME_REWARD

    @staticmethod
    def cells(move: dict, counting: bool) -> Joined:
        cells = dict(move.get("cells") or {})
        if move.get("category"):
            cells[move["category"]] = move.get("value")
        shown = []
        for cell, value in cells.items():
            label = (COUNT_LABELS.get(cell) if counting else None) or LABELS.get(cell, cell.replace("_", " "))
            shown.append(Phrase(CELL, cell=label, value=BLANK if value is None else value))
        return Joined(shown, LIST)


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
    spec = table.MOVES.get(kind) if isinstance(kind, str) else None
    if spec is None or spec.sentence is None:
        return said(spec.label if spec else A_CHANGE_TO_THE_GAME, lang)
    try:
        sentence = said(spec.sentence(Words(state), move), lang)
        effect = _track_effect(notes)
        if effect is not None:
            return Phrase(WITH_ITS_EFFECT, move=sentence, effect=effect).render(lang)
        return str(sentence)
    except (KeyError, TypeError, ValueError, AttributeError):
        # an imported event with odd fields: still a readable line, never a crash
        change = spec.label if spec else A_CHANGE
        who = move.get("player")
        if who is None:
            return said(change, lang)
        return Phrase(WHO_CHANGED, who=table.display_name(state, who), change=change).render(lang)


def _track_effect(notes: list | None):
    """The move's one note when it is a virtue note with a side effect of the track, else None."""
    if not notes or len(notes) != 1:
        return None
    note = notes[0]
    params = getattr(note, "params", None)
    if getattr(note, "code", None) != "virtue" or not isinstance(params, dict):
        return None
    return note if any(params.get(effect) for effect in TRACK_EFFECTS) else None


# -- rounds (the shape is the shell's: companion.web.rounds) -------------------------------

def rounds(state: dict, entries: list[Entry]) -> list[Round]:
    """Entries grouped by round, newest first: seats in turn order, the bot last."""
    return grouped(table.everyone(state), entries)


def _actor(move: dict) -> Any:
    return BOT if move.get("kind") == "bot_turn" else seat_of(move)


def describe_history(game, events) -> list[Round]:
    """The readable history (``GamePages.history``): imported events first, then this app's."""
    return history(game, events, describe_move, table.everyone(game.state), _actor)
