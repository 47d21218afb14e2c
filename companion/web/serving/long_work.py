"""Long work in a process of its own, so that no tap on another game waits for it.

The long-work lane (``companion.web.serving.turns``: a group's or a bundle's import, the card library's
changes, a group's statistics) has its own thread, but every thread of a process shares CPython's
lock: a tap arriving during an import waited for its share of it. Served by ``companion serve``,
the lane's changes (the imports and the library's changes; a group's pages stay, see ``__call__``)
are answered instead by a second process running the same app on the same
database (as ``--workers`` processes do). It gives way to the server's table between its steps
(``turns.follow_table``), as the thread did: SQLite lets one writer at a time, and a writer that
never paused starved a tap for seconds. (Not at a lower priority: a process that is made to wait
while it holds the database's write lock would hold up the tap behind it.)

The process starts with the first long request and stops after ``IDLE_SECONDS`` without one, so
a server nobody imports into pays no memory for it. Where the app was not made from a recipe
(the tests' servers, an app built in code) long work stays on its thread, giving way between
steps.
"""

from __future__ import annotations

import io
import multiprocessing
import os
import sys
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Callable, NamedTuple

from flask import Flask, abort, request
from flask_babel import gettext as _
from uvicorn.importer import import_from_string

from companion.web.serving import turns
from companion.web.serving.turns import LONG, Lane, urgency

IDLE_SECONDS = 120.0
# Set on a request whose long-work process stopped before answering it: Flask answers 503.
LOST = "companion.long_work_lost"


class Recipe(NamedTuple):
    """How to make the served app again in another process (all plain values: it is pickled)."""

    instance: str
    factory: str    # the app factory, "module:function" as uvicorn names an app (the caller's: no import back up)
    shared: str | None = None   # the LAN address the links name
    https: bool = False
    live_streams: bool = True


def app_from(recipe: Recipe) -> Flask:
    """The app as the server made it: the instance folder's config, the LAN address and the scheme."""
    app = import_from_string(recipe.factory)(instance_path=recipe.instance)
    if not app.config.get("LAN_ADDRESS"):
        app.config["LAN_ADDRESS"] = recipe.shared
    app.config["HTTPS"] = recipe.https
    app.config["LIVE_STREAMS"] = recipe.live_streams
    return app


# -- in the long-work process ---------------------------------------------------------------

_app: Flask | None = None


def _start(recipe: Recipe, table_idle) -> None:
    global _app
    end_with_the_server()
    turns.follow_table(table_idle)
    _app = app_from(recipe)


def end_with_the_server() -> None:
    """End this process when the server that started it ends, however it ends: killed without
    warning (``kill -9``, the OOM killer), it cannot stop this one, which would stay behind with its
    hundred megabytes. A thread waits for the server's end (its sentinel)."""
    server = multiprocessing.parent_process()
    if server is not None:
        threading.Thread(target=_exit_after, args=(server,), name="long-work: the server", daemon=True).start()


def _exit_after(server) -> None:
    server.join()
    os._exit(0)


def _answer(environ: dict, body: bytes) -> tuple[str, list[tuple[str, str]], bytes]:
    """One request answered by this process's app: (status, headers, body)."""
    answered: dict = {}
    chunks: list[bytes] = []

    def start_response(status, headers, exc_info=None):
        answered.update(status=status, headers=list(headers))
        return chunks.append

    environ = {**environ, "wsgi.input": io.BytesIO(body), "wsgi.errors": sys.stderr}
    result = _app(environ, start_response)
    try:
        chunks.extend(result)
    finally:
        getattr(result, "close", lambda: None)()
    return answered["status"], answered["headers"], b"".join(chunks)


# -- in the server ---------------------------------------------------------------------------

def _plain(environ: dict) -> dict:
    """What of a request crosses to the other process: its CGI values (the streams stay here)."""
    return {name: value for name, value in environ.items()
            if isinstance(value, (str, bytes, int, float, bool, type(None))) or name == "wsgi.version"}


class LongWorkProcess:
    """WSGI middleware: long work (``turns.urgency``) answered by the long-work process, the rest
    by ``app`` here."""

    def __init__(self, app: Flask, recipe: Recipe, table: Lane, idle_seconds: float = IDLE_SECONDS):
        self.app, self.recipe, self.idle_seconds = app, recipe, idle_seconds
        self._context = multiprocessing.get_context("spawn")
        # the long-work process gives way to the table between its steps, as the long-work thread does
        self._table_idle = table.idle_signal = self._context.Event()
        self._table_idle.set()
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self._in_flight = 0
        self._idle_timer: threading.Timer | None = None

    def __call__(self, environ: dict, start_response: Callable):
        # A group's pages stay on this process's long-work thread: what they read of each game is
        # kept here (``groups.facts``) and makes the next page fast; the other process forgets it.
        if urgency(environ) != LONG or environ.get("REQUEST_METHOD") in ("GET", "HEAD"):
            return self.app(environ, start_response)
        # Whole already (read on the event loop); past the app's limit Flask there refuses it.
        body = environ["wsgi.input"].read((self.app.config["MAX_CONTENT_LENGTH"] or sys.maxsize - 1) + 1)
        try:
            status, headers, answer = self._submit(_plain(environ), body).result()
        except BrokenProcessPool:   # it stopped (killed, out of memory) before answering: say so here
            self._discard()
            return self.app({**environ, LOST: True}, start_response)
        start_response(status, headers)
        return [answer]

    def _submit(self, environ: dict, body: bytes):
        with self._lock:
            if self._idle_timer is not None:
                self._idle_timer.cancel()
                self._idle_timer = None
            if self._pool is None:
                self._pool = ProcessPoolExecutor(max_workers=1, mp_context=self._context,
                                                 initializer=_start, initargs=(self.recipe, self._table_idle))
            self._in_flight += 1
            future = self._pool.submit(_answer, environ, body)
        future.add_done_callback(self._done)
        return future

    def _done(self, _future) -> None:
        with self._lock:
            self._in_flight -= 1
            if not self._in_flight and self._pool is not None:
                self._idle_timer = threading.Timer(self.idle_seconds, self._stop_if_idle)
                self._idle_timer.daemon = True
                self._idle_timer.start()

    def _stop_if_idle(self) -> None:
        with self._lock:
            if self._in_flight or self._pool is None:
                return
            pool, self._pool, self._idle_timer = self._pool, None, None
        pool.shutdown(wait=False)

    def _discard(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    @property
    def running(self) -> bool:
        return self._pool is not None

    def shutdown(self) -> None:
        with self._lock:
            if self._idle_timer is not None:
                self._idle_timer.cancel()
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


def register(app: Flask) -> None:
    app.before_request(_refuse_lost)


def _refuse_lost():
    if request.environ.get(LOST):
        abort(503, _("The server stopped this work before it was done. Look whether it was saved, then try again."))
