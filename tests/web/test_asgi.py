"""The app as uvicorn serves it (companion.web.serving.asgi): behind a trusted reverse proxy, share
links name the host and scheme the proxy was asked for; anyone else's forwarded headers are ignored."""

from __future__ import annotations

import asyncio
import re
import threading
import urllib.request

import pytest

from companion.aotwk.rules import table
from tests.browser.driver import start_server
from tests.web.helpers import asgi_request, run_on_a_loop_of_its_own

# its storage differs between SQLite and PostgreSQL: run on both (tests/conftest.py)
pytestmark = pytest.mark.both_databases

GAME = {"title": "Behind a proxy", "players": [{"name": "Ann"}, {"name": "Bob"}]}


@pytest.fixture
def behind_proxy(tmp_path, database_config, monkeypatch):
    def serve(proxy: str):
        monkeypatch.setenv("COMPANION_TRUSTED_PROXY", proxy)
        server, stop = start_server(tmp_path / "instance", TESTING=True, TRUSTED_HOSTS=["games.ourclub.org"],
                                    **database_config)
        started.append((server, stop))
        return server
    started = []
    yield serve
    for server, stop in started:
        stop()
        server.store().engine.dispose()


FORWARDED = {"X-Forwarded-Host": "games.ourclub.org", "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.5"}


def share_page(server, edit_token: str) -> urllib.request.Request:
    return urllib.request.Request(f"{server.url}/g/{edit_token}/share", headers=FORWARDED)


def test_links_name_the_host_and_scheme_the_trusted_proxy_was_asked_for(behind_proxy):
    server = behind_proxy("127.0.0.1")   # the test's own requests come from the "proxy"
    game = server.store().create(table.new_game(GAME))
    with urllib.request.urlopen(share_page(server, game.edit_token)) as answer:
        page = answer.read().decode()
    assert re.search(rf'value="https://games\.ourclub\.org/v/{game.view_token}"', page)


def test_forwarded_headers_from_anyone_else_are_ignored(behind_proxy):
    server = behind_proxy("10.9.9.9")   # a proxy somewhere else: these requests are not from it
    game = server.store().create(table.new_game(GAME))
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(share_page(server, game.edit_token))
    assert refused.value.code == 400   # the Host is 127.0.0.1, not a trusted host


# -- an unchanged poll, answered beside Flask ---------------------------------------------------

class FlaskRecorder:
    """Stands in for the Flask app behind CompanionApp: notes what reached it, answers 200."""

    def __init__(self):
        self.paths = []

    async def __call__(self, scope, receive, send):
        self.paths.append(scope["path"])
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b""})


def get(app, path: str, query: str = "") -> int:
    scope, receive, send, sent = asgi_request("GET", path, query=query)
    run_on_a_loop_of_its_own(app(scope, receive, send))
    return sent[0]["status"]


@pytest.fixture
def companion(app):
    from companion.web.serving.asgi import CompanionApp

    served = CompanionApp(app)
    threads = served.flask.executor
    yield served
    threads.shutdown()


@pytest.fixture
def served(companion):
    """The app as served, with a recorder where Flask would be."""
    companion.flask = FlaskRecorder()
    return companion


def test_a_poll_at_the_current_revision_is_answered_without_flask(served):
    game = served.revisions.store.create(table.new_game(GAME))   # this process knows its revision
    for token in (game.edit_token, game.view_token):
        prefix = "g" if token == game.edit_token else "v"
        assert get(served, f"/{prefix}/{token}/poll", f"rev={game.revision}") == 204
    assert served.flask.paths == []


@pytest.mark.parametrize("query", ["rev=7", "", "rev=x", "rev=-1"])
def test_a_poll_memory_cannot_answer_goes_to_flask(served, query):
    """A newer revision than the memory knows, or no readable revision: Flask decides (and reads the database)."""
    game = served.revisions.store.create(table.new_game(GAME))
    assert get(served, f"/g/{game.edit_token}/poll", query) == 200
    assert get(served, "/g/not-a-game/poll", "rev=0") == 200
    assert len(served.flask.paths) == 2


def test_a_revision_the_memory_no_longer_trusts_goes_to_flask(served, monkeypatch):
    """Another process may have changed the game: past REVISION_TTL the database is asked."""
    store = served.revisions.store
    game = store.create(table.new_game(GAME))
    monkeypatch.setattr(type(store), "REVISION_TTL", 0.0)
    assert get(served, f"/g/{game.edit_token}/poll", f"rev={game.revision}") == 200
    assert served.flask.paths == [f"/g/{game.edit_token}/poll"]


