"""Every error is a friendly page (or an htmx fragment) with a 4xx status; no traceback ever reaches a phone."""

from __future__ import annotations

from typing import Any, Callable

from flask import Flask, Response, render_template, request
from flask.globals import request_ctx
from flask_babel import gettext as _, lazy_gettext as _l
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, InternalServerError

from companion.web.extensions import htmx

FRIENDLY = {
    400: _l("That request did not make sense to the app."),
    403: _l("This link can only watch the game, not change it. Ask for the edit link."),
    404: _l("There is no game (or page) at this address. Check the link you were given."),
    405: _l("That address does not take this kind of request."),
    409: _l("Someone else changed the game first. Here is the current game; nothing was changed."),
    413: _l("That file is too large for a game document."),
    429: _l("This device has started a great many games or decks in the last minute. "
            "Wait a minute, then try again."),
}
UNTRUSTED_HOST = "This server does not answer to that address."
CSRF_MESSAGE = _l("This page's form had expired or come from elsewhere, so nothing was changed. "
                  "The page is fresh now: please try again.")


# Where a CSRF failure can do better than an error page (keep the player's place): an endpoint or a
# blueprint name -> a function of the message, returning the answer (None: the plain error page).
# Blueprints register here, so this module imports none of them.
CSRF_RECOVERY: dict[str, Callable[[str], Any]] = {}


def error_page(status: int, message: str | None = None):
    if request_ctx.url_adapter is None:   # a Host outside TRUSTED_HOSTS: no links can be built, plain words
        return Response(UNTRUSTED_HOST + "\n", status=status, mimetype="text/plain")
    message = message or FRIENDLY.get(status, _l("Something went wrong."))
    template = "_error.html" if htmx else "error.html"
    return render_template(template, status=status, message=message), status


def register(app: Flask) -> None:
    @app.errorhandler(CSRFError)
    def _csrf(error: CSRFError):
        if request.path.startswith("/v/"):   # a view address never changes anything, token or not
            return error_page(403)
        recover = CSRF_RECOVERY.get(request.endpoint or "") or CSRF_RECOVERY.get(request.blueprint or "")
        recovered = recover(CSRF_MESSAGE) if recover else None
        if recovered is not None:
            return recovered
        return error_page(400, CSRF_MESSAGE)

    @app.errorhandler(HTTPException)
    def _http(error: HTTPException):
        if error.code is None or error.code < 400:
            return error
        # abort(400, "what was wrong") says something specific; werkzeug's stock text does not.
        specific = error.description if error.description != type(error).description else None
        return error_page(error.code, specific)

    @app.errorhandler(Exception)
    def _unexpected(error: Exception):
        app.logger.exception("unhandled error on %s %s", request.method, request.path)
        if _change_was_stored():
            return error_page(InternalServerError.code, RECORDED_BUT_NOT_SHOWN)
        return error_page(InternalServerError.code, _("The app hit a problem it did not expect. Nothing was changed."))


RECORDED_BUT_NOT_SHOWN = _l("Your change was recorded, but the app hit a problem showing the game. "
                            "Reload the page before changing anything else.")


def _change_was_stored() -> bool:
    """Whether this request's change reached the store before the error (its request id is there)."""
    from companion.web.helpers import request_id, store
    from companion.web.storage.store import AlreadyApplied
    token = (request.view_args or {}).get("token")
    if request.method != "POST" or not token or not request_id():
        return False
    try:
        store().check_repeat(token, request_id())
    except AlreadyApplied:
        return True
    except Exception:   # the store itself failing: the transaction did not commit either
        return False
    return False
