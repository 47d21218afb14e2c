"""One game's shared pages, whatever the game: its addresses, polling, undo/redo, history,
sharing, the QR codes, its document and its sheet. What a game's own page and sheet show and
its moves are its own, found through ``companion.web.game_pages`` by the stored game's kind.

Addresses: ``/g/<edit token>/...`` has full rights, ``/v/<view token>/...`` is
read-only. Any state-changing request through a view token is refused with 403
(whichever prefix it came through); an unknown token is a friendly 404.

Stale views: every form carries the revision its page was rendered at. Undo and redo
from a stale page still go ahead while their button names the change they would take
back (or bring back); otherwise they are refused with 409 and the current view.
"""

from __future__ import annotations

import io
from functools import wraps
from typing import Callable

import segno
from flask import (Blueprint, Response, abort, after_this_request, current_app, g, jsonify, redirect, render_template,
                   request, session, url_for)
from flask_babel import gettext as _, lazy_gettext as _l
from flask_wtf import FlaskForm
from werkzeug.exceptions import HTTPException
from wtforms import BooleanField
from wtforms.validators import InputRequired, NumberRange

from companion.games import installed
from companion.problems import InvalidInput
from companion.web import changes, errors, game_pages, move_fields, rounds
from companion.web.access import VIEW_ONLY_MESSAGE, load
from companion.web.serving.asgi import REDRAW
from companion.web.storage.cache import named
from companion.web.documents import export_document, playing_minutes
from companion.web.downloads import download_name, exported_game
from companion.web.errors import error_page
from companion.web.extensions import htmx
from companion.web.fields import WholeNumberField
from companion.web.helpers import external_url, json_body, remember_game, store
from companion.i18n.field_words import for_a_page
from companion.i18n.reasons import render_reason
from companion.web.i18n import language, titled
from companion.web.storage.store import Game, exported_event

bp = Blueprint("games", __name__)
undo_names = named("undo and redo names", 512)

# What another phone's page floats when the game's rematch is made (companion.web.rematches).
REMATCH_STARTED = _l("A rematch has started: same players, next seats.")
STALE_MESSAGE = _l("Someone else changed the game first, so that was not done. This is the current game.")


class RevisionForm(FlaskForm):
    """Undo and redo: the revision the phone saw (and the CSRF token); on a finished game, the yes
    to its question (``confirm_flip``)."""
    rev = WholeNumberField(validators=[InputRequired(_l("The page's revision is missing.")), NumberRange(min=0)])
    confirm = BooleanField(false_values=(False, "false", "", "0"))


def readable(rule: str, blueprint: Blueprint | None = None, **options) -> Callable:
    """Register a read-only view under both /g/<token> and /v/<token> (on this blueprint, or a game's own)."""
    blueprint = blueprint or bp
    def register(view: Callable) -> Callable:
        @wraps(view)
        def load_then_view(token: str, **kwargs):
            return view(load(token, want_edit=False), **kwargs)
        blueprint.add_url_rule(f"/g/<token>{rule}", view.__name__, load_then_view, methods=["GET"], **options)
        blueprint.add_url_rule(f"/v/<token>{rule}", f"view_{view.__name__}", load_then_view, methods=["GET"], **options)
        return load_then_view
    return register


@bp.route("/v/<token>", methods=["POST", "PUT", "PATCH", "DELETE"])
@bp.route("/v/<token>/<path:rest>", methods=["POST", "PUT", "PATCH", "DELETE"])
def refuse_view_change(token: str, rest: str = ""):
    load(token, want_edit=True)   # 404 for an unknown token, 403 for a view token
    abort(403, VIEW_ONLY_MESSAGE)  # an edit token through /v/ is still a view address


@bp.route("/g/<token>/<path:rest>", methods=["POST", "PUT", "PATCH", "DELETE"])
def unknown_change(token: str, rest: str):
    """A change to an address that does not exist: 403 for a view token, 404 otherwise."""
    load(token, want_edit=True)
    abort(404)


# -- rendering ------------------------------------------------------------------

def render_game(game: Game, status: int = 200, **context):
    """The game's live region for htmx requests, its whole page otherwise (drawn by the game's own pages)."""
    return game_pages.pages_for(game).render(game, status, **context)


def score_of(game: Game) -> dict:
    """The game's scores (by its kind, read once with the game), or the problems that stop them.
    Its state was checked when it was written: the game's own state scorer skips the document's checks."""
    registered = installed()[game.kind]
    try:
        return (registered.score_state or registered.score_document)(game.state)
    except InvalidInput as exc:
        return {"problems": exc.problems}   # said in the reader's language by the template


