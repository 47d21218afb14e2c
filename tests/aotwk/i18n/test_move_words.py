"""The moves' names and fields' labels (companion/aotwk/i18n/move_words.py): the core's English
labels, said from the catalogue in Korean (names printed only in English, like Hugo's board or
the Crane, stay as printed). That every label has its Korean: tests/i18n/test_translations.py."""

from __future__ import annotations

from companion.aotwk.i18n.move_words import choice_label, move_label, param_label
from companion.aotwk.rules import table


def test_english_is_the_core_label_as_it_is():
    spec = table.MOVES["pay_debt"]
    assert move_label("pay_debt", spec.label, "en") == spec.label == "Pay off debts"
    hired_at = next(param for param in table.MOVES["hire"].params if param.name == "source")
    assert param_label(hired_at.label, "en") == "Hired at"


def test_every_move_and_field_label_is_marked_for_the_catalogue():
    for spec in table.MOVES.values():
        assert spec.label.context == "move", spec.kind
        assert all(param.label.context == "field" for param in spec.params), spec.kind


def test_korean_labels_come_from_the_catalogue_with_the_catalogues_card_names():
    """Seed 001 prints 재무부 and 점토 채굴장 (the catalogue's name.ko)."""
    build = {param.name: param for param in table.MOVES["build"].params}
    assert param_label(build["choice"].label, "ko") == "고른 것 (재무부, 점토 채굴장)"
    assert move_label("pay_debt", table.MOVES["pay_debt"].label, "ko") == "채권 갚기"
    assert choice_label("source", "free", "ko") == "무료 (여관)"
    assert choice_label("space", "middle", "ko") == "가운데" and choice_label("space", "middle", "en") == "Middle"
    assert choice_label("space", "no_such_space", "ko") is None
