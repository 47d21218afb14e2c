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

import io
from functools import wraps
from typing import Callable

import segno
from flask import (
    Blueprint, Response, abort, g, jsonify, redirect, render_template, request, session, url_for,
)
from flask_babel import get_locale   # the live region's HTML is cached per language
from flask_babel import gettext as _, lazy_gettext as _l
from flask_wtf import FlaskForm
from werkzeug.exceptions import HTTPException
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup
from wtforms import IntegerField
from wtforms.validators import InputRequired, NumberRange

from companion.i18n import card_name
from companion.rules.problems import InvalidInput
from companion.web import catalogue, history as history_words, moves, other_games
from companion.web.documents import export_document, refuse_damaged
from companion.web.helpers import external_url, remember_game, request_id, store
from companion.web.helpers import RenderCache
from companion.web.i18n import language
from companion.web.store import AlreadyApplied, Game, GameNotFound, NothingToDo, StaleRevision

bp = Blueprint("games", __name__)
# Only templates can write these: a player's "<!--csrf-->" is escaped to "&lt;!--csrf--&gt;".
CSRF_PLACEHOLDER = "<!--csrf-->"
PERSONAL_PLACEHOLDER = "<!--personal-->"
rendered = RenderCache(capacity=512)
undo_names = RenderCache(capacity=512)

STALE_MESSAGE = _l("Someone else changed the game first, so that was not done. This is the current game.")
VIEW_ONLY_MESSAGE = _l("This is the view-only link: it can watch the game but not change it.")


class RevisionForm(FlaskForm):
    """Undo and redo: only the revision the phone saw (and the CSRF token)."""
    rev = IntegerField(validators=[InputRequired(_l("The page's revision is missing.")), NumberRange(min=0)])


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
    from companion.scores import score_document   # by the state's "game"
    try:
        return score_document(game.state)
    except InvalidInput as exc:
        return {"problems": [str(p) for p in exc.problems]}


SEATS_REMEMBERED = 30   # games whose seat this device remembers (the session cookie stays small)


def chosen_seat(game: Game):
    """This device's seat in this game: a seat index, "table", or None (not asked yet)."""
    return moves.seat_of(game.state, (session.get("seats") or {}).get(str(game.id)))


def remember_seat(game: Game, who: str | None) -> None:
    seats = {key: value for key, value in (session.get("seats") or {}).items() if key != str(game.id)}
    if who is not None:
        seats[str(game.id)] = who
    session["seats"] = dict(list(seats.items())[-SEATS_REMEMBERED:])


def game_context(game: Game, message: str | None = None, notes=None, refusal: moves.Rejected | None = None,
                 open_form: dict | None = None) -> dict:
    # What every form on the page carries: the CSRF token (put in per phone) and the revision it shows.
    stamp = Markup('<input type="hidden" name="csrf_token" value="{}"><input type="hidden" name="rev" value="{}">'
                   ).format(Markup(CSRF_PLACEHOLDER), game.revision)
    return dict(
        stamp=stamp,
        game=game, state=game.state, editable=g.editable, token=g.token, message=message, notes=notes or [],
        refusal=refusal, open_form=open_form, scores=_live_score(game), show_live=bool(session.get("live_score")),
        board=_board(game),
    )


def _board(game: Game) -> dict:
    board = moves.board_view(game.state, g.editable, chosen_seat(game))
    board["undo"], board["redo"] = _undo_redo(game) if g.editable else (None, None)
    return board


def _undo_redo(game: Game) -> tuple[dict | None, dict | None]:
    """What Undo and Redo name, read once per revision (every seat's render shares it)."""
    key = (game.edit_token, game.revision, str(get_locale()))   # (the token: ids repeat across databases, tokens do not)
    named = undo_names.get(key)
    if named is None:
        named = moves.undo_redo(game.state, store().undo_ends(game.id))
        undo_names.put(key, named)
    return named


def render_game(game: Game, status: int = 200, **context):
    """The live region for htmx requests, the whole table page otherwise."""
    other = other_games.of(game.state)
    if other:
        return other.render(game, status, **context)
    live = Markup(render_live(game, **context))
    if request.headers.get("HX-Request"):
        return live, status
    return render_template("table.html", game=game, live=live), status