def undo_redo_names(game: Game) -> tuple[dict | None, dict | None]:
    """What Undo and Redo name, read once per revision (every seat's render shares it)."""
    key = (game.edit_token, game.revision, language())   # (the token: ids repeat across databases, tokens do not)
    return undo_names.get_or_make(key, lambda: undo_redo(game, store().undo_ends(game.id, game.revision)))


def newest_change(game: Game) -> str:
    """The newest change as another phone announces it ("Just changed: Ann gained 1 virtue", "Just
    undone: ..."), read once per revision. After an Undo, Undo itself names an older change: the one
    just undone is what Redo now names."""
    def said() -> str:
        undo, redo = undo_redo_names(game)
        action, seat = store().action_at(game.id, game.revision) if game.revision else (None, None)
        if action is None and _announces_rematch(game):
            return str(REMATCH_STARTED)
        players = game.state.get("players") or []
        by = players[seat].get("name") if isinstance(seat, int) and 0 <= seat < len(players) else None
        if action == "undo" and redo:
            return (_("%(name)s undid: %(change)s", name=by, change=redo["text"]) if by
                    else _("Just undone: %(change)s", change=redo["text"]))
        if action == "redo" and undo:
            return (_("%(name)s redid: %(change)s", name=by, change=undo["text"]) if by
                    else _("Just redone: %(change)s", change=undo["text"]))
        if action in ("ask", "cancel"):   # a question opened or closed: its game's page says so (or nothing)
            return ""
        return _("Just changed: %(change)s", change=undo["text"]) if undo else ""
    return undo_names.get_or_make((game.edit_token, game.revision, language(), "newest"), said)


def _announces_rematch(game: Game) -> bool:
    """Whether this revision is the one the game's rematch made (no phone's move: no action)."""
    rematch = store().rematch_of(game) if game.phase == "finished" else None
    return rematch is not None and rematch.revision == game.revision


def undo_redo(game: Game, records) -> tuple[dict | None, dict | None]:
    """What Undo would take back (the last active change) and what Redo would bring back,
    each as {"mark", "text"}: the buttons name them, and a stale screen may still use them
    while they name the same change. Undo's also says what else it drops ("drops", or None:
    ``GamePages.undo_drops``), which its button asks about first."""
    state, pages = game.state, game_pages.pages_for(game)
    active = [r for r in records if not r.undone]
    undone = [r for r in records if r.undone]

    def named(record) -> dict | None:
        return {"mark": changes.mark_of(record), "text": pages.describe(state, record.move)} if record else None
    undo = named(active[-1] if active else None)
    if undo is not None:
        drops = pages.undo_drops(state, active[-1].move)
        undo["drops"] = None if drops is None else str(drops)
    return undo, named(undone[0] if undone else None)


def after_csrf_failure(message: str):
    """A CSRF failure inside a game: show the current game with the message, keep the player's place."""
    token = (request.view_args or {}).get("token")
    if not token:
        return None   # the plain error page
    try:
        game = load(token, want_edit=True)   # a view token is refused (403) before anything else
    except HTTPException as refused:
        return error_page(refused.code, VIEW_ONLY_MESSAGE if refused.code == 403 else None)
    return render_game(game, 400, message=message)


errors.CSRF_RECOVERY[bp.name] = after_csrf_failure


def done(game: Game, anchor: str | None = None, **context):
    """After a change: htmx gets the fresh region; a plain form post is redirected (no resubmission),
    to the ``anchor`` on the page when the change has one."""
    if htmx:
        return render_game(game, **context)
    return redirect(url_for("games.table", token=game.edit_token, _anchor=anchor), 303)


STALE_NOTE = _l("Applied to the latest game (another phone had changed it too).")


