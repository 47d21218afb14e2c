"""The move forms of the table page: WTForms forms built from the rules core's ``MOVES``
(each kind's ``Param`` list, cached), the "Record..." list of the moves a player records
through a form, and a form drawn again after a refusal (``Rejected``) with each message next to its field.
The form checks shapes (numbers are numbers, choices are choices); the rules check the rest."""

from __future__ import annotations

from functools import cache
from typing import Any

from flask_babel import gettext as _, lazy_gettext as _l
from flask_wtf import FlaskForm
from markupsafe import Markup
from werkzeug.datastructures import MultiDict
from wtforms import BooleanField, Field, SelectField, StringField
from wtforms.validators import InputRequired, NumberRange, Optional, ValidationError

from companion.aotwk.catalogue import RESOURCES, load
from companion.aotwk.i18n.move_words import move_label, param_label
from companion.aotwk.i18n.names import card_name
from companion.aotwk.rules import table
from companion.aotwk.rules.table.data import describe as describe_items, items_key
from companion.aotwk.web.move_choices import (ARTISANS, BOT, capture_locations, choice_words, items_words, said_later,
                                              who_name)
from companion.aotwk.web.stale_screens import seen_now
from companion.web.fields import WholeNumberField
from companion.web.i18n import language


class Rejected(Exception):
    """A move the form or the rules refused; ``errors`` maps field name -> message; ``sent``, the
    fields the phone sent (as the move reads them), to show them again as the player typed them."""

    def __init__(self, kind: str | None, player: Any, errors: dict[str, str], sent: MultiDict | None = None):
        self.kind, self.player, self.errors = kind, player, errors
        self.sent = sent if sent is not None else MultiDict()
        super().__init__("; ".join(errors.values()))


class PlayerField(SelectField):
    """A seat index, or "bot"; the choices are the game's, set when the form is built."""

    def process_formdata(self, valuelist):
        # Blank (spaces too: WTForms' Optional lets them through as no answer) is no player.
        raw = (valuelist[0] or "").strip() if valuelist else ""
        self.data = raw or None

    def pre_validate(self, form):
        if self.data is None:
            return
        if self.data != BOT and not str(self.data).isdecimal():
            raise ValidationError(_("Choose a player."))


# Labels a player reads where the rules core's label names an internal value.
LABELS = {"location": _l("Where the workers were captured"),
          "choice": _l("What the building gave (Treasury, Clay Pit)")}


def _text_choices(param) -> list[tuple[str, Any]] | None:
    """Text fields whose answers the game data lists: offered as choices in words."""
    if param.name == "location":
        return capture_locations()
    if param.name == "choice":
        gifts = {items_key(option): option for building in load().buildings.values()
                 if (building.effect or {}).get("kind") == "gain_one_of" for option in building.effect["options"]}
        return [(key, said_later(items_words, gift)) for key, gift in sorted(gifts.items(), key=lambda g: describe_items(g[1]))]
    return None


def _label(param) -> Any:
    if param.name in LABELS:
        return said_later(lambda: str(LABELS[param.name]))
    return said_later(lambda: param_label(param.label, language()))


def _field_for(param) -> Field:
    label = _label(param)
    requirement = InputRequired(said_later(lambda: _("%(label)s is required.", label=label))) if param.required else Optional()
    listed = _text_choices(param) if param.type == "text" else None
    if listed is not None:
        return SelectField(label, validators=[requirement], choices=[("", "—")] + listed, validate_choice=False)
    if param.type == "player":
        return PlayerField(label, validators=[requirement], choices=[], validate_choice=False)
    if param.type == "int":
        # the rules core's bounds, the document schema's: a form takes what an import takes
        return WholeNumberField(label, validators=[requirement, NumberRange(min=param.min, max=param.max)],
                            render_kw={"inputmode": "numeric"})
    if param.type == "bool":
        return BooleanField(label)
    if param.type == "choice":
        blank = [] if param.required else [("", "—")]
        return SelectField(label, validators=[requirement],
                           choices=blank + [(c, said_later(choice_words, param, c)) for c in param.choices],
                           validate_choice=False)
    return StringField(label, validators=[requirement])


@cache
def form_class(kind: str) -> type[FlaskForm]:
    spec = table.MOVES[kind]
    attributes = {"rev": WholeNumberField("Revision", validators=[InputRequired(_l("The page's revision is missing."))])}
    for param in spec.params:
        attributes[param.name] = _field_for(param)
    return type(f"{kind.title().replace('_', '')}Form", (FlaskForm,), attributes)


