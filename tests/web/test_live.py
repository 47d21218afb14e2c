"""The live streams (web-routes.md, *Live updates*) against the real server: uvicorn in a
thread, as `companion serve` runs the app (companion.web.serving.asgi, companion.web.serving.live)."""

from __future__ import annotations

import asyncio
import http.client
import json
import re
import time
from urllib.parse import urlencode, urlsplit

import pytest

from companion.web.serving import live
from companion.web.storage.store import Store, make_engine
from tests.browser.driver import start_server
from tests.web.helpers import import_document, run_on_a_loop_of_its_own, sample

# its storage differs between SQLite and PostgreSQL: run on both (tests/conftest.py)
pytestmark = pytest.mark.both_databases


def unchanged(state):
    """A move that leaves the state as it is: the stream is about revisions, not rules."""
    return state, []


@pytest.fixture
def served(tmp_path, database_config):
    server, stop = start_server(tmp_path / "instance", TESTING=True, **database_config)
    yield server
    stop()
    server.store().engine.dispose()


@pytest.fixture
def game(served):
    return served.store().create({"title": "Live", "phase": "playing"})


class Stream:
    """One phone's open stream, read block by block (an event, or a comment)."""

    def __init__(self, base: str, path: str, timeout: float = 5):
        address = urlsplit(base)
        self.connection = http.client.HTTPConnection(address.hostname, address.port, timeout=timeout)
        self.connection.request("GET", path)
        self.response = self.connection.getresponse()

    def block(self) -> str:
        lines = []
        while True:
            line = self.response.readline().decode()
            assert line, "the stream ended"
            if line == "\n":
                return "".join(lines)
            lines.append(line)

    def revision(self) -> int:
        """The next revision event (comments skipped)."""
        while True:
            block = self.block()
            if block.startswith("event: revision\n"):
                data = block.split("data: ", 1)[1]
                return json.loads(data)["revision"]

    def close(self) -> None:
        self.connection.close()


def test_a_stream_sends_the_current_revision_at_once_with_the_contract_headers(served, game):
    served.store().change(game.edit_token, {"kind": "tap"}, unchanged)
    stream = Stream(served.url, f"/g/{game.edit_token}/stream")
    try:
        assert stream.response.status == 200
        headers = stream.response.headers
        assert headers["Content-Type"].startswith("text/event-stream")
        assert headers["Cache-Control"] == "no-store"
        assert headers["X-Accel-Buffering"] == "no"
        assert stream.block() == 'event: revision\ndata: {"revision": 1}\n'
    finally:
        stream.close()


def test_every_committed_change_reaches_the_edit_and_the_view_streams(served, game):
    store = served.store()
    edit, view = Stream(served.url, f"/g/{game.edit_token}/stream"), Stream(served.url, f"/v/{game.view_token}/stream")
    try:
        assert edit.revision() == view.revision() == 0
        changed = store.change(game.edit_token, {"kind": "tap"}, unchanged)[0]
        assert edit.revision() == view.revision() == changed.revision == 1
        store.undo(game.edit_token, expected_revision=1)
        assert edit.revision() == view.revision() == 2
        store.redo(game.edit_token, expected_revision=2)
        assert edit.revision() == view.revision() == 3
    finally:
        edit.close()
        view.close()


def test_a_change_another_process_commits_reaches_the_stream(served, game):
    """Another server process on the same database: no listener of this process hears the
    commit, so it comes through LISTEN (PostgreSQL) or the revision watcher (SQLite)."""
    other_process = Store(make_engine(served.app.config["DATABASE_URL"]))
    stream = Stream(served.url, f"/v/{game.view_token}/stream")
    try:
        assert stream.revision() == 0
        other_process.change(game.edit_token, {"kind": "tap"}, unchanged)
        assert stream.revision() == 1
    finally:
        stream.close()
        other_process.engine.dispose()