def answer(outcome: changes.Outcome, *, refused: Callable | None = None, drawn: Callable | None = None,
           which: str | None = None, slot: str | None = None, anchor: str | None = None):
    """The one answer to a change's outcome, for every change endpoint of every game.

    A JSON body gets the contract's JSON (shared/contracts/web-routes.md, "Moves as JSON"): the
    revision and the event, 409 with the phase's or the revision's problem, 422 with the rules'
    problems. A form gets, in order: a move a finished game does not take, or its Undo or Redo not
    confirmed, 409 and the game with "reopen it first"; a screen older than the game
    (``which``: the Undo or Redo it was), 409 and the current game; nothing to undo or redo, 400;
    the rules' refusal, drawn by ``refused`` (the endpoint's own place for it) or 400 with why on
    top; then the change made or a repeated tap (the first answer again, nothing changed), drawn by
    ``drawn`` when the endpoint answers with less than the game (a row, a panel, another page), or
    ``done`` with what the change said (a stale screen told so), under the control ``slot`` of the
    change made now, or at the page's ``anchor`` for a plain form."""
    if request.is_json:
        if outcome.finished:
            return _json_problems(409, "phase", changes.GAME_FINISHED)
        if outcome.conflict:
            return _json_problems(409, "revision", STALE_MESSAGE)
        if outcome.refused:
            return jsonify({"problems": [{"field": problem.path, "message": render_reason(problem.message, language())}
                                         for problem in outcome.refused.problems]}), 422
        return jsonify({"revision": outcome.revision, "event": exported_event(outcome.record)})
    game = outcome.game
    if outcome.finished or outcome.unconfirmed:   # (an Undo or Redo of it asks first: confirm_flip)
        return render_game(game, 409, message=str(changes.GAME_FINISHED))
    if outcome.conflict:
        return render_game(game, 409, message=_stale_undo_message(which, undo_redo_names(game)[0]) if which
                           else STALE_MESSAGE)
    if outcome.nothing_to_do:
        return render_game(game, 400, message=_("There is nothing to undo.") if which == "undo"
                           else _("There is nothing to redo."))
    if outcome.refused:
        return refused(outcome) if refused else not_recorded(outcome)
    if drawn:
        return drawn(outcome)
    notes = _flip_notes(game, outcome.record) if outcome.flipped else outcome.notes
    if outcome.repeated:
        return done(game, anchor=anchor, notes=notes)
    if outcome.stale:
        notes = [*notes, str(STALE_NOTE)]
    return done(game, anchor=anchor, notes=notes, **({"slot": slot} if slot else {}))


@bp.app_errorhandler(changes.GameFinished)
def _finished(refused: changes.GameFinished):
    """A move on a finished game, from any endpoint (those that ignore the outcome too)."""
    return answer(refused.outcome)


def not_recorded(outcome: changes.Outcome, **context):
    """The rules' refusal of a tap: 400, the current game, why on top."""
    why = "; ".join(for_a_page(problem.message, language()) for problem in outcome.refused.problems)
    return render_game(outcome.game, 400, message=_("That was not recorded: %(why)s", why=why), **context)


# -- pages ----------------------------------------------------------------------

@bp.get("/g/<token>")
def table(token: str):
    game = load(token, want_edit=False)
    if not g.editable:   # a view token through /g/: send it to its read-only address
        return redirect(url_for("games.view", token=token), 303)
    remember_game(game.edit_token)
    return render_game(game)


@bp.get("/v/<token>")
def view(token: str):
    return render_game(load(token, want_edit=False))


@readable("/poll")
def poll(game: Game):
    """204 (htmx swaps nothing) while the phone's revision is current; the fresh region once it is not."""
    return render_game(game)


def offer_redraw(make_redraw: Callable[[], Callable[[int], str | None]]) -> None:
    """``make_redraw()`` says how to join this phone's region at a newer revision from what another
    phone's answer drew, without a request (None while it is not drawn: then Flask draws it): for a
    poll a stream asked on its phone's behalf (``companion.web.serving.asgi.REDRAW``), and for the
    phone's streams (``CompanionApp.offer_redraw``), kept by the session this answer leaves it."""
    asked, offer = REDRAW in request.environ, current_app.extensions.get("offer_redraw")
    if not (asked or offer):
        return
    redraw = make_redraw()
    if asked:
        request.environ[REDRAW] = redraw
    if offer is not None:
        token = g.token

        @after_this_request
        def kept(response):
            offer(token, dict(session), request.cookies, request.headers.get("Accept-Language"), redraw)
            return response


@readable("/stream")
def stream(game: Game):
    """Streams are answered beside Flask (``companion.web.serving.asgi``): a token they do not know comes
    here for the friendly 404. Under ``--dev`` (no streams) a 204 tells an EventSource to stop."""
    return Response(status=204)


def _poll_fast(token: str):
    """The cheap path of a poll: one indexed integer read, no rendering."""
    # (a phone told of a newer revision by another process makes the store ask the database)
    if store().shows_current(token, request.args.get("rev", type=int)):
        return Response(status=204)
    return None


@bp.before_request
def _short_circuit_unchanged_poll():
    if request.endpoint in ("games.poll", "games.view_poll"):
        return _poll_fast(request.view_args["token"])
    return None


@readable("/history")
def history(game: Game):
    """The history a page at a time (``?page=1`` the entries before the newest page): a long
    game's page reads the outline of every event and only its own events whole."""
    events = rounds.Events(store().history_outline(game.id), lambda seqs: store().history(game.id, seqs),
                           max(0, request.args.get("page", 0, type=int)))
    return render_template("history.html", game=game, token=g.token, editable=g.editable, page=events.page,
                           pages=rounds.pages(game, events),
                           rounds=game_pages.pages_for(game).history(game, events))


