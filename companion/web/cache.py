"""A small thread-safe least-recently-used cache: the one way pages and the store keep what
they worked out for the next request that needs it."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Callable


class LRUCache:
    """A small thread-safe LRU of what was worked out (rendered HTML, a game read from the
    database), keyed by everything it depends on."""

    def __init__(self, capacity: int):
        self.capacity = capacity
        self._items: OrderedDict = OrderedDict()
        self._lock = threading.Lock()
        self._making: dict = {}   # key -> the lock held by the one request drawing it

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
        # No lock to read: each OrderedDict call is one step under the GIL, and every phone of a
        # table asks at the same moment (a lock here made them queue). An item evicted between
        # the two calls is simply not moved.
        value = self._items.get(key)
        if value is not None:
            try:
                self._items.move_to_end(key)
            except KeyError:
                pass
        return value

    def put(self, key, value) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.capacity:
                self._items.popitem(last=False)
