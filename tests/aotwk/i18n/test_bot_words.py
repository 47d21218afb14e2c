"""The bot's steps, questions, refusals, a card's summary and a deck's problems leave the rules core
as codes; their sentences are catalogue messages (companion/aotwk/i18n/bot_words.py): English as
before, Korean in the rulebook's solo words (seed 001, 1인 게임 규칙) with the particles the bot's
name takes."""

from __future__ import annotations

import ast
import random
import re
import sys
from pathlib import Path

import pytest

from companion.aotwk.i18n.bot_words import BotWords, practice_title
from companion.aotwk.rules import bot
from companion.aotwk.rules.codes import Note, Refusal
from companion.i18n.reasons import Coded

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules" / "bot"))
from bot_helpers import answer_all, card, deck_of, make_game, stack  # noqa: E402

LATIN = re.compile(r"[A-Za-z]{2,}")
RULES = Path(__file__).resolve().parents[3] / "companion" / "aotwk" / "rules"


def test_a_step_is_a_code_whose_text_is_the_english_sentence_and_korean_names_the_bot_with_its_particle():
    """Seed 001, 1인 게임 규칙: 'AI의 차례가 돌아오면, 책략 카드 더미 맨 위 카드를 공개합니다.'"""
    step = BotWords("place_worker", bot="Helena", location="quarry")
    assert step == "Place a Helena worker at the Quarry."
    assert step.render("ko") == "헬레나의 일꾼 1개를 채석장에 놓습니다."
    assert BotWords("reveal_top", bot="Constantine").render("ko") == "콘스탄틴의 책략 카드 더미 맨 위 카드를 공개합니다."
    # 콘스탄틴 ends in a consonant, 헬레나 in a vowel; a typed name that is not Hangul gets both forms
    assert BotWords("constructs", bot="Constantine").render("ko").startswith("콘스탄틴이 건설합니다")
    assert BotWords("constructs", bot="Helena").render("ko").startswith("헬레나가 건설합니다")
    assert BotWords("held_home", bot="Helena", count=2, player="Ann").render("ko").startswith(
        "Ann은(는) 헬레나의 일꾼 2개를")
    assert BotWords("held_home", bot="Helena", count=2, player="민준").render("ko").startswith("민준은 헬레나의")


def test_a_count_picks_the_english_plural_and_korean_keeps_its_one_form():
    assert BotWords("take_debts", bot="Helena", amount=1) == "Give Helena 1 unpaid Debt card."
    assert BotWords("take_debts", bot="Helena", amount=2) == "Give Helena 2 unpaid Debt cards."
    assert BotWords("take_debts", bot="Helena", amount=2).render("ko") == "헬레나에게 미납 채권 카드 2장을 줍니다."
    summary = bot.card_summary(card("workshop", {"do": "place_worker"},
                                    {"do": "discard_apprentices", "count": 1, "row": "top", "end": "right"}))[1]
    assert summary == "Discard 1 Apprentice from the right end of the top row"
    assert summary.render("ko") == "위쪽 가로 행의 오른쪽 끝에서 수습생 1장 버리기"


def test_a_table_refusal_passed_on_is_said_in_the_same_language():
    """A nested code: the table's refusal (itself naming the bot by a note) inside the bot's step."""
    reason = Refusal("cathedral_finished", name=Note("bot", opponent="helena"), top=5)
    step = BotWords("cannot_advance", bot="Helena", reason=reason)
    assert step == "Helena has finished the Cathedral (level 5): Helena cannot advance on the Cathedral."
    assert step.render("ko") == "헬레나는 대성당을 완성했습니다 (레벨 5): 헬레나는 대성당 작업을 추진할 수 없습니다."
    assert BotWords("aside", note=reason).render("ko") == "(헬레나는 대성당을 완성했습니다 (레벨 5))"


def test_a_practice_cards_title_is_data_in_the_readers_language_and_a_typed_title_stays_as_typed():
    titles = [c["title"] for c in bot.practice_deck()["cards"]]
    assert all(practice_title(t, "ko") != t for t in titles) and practice_title("Timber", "en") == "Timber"
    step = BotWords("plays_card", bot="Helena", location="forest", title="Timber")
    assert step == "Helena plays the Scheme card “Timber” (the Forest)."
    assert step.render("ko") == "헬레나는 책략 카드 “목재” (숲)를 사용합니다."
    typed = BotWords("plays_card", bot="Helena", location="forest", title="Our own card")
    assert "“Our own card”" in typed.render("ko")


def _korean_is_clean(text: str, *allowed: str) -> list[str]:
    """Latin words left in a Korean sentence (names players typed aside)."""
    for name in allowed:
        text = text.replace(name, " ")
    return [w for w in LATIN.findall(text) if w not in {"AI"}]


@pytest.mark.parametrize("mode", ["solo", "two_vs_bot"])
def test_every_turn_of_a_played_game_says_its_steps_and_questions_in_korean(mode):
    state, rng = make_game(mode=mode, seed=5), random.Random(5)
    said = set()
    for _turn in range(70):
        try:
            plan = bot.plan_turn(state)
        except bot.BotError as over:
            assert isinstance(over.args[0], Coded) and over.args[0].render("ko")
            break
        for question in plan["questions"]:
            assert not _korean_is_clean(question["prompt"].render("ko")), question["prompt"]
        state, steps = bot.play_turn(state, answer_all(plan, rng))
        assert all(isinstance(step, BotWords) for step in steps)
        for step in steps:
            assert not _korean_is_clean(step.render("ko"), "Ann", "Ben"), step
        said |= {s.code for s in steps}
        if state.get("phase") in ("counting", "finished"):
            break
    assert {"reveal_top", "plays_card", "place_worker"} <= said