def test_the_sqlite_watcher_looks_often_only_after_another_processs_change(app, monkeypatch):
    """Each look wakes the event loop, which costs more than the look: alone on its database, a
    process looks twice a second (its own changes, even read by the watcher before its committing
    thread told it, are no reason to look more); once another process's change is heard, every
    75 ms for the next five minutes."""
    if app.extensions["store"].notifies:
        pytest.skip("PostgreSQL tells of every commit: no watcher")
    store = app.extensions["store"]
    game = store.create({"title": "Watched", "phase": "playing"})
    monkeypatch.setattr(live, "SQLITE_QUIET_WATCH_SECONDS", 0.02)
    monkeypatch.setattr(live, "SQLITE_WATCH_SECONDS", 0.01)
    waits, sleep, watching = [], asyncio.sleep, []

    async def recorded(seconds, *args):
        if asyncio.current_task() in watching:   # (other servers of the test process sleep too)
            waits.append(seconds)
        await sleep(seconds, *args)

    async def watched():
        revisions = live.Revisions(store)
        revisions.loop = asyncio.get_running_loop()
        wake = asyncio.Event()
        revisions._streams[game.id] = {wake}
        revisions.announce(game.id, 0)   # (as an opening stream does, with the revision it read)
        monkeypatch.setattr(live.asyncio, "sleep", recorded)
        watching.append(asyncio.ensure_future(revisions._watch()))
        try:
            await sleep(0.1)
            monkeypatch.setattr(store, "_listeners", [])   # its committing thread has not told it yet:
            store.change(game.edit_token, {"kind": "tap"}, unchanged)   # the watcher reads this process's change
            while revisions._latest.get(game.id) != 1:
                await sleep(0.01)
            await sleep(0.1)
            alone, waits[:] = waits[:], []
            other_process = Store(make_engine(app.config["DATABASE_URL"]))
            other_process.change(game.edit_token, {"kind": "tap"}, unchanged)
            other_process.engine.dispose()
            while revisions._latest.get(game.id) != 2:
                await sleep(0.01)
            await sleep(0.1)
            return alone, waits[:]
        finally:
            watching[0].cancel()
    alone, after = run_on_a_loop_of_its_own(watched())
    assert alone and set(alone) == {0.02}
    assert after[-3:] == [0.01] * 3


def test_a_notify_of_this_processs_own_commit_is_left_to_the_committing_thread(served, game, monkeypatch):
    """PostgreSQL delivers a commit's NOTIFY at once, possibly before the committing thread tells
    this process's streams (with the phone that made it): its own NOTIFY must not tell them first."""
    if not served.store().notifies:
        pytest.skip("SQLite has no NOTIFY")
    other_process = Store(make_engine(served.app.config["DATABASE_URL"]))
    stream = Stream(served.url, f"/v/{game.view_token}/stream")
    try:
        assert stream.revision() == 0
        other_process.change(game.edit_token, {"kind": "tap"}, unchanged)
        assert stream.revision() == 1   # (heard: the LISTEN connection is up, nothing left to catch up on)
        monkeypatch.setattr(served.store(), "_listeners", [])   # the committing thread has not told it yet
        served.store().change(game.edit_token, {"kind": "tap"}, unchanged)
        other_process.change(game.edit_token, {"kind": "tap"}, unchanged)
        assert stream.revision() == 3   # another process's NOTIFY is heard; its own (2) was not
    finally:
        stream.close()
        other_process.engine.dispose()


def test_a_reconnecting_phone_hears_the_current_revision_first(served, game):
    first = Stream(served.url, f"/v/{game.view_token}/stream")
    assert first.revision() == 0
    first.close()
    served.store().change(game.edit_token, {"kind": "tap"}, unchanged)   # while it was away
    again = Stream(served.url, f"/v/{game.view_token}/stream")
    try:
        assert again.revision() == 1
    finally:
        again.close()


@pytest.mark.parametrize("path", ["/g/{unknown}/stream", "/v/{unknown}/stream", "/g/not%20a%20token/stream"])
def test_an_unknown_token_is_404(served, game, path):
    stream = Stream(served.url, path.format(unknown="x" * 32))
    try:
        assert stream.response.status == 404
    finally:
        stream.close()


