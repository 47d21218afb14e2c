"""What a table move worked out leaves the rules core as codes (companion/aotwk/i18n/table_notes.py):
English as the notes always read, Korean with the Korean rulebook's words."""

from __future__ import annotations

import json
import re

from companion.i18n.reasons import from_stored, stored
from companion.aotwk.rules.codes import Note
from companion.aotwk.rules import table

MINJI, SEOJUN = Note("seat", name="민지"), Note("seat", name="서준")
HELENA = Note("bot", opponent="helena")
WHY = Note("why", key="black_market")

def latin_words(text: str) -> list[str]:
    return re.findall(r"[A-Za-z]{2,}", text)


def test_a_kept_note_comes_back_the_same_in_both_languages():
    note = Note("captured_correction", who=MINJI, before=1, after=2, holdings=[[SEOJUN, 2]], unknown=1)
    back = from_stored(json.loads(json.dumps(stored(note))))   # as the events table's JSON column keeps it
    assert isinstance(back, Note) and back == note == "민지: captured workers held 1 → 2 (2 of 서준's, 1 not booked to anyone)"
    assert back.render("ko") == note.render("ko") == "민지: 보유한 포획된 일꾼 1 → 2 (서준의 일꾼 2명, 주인이 기록되지 않은 일꾼 1명)"


def test_a_particle_follows_the_name_it_is_written_on():
    assert Note("takes_back", who=MINJI, count=2, captor=HELENA, held=0).render("ko") == (
        "민지: 헬레나에게서 일꾼 2명을 되찾음 (헬레나는 현재 0명 보유)")
    assert Note("advances", who=MINJI, level=3).render("ko") == "민지: 대성당 레벨 3으로 추진"
    assert Note("advances", who=MINJI, level=2).render("ko") == "민지: 대성당 레벨 2로 추진"


def test_counts_in_the_singular_and_the_plural():
    assert Note("tools_now", who=MINJI, count=1) == "민지 now has 1 Tool"
    assert Note("tools_now", who=MINJI, count=2) == "민지 now has 2 Tools"
    assert Note("takes_debts", who=MINJI, count=1, now=1) == "민지 takes 1 unpaid debt (now 1)"
    assert Note("takes_debts", who=MINJI, count=2, now=2, reason=WHY) == "민지 takes 2 unpaid debts (Black Market; now 2)"
    assert Note("takes_debts", who=MINJI, count=2, now=2, reason=WHY).render("ko") == "민지: 미납 채권 2장을 받음 (암시장; 현재 2)"


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
    assert notes[:2] == ["민지 pays 4 silver (hiring at the Workshop)", "민지 pays 2 tax to the Tax Stand (now 6)"]
    assert [note.render("ko") for note in notes[:2]] == ["민지: 은화 4 냄 (작업장에서 고용)", "민지: 세금 2개를 세금 관리소에 냄 (현재 6)"]
    assert notes[2].startswith("민지 hires the Acolyte") and "수행사제" in notes[2].render("ko")


def test_tax_paid_names_who_paid_and_a_note_stored_before_still_reads():
    """Playtest: "3 tax to the Tax Stand (now 3)" read with no subject where the game does not track
    resources (no "pays" line before it). A note stored by an earlier release has no ``who``."""
    assert Note("tax_paid", who="Bob", tax=3, total=3) == "Bob pays 3 tax to the Tax Stand (now 3)"
    old = Note("tax_paid", tax=3, total=3)
    assert old == "3 tax to the Tax Stand (now 3)" and old.render("ko") == "세금 3개를 세금 관리소에 (현재 3)"


def test_where_an_apprentice_was_hired_is_the_place_as_the_game_names_it():
    """Rulebook, Workshop and Black Market (middle space: 'Hire any faceup Apprentice'): the place as
    printed, 'Workshop', 'Black Market'; the Korean rulebook's 작업장, 암시장 (glossary_ko.yaml)."""
    state = table.new_game({"title": "t", "players": [{"name": "민지"}, {"name": "Bob"}]})
    state["players"][0]["silver"] = 6
    _state, at_workshop = table.apply(state, {"kind": "hire", "player": 0, "apprentice": "acolyte_1",
                                              "source": "workshop"})
    _state, at_black_market = table.apply(state, {"kind": "hire", "player": 1, "apprentice": "gatekeeper_1",
                                                  "source": "black_market"})
    hired = [note for note in at_workshop + at_black_market if note.code == "hires"]
    assert hired == ["민지 hires the Acolyte (Workshop)", "Bob hires the Gatekeeper (Black Market)"]
    assert [note.render("ko") for note in hired] == ["민지: 수행사제 고용 (작업장)", "Bob: 문지기 고용 (암시장)"]
    # a note kept before the Black Market's key was the place's reads the same
    kept = Note("hires", who=MINJI, apprentice="gatekeeper_1", source=Note("why", key="black_market_source"))
    assert kept == "민지 hires the Gatekeeper (Black Market)" and kept.render("ko") == "민지: 문지기 고용 (암시장)"


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
        SENTENCES = {"names": lambda who: who}   # a sentence that is its parameter, said in the sentence's language

    state = table.new_game({"mode": "solo", "opponent": "helena", "title": "t", "players": [{"name": "민지"}]})
    said = Said("names", who=table.actors.name(state, "bot"))
    assert said == "Helena" and said.render("ko") == "헬레나"


def test_another_code_quoting_a_note_is_stored_with_the_note_s_code():
    """The bot's steps are events' notes too: one that quotes a table note keeps it said in Korean."""
    from companion.i18n.reasons import Coded

    class Quoted(Coded):
        SENTENCES = {"quote": lambda note: note}

    step = Quoted("quote", note=Note("takes_debts", who=HELENA, count=1, now=2))
    back = from_stored(json.loads(json.dumps(stored(step))))
    assert isinstance(back, Quoted) and back == "Helena takes 1 unpaid debt (now 2)"
    assert back.render("ko") == "헬레나: 미납 채권 1장을 받음 (현재 2)"
