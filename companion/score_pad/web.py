"""The score pad on a phone: start a pad for the players, type each row's numbers as on
paper, see the totals and the leader live on every phone.

The shared pieces do the rest: the one change pipeline (``companion.web.changes``: request
ids, undo and redo, history, a finished game refusing changes), the addresses ``/g/<t>`` and
``/v/<t>``, live updates, share links, export.json and score.json, ``sheet.pdf`` and
``scores.csv`` (handed to ``pages`` below, found through ``companion.games``). Its templates
and static files are in this package's folders. Routes of its own:

  GET/POST /score-pad/new              the game's name, the players (and rows): a new pad
  POST     /g/<t>/score-pad/row        one row's numbers (each with the number its screen showed)
  POST     /g/<t>/score-pad/move       add a row; game over / reopen
"""

from __future__ import annotations

from flask import Blueprint, abort, g, redirect, render_template, request, url_for
from flask_babel import gettext as _, lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup
from wtforms import BooleanField, IntegerField, StringField, TextAreaField
from wtforms.validators import InputRequired, Length, NumberRange, Optional, ValidationError

from companion.i18n.field_words import for_a_page
from companion.i18n.reasons import render_reason
from companion.i18n.sentences import N_, say
from companion.problems import InvalidInput
from companion.score_pad import GAME_ID, pad
from companion.score_pad.document import (MOST_PLAYERS, MOST_ROWS, NAME_LIMIT, POINTS, ROW_LIMIT, TITLE_LIMIT,
                                          PadDocument, parse)
from companion.score_pad.scoring import ranks, running_totals, score
from companion.score_pad.sheets import bgstats_link, csv_text, render_sheet
from companion.web import changes, errors, games, limits, move_fields
from companion.web.extensions import htmx
from companion.web.game_pages import GamePages, Start
from companion.web.groups import game_end, group_from_request
from companion.web.i18n import language
from companion.web.pad_games import PadGame
from companion.web.pages import create_game
from companion.web.storage.store import Game

bp = Blueprint("score_pad", __name__, template_folder="templates", static_folder="static",
               static_url_path="/static/score-pad")   # under /static/: the service worker keeps it for offline

NAME = _l("Any game")
CSRF_MESSAGE = _l("This page had expired, so that was not saved. The page is fresh now: please enter it again.")


# -- starting a pad -------------------------------------------------------------------

def _lines(text: str | None) -> list[str]:
    return [line.strip() for line in (text or "").splitlines() if line.strip()]


class NewPadForm(FlaskForm):
    title = StringField(_l("Game"), validators=[InputRequired(_l("Name the game you play.")), Length(max=TITLE_LIMIT)],
                        render_kw={"placeholder": _l("Carcassonne"), "autocomplete": "off"})
    players = TextAreaField(_l("Players, one per line"), render_kw={"rows": 4, "autocomplete": "off"})
    rows = TextAreaField(_l("Rows, one per line (optional)"), render_kw={"rows": 3, "autocomplete": "off",
                                                                         "placeholder": _l("Roads\nCities")},
                         description=_l("Categories to score, or leave it empty to count round by round."))
    lowest_wins = BooleanField(_l("The lowest total wins"))
    bgg_id = IntegerField(_l("BoardGameGeek id (optional)"), validators=[Optional(), NumberRange(min=1)],
                          description=_l("For the BG Stats export: the number in the game's BoardGameGeek address."),
                          render_kw={"inputmode": "numeric"})

    picked: list[str] = []

    def names(self) -> list[str]:
        """The roster's people tapped, then the names typed, each once (ignoring case)."""
        found: dict[str, str] = {}
        for name in [*self.picked, *_lines(self.players.data)]:
            found.setdefault(name.casefold(), name)
        return list(found.values())

    def validate_players(self, field):
        names = self.names()
        if not names:
            raise ValidationError(_("Give each player a name, one per line."))
        if len(names) > MOST_PLAYERS:
            raise ValidationError(_("At most %(most)s players.", most=MOST_PLAYERS))
        too_long = [name for name in names if len(name) > NAME_LIMIT]
        if too_long:
            raise ValidationError(_("A name is at most %(limit)s characters: %(name)s", limit=NAME_LIMIT,
                                    name=too_long[0]))

    def validate_rows(self, field):
        rows = _lines(field.data)
        if len(rows) > MOST_ROWS:
            raise ValidationError(_("At most %(most)s rows.", most=MOST_ROWS))
        if any(len(row) > ROW_LIMIT for row in rows):
            raise ValidationError(_("A row's name is at most %(limit)s characters.", limit=ROW_LIMIT))
        if len({row.casefold() for row in rows}) != len(rows):
            raise ValidationError(_("Each row needs its own name."))