def render_live(game: Game, message: str | None = None, notes=None, refusal=None, open_form=None,
                slot: str | None = None) -> str:
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
        key = (game.id, game.revision, g.token, g.editable, bool(session.get("live_score")), str(get_locale()),
               chosen_seat(game))
        html = rendered.get(key)
        if html is None:
            html = render_template("_game.html", csrf=Markup(CSRF_PLACEHOLDER),
                                   personal_slot=Markup(PERSONAL_PLACEHOLDER), **game_context(game))
            rendered.put(key, html)
        personal = render_template("_personal.html", message=message, notes=notes) if message or notes else ""
        if personal and slot and slot in html:   # under the control that made the change
            html = html.replace(slot, personal, 1).replace(PERSONAL_PLACEHOLDER, "", 1)
        else:
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
                           rounds=history_words.describe_history(game, store().history(game.id)))


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
    response = Response(out.getvalue(), mimetype="image/svg+xml")
    response.headers["Cache-Control"] = "private, max-age=86400"
    return response


# -- changes --------------------------------------------------------------------

@bp.post("/g/<token>/move")
def move(token: str):
    # One read for the gate and the damaged-record check; the change reads the state again
    # inside its own transaction (what it changes is whatever is current then).
    try:
        current, editable = store().find(token)
    except GameNotFound:
        abort(404)
    if not editable:
        abort(403, VIEW_ONLY_MESSAGE)
    g.editable, g.token = True, token
    refuse_damaged(current)
    request_ = moves.read_move(request.form)
    if request_.refusal:
        return _refused(store().find(token)[0], request_.refusal)
    expected = request_.revision if request_.needs_current_revision else None
    try:
        game, notes, stale = store().change(token, request_.move, moves.applier(request_.move, request_.seen),
                                            expected_revision=expected, seen_revision=request_.revision,
                                            request_id=request_id())
    except AlreadyApplied as repeat:
        return replayed(repeat)
    except StaleRevision:
        return render_game(store().find(token)[0], 409, message=STALE_MESSAGE)
    except moves.Rejected as refusal:
        return _refused(store().find(token)[0], refusal)
    if stale:
        notes = [*notes, _("Applied to the latest game (another phone had changed it too).")]
    return _done(game, notes=notes, slot=moves.result_slot(request_.move))


def _refused(game: Game, refusal: moves.Rejected):
    """A refused move: 400, the current game, the message next to the control (or the reopened form)."""
    open_form = None
    if refusal.kind and refusal.kind not in moves.QUICK_MOVES:
        open_form = moves.refused_form(game.state, refusal, request.form, game.revision)
    # The message goes next to the control that was refused (or into the reopened form), on that
    # player's card only; the top of the page gets it only when there is no such control.
    placed = refusal.kind is not None and (open_form or refusal.kind in moves.PLACED_REFUSALS)
    message = None if placed else _("That was not recorded: %(why)s", why="; ".join(map(str, refusal.errors.values())))
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
            undo, redo = _undo_redo(game)
            target = undo if which == "undo" else redo
            if target is None or request.form.get("mark") != target["mark"]:
                return render_game(game, 409, message=_stale_undo_message(which, undo))
            revision = game.revision
        game, record = action(game.edit_token, revision, request_id())
    except AlreadyApplied as repeat:
        return replayed(repeat)
    except StaleRevision:
        fresh, _editable = store().find(game.edit_token)
        undo, _redo = _undo_redo(fresh)
        return render_game(fresh, 409, message=_stale_undo_message(which, undo))
    except NothingToDo:
        return render_game(game, 400, message=_("There is nothing to undo.") if which == "undo"
                           else _("There is nothing to redo."))
    return _done(game, notes=_flip_notes(game, record))


def _flip_notes(game: Game, record) -> list[str]:
    said = moves.describe(game.state, record.move)
    return [_("Undone: %(change)s", change=said) if record.undone else _("Redone: %(change)s", change=said)]


def replayed(repeat: AlreadyApplied):
    """A repeated tap (same request id): the answer the first one got, the game as it is now, nothing changed."""
    return _done(repeat.game, notes=_flip_notes(repeat.game, repeat.record) if repeat.flipped else repeat.record.notes)


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


# -- this phone's seat, Build / Hire, and the questions a card asks -----------------------------

