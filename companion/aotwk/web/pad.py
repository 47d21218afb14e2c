"""The paper pad and the end-of-game count: rows that save at once and merge across phones.

A row is one form (one player's cells); it posts every cell twice: the value typed
(``cell-<name>``) and the value the page showed (``seen-<name>``). Only cells whose
typed value differs from the one shown are saved; a saved cell is refused only if
that same cell changed meanwhile (the phone is told the new value and keeps what it
typed) or the game does not allow the value (the reason is shown next to the cell).
Cells another phone changed and this one did not touch are left alone, so rows and
cells typed on different phones merge.

htmx asks for the row alone (static/pad.js merges it into the form without touching
what the player is typing); a plain form post gets the table page.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, abort, g, redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from flask_htmx import make_response as htmx_response
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from companion.aotwk.rules.codes import PadWords
from companion.i18n.reasons import render_reason
from companion.aotwk.rules import table
from companion.aotwk.rules.table import pad
from companion.aotwk.rules.table.actors import tracks_resources
from companion.aotwk.web import board_view, move_forms
from companion.aotwk.web.cell_labels import COUNT_LABELS, LABELS
from companion.problems import Problem, Refused
from companion.web import access, changes, games
from companion.web.move_fields import whole_number
from companion.web.extensions import htmx
from companion.web.games import render_game, score_of
from companion.web.i18n import language

bp = Blueprint("pad", __name__)

@dataclass
class Cell:
    name: str
    label: str
    value: str          # what the input shows
    seen: str           # what this phone last saw saved
    hint: str = ""
    message: str = ""   # why the typed value was not saved
    saved: bool = False
    missing: bool = False   # nobody has entered it yet (the score asks for it)


@dataclass
class Row:
    kind: str           # "pad" or "count"
    who: int
    name: str
    colour: str | None
    cells: list[Cell] = field(default_factory=list)
    counted: bool = False
    message: str = ""


# -- which cells a row has -------------------------------------------------------------

def pad_cells(state: dict) -> tuple[str, ...]:
    """The categories the game needs (Age of Artisans adds two), then the tie-breaks where
    nothing tracked them (a paper-pad game)."""
    cells = list(pad.categories(state))
    if state.get("mode") == "paper":
        cells += [pad.FINAL_VIRTUE, pad.FINAL_SILVER]
    return tuple(cells)


def _shown(value: Any) -> str:
    return "" if value is None else str(value)


def row_view(state: dict, who: int, kind: str, typed: dict[str, str] | None = None,
             problems: dict[str, str] | None = None, saved: set[str] = frozenset()) -> Row:
    """A row as the page draws it. ``typed`` (after a refusal) keeps what the phone typed in
    the refused cells; every other cell shows the current value."""
    person = state["players"][who]
    lang = language()
    hints = {name: render_reason(hint, lang) for name, (_check, hint) in pad.pad_rules().items()}
    names = pad_cells(state) if kind == "pad" else pad.COUNT_CELLS
    problems = problems or {}
    row = Row(kind, who, person["name"], person.get("colour"),
              counted=who in (state["table"].get("counted") or []))
    missing = pad.not_entered(state, who)
    for name in names:
        now = _shown(pad.current(state, who, name, counting=kind == "count"))
        label = str((COUNT_LABELS.get(name) if kind == "count" else None) or LABELS[name])
        absent = pad.field_of(name, kind == "count") in missing
        hint = render_reason(PadWords("not_entered"), lang) if absent else hints.get(name, "") if kind == "pad" else ""
        cell = Cell(name, label, value=now, seen=now, hint=hint, saved=name in saved, missing=absent)
        if name in problems:
            cell.message = render_reason(problems[name], lang)
            cell.value = (typed or {}).get(name, now)
        row.cells.append(cell)
    return row


def rows(state: dict, kind: str) -> list[Row]:
    return [row_view(state, who, kind) for who in range(len(state["players"]))]


def my_seat(state: dict, game_id: int) -> int | str | None:
    """The seat this phone chose for this game (``board_view.seat_of``: an index, "table" or None)."""
    return board_view.seat_of(state, (session.get("seats") or {}).get(str(game_id)))


def count_rows(state: dict, game_id: int) -> list[Row]:
    """The count: only this phone's seat once it has chosen one, else a row per player."""
    seat = my_seat(state, game_id)
    if isinstance(seat, int):
        return [row_view(state, seat, "count")]
    return rows(state, "count")


