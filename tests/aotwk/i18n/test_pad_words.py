"""The pad's hints and refusals leave the rules core as codes (companion/aotwk/i18n/pad_words.py)."""

from companion.aotwk.rules import table
from companion.aotwk.rules.codes import PadWords
from companion.aotwk.rules.table import pad


def test_a_refusal_is_a_code_whose_text_is_the_english_sentence():
    state = table.new_game({"mode": "paper", "players": [{"name": "A"}, {"name": "B"}]})
    found = pad.problems(state, 0, {"cathedral": 42, "debts": 3}, {}, counting=False)
    assert all(isinstance(message, PadWords) for message in found.values())
    assert found["cathedral"] == "42 is not possible: the Cathedral scores 0, 2, 4, 7, 12 or 20 VP"
    # the particle follows the number as read: 사십이는, 삼은
    assert found["cathedral"].render("ko") == "42는 불가능합니다: 대성당은 승점 0, 2, 4, 7, 12 또는 20점을 줍니다"
    assert found["debts"].render("ko") == "3은 불가능합니다: 미납 채권은 승점을 잃기만 합니다: 0 이하"


def test_hints_in_both_languages():
    hints = {name: hint for name, (_check, hint) in pad.pad_rules().items()}
    assert hints[pad.FINAL_VIRTUE] == "0 to 14" and hints[pad.FINAL_VIRTUE].render("ko") == "0에서 14까지"


def test_another_phones_change_names_the_value_with_its_particle():
    assert PadWords("changed_meanwhile", now=None).render("ko").startswith("다른 휴대폰이 이 칸을 빈칸으로 바꿨습니다")
    assert PadWords("changed_meanwhile", now=7) == "another phone changed this to 7; yours is kept: save again"
    assert PadWords("changed_meanwhile", now=7).render("ko").startswith("다른 휴대폰이 이 칸을 7로 바꿨습니다")
    assert PadWords("changed_meanwhile", now=3).render("ko").startswith("다른 휴대폰이 이 칸을 3으로 바꿨습니다")
