"""The table's moves as a player reads them: each move's name (the "Record…" list, a form's
title), each field's label and each listed choice, in the reader's language.

The rules core writes its labels in English, each marked with its context for the catalogue
(``companion.aotwk.rules.table.moves``: ``Context("move", ...)`` for ``MoveSpec.label``,
``Context("field", ...)`` for ``Param.label``); their translations are in the catalogue, with the
Korean rulebook's words and the catalogue's printed card names.
"""

from __future__ import annotations

from companion.i18n.sentences import Context, said

# A choice's value (Param.choices) as a player reads it, by the param's name: English as the form
# shows it, a translation with the rulebook's words.
CHOICES: dict[str, dict[str, Context]] = {
    "payment": {"silver": Context("choice: payment", "Silver"), "debt": Context("choice: payment", "Debt")},
    "place": {"guildhall": Context("choice: place", "Guildhall"),
              "black_market": Context("choice: place", "Black Market")},
    "space": {"small": Context("choice: space", "Small"), "middle": Context("choice: space", "Middle"),
              "large": Context("choice: space", "Large")},
    "source": {"workshop": Context("choice: source", "Workshop"),
               "black_market": Context("choice: source", "Black Market"),
               "free": Context("choice: source", "Free (Tavern)")},
}


def move_label(kind: str, english: str, lang: str) -> str:
    """A move's name in ``lang`` (``english`` is the core's label, marked with its context)."""
    return said(english, lang)


def param_label(english: str, lang: str) -> str:
    """A field's label in ``lang``."""
    return said(english, lang)


def choice_label(param_name: str, value: str, lang: str) -> str | None:
    """A listed choice in ``lang``; None when this module does not name it (the caller words it)."""
    word = CHOICES.get(param_name, {}).get(value)
    return None if word is None else said(word, lang)
