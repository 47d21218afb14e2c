"""What Flask's thread asks of the event loop during one request, handed over in one go at its end.

Each ``call_soon_threadsafe`` wakes the loop (on a small virtual machine some 150 µs of processor
time for the waking and as much for the woken), and a tap asked four times: the news of its
commit, its answer, the answer closed, the request done. Inside ``one_hand_over`` those calls
are kept, in order, and handed over together when the request ends: one wake-up.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager

_open = threading.local()   # .calls and .loop: this thread's open hand-over, if any


def call_on_loop(loop, callback, *args) -> None:
    """``callback(*args)`` on ``loop``: at the end of this thread's open hand-over for that loop, if
    one is open, else at once (``call_soon_threadsafe``)."""
    calls = getattr(_open, "calls", None)
    if calls is not None and _open.loop is loop:
        calls.append((callback, args))
    else:
        loop.call_soon_threadsafe(callback, *args)


def hand_over_now() -> None:
    """Hand what this thread's open hand-over holds to the loop now (before the thread waits for the
    loop: what was asked before must run first), and keep it open."""
    calls = getattr(_open, "calls", None)
    if calls:
        _open.calls = []
        _open.loop.call_soon_threadsafe(_run_all, _open.loop, calls)


@contextmanager
def one_hand_over(loop):
    """The calls this thread asks of ``loop`` meanwhile (``call_on_loop``), handed over at the end."""
    _open.calls, _open.loop = [], loop
    try:
        yield
    finally:
        calls, _open.calls, _open.loop = _open.calls, None, None
        if calls and not loop.is_closed():
            loop.call_soon_threadsafe(_run_all, loop, calls)


def _run_all(loop, calls: list) -> None:
    for callback, args in calls:
        try:
            callback(*args)
        except Exception as error:   # as the loop treats a failing callback: reported, the others still run
            loop.call_exception_handler({"message": f"Exception in callback {callback!r}", "exception": error})
