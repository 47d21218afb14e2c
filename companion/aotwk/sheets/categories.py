"""The rows of a score sheet: every scoring category the engine reports, in the
order of the paper score pad, with the name of its rulebook icon and a one-line
reminder of how it scores (printed on the blank pad for groups who add up by hand).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from companion.aotwk.catalogue import load
from companion.aotwk.i18n.names import card_name
from companion.i18n.sentences import LIST, Context, Joined, Lookup, Phrase, said

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

    def how_in(self, lang: str) -> str:
        """How the row scores, in ``lang`` (the rulebook's words, the catalogue's card names)."""
        how = _tools_row(load()) if self.key == "tools" else _how_rows().get(self.key)
        return "" if how is None else str(said(how, lang))


# The blank pad's reminders: catalogue messages (a row's numbers are the catalogue's).
HOW_PRINTED_AND_BONUSES = Context("pad reminder", "printed VP + end-game bonuses")
HOW_LEVELS = Context("pad reminder", "level 0-{top}: {vps}")
HOW_TRACK = Context("pad reminder", "track {lowest}-{highest}: {worst} ... {best}")
HOW_DEBTS = Context("pad reminder", "{vp} each ({cards})")
HOW_DEBT_CARD = Context("pad reminder", "{card}: {vp} each")
HOW_DEBT_CARD_UNDER_BUILDINGS = Context("pad reminder", "{card}: {vp} each under buildings")
HOW_ONE_EACH = Context("pad reminder", "+1 each")
HOW_PER_WORKER = Context("pad reminder", "{opponents} each")
HOW_OPPONENT = Context("pad reminder", "{opponent} {vp}")
HOW_SILVER = Context("pad reminder", "+1 per {n}")
HOW_PRISON = Context("pad reminder", "-1 per {n} in the Prison")
HOW_PRINTED = Context("pad reminder", "printed VP")
HOW_TOOLS_ENTERED = Context("pad reminder", "{scale} ({entered} entered at this table)")


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


@cache
def _how_rows() -> dict[str, object]:
    c = load()
    # every building that changes what an unpaid debt costs (Fountain, Gambler's Den)
    debt_cards = Joined([Phrase(HOW_DEBT_CARD_UNDER_BUILDINGS if b.effect["booked_in"] == "buildings" else HOW_DEBT_CARD,
                                card=Lookup(card_name, "building", b.id), vp=_signed(b.effect["vp_per_debt"]))
                         for b in c.buildings.values() if b.effect.get("kind") == "debt_penalty"], LIST)
    per_worker = Joined([Phrase(HOW_OPPONENT, opponent=Lookup(card_name, "opponent", o.id), vp=_signed(o.guildhall_worker_vp))
                         for o in c.opponents.values()], LIST)
    return {
        "buildings": HOW_PRINTED_AND_BONUSES,
        "cathedral": Phrase(HOW_LEVELS, top=c.cathedral_top, vps=" / ".join(str(vp) for vp in c.cathedral_vp_table)),
        "virtue": Phrase(HOW_TRACK, lowest=c.virtue_min, highest=c.virtue_max, worst=_signed(c.virtue_vp_table[0]),
                         best=_signed(c.virtue_vp_table[-1])),
        "debts": Phrase(HOW_DEBTS, vp=c.debt_vp, cards=debt_cards),
        "gold_marble": HOW_ONE_EACH,
        "marble": HOW_ONE_EACH,
        "guildhall": Phrase(HOW_PER_WORKER, opponents=per_worker),
        "silver": Phrase(HOW_SILVER, n=c.silver_per_vp),
        "prison": Phrase(HOW_PRISON, n=c.prisoners_per_lost_vp),
        "adornments": HOW_PRINTED,
    }


def _tools_row(c):
    """The tools scale as far as it is known: our sources' points, plus any a card library
    entered at this table (labelled; 6 stands for 6 or more). Never cached: the library
    in use depends on the request."""
    shown = {n: vp for n, vp in c.tools_vp_table.items() if 0 < n <= 6}
    scale = ", ".join(f"{n}{'+' if n == 6 else ''}: {vp}" for n, vp in sorted(shown.items()))
    entered = [str(n) for n in sorted(shown) if c.is_entered(f"tools_vp.{n}")]
    return Phrase(HOW_TOOLS_ENTERED, scale=scale, entered=", ".join(entered)) if entered else scale


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
