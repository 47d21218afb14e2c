"""Small things every blueprint and template uses: the store, this device's
recent games, the theme preference, template filters."""

from __future__ import annotations

import threading
from collections import OrderedDict

from flask import Flask, current_app, request, session

from companion.web.store import Store, iso

THEMES = ("auto", "light", "dark")
THEME_COOKIE = "theme"


def store() -> Store:
    return current_app.extensions["store"]


def remember_game(edit_token: str) -> None:
    """Keep this device's recent games (edit tokens only live in its own session cookie)."""
    recent = [t for t in session.get("games", []) if t != edit_token]
    session["games"] = [edit_token, *recent][: current_app.config["RECENT_GAMES"]]


def recent_tokens() -> list[str]:
    return list(session.get("games", []))


def theme() -> str:
    chosen = request.cookies.get(THEME_COOKIE, "auto")
    return chosen if chosen in THEMES else "auto"


def signed(number: int) -> str:
    return f"+{number}" if number > 0 else str(number)


class RenderCache:
    """A small thread-safe LRU of rendered HTML, keyed by what the HTML depends on."""

    def __init__(self, capacity: int):
        self.capacity = capacity
        self._items: OrderedDict = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key):
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        return None

    def put(self, key, value) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.capacity:
                self._items.popitem(last=False)


def score_categories(scores: dict) -> list[str]:
    """Every category any entry scored, players' order first, then the bot's extras."""
    seen: dict[str, None] = {}
    for entry in [*scores.get("players", []), *([scores["bot"]] if scores.get("bot") else [])]:
        seen.update(dict.fromkeys(entry["categories"]))
    return list(seen)


def register(app: Flask) -> None:
    @app.before_request
    def _keep_session():
        # A permanent session cookie (two weeks from the last page that changed it):
        # the CSRF token inside it outlives the longest game night. Setting it only
        # once keeps polls free of a fresh cookie every two seconds.
        if not session.permanent:
            session.permanent = True

    @app.after_request
    def _protect(response):
        # Game addresses carry their tokens: never hand them to another site in a Referer.
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("X-Frame-Options", "DENY")
        return response

    @app.context_processor
    def _globals():
        return {"theme": theme(), "poll_ms": int(current_app.config["POLL_SECONDS"] * 1000)}

    app.jinja_env.globals["score_categories"] = score_categories
    app.jinja_env.filters["signed"] = signed
    app.jinja_env.filters["iso"] = iso
