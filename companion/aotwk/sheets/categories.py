"""The rows of a score sheet: every scoring category the engine reports, in the
order of the paper score pad, with the name of its rulebook icon and a one-line
reminder of how it scores (printed on the blank pad for groups who add up by hand).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from companion.aotwk.catalogue import load

AGE_OF_ARTISANS = "age_of_artisans"


def N_(text: str) -> str:
    """Marks a label for translation (pybabel's N_ keyword); the sheet translates it when shown."""
    return text


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

    def how_in(self, lang: str) -> str:
        return _how_rows_ko().get(self.key, "") if lang == "ko" else self.how


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


@cache
def _how_rows_ko() -> dict[str, str]:
    """The blank pad's reminders in the Korean rulebook's words (glossary_ko.yaml)."""
    c = load()
    fountain = c.buildings["fountain"]
    per_worker = ", ".join(f"{o.name_ko or o.name_en} {_signed(o.guildhall_worker_vp)}" for o in c.opponents.values())
    return {
        "buildings": "인쇄된 승점 + 게임종료 보너스",
        "cathedral": f"레벨 0-{c.cathedral_top}: " + " / ".join(str(vp) for vp in c.cathedral_vp_table),
        "virtue": f"선행 트랙 {c.virtue_min}-{c.virtue_max}: {_signed(c.virtue_vp_table[0])} ... "
                  f"{_signed(c.virtue_vp_table[-1])}",
        "debts": f"1장마다 {c.debt_vp} ({fountain.name_ko or fountain.name_en}: "
                 f"{c.debt_vp + fountain.effect['vp_per_debt']})",
        "gold_marble": "1개마다 +1",
        "marble": "1개마다 +1",
        "guildhall": f"1개마다 {per_worker}",
        "silver": f"{c.silver_per_vp}개마다 +1",
        "prison": f"교도소의 일꾼 {c.prisoners_per_lost_vp}개마다 -1",
        "adornments": "인쇄된 승점",
        "tools": ", ".join(f"{n}: {vp}" for n, vp in sorted(c.tools_vp_table.items()) if n),
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
    Category("buildings", N_("Buildings"), "building", True, False),
    Category("cathedral", N_("Cathedral"), "cathedral", True, True),
    Category("virtue", N_("Virtue"), "virtue", True, True),
    Category("debts", N_("Unpaid debts"), "debt", True, True),
    Category("gold_marble", N_("Gold & marble"), "gold", True, False),
    Category("marble", N_("Marble"), "marble", False, True),
    Category("guildhall", N_("Guildhall workers"), "guildhall", False, True),
    Category("silver", N_("Silver"), "silver", True, False),
    Category("prison", N_("Prisoners"), "prison", True, True),
    Category("adornments", N_("Adornments"), "adornment", True, True, AGE_OF_ARTISANS),
    Category("tools", N_("Tools"), "tool", True, False, AGE_OF_ARTISANS),
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


def in_play(keys, expansions) -> list[Category]:
    """The rows a game's score shows (the score page and the sheet): ``ordered(keys)``, an
    expansion's rows only in a game that plays it (Age of Artisans, Game End: 'In addition to
    the original scoring steps, players also score Victory Points for their Adornments and Tools')."""
    return [category for category in ordered(keys) if category.expansion is None or category.expansion in expansions]


def for_pad(*, with_bot: bool, expansion: bool) -> list[Category]:
    """The rows of a blank pad."""
    return [category for category in CATEGORIES
            if (category.players or (with_bot and category.bot))
            and (category.expansion is None or expansion)]
