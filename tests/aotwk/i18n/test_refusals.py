"""The table's refusals as codes: said in English (the sentence the tracker has always said) and
in Korean (the rulebook's words, particles after names), and no MoveError in the rules core
written as an English sentence. That every sentence has its Korean: tests/i18n/test_translations.py."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from companion.aotwk.catalogue import load
from companion.aotwk.rules.codes import LibraryRefusal, Refusal
from companion.aotwk.rules import table

TABLE = Path(table.__file__).parent

def _english_in(node: ast.AST) -> bool:
    return isinstance(node, (ast.Constant, ast.JoinedStr)) or (
        isinstance(node, ast.BinOp) and (_english_in(node.left) or _english_in(node.right)))


def test_no_move_error_in_the_table_is_written_as_an_english_sentence():
    """The rules core never writes a sentence in a language: a MoveError carries a code."""
    written = []
    for path in sorted(TABLE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "MoveError":
                message = node.args[1] if len(node.args) > 1 else None
                if message is not None and _english_in(message):
                    written.append(f"{path.name}:{node.lineno}")
    assert written == []


# -- refusals from the rules, in both languages -------------------------------------------------

def game(**player) -> dict:
    state = table.new_game({"mode": "multiplayer", "players": [{"name": "민준"}, {"name": "Ann"}], "seed": 1})
    state["players"][0].update(player)
    return state


def refused(state: dict, move: dict) -> table.MoveError:
    with pytest.raises(table.MoveError) as caught:
        table.apply(state, move)
    return caught.value


def test_the_black_market_closed_at_10_virtue_in_both_languages():
    """Rulebook, Virtue Track: 'Once players have 10 or more Virtue, they can no longer place
    Workers in the Black Market'."""
    error = refused(game(virtue=10), {"kind": "black_market", "player": 0, "space": "small"})
    assert error.field == "player"
    assert error.message == "민준 has 10 virtue: the Black Market is closed at 10 or more"
    assert error.message.render("ko") == "민준의 선행이 10입니다: 선행이 10 이상이면 암시장에 갈 수 없습니다"


def test_paying_off_a_debt_without_one_in_both_languages():
    """Rulebook, Guardhouse: 'Pay 6 Silver (3 Tax) to pay off 1 Debt'."""
    error = refused(game(debts_unpaid=0), {"kind": "pay_debt", "player": 0})
    assert (error.field, error.message) == ("player", "민준 has no unpaid debt to pay off")
    assert error.message.render("ko") == "민준에게는 갚을 미납 채권이 없습니다"


def test_a_shortfall_names_what_is_short_in_korean_resources():
    state = table.new_game({"mode": "multiplayer", "players": [{"name": "민준"}, {"name": "Ann"}], "seed": 1,
                            "track_resources": True})
    state["players"][0].update(silver=2, debts_unpaid=1)
    error = refused(state, {"kind": "pay_debt", "player": 0})
    assert error.message == "민준 is short of 4 silver for paying off a debt"
    assert error.message.render("ko") == "민준에게 은화 4가 부족합니다"


def test_a_bot_name_in_a_refusal_is_the_korean_rulebooks():
    state = table.new_game({"mode": "solo", "opponent": "constantine", "players": [{"name": "민준"}], "seed": 1})
    error = refused(state, {"kind": "capture", "player": 0, "victim": "bot", "count": 1, "location": "nowhere"})
    assert error.message.startswith("say where Constantine's workers were captured: one of Quarry, Forest, ")
    assert error.message.render("ko").startswith("콘스탄틴의 일꾼을 어디서 포획했는지 고르세요: 채석장, ")


def test_a_field_refusal_in_korean_leaves_the_english_label_out():
    error = refused(game(), {"kind": "virtue", "player": 0, "delta": 40})
    assert (error.field, error.message) == ("delta", "Change must be -14 to 14 (got 40)")
    assert error.message.render("ko") == "-14에서 14까지의 수를 적으세요 (지금 40)"