# -- reading a row ------------------------------------------------------------------------

def _number(raw: str | None) -> tuple[int | None, bool]:
    """(value, readable): '' is None; digits (a leading minus allowed) are a number."""
    text = (raw or "").strip()
    if text == "":
        return None, True
    value = whole_number(text)
    return value, value is not None


def read_row(state: dict, kind: str, form) -> tuple[int, dict, dict, dict[str, str], dict[str, str]]:
    """(seat, changed cells, what the phone saw of them, problems of reading, what was typed)."""
    raw_who = form.get("player", "")
    if not raw_who.isascii() or not raw_who.isdecimal() or int(raw_who) >= len(state["players"]):
        abort(400, _("Choose a player."))
    who = int(raw_who)
    names = pad_cells(state) if kind == "pad" else pad.COUNT_CELLS
    changed, seen, problems, typed = {}, {}, {}, {}
    for name in names:
        if f"cell-{name}" not in form:
            continue
        typed[name] = form.get(f"cell-{name}", "")
        value, readable = _number(typed[name])
        was, _readable = _number(form.get(f"seen-{name}"))
        if not readable:
            problems[name] = PadWords("whole_number_needed")
        elif value != was:
            changed[name], seen[name] = value, was
    return who, changed, seen, problems, typed


# -- saving a row ---------------------------------------------------------------------------

def _save(kind: str):
    token = request.view_args["token"]
    game = changes.gate(token)
    who, changed, seen, problems, typed = read_row(game.state, kind, request.form)
    done = kind == "count" and request.form.get("done") == "1"
    # (the cells typed: on a finished game only a row entering what nobody had entered is judged further)
    move: dict[str, Any] = {"kind": "set_total" if kind == "pad" else "count", "player": who, "cells": dict(changed),
                            **({"done": True} if done else {})}

    def apply(state: dict):
        # Against the current state, under the game's lock: refuse only the cells that cannot be
        # saved, and store the move as it was applied (the store writes the move after this returns).
        problems.update(pad.problems(state, who, changed, seen, counting=kind == "count"))
        if kind == "pad":   # a cell this game's pad does not show (adornments without the expansion)
            problems.update({name: PadWords("not_on_this_pad") for name in changed if name not in pad_cells(state)})
        good = {name: value for name, value in changed.items() if name not in problems}
        if not good and not done:
            raise Refused([Problem(name, why) for name, why in problems.items()])
        move["cells"] = good
        move["seen"] = {name: seen[name] for name in good}
        try:
            return table.apply(state, move)
        except table.MoveError as refused:   # what problems() does not check (the phase)
            problems[refused.field or "row"] = refused.message
            raise

    phase_before = game.phase

    def answered(outcome: changes.Outcome):   # the row alone, what it saved and why not the rest
        game = outcome.game
        saved: set[str] = set()
        if outcome.repeated:   # the first answer again: what it saved, nothing refused
            problems.clear()
            saved = set((outcome.record.move or {}).get("cells") or {})
        elif outcome.record is not None:
            saved = set(move["cells"])
        # An error answer means nothing was stored: a row whose good cells were saved answers 200,
        # with the reason beside each cell it could not keep.
        status = 400 if problems and not saved else 200
        if request.form.get("to") == "score":   # the score page asked for values nobody had entered
            if not problems:
                return redirect(url_for("aotwk.table.final_score", token=token) + "#missing", 303)
            g.pad_refused = {(kind, who): (typed, problems)}
            return render_template("aotwk/score.html", game=game, token=token, editable=True,
                                   scores=score_of(game)), status
        if not htmx:
            if not problems:
                return redirect(url_for("games.table", token=token), 303)
            g.pad_refused = {(kind, who): (typed, problems)}
            # A refusal renders this phone's own page (never the shared, cached one).
            said = {name: render_reason(problem, language()) for name, problem in problems.items()}
            refusal = move_forms.Rejected("set_total" if kind == "pad" else "count", who, said)
            return render_game(game, status, refusal=refusal,
                               message=_("Not saved: %(why)s", why="; ".join(said.values())))
        if game.phase != phase_before:   # the count finished the game (or another phone did): the whole page
            return htmx_response(render_game(game)[0], refresh=True)
        row = row_view(game.state, who, kind, typed, problems, saved)
        row.message = row_summary(row, problems, saved)
        return render_template("aotwk/_pad_row.html", row=row, token=token, csrf=Markup(generate_csrf()),
                               answer=True), status

    # Each cell carries what its screen showed (``seen``): a row is judged cell by cell, never by revision.
    return games.answer(changes.change(token, move, apply=apply, needs_current=False, game=game),
                        refused=answered, drawn=answered)


