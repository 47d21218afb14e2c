"""The Amytis score's reasons, the pad's refusals and notes and a document's problems leave the rules as
codes (companion/amytis/words.py); their sentences are catalogue messages (tests/i18n/test_translations.py
checks each has Korean)."""

import json

from companion.amytis.favors import rules
from companion.amytis.scoring import score_favor
from companion.amytis.words import AmytisReason, favor_words, stack_words
from companion.i18n import reasons


def test_counted_words_are_plural_in_english_and_bare_numbers_in_korean():
    """Seed 002, FAVORS: 'Gain 3 points for each stack of exactly 1 tile'."""
    assert AmytisReason("exact_stacks", stacks=1, tiles=2, points=2) == "1 stack of exactly 2 tiles × 2"
    assert AmytisReason("exact_stacks", stacks=3, tiles=1, points=3) == "3 stacks of exactly 1 tile × 3"
    assert AmytisReason("exact_stacks", stacks=3, tiles=1, points=3).render("ko") == "정확히 1타일인 더미 3개 × 3"
    assert AmytisReason("projects", cards=[]).render("ko") == "완성한 프로젝트 카드 없음"
    assert AmytisReason("projects", cards=[5, 3]) == "2 validated Project cards: 5 + 3"


def test_a_stacks_place_in_each_language():
    assert stack_words("top-left", "en") == "top-left" and stack_words("top-left", "ko") == "위 왼쪽"
    assert stack_words("middle", "ko") == "가운데"


def test_a_staircase_reason_keeps_its_english_and_says_it_in_korean():
    """Seed 002, FAVORS: 'Gain 6 points for each row and column of your Player board that forms a
    staircase, having stacks of respectively 1, 2, and 3 tiles'."""
    scored = score_favor(rules().favors["staircases"], [[1, 2, 3], [2, 0, 0], [3, 0, 0]], 0)
    assert isinstance(scored.reason, AmytisReason)
    assert scored.reason == "2 staircases (row 1, column 1) × 6" and scored.points == 12
    assert scored.reason.render("ko") == "계단 2개 (가로줄 1, 세로줄 1) × 6"
    assert json.loads(json.dumps({"why": scored.reason})) == {"why": "2 staircases (row 1, column 1) × 6"}


def test_a_favor_says_what_it_scores_for_from_its_numbers():
    """Seed 002, FAVORS: 'Gain 3 points for each stack of exactly 1 tile', 'Gain 6 points for each row
    and column ... having stacks of respectively 1, 2, and 3 tiles'. The label is data (printed), the
    sentence a catalogue message of the favor's numbers."""
    favors = rules().favors
    assert favor_words(favors["stacks_of_1"], "en") == ("I", "3 per stack of exactly 1 tile")
    assert favor_words(favors["stacks_of_2"], "en") == ("II", "2 per stack of exactly 2 tiles")   # counted: a plural
    assert favor_words(favors["stacks_of_1"], "ko") == ("I", "정확히 1타일인 더미마다 3점")   # a printed symbol stays
    assert favor_words(favors["staircases"], "ko") == ("계단", "1, 2, 3타일 더미로 된 가로줄이나 세로줄마다 6점 (어느 방향이든)")
    assert favor_words(favors["corners"], "fr") == ("Corners", "5 per corner with 3 or more tiles")   # no catalogue: English


def test_a_korean_refusal_takes_the_particle_its_word_ends_with():
    from companion.amytis.words import PadRefusal
    assert PadRefusal("whole_number", what="row", low=1, high=3) == "The row must be a whole number from 1 to 3."
    assert PadRefusal("whole_number", what="row", low=1, high=3).render("ko") == "가로줄은 1부터 3까지의 정수여야 합니다."
    assert PadRefusal("whole_number", what="total", low=0, high=9).render("ko") == "합계는 0부터 9까지의 정수여야 합니다."
    assert PadRefusal("favor_taken", name="지우").render("ko").startswith("지우가 이미")
    assert PadRefusal("favor_taken", name="민준").render("ko").startswith("민준이 이미")
    assert PadRefusal("no_track_pawn", name="Ann").render("ko").startswith("Ann은(는) ")   # a Latin name: both


