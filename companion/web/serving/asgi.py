"""The app as the production server (uvicorn) runs it: the Flask app through a2wsgi's
thread pool, and the live streams (``companion.web.serving.live``) on the event loop beside it.

``/g/<token>/stream`` and ``/v/<token>/stream`` go to the streams; a poll whose revision is the
game's current one, as this process knows it, is answered 204 on the event loop; every other
request, and a stream's unknown token (Flask's friendly 404), to Flask.
"""

from __future__ import annotations

import asyncio
import contextvars
import hashlib
import io
import json
import re
from typing import Callable
from urllib.parse import parse_qs

from a2wsgi import WSGIMiddleware
from a2wsgi.wsgi import Body, WSGIResponder, build_environ
from flask import Flask
from itsdangerous import BadData
from werkzeug.http import parse_cookie

from companion.web.serving.connections import LARGE_BODY, give_memory_back
from companion.web.serving.long_work import LongWorkProcess, Recipe
from companion.web.serving.loop_calls import call_on_loop, hand_over_now, one_hand_over
from companion.web.serving.live import PRIVATE_HEADERS, Revisions, StreamCaps, open_files_limit, streams_allowed
from companion.web.serving.turns import TurnTaking
from companion.web.storage.cache import named

STREAM_PATH = re.compile(r"^/[gv]/([A-Za-z0-9_-]{1,64})/stream$")
POLL_PATH = re.compile(r"^/[gv]/([A-Za-z0-9_-]{1,64})/poll$")
HAND_OVER_BYTES = 256 * 1024   # an answer up to this size crosses to the event loop once, at its end


