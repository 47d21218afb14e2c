"""Whose request Flask serves next: a change before a page, and long work beside them both.

Flask runs in a few threads beside the event loop (a2wsgi). Under CPython's lock only one
of them works at a time, so many threads do not serve more: they serve everything slower
at once. After a tap every other phone of the game asks for the fresh page at the same
moment, and a tap from another table arriving then would wait behind all of them. So the
thread takes requests from one queue by when each is due: a change (a POST: the player is
waiting to see it taken) at once, a page a quarter of a second after it arrived. A tap goes
before the refreshes of the moment, and a page waiting longer goes before newer taps, so a
phone (or a script) tapping without pause starves nobody.

Which work runs where:

- the table's thread (``TurnTaking.table``): changes and pages of the games, and every request
  not named below;
- the download thread (``TurnTaking.downloads``): a PDF or an export (``DOWNLOAD_ENDINGS``: up to
  seconds), so a sheet being drawn holds up no tap;
- the long-work thread (``TurnTaking.long``): work that grows with what a client sends or with
  the server's games (``LONG_WORK``): importing a game document or a group's bundle (up to
  ``GROUP_BUNDLE_MAX_GAMES`` games), the card library's changes (each pins every game not yet pinned to the
  library it has been scored with) and a group's pages (statistics over all its games). It goes in steps
  (``giving_way``: a bundle's games one at a time): before each it waits while the table's thread
  has work, at most ``GIVE_WAY_AT_MOST`` each time, so a tap on another game is served as it
  would be without the import, and a table tapping without pause still lets the import on.

Under CPython's lock the threads still take turns: a tap arriving during a step of long work
shares the lock with it until that step ends. So ``companion serve`` answers the long-work lane's
requests in a process of its own (``companion.web.serving.long_work``), whose steps give way to this
process's table lane in the same way (``follow_table``); ``bench/fairness.py`` measures it.
"""

from __future__ import annotations

import heapq
import itertools
import re
import threading
import time
from concurrent.futures import Executor, Future
from typing import Iterable, Iterator, TypeVar

T = TypeVar("T")

CHANGE, PAGE, DOWNLOAD, LONG = 0, 1, 2, 3
DOWNLOAD_ENDINGS = (".pdf", ".json", ".csv", ".zip")
# Work whose length grows with what the client sends or with the server's games: (methods, path).
LONG_WORK = (
    ({"POST"}, re.compile(r"/games/import|/groups/[^/]+/import|/library(/import|/undo|/answer)?")),
    ({"GET", "HEAD"}, re.compile(r"/groups/v/[^/]+|/groups/(?!new$)[^/]+")),
)
# How long after it arrives each kind of request is due (seconds): a page may wait this long for taps.
GRACE = {CHANGE: 0.0, PAGE: 0.25, DOWNLOAD: 0.0, LONG: 0.0}
# The longest long work waits for the table's thread at each step (seconds): taps without pause
# slow an import down, they never stop it.
GIVE_WAY_AT_MOST = 0.25
# How long long work sleeps before each step (seconds). CPython hands its lock on only when the
# thread holding it sleeps or runs Python for a whole switch interval; a thread that lets the lock
# go for short calls (SQLite, the random source) takes it straight back, so the event loop, waiting
# to read a tap off the network, could wait hundreds of milliseconds: the tap never reached the
# table's queue that ``give_way`` watches. A real sleep lets any waiting thread in first.
STEP_PAUSE = 0.0005


def urgency(environ: dict) -> int:
    """How soon a request should be served, from its WSGI environ."""
    method, path = environ.get("REQUEST_METHOD"), environ.get("PATH_INFO", "")
    if any(method in methods and pattern.fullmatch(path) for methods, pattern in LONG_WORK):
        return LONG
    if method not in ("GET", "HEAD", "OPTIONS"):
        return CHANGE
    return DOWNLOAD if path.endswith(DOWNLOAD_ENDINGS) else PAGE


_this_thread = threading.local()   # .lane: the Lane whose thread this is (unset in any other thread)


def give_way() -> None:
    """Called by long work between two of its steps: in a lane that gives way to another (the
    long-work thread to the table's), or in the long-work process (``follow_table``), let the
    threads waiting for CPython's lock in (``STEP_PAUSE``), then wait while the table has work, at
    most ``GIVE_WAY_AT_MOST``. Anywhere else (the table's own thread, a test's) it returns at once."""
    lane = getattr(_this_thread, "lane", None)
    if lane is not None and lane.gives_way_to is not None:
        wait_for_the_table = lane.gives_way_to.wait_until_idle
    elif _table_elsewhere is not None:
        wait_for_the_table = _table_elsewhere.wait
    else:
        return
    time.sleep(STEP_PAUSE)
    wait_for_the_table(GIVE_WAY_AT_MOST)