# -- a request's body is read before Flask's thread takes it --------------------------------------

def test_a_tap_whose_body_stalls_holds_up_no_other_phone(companion):
    """A phone losing the Wi-Fi halfway through a tap (its body never completes): another phone's page still comes."""
    import asyncio

    async def evening():
        never = asyncio.Event()

        async def stalled():
            await never.wait()
            return {"type": "http.disconnect"}
        tap = asgi_request("POST", "/games/import", [{"type": "http.request", "body": b'{"ti', "more_body": True},
                                                     stalled],
                           [(b"content-type", b"application/json"), (b"content-length", b"100")])
        stuck = asyncio.create_task(companion(*tap[:3]))
        await asyncio.sleep(0.05)
        page = asgi_request("GET", "/", [{"type": "http.request", "body": b"", "more_body": False}])
        await asyncio.wait_for(companion(*page[:3]), timeout=10)
        never.set()   # the phone's connection drops: nothing was applied, nothing answered
        await asyncio.wait_for(stuck, timeout=10)
        return page[3], tap[3]

    page, tap = run_on_a_loop_of_its_own(evening())
    assert page[0]["status"] == 200
    assert tap == []


def import_in_pieces(companion) -> list:
    """A game document posted to the import in two pieces; what the app sent back."""
    import json

    document = json.dumps(table.new_game(GAME)).encode()
    pieces = [{"type": "http.request", "body": document[:50], "more_body": True},
              {"type": "http.request", "body": document[50:], "more_body": False}]
    scope, receive, send, sent = asgi_request("POST", "/games/import", pieces, [
        (b"content-type", b"application/json"), (b"content-length", str(len(document)).encode())])
    run_on_a_loop_of_its_own(companion(scope, receive, send))
    return sent


def test_a_body_in_pieces_reaches_flask_whole(companion):
    assert import_in_pieces(companion)[0]["status"] == 303   # the game was made from the whole document


def test_a_body_read_whole_on_the_loop_is_read_by_flask_from_memory(companion, monkeypatch):
    """Flask's thread reads a body the loop already read whole without asking the loop for it again (a
    round trip between the threads every tap); one beyond the limit is read as a2wsgi reads it (and refused)."""
    import io

    from a2wsgi.wsgi import Body

    inputs = []
    app = companion.flask.app
    monkeypatch.setattr(companion.flask, "app", lambda environ, start: (inputs.append(environ["wsgi.input"]),
                                                                        app(environ, start))[1])
    assert import_in_pieces(companion)[0]["status"] == 303 and isinstance(inputs[0], io.BytesIO)

    monkeypatch.setitem(companion.flask_app.config, "MAX_CONTENT_LENGTH", 40)
    assert import_in_pieces(companion)[0]["status"] == 413 and isinstance(inputs[1], Body)


# -- the session cookie behind the proxy ----------------------------------------------------------

def session_cookie_of(server, headers: dict) -> str:
    with urllib.request.urlopen(urllib.request.Request(f"{server.url}/", headers=headers)) as answer:
        return next(value for value in answer.headers.get_all("Set-Cookie") if value.startswith("session="))


def test_the_session_cookie_is_secure_when_the_trusted_proxy_says_the_page_is_https(behind_proxy):
    server = behind_proxy("127.0.0.1")
    assert "; Secure" in session_cookie_of(server, FORWARDED)
    assert "Secure" not in session_cookie_of(server, {**FORWARDED, "X-Forwarded-Proto": "http"})


def test_anyone_elses_forwarded_proto_makes_no_cookie_secure(behind_proxy):
    server = behind_proxy("10.9.9.9")
    assert "Secure" not in session_cookie_of(server, {"Host": "games.ourclub.org", "X-Forwarded-Proto": "https"})


# -- an answer handed from Flask's thread to the event loop -------------------------------------

