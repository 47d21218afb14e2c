"""A card's cost, skills and effect in Korean, with the rulebook's words
(``glossary_ko.yaml``: terms, effect kinds and effect parameters)."""

from __future__ import annotations

from typing import Any, Mapping

from companion.aotwk.i18n.glossary import glossary, term

# Words the effects name that are not plain glossary terms.
_SPECIAL = {"building_card": "건물 카드", "vp": "승점", "debts": "채권", "buildings": "건물", "tools": "도구",
            "adornments": "장식품", "paid_debts": "완납 채권", "captured": "포획된 일꾼", "skill_sets": "기술 3종 세트",
            "cathedral": "대성당", "prison": "교도소"}


def word(value: str) -> str:
    """One parameter value in Korean: a resource, a place, something counted."""
    if value in _SPECIAL:
        return _SPECIAL[value]
    if value.startswith("skill:"):
        return f"{term(value[6:], 'ko')} {term('skill', 'ko')} {term('apprentice', 'ko')}"
    if value in glossary()["terms"]:
        return term(value, "ko")
    return value.replace("_", " ")


def item_word(item: str, lang: str) -> str:
    """A resource or other counted thing in ``lang`` (English: the key as words)."""
    return word(item) if lang == "ko" else item.replace("_", " ")


def items_in_words(items: Mapping[str, Any], lang: str) -> str:
    """Counted things as a note or a refusal lists them: {"silver": 3, "virtue": 1} ->
    "3 silver, 1 virtue" (the table's describe()), "은화 3, 선행 1"."""
    return amounts(items) if lang == "ko" else ", ".join(f"{amount} {item_word(item, lang)}"
                                                          for item, amount in items.items())


def amounts(items: Mapping[str, Any]) -> str:
    """{'stone': 4} -> '돌 4'"""
    return ", ".join(f"{word(name)} {amount}" for name, amount in items.items())


def _value(value: Any) -> str:
    if isinstance(value, Mapping):
        return amounts(value)
    if isinstance(value, (list, tuple)):
        return " 또는 ".join(_value(v) for v in value)
    if isinstance(value, str):
        return word(value)
    return str(value)


def effect_text(effect: Mapping[str, Any] | None) -> str:
    """A card's effect as one line: '받음: 받음 돌 4', '개수마다: 세는 것 건물; 마다 1; 보상 승점 1'."""
    if not effect:
        return ""
    kinds, keys = glossary()["effect_kinds"], glossary()["effect_keys"]
    kind = kinds.get(effect.get("kind"), str(effect.get("kind", "")).replace("_", " "))
    # A parameter named like its kind ("gain" of a gain effect) is said once.
    details = "; ".join(_value(value) if key == effect.get("kind") else f"{keys.get(key, key)} {_value(value)}"
                        for key, value in effect.items() if key not in ("kind", "text"))
    return f"{kind}: {details}" if details else kind


def skills(card_skills: tuple[str, ...] | None) -> str:
    if card_skills is None:
        return "알 수 없음"
    return ", ".join(term(s, "ko") for s in card_skills) if card_skills else "없음"
