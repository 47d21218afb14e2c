"""What a seat can do, as codes: said in English (the sentence the seat view has always shown)
and in Korean (seed 001's words for a base board's printed ability)."""

from __future__ import annotations

import re

import pytest

from companion.aotwk.catalogue import load
from companion.aotwk.rules.codes import Ability

HANGUL = re.compile(r"[가-힣]")


@pytest.mark.parametrize("board", sorted(load().boards))
def test_every_board_ability_is_said_in_korean(board):
    line = Ability("board", id=board)
    assert line == f"{load().boards[board].name_en}: {load().boards[board].ability('en')}"
    assert HANGUL.search(line.render("ko").split(": ", 1)[1]), line.render("ko")


def test_a_base_board_says_the_korean_rulebook():
    """Seed 001, Ada: '어떤 행동을 하더 라도 세금 1개를 무시할 수 있습니다.'"""
    assert Ability("board", id="ada").render("ko") == "에이다: 어떤 행동을 하더라도 세금 1개를 무시할 수 있습니다."


def test_the_artisan_and_a_tool_in_both_languages():
    assert Ability("artisan", counts=3) == ("Artisan: counts as 3 workers when placed and may ignore 1 virtue loss; "
                                            "never in the Guildhall")
    assert Ability("artisan", counts=3).render("ko") == "장인: 놓을 때 일꾼 3명으로 치며 잃는 선행 1을 무시할 수 있음; 길드홀에는 놓지 않음"
    tool = Ability("tool", apprentice="miner_1", skills=["masonry"])
    assert tool == "Tool under the Miner: +masonry (for construction and the huts)"
    assert tool.render("ko").endswith("아래의 도구: +석공 (건설과 오두막에)") and "Miner" not in tool.render("ko")
    assert Ability("tool", apprentice="miner_1").render("ko").endswith("아래의 도구")
    assert Ability.from_code(tool.as_code()).render("ko") == tool.render("ko")