def test_a_quiet_stream_sends_keep_alive_comments(served, game, monkeypatch):
    monkeypatch.setattr(live, "KEEP_ALIVE_SECONDS", 0.2)
    stream = Stream(served.url, f"/g/{game.edit_token}/stream")
    try:
        assert stream.revision() == 0
        assert stream.block() == ": keep-alive\n"
    finally:
        stream.close()


def test_a_phone_that_leaves_takes_its_stream_with_it(served, game):
    revisions = served.app.extensions["live"]
    stream = Stream(served.url, f"/g/{game.edit_token}/stream")
    assert stream.revision() == 0
    assert revisions.open_streams == 1
    stream.close()
    deadline = time.monotonic() + 5
    while revisions.open_streams and time.monotonic() < deadline:
        time.sleep(0.02)
    assert revisions.open_streams == 0


class LoopAtHand:
    """The event loop's part in a test without one: callbacks run at once, timers are kept."""

    def __init__(self):
        self.timers, self.handles = [], []

    def is_closed(self):
        return False

    def call_soon_threadsafe(self, callback, *args):
        callback(*args)

    def call_later(self, delay, callback, *args):
        self.timers.append((delay, callback, args))
        self.handles.append(self.Timer())
        return self.handles[-1]

    class Timer:
        cancelled = False

        def cancel(self):
            self.cancelled = True


def one_stream_of_game_7(app):
    """This process's news of revisions, with one open stream on game 7 (its wake-up) and a loop at hand."""
    revisions = live.Revisions(app.extensions["store"])
    revisions.loop = loop = LoopAtHand()
    wake = asyncio.Event()
    revisions._streams[7] = {wake}
    return revisions, loop, wake


def test_the_other_phones_hear_of_a_change_once_the_phone_that_made_it_has_its_answer(app):
    """Issue 20: a change must not get dearer because push makes the table's other phones ask for
    the new region while the tapping phone's own answer is still being drawn."""
    revisions, loop, wake = one_stream_of_game_7(app)
    with app.test_request_context("/g/token/move", method="POST"):
        revisions._committed(7, 3)
        revisions.announce(7, 3)   # the SQLite watcher (or this commit's NOTIFY) reading it meanwhile
        assert not wake.is_set()
        answer = app.process_response(app.make_response("the tapping phone's region"))
        assert not wake.is_set()
        answer.close()             # the server has sent it
    assert wake.is_set() and revisions._latest[7] == 3
    assert [(delay, args) for delay, _, args in loop.timers] == [(live.HELD_AT_MOST_SECONDS, (7, 3))]
    assert loop.handles[0].cancelled and not revisions._fallbacks   # (the loop does not wake a second later for it)


def test_news_held_for_an_answer_that_never_closes_still_goes_out(app):
    revisions, loop, wake = one_stream_of_game_7(app)
    with app.test_request_context("/g/token/move", method="POST"):
        revisions._committed(7, 4)
    (_, release, args), = loop.timers
    release(*args)
    assert wake.is_set() and revisions._latest[7] == 4


def test_a_change_outside_a_request_is_told_at_once(app):
    revisions, _, wake = one_stream_of_game_7(app)
    revisions._committed(7, 5)
    assert wake.is_set()


# -- the page's side -----------------------------------------------------------------------

def test_a_page_served_with_streams_listens_and_polls_only_slowly(make_app):
    client = make_app(LIVE_STREAMS=True, LIVE_POLL_SECONDS=25).test_client()
    _, view_token = import_document(client, sample())
    html = client.get(f"/v/{view_token}").get_data(as_text=True)
    assert 'live.js' in html and 'data-stream="on"' in html
    assert 'hx-trigger="every 25000ms"' in html


def test_under_the_dev_server_pages_poll_and_a_stream_is_204(client):
    _, view_token = import_document(client, sample())
    html = client.get(f"/v/{view_token}").get_data(as_text=True)
    assert 'data-stream="off"' in html and 'hx-trigger="every 2000ms"' in html
    assert client.get(f"/v/{view_token}/stream").status_code == 204   # an EventSource stops
    assert client.get(f"/v/{'x' * 32}/stream").status_code == 404


# -- the caps on open streams (issue 33) -----------------------------------------------------------

