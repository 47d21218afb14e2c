"""companion.web.serving.turns: Flask's thread takes a change before the pages waiting with it, a
download has a thread of its own, so a tap is not held up by a table's worth of refreshes, and
long work (an import) runs beside the table's thread, giving way to it between its steps."""

from __future__ import annotations

import asyncio
import importlib.util
import threading
import time
from pathlib import Path

import pytest
from a2wsgi import WSGIMiddleware

from companion.web.serving.asgi import CompanionApp
from companion.web.serving import turns
from companion.web.serving.turns import CHANGE, DOWNLOAD, GRACE, LONG, PAGE, Lane, TurnTaking, giving_way, urgency
from tests.web.helpers import asgi_request, import_document, run_on_a_loop_of_its_own, sample

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
    ("POST", "/groups/abc/import", LONG),
    ("POST", "/games/import", LONG),
    ("POST", "/library/import", LONG),
    ("POST", "/library", LONG),
    ("GET", "/groups/abc", LONG),
    ("GET", "/groups/v/abc", LONG),
    ("GET", "/groups/new", PAGE),
    ("GET", "/library", PAGE),
    ("POST", "/groups/abc/roster", CHANGE),
    ("GET", "/groups/abc/games.csv", DOWNLOAD),
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


def test_long_work_has_a_thread_of_its_own_and_gives_way_to_a_tap_between_its_steps():
    pool = TurnTaking()
    in_first_step, tap_sent, done = threading.Event(), threading.Event(), []

    def import_(environ, start):
        for step in giving_way(range(3)):
            done.append(f"step {step}")
            if step == 0:
                in_first_step.set()
                tap_sent.wait(5)
    long = pool.submit(import_, {"REQUEST_METHOD": "POST", "PATH_INFO": "/groups/abc/import"}, None)
    assert in_first_step.wait(5)
    def tap_(environ, start):
        time.sleep(0.05)   # the table's thread is busy a while: the import waits for it
        done.append("tap")
    tap = pool.submit(tap_, {"REQUEST_METHOD": "POST", "PATH_INFO": "/g/a/move"}, None)
    tap_sent.set()
    tap.result(timeout=5)
    long.result(timeout=5)
    assert done == ["step 0", "tap", "step 1", "step 2"]
    pool.shutdown()


def test_long_work_goes_on_while_the_table_never_rests(monkeypatch):
    """Taps without pause slow an import down; they never stop it."""
    monkeypatch.setattr(turns, "GIVE_WAY_AT_MOST", 0.01)
    pool = TurnTaking()
    busy = threading.Event()
    forever = pool.submit(lambda environ, start: busy.wait(10), {"REQUEST_METHOD": "POST", "PATH_INFO": "/g/a/move"}, None)
    long = pool.submit(lambda environ, start: list(giving_way(range(5))),
                       {"REQUEST_METHOD": "POST", "PATH_INFO": "/groups/abc/import"}, None)
    assert long.result(timeout=5) == [0, 1, 2, 3, 4]
    assert not forever.done()
    busy.set()
    pool.shutdown()


def test_outside_a_lane_that_gives_way_giving_way_waits_for_nothing():
    """The table's own thread (and a test client's) never waits for itself."""
    lane = Lane(1, "test")
    assert lane.submit(lambda: list(giving_way(range(3)))).result(timeout=5) == [0, 1, 2]
    assert list(giving_way(range(2))) == [0, 1]
    lane.shutdown()


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
    lane, now = bridge.executor.table, [0.0]
    lane._clock = lambda: now[0]   # (arrivals 10 ms apart, however slow a loaded machine runs this)

    async def request(method: str, path: str) -> int:
        scope, receive, send, sent = asgi_request(method, path)
        await bridge(scope, receive, send)
        return sent[0]["status"]

    async def until_queued(count: int) -> None:
        while len(lane._queue) < count:
            await asyncio.sleep(0.005)

    async def evening():
        slow = asyncio.create_task(request("GET", "/slow"))
        while lane._queue or lane._unfinished < 1:   # the thread is busy with it
            await asyncio.sleep(0.005)
        refreshes = [asyncio.create_task(request("GET", f"/poll/{n}")) for n in range(3)]
        await until_queued(3)
        now[0] += 0.01
        tap = asyncio.create_task(request("POST", "/move"))
        await until_queued(4)
        release.set()
        return await asyncio.gather(slow, *refreshes, tap)

    assert run_on_a_loop_of_its_own(evening()) == [200] * 5
    assert seen == ["GET /slow", "POST /move", "GET /poll/0", "GET /poll/1", "GET /poll/2"]
    bridge.executor.shutdown()


def bench(name: str):
    """A bench script as a module (bench/ is not a package)."""
    spec = importlib.util.spec_from_file_location(name, Path(__file__).resolve().parents[2] / "bench" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_tap_on_another_game_is_answered_while_a_bundle_is_being_imported(app, client):
    """bench/fairness.py's question, small: once an import of 100 games is under way, a tap on
    another game is answered before the import ends (on one thread it waited for all of it)."""
    fairness = bench("fairness")
    served = CompanionApp(app)
    store = app.extensions["store"]
    tapped, _view = import_document(client, sample())
    group = client.post("/groups/new", json={"name": "Club"}).headers["Location"].rsplit("/", 1)[-1]
    made = []
    under_way = threading.Event()
    store.subscribe(lambda game_id, revision: revision == 0 and (made.append(game_id) or len(made) < 5 or under_way.set()))

    async def post(path: str, body: bytes) -> int:
        scope, receive, send, sent = asgi_request("POST", path, [{"type": "http.request", "body": body, "more_body": False}],
                                                  [(b"content-type", b"application/json"),
                                                   (b"content-length", str(len(body)).encode())])
        await served(scope, receive, send)
        return sent[0]["status"]

    async def evening():
        importing = asyncio.create_task(post(f"/groups/{group}/import", fairness.bundle(100)))
        while not under_way.is_set():
            assert not importing.done(), f"the import answered {importing.result()} before storing 5 games"
            await asyncio.sleep(0.002)
        tap = await post(f"/g/{tapped}/moves", fairness.TAP)
        return tap, importing.done(), await importing

    tap, import_over_at_the_tap, imported = run_on_a_loop_of_its_own(evening())
    served.flask.executor.shutdown()
    assert (tap, imported) == (200, 303)
    assert not import_over_at_the_tap
    assert len(made) == 100
