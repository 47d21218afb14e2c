"""What one connection may hold (issues 33 and 36): uvicorn's HTTP protocol with deadlines for
a request's arrival, and the event loop that, out of file descriptors, waits instead of spinning.

uvicorn arms its keep-alive timeout only after an answer, and its httptools protocol has no
limit on how long (or how large) a request's head may take: a connection that sends nothing,
or a request line a byte at a time, or a body that stops halfway, was held forever, with the
body read so far. ``BoundedHttpProtocol`` closes it:

- the request line and headers must arrive within ``headers_seconds`` of the connection's
  opening, or of the first byte after the previous answer, and within ``header_bytes``
  (beyond: ``431``);
- a body may pause at most ``body_idle_seconds``, and after its first ``body_idle_seconds``
  must keep an average of ``body_bytes_per_second`` (a trickle is as good as a stall);
- between requests uvicorn's own ``timeout_keep_alive`` closes an idle connection.

Closing the connection ends the request: ``companion.web.serving.asgi.whole_body`` hears the
disconnect and lets go of what it had read; nothing reaches Flask.

asyncio's accept loop, at the descriptor limit (``EMFILE``), logs a traceback and tries the
next ``accept`` at once, up to the backlog (2,048) times per turn of the loop, every turn:
hundreds of megabytes of log a minute while every descriptor is taken. ``EventLoop`` stops
accepting for ``ACCEPT_RETRY_SECONDS`` instead and says so once per ``LOG_INTERVAL_SECONDS``.
"""

from __future__ import annotations

import asyncio
import ctypes
import errno
import logging
import time
from typing import NamedTuple

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

log = logging.getLogger(__name__)

OUT_OF_RESOURCES = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)
ACCEPT_RETRY_SECONDS = 0.1     # short: a descriptor is free again as soon as any stream or refused request closes
LOG_INTERVAL_SECONDS = 60.0
LARGE_BODY = 256 * 1024        # a dropped body from this size is handed back to the system at once


class RequestLimits(NamedTuple):
    """How long (and how large) a request may take to arrive; ``limits_from(config)`` reads the app's."""
    headers_seconds: float = 10.0
    body_idle_seconds: float = 10.0
    body_bytes_per_second: float = 8192.0
    header_bytes: int = 64 * 1024


def limits_from(config) -> RequestLimits:
    """The Flask app's ``REQUEST_*`` settings (companion.web DEFAULTS)."""
    return RequestLimits(headers_seconds=config["REQUEST_HEADERS_SECONDS"],
                         body_idle_seconds=config["REQUEST_BODY_IDLE_SECONDS"],
                         body_bytes_per_second=config["REQUEST_BODY_BYTES_PER_SECOND"],
                         header_bytes=config["REQUEST_HEADER_BYTES"])


def give_memory_back() -> None:
    """Hand what the allocator holds free back to the system (glibc's ``malloc_trim``), once a
    large request body was dropped: glibc keeps freed blocks for reuse, so 60 imports stopped at
    1.9 MB left 85 of their 110 MiB with the process. Called only then: a fixed ``mallopt``
    threshold for every allocation made each tap about 10 % dearer. (Elsewhere than glibc there
    is no ``malloc_trim`` and nothing changes.)"""
    try:
        malloc_trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return
    malloc_trim(0)


class EveryNow:
    """A warning said at most once per interval, with how often it happened meanwhile."""

    def __init__(self, logger: logging.Logger, interval: float = LOG_INTERVAL_SECONDS, clock=time.monotonic):
        self.logger, self.interval, self.clock = logger, interval, clock
        self._said_at: float | None = None
        self._unsaid = 0

    def warn(self, message: str, *args) -> None:
        now = self.clock()
        if self._said_at is not None and now - self._said_at < self.interval:
            self._unsaid += 1
            return
        again = f" ({self._unsaid} more times in the last {self.interval:.0f} s)" if self._unsaid else ""
        self.logger.warning(message + again, *args)
        self._said_at, self._unsaid = now, 0


# What must end before a server's connections can close (the live streams never end by themselves),
# by the event loop serving them: called as the server asks its connections to close, however it was
# told to stop (SIGTERM to `companion serve`, to one of its `--workers` processes, a test's stop).
_ending_with_the_server: dict = {}   # event loop -> [callback]


def end_with_the_server(loop, callback) -> None:
    """(On ``loop``.) Call ``callback()`` when the server on this loop begins to stop; idempotent callbacks only
    (each connection's close asks)."""
    _ending_with_the_server.setdefault(loop, []).append(callback)


def no_longer_with_the_server(loop, callback) -> None:
    callbacks = _ending_with_the_server.get(loop, [])
    if callback in callbacks:
        callbacks.remove(callback)
    if not callbacks:
        _ending_with_the_server.pop(loop, None)


class BoundedHttpProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol with deadlines for a request's head and body. Its limits are
    ``config.request_limits`` (``companion.web.serving.server.uvicorn_config`` sets them on uvicorn's
    config), else the process's ``limits_here`` (a ``--workers`` process sets those: uvicorn
    makes its config)."""

    limits_here = RequestLimits()

    def __init__(self, config, server_state, app_state, _loop=None) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.limits: RequestLimits = getattr(config, "request_limits", None) or self.limits_here
        self._head_deadline: asyncio.TimerHandle | None = None
        self._head_bytes = 0
        self._body_watch: asyncio.TimerHandle | None = None
        self._body_began = self._body_last = 0.0
        self._body_bytes = 0

    # -- the head: line and headers ---------------------------------------------------------------

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self._expect_head()

    def shutdown(self) -> None:
        # the server is stopping: what would hold this connection open ends first (``end_with_the_server``)
        for callback in list(_ending_with_the_server.get(self.loop, ())):
            callback()
        super().shutdown()

    def _between_requests(self) -> bool:
        return self.cycle is None or self.cycle.response_complete

    def _expect_head(self) -> None:
        if self._head_deadline is None:
            self._head_bytes = 0
            self._head_deadline = self.loop.call_later(self.limits.headers_seconds, self._give_up)

    def data_received(self, data: bytes) -> None:
        if self._between_requests():
            self._expect_head()   # even a stray byte after an answer starts the clock (it stops keep-alive's)
        awaiting_head = self._head_deadline is not None
        super().data_received(data)
        if awaiting_head and self._head_deadline is not None:
            self._head_bytes += len(data)
            if self._head_bytes > self.limits.header_bytes and not self.transport.is_closing():
                self._end(431, b"Request Header Fields Too Large")

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._expect_head()   # a pipelined request, its predecessor still being answered

    def on_headers_complete(self) -> None:
        self._stop(self._head_deadline)
        self._head_deadline = None
        super().on_headers_complete()
        now = self.loop.time()
        self._body_began = self._body_last = now
        self._body_bytes = 0
        self._watch_body(self.limits.body_idle_seconds)

    # -- the body ---------------------------------------------------------------------------------

    def on_body(self, body: bytes) -> None:
        super().on_body(body)
        self._body_bytes += len(body)
        self._body_last = self.loop.time()

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._stop(self._body_watch)
        self._body_watch = None

    def _watch_body(self, delay: float) -> None:
        self._body_watch = self.loop.call_later(delay, self._check_body)

    def _check_body(self) -> None:
        """Is the body still coming, fast enough? If not, the connection is closed."""
        self._body_watch = None
        cycle = self.cycle
        if cycle is None or not cycle.more_body or cycle.response_complete or self.transport.is_closing():
            return
        now = self.loop.time()
        if self.flow.read_paused:   # the app has not read what came: the phone is not the slow one
            self._body_last = now
        limits = self.limits
        still_coming = self._body_last + limits.body_idle_seconds
        fast_enough = self._body_began + limits.body_idle_seconds + self._body_bytes / limits.body_bytes_per_second
        deadline = min(still_coming, fast_enough)
        if now >= deadline:
            self._give_up()
        else:
            self._watch_body(deadline - now)

    # -- the end ----------------------------------------------------------------------------------

    def _give_up(self) -> None:
        """Too slow: close. A request that was never answered is dropped; its app hears the disconnect."""
        self._head_deadline = None
        if not self.transport.is_closing():
            self.transport.close()

    def _end(self, status: int, reason: bytes) -> None:
        self.transport.write(b"HTTP/1.1 %d %s\r\ncontent-length: 0\r\nconnection: close\r\n\r\n" % (status, reason))
        self._give_up()

    @staticmethod
    def _stop(timer: asyncio.TimerHandle | None) -> None:
        if timer is not None:
            timer.cancel()

    def connection_lost(self, exc) -> None:
        self._stop(self._head_deadline)
        self._stop(self._body_watch)
        self._head_deadline = self._body_watch = None
        super().connection_lost(exc)


class EventLoop(asyncio.SelectorEventLoop):
    """asyncio's event loop (uvicorn's ``loop`` setting names it), except at the descriptor
    limit: accepting pauses for ``ACCEPT_RETRY_SECONDS`` (the waiting connections stay in the
    kernel's queue) and the log hears of it once per ``LOG_INTERVAL_SECONDS``."""

    def __init__(self) -> None:
        super().__init__()
        self.out_of_descriptors = EveryNow(log)

    def _accept_connection(self, protocol_factory, sock, sslcontext=None, server=None, backlog=100, *timeouts):
        # asyncio's own, but returning after an out-of-resources error instead of trying again at once
        for _ in range(backlog):
            try:
                conn, addr = sock.accept()
                conn.setblocking(False)
            except (BlockingIOError, InterruptedError, ConnectionAbortedError):
                return
            except OSError as error:
                if error.errno not in OUT_OF_RESOURCES:
                    raise   # the loop logs and carries on, as asyncio's does
                self.out_of_descriptors.warn("Not accepting connections for %.1f s: %s (open streams and requests "
                                             "hold every file descriptor)", ACCEPT_RETRY_SECONDS, error.strerror)
                self._remove_reader(sock.fileno())
                self.call_later(ACCEPT_RETRY_SECONDS, self._accept_again,
                                protocol_factory, sock, sslcontext, server, backlog, *timeouts)
                return
            self.create_task(self._accept_connection2(protocol_factory, conn, {"peername": addr}, sslcontext, server,
                                                      *timeouts))

    def _accept_again(self, protocol_factory, sock, sslcontext, server, backlog, *timeouts) -> None:
        if sock.fileno() != -1 and (server is None or server.is_serving()):
            self._start_serving(protocol_factory, sock, sslcontext, server, backlog, *timeouts)
