"""companion.web.turns: Flask's thread takes a change before the pages waiting with it, and a
download has a thread of its own, so a tap is not held up by a table's worth of refreshes."""

from __future__ import annotations

import asyncio
import threading

import pytest
from a2wsgi import WSGIMiddleware

from companion.web.asgi import CompanionApp
from companion.web.turns import CHANGE, DOWNLOAD, GRACE, PAGE, Lane, TurnTaking, urgency
from tests.web.helpers import asgi_request, run_on_a_loop_of_its_own

# its storage differs between SQLite and PostgreSQL: run on both (tests/conftest.py)
pytestmark = pytest.mark.both_databases


@pytest.mark.parametrize(("method", "path", "expected"), [
    ("POST", "/g/abc/move", CHANGE),
    ("POST", "/g/abc/undo", CHANGE),
    ("PUT", "/api/games/abc/moves", CHANGE),
    ("GET", "/g/abc/poll", PAGE),
    ("GET", "/g/abc", PAGE),
    ("HEAD", "/", PAGE),
    ("GET", "/g/abc/sheet.pdf", DOWNLOAD),
    ("GET", "/g/abc/export.json", DOWNLOAD),
])
def test_urgency_of_a_request(method, path, expected):
    assert urgency({"REQUEST_METHOD": method, "PATH_INFO": path}) == expected


def test_a_change_is_served_before_the_pages_queued_ahead_of_it():
    lane = Lane(1, "test")
    busy, served = threading.Event(), []
    first = lane.submit_with(PAGE, busy.wait)   # the one thread is drawing a page
    pages = [lane.submit_with(PAGE, served.append, f"page {n}") for n in range(3)]
    change = lane.submit_with(CHANGE, served.append, "change")
    busy.set()
    for future in (first, *pages, change):
        future.result(timeout=5)
    assert served == ["change", "page 0", "page 1", "page 2"]   # oldest first within an urgency
    lane.shutdown()


def test_a_page_that_has_waited_its_grace_goes_before_newer_changes():
    """Taps without pause (a script, or phones resending after a restart) starve no page."""
    now = [100.0]
    lane = Lane(1, "test", clock=lambda: now[0])
    busy, served = threading.Event(), []
    first = lane.submit_with(CHANGE, busy.wait)
    page = lane.submit_with(PAGE, served.append, "page")
    now[0] += GRACE[PAGE] + 0.01
    change = lane.submit_with(CHANGE, served.append, "newer change")
    busy.set()
    for future in (first, page, change):
        future.result(timeout=5)
    assert served == ["page", "newer change"]
    lane.shutdown()


def test_a_download_being_drawn_holds_up_no_page():
    pool = TurnTaking(threads=1, download_threads=1)
    drawing = threading.Event()
    download = pool.submit(lambda environ, start: drawing.wait(), {"REQUEST_METHOD": "GET", "PATH_INFO": "/g/a/sheet.pdf"},
                           None)
    page = pool.submit(lambda environ, start: "page", {"REQUEST_METHOD": "GET", "PATH_INFO": "/g/a/poll"}, None)
    assert page.result(timeout=5) == "page"
    assert not download.done()
    drawing.set()
    assert download.result(timeout=5) is True
    pool.shutdown()


def test_an_error_reaches_the_waiting_request_and_the_thread_carries_on():
    lane = Lane(1, "test")
    failed = lane.submit(lambda: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        failed.result(timeout=5)
    assert lane.submit(lambda: "next").result(timeout=5) == "next"
    lane.shutdown()


def test_a_shut_pool_takes_nothing_more():
    pool = TurnTaking()
    pool.shutdown()
    with pytest.raises(RuntimeError):
        pool.submit(lambda environ, start: None, {"REQUEST_METHOD": "GET", "PATH_INFO": "/"}, None)


def test_the_served_app_runs_flask_in_turns(app):
    served = CompanionApp(app)
    assert isinstance(served.flask.executor, TurnTaking)
    served.flask.executor.shutdown()


def test_through_a2wsgi_a_tap_overtakes_the_refreshes_waiting_before_it():
    """a2wsgi hands each request to the executor it holds as ``environ, start_response``: the
    order the WSGI app sees is the pool's, as uvicorn would deliver them."""
    release, seen = threading.Event(), []

    def wsgi(environ, start_response):
        if environ["PATH_INFO"] == "/slow":
            release.wait(5)
        seen.append(f'{environ["REQUEST_METHOD"]} {environ["PATH_INFO"]}')
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"ok"]

    bridge = WSGIMiddleware(wsgi, workers=1)
    bridge.executor.shutdown(wait=False)
    bridge.executor = TurnTaking()

    async def request(method: str, path: str) -> int:
        scope, receive, send, sent = asgi_request(method, path)
        await bridge(scope, receive, send)
        return sent[0]["status"]

    async def evening():
        slow = asyncio.create_task(request("GET", "/slow"))
        await asyncio.sleep(0.05)   # the thread is busy with it
        refreshes = [asyncio.create_task(request("GET", f"/poll/{n}")) for n in range(3)]
        await asyncio.sleep(0.05)
        tap = asyncio.create_task(request("POST", "/move"))
        await asyncio.sleep(0.05)
        release.set()
        return await asyncio.gather(slow, *refreshes, tap)

    assert run_on_a_loop_of_its_own(evening()) == [200] * 5
    assert seen == ["GET /slow", "POST /move", "GET /poll/0", "GET /poll/1", "GET /poll/2"]
    bridge.executor.shutdown()