@readable("/export.json")
def export_json(game: Game):
    response = jsonify(export_document(game.state, store().all_events(game), game.created_at))
    # Named like the game's sheet and scores ("friday-night-score-sheet.pdf"): one evening, one name.
    response.headers["Content-Disposition"] = f'attachment; filename="{download_name(titled(game), "game.json")}"'
    return response


@readable("/score.json")
def score_json(game: Game):
    scores = score_of(game)
    if "problems" in scores:   # the contract's lines: "path: message", in English
        return jsonify({"problems": [str(p) for p in scores["problems"]]}), 422
    return jsonify({**scores, "playing_minutes": playing_minutes(game.state, store().all_events(game))})


@bp.get("/<any(g, v):access>/<token>/sheet.pdf")
def sheet(access: str, token: str):
    """The printable sheet, drawn by the game's own pages (?paper=a4|letter)."""
    game = exported_game(token)
    return game_pages.pages_for(game).sheet(game)


@bp.get("/<any(g, v):access>/<token>/scores.csv")
def scores_csv(access: str, token: str):
    """A finished game's scores as CSV, written by the game's own pages."""
    game = exported_game(token)
    return game_pages.pages_for(game).scores_csv(game)


@readable("/share")
def share(game: Game):
    return render_template("share.html", game=game, token=g.token, editable=g.editable,
                           edit_url=external_url("games.table", token=game.edit_token) if g.editable else None,
                           view_url=external_url("games.view", token=game.view_token))


def qr_svg(url: str) -> bytes:
    """The QR code of a link, as a standalone SVG document (an <img> shows nothing without
    the SVG namespace, which svg_inline omits)."""
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=5, dark="#000", light="#fff", border=2, xmldecl=False)
    return out.getvalue()


@readable("/qr/<which>.svg")
def qr_code(game: Game, which: str):
    if which == "edit" and g.editable:
        url = external_url("games.table", token=game.edit_token)
    elif which == "view":
        url = external_url("games.view", token=game.view_token)
    else:
        abort(404)
    return Response(qr_svg(url), mimetype="image/svg+xml")   # never cached: it is the link (helpers.behind_a_token)


# -- changes --------------------------------------------------------------------

def _flip(game_token: str, which: str):
    """Undo or Redo, through the change pipeline; a stale screen's button still works while it
    names the change it would take back (or bring back)."""
    current = changes.gate(game_token)
    form = RevisionForm(meta={"csrf": False})   # the pipeline checked the token
    if not form.validate_on_submit():
        return render_game(current, 400, message="; ".join(str(e) for errs in form.errors.values() for e in errs))
    return answer(changes.flip(game_token, which, form.rev.data, request.form.get("mark"),
                               confirmed=form.confirm.data, seat=player_seat(current)), which=which)


def player_seat(game: Game) -> int | None:
    """The player this device said it is in this game (``GamePages.device_seat``), kept with its
    Undo or Redo so another phone says who undid it; None for no seat or one that is no player's
    (AotWK's whole table)."""
    seat = game_pages.pages_for(game).device_seat(game)
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


def _flip_notes(game: Game, record) -> list[str]:
    said = game_pages.pages_for(game).describe(game.state, record.move)
    return [_("Undone: %(change)s", change=said) if record.undone else _("Redone: %(change)s", change=said)]


def _stale_undo_message(which: str, last: dict | None) -> str:
    first = (_("Someone else changed the game first, so nothing was undone.") if which == "undo"
             else _("Someone else changed the game first, so nothing was redone."))
    now = (" " + _("The last change is now: %(change)s.", change=last["text"])) if last else ""
    return f"{first}{now} " + _("This is the current game.")


@bp.post("/g/<token>/undo")
@changes.endpoint
def undo(token: str):
    return _flip(token, "undo")


@bp.post("/g/<token>/redo")
@changes.endpoint
def redo(token: str):
    return _flip(token, "redo")


# -- a finished game changes only on purpose ---------------------------------------------------
# Reopening it, or an Undo or Redo of it, first asks (naming the final score it will drop), as
# "Show the final score" does: the button opens the question in its place (htmx) or on a page.

def ranked_results(game: Game, scores: dict) -> str:
    """'Ann 54, Bob 48': each entry's total, best first (a shared result, the question before a
    finished game changes)."""
    ranked = sorted(game_pages.pages_for(game).score_entries(scores), key=lambda entry: entry["rank"])
    return ", ".join(f"{entry['name']} {entry['total']}" for entry in ranked)