@pytest.mark.parametrize("configured, open_files, allowed", [
    (None, 256, 192), (None, 1024, 896), (None, 200_000, live.STREAMS_AT_MOST), (None, None, live.STREAMS_AT_MOST),
    (None, 60, 0), (50, 256, 50), (500, 256, 192)])
def test_the_streams_keep_out_of_the_reserve_of_the_open_files_limit(configured, open_files, allowed):
    assert live.streams_allowed(configured, open_files) == allowed


@pytest.fixture
def capped(tmp_path, monkeypatch):
    """A server allowing 3 streams in all, 2 from one client, behind a "proxy" (the test itself)
    that names each client in X-Forwarded-For."""
    monkeypatch.setenv("COMPANION_TRUSTED_PROXY", "127.0.0.1")
    server, stop = start_server(tmp_path / "instance", TESTING=True, LIVE_STREAMS_TOTAL=3, LIVE_STREAMS_PER_CLIENT=2)
    yield server
    stop()
    server.store().engine.dispose()


def open_stream(server, game, client: str, method: str = "GET") -> tuple[http.client.HTTPConnection, int]:
    address = urlsplit(server.url)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=5)
    connection.request(method, f"/g/{game.edit_token}/stream", headers={"X-Forwarded-For": client})
    response = connection.getresponse()
    if response.status != 200:
        assert response.headers["Retry-After"] and response.headers["Connection"] == "close"
    return connection, response.status


def test_streams_beyond_the_caps_are_refused_and_a_closed_one_makes_room(capped):
    game = capped.store().create({"title": "Busy", "phase": "playing"})
    kept = []
    try:
        for client in ("198.51.100.1", "198.51.100.1", "198.51.100.2"):
            connection, status = open_stream(capped, game, client)
            kept.append(connection)
            assert status == 200
        assert open_stream(capped, game, "198.51.100.1")[1] == 503   # that client's own cap
        assert open_stream(capped, game, "198.51.100.3")[1] == 503   # the cap in all
        assert open_stream(capped, game, "198.51.100.3", "HEAD")[1] == 503   # how a page asks why
        kept.pop(0).close()
        deadline = time.monotonic() + 5
        while open_stream(capped, game, "198.51.100.3", "HEAD")[1] != 200:   # once the server has seen it go
            assert time.monotonic() < deadline
            time.sleep(0.05)
        connection, status = open_stream(capped, game, "198.51.100.3")
        kept.append(connection)
        assert status == 200
    finally:
        for connection in kept:
            connection.close()


def test_a_stream_whose_game_cannot_be_read_now_is_busy_not_a_server_error(served, game, monkeypatch):
    """At the descriptor limit SQLite cannot open its file for the stream's look-up: that stream is
    refused as a full one is (503, Retry-After), and the page falls back to its poll."""
    def out_of_descriptors(token):
        raise OSError(24, "Too many open files")

    monkeypatch.setattr(served.store(), "game_revision", out_of_descriptors)
    address = urlsplit(served.url)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=5)
    try:
        connection.request("GET", f"/g/{game.edit_token}/stream")
        response = connection.getresponse()
        assert response.status == 503 and response.headers["Retry-After"]
    finally:
        connection.close()


# -- a page's own stream brings its phone's region (?regions=1) -----------------------------------

class Phone:
    """A browser's cookie and its requests to the served app, as the game page makes them."""

    def __init__(self, base: str):
        self.address = urlsplit(base)
        self.cookie = ""

    def get(self, path: str, htmx: bool = True) -> http.client.HTTPResponse:
        connection = http.client.HTTPConnection(self.address.hostname, self.address.port, timeout=5)
        headers = {**({"HX-Request": "true"} if htmx else {}), **({"Cookie": self.cookie} if self.cookie else {})}
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        response.body = response.read()
        cookie = response.headers.get("Set-Cookie")
        if cookie:
            self.cookie = cookie.split(";", 1)[0]
        connection.close()
        return response

    def post(self, path: str, form: dict) -> http.client.HTTPResponse:
        connection = http.client.HTTPConnection(self.address.hostname, self.address.port, timeout=5)
        connection.request("POST", path, body=urlencode(form), headers={
            "HX-Request": "true", "Cookie": self.cookie, "Content-Type": "application/x-www-form-urlencoded"})
        response = connection.getresponse()
        response.body = response.read()
        connection.close()
        return response

    def stream(self, path: str) -> Stream:
        stream = Stream.__new__(Stream)
        address = self.address
        stream.connection = http.client.HTTPConnection(address.hostname, address.port, timeout=5)
        stream.connection.request("GET", path, headers={"Cookie": self.cookie})
        stream.response = stream.connection.getresponse()
        return stream


