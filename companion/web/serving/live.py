"""Live updates: each game's revisions pushed to its open pages (web-routes.md, *Live updates*).

``GET /g/<edit>/stream`` and ``GET /v/<view>/stream`` are answered here, on the event
loop beside the Flask app (``companion.web.serving.asgi``): an open stream is a coroutine
waiting on an ``asyncio.Event``, so a thousand sleeping phones cost memory, not threads.
Only the token's look-up borrows a thread, briefly.

How this process learns that a game changed:

- a change it committed itself: the store's listener (``Store.subscribe``), at once;
- on PostgreSQL, a change any process committed: one ``LISTEN companion_revisions``
  connection per process (the store sends ``NOTIFY`` inside the write transaction);
- on SQLite, a change another process committed: a watcher looks every
  ``SQLITE_WATCH_SECONDS`` whether any connection committed and, if one did, reads the
  revisions of the games that have open streams, in one query. Until another process's change
  is first heard, and ``SQLITE_QUICK_FOR_SECONDS`` after the last one, it looks only every
  ``SQLITE_QUIET_WATCH_SECONDS``: a server alone on its database (the usual one) is woken
  two times a second for it, not thirteen.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

from flask import after_this_request, has_request_context, session

from companion.web.serving.connections import EveryNow, end_with_the_server, no_longer_with_the_server
from companion.web.serving.loop_calls import call_on_loop
from companion.web.storage.store import REVISION_CHANNEL, Store

log = logging.getLogger(__name__)

KEEP_ALIVE_SECONDS = 20        # the contract: a comment at least every 25 s
SQLITE_WATCH_SECONDS = 0.075
# Each look wakes the loop, and a wake costs more processor time than the look (some 300 µs on a small
# virtual machine): while no other process has changed a streamed game for a while, look less often.
SQLITE_QUIET_WATCH_SECONDS = 0.5
SQLITE_QUICK_FOR_SECONDS = 300
LISTEN_RETRY_SECONDS = 1.0
LATEST_KEPT = 20_000           # revisions remembered for games without open streams
HELD_AT_MOST_SECONDS = 1.0     # a change's news waits for its own phone's answer, never longer than this

# What every answer given beside Flask says of itself: a game's, kept by nobody, sniffed by nobody.
PRIVATE_HEADERS = [(b"cache-control", b"no-store"), (b"x-content-type-options", b"nosniff"),
                   (b"referrer-policy", b"no-referrer")]
STREAM_HEADERS = [
    (b"content-type", b"text/event-stream; charset=utf-8"),
    (b"x-accel-buffering", b"no"),            # nginx: pass each event on at once
    *PRIVATE_HEADERS,
]
KEEP_ALIVE = b": keep-alive\n\n"
# A stream refused (too many open): the page polls instead (static/live.js asks why with a HEAD).
BUSY_HEADERS = [(b"content-type", b"text/plain; charset=utf-8"), (b"retry-after", b"30"),
                (b"connection", b"close"), *PRIVATE_HEADERS]   # its descriptor is free at once
BUSY = b"Too many live streams are open: this page polls for changes instead.\n"

# The streams' share of the open-files limit: all of it but a reserve, which answers changes and pages.
RESERVED_AT_LEAST = 64
RESERVED_SHARE = 8            # an eighth of the limit, if that is more
STREAMS_AT_MOST = 20_000      # even with descriptors to spare (~10 KiB each: 200 MiB)


def streams_allowed(configured: int | None, open_files: int | None) -> int:
    """How many streams may be open in all: as configured (``LIVE_STREAMS_TOTAL``; None:
    ``STREAMS_AT_MOST``), but never into the reserve of the open-files limit."""
    wanted = STREAMS_AT_MOST if configured is None else configured
    if open_files is None:
        return wanted
    return min(wanted, max(0, open_files - max(RESERVED_AT_LEAST, open_files // RESERVED_SHARE)))


def open_files_limit() -> int | None:
    """This process's open-files limit (soft), None where there is none to read."""
    try:
        import resource
    except ImportError:
        return None
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return None if soft == resource.RLIM_INFINITY else soft


