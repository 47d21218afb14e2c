"""The glossary: each Korean word is the Korean rulebook's (seed 001), and the
Korean messages use those words rather than others."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from companion.aotwk.catalogue import load
from companion.aotwk.i18n.glossary import CATEGORIES, TERMS as WORDS, category_label, glossary, term

REPO = Path(__file__).resolve().parents[3]
SEEDS = next(p for p in (REPO.parent / "shared" / "seeds", REPO.parents[1] / "shared" / "seeds",
                         Path("/work/shared/seeds")) if p.is_dir())
SEED_001 = next(SEEDS.glob("001_*.txt")).read_text(encoding="utf-8").splitlines()
TERMS = glossary()["terms"]


@pytest.mark.parametrize("key", sorted(k for k, t in TERMS.items() if t["seed_line"] is not None))
def test_each_korean_term_is_on_the_line_of_seed_001_it_cites(key):
    entry = TERMS[key]
    line = SEED_001[entry["seed_line"] - 1]
    assert entry["quote"] in line, f"seed 001 line {entry['seed_line']} reads: {line!r}"
    # each word of the catalogue's Korean is the rulebook's (완납 채권: the paid side, 완납, of a 채권 card)
    assert all(word in entry["quote"] for word in term(key, "ko").split()), term(key, "ko")


def test_every_term_has_its_source_and_every_source_a_term():
    assert set(TERMS) == set(WORDS)


def test_terms_the_korean_rulebook_lacks_say_where_they_come_from():
    for key, entry in TERMS.items():
        if entry["seed_line"] is None:
            assert entry.get("source"), key


def test_the_words_the_issue_names_are_the_rulebooks():
    assert [term(k, "ko") for k in ("debt", "apprentice", "cathedral", "guildhall", "black_market", "tax_stand",
                                    "virtue_track", "prison")] == [
        "채권", "수습생", "대성당", "길드홀", "암시장", "세금 관리소", "선행 트랙", "교도소"]


def test_every_final_score_category_has_a_korean_label():
    from companion.aotwk.rules.document import BOT_CATEGORIES, PLAYER_CATEGORIES
    for category in {*PLAYER_CATEGORIES, *BOT_CATEGORIES}:
        assert category in CATEGORIES, category
        assert not any(c.isascii() and c.isalpha() for c in category_label(category, "ko")), category
    assert category_label("gold_marble", "ko") == "금 / 대리석"
    assert category_label("gold_marble", "en") == "Gold / marble"


def test_building_and_apprentice_names_come_from_the_catalogue_which_seed_001_prints():
    catalogue = load()
    seed = "\n".join(SEED_001)
    base = [card for pool in (catalogue.buildings, catalogue.apprentices) for card in pool.values()
            if card.set == "base"]
    assert base and all("ko" in card.names for card in base)
    assert all(card.name("ko") in seed for card in base), [c.name("ko") for c in base if c.name("ko") not in seed]


def test_the_korean_messages_use_the_glossary_words():
    """Where an English message names a game term, its Korean translation uses the
    rulebook's word (e.g. 'Unpaid debts' -> 미납 채권, 'Virtue' -> 선행)."""
    with (REPO / "translations" / "ko" / "LC_MESSAGES" / "messages.po").open("rb") as fh:
        catalog = read_po(fh, locale="ko")
    checked = 0
    for entry in catalog:
        if not entry.id or isinstance(entry.id, tuple):
            continue
        for key in ("unpaid_debt", "virtue", "cathedral", "guildhall", "marble", "silver", "apprentice"):
            english = term(key, "en")
            if entry.id.casefold() in (english.casefold(), english.casefold() + "s"):
                assert term(key, "ko") in entry.string, entry.id
                checked += 1
    assert checked >= 6
