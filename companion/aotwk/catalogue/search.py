"""Finding cards by name as a person types it, in any edition's words.

Korean search boxes match 초성, the initial consonants of each syllable: typing
ㄷㅈ finds 던전, and a half-typed 던ㅈ finds it too; so does this search, in every
printed name written in Hangul. Every word of the query must match somewhere: the
card's id, aliases, or any edition's printed name.
"""

from __future__ import annotations

from typing import Iterable

from companion.aotwk.catalogue import load

# The 19 initial consonants, in the order Unicode composes Hangul syllables.
CHOSEONG = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"
SYLLABLES = range(0xAC00, 0xD7A4)          # 가 .. 힣
SYLLABLES_PER_INITIAL = 21 * 28            # medial vowels x final consonants
POOLS = {"building": "buildings", "apprentice": "apprentices"}


def initial(char: str) -> str:
    """The initial consonant of a Hangul syllable ('던' -> 'ㄷ'); any other character as it is."""
    code = ord(char)
    if code in SYLLABLES:
        return CHOSEONG[(code - SYLLABLES.start) // SYLLABLES_PER_INITIAL]
    return char


def _char_matches(typed: str, target: str) -> bool:
    return typed == target or (typed in CHOSEONG and initial(target) == typed)


def name_matches(word: str, name: str) -> bool:
    """``word`` occurs in ``name``, a lone Hangul initial consonant standing for any
    syllable that starts with it; spaces and case are ignored (ㅅㅈㅅㅈ finds 석재 시장)."""
    word, name = word.replace(" ", "").casefold(), name.replace(" ", "").casefold()
    if word in name:
        return True
    return any(all(_char_matches(t, c) for t, c in zip(word, name[start:start + len(word)]))
               for start in range(len(name) - len(word) + 1))


def _matches(card, word: str) -> bool:
    return any(name_matches(word, text) for text in (card.id, *card.names.values(), *getattr(card, "aliases", ())))


def search(query: str, kind: str, lang: str = "en") -> list:
    """Cards of ``kind`` ('building' or 'apprentice') matching every word of ``query``,
    base game first, then by name in ``lang`` (that edition's names where the catalogue has them)."""
    words = query.casefold().split()
    found: Iterable = (card for card in getattr(load(), POOLS[kind]).values()
                       if all(_matches(card, word) for word in words))

    return sorted(found, key=lambda card: (card.set != "base", card.name(lang), card.id))
