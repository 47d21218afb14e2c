"""One game: the table page, polling, moves, undo/redo, history, sharing, export.

Addresses: ``/g/<edit token>/...`` has full rights, ``/v/<view token>/...`` is
read-only. Any state-changing request through a view token is refused with 403
(whichever prefix it came through); an unknown token is a friendly 404.

Stale views: every form carries the revision its page was rendered at. Moves
are relative where they can be (virtue +1), so a move from a stale page is
applied to the current state, re-validated by the rules. Undo, redo and the
moves the rules mark absolute are refused with 409 and the current view.
"""

from __future__ import annotations

from functools import wraps
from typing import Callable

import segno
from flask import (
    Blueprint, Response, abort, g, jsonify, redirect, render_template, request, session, url_for,
)
from flask_wtf import FlaskForm
from werkzeug.exceptions import HTTPException
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup
from wtforms import IntegerField
from wtforms.validators import InputRequired, NumberRange

from companion.rules.problems import InvalidInput
from companion.web import moves
from companion.web.documents import export_document, refuse_damaged
from companion.web.helpers import remember_game, store
from companion.web.helpers import RenderCache
from companion.web.store import Game, GameNotFound, NothingToDo, StaleRevision

bp = Blueprint("games", __name__)
# Only templates can write these: a player's "<!--csrf-->" is escaped to "&lt;!--csrf--&gt;".
CSRF_PLACEHOLDER = "<!--csrf-->"
PERSONAL_PLACEHOLDER = "<!--personal-->"
rendered = RenderCache(capacity=512)

STALE_MESSAGE = "Someone else changed the game first, so that was not done. This is the current game."
VIEW_ONLY_MESSAGE = "This is the view-only link: it can watch the game but not change it."


class RevisionForm(FlaskForm):
    """Undo and redo: only the revision the phone saw (and the CSRF token)."""
    rev = IntegerField(validators=[InputRequired("The page's revision is missing."), NumberRange(min=0)])


# -- finding the game -----------------------------------------------------------

def _load(token: str, want_edit: bool) -> Game:
    """The game behind a token; sets g.editable. A view token where an edit is wanted is 403."""
    try:
        game, editable = store().find(token)
    except GameNotFound:
        abort(404)
    if want_edit and not editable:
        abort(403, VIEW_ONLY_MESSAGE)
    g.editable = editable and request.path.startswith("/g/")
    g.token = token
    refuse_damaged(game)   # a record that fails the schema: what is wrong and its export, never half a page
    return game


def readable(rule: str, **options) -> Callable:
    """Register a read-only view under both /g/<token> and /v/<token>."""
    def register(view: Callable) -> Callable:
        @wraps(view)
        def load_then_view(token: str, **kwargs):
            return view(_load(token, want_edit=False), **kwargs)
        bp.add_url_rule(f"/g/<token>{rule}", view.__name__, load_then_view, methods=["GET"], **options)
        bp.add_url_rule(f"/v/<token>{rule}", f"view_{view.__name__}", load_then_view, methods=["GET"], **options)
        return load_then_view
    return register


def changing(rule: str) -> Callable:
    """Register a state-changing POST under /g/<token> (edit tokens only)."""
    def register(view: Callable) -> Callable:
        @wraps(view)
        def load_then_change(token: str):
            return view(_load(token, want_edit=True))
        bp.add_url_rule(f"/g/<token>{rule}", view.__name__, load_then_change, methods=["POST"])
        return load_then_change
    return register


@bp.route("/v/<token>", methods=["POST", "PUT", "PATCH", "DELETE"])
@bp.route("/v/<token>/<path:rest>", methods=["POST", "PUT", "PATCH", "DELETE"])
def refuse_view_change(token: str, rest: str = ""):
    _load(token, want_edit=True)   # 404 for an unknown token, 403 for a view token
    abort(403, VIEW_ONLY_MESSAGE)  # an edit token through /v/ is still a view address


@bp.route("/g/<token>/<path:rest>", methods=["POST", "PUT", "PATCH", "DELETE"])
def unknown_change(token: str, rest: str):
    """A change to an address that does not exist: 403 for a view token, 404 otherwise."""
    _load(token, want_edit=True)
    abort(404)


# -- rendering ------------------------------------------------------------------

def _live_score(game: Game) -> dict | None:
    if not session.get("live_score") and game.phase != "finished":
        return None
    return _scores(game)