def region_of(block: str) -> str:
    """A ``region`` event's region: its data lines joined, as the page's EventSource reads it."""
    kind, *lines = block.split("\n")
    assert kind == "event: region", block
    return "\n".join(line.removeprefix("data: ") for line in lines if line.startswith("data: "))


def without_csrf(page: str) -> str:
    return re.sub(r'name="csrf_token" value="[^"]*"', "", page)


def move_as_json(base: str, token: str, move: dict) -> None:
    address = urlsplit(base)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=5)
    connection.request("POST", f"/g/{token}/moves", body=json.dumps(move), headers={"Content-Type": "application/json"})
    assert connection.getresponse().status == 200
    connection.close()


def test_a_pages_stream_brings_each_newer_revision_as_its_phones_own_region(served):
    """One event instead of an event and then a request: the region the phone's poll would get,
    drawn with its cookie (its seat first)."""
    with served.app.test_client() as client:
        token, _ = import_document(client, sample())
    bob = Phone(served.url)
    bob.get(f"/g/{token}", htmx=False)
    bob.get(f"/g/{token}/seat?who=1")
    stream = bob.stream(f"/g/{token}/stream?regions=1")
    try:
        assert stream.revision() == 0                        # on connecting: the revision, as ever
        move_as_json(served.url, token, {"kind": "virtue", "player": 0, "delta": 1})
        region = region_of(stream.block())
        assert 'data-revision="1"' in region
        polled = bob.get(f"/g/{token}/poll?rev=0")
        assert polled.status == 200
        assert without_csrf(region) == without_csrf(polled.body.decode())
        assert region.index('id="seat-1"') < region.index('id="seat-0"')   # Bob's seat first, as on his page
    finally:
        stream.close()


def test_the_phone_that_made_the_change_is_told_its_revision_not_sent_the_region_its_answer_brought(served):
    with served.app.test_client() as client:
        token, _ = import_document(client, sample())
    ann, bob = Phone(served.url), Phone(served.url)
    page = ann.get(f"/g/{token}", htmx=False).body.decode()
    bob.get(f"/g/{token}", htmx=False)
    streams = [phone.stream(f"/g/{token}/stream?regions=1") for phone in (ann, bob)]
    try:
        assert [stream.revision() for stream in streams] == [0, 0]
        csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
        tapped = ann.post(f"/g/{token}/move", {"kind": "virtue", "player": 0, "delta": 1, "rev": 0, "csrf_token": csrf})
        assert tapped.status == 200 and b'data-revision="1"' in tapped.body
        assert streams[0].block() == 'event: revision\ndata: {"revision": 1}\n'   # Ann's page has it
        assert 'data-revision="1"' in region_of(streams[1].block())                 # Bob's page is sent it
    finally:
        for stream in streams:
            stream.close()


def regions_drawn_by_flask(served, monkeypatch) -> list[int]:
    """The revision each region a stream had Flask draw was drawn from, as they are drawn."""
    live = served.app.extensions["live"]
    drawn, draw = [], live.draw_region
    monkeypatch.setattr(live, "draw_region", lambda scope, shown: (drawn.append(shown), draw(scope, shown))[1])
    return drawn