def test_a_card_summary_in_korean_for_every_practice_card():
    for card_data in bot.practice_deck()["cards"]:
        for line in bot.card_summary(card_data):
            assert not _korean_is_clean(line.render("ko")), line
    assert bot.card_summary(card("guildhall", {"do": "guildhall", "build": "building"}))[0].render("ko") == \
        "길드홀에 일꾼 놓기: 건설"


BROKEN_DECKS = [
    {"format": "x", "name": "", "practice": "no", "cards": [], "colour": 1},
    {"format": bot.FORMAT, "name": "D", "practice": False, "cards": [
        {"id": "a", "group": "start", "location": "moon", "actions": []},
        {"id": "a", "group": "starting", "location": "quarry", "actions": [{"do": "gain_marbel"}], "cost": 1},
        {"id": "b", "group": "starting", "location": "guildhall",
         "actions": [{"do": "place_worker"}, {"do": "capture"}, {"do": "capture"}, {"do": "capture"},
                     {"do": "gain_marble", "amount": 99, "size": 1}, {"do": "take_debt"}, "x",
                     {"do": "note", "text": " "}, {"amount": 1}]},
        {"id": "c", "group": "future", "location": "forest",
         "actions": [{"do": "gain_virtue", "amount": "two"}, {"do": "place_worker"}, {"do": "place_worker"}]},
        "not a card", {"id": "d" * 50, "group": "future", "location": "quarry", "title": 5,
                       "actions": [{"do": "black_market"}, {"do": "discard_apprentices", "count": 1, "row": "middle"}]},
    ]},
    [1, 2],
]


@pytest.mark.parametrize("deck", BROKEN_DECKS)
def test_each_deck_problem_has_a_korean_sentence(deck):
    problems = bot.validate_deck(deck)
    assert problems and all(isinstance(p.message, BotWords) for p in problems)
    for problem in problems:
        korean = problem.message.render("ko")
        assert korean and korean != str(problem.message)
        assert not any(word in korean for word in ("must", "unknown", "required", "needs")), korean


def test_a_deck_problem_names_a_verb_by_its_id_in_english_and_by_its_label_in_korean():
    [problem] = bot.validate_card({"location": "guildhall", "actions": [{"do": "place_worker"}]})
    assert problem.message == "place_worker cannot place at 'guildhall'; use 'guildhall'"
    assert problem.message.render("ko") == "“카드의 장소에 일꾼 놓기”는 길드홀에 놓을 수 없습니다; “길드홀에 일꾼 놓기 (게임 종료로 셈)”를 쓰세요"


def test_a_file_that_is_not_json_is_refused_in_both_languages():
    with pytest.raises(Exception) as refused:
        bot.load_deck("{nope")
    message = refused.value.problems[0].message
    assert message.startswith("not valid JSON: ") and message.endswith("at line 1 column 2")
    assert message.render("ko") == "올바른 JSON이 아닙니다: 1번째 줄 2번째 글자"


def test_a_refused_answer_is_a_code():
    state = stack(make_game(deck=deck_of([card("town_centre", {"do": "place_worker"}, {"do": "capture"})])), "t0")
    with pytest.raises(Exception) as refused:
        bot.play_turn(state, {"a1": 99})
    problem = refused.value.problems[0]
    assert problem.message == "must be a whole number from 0 to 20 (got 99)"
    assert problem.message.render("ko") == "0에서 20 사이의 정수여야 합니다 (입력: 99)"


def test_the_vocabulary_hands_out_codes_for_its_words():
    """The deck editor's pick lists: a location, a verb's label and an option's help keep their English
    as text and are said in a reader's language."""
    described = bot.describe_vocabulary()
    assert [loc["name"] for loc in described["locations"]][:2] == ["the Quarry", "the Forest"]
    assert [loc["name"].render("ko") for loc in described["locations"]][:2] == ["채석장", "숲"]
    capture = next(verb for verb in described["verbs"] if verb["do"] == "capture")
    assert capture["label"] == "Capture a group of a human's workers"
    assert capture["label"].render("ko") == "사람 플레이어의 일꾼 무리 포획"
    assert capture["params"][0]["help"].render("ko") == "어디서: 장소, 카드의 장소, 또는 아무 장소"
    assert [bot.LOCATIONS[k].name for k in ("kings_storehouse", "town_centre")] == [
        "the King's Storehouse", "the Town Centre"]


def test_the_rules_core_imports_no_words():
    """The rules hand out codes; the words modules (companion.aotwk.i18n) say them."""
    found = []
    for path in RULES.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("companion.aotwk.i18n"):
                found.append((path.name, node.module))
            elif isinstance(node, ast.Import):
                found += [(path.name, alias.name) for alias in node.names
                          if alias.name.startswith("companion.aotwk.i18n")]
    assert found == []