def _scores(game: Game) -> dict:
    from companion.rules.scoring import score_document
    try:
        return score_document(game.state)
    except InvalidInput as exc:
        return {"problems": [str(p) for p in exc.problems]}


def game_context(game: Game, message: str | None = None, notes=None, refusal: moves.Rejected | None = None,
                 open_form: dict | None = None) -> dict:
    # What every form on the page carries: the CSRF token (put in per phone) and the revision it shows.
    stamp = Markup('<input type="hidden" name="csrf_token" value="{}"><input type="hidden" name="rev" value="{}">'
                   ).format(Markup(CSRF_PLACEHOLDER), game.revision)
    return dict(
        stamp=stamp,
        game=game, state=game.state, editable=g.editable, token=g.token, message=message, notes=notes or [],
        refusal=refusal, open_form=open_form, scores=_live_score(game), show_live=bool(session.get("live_score")),
        board=moves.board_view(game.state, g.editable),
    )


def render_game(game: Game, status: int = 200, **context):
    """The live region for htmx requests, the whole table page otherwise."""
    live = Markup(render_live(game, **context))
    if request.headers.get("HX-Request"):
        return live, status
    return render_template("table.html", game=game, live=live), status


def render_live(game: Game, message: str | None = None, notes=None, refusal=None, open_form=None) -> str:
    """The live region's HTML.

    Apart from the notes or message for the phone that made a change, it depends
    only on the game's revision and the address, so it is rendered once per
    revision and shared: six phones polling one change cost one render. The
    personal parts and each phone's own CSRF token are put in afterwards.
    """
    if refusal or open_form:   # messages next to controls: this phone's own page
        html = render_template("_game.html", csrf=Markup(CSRF_PLACEHOLDER),
                               **game_context(game, message, notes, refusal, open_form))
    else:
        key = (game.id, game.revision, g.token, g.editable, bool(session.get("live_score")))
        html = rendered.get(key)
        if html is None:
            html = render_template("_game.html", csrf=Markup(CSRF_PLACEHOLDER),
                                   personal_slot=Markup(PERSONAL_PLACEHOLDER), **game_context(game))
            rendered.put(key, html)
        personal = render_template("_personal.html", message=message, notes=notes) if message or notes else ""
        html = html.replace(PERSONAL_PLACEHOLDER, personal, 1)
    return html.replace(CSRF_PLACEHOLDER, generate_csrf())


def after_csrf_failure(token: str, message: str):
    """A CSRF failure inside a game: show the current game with the message, keep the player's place."""
    from companion.web.errors import error_page   # (an error handler may not abort again)
    try:
        game = _load(token, want_edit=True)   # a view token is refused (403) before anything else
    except HTTPException as refused:
        return error_page(refused.code, VIEW_ONLY_MESSAGE if refused.code == 403 else None)
    return render_game(game, 400, message=message)


def _done(game: Game, **context):
    """After a change: htmx gets the fresh region; a plain form post is redirected (no resubmission)."""
    if request.headers.get("HX-Request"):
        return render_game(game, **context)
    return redirect(url_for("games.table", token=game.edit_token), 303)


# -- pages ----------------------------------------------------------------------

@bp.get("/g/<token>")
def table(token: str):
    game = _load(token, want_edit=False)
    if not g.editable:   # a view token through /g/: send it to its read-only address
        return redirect(url_for("games.view", token=token), 303)
    remember_game(game.edit_token)
    return render_game(game)


@bp.get("/v/<token>")
def view(token: str):
    return render_game(_load(token, want_edit=False))


@readable("/poll")
def poll(game: Game):
    """204 (htmx swaps nothing) while the phone's revision is current; the fresh region once it is not."""
    return render_game(game)


def _poll_fast(token: str):
    """The cheap path of a poll: one indexed integer read, no rendering."""
    seen = request.args.get("rev", type=int)
    current = store().revision(token)
    if current is not None and seen == current:
        return Response(status=204)
    return None


@bp.before_request
def _short_circuit_unchanged_poll():
    if request.endpoint in ("games.poll", "games.view_poll"):
        return _poll_fast(request.view_args["token"])
    return None


@readable("/live")
def live_score(game: Game):
    """Show or hide this device's live score (a preference, not game state), then the fresh region."""
    session["live_score"] = request.args.get("show") == "1"
    return render_game(game)


