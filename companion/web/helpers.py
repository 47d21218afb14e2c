"""Small things every blueprint and template uses: the store, this device's
recent games, the theme preference, request ids, public links, security
headers, template filters."""

from __future__ import annotations

import re
from typing import Callable
from urllib.parse import urlsplit, urlunsplit

from flask import Flask, current_app, g, has_request_context, request, session, url_for
from flask_babel import get_locale, lazy_gettext as _l
from markupsafe import Markup

from companion.problems import InvalidInput, load_json
from companion.web.storage.cache import named
from companion.web.extensions import htmx
from companion.web.hosts import shared_host
from companion.web.storage.store import Game, Store, iso, new_token

SIGNED_CSRF_TOKENS = named("signed CSRF tokens", 4096)   # a session's CSRF token -> its signed form (``register``)
THEMES = ("auto", "light", "dark")
THEME_COOKIE = "theme"


def store() -> Store:
    return current_app.extensions["store"]


def device_id() -> str:
    """This device's random id, the only thing its session cookie says about its games."""
    device = session.get("device")
    if not isinstance(device, str) or not device:
        device = session["device"] = new_token()
    return device


# What a game's package does once a request has found its game (the card library switches a
# finished game's pages to the version it was scored with). Packages add theirs; this imports none.
ON_GAME_FOUND: list[Callable[[Game], None]] = []


def game_found(game: Game) -> Game:
    for hook in ON_GAME_FOUND:
        hook(game)
    return game


def remember_game(edit_token: str) -> None:
    """Keep this device's recent games on the server (a cookie is readable by anyone holding the phone)."""
    store().remember_device_game(device_id(), edit_token, current_app.config["RECENT_GAMES"])


def recent_tokens() -> list[str]:
    return store().device_tokens(device_id())


def _move_cookie_games_to_server() -> None:
    """Sessions from before device ids carried edit tokens: move them to the server, oldest first."""
    for edit_token in reversed(session.pop("games", None) or []):
        if isinstance(edit_token, str):
            remember_game(edit_token)


# -- request ids: a tap is applied once ------------------------------------------------

REQUEST_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")   # shared/contracts/web-routes.md: 8-64 characters
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")


def _given_request_id() -> str | None:
    """The id a change carries: the header (htmx, a JSON client) or a plain form's hidden field."""
    header = request.headers.get("X-Request-Id")
    if header is not None:
        return header
    return request.form.get("request_id") if request.mimetype in FORM_TYPES else None


def malformed_request_id() -> bool:
    """Whether this change carries a request id the contract refuses. Every change is checked once,
    before any view (``companion.web.pages``): an id that is not kept could not stop a resent tap
    from being applied twice, so the change is refused (400) rather than made without it."""
    given = _given_request_id()
    return given is not None and REQUEST_ID.fullmatch(given) is None


def request_id() -> str | None:
    """The id the phone made for this tap (well formed: a malformed one never reaches a view)."""
    given = _given_request_id()
    return given if given and REQUEST_ID.fullmatch(given) else None


def json_body():
    """The request's JSON body; None when it is not JSON or cannot be read (not UTF-8, too big,
    nested deeper than any document: Flask's own reader overflows Python's stack on that)."""
    if not request.is_json:
        return None
    try:
        return load_json(request.get_data(cache=True))
    except InvalidInput:
        return None


# -- where a redirect may go ------------------------------------------------------------

def same_site_path(target: str | None, fallback: str = "/") -> str:
    """``target`` if it is a path on this site (with its query), else ``fallback``: every
    ``next``/``back`` parameter goes through here, so no redirect leads off the site.
    Browsers drop tabs and newlines inside an address (``/\t/evil.example`` is
    ``//evil.example``, another host), so any control character or space refuses it."""
    if not target or any(ch.isspace() or ord(ch) < 0x20 or ord(ch) == 0x7F for ch in target):
        return fallback
    if not target.startswith("/") or target.startswith("//") or "\\" in target:
        return fallback
    parts = urlsplit(target)
    if parts.scheme or parts.netloc:
        return fallback
    return urlunsplit(("", "", parts.path, parts.query, ""))


# -- public links ----------------------------------------------------------------------

def external_url(endpoint: str, **values) -> str:
    """An absolute link for sharing (share page, QR codes, the sheet's QR).

    Built from ``PUBLIC_URL`` when the operator set it; else from the request's host, which
    Flask checked against ``TRUSTED_HOSTS`` or ``companion.web.hosts`` found to be one of this
    machine's own names, never whatever Host a stranger names; a name only this machine
    understands (127.0.0.1, localhost) becomes its LAN address (``hosts.shared_host``).
    """
    public = current_app.config.get("PUBLIC_URL")
    if public:
        path = url_for(endpoint, **values)[len(request.script_root):]
        return public.rstrip("/") + path
    if current_app.config.get("TRUSTED_HOSTS") is not None:
        return url_for(endpoint, _external=True, **values)
    return f"{request.scheme}://{shared_host(request.host)}{url_for(endpoint, **values)}"


_paths_built = named("paths built", 4096)   # (script root, endpoint, values) -> the path


def path_for(endpoint: str, **values) -> str:
    """``url_for`` for a path in this app, each one built once: a table page draws a dozen
    addresses per seat, the same ones for every phone of the game. Anything that makes an
    address depend on more than its endpoint and values (``_external``, a relative endpoint,
    no request) is left to ``url_for``."""
    if not has_request_context() or endpoint.startswith(".") or endpoint == "static" \
            or any(name.startswith("_") for name in values):
        return url_for(endpoint, **values)
    key = (request.script_root, endpoint, *values.items())   # (one call site names its values in one order)
    try:
        return _paths_built.get_or_make(key, lambda: url_for(endpoint, **values))
    except TypeError:   # a list of values (a repeated query argument) is no key
        return url_for(endpoint, **values)