@cache
def move_options(payments: bool = True, artisans: bool = True, lang: str = "en") -> dict[str, Markup]:
    """The "Record…" list's <option>s, for a player and for the bot: the same on every card of
    every page of a kind of game, so built (and escaped) once per kind and language."""
    return {who: Markup("").join(Markup('<option value="{}">{}</option>').format(kind, move_label(kind, label, lang))
                                 for kind, label in listed)
            for who, listed in other_moves(payments, artisans).items()}


def needed(kind: str, payments: bool, artisans: bool) -> bool:
    """Whether a move belongs in this game: resource moves only when the app checks payments,
    the Age of Artisans' only with it."""
    spec = table.MOVES[kind]
    return (payments or kind != "resources") and spec.in_play({"expansions": (ARTISANS,) if artisans else ()})


def unneeded_fields(state: dict, kind: str, who: Any = None) -> set[str]:
    """Optional fields of a move this game never needs: resources when payments are unchecked,
    the Age of Artisans' without it, a board's ability's (Hugo's silver) for a player without it."""
    payments = state.get("track_resources", True)
    in_play = table.MOVES[kind].params_in_play(state, who)
    skip = {param.name for param in table.MOVES[kind].params if param not in in_play}
    for param in in_play:
        if param.required:
            continue
        # (captures paid at the Town Centre stay: their tax goes to the Tax Stand, which the app always keeps)
        if not payments and (param.name in RESOURCES or param.name in ("collected", "skipped")):
            skip.add(param.name)
    return skip


def other_moves(payments: bool = True, artisans: bool = True) -> dict[str, list[tuple[str, str]]]:
    """The moves a player (and the bot) can record through a form, in the rules core's order: each
    one whose definition lists it (``Control.in_record_list``) and that a player makes."""
    listed: dict[str, list[tuple[str, str]]] = {"humans": [], "bot": []}
    for kind, spec in table.MOVES.items():
        actor = next((p for p in spec.params if p.type == "player" and p.name == "player"), None)
        if not spec.control.in_record_list or actor is None or not needed(kind, payments, artisans):
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
    # An absolute move carries what this screen shows of the one thing it sets (its definition's
    # ``seen``). (Not when that depends on a field chosen in the form, a paper-pad total's category:
    # its value is not known yet.)
    seat = int(player) if isinstance(player, str) and player.isdecimal() else player
    seated = seat in table.everyone(state)
    form.skip = unneeded_fields(state, kind, seat if seated else None)
    # Opened on a seat's card, the form is that seat's: its fields (Hugo's silver, say) are drawn for
    # it, so the player is not a choice (changed, the form would be wrong for the new one).
    form.player_fixed = seated and any(p.name == "player" for p in table.MOVES[kind].params)
    form.picked = {}
    seen = table.MOVES[kind].seen
    form.seen = (seen_now(state, {"kind": kind, "player": seat})
                 if seen and not seen.chosen_in_form and (seat is not None or seen.table_wide) else None)
    return form


def _card_names(kind: str, form: FlaskForm) -> dict[str, str]:
    """The cards a form already names, by their printed names (a refused form shows them again)."""
    pools = {"building": load().buildings, "apprentice": load().apprentices}
    names = {}
    for param in table.MOVES[kind].params:
        value = getattr(form, param.name).data
        if param.type in pools and value:
            card = pools[param.type].get(value)
            names[param.name] = card_name(param.type, value, language()) if card else value
    return names


def refused_form(state: dict, refusal: Rejected, revision: int) -> dict:
    """The refused move's form again, as the player filled it, each message next to its field."""
    form = move_form(state, refusal.kind, refusal.player, revision)
    form.process(formdata=refusal.sent)
    form.rev.data = revision
    form.picked = _card_names(refusal.kind, form)
    form.general_errors = []
    for name, message in refusal.errors.items():
        bound = getattr(form, name, None) if name not in ("rev", "csrf_token") else None
        if bound is not None and hasattr(bound, "errors"):
            bound.errors = [message]
        else:
            form.general_errors.append(message)
    return {"form": form, "kind": refusal.kind, "spec": table.MOVES[refusal.kind], "who": refusal.player}
