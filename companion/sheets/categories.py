"""The rows of a score sheet: every scoring category the engine reports, in the
order of the paper score pad, with the name of its rulebook icon and a one-line
reminder of how it scores (printed on the blank pad for groups who add up by hand).
"""

from __future__ import annotations

from dataclasses import dataclass

AGE_OF_ARTISANS = "age_of_artisans"


@dataclass(frozen=True)
class Category:
    key: str            # the key in the engine's "categories" output
    label: str          # the row heading
    icon: str           # the rulebook icon it stands for; also the file static/sheets/icons/<icon>.svg
    how: str            # how the row scores, for the blank pad
    players: bool       # a human player scores this row
    bot: bool           # the solo bot scores this row
    expansion: str | None = None  # only with this expansion in play


CATEGORIES: tuple[Category, ...] = (
    Category("buildings", "Buildings", "building", "printed VP + end-game bonuses", True, False),
    Category("cathedral", "Cathedral", "cathedral", "level 0-5: 0 / 2 / 4 / 7 / 12 / 20", True, True),
    Category("virtue", "Virtue", "virtue", "track 0-14: -9 ... +7", True, True),
    Category("debts", "Unpaid debts", "debt", "-2 each (Fountain: -1)", True, True),
    Category("gold_marble", "Gold & marble", "gold", "+1 each", True, False),
    Category("marble", "Marble", "marble", "+1 each", False, True),
    Category("guildhall", "Guildhall workers", "guildhall", "Constantine +1, Helena +3 each", False, True),
    Category("silver", "Silver", "silver", "+1 per 10", True, False),
    Category("prison", "Prisoners", "prison", "-1 per 2 in the Prison", True, True),
    Category("adornments", "Adornments", "adornment", "printed VP", True, True, AGE_OF_ARTISANS),
    Category("tools", "Tools", "tool", "1: 1, 3: 4, 5: 9", True, False, AGE_OF_ARTISANS),
)

BY_KEY = {category.key: category for category in CATEGORIES}


def ordered(keys) -> list[Category]:
    """The known categories among ``keys`` in pad order, then any the engine
    added later (a new category must still reach the sheet, never be dropped)."""
    keys = list(dict.fromkeys(keys))
    known = [category for category in CATEGORIES if category.key in keys]
    extra = [Category(key, key.replace("_", " ").capitalize(), "generic", "", True, True)
             for key in keys if key not in BY_KEY]
    return known + extra


def for_pad(*, with_bot: bool, expansion: bool) -> list[Category]:
    """The rows of a blank pad."""
    return [category for category in CATEGORIES
            if (category.players or (with_bot and category.bot))
            and (category.expansion is None or expansion)]
