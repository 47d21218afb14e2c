"""One game's shared pages, whatever the game: its addresses, polling, undo/redo, history,
sharing, the QR codes and its document. What a game's own page shows and its moves are its
own (``companion.aotwk.web.table`` for Architects of the West Kingdom, ``companion.amytis.web``),
found through ``companion.web.other_games``.

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
from flask import Blueprint, Response, abort, g, jsonify, redirect, render_template, request, url_for
from flask_babel import get_locale   # the undo button's words are cached per language
from flask_babel import gettext as _, lazy_gettext as _l
from flask_wtf import FlaskForm
from werkzeug.exceptions import HTTPException
from wtforms.validators import InputRequired, NumberRange

from companion.problems import InvalidInput
from companion.scores import score_document
from companion.web import errors, other_games
from companion.web.documents import export_document, refuse_damaged
from companion.web.errors import error_page
from companion.web.fields import WholeNumberField
from companion.web.helpers import external_url, game_found, remember_game, request_id, store
from companion.web.helpers import RenderCache
from companion.web.store import AlreadyApplied, Game, GameNotFound, NothingToDo, StaleRevision

bp = Blueprint("games", __name__)
undo_names = RenderCache(capacity=512)

STALE_MESSAGE = _l("Someone else changed the game first, so that was not done. This is the current game.")
VIEW_ONLY_MESSAGE = _l("This is the view-only link: it can watch the game but not change it.")


class RevisionForm(FlaskForm):
    """Undo and redo: only the revision the phone saw (and the CSRF token)."""
    rev = WholeNumberField(validators=[InputRequired(_l("The page's revision is missing.")), NumberRange(min=0)])


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
    return game_found(game)


def readable(rule: str, blueprint: Blueprint | None = None, **options) -> Callable:
    """Register a read-only view under both /g/<token> and /v/<token> (on this blueprint, or a game's own)."""
    blueprint = blueprint or bp
    def register(view: Callable) -> Callable:
        @wraps(view)
        def load_then_view(token: str, **kwargs):
            return view(_load(token, want_edit=False), **kwargs)
        blueprint.add_url_rule(f"/g/<token>{rule}", view.__name__, load_then_view, methods=["GET"], **options)
        blueprint.add_url_rule(f"/v/<token>{rule}", f"view_{view.__name__}", load_then_view, methods=["GET"], **options)
        return load_then_view
    return register


def changing(rule: str, blueprint: Blueprint | None = None) -> Callable:
    """Register a state-changing POST under /g/<token> (edit tokens only; on this blueprint, or a game's own)."""
    blueprint = blueprint or bp
    def register(view: Callable) -> Callable:
        @wraps(view)
        def load_then_change(token: str):
            return view(_load(token, want_edit=True))
        blueprint.add_url_rule(f"/g/<token>{rule}", view.__name__, load_then_change, methods=["POST"])
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

def render_game(game: Game, status: int = 200, **context):
    """The game's live region for htmx requests, its whole page otherwise (drawn by the game's own pages)."""
    return other_games.pages_of(game.state).render(game, status, **context)


def score_of(game: Game) -> dict:
    """The game's scores (scored by its document's "game"), or the problems that stop them."""
    try:
        return score_document(game.state)
    except InvalidInput as exc:
        return {"problems": exc.problems}   # said in the reader's language by the template


def undo_redo_names(game: Game) -> tuple[dict | None, dict | None]:
    """What Undo and Redo name, read once per revision (every seat's render shares it)."""
    key = (game.edit_token, game.revision, str(get_locale()))   # (the token: ids repeat across databases, tokens do not)
    named = undo_names.get(key)
    if named is None:
        named = undo_redo(game.state, store().undo_ends(game.id))
        undo_names.put(key, named)
    return named


def undo_redo(state: dict, records) -> tuple[dict | None, dict | None]:
    """What Undo would take back (the last active change) and what Redo would bring back,
    each as {"mark", "text"}: the buttons name them, and a stale screen may still use them
    while they name the same change."""
    describe = other_games.pages_of(state).describe
    active = [r for r in records if not r.undone]
    undone = [r for r in records if r.undone]

    def named(record) -> dict | None:
        # A new change may reuse an undone change's number: the time makes the mark unique.
        return {"mark": f"{record.seq}@{record.at.replace(tzinfo=None).isoformat()}",
                "text": describe(state, record.move)} if record else None
    return named(active[-1] if active else None), named(undone[0] if undone else None)


def after_csrf_failure(message: str):
    """A CSRF failure inside a game: show the current game with the message, keep the player's place."""
    token = (request.view_args or {}).get("token")
    if not token:
        return None   # the plain error page
    try:
        game = _load(token, want_edit=True)   # a view token is refused (403) before anything else
    except HTTPException as refused:
        return error_page(refused.code, VIEW_ONLY_MESSAGE if refused.code == 403 else None)
    return render_game(game, 400, message=message)


errors.CSRF_RECOVERY[bp.name] = after_csrf_failure


def done(game: Game, **context):
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


@readable("/history")
def history(game: Game):
    return render_template("history.html", game=game, token=g.token, editable=g.editable,
                           rounds=other_games.pages_of(game.state).history(game, store().history(game.id)))


@readable("/export.json")
def export_json(game: Game):
    response = jsonify(export_document(game.state, store().all_events(game)))
    response.headers["Content-Disposition"] = f'attachment; filename="game-{game.id}.json"'
    return response


@readable("/score.json")
def score_json(game: Game):
    scores = score_of(game)
    if "problems" in scores:   # the contract's lines: "path: message", in English
        return jsonify({"problems": [str(p) for p in scores["problems"]]}), 422
    return jsonify(scores)


@readable("/share")
def share(game: Game):
    return render_template("share.html", game=game, token=g.token, editable=g.editable,
                           edit_url=external_url("games.table", token=game.edit_token) if g.editable else None,
                           view_url=external_url("games.view", token=game.view_token))


@readable("/qr/<which>.svg")
def qr_code(game: Game, which: str):
    if which == "edit" and g.editable:
        url = external_url("games.table", token=game.edit_token)
    elif which == "view":
        url = external_url("games.view", token=game.view_token)
    else:
        abort(404)
    # A standalone SVG document: an <img> shows nothing without the SVG namespace (svg_inline omits it).
    out = io.BytesIO()
    segno.make(url, error="m").save(out, kind="svg", scale=5, dark="#000", light="#fff", border=2, xmldecl=False)
    return Response(out.getvalue(), mimetype="image/svg+xml")   # never cached: it is the link (helpers.behind_a_token)


# -- changes --------------------------------------------------------------------

def _revision_change(game: Game, action: Callable, which: str):
    """Undo or redo. From a stale screen it still goes ahead while the change its button
    named is the one it would take back (or bring back); otherwise it says what changed."""
    form = RevisionForm()
    if not form.validate_on_submit():
        return render_game(game, 400, message="; ".join(str(e) for errs in form.errors.values() for e in errs))
    revision = form.rev.data
    try:
        if revision != game.revision:
            store().check_repeat(game.edit_token, request_id())   # a resent tap gets its first answer, not a 409
            undo, redo = undo_redo_names(game)
            target = undo if which == "undo" else redo
            if target is None or request.form.get("mark") != target["mark"]:
                return render_game(game, 409, message=_stale_undo_message(which, undo))
            revision = game.revision
        game, record = action(game.edit_token, revision, request_id())
    except AlreadyApplied as repeat:
        return replayed(repeat)
    except StaleRevision:
        fresh, _editable = store().find(game.edit_token)
        undo, _redo = undo_redo_names(fresh)
        return render_game(fresh, 409, message=_stale_undo_message(which, undo))
    except NothingToDo:
        return render_game(game, 400, message=_("There is nothing to undo.") if which == "undo"
                           else _("There is nothing to redo."))
    return done(game, notes=_flip_notes(game, record))


def _flip_notes(game: Game, record) -> list[str]:
    said = other_games.pages_of(game.state).describe(game.state, record.move)
    return [_("Undone: %(change)s", change=said) if record.undone else _("Redone: %(change)s", change=said)]


def replayed(repeat: AlreadyApplied):
    """A repeated tap (same request id): the answer the first one got, the game as it is now, nothing changed."""
    return done(repeat.game, notes=_flip_notes(repeat.game, repeat.record) if repeat.flipped else repeat.record.notes)


def _stale_undo_message(which: str, last: dict | None) -> str:
    first = (_("Someone else changed the game first, so nothing was undone.") if which == "undo"
             else _("Someone else changed the game first, so nothing was redone."))
    now = (" " + _("The last change is now: %(change)s.", change=last["text"])) if last else ""
    return f"{first}{now} " + _("This is the current game.")


@changing("/undo")
def undo(game: Game):
    return _revision_change(game, store().undo, "undo")


@changing("/redo")
def redo(game: Game):
    return _revision_change(game, store().redo, "redo")