class StreamCaps:
    """How many streams may be open at once, in all and from one client address (one phone, or
    a household behind one router): a stream beyond either is refused, and its page polls."""

    def __init__(self, total: int, per_client: int):
        self.total, self.per_client = total, per_client
        self.open = 0
        self._by_client: Counter[str] = Counter()
        self.refusals = EveryNow(log)

    def room_for(self, client: str) -> bool:
        return self.open < self.total and self._by_client[client] < self.per_client

    def take(self, client: str) -> bool:
        if not self.room_for(client):
            self.refusals.warn("Refusing live streams (their pages poll instead): %d open of at most %d, "
                               "%d from %s of at most %d", self.open, self.total, self._by_client[client], client,
                               self.per_client)
            return False
        self.open += 1
        self._by_client[client] += 1
        return True

    def give_back(self, client: str) -> None:
        self.open -= 1
        self._by_client[client] -= 1
        if not self._by_client[client]:
            del self._by_client[client]


def revision_event(revision: int) -> bytes:
    return f"event: revision\ndata: {json.dumps({'revision': revision})}\n\n".encode()


# ``?regions=1`` (an extension of the contract's stream, asked for by the game's own page): after the
# first revision, each newer one comes as the phone's fresh live region, drawn here with the cookie the
# stream was opened with, instead of a revision the page then fetches the region for. One drawing
# beside Flask, no request, no second round trip. A region that cannot be drawn (the game gone, the
# phone's access changed) falls back to the revision event, and the page asks as before.
REGIONS_ASKED = re.compile(rb"(?:^|&)regions=1(?:&|$)")
SHOWN_REVISION = re.compile(rb'data-revision="(\d+)"')


def region_event(region: bytes) -> bytes:
    """The region as one ``region`` event: each of its lines a ``data:`` line (the page reads them
    joined). An event stream ends a line at CR, LF or CRLF. Sixty kilobytes a phone, five phones a
    tap: copied once (a CR is looked for before it is replaced, the event joined in one go)."""
    if b"\r" in region:
        region = region.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    return b"".join((b"event: region\ndata: ", region.replace(b"\n", b"\ndata: "), b"\n\n"))


