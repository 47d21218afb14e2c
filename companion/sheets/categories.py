"""The rows of a score sheet: every scoring category the engine reports, in the
order of the paper score pad, with the name of its rulebook icon and a one-line
reminder of how it scores (printed on the blank pad for groups who add up by hand).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from companion.catalogue import load

AGE_OF_ARTISANS = "age_of_artisans"


@dataclass(frozen=True)
class Category:
    key: str            # the key in the engine's "categories" output
    label: str          # the row heading
    icon: str           # the rulebook icon it stands for; also the file static/sheets/icons/<icon>.svg
    players: bool       # a human player scores this row
    bot: bool           # the solo bot scores this row
    expansion: str | None = None  # only with this expansion in play

    @property
    def how(self) -> str:
        """How the row scores, for the blank pad (the catalogue's numbers)."""
        if self.key == "tools":
            return _tools_row(load())
        return _how_rows().get(self.key, "")


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


@cache
def _how_rows() -> dict[str, str]:
    c = load()
    # every building that changes what an unpaid debt costs (Fountain, Gambler's Den)
    debt_cards = ", ".join(
        f"{b.name_en}: {_signed(b.effect['vp_per_debt'])} each"
        + (" under buildings" if b.effect["booked_in"] == "buildings" else "")
        for b in c.buildings.values() if b.effect.get("kind") == "debt_penalty")
    per_worker = ", ".join(f"{o.name_en} {_signed(o.guildhall_worker_vp)}" for o in c.opponents.values())
    return {
        "buildings": "printed VP + end-game bonuses",
        "cathedral": f"level 0-{c.cathedral_top}: " + " / ".join(str(vp) for vp in c.cathedral_vp_table),
        "virtue": f"track {c.virtue_min}-{c.virtue_max}: {_signed(c.virtue_vp_table[0])} ... "
                  f"{_signed(c.virtue_vp_table[-1])}",
        "debts": f"{c.debt_vp} each ({debt_cards})",
        "gold_marble": "+1 each",
        "marble": "+1 each",
        "guildhall": f"{per_worker} each",
        "silver": f"+1 per {c.silver_per_vp}",
        "prison": f"-1 per {c.prisoners_per_lost_vp} in the Prison",
        "adornments": "printed VP",
    }


def _tools_row(c) -> str:
    """The tools scale as far as it is known: our sources' points, plus any a card library
    entered at this table (labelled; 6 stands for 6 or more). Never cached: the library
    in use depends on the request."""
    shown = {n: vp for n, vp in c.tools_vp_table.items() if 0 < n <= 6}
    text = ", ".join(f"{n}{'+' if n == 6 else ''}: {vp}" for n, vp in sorted(shown.items()))
    entered = [str(n) for n in sorted(shown) if c.is_entered(f"tools_vp.{n}")]
    return text + (f" ({', '.join(entered)} entered at this table)" if entered else "")


CATEGORIES: tuple[Category, ...] = (
    Category("buildings", "Buildings", "building", True, False),
    Category("cathedral", "Cathedral", "cathedral", True, True),
    Category("virtue", "Virtue", "virtue", True, True),
    Category("debts", "Unpaid debts", "debt", True, True),
    Category("gold_marble", "Gold & marble", "gold", True, False),
    Category("marble", "Marble", "marble", False, True),
    Category("guildhall", "Guildhall workers", "guildhall", False, True),
    Category("silver", "Silver", "silver", True, False),
    Category("prison", "Prisoners", "prison", True, True),
    Category("adornments", "Adornments", "adornment", True, True, AGE_OF_ARTISANS),
    Category("tools", "Tools", "tool", True, False, AGE_OF_ARTISANS),
)

BY_KEY = {category.key: category for category in CATEGORIES}


def ordered(keys) -> list[Category]:
    """The known categories among ``keys`` in pad order, then any the engine
    added later (a new category must still reach the sheet, never be dropped)."""
    keys = list(dict.fromkeys(keys))
    known = [category for category in CATEGORIES if category.key in keys]
    extra = [Category(key, key.replace("_", " ").capitalize(), "generic", True, True)
             for key in keys if key not in BY_KEY]
    return known + extra


def for_pad(*, with_bot: bool, expansion: bool) -> list[Category]:
    """The rows of a blank pad."""
    return [category for category in CATEGORIES
            if (category.players or (with_bot and category.bot))
            and (category.expansion is None or expansion)]
