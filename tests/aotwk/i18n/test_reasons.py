"""Scoring reasons leave the engine as codes; the catalogue says them in English and Korean."""

import copy
import json
import pickle
import re
import subprocess
import sys

from companion.aotwk.rules.codes import Reason
from companion.i18n.reasons import render_reason, render_result
from companion.aotwk.rules.scoring import score_document

# A game that touches most reason codes: virtue gains above 14, Keep, University, Prison,
# silver, debts, a tie broken on virtue, and a Helena bot with Guildhall workers.
GAME = {
    "players": [
        {"name": "레드", "virtue": 13, "debts_unpaid": 2, "gold": 6, "prisoners": 3, "cathedral": 2, "silver": 12,
         "buildings": ["keep", "castle", "university"], "captured": 12},
        {"name": "Blue", "virtue": 3, "debts_unpaid": 1, "silver": 25, "clay": 4, "buildings": ["well"],
         "overrides": {"gold_marble": 3}},
    ],
    "bot": {"opponent": "helena", "virtue": 2, "cathedral": 1, "marble": 4, "guildhall_workers": 3,
            "debts_unpaid": 1, "prisoners": 2},
}


def all_reasons(result):
    for entry in [*result["players"], result["bot"]]:
        yield from entry["reasons"]


def test_reasons_are_codes_whose_text_is_the_contract_english():
    result = score_document(GAME)
    reasons = list(all_reasons(result))
    assert reasons and all(isinstance(r, Reason) for r in reasons)
    keep = next(r for r in reasons if r.params.get("building") == "keep" and r.code == "count_vp")
    assert keep.as_code() == {"code": "count_vp", "building": "keep", "vp": 4, "held": 12, "counts": ["captured"]}
    assert keep == "Keep: +4 VP for 12 captured workers"
    # JSON, copies and pickles keep the sentence and the code
    assert "Keep: +4 VP for 12 captured workers" in json.loads(json.dumps(result))["players"][0]["reasons"]
    for twin in (copy.deepcopy(keep), pickle.loads(pickle.dumps(keep))):
        assert twin == keep and twin.code == "count_vp" and twin.params == keep.params


def test_korean_reasons_use_the_rulebook_words_and_no_english():
    korean = render_result(score_document(GAME), "ko")
    lines = [line for entry in [*korean["players"], korean["bot"]] for line in entry["reasons"]]
    assert "아성: 승점 +4 (포획된 일꾼 12)" in lines
    assert "성: 선행 +3 (금 6), 13 → 14, 미납 채권 2장 파기" in lines
    assert "교도소의 일꾼 3명: 승점 -1 (2명마다 1)" in lines
    assert any(line.startswith("길드홀의 일꾼 3명: 승점 +9") for line in lines)
    for line in lines:
        # only the bot's name ("Helena") is Latin text a Korean reader sees
        assert not re.search(r"[A-Za-z]", line.replace("Helena", "")), line


def test_a_tie_break_in_korean_quotes_the_rulebook():
    """Rulebook (seed 001): "최종 점수가 동점이라면, 선행이 가장 높은 플레이어가 승자가 됩니다."
    ... "여전히 동점이라면, 동점 플레이어들은 승리를 함께 나눕니다." """
    shared = score_document({"players": [{"name": "가", "silver": 3}, {"name": "나", "silver": 3}]})
    total = shared["players"][0]["total"]
    assert shared["tie_break"] == f"가 and 나 tied on {total} VP, virtue 0 and 3 silver: they share the victory"
    assert render_reason(shared["tie_break"], "ko") == f"가, 나: 승점 {total}, 선행 0, 은화 3 모두 동점: 승리를 함께 나눕니다"
    on_virtue = Reason("tie_virtue", names=["가", "나"], total=30, winner="가", virtue=9)
    assert on_virtue == "가 and 나 tied on 30 VP; 가 wins with the highest virtue (9)"
    assert render_reason(on_virtue, "ko") == "가, 나: 승점 30점으로 동점; 선행이 가장 높은 가 승리 (9)"
    until_counted = Reason("tie_until_counted", names=["가", "나"], total=30, virtue=9)
    assert render_reason(until_counted, "ko") == "가, 나: 승점 30, 선행 9 동점: 게임 끝에 세는 남은 은화로 동점을 가립니다"