def test_a_players_pushed_region_is_joined_from_the_tapping_players_drawing_without_a_request(served, monkeypatch):
    """The tapping player's answer drew the region for every player's phone: another player's stream
    joins its share from it (its seat, its CSRF token) instead of drawing its poll through Flask; what
    it sends is the poll's answer, byte for byte. So does the whole table's tablet (its boards at a
    glance and the live score are drawn in it too). The first one too: the answer that seated each
    phone offered how to join its region."""
    with served.app.test_client() as client:
        token, _ = import_document(client, sample())
    ann, bob, tablet = Phone(served.url), Phone(served.url), Phone(served.url)
    page = ann.get(f"/g/{token}", htmx=False).body.decode()
    for phone, seat in ((ann, 0), (bob, 1), (tablet, "table")):
        phone.get(f"/g/{token}", htmx=False)
        phone.get(f"/g/{token}/seat?who={seat}")
    drawn_by_flask = regions_drawn_by_flask(served, monkeypatch)
    streams = [phone.stream(f"/g/{token}/stream?regions=1") for phone in (bob, tablet)]
    try:
        assert [stream.revision() for stream in streams] == [0, 0]
        csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
        regions = []
        for revision in (0, 1):
            tapped = ann.post(f"/g/{token}/move", {"kind": "virtue", "player": 0, "delta": 1, "rev": revision,
                                                   "csrf_token": csrf})
            assert tapped.status == 200
            regions.append([region_of(stream.block()) for stream in streams])
        assert drawn_by_flask == []
        assert all('data-revision="1"' in region for region in regions[0])
        assert regions[0][0].index('id="seat-1"') < regions[0][0].index('id="seat-0"')
        assert regions[1][0] == bob.get(f"/g/{token}/poll?rev=1").body.decode()
        assert regions[1][1] == tablet.get(f"/g/{token}/poll?rev=1").body.decode()
        assert regions[1][0].index('id="seat-1"') < regions[1][0].index('id="seat-0"')   # Bob's seat first
        assert "whole-table" in regions[1][1] and "live-score" in regions[1][1] and "whole-table" not in regions[1][0]
    finally:
        for stream in streams:
            stream.close()


def test_a_stream_whose_phone_no_answer_here_was_given_has_its_first_region_drawn_by_flask(served, monkeypatch):
    """How to join a phone's region is kept by the session its answer left: a stream carrying another
    session (Bob's cookie from before he chose his seat) or one no answer of this process offered (a
    seat chosen through another server) has its first region drawn by Flask, with its own cookie."""
    from companion.web.serving import asgi

    with served.app.test_client() as client:
        token, _ = import_document(client, sample())
    ann, bob, cy = Phone(served.url), Phone(served.url), Phone(served.url)
    page = ann.get(f"/g/{token}", htmx=False).body.decode()
    bob.get(f"/g/{token}", htmx=False)
    unseated = Phone(served.url)
    unseated.cookie = bob.cookie
    bob.get(f"/g/{token}/seat?who=1")
    cy.get(f"/g/{token}", htmx=False)
    cy.get(f"/g/{token}/seat?who=table")
    drawn_by_flask = regions_drawn_by_flask(served, monkeypatch)
    before_seating = unseated.stream(f"/g/{token}/stream?regions=1")
    assert before_seating.revision() == 0   # (its phone looked up: Bob's seated answer's offer was kept)
    asgi.offered_redraws.clear()            # (as if Cy's tablet had been seated by another process)
    streams = [before_seating, cy.stream(f"/g/{token}/stream?regions=1")]
    try:
        assert streams[1].revision() == 0
        csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
        assert ann.post(f"/g/{token}/move", {"kind": "virtue", "player": 0, "delta": 1, "rev": 0,
                                             "csrf_token": csrf}).status == 200
        regions = [region_of(stream.block()) for stream in streams]
        assert drawn_by_flask == [0, 0]
        assert "whole-table" in regions[1] and "whole-table" not in regions[0]   # each drawn with its own cookie
        assert 'id="seat-1"' not in regions[0][:regions[0].index('id="seat-0"')]   # no seat before Bob sat
    finally:
        for stream in streams:
            stream.close()


def test_without_asking_for_regions_a_stream_announces_revisions_as_the_contract_says(served):
    with served.app.test_client() as client:
        token, _ = import_document(client, sample())
    stream = Stream(served.url, f"/g/{token}/stream")
    try:
        assert stream.revision() == 0
        move_as_json(served.url, token, {"kind": "virtue", "player": 0, "delta": 1})
        assert stream.block() == 'event: revision\ndata: {"revision": 1}\n'
    finally:
        stream.close()


