"""The Amytis score's reasons leave its engine as codes (companion/i18n/amytis_words.py)."""

import json

from companion.amytis.favors import rules
from companion.amytis.scoring import score_favor
from companion.i18n.amytis_words import ENGLISH, KOREAN, AmytisReason


def test_every_code_has_a_korean_sentence():
    assert set(KOREAN) == set(ENGLISH)


def test_a_staircase_reason_keeps_its_english_and_says_it_in_korean():
    """Seed 002, FAVORS: 'Gain 6 points for each row and column of your Player board that forms a
    staircase, having stacks of respectively 1, 2, and 3 tiles'."""
    scored = score_favor(rules().favors["staircases"], [[1, 2, 3], [2, 0, 0], [3, 0, 0]], 0)
    assert isinstance(scored.reason, AmytisReason)
    assert scored.reason == "2 staircases (row 1, column 1) × 6" and scored.points == 12
    assert scored.reason.render("ko") == "계단 2개 (가로줄 1, 세로줄 1) × 6"
    assert json.loads(json.dumps({"why": scored.reason})) == {"why": "2 staircases (row 1, column 1) × 6"}
