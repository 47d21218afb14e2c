"""Card search as Korean search boxes do it: names, 초성 (initial consonants), English on a Korean page."""

from __future__ import annotations

import pytest

from companion.aotwk.catalogue.search import name_matches, search
from companion.aotwk.web.catalogue import search as web_search


def names(cards, lang="ko"):
    return [card.name(lang) for card in cards]


@pytest.mark.parametrize("typed, name, found", [
    ("ㄷㅈ", "던전", True),          # the example
    ("던ㅈ", "던전", True),          # half typed: a syllable, then an initial
    ("ㅈㄷ", "던전", False),
    ("ㅅㅈㅅㅈ", "석재 시장", True),  # spaces do not matter
    ("시장", "석재 시장", True),
    ("ㄷ", "대장간", True),
    ("ㄸ", "대장간", False),         # a tense consonant is a different letter
    ("SMITH", "Smithy", True),       # any edition's name, case ignored
    ("ㄱ", "가", True), ("ㄱ", "깋", True), ("ㄲ", "깎", True), ("ㄱ", "깎", False),   # each initial's
    ("ㅎ", "힣", True), ("ㅍ", "힣", False), ("ㅎ", "a", False), ("ㄷ", "ㄷ", True),    # syllables, and itself
    ("a.c", "abc", False),          # typed text is text, not a pattern
])
def test_korean_matching(typed, name, found):
    assert name_matches(typed, name) is found


def test_search_finds_korean_names_by_initials():
    assert "지하 감옥" in names(search("ㅈㅎㄱㅇ", "building", "ko"))
    assert names(search("석재", "building", "ko")) == ["석재 시장"]
    assert names(search("ㅅㅈㅅㅈ", "building", "ko")) == ["석재 시장"]
    assert "목재 시장" in names(search("ㅅㅈ ㅅㅈ", "building", "ko"))   # two words: each matches on its own


def test_english_names_match_on_a_korean_page_and_korean_on_an_english_one():
    assert names(search("stone market", "building", "ko")) == ["석재 시장"]
    assert names(search("석재", "building", "en"), "en") == ["Stone Market"]


def test_a_korean_page_sorts_by_korean_name_base_game_first():
    found = search("", "apprentice", "ko")
    base = [c for c in found if c.set == "base"]
    assert found[:len(base)] == base
    assert names(base) == sorted(names(base))


def test_every_word_must_match():
    assert search("ㅅㅈ zzz", "building", "ko") == []


def test_the_web_search_keeps_its_signature_for_the_picker():
    cards = web_search("building", "ㄷㅈㄱ")
    assert [c["name"] for c in cards] == ["Smithy"] and cards[0]["other_name"] == "대장간"
