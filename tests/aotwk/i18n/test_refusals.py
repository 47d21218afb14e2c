"""The table's refusals as codes: every code said in English (the sentence the tracker has
always said) and in Korean (the rulebook's words), and no MoveError in the rules core
written as an English sentence."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import pytest

from companion.aotwk.catalogue import load
from companion.i18n.reasons import render_reason
from companion.aotwk.i18n.refusals import ENGLISH, KOREAN, Refusal
from companion.aotwk.rules.codes import LibraryRefusal
from companion.aotwk.rules import table

TABLE = Path(table.__file__).parent

# A value for each parameter name the renderers take: ids and numbers, and names as typed.
SAMPLES = {
    "label": "Change", "kinds": ["virtue", "build"], "choices": ["silver", "debt"], "cell": "cathedral",
    "skills": ["masonry", "tiling"], "what": "a change", "name": "민준", "owner": "지우", "captor": "민준",
    "victim": "Constantine", "bot": "Constantine", "who": 7, "kind": "building", "card": "keep", "wrong": "아셩",   # what a player typed
    "hints": ["keep"], "debts": 2, "held": 1, "most": 20, "limit": 5, "level": 3, "amount": 4, "top": 6,
    "virtue": 10, "at": 10, "got": 99, "low": 0, "high": 14, "there": 1, "mine": 2, "vp": 3, "captured": 1,
    "craft_card": 4, "counter": "prisoners", "item": "wood", "short": {"wood": 2, "silver": 1},
    "reason": "paying off a debt", "gain": {"virtue": 1}, "reward": {"silver": 3, "virtue": 1},
    "rewards": [{"silver": 3, "virtue": 1}, {"building_card": 1, "virtue": 1}], "items": ["stone", "wood"],
    "taken": ["민준", "Constantine"], "building": "keep", "options": [{"gold": 1}, {"virtue": 1}],
    "spaces": ["small", "middle", "large"], "space": "middle", "sources": ["workshop", "black_market", "free"],
    "apprentice": "acolyte_2", "apprentices": ["acolyte_2", "acolyte_3"], "locations": ["quarry", "town_centre"],
    "location": "kings_storehouse", "places": ["guildhall", "black_market"], "board": "gisela",
    "payments": ["silver", "debt"], "parts": [[2, "민준"], [1, "Constantine"]], "unknown": 1,
    "format": "architects-companion/card-library/1", "resources": ["wood", "stone"], "next": "지우",
}
ALLOWED_LATIN = {"AI"}   # the Korean rulebook's name for the solo opponent's side (1인 게임 규칙)


def sample(code: str) -> Refusal:
    names = inspect.signature(ENGLISH[code]).parameters
    return Refusal(code, **{name: SAMPLES[name] for name in names})


def printed_only_in_english() -> list[str]:
    """Cards and boards with no Korean edition keep their printed English names."""
    cards = [*load().buildings.values(), *load().apprentices.values(), *load().boards.values()]
    return sorted((card.name_en for card in cards if not card.name_ko), key=len, reverse=True)


def latin_words(text: str) -> list[str]:
    for printed in printed_only_in_english():
        text = text.replace(printed, " ")
    return [word for word in re.findall(r"[A-Za-z]{2,}", text) if word not in ALLOWED_LATIN]


def test_every_refusal_code_is_said_in_english_and_korean():
    assert set(KOREAN) == set(ENGLISH)


@pytest.mark.parametrize("code", sorted(ENGLISH))
def test_every_refusal_in_korean_has_no_english_word(code):
    korean = sample(code).render("ko")
    assert korean and korean != str(sample(code)), code
    assert latin_words(korean) == [], korean


@pytest.mark.parametrize("code", sorted(ENGLISH))
def test_a_refusal_is_its_english_sentence_and_comes_back_from_its_code(code):
    refusal = sample(code)
    assert isinstance(refusal, str) and refusal.render("en") == str(refusal)
    assert Refusal.from_code(refusal.as_code()) == refusal
    assert render_reason(refusal, "ko") == refusal.render("ko")


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
    assert error.message.render("ko") == "민준에게 은화 4이(가) 부족합니다"


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
