"""What the table page's live region shows beyond the state itself: each seat's status,
the Guildhall, the seats in this phone's order, where a change's result is placed, and which
moves have their own controls."""

from __future__ import annotations

import re
from typing import Any

from flask_babel import lazy_gettext as _l
from markupsafe import Markup

from companion.aotwk.catalogue import RESOURCES, load
from companion.aotwk.i18n.setup_steps import checklist_lines
from companion.aotwk.rules import table
from companion.aotwk.rules.table.actors import abilities as table_abilities
from companion.aotwk.web.move_choices import BOT, artisans, who_name
from companion.aotwk.web.move_forms import move_options
from companion.i18n.reasons import render_reason
from companion.web.i18n import language


# Counters with a relative move of their own: (state key, move kind, label).
COUNTERS = (
    ("prisoners", "prisoners", _l("Workers in Prison")),
    ("captured", "captured", _l("Captured workers held")),
)


REASONS = ("placement_reason", "cathedral_reason", "black_market_reason")   # why a seat cannot: Refusal codes


def status_of(state: dict, who: Any) -> dict:
    """A seat's status flags (table.status), its reasons in the reader's language."""
    try:
        flags = table.status(state, who)
    except (KeyError, TypeError, table.MoveError):
        return {}   # an imported score-only document lacks what the live rules need
    said = {**flags, **{key: render_reason(flags[key], language()) or None for key in REASONS if key in flags}}
    return {**said, "name": who_name(state, who)} if who == BOT and said.get("name") else said


def guildhall(state: dict) -> dict:
    """The Guildhall as the page draws it: spaces in order, who placed each, the resets, the next space."""
    tbl = state.get("table") or {}
    layout = table.guildhall_layout(state)
    capacity = tbl.get("guildhall_capacity") or layout.capacity
    placed = list(tbl.get("guildhall") or [])
    resets = set(tbl.get("guildhall_reset_at") or [])
    spaces = [{"number": n, "who": placed[n - 1] if n <= len(placed) else None, "reset": n in resets,
               "next": n == len(placed) + 1} for n in range(1, capacity + 1)]
    columns = layout.columns
    final = tbl.get("final_round")
    return {"spaces": spaces, "columns": columns, "placed": len(placed), "capacity": capacity,
            "final_round": final, "beside": tbl.get("beside_guildhall") or []}


TABLE_SEAT = "table"   # "The whole table": a shared tablet, every seat in full


def seat_of(state: dict, chosen: Any) -> Any:
    """The seat a phone chose (from its session), as the page uses it: a seat index, the
    whole table, or None (not asked yet, or the seat no longer exists)."""
    if chosen == TABLE_SEAT:
        return TABLE_SEAT
    if isinstance(chosen, str) and chosen.isdecimal():
        chosen = int(chosen)
    if isinstance(chosen, int) and not isinstance(chosen, bool) and 0 <= chosen < len(state.get("players") or []):
        return chosen
    return None


def seat_order(state: dict, me: Any) -> list:
    """Every seat in turn order, this phone's own first."""
    seats = table.everyone(state)
    return ([me] + [who for who in seats if who != me]) if me in seats else seats


def silver_instead(state: dict, who: Any) -> int | None:
    """The silver this seat may pay instead of a debt (Hugo's board), or None."""
    if who == BOT:
        return None
    return next((ability["silver"] for _, ability in table_abilities(state, who, "debt_as_silver")), None)


def for_seat(shared: dict, state: dict, me: Any) -> dict:
    """The board as one phone shows it: ``seat_independent``'s view, with this phone's seat first."""
    return {**shared, "me": me, "seats": seat_order(state, me)}


# Moves the "Record…" list leaves out for a seat whose status says the rules would refuse them now
# (each definition's ``Control.unless``).
REFUSED_NOW = {kind: spec.control.unless for kind, spec in table.MOVES.items() if spec.control.unless}


def record_options(options: dict[str, Markup], who: Any, status: dict) -> Markup:
    """A seat's "Record…" <option>s: its kind's list (built once, move_forms.move_options) less the
    moves the rules would refuse this seat now, such as the Black Market at virtue 10 or more (seed
    000 l.422: "Once players have 10 or more Virtue, they can no longer place Workers in the Black
    Market"): offered, then refused, it cost taps and showed an error."""
    listed = str(options["bot" if who == BOT else "humans"])
    for kind, reason in REFUSED_NOW.items():
        if status.get(reason):
            listed = re.sub(rf'<option value="{kind}">[^<]*</option>', "", listed)
    return Markup(listed)


def seat_independent(state: dict) -> dict:
    """What the live region needs beyond the state, the same for every phone of the table (in
    one language): worked out once per revision, however many seats ask for their page."""
    catalogue = load()
    playing = state.get("mode") != "paper"
    status = {who: status_of(state, who) for who in table.everyone(state)}
    options = move_options(bool(state.get("track_resources", True)), artisans(state), language())
    return {
        "status": status,
        "guildhall": guildhall(state),
        "resources": RESOURCES,
        "counters": COUNTERS,
        # Play controls (virtue, debts, Build...) whenever the table plays with the app;
        # resource counters only when the app checks payments.
        "tracking": playing,
        "payments": playing and state.get("track_resources", True),
        "finished": state.get("phase") == "finished",
        "record_options": {who: record_options(options, who, status[who]) for who in status},
        "refused_in": REFUSED_IN,
        "artisans": artisans(state),
        # Hugo's board: the silver a debt may be paid with instead, per seat that has it
        "silver_instead": {who: silver_instead(state, who) for who in table.everyone(state)},
        "boards": catalogue.boards,
        "buildings": catalogue.buildings,
        "apprentices": catalogue.apprentices,
        "categories": table.CATEGORIES,
        "checklist": checklist_lines(state, language()) if state.get("setup_checklist") else [],
    }


# Where each move's control is (its definition's ``Control``), worked out once here: the page's
# sets are these, never lists of their own.
_PLACE = {kind: spec.control for kind, spec in table.MOVES.items()}

# Where a change's result appears on its player's card: the group of controls that made it.
RESULT_GROUPS = {kind: control.group for kind, control in _PLACE.items() if control.place != table.TABLE}


def result_slot(move: dict) -> str | None:
    """The placeholder the result of a move goes into (None: the top of the page, for a change
    that is no seat's or made with the table's own controls)."""
    who, kind = move.get("player"), move.get("kind")
    if who is None or kind in TABLE_REFUSALS:
        return None
    return f"<!--result:{who}:{RESULT_GROUPS.get(kind, 'more')}-->"


# Moves made with a control of their own (on a card, the table's, another page's); the rest are
# made through their form (from "Record…"), which a refusal draws again.
QUICK_MOVES = frozenset(kind for kind, control in _PLACE.items() if control.place != table.RECORD)

# A refusal of one of these is shown next to its control on the player's card (or in its reopened
# form): not at the top too. (A pad total or a count has no control on the table: sent here by hand,
# its refusal is said at the top.)
PLACED_REFUSALS = frozenset(kind for kind, control in _PLACE.items() if control.place in (table.CARD, table.RECORD))
# ... and of these next to the table's own controls (aotwk/_tablewide.html), whoever made them.
TABLE_REFUSALS = frozenset(kind for kind, control in _PLACE.items() if control.place == table.TABLE)
# A card's group -> the moves whose refusal its controls show (aotwk/_board.html's ``refused``).
REFUSED_IN = {group: tuple(kind for kind, control in _PLACE.items()
                           if control.place == table.CARD and control.group == group)
              for group in {control.group for control in _PLACE.values() if control.place == table.CARD}}
