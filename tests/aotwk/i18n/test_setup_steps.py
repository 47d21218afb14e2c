"""The setup checklist and the setup's refusals leave the rules core as codes
(companion/aotwk/rules/codes.py); companion/aotwk/i18n/setup_steps.py says them, the
checklist's lines as catalogue messages (tests/i18n/test_translations.py checks each has Korean)."""

import copy
import json

import pytest

from companion.aotwk.i18n.setup_steps import checklist_lines
from companion.aotwk.rules.codes import SetupRefusal, Step
from companion.aotwk.rules import table

SETUPS = {
    "solo": {"mode": "solo", "opponent": "helena", "players": [{"name": "지우"}], "seed": 1},
    "printed": {"mode": "solo", "opponent": "constantine", "physical_deck": True, "players": [{"name": "A"}]},
    "two_vs_bot": {"mode": "two_vs_bot", "opponent": "constantine", "players": [{"name": "A"}, {"name": "B"}]},
    "regular": {"mode": "two_vs_bot", "opponent": "constantine", "two_vs_bot_reading": "regular_two_player",
                "players": [{"name": "A"}, {"name": "B"}]},
    "artisans": {"mode": "multiplayer", "variable_boards": True, "expansions": ["age_of_artisans"], "seed": 5,
                 "players": [{"name": n} for n in "ABCDEF"]},
}


def test_a_player_line_is_pieced_in_each_languages_order_and_words():
    line = Step("player", name="민준", board="caroline", workers=20, prisoners=8, virtue=3,
                held=[["marble", 1], ["silver", 10]], debts=1, extra_cards=0)
    assert line == "민준 (Caroline board): 20 workers (8 of them start in Prison), virtue 3, 1 marble, 10 silver, 1 unpaid debt"
    assert line.render("ko") == "민준 (캐롤라인 보드): 일꾼 20명 (그중 8명은 교도소에서 시작), 선행 3, 대리석 1, 은화 10, 미납 채권 1장"
    assert Step("player", name="A", board=None, workers=20, prisoners=0, virtue=7, held=[], debts=0,
                extra_cards=0).render("ko") == "A: 일꾼 20명, 선행 7, 은화 없음"


@pytest.mark.parametrize("setup", SETUPS.values(), ids=SETUPS.keys())
def test_the_document_keeps_english_lines_and_the_codes_say_them_in_every_language(setup):
    state = table.new_game(copy.deepcopy(setup))
    stored = json.loads(json.dumps(state))   # as the store keeps it
    assert checklist_lines(stored, "en") == state["setup_checklist"]
    korean = checklist_lines(stored, "ko")
    assert len(korean) == len(state["setup_checklist"]) and korean != state["setup_checklist"]


def test_korean_lines_use_the_rulebooks_setup_words():
    """Seed 001, 게임 준비 9: '공동 공급처에서 은화 4개를 가져와 세금 관리소의 위쪽 칸에 놓습니다.'
    1인 게임 규칙 4: 'AI 게임판을 선택한 난이도 면(콘스탄틴= 기본/ 헬레나= 어려움)이 보이게 놓습니다.'"""
    korean = " | ".join(checklist_lines(table.new_game(copy.deepcopy(SETUPS["solo"])), "ko"))
    assert "은화 4개를 세금 관리소의 위쪽 칸에 놓습니다" in korean
    assert "헬레나 (어려움 면)" in korean
    assert "건물 카드 더미에서 다음 카드를 제거합니다: 점토 시장, 은 시장, 석재 시장, 목재 시장" in korean
    assert "지우 시작" in korean


def test_a_game_without_codes_shows_its_stored_lines():
    assert checklist_lines({"setup_checklist": ["Put 4 silver above the Tax Stand"]}, "ko") == [
        "Put 4 silver above the Tax Stand"]
    assert checklist_lines({"setup_steps": [{"code": "gone"}], "setup_checklist": ["x"]}, "ko") == ["x"]


def test_steps_copy_as_codes():
    step = Step("tax_stand", silver=4)
    assert copy.deepcopy(step).render("ko") == "은화 4개를 세금 관리소의 위쪽 칸에 놓습니다"
    assert step.as_code() == {"code": "tax_stand", "silver": 4} and step == "Put 4 silver above the Tax Stand"


def test_setup_refusals_are_codes_with_the_english_text():
    with pytest.raises(table.SetupError) as refused:
        table.new_game({"players": [{"name": "Ann"}, {"name": "ann"}]})
    message = refused.value.problems[0].message
    assert isinstance(message, SetupRefusal) and message == "'ann' is already the name of player 1"
    assert message.render("ko") == "'ann'은(는) 이미 플레이어 1의 이름입니다"


def test_a_setup_refusal_names_cards_by_their_printed_names_with_korean_particles():
    """Seed 001, 변형 게임 준비: '모든 플레이어는 자기 개인 보드 뒷면을 사용합니다(개인 보드는 무작위로 나눠주거나
    선택합니다)': a board is one player's."""
    taken = SetupRefusal("board_taken", board="caroline", seat=1)
    assert taken == "Caroline is already taken by player 1"
    assert taken.render("ko") == "캐롤라인은 이미 플레이어 1이 골랐습니다"
    assert SetupRefusal("board_taken", board="ada", seat=2).render("ko") == "에이다는 이미 플레이어 2가 골랐습니다"
    assert SetupRefusal("choose_bot", opponents=["constantine", "helena"]).render("ko") == "AI를 고르세요: 콘스탄틴 또는 헬레나"


def test_the_humans_a_bot_game_needs_are_counted():
    """Seed 000 line 846: 'add a Byzantine opponent to your regular 2 player game (2 human players vs
    Constantine or Helena)'; a solo game has one."""
    assert SetupRefusal("humans_with_bot", mode="solo", wanted=1, got=2) == (
        "a solo game has exactly 1 human player (got 2)")
    assert SetupRefusal("humans_with_bot", mode="two_vs_bot", wanted=2, got=1) == (
        "a two vs bot game has exactly 2 human players (got 1)")
    assert SetupRefusal("humans_with_bot", mode="two_vs_bot", wanted=2, got=1).render("ko") == (
        "2인 VS AI 게임에는 플레이어가 정확히 2명 있어야 합니다 (지금 1명)")
