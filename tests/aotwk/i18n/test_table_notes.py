"""What a table move worked out leaves the rules core as codes (companion/aotwk/i18n/table_notes.py):
English as the notes always read, Korean with the Korean rulebook's words."""

from __future__ import annotations

import json
import re

import pytest

from companion.i18n.reasons import from_stored, stored
from companion.aotwk.i18n.table_notes import ENGLISH, KOREAN, Note
from companion.aotwk.rules import table

MINJI, SEOJUN = Note("seat", name="민지"), Note("seat", name="서준")
HELENA = Note("bot", opponent="helena")
WHY = Note("why", key="black_market")

# One example of every code, with parameters as the rules core passes them.
SAMPLES = {
    "seat": {"name": "민지"},
    "bot": {"opponent": "helena"},
    "card": {"kind": "apprentice", "id": "acolyte_1"},
    "board": {"id": "ada"},
    "why": {"key": "workshop_hire"},
    "why_hired": {"apprentice": "acolyte_1"},
    "why_the_building": {"building": "tavern"},
    "why_cathedral_level": {"level": 2},
    "why_most_in_prison": {"most": 3},
    "why_guildhall_space": {"space": 5},
    "why_nobody_in_prison": {"source": Note("card", kind="apprentice", id="acolyte_1")},
    "why_adornment_half": {"source": Note("board", id="ada")},
    "why_silver_instead": {"source": Note("board", id="ada"), "debts": 2},
    "draw_cards": {"who": MINJI, "count": 2, "reason": WHY},
    "gains": {"who": MINJI, "items": {"silver": 3, "virtue": 1}, "reason": WHY},
    "take_untracked": {"who": MINJI, "items": {"wood": 2}, "reason": WHY},
    "pays_less": {"who": MINJI, "amount": 1, "item": "wood", "source": Note("board", id="ada")},
    "pays": {"who": MINJI, "items": {"silver": 4}, "reason": Note("why", key="workshop_hire")},
    "tax_paid": {"tax": 2, "total": 6},
    "ignores_tax": {"who": MINJI, "tax": 1},
    "artisan_ignores_loss": {"who": MINJI, "reason": WHY},
    "virtue": {"who": MINJI, "before": 13, "after": 14, "excess": 2, "destroyed": 1, "reason": WHY},
    "takes_debts": {"who": HELENA, "count": 2, "now": 3, "reason": WHY},
    "silver_instead_hint": {"source": Note("board", id="ada"), "silver": 4},
    "destroys_debts": {"who": MINJI, "count": 1, "now": 0, "reason": Note("card", kind="building", id="tavern")},
    "pays_off_debt": {"who": MINJI, "unpaid": 1, "paid": 2},
    "pays_silver_instead": {"who": MINJI, "count": 2, "source": Note("board", id="ada"), "unpaid": 0},
    "hires": {"who": MINJI, "apprentice": "acolyte_1", "source": Note("why", key="workshop")},
    "starting_next": {"who": SEOJUN},
    "starting_done": {},
    "virtue_unknown": {"kind": "building", "id": "tavern"},
    "discards": {"who": MINJI, "apprentice": "acolyte_1", "reason": Note("why", key="discarded")},
    "bm_place": {"who": MINJI, "space": "small"},
    "bm_reset": {"count": 2, "reason": Note("why_guildhall_space", space=5)},
    "bm_to_prison": {"who": HELENA, "space": "large"},
    "bm_turn_card": {},
    "constructs": {"who": MINJI, "building": "tavern"},
    "skills_unknown": {"building": "tavern"},
    "timing_reading": {"building": "tavern", "end_game": True},
    "cost_unknown": {"building": "tavern"},
    "building_removed": {"who": MINJI, "building": "tavern"},
    "takes_one_of_untracked": {"who": MINJI, "options": [{"gold": 1}, {"clay": 2}], "building": "tavern"},
    "may_capture": {"who": MINJI, "groups": 2, "building": "tavern"},
    "may_capture_or_release": {"who": MINJI, "building": "tavern"},
    "discards_no_card": {"who": MINJI, "building": "tavern"},
    "discards_card": {"who": MINJI, "building": "tavern"},
    "may_hire_free": {"who": MINJI, "building": "tavern"},
    "takes_adornment": {"who": MINJI, "vp": 3, "building": "tavern"},
    "takes_tool": {"who": MINJI, "count": 1, "building": "tavern", "now": 2},
    "advances": {"who": HELENA, "level": 3},
    "discard_from_hand": {"who": MINJI, "items": {"building_card": 1}},
    "advances_free": {"who": HELENA, "level": 2},
    "cathedral_correction": {"who": MINJI, "before": 1, "level": 2},
    "artisan": {"who": MINJI, "counts": 2},
    "stacks": {"who": MINJI, "space": 3, "capacity": 14, "action": Note("why", key="a_tool")},
    "crafts_adornment": {"who": MINJI, "vp": 4, "building": "tavern"},
    "craft_card_vp": {"vp": 4, "number": 7},
    "tools_now": {"who": MINJI, "count": 2},
    "tool_tucked": {"who": MINJI, "apprentice": "acolyte_1", "skills": ["masonry"]},
    "tool_discarded": {"who": MINJI, "left": 1},
    "adds_adornment": {"who": MINJI, "vp": 2},
    "adornment_removed": {"who": MINJI, "vp": 2},
    "beside_guildhall": {"who": MINJI, "action": Note("card", kind="building", id="tavern")},
    "guildhall_space": {"who": MINJI, "space": 4, "capacity": 14, "action": Note("why_cathedral_level", level=2)},
    "apprentice_reset": {"space": 7},
    "extra_placement": {"who": MINJI, "source": Note("card", kind="building", id="tavern")},
    "final_round": {"who": MINJI, "still": [SEOJUN, HELENA]},
    "final_turn_done": {"who": MINJI},
    "over_paper": {},
    "over_count": {},
    "over_score": {},
    "counter": {"who": MINJI, "counter": "prisoners", "before": 1, "after": 2},
    "resources": {"who": MINJI, "changes": [["clay", 1, 3], ["wood", 2, 1]]},
    "cells": {"who": MINJI, "cells": [["cathedral", 7], ["gold_marble", None], ["final_virtue", 11]]},
    "counted": {"who": MINJI},
    "all_counted": {},
    "captures": {"who": MINJI, "count": 2, "victim": HELENA, "held": 2},
    "sends_to_prison": {"who": MINJI, "count": 3},
    "unbooked_sent": {"count": 1},
    "to_prison": {"who": SEOJUN, "count": 2, "now": 4},
    "releases": {"who": MINJI, "count": 2, "now": 0, "reason": Note("card", kind="building", id="tavern")},
    "takes_back": {"who": SEOJUN, "count": 2, "captor": MINJI, "held": 0},
    "captured_correction": {"who": MINJI, "before": 1, "after": 2, "holdings": [[SEOJUN, 2]], "unknown": 0},
    "pays_tax": {"who": MINJI, "amount": 2},
    "tax_stand": {"silver": 6},
    "steals": {"who": MINJI, "silver": 6},
}