def row_summary(row: Row, problems: dict[str, str], saved: set[str]) -> str:
    labels = {c.name: c.label for c in row.cells}
    parts = []
    if saved:
        parts.append(_("Saved: %(cells)s", cells=", ".join(labels.get(n, n) for n in sorted(saved, key=list(labels).index))))
    if problems:
        parts.append(_("Not saved: %(why)s", why=", ".join(labels.get(n, n) for n in problems if n in labels)
                       + (f" ({render_reason(problems['row'], language())})" if "row" in problems else "")))
    return ". ".join(parts)


@bp.post("/g/<token>/pad")
@changes.endpoint
def save_pad_row(token: str):
    return _save("pad")


@bp.post("/g/<token>/count")
@changes.endpoint
def save_count_row(token: str):
    return _save("count")


@bp.app_context_processor
def _pad_helpers():
    def pad_row(state: dict, who: int, kind: str = "pad") -> Row:
        refused = (getattr(g, "pad_refused", None) or {}).get((kind, who))
        return row_view(state, who, kind, *refused) if refused else row_view(state, who, kind)

    def end_count(state: dict, game_id: int) -> list[Row]:
        return [pad_row(state, row.who, "count") for row in count_rows(state, game_id)]

    return {"pad_row": pad_row, "end_count": end_count}


def not_counted(state: dict) -> list[str]:
    """The players whose count is not done yet, by name."""
    counted = state["table"].get("counted") or []
    return [state["players"][who]["name"] for who in pad.humans(state) if who not in counted]


@bp.get("/g/<token>/final-score")
def confirm_final_score(token: str):
    """'Show the final score' ends the count for everyone: first say whose count is not done and
    ask again (htmx gets the question in place of the button, a plain page otherwise)."""
    game = access.load(token, want_edit=True)
    if game.phase != "counting":
        return redirect(url_for("games.table", token=token), 303)
    context = dict(game=game, token=token, waiting=not_counted(game.state),
                   tracked=tracks_resources(game.state))
    if htmx:
        return render_template("aotwk/_final_score_confirm.html", **context)
    return render_template("aotwk/final_score_confirm.html", **context)


@bp.post("/g/<token>/final-score")
@changes.endpoint
def show_final_score(token: str):
    """The confirmed 'Show the final score' during the count: the game is finished with what was
    counted; what nobody counted stays blank and the score asks for it."""
    game = changes.gate(token)
    if request.form.get("confirm") != "1":   # not confirmed (an old page): ask first
        return redirect(url_for("aotwk.pad.confirm_final_score", token=token), 303)
    if game.phase != "finished":   # another phone may have finished it a moment ago: nothing to do
        changes.change(token, {"kind": "finish_game"}, needs_current=False, game=game)
    return redirect(url_for("games.table", token=token), 303)
