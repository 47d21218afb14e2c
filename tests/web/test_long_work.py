"""companion.web.serving.long_work: served by `companion serve`, long work (an import, a group's
statistics) is answered by a process of its own, which gives way to the table's lane between
its steps; a tap on another game shares neither CPython's lock nor a queue with it."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest
from werkzeug.test import Client

from companion.web import create_app
from companion.web.serving import turns
from companion.web.serving.asgi import CompanionApp
from companion.web.storage.group_store import GroupStore
from companion.web.serving.long_work import LongWorkProcess, Recipe, _plain
from companion.web.serving.turns import Lane, giving_way
from tests.web.helpers import asgi_request, run_on_a_loop_of_its_own
from tests.web.test_turns import bench


def served_from_a_recipe(instance) -> CompanionApp:
    """The app as `companion serve` makes it: from its instance folder, with the recipe to make it again."""
    (instance / "config.py").write_text("RATELIMIT_ENABLED = False\n", encoding="utf-8")
    app = create_app(instance_path=instance)
    return CompanionApp(app, recipe=Recipe(str(instance), "companion.web:create_app"))


async def post(served: CompanionApp, path: str, body: bytes) -> tuple[int, dict]:
    scope, receive, send, sent = asgi_request("POST", path, [{"type": "http.request", "body": body, "more_body": False}],
                                              [(b"content-type", b"application/json"),
                                               (b"content-length", str(len(body)).encode())])
    await served(scope, receive, send)
    return sent[0]["status"], {name.decode(): value.decode() for name, value in sent[0]["headers"]}


def test_an_import_is_answered_by_the_long_work_process_and_a_tap_meanwhile_here(tmp_path):
    """bench/fairness.py's question, small and across processes: while the other process imports
    60 games, taps on another game are answered here, and the imported games are in the one database."""
    fairness = bench("fairness")
    served = served_from_a_recipe(tmp_path)
    store = served.flask_app.extensions["store"]

    async def evening():
        status, headers = await post(served, "/games/import", fairness.json.dumps(fairness.TAPPED_GAME).encode())
        tapped = headers["location"].rstrip("/").rsplit("/", 1)[-1]
        status, headers = await post(served, "/groups/new", b'{"name": "Club"}')
        group = headers["location"].rstrip("/").rsplit("/", 1)[-1]
        importing = asyncio.create_task(post(served, f"/groups/{group}/import", fairness.bundle(60)))
        taps = []
        while not importing.done():
            taps.append((await post(served, f"/g/{tapped}/moves", fairness.TAP))[0])
            await asyncio.sleep(0.01)
        return (await importing)[0], taps, group

    try:
        imported, taps, group = run_on_a_loop_of_its_own(evening())
        assert served.long_work.running   # the first import started it; it stays for the next
    finally:
        served.long_work.shutdown()
        served.flask.executor.shutdown()
    assert imported == 303
    assert taps and set(taps) == {200}
    groups = GroupStore(store)
    assert len(groups.games(groups.find(group))) == 60


def test_the_process_starts_with_the_first_long_work_and_stops_when_none_came_for_a_while(tmp_path):
    served = served_from_a_recipe(tmp_path)
    served.long_work.idle_seconds = 0.2

    async def page(path: str):
        scope, receive, send, sent = asgi_request("GET", path, [{"type": "http.request", "body": b"", "more_body": False}])
        await served(scope, receive, send)
        return sent[0]["status"]

    try:
        _, made = run_on_a_loop_of_its_own(post(served, "/groups/new", b'{"name": "Club"}'))
        assert run_on_a_loop_of_its_own(page("/")) == 200
        assert run_on_a_loop_of_its_own(page(made["location"])) == 200
        # a page (a group's too, whose games' facts are kept here), or a tap, is answered here
        assert not served.long_work.running
        status, _ = run_on_a_loop_of_its_own(post(served, "/games/import", b"not json"))
        assert status == 400 and served.long_work.running   # refused there, with the same words
        deadline = time.monotonic() + 10
        while served.long_work.running and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not served.long_work.running
    finally:
        served.long_work.shutdown()
        served.flask.executor.shutdown()


def test_work_whose_process_stopped_before_answering_is_a_503_saying_so(app, monkeypatch):
    lane = Lane(1, "test")
    middleware = LongWorkProcess(app, Recipe("unused", "companion.web:create_app"), lane)
    lost: Future = Future()
    lost.set_exception(BrokenProcessPool("killed"))
    monkeypatch.setattr(middleware, "_submit", lambda environ, body: lost)
    answer = Client(middleware).post("/games/import", data=b"{}", content_type="application/json")
    lane.shutdown()
    assert answer.status_code == 503
    assert "try again" in answer.get_data(as_text=True)
    assert not middleware.running


def test_only_plain_values_of_a_request_cross_to_the_other_process():
    environ = {"REQUEST_METHOD": "POST", "wsgi.version": (1, 0), "wsgi.input": object(), "asgi.scope": {"a": object()},
               "HTTP_COOKIE": "session=1", "wsgi.multithread": True}
    assert _plain(environ) == {"REQUEST_METHOD": "POST", "wsgi.version": (1, 0), "HTTP_COOKIE": "session=1",
                               "wsgi.multithread": True}


def test_the_table_lane_says_across_processes_whether_it_has_work():
    lane = Lane(1, "test")
    lane.idle_signal = idle = multiprocessing.get_context("spawn").Event()
    idle.set()
    release = threading.Event()
    busy = lane.submit(release.wait, 5)
    assert not idle.is_set()
    release.set()
    busy.result(timeout=5)
    assert idle.wait(5)
    lane.shutdown()


def test_in_the_long_work_process_each_step_waits_while_the_table_has_work(monkeypatch):
    monkeypatch.setattr(turns, "GIVE_WAY_AT_MOST", 0.2)
    idle = threading.Event()   # as the server's multiprocessing Event, set while its table is idle
    monkeypatch.setattr(turns, "_table_elsewhere", None)
    turns.follow_table(idle)
    started = time.monotonic()
    assert list(giving_way(range(2))) == [0, 1]
    assert time.monotonic() - started >= 0.35   # each step waited (at most GIVE_WAY_AT_MOST) for the busy table
    idle.set()
    started = time.monotonic()
    assert list(giving_way(range(3))) == [0, 1, 2]
    assert time.monotonic() - started < 0.2


ORPHAN = """
import multiprocessing, os, sys, time
from concurrent.futures import ProcessPoolExecutor
from companion.web.serving import long_work
pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"), initializer=long_work.end_with_the_server)
print(pool.submit(os.getpid).result(), flush=True)
time.sleep(120)
"""


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"   # (a zombie has ended)
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_the_long_work_process_ends_when_the_server_is_killed_without_warning():
    """``kill -9`` of the server (the OOM killer, a crash) must not leave its long-work process behind,
    holding a hundred megabytes for ever: it watches the server and ends with it."""
    server = subprocess.Popen([sys.executable, "-c", ORPHAN], stdout=subprocess.PIPE, text=True,
                              cwd=Path(__file__).resolve().parents[2])
    worker = int(server.stdout.readline())
    assert _running(worker)
    os.kill(server.pid, signal.SIGKILL)
    server.wait()
    deadline = time.monotonic() + 10
    while _running(worker) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _running(worker)
