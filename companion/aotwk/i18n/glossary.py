"""The Korean rulebook's words for AotWK (seed 001): ``glossary_ko.yaml`` beside this file.

Each term has its English word, its Korean one and the seed line it is quoted from;
``categories`` name the final-score categories by their terms.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

import yaml


@cache
def glossary() -> dict[str, Any]:
    """``glossary_ko.yaml``: ``terms`` (key -> en, ko, seed_line, quote) and ``categories``."""
    return yaml.safe_load(resources.files(__package__).joinpath("glossary_ko.yaml").read_text(encoding="utf-8"))


def term(key: str, lang: str) -> str:
    """A game word in ``lang``: term('unpaid_debt', 'ko') == '미납 채권'."""
    entry = glossary()["terms"][key]
    return entry["ko"] if lang == "ko" else entry["en"]


def term_or_words(key: str, lang: str) -> str:
    """A game word in ``lang`` when the glossary has it; any other key as words: 'black_market' ->
    '암시장', 'no_such_thing' -> 'no such thing'."""
    return term(key, lang) if key in glossary()["terms"] else key.replace("_", " ")


def korean(key: str) -> str:
    """The Korean rulebook's word for a game term: korean('unpaid_debt') == '미납 채권'."""
    return term(key, "ko")


def category_label(category: str, lang: str) -> str:
    """A final-score category as a player reads it: 'Gold / marble', '금 / 대리석'."""
    keys = glossary()["categories"].get(category)
    if lang != "ko" or keys is None:
        return category.replace("_", " / ").capitalize()
    return " / ".join(term(k, lang) for k in (keys if isinstance(keys, list) else [keys]))
