"""The blank pad's row reminders (companion/sheets/categories.py)."""

from companion.sheets.categories import BY_KEY


def test_the_debts_row_names_every_building_that_changes_a_debt():
    """Appendix: the Fountain makes unpaid debts cost less; the Gambler's Den costs 1 VP more per
    unpaid debt (booked under buildings): both belong on the pad's debts reminder."""
    how = BY_KEY["debts"].how
    assert how.startswith("-2 each")
    assert "Fountain: +1 each" in how
    assert "Gambler's Den: -1 each under buildings" in how