class Revisions:
    """One per process: the open streams of each game and the newest revision known here."""

    def __init__(self, store: Store, caps: StreamCaps | None = None):
        self.store = store
        self.caps = caps or StreamCaps(streams_allowed(None, open_files_limit()), STREAMS_AT_MOST)
        self.loop: asyncio.AbstractEventLoop | None = None
        self._streams: dict[int, set[asyncio.Event]] = {}   # game id -> the wake-up of each open stream
        self._latest: dict[int, int] = {}                    # game id -> newest revision announced here
        self._held: dict[int, int] = {}                      # game id -> a revision committed here, not yet answered
        self._fallbacks: dict[tuple[int, int], asyncio.TimerHandle] = {}   # (game id, revision) held -> its timer
        self._lookups = ThreadPoolExecutor(max_workers=2, thread_name_prefix="live")
        # From the app this serves beside (companion.web.serving.asgi); None here draws no region:
        # (scope, shown revision) -> awaitable of the phone's fresh region (bytes or None) and how to
        # join its next one without drawing (``redraw(revision) -> str | None``), or None
        self.draw_region = None
        # (scope, token) -> the device its session cookie names and the redraw its phone's answers
        # offered (``redraw``, or None), each None when there is none
        self.phone_of = None
        self._made_by: dict[int, tuple[int, str]] = {}   # game id -> (revision, device) of its newest change made here
        self._watching: asyncio.Task | None = None
        self._closing = False
        store.subscribe(self._committed)

    @property
    def open_streams(self) -> int:
        return sum(len(wakes) for wakes in self._streams.values())

    # -- news of commits ------------------------------------------------------------------

    def _committed(self, game_id: int, revision: int) -> None:
        """The store's listener, called in the thread that committed: hand the news to the loop,
        once the phone that made the change has its answer. Told at the commit, the other phones
        of the table would ask for the new region while that answer is still being drawn, and the
        tap itself would wait for a core behind them."""
        if not has_request_context():
            self._hand_over(game_id, revision)
            return
        # Held until then: the SQLite watcher or this commit's NOTIFY must not tell it first.
        self._held[game_id] = max(revision, self._held.get(game_id, -1))
        if game_id in self._streams and session.get("device"):   # its answer brings that phone its region
            self._made_by[game_id] = (revision, session["device"])

        @after_this_request
        def after_the_answer(response):
            response.call_on_close(lambda: self._hand_over(game_id, revision))
            return response
        self._on_loop(self._release_later, game_id, revision)

    def _hand_over(self, game_id: int, revision: int) -> None:
        self._on_loop(self._release, game_id, revision)

    def _on_loop(self, callback, *args) -> None:
        loop = self.loop
        if loop is not None and not loop.is_closed():
            call_on_loop(loop, callback, *args)   # (in a request: with its answer, one wake-up)

    def _release_later(self, game_id: int, revision: int) -> None:
        """(On the loop.) Should an answer never be closed (a broken connection), the news goes out anyway."""
        self._fallbacks[(game_id, revision)] = self.loop.call_later(HELD_AT_MOST_SECONDS, self._release,
                                                                     game_id, revision)

    def _release(self, game_id: int, revision: int) -> None:
        """(On the loop.) This process's own commit, its phone answered: announce it."""
        fallback = self._fallbacks.pop((game_id, revision), None)
        if fallback is not None:   # (its answer closed: the loop need not wake a second later for it)
            fallback.cancel()
        if self._held.get(game_id, -1) <= revision:
            self._held.pop(game_id, None)
        self.announce(game_id, revision, held_here=True)

    def announce(self, game_id: int, revision: int, held_here: bool = False) -> bool:
        """(On the loop.) A game reached this revision: wake its streams. Whether it was news."""
        if revision <= self._latest.get(game_id, -1):
            return False                             # old news (a NOTIFY of this process's own commit)
        if not held_here and revision <= self._held.get(game_id, -1):
            return False                             # this process's own commit, announced after its answer
        if len(self._latest) > LATEST_KEPT:
            self._latest = {game: self._latest[game] for game in self._streams if game in self._latest}
            self._made_by = {game: self._made_by[game] for game in self._streams if game in self._made_by}
        self._latest[game_id] = revision
        self.store.learn(game_id, revision)   # a poll this process answers next must not say "unchanged"
        for wake in self._streams.get(game_id, ()):
            wake.set()
        return True

    # -- the background task: LISTEN or the SQLite watcher -----------------------------------

    def start(self) -> None:
        """(On the loop.) Begin hearing other processes' commits; idempotent."""
        if self._watching is not None:
            return
        self.loop = asyncio.get_running_loop()
        self._watching = self.loop.create_task(self._listen() if self.store.notifies else self._watch())
        end_with_the_server(self.loop, self.end_streams)

    def end_streams(self) -> None:
        """(On the loop.) The server is stopping: end every stream (its page reconnects to the next server).
        Each of the server's connections asks as it is closed: the first ends them all."""
        if self._closing:
            return
        self._closing = True
        for wakes in self._streams.values():
            for wake in wakes:
                wake.set()

    async def stop(self) -> None:
        if self.loop is not None:
            no_longer_with_the_server(self.loop, self.end_streams)
        if self._watching is not None:
            self._watching.cancel()
            try:
                await self._watching
            except asyncio.CancelledError:
                pass
            self._watching = None
        self._lookups.shutdown(wait=False)

    async def _catch_up(self) -> None:
        """Read the revision of every game with an open stream (one query) and announce what moved."""
        if not self._streams:
            return
        found = await self.loop.run_in_executor(self._lookups, self.store.revisions, list(self._streams))
        for game_id, revision in found.items():
            self.announce(game_id, revision)

    async def _watch(self) -> None:
        """SQLite: another process's commit shows only in the database, so look often and cheaply:
        on the loop itself (a look never waits for the database), the revisions read only after a
        commit."""
        watch = self.store.commit_watch()
        quick_until = -1.0   # (loop time) until when to look every SQLITE_WATCH_SECONDS
        try:
            while True:
                if self._streams:
                    try:
                        found = watch.revisions(list(self._streams))
                    except Exception:   # a missing database file or no descriptor left must not end the watching
                        log.exception("reading the revisions of watched games failed")
                        found = None
                    for game_id, revision in (found or {}).items():
                        if self.announce(game_id, revision) and not self.store.wrote_here(game_id, revision):
                            quick_until = self.loop.time() + SQLITE_QUICK_FOR_SECONDS   # another process's
                quick = self.loop.time() < quick_until
                await asyncio.sleep(SQLITE_WATCH_SECONDS if quick else SQLITE_QUIET_WATCH_SECONDS)
        finally:
            watch.close()

    async def _listen(self) -> None:
        """PostgreSQL: one connection that LISTENs; after a break, catch up on what it missed."""
        import psycopg

        conninfo = self.store.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(conninfo, autocommit=True) as conn:
                    await conn.execute(f"LISTEN {REVISION_CHANNEL}")
                    await self._catch_up()
                    async for note in conn.notifies():
                        game_id, revision, writer = (note.payload.split(":") + [""])[:3]
                        # This process's own commit: the NOTIFY can come before the committing thread
                        # has told ``_committed`` (so before the change's phone is known); that tells it.
                        if writer != self.store.writer:
                            self.announce(int(game_id), int(revision))
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("listening for revisions failed; trying again")
            await asyncio.sleep(LISTEN_RETRY_SECONDS)

    # -- one stream -----------------------------------------------------------------------------

    async def stream(self, token: str, scope, receive, send) -> bool:
        """Answer one stream until the phone goes; False (nothing sent) for an unknown token;
        ``503`` when the caps leave no room (a ``HEAD`` asks whether there is, holding none)."""
        client = (scope.get("client") or ("",))[0]
        if not (self.caps.room_for(client) if scope["method"] == "HEAD" else self.caps.take(client)):
            await send({"type": "http.response.start", "status": 503, "headers": BUSY_HEADERS})
            await send({"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else BUSY})
            return True
        try:
            return await self._stream(token, scope, receive, send)
        finally:
            if scope["method"] != "HEAD":
                self.caps.give_back(client)

    async def _stream(self, token: str, scope, receive, send) -> bool:
        self.start()
        try:
            found = await self.loop.run_in_executor(self._lookups, self.store.game_revision, token)
        except Exception:   # the database out of reach (no descriptor left to open it, say): busy, not broken
            await send({"type": "http.response.start", "status": 503, "headers": BUSY_HEADERS})
            await send({"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else BUSY})
            return True
        if found is None:
            return False
        game_id, revision = found
        wake = asyncio.Event()
        self._streams.setdefault(game_id, set()).add(wake)
        # What was announced while the look-up ran is newer than what it read.
        self.announce(game_id, revision)
        gone = asyncio.Event()
        listening = asyncio.ensure_future(_until_disconnected(receive, gone, wake))
        try:
            await send({"type": "http.response.start", "status": 200, "headers": STREAM_HEADERS})
            if scope["method"] == "HEAD":
                await send({"type": "http.response.body", "body": b""})
                return True
            sent = -1
            regions = self.draw_region is not None and REGIONS_ASKED.search(scope.get("query_string", b""))
            # (an answer to its phone offered how to join its regions: the first one needs no Flask either)
            device, redraw = self.phone_of(scope, token) if regions and self.phone_of is not None else (None, None)
            while not gone.is_set() and not self._closing:
                wake.clear()
                current = self._latest.get(game_id, revision)
                if current > sent:
                    # A revision, not the region: on connecting (the page has the region it needs), and
                    # to the phone whose change it is (its answer brought it the region).
                    drawn = None
                    if regions and sent >= 0 and (device is None or self._made_by.get(game_id) != (current, device)):
                        drawn, redraw = await self._region(scope, sent, current, redraw)
                    body, sent = drawn or (revision_event(current), current)
                    await send({"type": "http.response.body", "body": body, "more_body": True})
                try:
                    async with asyncio.timeout(KEEP_ALIVE_SECONDS):   # (no task of its own, as wait_for's)
                        await wake.wait()
                except TimeoutError:
                    await send({"type": "http.response.body", "body": KEEP_ALIVE, "more_body": True})
            if not gone.is_set():
                await send({"type": "http.response.body", "body": b""})
        except OSError:       # the phone went away mid-send
            pass
        finally:
            listening.cancel()
            wakes = self._streams.get(game_id)
            if wakes is not None:
                wakes.discard(wake)
                if not wakes:
                    del self._streams[game_id]
        return True

    async def _region(self, scope, shown: int, current: int, redraw) -> tuple[tuple[bytes, int] | None, object]:
        """The phone's fresh region as an event and the revision it shows (None when it cannot be
        drawn or shows less than ``current``: then the page is told the revision, and asks), and
        the stream's redraw for the next one. The region is joined by ``redraw`` when what it needs
        is drawn already (another phone's answer drew it: no Flask request), else drawn by Flask."""
        try:
            joined = redraw(current) if redraw is not None else None
            if joined is not None:
                region = joined.encode()
            else:
                region, redraw = await self.draw_region(scope, shown)
        except Exception:   # whatever went wrong, the revision event still tells the page
            log.exception("drawing a stream's live region failed")
            return None, None
        found = SHOWN_REVISION.search(region or b"")
        if found is None or int(found.group(1)) < current:
            return None, redraw
        return (region_event(region), int(found.group(1))), redraw


async def _until_disconnected(receive, gone: asyncio.Event, wake: asyncio.Event) -> None:
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            gone.set()
            wake.set()
            return
