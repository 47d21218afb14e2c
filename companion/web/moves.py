"""Moves from the table page: WTForms forms built from the rules core's ``MOVES``.

Each move kind gets a form class made from its ``Param`` list (cached), plus
the revision the page was rendered at. The form checks shapes (numbers are
numbers, choices are choices); ``table.apply`` checks the rules against the
state current when the change is made, inside the store's transaction.
"""

from __future__ import annotations

from flask import current_app

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from flask_wtf import FlaskForm
from markupsafe import Markup
from werkzeug.datastructures import MultiDict
from wtforms import BooleanField, Field, IntegerField, SelectField, StringField
from wtforms.validators import InputRequired, NumberRange, Optional, ValidationError

from companion.catalogue import RESOURCES, load
from companion.rules import table
from companion.web import history

BOT = "bot"
SANE_COUNT = 1000
# Moves that set something absolutely (or act on "everything now"): made against
# a stale view they could undo another phone's change, so they need the current revision.
NEEDS_CURRENT_REVISION = frozenset({"set_cathedral", "set_total", "finish_game", "black_market_reset", "steal_tax"})
# Counters with a relative move of their own: (state key, move kind, label).
COUNTERS = (
    ("prisoners", "prisoners", "Workers in Prison"),
    ("captured", "captured", "Captured workers held"),
)


class Rejected(Exception):
    """A move the form or the rules refused; ``errors`` maps field name -> message."""

    def __init__(self, kind: str | None, player: Any, errors: dict[str, str]):
        self.kind, self.player, self.errors = kind, player, errors
        super().__init__("; ".join(errors.values()))


@dataclass
class MoveRequest:
    move: dict = field(default_factory=dict)
    revision: int = 0
    refusal: Rejected | None = None

    @property
    def needs_current_revision(self) -> bool:
        kind = self.move.get("kind", "")
        return kind in NEEDS_CURRENT_REVISION or kind.startswith("set_")


# -- forms -----------------------------------------------------------------------------

class PlayerField(SelectField):
    """A seat index, or "bot"; the choices are the game's, set when the form is built."""

    def process_formdata(self, valuelist):
        if valuelist and valuelist[0] not in ("", None):
            raw = valuelist[0]
            self.data = BOT if raw == BOT else raw
        else:
            self.data = None

    def pre_validate(self, form):
        if self.data is None:
            return
        if self.data != BOT and not str(self.data).isdecimal():
            raise ValidationError("Choose a player.")


def _field_for(param) -> Field:
    requirement = InputRequired(f"{param.label} is required.") if param.required else Optional()
    if param.type == "player":
        return PlayerField(param.label, validators=[requirement], choices=[], validate_choice=False)
    if param.type == "int":
        # Where the rules set no bound, a typo bound: nothing on the table counts past a thousand.
        low = param.min if param.min is not None else -SANE_COUNT
        high = param.max if param.max is not None else SANE_COUNT
        return IntegerField(param.label, validators=[requirement, NumberRange(min=low, max=high)],
                            render_kw={"inputmode": "numeric"})
    if param.type == "bool":
        return BooleanField(param.label)
    if param.type == "choice":
        blank = [] if param.required else [("", "—")]
        return SelectField(param.label, validators=[requirement], choices=blank + [(c, _words(c)) for c in param.choices],
                           validate_choice=False)
    return StringField(param.label, validators=[requirement])


@cache
def form_class(kind: str) -> type[FlaskForm]:
    spec = table.MOVES[kind]
    attributes = {"rev": IntegerField("Revision", validators=[InputRequired("The page's revision is missing.")])}
    for param in spec.params:
        attributes[param.name] = _field_for(param)
    return type(f"{kind.title().replace('_', '')}Form", (FlaskForm,), attributes)


def _words(identifier: str) -> str:
    return identifier.replace("_", " ").capitalize()


def _move_from(form: FlaskForm, kind: str) -> dict:
    move: dict[str, Any] = {"kind": kind}
    for param in table.MOVES[kind].params:
        value = getattr(form, param.name).data
        if param.type == "player" and value not in (None, BOT):
            value = int(value)
        if param.type in ("choice", "text", "building", "apprentice") and value == "":
            value = None
        if value is not None and not (param.type == "bool" and value is False):
            move[param.name] = value
    return move


def read_move(formdata: MultiDict) -> MoveRequest:
    """The move a form posted, or a MoveRequest whose refusal says what is wrong with it."""
    kind = formdata.get("kind", "")
    player = formdata.get("player")
    if kind not in table.MOVES:
        return MoveRequest(refusal=Rejected(None, player, {"kind": "That is not something the app can record."}))
    form = form_class(kind)(formdata=formdata)
    if not form.validate():
        errors = {name: messages[0] for name, messages in form.errors.items() if name != "csrf_token"}
        return MoveRequest(revision=form.rev.data or 0, refusal=Rejected(kind, player, errors))
    return MoveRequest(move=_move_from(form, kind), revision=form.rev.data)


