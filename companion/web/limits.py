"""Limits a public server needs (Flask-Limiter): what one client may create per minute.

Generous enough that a group at one table never meets them, each per client address and
configurable (``companion.web.DEFAULTS``): new games (setup, import, Amytis, rematch), new
decks (new, copy, import), new groups, imports into a group (one game, or a bundle of up to
``GROUP_BUNDLE_MAX_GAMES``) and card library imports. A stranger's script creating thousands
is answered with a friendly 429 page. Only what was made counts (a refused form costs nothing).
Counts are kept in memory unless ``RATELIMIT_STORAGE_URI`` names a shared store (several
server processes: e.g. ``redis://``); ``RATELIMIT_ENABLED=False`` turns the limits off.
"""

from __future__ import annotations

from flask import Flask, Response, current_app
from flask_babel import lazy_gettext as _l
from flask_limiter import Limiter, RateLimitExceeded
from flask_limiter.util import get_remote_address

limiter = Limiter(key_func=get_remote_address)

TOO_MANY_GROUPS = _l("This device has made a great many groups in the last minute. Wait a minute, then try again.")
TOO_MANY_GROUP_IMPORTS = _l("This device has imported into groups a great many times in the last minute. "
                            "Wait a minute, then try again.")
TOO_MANY_LIBRARY_IMPORTS = _l("This device has imported a great many card library files in the last minute. "
                              "Wait a minute, then try again.")


def _made(response: Response) -> bool:
    """What was made answers with a redirect to it, or with the page saying so (a library import);
    a refusal (any 4xx) made nothing."""
    return response.status_code < 400


def _per_minute(setting: str):
    return lambda: f"{current_app.config[setting]} per minute"


def _limit(setting: str, scope: str, message=None):
    """One count per client address shared by every route it decorates; ``message`` says what
    was refused (the error page's own 429 sentence, about games and decks, otherwise)."""
    return limiter.shared_limit(_per_minute(setting), scope=scope, methods=["POST"], deduct_when=_made,
                                error_message=(lambda: str(message)) if message else None)


new_games = _limit("NEW_GAMES_PER_MINUTE", "new games")
new_decks = _limit("NEW_DECKS_PER_MINUTE", "new decks")
new_groups = _limit("NEW_GROUPS_PER_MINUTE", "new groups", TOO_MANY_GROUPS)
group_imports = _limit("GROUP_IMPORTS_PER_MINUTE", "group imports", TOO_MANY_GROUP_IMPORTS)
library_imports = _limit("LIBRARY_IMPORTS_PER_MINUTE", "library imports", TOO_MANY_LIBRARY_IMPORTS)


def register(app: Flask) -> None:
    from companion.web.errors import error_page

    limiter.init_app(app)

    @app.errorhandler(RateLimitExceeded)
    def _too_many(error: RateLimitExceeded):
        said = error.description if error.limit.error_message else None
        page, status = error_page(429, said)   # errors.FRIENDLY's words unless the limit has its own
        response = current_app.make_response((page, status))
        response.headers["Retry-After"] = "60"
        return response