@bp.route("/score-pad/new", methods=["GET", "POST"])
@limits.new_games
def new_game():
    group = group_from_request()   # a pad started from a group: its roster's people in taps
    form = NewPadForm()
    if group is not None and form.is_submitted():
        picked = set(request.form.getlist("pick"))
        form.picked = [entry["name"] for entry in group.roster if entry["name"] in picked]
    if form.validate_on_submit():
        rows = _lines(form.rows.data) or [_("Round %(n)s", n=1)]   # round by round: more rows as the game goes
        try:
            state = pad.new_game(form.names(), form.title.data.strip(), rows, bool(form.lowest_wins.data),
                                 form.bgg_id.data)
        except InvalidInput as exc:   # e.g. a name of spaces only
            form.players.errors = [*form.players.errors, *(for_a_page(p.message, language()) for p in exc.problems)]
        else:
            return create_game(state, group=group)
    status = 400 if request.method == "POST" else 200
    return render_template("score_pad/new.html", form=form, group=group), status


# -- the pad ---------------------------------------------------------------------------

def _number(raw: str | None) -> tuple[bool, int | None]:
    """(readable, value) of a box: empty is None; a whole number in the pad's range, else unreadable."""
    text = (raw or "").strip()
    if not text:
        return True, None
    value = move_fields.whole_number(text[1:] if text.startswith("+") and text[1:2] not in ("-", "\u2212") else text)
    return (True, value) if value is not None and POINTS.problem(value) is None else (False, None)


def _label(state: dict, row: int) -> str:
    rows = pad.row_names(state)
    return rows[row] if rows is not None else _("Total")


def row_view(state: dict, row: int, typed: dict | None = None, notes: dict | None = None,
             kept: dict | None = None) -> dict:
    """One row of the pad: each player's box with what the pad holds. ``typed`` (seat -> text) keeps
    what a player typed that was not saved, ``kept`` (seat -> the pad's number) says what its box
    must now count as seen, ``notes`` (seat -> words) why it was not saved."""
    typed, notes, kept = typed or {}, notes or {}, kept or {}
    cells = []
    for seat, player in enumerate(state["players"]):
        now = player["scores"][row]
        shown = "" if now is None else str(now)
        cells.append({"seat": seat, "name": player["name"], "value": typed.get(seat, shown),
                      "seen": ("" if kept[seat] is None else str(kept[seat])) if seat in kept else shown,
                      "note": notes.get(seat, ""), "refused": seat in notes})
    return {"index": row, "label": _label(state, row), "cells": cells}


def standings(document: PadDocument) -> list[dict]:
    """Each player's total so far and place (boxes not entered count nothing)."""
    totals = running_totals(document)
    places = ranks(totals, document.lowest_wins)
    return [{"seat": seat, "name": player.name, "total": total, "rank": rank}
            for seat, (player, total, rank) in enumerate(zip(document.players, totals, places))]


