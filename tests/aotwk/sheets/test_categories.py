"""The blank pad's row reminders (companion/aotwk/sheets/categories.py)."""

from companion.aotwk.sheets.categories import BY_KEY


def test_the_debts_row_names_every_building_that_changes_a_debt():
    """Appendix: the Fountain makes unpaid debts cost less; the Gambler's Den costs 1 VP more per
    unpaid debt (booked under buildings): both belong on the pad's debts reminder."""
    how = BY_KEY["debts"].how_in("en")
    assert how.startswith("-2 each")
    assert "Fountain: +1 each" in how
    assert "Gambler's Den: -1 each under buildings" in how


def test_the_tools_row_shows_library_values_marked_and_never_keeps_them():
    """Age of Artisans: '3 Tools, they would score 4 VP, whereas 5 Tools would score a total of 9 VP'."""
    from companion.aotwk import catalogue

    assert BY_KEY["tools"].how_in("en") == "1: 1, 3: 4, 5: 9"
    with catalogue.using({"tools_vp.2": 2}):
        assert BY_KEY["tools"].how_in("en") == "1: 1, 2: 2, 3: 4, 5: 9 (2 entered at this table)"
    assert BY_KEY["tools"].how_in("en") == "1: 1, 3: 4, 5: 9"


def test_a_reminder_is_one_sentence_for_every_language():
    """Korean: the rulebook's words and the Korean edition's card names (분수대, 헬레나), the same numbers."""
    assert BY_KEY["debts"].how_in("ko") == "1장마다 -2 (분수대: 1장마다 +1, 도박꾼 소굴: 1장마다 -1 (건물 점수에))"
    assert BY_KEY["guildhall"].how_in("ko") == "1명마다 콘스탄틴 +1, 헬레나 +3"
    assert BY_KEY["guildhall"].how_in("en") == "Constantine +1, Helena +3 each"
