"""A document's problems as codes: said in English (the words `companion score` has always
printed) and in Korean; the readers hand out codes, not sentences. That every code's sentence has
its Korean is tests/i18n/test_translations.py's."""

from __future__ import annotations

import pytest

from companion.i18n.problem_words import FieldProblem
from companion.problems import InvalidInput, Reader

@pytest.mark.parametrize("value, kind", [(None, "null"), (True, "true/false"), (3.5, "a number"), ("x", "text"),
                                         ([], "a list"), ({}, "an object")])
def test_a_wrong_kind_reads_as_before(value, kind):
    reader = Reader()
    reader.whole(value, "players[0].virtue", 0, 14)
    assert str(reader.problems[0]) == f"players[0].virtue: must be a whole number (got {kind})"


def test_a_range_in_english_and_korean():
    """The contract's example line: 'players[1].virtue: must be between 0 and 14 (got 19)'."""
    reader = Reader()
    reader.whole(19, "players[1].virtue", 0, 14)
    problem = reader.problems[0]
    assert str(problem) == "players[1].virtue: must be between 0 and 14 (got 19)"
    assert problem.message.render("ko") == "0에서 14 사이여야 합니다 (받은 값: 19)"


def test_a_wrong_kind_is_said_in_korean_words():
    assert FieldProblem("whole", got="bool").render("ko") == "정수여야 합니다 (받은 값: 참/거짓)"
    assert FieldProblem("list", got="dict").render("ko") == "목록이어야 합니다 (받은 값: dict)"   # not a JSON kind: as it is


def test_a_hint_is_its_own_sentence_in_each_language():
    assert FieldProblem("unknown_field") == "unknown field"
    assert FieldProblem("unknown_game", got="'chess'", known="aotwk") == "unknown game 'chess'; known: aotwk"
    assert FieldProblem("unknown_game", got="'aotw'", hint="aotwk").render("ko") == "알 수 없는 게임: 'aotw' (혹시 aotwk?)"


def test_the_json_parsers_english_detail_is_left_out_of_the_korean_line():
    problem = FieldProblem("not_json", detail="Expecting value", line=1, column=2)
    assert problem == "not valid JSON: Expecting value at line 1 column 2"
    assert problem.render("ko") == "올바른 JSON이 아닙니다 (1행 2열)"


def test_too_many_players_names_the_expansion_that_allows_six():
    problem = FieldProblem("too_many_players", limit=5, got=6, artisans_hint=True)
    assert problem == "at most 5 players (6 with Age of Artisans) (got 6)"
    assert problem.render("ko") == "플레이어는 최대 5명입니다 (장인의 시대 확장으로는 6명) (받은 값: 6명)"


def test_the_aotwk_reader_hands_out_codes():
    from companion.aotwk.rules.document import parse_score_input
    with pytest.raises(InvalidInput) as refused:
        parse_score_input({"players": [{"name": "Ann", "virtu": 1, "virtue": "x"}] * 7})
    messages = [p.message for p in refused.value.problems]
    assert messages and all(isinstance(m, FieldProblem) for m in messages), messages


def test_the_amytis_reader_hands_out_codes():
    from companion.amytis.document import parse
    with pytest.raises(InvalidInput) as refused:
        parse({"game": "architects_of_amytis", "players": [{"name": "Ann", "favours": [], "track": -1}]})
    problems = refused.value.problems
    assert [str(p) for p in problems] == ["players: must be exactly 2 players: the game is for two (got 1)",
                                          "players[0].favours: unknown field; did you mean favors?",
                                          "players[0].track: must be at least 0 (got -1)"]
    assert all(isinstance(p.message, FieldProblem) for p in problems)
    assert problems[1].message.render("ko") == "알 수 없는 항목입니다 (혹시 favors?)"
