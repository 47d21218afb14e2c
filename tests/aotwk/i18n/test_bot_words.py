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
    assert step == "Place one of Helena's workers at the Quarry."
    assert step.render("ko") == "헬레나의 일꾼 1명을 채석장에 놓습니다."
    assert BotWords("reveal_top", bot="Constantine").render("ko") == "콘스탄틴의 책략 카드 더미 맨 위 카드를 공개합니다."
    # 콘스탄틴 ends in a consonant, 헬레나 in a vowel; a typed name that is not Hangul gets both forms
    assert BotWords("constructs", bot="Constantine").render("ko").startswith("콘스탄틴이 건설합니다")
    assert BotWords("constructs", bot="Helena").render("ko").startswith("헬레나가 건설합니다")
    assert BotWords("held_home", bot="Helena", count=2, player="Ann").render("ko").startswith(
        "Ann은(는) 헬레나의 일꾼 2명을")
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
        assert all(isinstance(step, Coded) for step in steps)   # (a Black Market Reset's steps: the table's codes)
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


def test_a_deck_problem_names_a_verb_by_its_label_in_both_languages():
    """Issue 32: a deck's problems are read by players: the verb as the pick lists name it."""
    [problem] = bot.validate_card({"location": "guildhall", "actions": [{"do": "place_worker"}]})
    assert problem.message == ("“Place the worker at the card's location” cannot place a worker at the Guildhall; "
                               "use “Place the worker in the Guildhall (counts toward the end)”")
    assert problem.message.render("ko") == ("“카드의 장소에 일꾼 놓기”(으)로는 길드홀에 일꾼을 놓을 수 없습니다; "
                                            "“길드홀에 일꾼 놓기 (게임 종료로 셈)”를 쓰세요")


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


# -- every step kind, said in English and Korean (issue 32's pass over the bot's texts) --------------

STEP_SAMPLES = {
    "reveal_top": {"bot": "helena"}, "plays_drawn": {"bot": "helena"},
    "plays_card": {"bot": "helena", "location": "workshop", "title": None},
    "draw_pile_empty": {}, "place_worker": {"bot": "helena", "location": "quarry"},
    "guildhall_place": {"bot": "helena"}, "guildhall_beside": {"bot": "helena"}, "constructs": {"bot": "helena"},
    "cannot_advance": {"bot": "helena", "reason": Refusal("cathedral_finished", name="Helena", top=5)},
    "cannot_advance_after_all": {"bot": "helena", "reason": Refusal("cathedral_finished", name="Helena", top=5)},
    "marker_up": {"bot": "helena", "level": 2}, "marker_up_free": {"bot": "helena", "level": 2},
    "reward_empty": {"bot": "helena"}, "reveal_reward": {"bot": "helena"}, "craft_adornment": {"bot": "helena"},
    "does_not_advance": {"bot": "helena"}, "black_market_place": {"bot": "helena", "space": "small"},
    "captures": {"bot": "helena", "group": "largest", "where": "any", "solo": True},
    "capture_tie": {"group": "largest", "order": ["quarry", "forest"], "solo": True},
    "no_captured": {"bot": "helena"}, "to_prison": {"bot": "helena", "count": "N"}, "sold": {"bot": "helena"},
    "give_back": {"count": "N", "player": "Ann"}, "prisoners_home": {"bot": "helena", "count": "N"},
    "no_prisoners": {"bot": "helena"}, "held_home": {"bot": "helena", "count": "N", "player": "Ann"},
    "none_held": {"bot": "helena"}, "gains_marble": {"bot": "helena", "amount": "N", "now": 3},
    "gains_virtue": {"bot": "helena", "amount": "N"}, "loses_virtue": {"bot": "helena", "amount": "N"},
    "take_debts": {"bot": "helena", "amount": "N"}, "debts_gone": {"bot": "helena", "count": "N"},
    "no_debt": {"bot": "helena"}, "no_tax": {}, "no_tax_no_worker": {"bot": "helena"},
    "steal_tax": {"bot": "helena", "silver": 3},
    "discard_apprentices": {"count": "N", "end": "left", "row": "both"},
    "future_in": {"bot": "helena", "count": "N"}, "no_future": {}, "future_physical": {"count": "N"},
    "card_says": {"text": "Ann draws a card"}, "recall_start": {"bot": "helena"},
    "recall_given": {"bot": "helena", "count": "N", "player": "Ann"}, "recall_all": {"bot": "helena", "count": "N"},
    "recall_shuffle": {},
}
# Not steps for the board: a card's summary, the app's own note, what a Guildhall placement is for,
# the questions and the refusals.
NOT_STEPS = {"summary", "aside", "for_construction", "for_full_cathedral", "ask_reward", "ask_adornment",
             "ask_capture", "answer_required", "whole_number", "one_of", "capture_shape", "seat_one_of", "move_kind",
             "answers_object", "card_object", "no_worker_to_place", "black_market_full", "no_bot", "no_deck",
             "game_over", "final_turn_done", "enter_card", "deals_own", "no_cards"}