_table_elsewhere = None   # in the long-work process: the server's table lane's idle signal


def follow_table(idle_signal) -> None:
    """In the long-work process (``companion.web.serving.long_work``): give way to the server's table lane,
    whose ``idle_signal`` (a multiprocessing Event) is set while it has no work. Across processes
    this matters most: SQLite lets one writer at a time, and a writer that never pauses starves a
    tap waiting for the database (its busy handler only looks again every few milliseconds)."""
    global _table_elsewhere
    _table_elsewhere = idle_signal


def giving_way(steps: Iterable[T]) -> Iterator[T]:
    """Long work's steps one at a time, each after ``give_way``."""
    for step in steps:
        give_way()
        yield step


class Lane(Executor):
    """Threads that take their tasks by when each is due: its arrival plus its urgency's ``GRACE``."""

    def __init__(self, threads: int, name: str, clock=time.monotonic, gives_way_to: "Lane | None" = None):
        self._clock = clock
        self.gives_way_to = gives_way_to   # the lane whose work goes first, at each ``give_way``
        self._queue: list = []
        self._order = itertools.count()
        self._ready = threading.Condition()
        self._unfinished = 0                # tasks queued or running
        self._idle = threading.Condition()
        self.idle_signal = None            # an Event set while the lane is idle (``follow_table``), if any
        self._closing = False
        self._threads = [threading.Thread(target=self._work, name=f"{name}-{number}", daemon=True)
                         for number in range(threads)]
        for thread in self._threads:
            thread.start()

    def submit(self, fn, /, *args, **kwargs) -> Future:
        return self.submit_with(PAGE, fn, *args, **kwargs)

    def submit_with(self, urgency_: int, fn, /, *args, **kwargs) -> Future:
        future: Future = Future()
        with self._ready:
            if self._closing:
                raise RuntimeError("the pool is shut down")
            due = self._clock() + GRACE[urgency_]
            heapq.heappush(self._queue, (due, next(self._order), future, fn, args, kwargs))
            with self._idle:
                self._unfinished += 1
                if self.idle_signal is not None and self._unfinished == 1:
                    self.idle_signal.clear()
            self._ready.notify()
        return future

    def wait_until_idle(self, timeout: float) -> bool:
        """Wait until no task is queued or running here, at most ``timeout`` seconds; whether it is."""
        with self._idle:
            return self._idle.wait_for(lambda: self._unfinished == 0, timeout)

    def _finished_one(self) -> None:
        with self._idle:
            self._unfinished -= 1
            if not self._unfinished:
                self._idle.notify_all()
                if self.idle_signal is not None:
                    self.idle_signal.set()

    def _work(self) -> None:
        _this_thread.lane = self
        while True:
            with self._ready:
                while not self._queue and not self._closing:
                    self._ready.wait()
                if not self._queue:
                    return
                _due, _order, future, fn, args, kwargs = heapq.heappop(self._queue)
            try:
                if future.set_running_or_notify_cancel():
                    self._run(future, fn, args, kwargs)
            finally:
                self._finished_one()

    @staticmethod
    def _run(future: Future, fn, args, kwargs) -> None:
        try:
            result = fn(*args, **kwargs)
        except BaseException as error:   # handed to the waiting coroutine, as a pool does
            future.set_exception(error)
        else:
            future.set_result(result)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        with self._ready:
            self._closing = True
            if cancel_futures:
                for _due, _order, future, *_rest in self._queue:
                    future.cancel()
                    self._finished_one()
                self._queue.clear()
            self._ready.notify_all()
        if wait:
            for thread in self._threads:
                thread.join()


class TurnTaking(Executor):
    """What a2wsgi runs Flask in (it submits ``wsgi(environ, start_response)``): changes and
    pages in one lane, by ``urgency``; downloads in their own, so a PDF being drawn holds up
    no tap; long work in a third, which gives way to the table's at each step."""

    def __init__(self, threads: int = 1, download_threads: int = 1, long_threads: int = 1):
        self.table = Lane(threads, "flask")
        self.downloads = Lane(download_threads, "flask-download")
        self.long = Lane(long_threads, "flask-long", gives_way_to=self.table)
        self._lanes = {DOWNLOAD: self.downloads, LONG: self.long}

    def submit(self, fn, /, *args, **kwargs) -> Future:
        how_soon = urgency(args[0]) if args and isinstance(args[0], dict) else PAGE
        return self._lanes.get(how_soon, self.table).submit_with(how_soon, fn, *args, **kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        for lane in (self.table, self.downloads, self.long):
            lane.shutdown(wait, cancel_futures=cancel_futures)