def latin_words(text: str) -> list[str]:
    return re.findall(r"[A-Za-z]{2,}", text)


def test_every_code_has_english_korean_and_an_example():
    assert set(KOREAN) == set(ENGLISH) == set(SAMPLES)


@pytest.mark.parametrize("code", sorted(SAMPLES))
def test_every_note_reads_in_korean_without_english_words(code):
    note = Note(code, **SAMPLES[code])
    korean = note.render("ko")
    assert korean and (korean != str(note) or code == "seat")   # a seat's name is as the player typed it
    assert not latin_words(korean), korean


@pytest.mark.parametrize("code", sorted(SAMPLES))
def test_a_stored_note_comes_back_the_same_in_both_languages(code):
    note = Note(code, **SAMPLES[code])
    back = from_stored(json.loads(json.dumps(stored(note))))   # as the events table's JSON column keeps it
    assert isinstance(back, Note) and back == note and back.render("ko") == note.render("ko")


def test_an_old_english_note_is_read_as_it_was_stored():
    assert from_stored("Ann gains 2 wood (Forest)") == "Ann gains 2 wood (Forest)"
    gone = {"say": "Note", "code": "a code this app no longer has", "params": {}, "text": "Ann did something"}
    assert from_stored(gone) == "Ann did something"


def test_the_names_inside_a_note_follow_the_language():
    """Solo Play names the bots; the Korean rulebook prints 헬레나 (1인 게임 규칙 4)."""
    note = Note("gains", who=HELENA, items={"marble": 1}, reason=Note("why", key="selling_captured"))
    assert note == "Helena gains 1 marble (selling captured workers)"
    assert note.render("ko") == "헬레나: 대리석 1 받음 (포획된 일꾼 팔기)"


def test_a_move_returns_notes_whose_english_is_unchanged_and_which_read_in_korean():
    """Rulebook, Workshop: 'pay a total of 4 Silver. 2 of these are Tax'."""
    state = table.new_game({"title": "t", "players": [{"name": "민지"}, {"name": "서준"}]})
    state["players"][0]["silver"] = 6
    _state, notes = table.apply(state, {"kind": "hire", "player": 0, "apprentice": "acolyte_1", "source": "workshop"})
    assert all(isinstance(note, Note) for note in notes)
    assert notes[:2] == ["민지 pays 4 silver (hiring at the Workshop)", "2 tax to the Tax Stand (now 6)"]
    assert [note.render("ko") for note in notes[:2]] == ["민지: 은화 4 냄 (작업장에서 고용)", "세금 2개를 세금 관리소에 (현재 6)"]
    assert notes[2].startswith("민지 hires the Acolyte") and "수행사제" in notes[2].render("ko")


