"""Limits a public server needs (Flask-Limiter): new games and new decks per client per minute.

Generous enough that a group at one table never meets them (``NEW_GAMES_PER_MINUTE``,
``NEW_DECKS_PER_MINUTE``, per client address); a stranger's script creating thousands is
answered with a friendly 429 page. Only what was made counts (a refused form costs nothing).
Counts are kept in memory unless ``RATELIMIT_STORAGE_URI`` names a shared store (several
server processes: e.g. ``redis://``); ``RATELIMIT_ENABLED=False`` turns the limits off.
"""

from __future__ import annotations

from flask import Flask, Response, current_app
from flask_limiter import Limiter, RateLimitExceeded
from flask_limiter.util import get_remote_address

limiter = Limiter(key_func=get_remote_address)

def _made(response: Response) -> bool:
    """A creation answers with a redirect to what it made; anything else made nothing."""
    return response.status_code in (302, 303)


def _per_minute(setting: str):
    return lambda: f"{current_app.config[setting]} per minute"


new_games = limiter.shared_limit(_per_minute("NEW_GAMES_PER_MINUTE"), scope="new games", methods=["POST"],
                                 deduct_when=_made)
new_decks = limiter.shared_limit(_per_minute("NEW_DECKS_PER_MINUTE"), scope="new decks", methods=["POST"],
                                 deduct_when=_made)


def register(app: Flask) -> None:
    from companion.web.errors import error_page

    limiter.init_app(app)

    @app.errorhandler(RateLimitExceeded)
    def _too_many(error: RateLimitExceeded):
        page, status = error_page(429)   # errors.FRIENDLY's words, in the reader's language
        response = current_app.make_response((page, status))
        response.headers["Retry-After"] = "60"
        return response
