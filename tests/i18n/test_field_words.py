"""A document's problem as a page says it (companion/i18n/field_words.py): the field in words in
each language, the values the file gave quoted in the page's marks, a page's own sentence where
the score command's tells how to edit the file; the score command's text unchanged."""

from __future__ import annotations

from companion.aotwk.rules.codes import AotwkProblem
from companion.i18n.codes import FieldProblem
from companion.i18n.field_words import field_words, for_a_page


def test_a_path_in_words_in_each_language():
    assert field_words("players[0].debts_unpaid", "en") == "Player 1, unpaid debts"
    assert field_words("players[0].debts_unpaid", "ko") == "플레이어 1, 미납 채권"
    assert field_words("players[1].buildings[2]", "en") == "Player 2, buildings, item 3"
    assert field_words("table.black_market_resets", "ko") == "테이블, 암시장 재설정"
    assert field_words("players[0].seat_order", "en") == "Player 1, seat order"   # a name it does not know, as words
    assert field_words("players[0].virtue", "en", begins_line=False) == "player 1, virtue"


def test_values_from_the_file_are_quoted_as_a_page_quotes_and_places_are_words():
    taken = FieldProblem("name_taken", name="Ann", other="players[0]")
    assert str(taken) == "'Ann' is already the name of players[0]; names must be unique"   # the contract's
    assert for_a_page(taken, "en") == "“Ann” is already the name of player 1; names must be unique"
    assert "players[0]" not in for_a_page(taken, "ko") and "플레이어 1" in for_a_page(taken, "ko")
    colour = FieldProblem("one_of", options="red, blue", got="'pink_ish'")
    assert for_a_page(colour, "en") == "must be one of red, blue (got “pink ish”)"


def test_a_page_points_to_the_card_library_where_the_score_command_names_a_field():
    missing = AotwkProblem("tools_unknown", count=2)
    assert "overrides.tools" in str(missing)   # the score command's advice, for whoever edits the file
    assert for_a_page(missing, "en") == ("the VP for 2 tools is not in our sources: enter the player aid's value "
                                         "in the card library")
    assert "overrides" not in for_a_page(missing, "ko") and "카드 자료" in for_a_page(missing, "ko")


def test_an_id_is_said_as_words_and_a_name_as_written():
    import companion.aotwk.i18n.refusals  # noqa: F401  (declares the refusals' sentences)
    from companion.aotwk.rules.codes import Refusal

    wrong = Refusal("unknown_card", kind="building", wrong="no_such_building", hints=[])
    assert "“no such building”" in for_a_page(wrong, "en") and "no such building" in for_a_page(wrong, "ko")
    taken = FieldProblem("name_taken", name="Jo_O'Neil", other="players[1]")
    assert for_a_page(taken, "en").startswith("“Jo_O'Neil” is already the name of player 2")
