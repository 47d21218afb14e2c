"""What pages and the store keep for the next request that needs it: named least-recently-used
caches (cachetools' ``LRUCache``), each keyed by everything its value depends on (an edit token,
a revision, a language...), all listed in ``CACHES``."""

from __future__ import annotations

import threading
from typing import Callable

import cachetools


class LRUCache:
    """A named, thread-safe LRU of what was worked out (rendered HTML, a game read from the
    database), with one drawing per key however many requests ask at once (``get_or_make``)."""

    def __init__(self, capacity: int, name: str | None = None):
        self.name = name
        self._items: cachetools.LRUCache = cachetools.LRUCache(maxsize=capacity)
        self._lock = threading.Lock()   # cachetools' caches are not thread-safe (a read reorders them)
        self._making: dict = {}          # key -> the lock held by the one request drawing it
        if name is not None:
            CACHES[name] = self

    @property
    def capacity(self) -> int:
        return int(self._items.maxsize)

    def get_or_make(self, key, make: Callable[[], object]):
        """The value kept under ``key``, made by ``make()`` once however many requests ask at the
        same moment: when a change is pushed, every other phone of the table asks for the same
        region at once, and they wait for one drawing instead of each drawing it beside the others."""
        value = self.get(key)
        if value is not None:
            return value
        with self._lock:
            making = self._making.setdefault(key, threading.Lock())
        try:
            with making:
                value = self.get(key)
                if value is None:
                    value = make()
                    self.put(key, value)
        finally:
            with self._lock:
                if self._making.get(key) is making:
                    del self._making[key]
        return value

    def get(self, key):
        with self._lock:
            return self._items.get(key)

    def put(self, key, value) -> None:
        with self._lock:
            self._items[key] = value

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        return len(self._items)


CACHES: dict[str, LRUCache] = {}   # every named cache of the process, by name


def named(name: str, capacity: int) -> LRUCache:
    """The process's cache called ``name`` (made on first use): one place lists what is kept."""
    return CACHES[name] if name in CACHES else LRUCache(capacity, name)
