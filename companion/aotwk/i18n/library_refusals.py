"""Why a card library's fact or file is refused (``companion.aotwk.catalogue.library``), as
codes: the catalogue stands below every other AotWK word, so these need only the glossary.
"""

from __future__ import annotations

from typing import Callable

from companion.aotwk.i18n.glossary import term_or_words
from companion.i18n.reasons import Coded


LIBRARY_EN: dict[str, Callable[..., str]] = {
    "not_a_library": lambda: 'must be a card library: an object with "format" and "facts"',
    "format": lambda format: f"must be {format!r}",
    "facts_object": lambda: "must be an object of fact path -> value",
    "not_a_fact": lambda: "not a fact the card library keeps (our sources give it, or there is no such card)",
    "number_range": lambda low, high, got: f"must be a whole number from {low} to {high} (got {got!r})",
    "skills_list": lambda skills, got: f"must be a list of skills drawn from {', '.join(skills)} (got {got!r})",
    "cost_map": lambda resources, got: (
        f"must be resource -> amount, resources from {', '.join(resources)} (got {got!r})"),
    "text_length": lambda low, high: f"must be text of {low} to {high} characters",
    "whole_number": lambda: "must be a whole number",
    "cost_words": lambda resources: (
        f"write it as amounts and resources, like 2 wood, 1 stone ({', '.join(resources)})"),
}

LIBRARY_KO: dict[str, Callable[..., str]] = {
    "not_a_library": lambda: '카드 라이브러리 파일이어야 합니다: "format"과 "facts"가 있는 객체',
    "format": lambda format: f"{format!r}이어야 합니다",
    "facts_object": lambda: "사실 경로 -> 값의 객체여야 합니다",
    "not_a_fact": lambda: "카드 라이브러리가 기록하는 사실이 아닙니다 (자료에 이미 있거나 그런 카드가 없습니다)",
    "number_range": lambda low, high, got: f"{low}에서 {high}까지의 정수를 적으세요 (지금 {got!r})",
    "skills_list": lambda skills, got: (
        f"{term_or_words('skill', 'ko')} 목록이어야 합니다: {', '.join(term_or_words(s, 'ko') for s in skills)} (지금 {got!r})"),
    "cost_map": lambda resources, got: (
        f"자원 -> 개수여야 합니다: {', '.join(term_or_words(r, 'ko') for r in resources)} (지금 {got!r})"),
    "text_length": lambda low, high: f"{low}자에서 {high}자까지 적으세요",
    "whole_number": lambda: "정수를 적으세요",
    "cost_words": lambda resources: (
        f"자원과 개수로 적으세요, 예: {term_or_words('wood', 'ko')} 2, {term_or_words('stone', 'ko')} 1 ({', '.join(term_or_words(r, 'ko') for r in resources)})"),
}


class LibraryRefusal(Coded):
    """Why a card library's fact or file is refused."""

    RENDERERS = {"en": LIBRARY_EN, "ko": LIBRARY_KO}