@readable("/seat")
def seat(game: Game):
    """Who is this phone: a player (their board first), "table" (every board in full), or
    nothing (ask again). Remembered in this device's session, per game; no token in it."""
    who = request.args.get("who")
    remember_seat(game, who if moves.seat_of(game.state, who) is not None else None)
    if request.headers.get("HX-Request"):
        return render_game(game)
    return redirect(url_for("games.table" if g.editable else "games.view", token=g.token), 303)


def _player_argument(game: Game):
    raw = request.args.get("player", "")
    if raw == moves.BOT and game.state.get("bot"):
        return moves.BOT
    if not raw.isdecimal() or int(raw) >= len(game.state["players"]):
        abort(400, _("Choose a player."))
    return int(raw)


def _stamp(game: Game) -> Markup:
    return Markup('<input type="hidden" name="csrf_token" value="{}"><input type="hidden" name="rev" value="{}">'
                  ).format(generate_csrf(), game.revision)


def _likely(game: Game, who, kind: str, query: str) -> list[dict]:
    cards = catalogue.pick_for(game.state, who, kind, query)
    for card in cards:
        card["asks"] = kind == "building" and bool(moves.questions(game.state, "build", who, card["id"]))
    return cards


@bp.get("/g/<token>/pick")
def pick_panel(token: str):
    """Build or Hire for a player: a focused search box and the likely cards."""
    game = _load(token, want_edit=True)
    kind = catalogue.kind_argument()
    who = _player_argument(game)
    source = request.args.get("source")   # the free starting hire (Age of Artisans) opens on "Free"
    return render_template("_pick_panel.html", token=token, stamp=_stamp(game), kind=kind, who=who,
                           name=moves.who_name(game.state, who), query="", sources=moves.HIRE_SOURCES,
                           source=source if source in dict(moves.HIRE_SOURCES) else None,
                           artisan=kind == "apprentice" and source != "free"
                           and any(p.name == "artisan" for p in moves.table.MOVES["hire"].params_in_play(game.state)),
                           field=kind, cards=_likely(game, who, kind, ""))


@bp.get("/g/<token>/pick/cards")
def pick_cards(token: str):
    game = _load(token, want_edit=True)
    kind = catalogue.kind_argument()
    who = _player_argument(game)
    query = request.args.get("q", "")
    return render_template("_pick_cards.html", token=token, kind=kind, who=who, field=kind, query=query,
                           cards=_likely(game, who, kind, query))


@bp.get("/g/<token>/ask")
def ask(token: str):
    """The questions a move needs answered (a card's choice, the revealed reward), as buttons."""
    game = _load(token, want_edit=True)
    kind = request.args.get("kind", "")
    who = _player_argument(game)
    name = moves.who_name(game.state, who)
    if kind == "build":
        building = request.args.get("building", "")
        card = catalogue.load().buildings.get(building)
        if card is None:
            abort(404)
        title = _("%(name)s builds the %(building)s", name=name,
                  building=card_name("building", building, language()))
        fixed = {"building": building}
    elif kind == "advance_cathedral":
        title, fixed = _("%(name)s: Cathedral +1", name=name), {}
        if game.state["table"].get("reward_cards_left", 0) <= 0:
            title = _("%(name)s: Cathedral +1 (the reward pile is empty: 1 virtue)", name=name)
    elif kind == "capture":
        title, fixed = _("%(name)s captures workers", name=name), {}
    else:
        abort(404)
    asked = moves.questions(game.state, kind, who, fixed.get("building"))
    for question in asked:
        if question["type"] == "cards":
            question["cards"] = catalogue.pick_for(game.state, who, question["kind"])
    return render_template("_ask_panel.html", token=token, stamp=_stamp(game), kind=kind, who=who, title=title,
                           fixed=fixed, asked=asked)



@bp.get("/g/<token>/craft")
def craft_panel(token: str):
    """Age of Artisans: craft an Adornment or a Tool for a player, as labelled choices."""
    game = _load(token, want_edit=True)
    if "age_of_artisans" not in (game.state.get("expansions") or ()):
        abort(404)
    who = _player_argument(game)
    if who == moves.BOT:
        abort(400, _("The bot does not craft."))
    return render_template("_craft_panel.html", token=token, stamp=_stamp(game), who=who,
                           name=moves.who_name(game.state, who), choices=moves.craft_choices(game.state, who),
                           artisan=any(p.name == "artisan" for p in moves.table.MOVES["craft_tool"].params_in_play(game.state)))
