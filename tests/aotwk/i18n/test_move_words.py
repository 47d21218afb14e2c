"""The moves' names and fields' labels in Korean (companion/aotwk/i18n/move_words.py): every move
and every label the rules core has, in Korean words only (names printed only in English,
like Hugo's board or the Crane, stay as printed)."""

from __future__ import annotations

from companion.aotwk.i18n.move_words import MOVES_KO, PARAMS_KO, choice_label, move_label, param_label
from companion.aotwk.rules import table
from tests.web.test_i18n import english_left, untranslated_board_names, untranslated_card_names

PRINTED_IN_ENGLISH = (*untranslated_board_names(), *untranslated_card_names())


def test_every_move_and_field_has_korean_words():
    for kind, spec in table.MOVES.items():
        assert kind in MOVES_KO, kind
        assert english_left(move_label(kind, spec.label, "ko"), *PRINTED_IN_ENGLISH) == [], kind
        for param in spec.params:
            assert param.label in PARAMS_KO, (kind, param.label)
            assert english_left(param_label(param.label, "ko"), *PRINTED_IN_ENGLISH) == [], param.label


def test_english_is_the_core_label_as_it_is():
    spec = table.MOVES["pay_debt"]
    assert move_label("pay_debt", spec.label, "en") == spec.label
    assert param_label("Hired at", "en") == "Hired at"


def test_card_names_come_from_the_catalogue():
    """Seed 001 prints 재무부 and 점토 채굴장 (the catalogue's name.ko)."""
    assert param_label("Option taken (Treasury, Clay Pit)", "ko") == "고른 것 (재무부, 점토 채굴장)"
    assert choice_label("source", "free", "ko") == "무료 (여관)"
    assert choice_label("space", "middle", "ko") == "중형" and choice_label("space", "middle", "en") is None
