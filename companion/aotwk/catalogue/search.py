"""Finding cards by name as a person types it, in any edition's words.

Korean search boxes match 초성, the initial consonants of each syllable: typing
ㄷㅈ finds 던전, and a half-typed 던ㅈ finds it too; so does this search, in every
printed name written in Hangul. Every word of the query must match somewhere: the
card's id, aliases, or any edition's printed name.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable

from companion.aotwk.catalogue import load

# The 19 initial consonants, in the order Unicode composes Hangul syllables.
CHOSEONG = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"
SYLLABLES = range(0xAC00, 0xD7A4)          # 가 .. 힣
SYLLABLES_PER_INITIAL = 21 * 28            # medial vowels x final consonants
POOLS = {"building": "buildings", "apprentice": "apprentices"}


@lru_cache(maxsize=256)
def _typed_pattern(word: str) -> re.Pattern | None:
    """What a typed word matches: itself, each Hangul initial consonant also standing for
    any syllable that starts with it (ㄷ: 다 .. 딯); None: no initial, only itself."""
    if not any(typed in CHOSEONG for typed in word):
        return None
    parts = []
    for typed in word:
        if typed in CHOSEONG:
            first = SYLLABLES.start + CHOSEONG.index(typed) * SYLLABLES_PER_INITIAL
            parts.append(f"[{typed}{chr(first)}-{chr(first + SYLLABLES_PER_INITIAL - 1)}]")
        else:
            parts.append(re.escape(typed))
    return re.compile("".join(parts))


def name_matches(word: str, name: str) -> bool:
    """``word`` occurs in ``name``, a lone Hangul initial consonant standing for any
    syllable that starts with it; spaces and case are ignored (ㅅㅈㅅㅈ finds 석재 시장)."""
    word, name = word.replace(" ", "").casefold(), name.replace(" ", "").casefold()
    if word in name:
        return True
    pattern = _typed_pattern(word)
    return pattern is not None and pattern.search(name) is not None


def _matches(card, word: str) -> bool:
    # one text, one name a line: a typed word (no line break) matches within one name
    return name_matches(word, "\n".join([card.id, *card.names.values(), *getattr(card, "aliases", ())]))


def search(query: str, kind: str, lang: str = "en") -> list:
    """Cards of ``kind`` ('building' or 'apprentice') matching every word of ``query``,
    base game first, then by name in ``lang`` (that edition's names where the catalogue has them)."""
    words = query.casefold().split()
    found: Iterable = (card for card in getattr(load(), POOLS[kind]).values()
                       if all(_matches(card, word) for word in words))

    return sorted(found, key=lambda card: (card.set != "base", card.name(lang), card.id))
