"""Whose request Flask serves next: a change before a page.

Flask runs in a few threads beside the event loop (a2wsgi). Under CPython's lock only one
of them works at a time, so many threads do not serve more: they serve everything slower
at once. After a tap every other phone of the game asks for the fresh page at the same
moment, and a tap from another table arriving then would wait behind all of them. So the
thread takes requests from one queue by when each is due: a change (a POST: the player is
waiting to see it taken) at once, a page a quarter of a second after it arrived. A tap goes
before the refreshes of the moment, and a page waiting longer goes before newer taps, so a
phone (or a script) tapping without pause starves nobody. Downloads (a PDF or an export: up
to seconds) have a thread of their own, so a sheet being drawn holds up no tap.
"""

from __future__ import annotations

import heapq
import itertools
import threading
import time
from concurrent.futures import Executor, Future

CHANGE, PAGE, DOWNLOAD = 0, 1, 2
DOWNLOAD_ENDINGS = (".pdf", ".json", ".csv", ".zip")
# How long after it arrives each kind of request is due (seconds): a page may wait this long for taps.
GRACE = {CHANGE: 0.0, PAGE: 0.25, DOWNLOAD: 0.0}


def urgency(environ: dict) -> int:
    """How soon a request should be served, from its WSGI environ."""
    if environ.get("REQUEST_METHOD") not in ("GET", "HEAD", "OPTIONS"):
        return CHANGE
    return DOWNLOAD if environ.get("PATH_INFO", "").endswith(DOWNLOAD_ENDINGS) else PAGE


class Lane(Executor):
    """Threads that take their tasks by when each is due: its arrival plus its urgency's ``GRACE``."""

    def __init__(self, threads: int, name: str, clock=time.monotonic):
        self._clock = clock
        self._queue: list = []
        self._order = itertools.count()
        self._ready = threading.Condition()
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
            self._ready.notify()
        return future

    def _work(self) -> None:
        while True:
            with self._ready:
                while not self._queue and not self._closing:
                    self._ready.wait()
                if not self._queue:
                    return
                _due, _order, future, fn, args, kwargs = heapq.heappop(self._queue)
            if not future.set_running_or_notify_cancel():
                continue
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
                self._queue.clear()
            self._ready.notify_all()
        if wait:
            for thread in self._threads:
                thread.join()


class TurnTaking(Executor):
    """What a2wsgi runs Flask in (it submits ``wsgi(environ, start_response)``): changes and
    pages in one lane, by ``urgency``; downloads in their own, so a PDF being drawn holds up
    no tap."""

    def __init__(self, threads: int = 1, download_threads: int = 1):
        self.table = Lane(threads, "flask")
        self.downloads = Lane(download_threads, "flask-download")

    def submit(self, fn, /, *args, **kwargs) -> Future:
        how_soon = urgency(args[0]) if args and isinstance(args[0], dict) else PAGE
        lane = self.downloads if how_soon == DOWNLOAD else self.table
        return lane.submit_with(how_soon, fn, *args, **kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        for lane in (self.table, self.downloads):
            lane.shutdown(wait, cancel_futures=cancel_futures)