def test_the_unscorable_refusal_says_each_problem_beside_its_path_in_the_readers_language():
    """The pad's last guard: a tap never stores a document the score command would refuse."""
    from companion.amytis.words import AmytisProblem, PadRefusal
    refusal = PadRefusal("unscorable", problems=[("players[0].favors", AmytisProblem("favors", got="text")),
                                                 ("players", AmytisProblem("exactly_players", count=2, got=3))])
    assert refusal == ("That would make the game unscorable: players[0].favors: must be a list of favors (got text); "
                       "players: must be exactly 2 players: the game is for two (got 3)")
    assert refusal.render("ko") == ("그러면 점수를 셀 수 없습니다: players[0].favors: 호의 목록이어야 합니다 (받은 값: 글자); "
                                    "players: 플레이어는 정확히 2명이어야 합니다: 2인용 게임입니다 (받은 값: 3명)")


def test_a_sixth_pawn_is_refused_with_a_code_that_keeps_its_english():
    """Seed 002, setup: 'Place your 4 architects and 5 remaining pawns nearby to form your supply'."""
    import pytest

    from companion.amytis import pad
    from companion.amytis.words import PadRefusal
    state = pad.new_game(["민준", "Paul"])
    state["players"][0].update(favors=["stacks_of_1", "stacks_of_2", "corners"], favor_track_pawns=2)
    with pytest.raises(pad.Refused) as refused:
        pad.apply(state, {"kind": "amytis_favor", "player": 0, "favor": "staircases", "claimed": True})
    assert isinstance(refused.value.why, PadRefusal)
    assert str(refused.value) == "민준 has placed all 5 pawns for favors (3 favors, 2 on the pawn-count part)."
    assert refused.value.why.render("ko") == "민준은 호의에 놓을 폰 5개를 모두 놓았습니다 (호의 3개, 폰 개수 칸 2개)."
    state["players"][0].update(favors=["corners"], favor_track_pawns=4)
    with pytest.raises(pad.Refused) as refused:
        pad.apply(state, {"kind": "amytis_favor", "player": 0, "favor": "staircases", "claimed": True})
    assert str(refused.value) == "민준 has placed all 5 pawns for favors (1 favor, 4 on the pawn-count part)."


def test_a_pad_note_names_the_stack_and_the_favor_in_korean():
    """Seed 002, FAVORS: 'Gain 5 points for each corner of your Player board that has at least 3 tiles
    in its stack.'"""
    from companion.amytis import pad
    state = pad.new_game(["민준", "Paul"])
    state, [stacked] = pad.apply(state, {"kind": "amytis_stack", "player": 0, "row": 0, "column": 2, "delta": 1})
    assert stacked == "민준: top-right stack 0 → 1 tile"
    assert stacked.render("ko") == "민준: 위 오른쪽 더미 타일 0 → 1개"
    state, [again] = pad.apply(state, {"kind": "amytis_stack", "player": 0, "row": 0, "column": 2, "delta": 1})
    assert again == "민준: top-right stack 1 → 2 tiles"
    _, [claimed] = pad.apply(state, {"kind": "amytis_favor", "player": 0, "favor": "corners", "claimed": True})
    assert claimed == "민준 placed a pawn on favor Corners (5 per corner with 3 or more tiles)"
    assert claimed.render("ko") == "민준: 호의 모서리(3타일 이상인 모서리마다 5점)에 폰을 놓았습니다"
    stored = json.loads(json.dumps(reasons.stored(claimed)))   # a history keeps the code: said again later
    assert reasons.from_stored(stored).render("ko") == claimed.render("ko")