def pad_context(game: Game, message: str | None = None, notes=None, kept_row: dict | None = None) -> dict:
    """What the pad's page shows; ``kept_row``: a row as a save that was not all stored left it (what was typed)."""
    document = parse(game.state)   # (a stored record is sound: companion.web.documents checked it)
    try:
        scores = score(document)
    except InvalidInput:
        scores = None   # boxes not entered yet: the running totals below stand in
    table = standings(document)
    leaders = [entry for entry in table if entry["rank"] == 1] if any(e["total"] for e in table) else []
    editable = g.editable
    finished = game.phase == "finished"
    rows = pad.row_names(game.state)
    return dict(
        game=game, state=game.state, token=g.token, editable=editable, controls=editable and not finished,
        finished=finished, message=message, notes=[render_reason(note, language()) for note in notes or []],
        rows=[kept_row if kept_row and kept_row["index"] == row else row_view(game.state, row)
              for row in range(pad.width(game.state))], standings=table,
        leaders=[entry["seat"] for entry in leaders], tie=len(leaders) > 1, scores=scores,
        lowest_wins=game.state.get("lowest_wins", False), grows=rows is not None and len(rows) < MOST_ROWS,
        next_round=_("Round %(n)s", n=len(rows) + 1) if rows is not None else "",
        csrf=Markup(generate_csrf()) if editable else "", access="g" if editable else "v",
        game_name=str(NAME), bgstats=PAD.bgstats(game, scores),
        end=game_end(game, editable, scores) if finished else None,
    )


def render_pad(game: Game, status: int = 200, message: str | None = None, notes=None, kept_row=None, **_context):
    return PAD.render(pad_context(game, message, notes, kept_row), status)


# -- history ---------------------------------------------------------------------------

HISTORY = {
    "scores": N_("{row}: {names}"), "row_added": N_("Row added: {row}"), "finished": N_("Game over"),
    "reopened": N_("The game was reopened"), "change": N_("Change"),
}


def _history_line(state: dict, move: dict) -> tuple[str, dict]:
    kind = move.get("kind")
    if kind == pad.SCORES:
        players = state["players"]
        cells = ", ".join(f"{players[c['player']]['name']} {'–' if c.get('points') is None else c['points']}"
                          for c in move.get("cells") or [])
        row = move["row"]
        return "scores", {"row": _label(state, row) if row < pad.width(state) else str(row + 1), "names": cells}
    if kind == pad.ADD_ROW:
        return "row_added", {"row": move["name"]}
    if kind == pad.PHASE:
        return ("finished" if move.get("phase") == "finished" else "reopened"), {}
    return "change", {}


def _describe(state: dict, move: dict) -> str:
    try:
        key, params = _history_line(state, move)
    except (KeyError, TypeError, IndexError):   # an odd imported event: still a line, never a crash
        key, params = "change", {}
    return say(HISTORY[key], language(), **params)


# -- saving a row ----------------------------------------------------------------------

def _row_answer(game: Game, row: int, status: int, summary: str, **view):
    """htmx: the row alone (static/pad.js merges it); a plain form: the page, or with what was not
    stored still typed in its boxes and why."""
    if not htmx:
        if not view.get("notes"):
            return redirect(url_for("games.table", token=game.edit_token, _anchor=f"row-{row}"), 303)
        return render_pad(game, 400, message=summary, kept_row=row_view(game.state, row, **view))
    return render_template("score_pad/_row.html", row=row_view(game.state, row, **view), token=game.edit_token,
                           csrf=Markup(generate_csrf()), controls=True, answer=True, summary=summary), status