def play(state: dict, *moves: dict) -> list:
    notes = []
    for move in moves:
        state, said = table.apply(state, move)
        notes += said
    return notes


def test_every_note_of_a_busy_game_is_a_code_said_in_korean():
    """A game through the Black Market, a reset, the Cathedral, captures, the Prison, the
    Tax Stand, debts, the final round and the count: no note stays an English-only string."""
    state = table.new_game({"mode": "two_vs_bot", "opponent": "helena", "title": "t",
                            "players": [{"name": "민지"}, {"name": "서준"}], "seed": 3})
    for player in state["players"]:
        player.update(silver=30, wood=10, clay=10, stone=10, gold=5, marble=5)
    notes = play(
        state,
        {"kind": "hire", "player": 0, "apprentice": "acolyte_1", "source": "workshop"},
        {"kind": "black_market", "player": 0, "space": "small", "marble": 1},
        {"kind": "black_market", "player": 1, "space": "middle", "apprentice": "conspirator_1"},
        {"kind": "black_market", "player": "bot", "space": "large"},
        {"kind": "advance_cathedral", "player": 0, "reward": "silver3_virtue1"},
        {"kind": "capture", "player": 0, "victim": 1, "count": 2, "paid_captures": 1},
        {"kind": "rescue", "player": 1, "payment": "debt"},
        {"kind": "capture", "player": 0, "victim": 1, "count": 2},
        {"kind": "send_to_prison", "player": 0},
        {"kind": "release_prisoners", "player": 1},
        {"kind": "pay_tax", "player": 1, "amount": 1},
        {"kind": "steal_tax", "player": 1},
        {"kind": "take_debts", "player": 0, "count": 1},
        {"kind": "pay_debt", "player": 0},
        {"kind": "resources", "player": 0, "clay": 2, "wood": -1},
        {"kind": "virtue", "player": 1, "delta": -1},
    )
    assert len(notes) > 20
    english_only = [note for note in notes if not isinstance(note, Note)]
    assert not english_only
    for note in notes:
        assert not latin_words(note.render("ko")), (str(note), note.render("ko"))


def test_a_name_from_the_table_inside_another_code_follows_the_language():
    """A refusal or a bot step that names the bot with ``actors.name()`` says 헬레나 on a Korean page."""
    from companion.i18n.reasons import Coded

    class Said(Coded):
        RENDERERS = {"en": {"waits": lambda who: f"{who} waits"}, "ko": {"waits": lambda who: f"{who}: 기다림"}}

    state = table.new_game({"mode": "solo", "opponent": "helena", "title": "t", "players": [{"name": "민지"}]})
    said = Said("waits", who=table.actors.name(state, "bot"))
    assert said == "Helena waits" and said.render("ko") == "헬레나: 기다림"


def test_another_code_quoting_a_note_is_stored_with_the_note_s_code():
    """The bot's steps are events' notes too: one that quotes a table note keeps it said in Korean."""
    from companion.i18n.reasons import Coded

    class Quoted(Coded):
        RENDERERS = {"en": {"quote": lambda note: f"({note})"}, "ko": {"quote": lambda note: f"({note})"}}

    step = Quoted("quote", note=Note("takes_debts", who=HELENA, count=1, now=2))
    back = from_stored(json.loads(json.dumps(stored(step))))
    assert isinstance(back, Quoted) and back == "(Helena takes 1 unpaid debt (now 2))"
    assert back.render("ko") == "(헬레나: 미납 채권 1장을 받음 (현재 2))"


RULEBOOK_TERMS = ("virtue", "unpaid_debt", "cathedral", "guildhall", "black_market", "tax_stand", "prison",
                  "apprentice", "worker", "silver", "town_centre", "workshop", "building_card", "final_round",
                  "black_market_reset", "tool", "adornment")


@pytest.mark.parametrize("code", sorted(SAMPLES))
def test_a_note_naming_a_game_term_uses_the_korean_rulebook_s_word(code):
    """The glossary (seed 001's words): 'unpaid debt' -> 미납 채권, 'Guildhall' -> 길드홀, ..."""
    from companion.aotwk.i18n.glossary import term
    note = Note(code, **SAMPLES[code])
    for key in RULEBOOK_TERMS:
        if re.search(rf"\b{re.escape(term(key, 'en'))}s?\b", note, re.I):
            assert term(key, "ko") in note.render("ko"), (key, str(note), note.render("ko"))
