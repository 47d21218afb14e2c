"""Where a problem is in a document, and the values it quotes, as a page says them to a player.

The score command and the JSON answers name a field by its path in the file
(``players[0].debts_unpaid: must be at least 0 (got -1)``, the contract); a page names it in
words ("player 1, unpaid debts", "플레이어 1, 미납 채권") and quotes a value the file gave as
words in quotation marks (“no such building”), never as Python writes it ('no_such_building').
Both games' documents share these fields' names; a name this module does not know is said as
its words ("favours" as it is, "seat_order" as "seat order").
"""

from __future__ import annotations

import re
from typing import Any

from companion.i18n.reasons import Coded, render_reason
from companion.i18n.sentences import Context, said, say

# A document's field, as a player reads it in the middle of a sentence.
FIELD_WORDS = {
    "players": Context("document field", "players"), "name": Context("document field", "name"),
    "colour": Context("document field", "colour"), "board": Context("document field", "player board"),
    "virtue": Context("document field", "virtue"), "debts_unpaid": Context("document field", "unpaid debts"),
    "debts_paid": Context("document field", "paid debts"), "prisoners": Context("document field", "workers in Prison"),
    "captured": Context("document field", "captured workers"),
    "captured_from": Context("document field", "whose workers were captured"),
    "cathedral": Context("document field", "Cathedral level"), "gold": Context("document field", "gold"),
    "marble": Context("document field", "marble"), "silver": Context("document field", "silver"),
    "clay": Context("document field", "clay"), "wood": Context("document field", "wood"),
    "stone": Context("document field", "stone"), "buildings": Context("document field", "buildings"),
    "apprentices": Context("document field", "apprentices"), "adornments": Context("document field", "adornments"),
    "tools": Context("document field", "tools"), "overrides": Context("document field", "values given by hand"),
    "totals": Context("document field", "totals from the score pad"), "table": Context("document field", "table"),
    "bot": Context("document field", "the AI"), "opponent": Context("document field", "which AI"),
    "title": Context("document field", "title"), "phase": Context("document field", "stage of the game"),
    "mode": Context("document field", "kind of game"), "expansions": Context("document field", "expansions"),
    "events": Context("document field", "history"), "format": Context("document field", "file format"),
    "game": Context("document field", "game"), "guildhall": Context("document field", "Guildhall"),
    "guildhall_workers": Context("document field", "workers in the Guildhall"),
    "tax_stand_silver": Context("document field", "silver on the Tax Stand"),
    "black_market": Context("document field", "Black Market"),
    "black_market_resets": Context("document field", "Black Market resets"),
    "reward_cards_left": Context("document field", "reward cards left"),
    "final_round": Context("document field", "final round"), "track": Context("document field", "score track"),
    "stacks": Context("document field", "stacks"), "favors": Context("document field", "favors"),
    "projects": Context("document field", "Project cards"),
    "playing_minutes": Context("document field", "playing time"), "games": Context("document field", "games"),
    "workers": Context("document field", "workers"),
}
# A field whose words depend on where it is (the AI's workers "board" is its own board, not a player board)
FIELD_IN = {("workers", "board"): Context("document field", "on its board"),
            ("workers", "locations"): Context("document field", "at the locations")}
PLAYER = Context("document field", "player {num}")
ITEM = Context("document field", "item {num}")
PLACES = Context("list", ", ")
STEP = re.compile(r"\[(\d+)\]|[^.\[\]]+")


