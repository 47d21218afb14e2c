"""The web app: ``create_app()`` builds a Flask app over an instance folder.

Configuration, lowest to highest precedence: the defaults below,
``<instance>/config.py`` if present, the environment (``DATABASE_URL``,
``SECRET_KEY``, ``PUBLIC_URL``, ``TRUSTED_HOSTS`` comma-separated,
``FINISHED_GAMES_CSV_TOKEN``), then ``test_config``.
"""

from __future__ import annotations

import os
import secrets
from datetime import timedelta
from pathlib import Path

from companion.web.templating import CompanionFlask

from companion import files
from companion.web.storage import migrations
from companion.web.extensions import csrf, htmx
from companion.web.storage.store import Store, make_engine

DATABASE_FILE = "companion.sqlite3"
SECRET_KEY_FILE = "secret_key"


DEFAULTS = dict(
    SECRET_KEY=None,
    DATABASE_URL=None,                 # None: SQLite in the instance folder
    WTF_CSRF_TIME_LIMIT=None,          # the token lives as long as the session: a 3-hour game never expires it
    WTF_CSRF_SSL_STRICT=False,         # phones on the LAN over plain HTTP send no matching Referer for https
    PERMANENT_SESSION_LIFETIME=timedelta(days=14),
    SESSION_REFRESH_EACH_REQUEST=False,   # the cookie is re-sent when the session changes, not on every poll
    SESSION_COOKIE_SAMESITE="Lax",
    SESSION_COOKIE_HTTPONLY=True,
    # The session cookie (and the language's) is Secure on every https page regardless
    # (companion.web.transport); True makes it Secure on plain http too (a browser then drops it).
    SESSION_COOKIE_SECURE=False,
    HTTPS=False,                       # set by `companion serve --https`: https answers carry HSTS
    HSTS_SECONDS=365 * 86400,          # HSTS's max-age, under --https or an https PUBLIC_URL
    MAX_CONTENT_LENGTH=2 * 1024 * 1024,
    POLL_SECONDS=2,                    # how often a page asks for changes where there is no stream (--dev)
    LIVE_STREAMS=False,                # set by companion.web.serving.asgi: pages listen to /stream instead
    LIVE_POLL_SECONDS=20,              # then the slow fallback poll, for networks that break streams
    # Open streams (companion.web.serving.live; each holds a file descriptor and ~10 KiB). Beyond either cap a
    # stream is refused (503) and its page polls every POLL_SECONDS instead, saying why.
    LIVE_STREAMS_TOTAL=None,           # None: the open-files limit less a reserve for changes and pages
                                       # (an eighth of it, at least 64), at most 20,000; a number: that, within the same
    LIVE_STREAMS_PER_CLIENT=100,       # from one address: a phone's tabs, or a club's tables behind one router
    LAN_ADDRESS=None,                  # set by `companion serve` on the network: what share links name for 127.0.0.1
    RECENT_GAMES=12,
    PUBLIC_URL=None,                   # e.g. "https://games.ourclub.org": every shared link starts with it
    TRUSTED_HOSTS=None,                # or the host names a request may name (Flask checks them); with neither,
                                       # only this machine's own names and addresses (companion.web.hosts)
    FINISHED_GAMES_CSV_TOKEN=None,     # /games/finished.csv answers only with ?token=<this>
    # What one client address may create per minute (companion.web.limits; a 429 page beyond): a table never needs more
    NEW_GAMES_PER_MINUTE=20,           # setup, import, Amytis pad and rematch, counted together
    NEW_DECKS_PER_MINUTE=20,           # new, copied and imported scheme decks, counted together
    NEW_GROUPS_PER_MINUTE=10,
    GROUP_IMPORTS_PER_MINUTE=10,       # a game or a bundle of games added to a group
    LIBRARY_IMPORTS_PER_MINUTE=10,     # card library files imported
    GROUP_BUNDLE_MAX_GAMES=500,        # a group export imported whole, or refused whole beyond this (413)
    RATELIMIT_ENABLED=True,
    RATELIMIT_STORAGE_URI="memory://",  # one server process; several share a store (e.g. redis://)
    JINJA_BYTECODE_CACHE=None,         # a jinja2.BytecodeCache shared by many apps (the tests build ~1,000)
    # What one connection may hold (companion.web.serving.connections; docs/web.md, "Connections and streams"):
    REQUEST_HEADERS_SECONDS=10,        # a request's line and headers, from the connection's opening or its first byte
    REQUEST_HEADER_BYTES=64 * 1024,    # and their size (beyond: 431)
    REQUEST_BODY_IDLE_SECONDS=10,      # the longest pause in a body (a phone that lost the Wi-Fi mid-upload)
    REQUEST_BODY_BYTES_PER_SECOND=8192,  # a body's average speed after its first 10 s: a 2 MiB import, ~4 min
    KEEP_ALIVE_SECONDS=75,             # an idle connection between requests (a phone taps every few seconds)
)


