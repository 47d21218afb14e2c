"""A posted move form read into a move for the change pipeline: the form's checks, a
capture's group button and the Craft panel's ticked skills as the move's fields, the rules
run on the current state (after the stale-screen check), and the rules' refusal said next
to each field."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext as _
from flask_wtf import FlaskForm
from werkzeug.datastructures import MultiDict

from companion.aotwk.rules import game as aotwk_game, table
from companion.aotwk.web.move_choices import BOT
from companion.aotwk.web.move_forms import Rejected, form_class
from companion.aotwk.web.stale_screens import check_seen
from companion.i18n.field_words import for_a_page
from companion.problems import Refused
from companion.web.move_fields import read_json_move
from companion.web.i18n import language


@dataclass
class MoveRequest:
    move: dict = field(default_factory=dict)
    revision: int = 0
    refusal: Rejected | None = None
    seen: str | None = None   # what the phone showed of the one thing an absolute move sets
    sent: MultiDict = field(default_factory=MultiDict)   # a form's fields as read (shown again if refused)

    @property
    def needs_current_revision(self) -> bool:
        """An absolute move without the value its phone saw: only a current screen may send it."""
        spec = table.MOVES.get(self.move.get("kind"))
        if self.seen is not None and spec is not None and spec.absolute:
            return False
        return aotwk_game.needs_current(self.move)


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


def _joined_skills(formdata: MultiDict) -> MultiDict:
    """Skills ticked one box each (the Craft panel) as the one comma-separated field the move reads."""
    ticked = [value for value in formdata.getlist("skills") if value]
    if len(ticked) < 2:
        return formdata
    joined = MultiDict(formdata)
    joined.setlist("skills", [", ".join(ticked)])
    return joined


def expand_group(formdata: MultiDict) -> MultiDict:
    """A capture's group button as the move's fields: "bot:forest:2" is the bot's 2 workers at the
    Forest; "1:" is seat 1's workers (how many: the count field)."""
    group = formdata.get("group")
    if group is None:
        return formdata
    victim, _sep, rest = group.partition(":")
    location, _sep, count = rest.partition(":")
    expanded = MultiDict([(key, value) for key, value in formdata.items(multi=True) if key != "group"])
    expanded.setlist("victim", [victim])
    if location:
        expanded.setlist("location", [location])
        expanded.setlist("count", [count])
    return expanded


def read_move(data: MultiDict | dict, kinds: dict | None = None) -> MoveRequest:
    """The move a form posted or a JSON body (whose "kind" is one of ``kinds``, the game's
    move_kinds) carries, or a MoveRequest whose refusal says what is wrong with it, by field."""
    if not isinstance(data, MultiDict):
        move, problems = read_json_move(kinds, data)
        refusal = Rejected(move["kind"], move.get("player"), problems) if problems else None
        return MoveRequest(move=move, revision=data.get("revision") or 0, refusal=refusal)
    formdata = expand_group(_joined_skills(data))
    kind = formdata.get("kind", "")
    player = formdata.get("player")
    if kind not in table.MOVES:
        return MoveRequest(refusal=Rejected(None, player, {"kind": _("That is not something the app can record.")},
                                            formdata), sent=formdata)
    form = form_class(kind)(formdata=formdata)
    if not form.validate():
        errors = {name: str(messages[0]) for name, messages in form.errors.items() if name != "csrf_token"}
        return MoveRequest(revision=form.rev.data or 0, refusal=Rejected(kind, player, errors, formdata), sent=formdata)
    seen = formdata.get("seen")
    return MoveRequest(move=_move_from(form, kind), revision=form.rev.data, seen=seen, sent=formdata)


def move_and_problems(kinds: dict, body: dict) -> tuple[dict, dict]:
    """A JSON move as the shared change route takes it (``GamePages.read_move``): read as a form is."""
    request_ = read_move(body, kinds)
    return request_.move, request_.refusal.errors if request_.refusal else {}


def applier(move: dict, seen: str | None = None):
    """The rules on the current state, for the change pipeline (an absolute move first checks
    that what it sets is still what its phone showed)."""
    def apply_to(state: dict):
        check_seen(state, move, seen)
        return aotwk_game.apply(state, move)
    return apply_to


def rejected(move: dict, refused: Refused, sent: MultiDict | None = None) -> Rejected:
    """The rules' refusal (codes) in the reader's language, each beside its field (``sent``: what the
    phone's form sent, shown again)."""
    return Rejected(move.get("kind"), move.get("player"),
                    {problem.path: for_a_page(problem.message, language()) for problem in refused.problems}, sent)
