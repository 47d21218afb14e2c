"""Languages without Flask: the glossary of the Korean rulebook's words and the
renderers that turn the scoring engine's reason codes into sentences.

The rules core never writes a sentence in a language: it hands out codes with
parameters (``companion.i18n.reasons.Reason``); ``companion.i18n.reasons`` says them in English
(the ``companion score`` contract) or Korean. The web layer (``companion.web.i18n``)
picks the reader's language; the CLI takes ``--lang``.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

import yaml

LANGUAGES = ("en", "ko")
LANGUAGE_NAMES = {"en": "English", "ko": "한국어"}


@cache
def glossary() -> dict[str, Any]:
    """``glossary_ko.yaml``: ``terms`` (key -> en, ko, seed_line, quote) and ``categories``."""
    return yaml.safe_load(resources.files(__package__).joinpath("glossary_ko.yaml").read_text(encoding="utf-8"))


def term(key: str, lang: str) -> str:
    """A game word in ``lang``: term('unpaid_debt', 'ko') == '미납 채권'."""
    entry = glossary()["terms"][key]
    return entry["ko"] if lang == "ko" else entry["en"]


def category_label(category: str, lang: str) -> str:
    """A final-score category as a player reads it: 'Gold / marble', '금 / 대리석'."""
    keys = glossary()["categories"].get(category)
    if lang != "ko" or keys is None:
        return category.replace("_", " / ").capitalize()
    return " / ".join(term(k, lang) for k in (keys if isinstance(keys, list) else [keys]))


def opponent_name(name: str, lang: str) -> str:
    """The bot's name in ``lang``, from its id or its English name: the Korean rulebook's
    콘스탄틴 and 헬레나 (seed 001, 1인 게임 규칙 4). Any other name is returned as it is."""
    from companion.aotwk.catalogue import load
    for opponent in load().opponents.values():
        if name in (opponent.id, opponent.name_en):
            return (opponent.name_ko or opponent.name_en) if lang == "ko" else opponent.name_en
    return name


def card_name(kind: str, card_id: str, lang: str) -> str:
    """A card's printed name: the Korean edition's where the catalogue has it."""
    from companion.aotwk.catalogue import load
    pool = load().buildings if kind == "building" else load().apprentices
    card = pool.get(card_id)
    if card is None:
        return card_id
    return (card.name_ko or card.name_en) if lang == "ko" else card.name_en

