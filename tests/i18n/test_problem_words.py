"""A document's problems as codes: every code said in English (the words `companion score`
has always printed) and in Korean; the readers hand out codes, not sentences."""

from __future__ import annotations

import inspect
import re

import pytest

from companion.amytis.words import AmytisProblem
from companion.aotwk.i18n.problem_words import AotwkProblem
from companion.i18n.problem_words import FieldProblem
from companion.problems import InvalidInput, Reader, kind_of

HANGUL = re.compile(r"[가-힣]")
LATIN_WORD = re.compile(r"\b[a-z]{4,}\b")

# A value for each parameter the renderers take: numbers, ids and kind keys.
SAMPLES = {"got": "text", "low": 0, "high": 14, "limit": 40, "options": "red, blue", "hint": "'virtue'",
           "mb": 2, "detail": "Expecting value", "line": 1, "column": 2, "depth": 24, "artisans_hint": True,
           "name": "Ann", "other": "players[0]", "kind": "building", "wrong": "'keeep'", "hints": ["keep"],
           "known": "age_of_artisans", "game": "architects_of_amytis", "count": 2, "size": 3, "rows": 2,
           "favor": "corners", "pawns": 4, "favors": 3, "on_track": 2, "held": 60, "most": 54, "first": 30,
           "second": 30, "id": "keep", "owner": "Bob", "skills": ["masonry", "tiling"],
           "categories": ["buildings", "virtue"], "bot": True, "mode": "paper",
           "why": FieldProblem("nul"), "key": "'s01'", "card": "s02", "adornments": 2, "buildings": 1,
           "what": "adornments", "field": "silver"}
# codes whose ``got`` is the value given, not a kind of value
GOT_A_VALUE = {"unknown_game", "between", "at_least", "at_most", "chars", "items", "name_length", "one_of", "seat_or_bot",
               "too_many_players", "exactly_players", "must_be_game", "not_this_game", "vp_whole", "adornment_vp",
               "apprentice_limit", "no_seat"}
# what a Korean sentence repeats from the document as given (values, ids)
GIVEN = {"virtue", "keeep", "keep", "corners", "blue", "architects_of_amytis", "age_of_artisans", "null",
         "players", "bot", "artisans", "masonry", "tiling", "buildings", "paper", "overrides", "tools", "skills"}


# the shapes every reader checks, and each game's own codes on top of them
KINDS = (FieldProblem, AotwkProblem, AmytisProblem)


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.__name__)
def test_every_code_is_said_in_both_languages(kind):
    assert set(kind.RENDERERS["en"]) == set(kind.RENDERERS["ko"])


def test_a_games_codes_extend_the_shared_shapes_without_redefining_them():
    shared = set(FieldProblem.RENDERERS["en"])
    aotwk, amytis = (set(kind.RENDERERS["en"]) - shared for kind in (AotwkProblem, AmytisProblem))
    assert aotwk and amytis and not aotwk & amytis


@pytest.mark.parametrize("kind, code", [(kind, code) for kind in KINDS for code in sorted(kind.RENDERERS["en"])],
                         ids=lambda value: getattr(value, "__name__", value))
def test_each_code_in_korean(kind, code):
    params = {name: SAMPLES[name] for name in inspect.signature(kind.RENDERERS["en"][code]).parameters}
    if "got" in params and code in GOT_A_VALUE:
        params["got"] = 19
    said = kind(code, **params).render("ko")
    assert HANGUL.search(said), said
    assert set(LATIN_WORD.findall(said)) <= GIVEN, said


@pytest.mark.parametrize("value, kind", [(None, "null"), (True, "true/false"), (3.5, "a number"), ("x", "text"),
                                         ([], "a list"), ({}, "an object")])
def test_a_wrong_kind_reads_as_before(value, kind):
    assert kind_of(value) == kind
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