class CompanionApp:
    """An ASGI app: the streams, the Flask app, and the lifespan that starts and stops the streams' listener."""

    def __init__(self, flask_app: Flask, threads: int = 1, recipe: Recipe | None = None):
        flask_app.config["LIVE_STREAMS"] = True   # pages listen to the stream, and poll only slowly
        self.flask_app = flask_app
        # a2wsgi hands each request to its executor: ours serves a change before a page (companion.web.serving.turns)
        executor = TurnTaking(threads)
        # made from a recipe (`companion serve`), long work is answered by a process of its own
        self.long_work = LongWorkProcess(flask_app, recipe, executor.table) if recipe else None
        self.flask = HandOverOnce(self.long_work or flask_app, workers=1)
        self.flask.executor.shutdown(wait=False)
        self.flask.executor = executor
        caps = StreamCaps(streams_allowed(flask_app.config["LIVE_STREAMS_TOTAL"], open_files_limit()),
                          flask_app.config["LIVE_STREAMS_PER_CLIENT"])
        self.revisions = flask_app.extensions["live"] = Revisions(flask_app.extensions["store"], caps)
        self.revisions.draw_region, self.revisions.phone_of = self._draw_region, self._phone_of
        flask_app.extensions["offer_redraw"] = self.offer_redraw   # (companion.web.games.offer_redraw)

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        if scope["type"] == "http" and scope["method"] in ("GET", "HEAD"):
            match = STREAM_PATH.match(scope["path"])
            if match and await self.revisions.stream(match.group(1), scope, receive, send):
                return
            if self._unchanged_poll(scope):
                await send({"type": "http.response.start", "status": 204, "headers": PRIVATE_HEADERS})
                await send({"type": "http.response.body", "body": b""})
                return
        if scope["type"] == "http" and scope["method"] not in ("GET", "HEAD"):
            receive = await whole_body(receive, self.flask_app.config["MAX_CONTENT_LENGTH"])
            if receive is None:   # the phone went away before its request had arrived: nothing to do
                return
            if receive.whole is not None:   # (Flask's thread reads it as it is: ``OneHandOver.wsgi``)
                scope = {**scope, WHOLE_BODY: receive.whole}
        await self.flask(scope, receive, send)

    def _unchanged_poll(self, scope) -> bool:
        """A page asking whether its revision is still the game's, and this process knowing it is
        (the store's memory: no database, no Flask thread). A poll the memory cannot answer goes to
        Flask, which asks the database (``companion.web.games``)."""
        match = POLL_PATH.match(scope["path"])
        if not match:
            return False
        seen = parse_qs(scope["query_string"].decode("latin-1")).get("rev", [""])[-1]
        return seen.isdecimal() and self.revisions.store.shows_current(match.group(1), int(seen), memory_only=True)

    def _session_of(self, scope) -> dict | None:
        """A stream's session, read from its cookie as Flask would (None: none, or not signed here)."""
        cookie = _cookies(scope).get(self.flask_app.config["SESSION_COOKIE_NAME"])
        serializer = self.flask_app.session_interface.get_signing_serializer(self.flask_app)
        if not cookie or serializer is None:
            return None
        try:
            return serializer.loads(cookie)
        except BadData:   # (not a cookie this server signed)
            return None

    def _phone_of(self, scope, token: str) -> tuple[str | None, Redraw | None]:
        """A stream's device (``helpers.device_id``), and how to join its phone's region without Flask
        if an answer of this process offered it (``offer_redraw``) with the session and language the
        stream has."""
        session = self._session_of(scope)
        if session is None:
            return None, None
        accept_language = dict(scope.get("headers", ())).get(b"accept-language")
        key = redraw_key(token, session, self._other_cookies(_cookies(scope)),
                         accept_language.decode("latin-1") if accept_language is not None else None)
        return session.get("device"), offered_redraws.get(key)

    def _other_cookies(self, cookies) -> tuple:
        """A request's cookies but its session's (the language a page chose is one), in one order."""
        session_cookie = self.flask_app.config["SESSION_COOKIE_NAME"]
        return tuple(sorted((name, value) for name, value in cookies.items() if name != session_cookie))

    def offer_redraw(self, token: str, session: dict, cookies, accept_language: str | None, redraw: Redraw) -> None:
        """(Flask's side.) A phone's answer offers how to join its region: kept for its streams, by what
        they will carry (``redraw_key``)."""
        offered_redraws.put(redraw_key(token, session, self._other_cookies(cookies), accept_language), redraw)

    async def _draw_region(self, scope, shown: int) -> tuple[bytes | None, Redraw | None]:
        """A stream's phone's fresh live region: the poll it would send (its cookie, its language),
        answered by Flask in the table's thread as a page is, without a request on the network;
        and how to join its next region without Flask, if the page offered one (``REDRAW``)."""
        environ = poll_environ(scope, shown)
        return await asyncio.get_running_loop().run_in_executor(self.flask.executor, self._drawn, environ)

    def _drawn(self, environ: dict) -> tuple[bytes | None, Redraw | None]:
        answered = []
        body = self.flask_app(environ, lambda status, headers, exc_info=None: answered.append(status))
        try:
            region = b"".join(body)
        finally:
            if hasattr(body, "close"):
                body.close()
        if not (answered and answered[0].startswith("200")):
            return None, None
        return region, environ.get(REDRAW)

    async def _lifespan(self, receive, send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                self.revisions.start()
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await self.revisions.stop()
                if self.long_work is not None:
                    self.long_work.shutdown()
                await send({"type": "lifespan.shutdown.complete"})
                return


class OneHandOver(WSGIResponder):
    """a2wsgi's responder, handing an answer to the event loop at its end, in one go. a2wsgi hands
    each message over (the status and headers, each piece of the body, the end) and waits for the
    loop every time: three round trips between Flask's thread and the loop for every page, each
    waking the loop and then the thread (six pages a tap).

    An answer is held in Flask's thread until it ends or holds ``HAND_OVER_BYTES``. At its end it
    is handed over without waiting, with whatever else the request asked of the loop (the news of
    a commit: ``loop_calls``) and, last, the news that the Flask call returned: one wake-up of the
    loop (a2wsgi's executor future would wake it once more). A larger answer (a PDF) is handed over
    every ``HAND_OVER_BYTES``, waiting until the loop has sent it, so its memory stays bounded as
    a2wsgi's bounded queue kept it."""

    def __init__(self, app, executor, send_queue_size: int) -> None:
        super().__init__(app, executor, 0)   # unbounded: bounded by the waiting above
        self._held: list = []
        self._held_bytes = 0
        self._sending: asyncio.Task | None = None

    async def __call__(self, scope, receive, send) -> None:
        # a2wsgi's, but the Flask call's end comes with its answer (``_in_thread``), not as an executor future
        environ = build_environ(scope, Body(self.loop, receive))
        finished = self.loop.create_future()
        sender = self.loop.create_task(self.sender(send))
        try:
            # (the environ first: ``turns.TurnTaking`` reads from it how soon to serve the request)
            running = self.executor.submit(self._in_thread, environ, contextvars.copy_context(), finished)

            def never_run(running) -> None:
                if running.cancelled():   # (the server stopping before the request's turn came)
                    self.loop.call_soon_threadsafe(finished.cancel)
            running.add_done_callback(never_run)
            await finished
            await self.send_queue.put(None)
            await sender   # (it may raise)
            if self.exc_info is not None:
                raise self.exc_info[0].with_traceback(self.exc_info[1], self.exc_info[2])
        finally:
            if not sender.done():
                sender.cancel()

    def _in_thread(self, environ, context, finished: asyncio.Future) -> None:
        failed = None
        with one_hand_over(self.loop):
            try:
                context.run(self.wsgi, environ, self.start_response)
            except BaseException as error:   # (raised on the loop, in ``__call__``, as a2wsgi does)
                failed = error
            call_on_loop(self.loop, _settle, finished, failed)

    def send(self, message) -> None:
        self._held.append(message)
        self._held_bytes += len(message.get("body", b""))
        ended = message["type"] == "http.response.body" and not message.get("more_body", False)
        if not ended and self._held_bytes < HAND_OVER_BYTES:
            return
        held, self._held, self._held_bytes = self._held, [], 0
        if ended:
            call_on_loop(self.loop, self._queue, held)
        else:
            hand_over_now()   # what the request asked of the loop before goes first
            asyncio.run_coroutine_threadsafe(self._queue_until_sent(held), self.loop).result()

    def wsgi(self, environ, start_response) -> None:
        # A body read whole on the loop (``whole_body``) is read from memory: a2wsgi's input would ask
        # the loop for it again, a round trip between the threads (two wake-ups) for every tap.
        whole = environ["asgi.scope"].get(WHOLE_BODY)
        if whole is not None:
            environ["wsgi.input"] = io.BytesIO(whole)
        super().wsgi(environ, start_response)

    def _queue(self, messages: list) -> None:
        for message in messages:
            self.send_queue.put_nowait(message)

    async def sender(self, send) -> None:
        self._sending = asyncio.current_task()
        await super().sender(send)

    async def _queue_until_sent(self, messages: list) -> None:
        self._queue(messages)
        sent = asyncio.ensure_future(self.send_queue.join())
        await asyncio.wait({sent, *filter(None, [self._sending])}, return_when=asyncio.FIRST_COMPLETED)
        if not sent.done():   # the sender stopped (it raised): stop the answer too
            sent.cancel()
            raise ConnectionError("the answer could not be sent")


def _settle(finished: asyncio.Future, error: BaseException | None) -> None:
    if finished.done():   # (the request was cancelled: the phone went away)
        return
    if error is None:
        finished.set_result(None)
    else:
        finished.set_exception(error)


class HandOverOnce(WSGIMiddleware):
    """a2wsgi's bridge with ``OneHandOver`` for its HTTP answers."""

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "http":
            await OneHandOver(self.app, self.executor, self.send_queue_size)(scope, receive, send)
            return
        await super().__call__(scope, receive, send)


# What a stream's request says that its poll must not: a poll is not a stream, and the region goes into
# an event as it is (not compressed: the stream is not).
NOT_FOR_THE_POLL = ("HTTP_ACCEPT", "HTTP_ACCEPT_ENCODING", "HTTP_LAST_EVENT_ID", "HTTP_CACHE_CONTROL")


# Where the app answering a stream's poll (``poll_environ``) may leave how to join that phone's
# region at a newer revision from what is already drawn, without a request: ``redraw(revision)``,
# the region as the poll would answer it then, or None when it is not drawn yet (Flask draws it).
REDRAW = "companion.redraw"
Redraw = Callable[[int], "str | None"]


# How a phone's region is joined without Flask, as its answers here offered it (``CompanionApp.offer_redraw``),
# by what a stream of that phone carries: its first region after a change is then joined, not drawn.
offered_redraws = named("streams: redraws offered by a phone's answers", 4096)


def redraw_key(token: str, session: dict, other_cookies: tuple, accept_language: str | None) -> tuple:
    """What a phone's region depends on that both its answer and its stream's request carry: the
    game's link, the session (its seat, live score, CSRF token...) and what says its language."""
    digest = hashlib.blake2b(json.dumps(session, sort_keys=True, default=str).encode(), digest_size=16).hexdigest()
    return token, digest, other_cookies, accept_language


def _cookies(scope) -> dict:
    header = next((value for name, value in scope.get("headers", ()) if name == b"cookie"), b"")
    return parse_cookie(header.decode("latin-1"))


def poll_environ(scope, shown: int) -> dict:
    """The WSGI environ of the poll a stream's page would send for its live region (``/poll?rev=shown``
    on the stream's own address: the edit or the view link), from the stream's request."""
    environ = build_environ({**scope, "method": "GET"}, None)
    for name in NOT_FOR_THE_POLL:
        environ.pop(name, None)
    path = scope["path"].rsplit("/", 1)[0] + "/poll"
    environ.update(PATH_INFO=path.encode().decode("latin-1"), QUERY_STRING=f"rev={shown}",
                   HTTP_HX_REQUEST="true", HTTP_ACCEPT="text/html", CONTENT_LENGTH="0")
    environ["wsgi.input"] = io.BytesIO()
    environ[REDRAW] = None   # asked for: a page may leave its redraw here
    return environ


WHOLE_BODY = "companion.whole_body"   # (in a request's scope) its body, read whole on the loop


class BodyRead:
    """A request's body as ``whole_body`` read it: the ``receive`` that gives it again (then the
    rest, if any), and the body itself when it was read whole (``whole``; None: beyond the limit)."""

    def __init__(self, receive, first: dict):
        self._receive, self._waiting = receive, [first]
        self.whole = None if first["more_body"] else first["body"]

    async def __call__(self):
        return self._waiting.pop() if self._waiting else await self._receive()


async def whole_body(receive, limit: int | None) -> BodyRead | None:
    """The request's body read on the event loop, before Flask's thread is given the request:
    a phone that loses the Wi-Fi halfway through a tap must not hold that thread (and every
    other phone) while it waits. Returns the ``receive`` Flask reads it from, or None if the
    client disconnected first (what a large body held goes back to the system at once). Beyond
    ``limit`` bytes the rest is left to Flask (which refuses it)."""
    chunks, size = [], 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            if size >= LARGE_BODY:
                chunks.clear()
                give_memory_back()
            return None
        chunks.append(message.get("body", b""))
        size += len(chunks[-1])
        more = message.get("more_body", False)
        if not more or (limit is not None and size > limit):
            break
    return BodyRead(receive, {"type": "http.request", "body": b"".join(chunks), "more_body": more})


class ForwardedHost:
    """Behind a reverse proxy: the Host the proxy was asked for (``X-Forwarded-Host``), taken only
    from the trusted proxy's own connections, so share links name the public address.
    (uvicorn's ProxyHeadersMiddleware, inside this, takes the scheme and the client.)"""

    def __init__(self, app, proxy: str):
        self.app, self.proxy = app, proxy

    async def __call__(self, scope, receive, send) -> None:
        client = scope.get("client")
        if scope["type"] == "http" and client and client[0] == self.proxy:
            forwarded = dict(scope["headers"]).get(b"x-forwarded-host")
            if forwarded:
                headers = [(name, value) for name, value in scope["headers"] if name != b"host"]
                scope = {**scope, "headers": [*headers, (b"host", forwarded.split(b",")[0].strip())]}
        await self.app(scope, receive, send)


def behind_proxy(app, proxy: str):
    """The app as a reverse proxy at ``proxy`` (its IP address) reaches it."""
    from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

    return ForwardedHost(ProxyHeadersMiddleware(app, trusted_hosts=proxy), proxy)
