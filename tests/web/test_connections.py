"""What one connection may hold (issue 36): a request whose head or body stops coming is closed
and let go of; an idle connection closes after the keep-alive time; out of file descriptors the
event loop waits and logs once, instead of spinning."""

from __future__ import annotations

import errno
import logging
import socket
import threading
import time
import urllib.request

import pytest

from companion.web.serving.connections import EveryNow, RequestLimits

SHORT = dict(REQUEST_HEADERS_SECONDS=1, REQUEST_BODY_IDLE_SECONDS=1, KEEP_ALIVE_SECONDS=1,
             REQUEST_BODY_BYTES_PER_SECOND=1000)
LIMIT = 1.0   # every time in SHORT
MARGIN = 1.5  # the test's own slack on a shared machine


@pytest.fixture
def server(tmp_path):
    """The app as `companion serve` runs it, with short limits, in a thread; its uvicorn server."""
    import uvicorn

    from companion.web import create_app
    from companion.web.serving.server import uvicorn_config

    app = create_app({"TESTING": True, "RATELIMIT_ENABLED": False, **SHORT}, instance_path=tmp_path / "instance")
    served = uvicorn.Server(uvicorn_config(app, "127.0.0.1", 0, timeout_graceful_shutdown=1))
    thread = threading.Thread(target=served.run, daemon=True)
    thread.start()
    while not served.started:
        assert thread.is_alive(), "the server did not start"
        time.sleep(0.01)
    served.port = served.servers[0].sockets[0].getsockname()[1]
    yield served
    served.should_exit = True
    thread.join(timeout=10)
    app.extensions["store"].engine.dispose()


def connect(server) -> socket.socket:
    return socket.create_connection(("127.0.0.1", server.port), timeout=5)


def closed_by_server(sock: socket.socket, within: float) -> bool:
    """Whether the server closes this connection within ``within`` seconds (whatever it answered first)."""
    sock.settimeout(within)
    try:
        while sock.recv(65536):
            pass
        return True
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def healthz_answers(server) -> bool:
    with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/healthz", timeout=1) as answer:
        return answer.status == 200


def trickle(sock: socket.socket, data: bytes, stop: threading.Event) -> None:
    """A byte at a time, every 0.2 s, until the server closes or the test stops."""
    for byte in data:
        if stop.wait(0.2):
            return
        try:
            sock.sendall(bytes([byte]))
        except OSError:
            return


def import_head(length: int) -> bytes:
    return (b"POST /games/import HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: %d\r\n\r\n" % length)


def test_twenty_half_sent_requests_are_closed_within_the_limit_while_healthz_answers(server):
    stop = threading.Event()
    stalled = []
    for _ in range(4):   # nothing at all
        stalled.append(connect(server))
    for _ in range(4):   # a request line that stops
        sock = connect(server)
        sock.sendall(b"GET /healthz HT")
        stalled.append(sock)
    for _ in range(4):   # a request line a byte at a time
        sock = connect(server)
        threading.Thread(target=trickle, args=(sock, b"GET /healthz HTTP/1.1\r\n" * 10, stop), daemon=True).start()
        stalled.append(sock)
    for _ in range(4):   # most of a 600 KB body, then nothing
        sock = connect(server)
        sock.sendall(import_head(600_000) + b"x" * 550_000)
        stalled.append(sock)
    for _ in range(4):   # a body a byte at a time
        sock = connect(server)
        sock.sendall(import_head(1000))
        threading.Thread(target=trickle, args=(sock, b"y" * 1000, stop), daemon=True).start()
        stalled.append(sock)
    started = time.monotonic()
    try:
        assert healthz_answers(server)   # while all twenty wait
        closed = [closed_by_server(sock, LIMIT + MARGIN - (time.monotonic() - started)) for sock in stalled]
        assert healthz_answers(server)
    finally:
        stop.set()
        for sock in stalled:
            sock.close()
    assert all(closed), closed
    deadline = time.monotonic() + 2
    while (server.server_state.connections or server.server_state.tasks) and time.monotonic() < deadline:
        time.sleep(0.05)
    # every connection and every request's task is gone: the bodies read so far went with them
    assert not server.server_state.connections and not server.server_state.tasks


def test_a_body_that_keeps_coming_is_not_cut_off(server):
    """Slow but steady (no pause as long as REQUEST_BODY_IDLE_SECONDS, over the rate floor on
    average): the game is made, though the whole body took longer than either limit."""
    document = b'{"title": "Slow Wi-Fi", "players": [{"name": "Ann"}, {"name": "Bob"}]}' + b" " * 3000
    sock = connect(server)
    sock.sendall(import_head(len(document)))
    for piece in (document[:1000], document[1000:2000], document[2000:]):
        time.sleep(0.6)
        sock.sendall(piece)
    assert sock.recv(100).startswith(b"HTTP/1.1 303")
    sock.close()


def test_an_idle_connection_closes_after_the_keep_alive_time_and_not_before(server):
    sock = connect(server)
    sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert sock.recv(1000).startswith(b"HTTP/1.1 200")
    assert not closed_by_server(sock, LIMIT * 0.5)
    assert closed_by_server(sock, LIMIT + MARGIN)


def test_headers_beyond_their_size_are_refused(server):
    sock = connect(server)
    sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X-Padding: " + b"p" * RequestLimits().header_bytes)
    assert sock.recv(100).startswith(b"HTTP/1.1 431")
    assert closed_by_server(sock, 2)


# -- out of file descriptors ------------------------------------------------------------------

class ClockAt:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_a_warning_is_said_once_per_interval_with_how_often_it_came(caplog):
    clock = ClockAt()
    warning = EveryNow(logging.getLogger("test"), interval=60, clock=clock)
    with caplog.at_level(logging.WARNING):
        for second in range(0, 125):
            clock.now = second
            for _ in range(100):
                warning.warn("out of descriptors")
    assert [record.getMessage() for record in caplog.records] == [
        "out of descriptors", "out of descriptors (5999 more times in the last 60 s)",
        "out of descriptors (5999 more times in the last 60 s)"]


def test_out_of_descriptors_the_loop_pauses_accepting_instead_of_spinning(caplog):
    """asyncio's own loop tries ``accept`` again at once, backlog times a turn, each with a traceback."""
    import asyncio

    from companion.web.serving.connections import EventLoop

    class Exhausted:
        """A listening socket whose every accept fails as at the descriptor limit."""
        accepts = 0

        def accept(self):
            Exhausted.accepts += 1
            raise OSError(errno.EMFILE, "Too many open files")

        def fileno(self):
            return listener.fileno()

    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    loop = EventLoop()
    try:
        loop._add_reader(listener.fileno(), lambda: None)
        with caplog.at_level(logging.WARNING):
            for _ in range(3):
                loop._accept_connection(lambda: None, Exhausted(), None, None, 2048)
        assert Exhausted.accepts == 3   # one try each turn, not 2,048
        assert len(caplog.records) == 1 and caplog.records[0].exc_info is None
        assert "Too many open files" in caplog.records[0].getMessage()
    finally:
        loop.close()
        listener.close()