def test_counts_take_their_plural_in_english_and_their_counter_in_korean():
    one = Reason("no_debts_none", building="well", debts=1)
    assert one.endswith(": no bonus, 1 unpaid debt") and Reason("no_debts_none", building="well", debts=2).endswith(
        ": no bonus, 2 unpaid debts")
    assert one.render("ko").endswith(": 보너스 없음, 미납 채권 1장")
    skills = Reason("count_vp", building="masons_hut", vp=2, held=2, counts=["skill:masonry"], with_skill=1)
    assert skills.endswith("+2 VP for 2 masonry skills (1 apprentice, Tools included)")
    assert skills.render("ko").endswith("승점 +2 (석공 기술 2 (수습생 1명, 도구 포함))")


def test_plain_text_passes_through():
    assert render_reason("made by hand", "ko") == "made by hand"
    assert render_reason(None, "ko") == ""


def test_companion_score_lang_ko_renders_korean_and_keeps_english_by_default(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(GAME), encoding="utf-8")
    run = lambda *extra: json.loads(subprocess.run(  # noqa: E731
        [sys.executable, "-m", "companion.cli", "score", str(path), *extra],
        capture_output=True, text=True, check=True).stdout)
    english, korean = run(), run("--lang", "ko")
    assert english == json.loads(json.dumps(score_document(GAME)))
    assert "아성: 승점 +4 (포획된 일꾼 12)" in korean["players"][0]["reasons"]
    assert korean["players"][0]["total"] == english["players"][0]["total"]


# -- codes kept in a JSON column (event notes) ------------------------------------------------

def test_a_stored_code_comes_back_as_the_same_code_nested_ones_too():
    import json

    from companion.aotwk.i18n.bot_words import BotWords
    from companion.i18n.reasons import from_stored, stored
    inner = Reason("cathedral", level=2, vp=4)
    steps = [BotWords("aside", note=inner), BotWords("gains_marble", bot="Helena", amount=1, now=3), "plain text"]
    kept = json.loads(json.dumps(stored(steps)))
    back = from_stored(kept)
    assert back == steps and [type(s) for s in back] == [BotWords, BotWords, str]
    assert isinstance(back[0].params["note"], Reason)
    assert back[0].render("ko") == "(대성당 레벨 2: 승점 +4)"


def test_a_stored_code_this_version_no_longer_knows_reads_as_its_english_text():
    from companion.i18n.reasons import from_stored
    gone = {"say": "BotWords", "code": "a_code_since_removed", "params": {}, "text": "Helena does something."}
    renamed = {"say": "NoSuchWords", "code": "x", "params": {}, "text": "Old words."}
    assert from_stored([gone, renamed]) == ["Helena does something.", "Old words."]
    assert from_stored([{"seq": 1}, "a note"]) == [{"seq": 1}, "a note"]   # not a stored code: as it is


def test_a_tie_with_the_bot_broken_on_silver_in_korean_names_the_bot_in_korean():
    """Seed 001 line 1769: 'AI는 은화, 점토, 나무, 돌, 금, 수습생. 건물을 가져오거나 사용하지 않습니다.'"""
    result = score_document({"players": [{"name": "레드", "virtue": 7, "silver": 9, "overrides": {"buildings": 7}}],
                             "bot": {"opponent": "constantine", "virtue": 7, "guildhall_workers": 7}})
    said = render_reason(result["tie_break"], "ko")
    assert said.startswith("레드, 콘스탄틴: 승점 7점으로 동점") and "레드 승리 (9)" in said
    assert "콘스탄틴의 은화는 0" in said and "Constantine" not in said