def game_url(endpoint: str, **values) -> str:
    """A game's address through the link its page was opened with (``g.editable``, ``g.token``,
    set by ``companion.web.access``): a view link gets the read-only twin of a page registered
    under both (``games.readable``: ``view_<name>``; the table itself is ``games.view``)."""
    if not g.get("editable", False):
        blueprint, _, name = endpoint.rpartition(".")
        endpoint = "games.view" if endpoint == "games.table" else f"{blueprint}.view_{name}"
    return path_for(endpoint, token=values.pop("token", None) or g.token, **values)


# -- colours and security headers ------------------------------------------------------

PALETTE = ("red", "blue", "green", "yellow", "purple", "black", "orange", "white")


def colour_class(colour) -> str:
    """A player's colour as a class of the fixed palette (``colour-none`` for anything else)."""
    return f"colour-{colour}" if colour in PALETTE else "colour-none"


# The palette in words: a colour is never only a dot (WCAG 1.4.1; issue 35).
COLOUR_WORDS = {"red": _l("Red"), "blue": _l("Blue"), "green": _l("Green"), "yellow": _l("Yellow"),
                "purple": _l("Purple"), "black": _l("Black"), "orange": _l("Orange"), "white": _l("White")}


_swatches = named("colour swatches", 256)   # (colour, language) -> its swatch: some thirty a drawing


def swatch(colour) -> Markup:
    """A player's dot, followed by its colour in words for a screen reader ("(Yellow) Ann")."""
    if not isinstance(colour, (str, type(None))):   # (a key must be hashable: None is a player without one)
        return _swatch(colour)
    return _swatches.get_or_make((colour, str(get_locale())), lambda: _swatch(colour))


def _swatch(colour) -> Markup:
    dot = Markup('<span class="swatch {}"></span>').format(colour_class(colour))
    if colour not in COLOUR_WORDS:
        return dot
    return dot + Markup('<span class="visually-hidden">({}) </span>').format(COLOUR_WORDS[colour])


CONTENT_SECURITY_POLICY = "; ".join((
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
))


# Address parts that are capabilities (a game's edit or view token, a deck's edit link), and the
# pages that hold this server's own data without one (the card library's export).
CAPABILITY_ARGUMENTS = frozenset({"token", "deck_id"})
PRIVATE_ENDPOINTS = frozenset({"aotwk.library.export"})


def behind_a_token() -> bool:
    """Whether this request's answer is behind a token (in the address or its query)."""
    return bool(CAPABILITY_ARGUMENTS & (request.view_args or {}).keys()) or "token" in request.args \
        or request.endpoint in PRIVATE_ENDPOINTS


def theme() -> str:
    chosen = request.cookies.get(THEME_COOKIE, "auto")
    return chosen if chosen in THEMES else "auto"


def signed(number: int) -> str:
    return f"+{number}" if number > 0 else str(number)


def register(app: Flask) -> None:
    @app.before_request
    def _keep_session():
        # A permanent session cookie (two weeks from the last page that changed it):
        # the CSRF token inside it outlives the longest game night. Setting it only
        # once keeps polls free of a fresh cookie every two seconds.
        if not session.permanent:
            session.permanent = True
        device_id()   # from the first answer on: a new game's request id is this device's own (store.create)
        if "games" in session:
            _move_cookie_games_to_server()

    @app.before_request
    def _signed_csrf_token():
        # Flask-WTF signs the session's CSRF token afresh for every answer (an HMAC: a third of a
        # millisecond, on every tap and every phone's refresh). Without a time limit the signature
        # never expires, so one serves the session's whole life.
        if current_app.config["WTF_CSRF_TIME_LIMIT"] is None and session.get("csrf_token"):
            signed = SIGNED_CSRF_TOKENS.get(session["csrf_token"])
            if signed is not None:
                g.csrf_token = signed

    @app.after_request
    def _remember_signed_csrf_token(response):
        if session.get("csrf_token") and g.get("csrf_token"):
            SIGNED_CSRF_TOKENS.put(session["csrf_token"], g.csrf_token)
        return response

    @app.after_request
    def _stream_again_with_the_new_cookie(response):
        # A page's stream draws its live region with the cookie it was opened with: after an answer
        # that changed the session (a seat chosen, the live score shown), it opens it again (static/live.js).
        if session.modified and htmx:
            response.headers["X-Stream-Again"] = "1"
        return response

    @app.after_request
    def _never_keep_a_capability(response):
        # A page or file behind a token is the token's holder's alone: no shared or disk cache
        # may keep it (the phone's own offline copy is the service worker's, not HTTP's).
        if behind_a_token():
            response.headers["Cache-Control"] = "no-store"
        return response

    @app.after_request
    def _protect(response):
        # Game addresses carry their tokens: never hand them to another site in a Referer.
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        return response

    @app.context_processor
    def _globals():
        config = current_app.config
        poll_seconds = config["LIVE_POLL_SECONDS"] if config["LIVE_STREAMS"] else config["POLL_SECONDS"]
        return {"theme": theme(), "poll_ms": int(poll_seconds * 1000), "live_streams": config["LIVE_STREAMS"]}

    app.jinja_env.globals["game_url"] = game_url
    app.jinja_env.globals["url_for"] = path_for
    app.jinja_env.filters["signed"] = signed
    app.jinja_env.filters["colour_class"] = colour_class
    app.jinja_env.globals["swatch"] = swatch
    app.jinja_env.filters["iso"] = iso