ONE_WITH_A_PLURAL = re.compile(r"\b1 (?:[A-Z]\w+ |captured |unpaid |Future |Scheme |faceup |\w+-most ){0,3}"
                               r"(?:workers|cards|Debts|Apprentices)\b")


@pytest.mark.parametrize("count", [1, 2])
def test_every_step_kind_is_said_in_english_and_korean_with_real_plurals(count):
    """Issue 32: 'Return 1 Helena workers'. Every step the bot's turn can give, with 1 and with 2."""
    from companion.aotwk.i18n.bot_words import STEPS
    assert set(STEP_SAMPLES) | NOT_STEPS >= set(STEPS), set(STEPS) - set(STEP_SAMPLES) - NOT_STEPS
    for code, params in STEP_SAMPLES.items():
        step = BotWords(code, **{k: count if v == "N" else v for k, v in params.items()})
        english, korean = str(step), step.render("ko")
        assert english and not english.startswith("(") and not ONE_WITH_A_PLURAL.search(english), (code, english)
        assert not _korean_is_clean(korean, "Ann draws a card", "Ann"), (code, korean)


def test_a_turn_says_its_card_once_and_keeps_what_the_app_recorded_apart():
    """Issue 32: 'Helena plays the Scheme card you drew.' then 'Helena plays the Scheme card (the
    Workshop).'; the app's notes between the board steps in parentheses."""
    deck = deck_of([card("workshop", {"do": "place_worker"}, {"do": "gain_virtue", "amount": 1})])
    state = make_game(physical=True)
    _after, steps = bot.play_turn(state, {}, card={"location": "workshop", "actions": [
        {"do": "place_worker"}, {"do": "gain_virtue", "amount": 1}]})
    said = [str(step) for step in steps if step.code != "aside"]
    assert said == ["Helena plays the Scheme card (the Workshop).", "Place one of Helena's workers at the Workshop.",
                    "Helena gains 1 Virtue."]
    assert [step.code for step in steps].index("aside") > 0 and deck


def test_a_black_market_reset_the_bot_causes_is_steps_on_the_board():
    """Rulebook, Black Market Reset: the workers go to the Prison, the Small Market card is turned,
    the most in Prison take a Debt: all done on the board, so steps, not the app's notes."""
    deck = deck_of([card("black_market", {"do": "black_market", "space": "small"})])
    state = stack(make_game(deck=deck), "t0")
    state["table"]["black_market"] = {space: (0 if space != "small" else None)
                                      for space in state["table"]["black_market"]}
    _after, steps = bot.play_turn(state, {})
    codes = [step.code for step in steps]
    assert {"bm_reset", "bm_to_prison", "bm_turn_card"} <= set(codes)
    assert all(code != "aside" for code in codes[codes.index("bm_reset"):])