@bp.post("/g/<token>/score-pad/row")
@changes.endpoint
def save_row(token: str):
    game = changes.gate(token)
    raw_row = request.form.get("row", "")
    if not raw_row.isdecimal() or int(raw_row) >= pad.width(game.state):
        abort(400)
    row = int(raw_row)
    typed, unreadable, cells = {}, {}, []
    for seat in range(len(game.state["players"])):
        text = request.form.get(f"cell-{seat}")
        if text is None:
            continue
        readable, value = _number(text)
        seen_ok, seen = _number(request.form.get(f"seen-{seat}"))
        if not readable:
            typed[seat] = text
            unreadable[seat] = _("A whole number from %(low)s to %(high)s, or empty.", low=POINTS.low, high=POINTS.high)
        elif seen_ok and value != seen:
            typed[seat] = text
            cells.append({"player": seat, "points": value, "seen": seen})
    if not cells:   # nothing typed differs from what the screen showed
        summary = _("Not saved: %(names)s", names=", ".join(game.state["players"][seat]["name"] for seat in unreadable)) \
            if unreadable else ""
        return _row_answer(game, row, 400 if unreadable else 200, summary, typed=typed, notes=unreadable)
    move = {"kind": pad.SCORES, "row": row, "cells": cells}

    def answered(outcome: changes.Outcome):   # the row alone, what it saved and what not
        game = outcome.game
        if outcome.refused and not any(p.path == "move" for p in outcome.refused.problems):
            why = "; ".join(for_a_page(p.message, language()) for p in outcome.refused.problems)
            return _row_answer(game, row, 400, _("Not saved: %(why)s", why=why), typed=typed,
                               notes={**unreadable, **{c["player"]: why for c in cells}})
        applied = outcome.record.move if outcome.repeated and outcome.record else move
        left = pad.unsaved(game.state, applied)   # another phone's numbers in these boxes: told, not overwritten
        clash = {seat: _("Another phone entered %(now)s: save again to keep yours.",
                         now="–" if now is None else now) for seat, now in left.items()}
        saved = [c for c in cells if c["player"] not in left]
        parts = []
        if saved:
            parts.append(_("Saved: %(names)s",
                           names=", ".join(game.state["players"][c["player"]]["name"] for c in saved)))
        if clash or unreadable:
            parts.append(_("Not saved: %(names)s", names=", ".join(
                game.state["players"][seat]["name"] for seat in sorted({*clash, *unreadable}))))
        return _row_answer(game, row, 200 if saved else 400, ". ".join(parts),
                           typed={seat: text for seat, text in typed.items() if seat in left or seat in unreadable},
                           notes={**clash, **unreadable}, kept=left)
    return games.answer(changes.change(token, move, game=game), refused=answered, drawn=answered)


# A save or a tap from a page whose CSRF token expired: the fresh pad, saying so (never an error page).
errors.CSRF_RECOVERY["score_pad.save_row"] = lambda _message: games.after_csrf_failure(str(CSRF_MESSAGE))
errors.CSRF_RECOVERY["score_pad.move"] = lambda _message: games.after_csrf_failure(str(CSRF_MESSAGE))


# -- the other taps --------------------------------------------------------------------

@bp.post("/g/<token>/score-pad/move")
@changes.endpoint
def move(token: str):
    current = changes.gate(token)
    tap = move_fields.read_form_move(pad.move_kinds(current.state), request.form)
    if tap["kind"] == pad.ADD_ROW and not tap.get("name"):   # a row left unnamed: the next round's
        tap["name"] = _("Round %(n)s", n=len(pad.row_names(current.state) or []) + 1)
    return games.answer(changes.change(token, tap, game=current))


# -- the shell's view of this game (companion.games names this module) ------------------

# its page, history, sheet (score-sheet.pdf), CSV and BG Stats link as every pad game's (companion.web.pad_games)
PAD = PadGame("score_pad/pad.html", "score_pad/_pad.html", describe=_describe, render_sheet=render_sheet,
              csv_text=csv_text, bgstats_link=bgstats_link, sheet_file="score-sheet.pdf", csv_file="scores.csv")

pages = GamePages(GAME_ID, name=NAME, blueprints=(bp,), render=render_pad, describe=_describe,
                  read_document=pad.read_document, history=PAD.history, sheet=PAD.sheet, scores_csv=PAD.scores_csv,
                  apply=pad.apply, move_kinds=pad.move_kinds, rematch=pad.rematch, reopen=pad.REOPEN,
                  start=Start("score_pad.new_game", _l("Score pad for any other game"), _l("Score pad for any other game")),
                  # the result has no categories (a pad's rows are its own game's): none to chart or average
                  score_entries=lambda scores: [{**entry, "categories": {}} for entry in scores["players"]])
