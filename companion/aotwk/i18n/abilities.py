"""What a seat can do beyond the rulebook's basics: the sentences of ``Ability`` codes
(``companion.aotwk.rules.codes``), which ``status.abilities_in_words`` hands out and the seat
view says with ``| say``. Parameters are ids and numbers: the board's printed ability comes from
the catalogue (``ability: {en: ..., ko: ...}`` in boards.yaml), card names and skills from the glossary.
"""

from __future__ import annotations

from companion.aotwk.i18n.glossary import glossary, term
from companion.aotwk.i18n.names import card_name
from companion.aotwk.rules.codes import Ability
from companion.i18n.sentences import LIST, N_, Joined, Lookup, Phrase

TOOL = N_("Tool under the {apprentice}")
TOOL_SKILLS = N_("Tool under the {apprentice}: +{skills} (for construction and the huts)")


def board_ability(id: str, lang: str) -> str:
    """A board's printed ability, in the reader's language where the catalogue has it (data)."""
    from companion.aotwk.catalogue import load
    return load().boards[id].ability(lang)


def _skill(skill: str, lang: str) -> str:
    return term(skill, lang) if skill in glossary()["terms"] else skill


def _tool(apprentice: str, skills=()) -> Phrase:
    return Phrase(TOOL_SKILLS if skills else TOOL, apprentice=Lookup(card_name, "apprentice", apprentice),
                  skills=Joined([Lookup(_skill, skill) for skill in skills], LIST))


Ability.declare({
    "board": lambda id: Phrase(N_("{board}: {ability}"), board=Lookup(card_name, "board", id),
                               ability=Lookup(board_ability, id)),
    "artisan": N_("Artisan: counts as {counts} workers when placed and may ignore 1 virtue loss; "
                  "never in the Guildhall"),
    "tool": _tool,
})