def _through_the_bridge(wsgi_app, sent: list, wakes: list | None = None):
    """One GET through the bridge, what it sends put in ``sent``, each call Flask's thread put on the
    loop in ``wakes`` (each wakes it): how often Flask's thread waited for the loop. ``wsgi_app``
    is given the loop as ``environ["test.loop"]``."""
    import a2wsgi.wsgi

    from companion.web.serving.asgi import HandOverOnce

    waits, wakes = [], [] if wakes is None else wakes
    hand_over = a2wsgi.wsgi.asyncio.run_coroutine_threadsafe

    def counted(coroutine, loop):
        waits.append(coroutine)
        return hand_over(coroutine, loop)
    scope, receive, _send, _sent = asgi_request("GET", "/")

    async def send(message):
        sent.append(message)

    async def answer():
        loop = asyncio.get_running_loop()
        call_soon_threadsafe, loops_thread = loop.call_soon_threadsafe, threading.current_thread()

        def woken(callback, *args, **kwargs):
            if threading.current_thread() is not loops_thread:
                wakes.append(callback)
            return call_soon_threadsafe(callback, *args, **kwargs)
        loop.call_soon_threadsafe = woken
        bridge = HandOverOnce(lambda environ, start_response: wsgi_app({**environ, "test.loop": loop}, start_response),
                              workers=1)
        try:
            await bridge(scope, receive, send)
        finally:
            bridge.executor.shutdown()
    a2wsgi.wsgi.asyncio.run_coroutine_threadsafe = counted
    try:
        run_on_a_loop_of_its_own(answer())
    finally:
        a2wsgi.wsgi.asyncio.run_coroutine_threadsafe = hand_over
    return waits


def test_a_page_crosses_from_flasks_thread_to_the_loop_once_without_waiting():
    """a2wsgi handed the status, the body and the end over one by one, Flask's thread waiting for
    the loop each time (three round trips a page, six pages a tap)."""
    def page(environ, start_response):
        start_response("200 OK", [("Content-Type", "text/html")])
        return [b"<p>Ann: virtue +1</p>"]
    sent = []
    waits = _through_the_bridge(page, sent)
    assert [message["type"] for message in sent] == ["http.response.start", "http.response.body", "http.response.body"]
    assert sent[0]["status"] == 200 and b"".join(message.get("body", b"") for message in sent) == b"<p>Ann: virtue +1</p>"
    assert sent[-1].get("more_body", False) is False
    assert waits == []


def test_a_tap_wakes_the_loop_once_for_its_commits_news_its_answer_and_its_end():
    """Each call Flask's thread puts on the loop wakes it (some 150 µs of processor time on a small
    machine for the waking and as much for the woken): a tap put four there (the news of its
    commit, its answer, the answer closed, the request done). They go over together, in order."""
    from companion.web.serving.loop_calls import call_on_loop

    sent, wakes, heard = [], [], []

    def tap(environ, start_response):
        call_on_loop(environ["test.loop"], lambda: heard.append(len(sent)))   # as the store's listener does
        start_response("200 OK", [("Content-Type", "text/html")])
        return [b"<p>Ann: virtue +1</p>"]
    assert _through_the_bridge(tap, sent, wakes) == []
    assert len(wakes) == 1
    assert heard == [0] and b"".join(message.get("body", b"") for message in sent) == b"<p>Ann: virtue +1</p>"


def test_a_request_that_fails_in_flasks_thread_fails_on_the_loop_too():
    def broken(environ, start_response):
        raise LookupError("no such game")
    with pytest.raises(LookupError, match="no such game"):
        _through_the_bridge(broken, [])


def test_a_request_whose_turn_never_comes_is_cancelled_not_left_waiting():
    """The server stopping cancels the requests still queued for Flask's thread (``Lane.shutdown``):
    each one's coroutine ends too, instead of waiting for an answer that will never come."""
    from concurrent.futures import Future

    from companion.web.serving.asgi import OneHandOver

    class Stopped:
        def submit(self, fn, /, *args):
            never = Future()
            never.cancel()
            return never
    scope, receive, send, sent = asgi_request("GET", "/")

    async def answer():
        with pytest.raises(asyncio.CancelledError):
            await asyncio.wait_for(OneHandOver(lambda environ, start_response: [], Stopped(), 0)(scope, receive, send), 5)
    run_on_a_loop_of_its_own(answer())
    assert sent == []


def test_a_large_answer_crosses_in_parts_and_never_holds_more_than_one_part():
    """A sheet of 1 MiB in 64 KiB pieces: every byte arrives, in order, and Flask's thread waits for
    the loop to send each quarter MiB, so no more than that (and a piece) is ever held."""
    from companion.web.serving.asgi import HAND_OVER_BYTES

    pieces = [bytes([number]) * 65536 for number in range(16)]
    behind = []

    def sheet(environ, start_response):
        start_response("200 OK", [("Content-Type", "application/pdf")])
        for piece in pieces:
            behind.append(sum(map(len, pieces[:len(behind)])) - sum(len(m.get("body", b"")) for m in sent))
            yield piece
    sent = []
    waits = _through_the_bridge(sheet, sent)
    assert b"".join(message.get("body", b"") for message in sent) == b"".join(pieces)
    assert len(waits) == len(pieces) * 65536 // HAND_OVER_BYTES   # (the end alone: no wait)
    assert max(behind) <= HAND_OVER_BYTES + 65536