def applier(move: dict):
    """The change to run inside the store's transaction: the rules, on the current state."""
    def apply_to(state: dict):
        try:
            return table.apply(state, move)
        except table.MoveError as refused:
            raise Rejected(move["kind"], move.get("player"), {refused.field or "move": refused.message}) from None
        except (KeyError, TypeError, ValueError, IndexError):
            # A state no setup produced (a hand-edited import the tracker cannot complete):
            # refuse the move, keep the game as it is, and leave a trace for the operator.
            current_app.logger.exception("move %s on a game record the tracker cannot read", move["kind"])
            raise Rejected(move["kind"], move.get("player"), {
                "move": "This game's record lacks what the tracker needs for this move; "
                        "record the change with the counters instead."}) from None
    return apply_to


# -- what the table page shows -----------------------------------------------------------

who_name = table.display_name


def _status(state: dict, who: Any) -> dict:
    try:
        return table.status(state, who)
    except (KeyError, TypeError, table.MoveError):
        return {}   # an imported score-only document lacks what the live rules need


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


def board_view(state: dict, editable: bool) -> dict:
    """Everything the live region needs beyond the state itself."""
    catalogue = load()
    return {
        "seats": table.everyone(state),
        "status": {who: _status(state, who) for who in table.everyone(state)},
        "guildhall": guildhall(state),
        "resources": RESOURCES,
        "counters": COUNTERS,
        "tracking": state.get("mode") != "paper" and state.get("track_resources", True),
        "finished": state.get("phase") == "finished",
        "move_options": move_options(),
        "boards": catalogue.boards,
        "buildings": catalogue.buildings,
        "apprentices": catalogue.apprentices,
        "categories": table.CATEGORIES,
    }


# Moves that have their own buttons on a player's card; the rest are offered in "More".
QUICK_MOVES = frozenset({"virtue", "resources", "prisoners", "captured", "take_debts", "pay_debt", "destroy_debts",
                         "send_to_prison", "release_prisoners", "steal_tax", "final_turn_done", "set_total",
                         "finish_game", "black_market_reset", "pay_tax", "count", "end_game"})


# Moves that are never one player's choice in the "Record…" list (they have their own place).
NOT_IN_PLAYER_LIST = frozenset({"final_turn_done", "set_total", "finish_game", "black_market_reset", "virtue",
                                "count"})


@cache
def move_options() -> dict[str, Markup]:
    """The "Record…" list's <option>s, for a player and for the bot: the same on every card of
    every page, so built (and escaped) once."""
    return {who: Markup("").join(Markup('<option value="{}">{}</option>').format(kind, label) for kind, label in listed)
            for who, listed in other_moves().items()}


def other_moves() -> dict[str, list[tuple[str, str]]]:
    """The moves a player (and the bot) can record through a form, in the rules core's order."""
    listed: dict[str, list[tuple[str, str]]] = {"humans": [], "bot": []}
    for kind, spec in table.MOVES.items():
        actor = next((p for p in spec.params if p.type == "player" and p.name == "player"), None)
        if kind in NOT_IN_PLAYER_LIST or actor is None:
            continue
        listed["humans"].append((kind, spec.label))
        if actor.bot:
            listed["bot"].append((kind, spec.label))
    return listed


def player_choices(state: dict, param) -> list[tuple[str, str]]:
    return [(str(who), who_name(state, who)) for who in table.everyone(state) if who != BOT or param.bot]


def move_form(state: dict, kind: str, player: Any, revision: int) -> FlaskForm:
    """A form for one move, with the game's players as choices, pre-set for one player."""
    form = form_class(kind)(formdata=None)
    form.rev.data = revision
    for param in table.MOVES[kind].params:
        bound = getattr(form, param.name)
        if param.type == "player":
            bound.choices = ([] if param.required else [("", "—")]) + player_choices(state, param)
            if param.name == "player" and player is not None:
                bound.data = str(player)
        elif param.default is not None and param.type != "bool":
            bound.data = param.default
    return form


def refused_form(state: dict, refusal: Rejected, formdata: MultiDict, revision: int) -> dict:
    """The refused move's form again, as the player filled it, each message next to its field."""
    form = move_form(state, refusal.kind, refusal.player, revision)
    form.process(formdata=formdata)
    form.rev.data = revision
    form.general_errors = []
    for name, message in refusal.errors.items():
        bound = getattr(form, name, None) if name not in ("rev", "csrf_token") else None
        if bound is not None and hasattr(bound, "errors"):
            bound.errors = [message]
        else:
            form.general_errors.append(message)
    return {"form": form, "kind": refusal.kind, "spec": table.MOVES[refusal.kind], "who": refusal.player}


# -- history ------------------------------------------------------------------------------

def describe(state: dict, move: dict) -> str:
    """One sentence for a move (the undo button's words): companion.web.history says it."""
    return history.describe_move(state, move)