def create_app(test_config: dict | None = None, instance_path: str | os.PathLike | None = None) -> CompanionFlask:
    # Unless told, Flask's own choice: instance/ beside the package in a checkout (the repository's),
    # <prefix>/var/companion.web-instance when installed
    instance_path = instance_path or os.environ.get("COMPANION_INSTANCE")
    app = CompanionFlask(
        __name__,
        instance_path=str(Path(instance_path).resolve()) if instance_path else None,
        instance_relative_config=True,
        template_folder=str(files.TEMPLATES),
        static_folder=str(files.STATIC),
    )
    instance = Path(app.instance_path)
    app.config.from_mapping(DEFAULTS)
    instance.mkdir(parents=True, exist_ok=True)
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    for name in ("DATABASE_URL", "SECRET_KEY", "PUBLIC_URL", "FINISHED_GAMES_CSV_TOKEN"):
        if os.environ.get(name):
            app.config[name] = os.environ[name]
    if os.environ.get("TRUSTED_HOSTS"):
        app.config["TRUSTED_HOSTS"] = [h.strip() for h in os.environ["TRUSTED_HOSTS"].split(",") if h.strip()]
    if test_config:
        app.config.from_mapping(test_config)

    if not app.config["SECRET_KEY"]:
        app.config["SECRET_KEY"] = _persistent_secret_key(instance)
    if not app.config["DATABASE_URL"]:
        app.config["DATABASE_URL"] = f"sqlite:///{instance / DATABASE_FILE}"

    store = Store(make_engine(app.config["DATABASE_URL"]))
    migrations.upgrade(store.engine)   # a database of an older release is brought up to date
    app.extensions["store"] = store

    csrf.init_app(app)
    htmx.init_app(app)
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    # Compiled templates kept across apps: a fresh app's first page otherwise compiles every template it
    # uses again. Keyed by each template's source checksum, so an edited template is still compiled anew.
    app.jinja_env.bytecode_cache = app.config["JINJA_BYTECODE_CACHE"]

    from companion.web import (errors, game_pages, games, groups, helpers, hosts, i18n, limits, net, pages,
                               rematches, transport)
    from companion.web.serving import long_work, static_files
    i18n.register(app, files.TRANSLATIONS)
    errors.register(app)
    long_work.register(app)
    limits.register(app)
    helpers.register(app)
    static_files.register(app)
    transport.register(app)
    for shared in (pages, games, net, groups, rematches):   # the addresses every game shares
        app.register_blueprint(shared.bp)
    game_pages.register(app)   # each registered game's own (companion.games): a missing one stops the start
    hosts.register(app)        # last, so that its check runs first: a foreign Host or site meets nothing else
    return app


def _persistent_secret_key(instance: Path) -> str:
    """A random key kept in the instance folder, so sessions (and CSRF tokens) survive restarts."""
    path = instance / SECRET_KEY_FILE
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        key = secrets.token_hex(32)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:   # another process wrote it first: use theirs
            return path.read_text().strip()
        with os.fdopen(fd, "w") as fh:
            fh.write(key)
        return key