def test_an_unknown_card_is_refused_with_its_korean_name_as_a_hint():
    error = refused(game(), {"kind": "build", "player": 0, "building": "kepe"})
    assert error.message == "unknown building 'kepe'; did you mean keep?"
    assert error.message.render("ko") == "이런 건물 카드는 없습니다: kepe; 혹시 아성?"


def test_a_particle_follows_a_cards_korean_name():
    refusal = Refusal("needs_skills", name="민준", skills=["carpentry", "masonry"], building="armoury")
    assert refusal == "민준 needs an apprentice with carpentry and masonry to construct the Armoury"
    assert refusal.render("ko") == "무기고를 건설하려면 민준에게 목공, 석공 기술을 가진 수습생이 있어야 합니다"
    assert Refusal("already_built", building="well", owner="Constantine").render("ko") == "우물은 이미 콘스탄틴이 건설했습니다"


def test_the_bots_workers_are_counted_in_the_singular_and_the_plural():
    assert Refusal("bot_workers_at", bot="Helena", there=1, location="quarry") == "Helena has 1 worker at the Quarry"
    assert Refusal("bot_workers_at", bot="Helena", there=2, location="quarry") == "Helena has 2 workers at the Quarry"
    assert Refusal("bot_workers_at", bot="Helena", there=2, location="quarry").render("ko") == "채석장에 있는 헬레나의 일꾼은 2명입니다"


def test_a_seats_reasons_are_codes_too():
    flags = table.status(game(virtue=10), 0)
    assert flags["black_market_reason"].render("ko").endswith("암시장에 갈 수 없습니다")


# -- the card library's refusals ------------------------------------------------------------------

def test_a_library_refusal_lists_skills_in_the_glossarys_words():
    refusal = LibraryRefusal("skills_list", skills=["masonry", "tiling"], got="x")
    assert refusal == "must be a list of skills drawn from masonry, tiling (got 'x')"
    assert refusal.render("ko") == "기술 목록이어야 합니다: 석공, 타일 (지금 'x')"


def test_the_library_refuses_a_fact_in_english_as_before_and_in_korean():
    from companion.aotwk.catalogue import library
    from companion.aotwk.rules import library_input
    fact = library.fact_paths(load())["buildings.aoa_cellar.vp"]
    assert library_input.from_form(fact, "lots") == (None, "must be a whole number")
    value, refusal = library_input.from_form(fact, "99")
    assert value is None and refusal == "must be a whole number from 0 to 30 (got 99)"
    assert refusal.render("ko") == "0에서 30까지의 정수를 적으세요 (지금 99)"


def test_a_place_on_the_board_is_named_as_the_bots_rules_name_it():
    """bot_workers_at says "at the Quarry" from the glossary; the bot's own locations say the same."""
    from companion.aotwk.rules import opponent
    for location in opponent.LOCATIONS.values():
        if location.capturable:
            said = Refusal("bot_workers_at", bot="Constantine", there=2, location=location.id)
            assert said == f"Constantine has 2 workers at {location.name}"


def test_where_to_hire_and_craft_names_the_places_as_the_game_does():
    """Rulebook, Workshop and Black Market; Age of Artisans, Crafting Tools: 'a worker stacked in the
    Guildhall, or ... the middle space of the Black Market' - places as printed, never their codes."""
    hire_from = Refusal("hire_from", sources=["workshop", "black_market", "free"])
    assert hire_from == "hire from one of: Workshop, Black Market, free"
    assert "작업장" in hire_from.render("ko") and "암시장" in hire_from.render("ko")
    tool_place = Refusal("tool_place", places=["guildhall", "black_market"])
    assert tool_place == "craft a Tool in the Guildhall or the Black Market"
    assert "길드홀" in tool_place.render("ko") and "암시장" in tool_place.render("ko")
    assert "_" not in hire_from.render("ko") + tool_place.render("ko")