def test_a_region_that_cannot_be_drawn_is_announced_as_its_revision(served, game, monkeypatch):
    """The page then asks for it through its poll, as before regions came on the stream."""
    def broken(scope, shown):
        raise RuntimeError("drawing failed")

    monkeypatch.setattr(served.app.extensions["live"], "draw_region", broken)
    stream = Stream(served.url, f"/g/{game.edit_token}/stream?regions=1")
    try:
        assert stream.revision() == 0
        served.store().change(game.edit_token, {"kind": "tap"}, unchanged)
        assert stream.block() == 'event: revision\ndata: {"revision": 1}\n'
    finally:
        stream.close()


def test_a_region_is_one_event_whatever_its_line_ends():
    assert live.region_event(b'<div id="live">\r\n<p>a</p>\r<p>b</p>\n</div>') == (
        b'event: region\ndata: <div id="live">\ndata: <p>a</p>\ndata: <p>b</p>\ndata: </div>\n\n')


def test_the_poll_drawn_for_a_stream_is_the_pages_own_poll():
    from companion.web.serving.asgi import poll_environ

    scope = {"type": "http", "method": "GET", "path": "/v/abc/stream", "query_string": b"regions=1",
             "http_version": "1.1", "server": ("127.0.0.1", 8000), "client": ("127.0.0.1", 5000),
             "headers": [(b"host", b"192.0.2.2:8000"), (b"cookie", b"session=x"), (b"accept", b"text/event-stream"),
                         (b"accept-encoding", b"gzip, br"), (b"accept-language", b"ko")]}
    environ = poll_environ(scope, 7)
    assert (environ["REQUEST_METHOD"], environ["PATH_INFO"], environ["QUERY_STRING"]) == ("GET", "/v/abc/poll", "rev=7")
    assert environ["HTTP_COOKIE"] == "session=x" and environ["HTTP_ACCEPT_LANGUAGE"] == "ko"
    assert environ["HTTP_HX_REQUEST"] == "true" and environ["HTTP_ACCEPT"] == "text/html"
    assert "HTTP_ACCEPT_ENCODING" not in environ    # the region goes into the event as it is


def test_an_answer_that_changed_the_session_tells_the_page_to_open_its_stream_again(app):
    """Its stream draws the region with the cookie it was opened with: a seat chosen is a new one."""
    client = app.test_client()
    with client:
        token, _ = import_document(client, sample())
    page = client.get(f"/g/{token}").get_data(as_text=True)
    htmx = {"HX-Request": "true"}
    assert client.get(f"/g/{token}/seat?who=1", headers=htmx).headers.get("X-Stream-Again") == "1"
    assert "X-Stream-Again" not in client.get(f"/g/{token}/poll?rev=0", headers=htmx).headers
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    tapped = client.post(f"/g/{token}/move", data={"kind": "virtue", "player": 1, "delta": 1, "rev": 0,
                                                   "csrf_token": csrf}, headers=htmx)
    assert tapped.status_code == 200 and "X-Stream-Again" not in tapped.headers   # a tap keeps its stream


def test_a_streams_device_is_the_one_its_session_cookie_names_and_none_for_a_cookie_not_signed_here(app):
    from companion.web.serving.asgi import CompanionApp

    client = app.test_client()
    client.get("/")
    cookie = client.get_cookie(app.config["SESSION_COOKIE_NAME"]).value
    with client.session_transaction() as session:
        device = session["device"]
    served = CompanionApp(app)

    def scope(header: bytes) -> dict:
        return {"type": "http", "headers": [(b"host", b"localhost"), (b"cookie", header)]}
    assert served._phone_of(scope(f"theme=dark; session={cookie}".encode()), "a-token") == (device, None)
    for header in (b"", b"session=forged.cookie.value", b"session=" + cookie[:-4].encode() + b"AAAA"):
        assert served._phone_of(scope(header), "a-token") == (None, None)