def field_words(path: str, lang: str, begins_line: bool = True) -> str:
    """``players[0].debts_unpaid`` as "Player 1, unpaid debts" in ``lang`` (in a sentence: "player
    1, unpaid debts"); a list's item by its number ("buildings, item 2")."""
    words: list[str] = []
    previous = None
    for match in STEP.finditer(path):
        index, key = match.group(1), match.group(0)
        if index is not None:
            number = int(index) + 1
            if previous == "players" and words:
                words[-1] = say(PLAYER, lang, num=number)
            else:
                words.append(say(ITEM, lang, num=number))
            previous = None
            continue
        word = FIELD_IN.get((previous, key)) or FIELD_WORDS.get(key)
        words.append(say(word, lang) if word is not None else key.replace("_", " "))
        previous = key
    if not words:
        return path
    said = say(PLACES, lang).join(words)
    return said[:1].upper() + said[1:] if begins_line else said


PYTHON_QUOTED = re.compile(r"'([^']*)'")
PYTHON_LIST = re.compile(r"\[(?:'[^']*'(?:, )?)*\]")


class Quoted(str):
    """Text a document or a form gave, as a page quotes it: in the page's quotation marks where a
    sentence asks for the value's repr (“Ann”, not 'Ann'), and as it is otherwise; text the reader
    already quoted as Python does ('pink') gets the page's marks too."""

    def shown(self) -> str:
        return str.__str__(self)

    def __format__(self, spec: str) -> str:
        text = self.shown()
        if PYTHON_QUOTED.fullmatch(text) or PYTHON_LIST.fullmatch(text):   # 'pink', ['starting', 'future']
            text = ", ".join(f"“{item}”" for item in PYTHON_QUOTED.findall(text))
        return format(text, spec)

    def __repr__(self) -> str:
        return f"“{self.shown()}”"


class IdWords(Quoted):
    """An id or a value a file gave where a message names it: its words apart ('no_such_building'
    as “no such building”), as a player reads an id, however the sentence makes text of it."""

    def shown(self) -> str:
        return str.__str__(self).replace("_", " ")

    def __str__(self) -> str:
        return self.shown()


class Listed(list):
    """A list a message names as it is (the choices a field takes): its items quoted, no brackets;
    still a list to a sentence that joins its items itself."""

    def render(self, lang: str) -> str:   # (how a sentence's parameter is said: companion.i18n.sentences.said)
        return ", ".join(repr(item) if isinstance(item, Quoted) else str(said(item, lang)) for item in self)


# The parameters that carry an id or a value as a file wrote it (a player's name, a title: as written)
ID_PARAMS = frozenset({"got", "wrong", "hint", "hints", "close", "id", "favor", "card", "mode", "game", "format",
                       "key", "location", "fits", "known", "options", "choices", "seats", "kind"})
# A place in a document a message names ("is already the name of players[0]")
DOCUMENT_PATH = re.compile(r"[a-z_]+\[\d+\](?:\.[a-z_]+|\[\d+\])*")


def quoted(name: str, value: Any, lang: str) -> Any:
    """A message's parameter ready for a page: a place in the document in words, an id or a file's
    value as words in quotation marks, other text quoted as a page quotes (a code says itself)."""
    if type(value) is str:
        if DOCUMENT_PATH.fullmatch(value):
            return field_words(value, lang, begins_line=False)
        return IdWords(value) if name in ID_PARAMS else Quoted(value)
    if isinstance(value, list):
        return Listed(quoted(name, item, lang) for item in value)
    return value


# A code's sentence for a page, declared beside the code's own ("tools_unknown:page"): where the
# score command tells how to fix the file (overrides.tools), a page points to its card library.
PAGE = ":page"


def for_a_page(reason: Any, lang: str) -> str:
    """A problem's message said on a page: as ``render_reason``, in the code's page sentence where
    it has one, the values the file gave quoted."""
    if not isinstance(reason, Coded):
        return render_reason(reason, lang)
    code = reason.code + PAGE if type(reason).sentence(reason.code + PAGE) is not None else reason.code
    try:
        again = type(reason)(code, **{name: quoted(name, value, lang) for name, value in reason.params.items()})
    except (KeyError, TypeError, ValueError):   # (a sentence that cannot take a quoted value: as it was)
        return render_reason(reason, lang)
    return render_reason(again, lang)