def _ask(game: Game, question: str, action: str, yes: str, fields: dict | None = None, drops: str | None = None):
    """The question before a change of a finished game (naming the final score it drops), or before a
    change of a game in play that ``drops`` more than itself (saying what)."""
    results = None
    if drops is None:
        scores = score_of(game)
        results = None if "problems" in scores else ranked_results(game, scores)
    context = dict(game=game, token=game.edit_token, question=question, action=action, yes=yes, fields=fields or {},
                   results=results, drops=drops)
    return render_template("_finished_confirm.html" if htmx else "finished_confirm.html", **context)


def _to_the_table(token: str):
    return redirect(url_for("games.table", token=token), 303)


@bp.get("/g/<token>/reopen")
def confirm_reopen(token: str):
    """'Reopen the game': what it drops, asked before it is done."""
    game = load(token, want_edit=True)
    if game.phase != changes.FINISHED or game_pages.pages_for(game).reopen is None:
        return _to_the_table(token)
    return _ask(game, _("Reopen the game?"), url_for("games.reopen", token=token), _("Yes: reopen the game"))


@bp.post("/g/<token>/reopen")
@changes.endpoint
def reopen(token: str):
    """The confirmed 'Reopen the game': the game's own reopening move, an event in its history
    (Undo finishes it again)."""
    game = changes.gate(token)
    move = game_pages.pages_for(game).reopen
    if move is None:
        abort(404)
    if request.form.get("confirm") != "1":   # not confirmed (an old page, a hand-made request): ask first
        return redirect(url_for("games.confirm_reopen", token=token), 303)
    if game.phase == changes.FINISHED:   # another phone may have reopened it a moment ago: nothing to do
        changes.change(token, dict(move), needs_current=False, game=game)
    return _to_the_table(token)


@bp.get("/g/<token>/<any(undo, redo):which>")
def confirm_flip(token: str, which: str):
    """A finished game's Undo or Redo button, or an Undo that drops more than its change: the change
    it would make and what it drops (the final score, or what the game says), asked."""
    game = load(token, want_edit=True)
    undo, redo = undo_redo_names(game)
    target = undo if which == "undo" else redo
    drops = target.get("drops") if target is not None and game.phase != changes.FINISHED else None
    if target is None or (game.phase != changes.FINISHED and not drops):   # (nothing to ask: the page's own button)
        return _to_the_table(token)
    if which == "undo":
        question, yes = _("Undo “%(change)s”?", change=target["text"]), _("Yes: undo it")
    else:
        question, yes = _("Redo “%(change)s”?", change=target["text"]), _("Yes: redo it")
    return _ask(game, question, url_for(f"games.{which}", token=token), yes,
                {"rev": game.revision, "mark": target["mark"]}, drops)


# -- moves as JSON (shared/contracts/web-routes.md, "Moves as JSON") ----------------------------

@bp.get("/g/<token>/moves")
def move_kinds(token: str):
    """The move kinds this game accepts, with their fields."""
    game = load(token, want_edit=True)
    return jsonify({"kinds": game_pages.pages_for(game).move_kinds(game.state)})


@bp.post("/g/<token>/moves")
@changes.endpoint
def post_move(token: str):
    """One move, written as the game's exported events record it, through the change pipeline."""
    game = changes.gate(token)
    body = json_body()
    if not isinstance(body, dict) or not isinstance(body.get("kind"), str):
        return _json_problems(400, "(body)", _('The body must be one JSON object with a "kind".'))
    revision = body.get("revision")
    if revision is not None and (isinstance(revision, bool) or not isinstance(revision, int) or revision < 0):
        return _json_problems(400, "revision", _("Must be a whole number from 0 (the revision the sender saw)."))
    if revision is not None and revision > game.revision:   # (a revision only grows: none later was seen)
        return _json_problems(400, "revision", _("The game has not reached that revision: send the one this "
                                                 "device last saw."))
    pages = game_pages.pages_for(game)
    kinds = pages.move_kinds(game.state)
    if body["kind"] not in kinds:
        return _json_problems(422, "kind", _("Not a move this game accepts; GET this address lists them."))
    move, problems = (pages.read_move or move_fields.read_json_move)(kinds, body)
    if problems:
        return jsonify({"problems": [{"field": name, "message": str(message)} for name, message in problems.items()]}), 422
    return answer(changes.change(token, move, revision=revision, game=game))


def _json_problems(status: int, field: str, message) -> tuple:
    return jsonify({"problems": [{"field": field, "message": str(message)}]}), status
