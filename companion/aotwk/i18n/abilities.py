"""What a seat can do beyond the rulebook's basics, as codes: ``Ability(code, **params)``.

``status.abilities_in_words`` hands these out; the seat view says them with ``| say``.
Parameters are ids and numbers: the board's printed ability comes from the catalogue
(``ability`` / ``ability_ko``), card names and skills from the glossary.
"""

from __future__ import annotations

from typing import Callable

from companion.aotwk.i18n.glossary import korean as _t
from companion.aotwk.i18n.names import card_name
from companion.i18n.reasons import Coded


def _board(id: str, lang: str) -> str:
    from companion.aotwk.catalogue import load
    board = load().boards[id]
    if lang == "ko":
        return f"{board.name_ko or board.name_en}: {board.ability_ko or board.ability}"
    return f"{board.name_en}: {board.ability}"


def _skills(skills: list[str], lang: str) -> str:
    from companion.aotwk.i18n.glossary import glossary, term
    return ", ".join(term(skill, lang) if skill in glossary()["terms"] else skill for skill in skills)


ENGLISH: dict[str, Callable[..., str]] = {
    "board": lambda id: _board(id, "en"),
    "artisan": lambda counts: (f"Artisan: counts as {counts} workers when placed and may ignore 1 virtue loss; "
                               "never in the Guildhall"),
    "tool": lambda apprentice, skills=(): (
        f"Tool under the {card_name('apprentice', apprentice, 'en')}"
        + (f": +{_skills(skills, 'en')} (for construction and the huts)" if skills else "")),
}

KOREAN: dict[str, Callable[..., str]] = {
    "board": lambda id: _board(id, "ko"),
    "artisan": lambda counts: (f"{_t('artisan')}: 놓을 때 {_t('worker')} {counts}명으로 치며 잃는 {_t('virtue')} 1을 "
                               f"무시할 수 있음; {_t('guildhall')}에는 놓지 않음"),
    "tool": lambda apprentice, skills=(): (
        f"{card_name('apprentice', apprentice, 'ko')} 아래의 {_t('tool')}"
        + (f": +{_skills(skills, 'ko')} (건설과 오두막에)" if skills else "")),
}


class Ability(Coded):
    """One line of what a seat can do."""

    RENDERERS = {"en": ENGLISH, "ko": KOREAN}
