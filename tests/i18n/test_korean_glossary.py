"""One Korean word per concept (translations/ko/glossary.yaml): the word the Korean rulebook
(seed 001) uses most, in every Korean message that names the concept, and no synonym anywhere.
Undo and Cancel, History and Record are told apart."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from babel.messages.pofile import read_po

REPO = Path(__file__).resolve().parents[2]
SEEDS = next(p for p in (REPO.parent / "shared" / "seeds", REPO.parents[1] / "shared" / "seeds",
                         Path("/work/shared/seeds")) if p.is_dir())
SEED_001 = next(SEEDS.glob("001_*.txt")).read_text(encoding="utf-8").splitlines()
CONCEPTS = yaml.safe_load((REPO / "translations" / "ko" / "glossary.yaml").read_text(encoding="utf-8"))["concepts"]
CHOSEN = {concept["ko"] for concept in CONCEPTS.values()}
# synonyms that are no concept's word: no Korean sentence may use them
NOWHERE = sorted({word for concept in CONCEPTS.values() for word in concept["rejected"]
                  if not any(word in chosen or chosen in word for chosen in CHOSEN)})


def korean_entries():
    with (REPO / "translations" / "ko" / "LC_MESSAGES" / "messages.po").open("rb") as fh:
        catalog = read_po(fh, locale="ko")
    for entry in catalog:
        if entry.id:
            ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
            strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
            yield ids, strings


def rulebook_lines(word: str) -> list[int]:
    return [number for number, line in enumerate(SEED_001, 1) if word in line]


@pytest.mark.parametrize("key", sorted(CONCEPTS))
def test_each_chosen_word_is_the_rulebooks_most_used(key):
    concept = CONCEPTS[key]
    said = concept["rulebook"]
    lines = rulebook_lines(concept["ko"])
    assert len(lines) == said["count"], f"seed 001 uses {concept['ko']!r} on lines {lines}"
    if said["count"]:
        assert lines[0] == said["line"] and said["quote"] in SEED_001[said["line"] - 1]
    else:
        assert said["source"], "a word the rulebook never uses says why it was chosen"
    for synonym in concept["rejected"]:
        assert len(rulebook_lines(synonym)) <= len(lines) or synonym in CHOSEN, (key, synonym)


@pytest.mark.parametrize("key", sorted(CONCEPTS))
def test_the_messages_that_name_a_concept_use_its_word_and_no_synonym(key):
    concept = CONCEPTS[key]
    named = re.compile(concept["en"], re.I)
    checked = 0
    for ids, strings in korean_entries():
        if any(named.search(msgid) for msgid in ids):
            for string in strings:
                assert concept["ko"] in string, (ids[0], string)
                assert not any(word in string for word in concept["rejected"]), (ids[0], string)
            checked += 1
    assert checked, f"no message names {key}: its pattern is stale"


def test_undo_and_cancel_history_and_record_are_different_words():
    words = {key: CONCEPTS[key]["ko"] for key in ("undo", "cancel", "history", "record")}
    assert len(set(words.values())) == 4, words


def korean_texts():
    """Every Korean sentence the app keeps: the catalogue, and the Korean still written in data
    files and modules."""
    for ids, strings in korean_entries():
        for string in strings:
            yield f"messages.po: {ids[0]}", string
    for path in sorted((REPO / "companion").rglob("*")):
        if path.suffix in (".py", ".yaml"):
            yield str(path.relative_to(REPO)), path.read_text(encoding="utf-8")


# Korean still written outside the catalogue with a rejected synonym. Must stay empty: an entry that
# is clean fails the test.
KNOWN_REMAINING: set[tuple[str, str]] = set()


def test_no_korean_sentence_uses_a_rejected_synonym():
    assert "초기화" in NOWHERE and "풀어 주" in NOWHERE and "취소" not in NOWHERE
    found = {(where, word) for where, text in korean_texts() for word in NOWHERE if word in text}
    assert found - KNOWN_REMAINING == set()
    assert KNOWN_REMAINING - found == set(), "fixed: take it off KNOWN_REMAINING"
