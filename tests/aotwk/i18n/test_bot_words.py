"""The bot's steps, questions, refusals, a card's summary and a deck's problems leave the
rules core as codes (companion/aotwk/i18n/bot_words.py), English as before, Korean in the rulebook's
solo words (seed 001, 1인 게임 규칙)."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest

from companion.aotwk.i18n.glossary import term
from companion.aotwk.i18n.bot_words import (ENGLISH, KOREAN, SUMMARIES_EN, SUMMARIES_KO, BotWords, _josa, card_title)
from companion.i18n.reasons import Coded
from companion.aotwk.rules import bot
from companion.aotwk.rules.opponent.vocabulary import VERBS

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules" / "bot"))
from bot_helpers import answer_all, card, deck_of, make_game, stack  # noqa: E402

LATIN = re.compile(r"[A-Za-z]{2,}")


def test_every_code_has_english_and_korean():
    assert set(KOREAN) == set(ENGLISH)
    assert set(SUMMARIES_EN) == set(SUMMARIES_KO) == set(VERBS)


def test_a_step_is_a_code_whose_text_is_the_english_sentence():
    step = BotWords("place_worker", bot="Helena", location="quarry")
    assert step == "Place a Helena worker at the Quarry."
    assert step.render("ko") == "헬레나의 일꾼 1개를 채석장에 놓습니다."
    assert BotWords("reveal_top", bot="Constantine").render("ko") == "콘스탄틴의 책략 카드 더미 맨 위 카드를 공개합니다."


def test_korean_uses_the_solo_rules_words():
    """Seed 001, 1인 게임 규칙: 'AI의 차례가 돌아오면, 책략 카드 더미 맨 위 카드를 공개합니다.'"""
    assert term("scheme_pile", "ko") == "책략 카드 더미" and term("opponent_board", "ko") == "AI 게임판"
    recall = BotWords("recall_start", bot="Helena").render("ko")
    assert "AI 게임판" in recall and "책략 카드를 뽑지 않습니다" in recall


def test_particles_follow_the_name():
    assert BotWords("constructs", bot="Constantine").render("ko").startswith("콘스탄틴이 건설합니다")
    assert BotWords("constructs", bot="Helena").render("ko").startswith("헬레나가 건설합니다")
    assert _josa("Ann", "은/는") == "Ann은(는)"


def _korean_is_clean(text: str, *allowed: str) -> list[str]:
    """Latin words left in a Korean sentence (names players typed and table notes aside)."""
    for name in allowed:
        text = text.replace(name, " ")
    return [w for w in LATIN.findall(text) if w not in {"AI"}]


def _said(steps) -> list[str]:
    """The bot's own words of a turn: the table's notes and refusals it passes on (``aside``,
    ``reason``) are the table's to say, so a plain-text one is left out here."""
    said = []
    for step in steps:
        if isinstance(step, BotWords) and step.code != "aside":
            reason = step.params.get("reason")
            text = step.render("ko")
            said.append(text.replace(reason, " ") if isinstance(reason, str) and not isinstance(reason, Coded)
                        else text)
    return said


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
        for line in _said(steps):
            assert not _korean_is_clean(line, "Ann", "Ben"), line
        said |= {s.code for s in steps}
        if state.get("phase") in ("counting", "finished"):
            break
    assert {"reveal_top", "plays_card", "place_worker"} <= said


def test_a_card_summary_in_korean_for_every_verb():
    for card_data in bot.practice_deck()["cards"]:
        for line in bot.card_summary(card_data):
            assert isinstance(line, BotWords) and str(line) == SUMMARIES_EN[line.params["do"]](
                **{k: v for k, v in line.params.items() if k != "do"})
            assert not _korean_is_clean(line.render("ko"), *(a.get("text", "") for a in card_data["actions"]))
    assert bot.card_summary(card("guildhall", {"do": "guildhall", "build": "building"}))[0].render("ko") == \
        "길드홀에 일꾼 놓기: 건설"


def test_the_practice_decks_titles_are_in_korean_and_a_typed_title_stays():
    titles = [c["title"] for c in bot.practice_deck()["cards"]]
    assert all(card_title(t, "ko") != t for t in titles)
    assert card_title("Our own card", "ko") == "Our own card" and card_title("Timber", "en") == "Timber"
    step = BotWords("plays_card", bot="Helena", location="forest", title="Timber")
    assert step == "Helena plays the Scheme card “Timber” (the Forest)." and "“목재”" in step.render("ko")


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


def test_every_verb_and_option_has_its_words_in_both_languages():
    from companion.aotwk.i18n.bot_words import HELP_EN, HELP_KO, VERB_LABELS_EN, VERBS_KO
    assert set(VERB_LABELS_EN) == set(VERBS_KO) == set(VERBS)
    options = {(verb.id, param.name) for verb in VERBS.values() for param in verb.params}
    assert set(HELP_EN) == set(HELP_KO) == options


def test_locations_read_as_the_instructions_print_them():
    assert [bot.LOCATIONS[k].name for k in ("kings_storehouse", "town_centre", "quarry")] == [
        "the King's Storehouse", "the Town Centre", "the Quarry"]