@readable("/history")
def history(game: Game):
    return render_template("history.html", game=game, token=g.token, editable=g.editable,
                           events=moves.describe_history(game, store().history(game.id)))


@readable("/score")
def final_score(game: Game):
    return render_template("score.html", game=game, token=g.token, editable=g.editable, scores=_scores(game))


@readable("/export.json")
def export_json(game: Game):
    response = jsonify(export_document(game.state, store().all_events(game)))
    response.headers["Content-Disposition"] = f'attachment; filename="game-{game.id}.json"'
    return response


@readable("/score.json")
def score_json(game: Game):
    scores = _scores(game)
    if "problems" in scores:
        return jsonify(scores), 422
    return jsonify(scores)


@readable("/share")
def share(game: Game):
    return render_template("share.html", game=game, token=g.token, editable=g.editable,
                           edit_url=url_for("games.table", token=game.edit_token, _external=True) if g.editable else None,
                           view_url=url_for("games.view", token=game.view_token, _external=True))


@readable("/qr/<which>.svg")
def qr_code(game: Game, which: str):
    if which == "edit" and g.editable:
        url = url_for("games.table", token=game.edit_token, _external=True)
    elif which == "view":
        url = url_for("games.view", token=game.view_token, _external=True)
    else:
        abort(404)
    svg = segno.make(url, error="m").svg_inline(scale=5, dark="#000", light="#fff", border=2)
    response = Response(svg, mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "private, max-age=86400"
    return response


# -- changes --------------------------------------------------------------------

@bp.post("/g/<token>/move")
def move(token: str):
    # The cheap gate first: the state is read once, inside the change's transaction.
    found = store().access(token)
    if found is None:
        abort(404)
    if not found[1]:
        abort(403, VIEW_ONLY_MESSAGE)
    g.editable, g.token = True, token
    refuse_damaged(store().find(token)[0])
    request_ = moves.read_move(request.form)
    if request_.refusal:
        return _refused(store().find(token)[0], request_.refusal)
    expected = request_.revision if request_.needs_current_revision else None
    try:
        game, notes, stale = store().change(token, request_.move, moves.applier(request_.move),
                                            expected_revision=expected, seen_revision=request_.revision)
    except StaleRevision:
        return render_game(store().find(token)[0], 409, message=STALE_MESSAGE)
    except moves.Rejected as refusal:
        return _refused(store().find(token)[0], refusal)
    if stale:
        notes = [*notes, "Applied to the latest game (another phone had changed it too)."]
    return _done(game, notes=notes)


def _refused(game: Game, refusal: moves.Rejected):
    """A refused move: 400, the current game, the message next to the control (or the reopened form)."""
    open_form = None
    if refusal.kind and refusal.kind not in moves.QUICK_MOVES:
        open_form = moves.refused_form(game.state, refusal, request.form, game.revision)
    message = "That was not recorded: " + "; ".join(refusal.errors.values())
    return render_game(game, 400, refusal=refusal, open_form=open_form, message=message)


@bp.get("/g/<token>/form")
def move_form(token: str):
    """The form for one move, for one player (empty without a kind: closes an open form)."""
    game = _load(token, want_edit=True)
    kind = request.args.get("kind", "")
    if not kind:
        return ""
    if kind not in moves.table.MOVES:
        abort(404)
    who = request.args.get("player")
    form = moves.move_form(game.state, kind, who, game.revision)
    return render_template("_move_form.html", form=form, kind=kind, spec=moves.table.MOVES[kind], token=token,
                           csrf=generate_csrf())


def _revision_change(game: Game, action: Callable):
    form = RevisionForm()
    if not form.validate_on_submit():
        return render_game(game, 400, message="; ".join(e for errs in form.errors.values() for e in errs))
    try:
        game, record = action(game.edit_token, form.rev.data)
    except StaleRevision:
        fresh, _ = store().find(game.edit_token)
        return render_game(fresh, 409, message=STALE_MESSAGE)
    except NothingToDo as exc:
        return render_game(game, 400, message=str(exc).capitalize() + ".")
    verb = "Undone" if record.undone else "Redone"
    return _done(game, notes=[f"{verb}: {moves.describe(game.state, record.move)}"])


@changing("/undo")
def undo(game: Game):
    return _revision_change(game, store().undo)


@changing("/redo")
def redo(game: Game):
    return _revision_change(game, store().redo)

