"""Pages that are not one game's: home, health check, import, this device's preferences."""

from __future__ import annotations

import re

from flask import Blueprint, Response, abort, jsonify, make_response, redirect, render_template, request, url_for
from flask_babel import gettext as _, lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired

from companion.problems import MAX_DOCUMENT, InvalidInput, load_json
from companion.web.extensions import csrf
from companion.web.documents import read_document
from companion.web import changes
from companion.web import limits
from companion.web.storage.group_store import GroupStore
from companion.web.helpers import (FORM_TYPES, device_id, malformed_request_id, recent_tokens, remember_game,
                                   request_id, store)
from companion.web.storage.store import iso, utcnow

bp = Blueprint("pages", __name__)
# Every token this app makes (store.new_token) is URL-safe base64; anything else is no game, and
# never reaches the database (PostgreSQL refuses a NUL in a query with an error, not an empty answer).
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,100}")
JSON_ENDPOINTS = {"pages.import_game", "games.post_move", "groups.new_group", "groups.import_game",
                  "games.refuse_view_change"}   # the addresses that read a JSON body (a view address: 403 first)


@bp.app_url_value_preprocessor
def _no_game_behind_a_malformed_token(_endpoint, values):
    if values and "token" in values and not TOKEN.fullmatch(values["token"]):
        abort(404)


def _readable_request():
    """What no page sends is refused before any view reads it: a NUL in a form or an address
    (no person types one, and PostgreSQL, the CSV and the PDF cannot hold one), a JSON
    body where a form is expected (Flask-WTF would read any JSON as the form's fields), and a
    change whose request id the contract refuses (every change address, this one check)."""
    fields = ()
    if request.method != "GET" and request.mimetype in FORM_TYPES:
        fields = request.form.items(multi=True)
    elif request.method != "GET" and request.is_json and request.endpoint not in JSON_ENDPOINTS:
        abort(415, _("This address takes a form, not JSON."))
    for name, value in (*request.args.items(multi=True), *fields):
        if "\x00" in name or "\x00" in value:
            abort(400, _("Text may not contain the NUL character; nothing was changed."))
    if request.method not in ("GET", "HEAD", "OPTIONS") and malformed_request_id():
        said = _("The request id must be 8 to 64 letters, digits, '-' or '_'; nothing was changed.")
        if request.is_json:   # a JSON client reads the field it got wrong, as from any refusal
            abort(make_response(jsonify({"problems": [{"field": "X-Request-Id", "message": said}]}), 400))
        abort(400, said)


# First of all the app's checks, the CSRF check included (its error page reads the form too).
bp.record_once(lambda setup: setup.app.before_request_funcs.setdefault(None, []).insert(0, _readable_request))


class ImportForm(FlaskForm):
    document = FileField(_l("Game document (JSON)"),
                         validators=[FileRequired(_l("Choose a JSON file exported from this app."))])


@bp.get("/healthz")
def healthz():
    store().ping()
    return Response("ok", mimetype="text/plain")


@bp.get("/")
def home():
    return render_template("home.html", games=store().titles(recent_tokens()), import_form=ImportForm(),
                           groups=GroupStore(store()).device_groups(device_id()))


def stamp_created(state: dict) -> dict:
    """A new game's state with the moment it was made (the setup form's state says null)."""
    state["created_at"] = state.get("created_at") or iso(utcnow())
    return state


def store_game(state: dict, imported_events: list | None = None, group=None, request_id: str | None = None):
    """Store a new game, in ``group`` (a ``companion.web.storage.group_store.Group``) when one is given; a
    ``request_id`` is this device's own (the same one from another device makes another game)."""
    game = changes.create_game(stamp_created(state), imported_events, request_id, device_id() if request_id else None)
    if group is not None:
        GroupStore(store()).add_game(group, game.id, state.get("players") or [])
    return game


def create_game(state: dict, imported_events: list | None = None, group=None):
    """Store a new game (in ``group`` when one is given), remember it on this device and send
    the phone to its table page."""
    game = store_game(state, imported_events, group, request_id())
    remember_game(game.edit_token)
    return redirect(url_for("games.table", token=game.edit_token), 303)


@bp.post("/games/import")
@csrf.exempt   # JSON bodies cannot be sent cross-site by a form; the upload form checks its token below
@limits.new_games
def import_game():
    if request.is_json:   # application/json and every +json type (application/vnd.api+json, ...)
        return _import_json()
    form = ImportForm()
    if not form.validate_on_submit():
        return render_template("import.html", form=form, problems=[]), 400
    try:
        state, imported_events = read_document(load_json(form.document.data.stream.read(MAX_DOCUMENT + 1)))
    except InvalidInput as exc:
        return render_template("import.html", form=form, problems=exc.problems), 400
    return create_game(state, imported_events)


def _import_json():
    try:
        state, imported_events = read_document(load_json(request.get_data(cache=False)))
    except InvalidInput as exc:
        return _plain_problems([str(p) for p in exc.problems])
    return create_game(state, imported_events)


def _plain_problems(lines: list[str]):
    """One line per problem, as the score command prints them."""
    return Response("\n".join(lines) + "\n", status=400, mimetype="text/plain")
