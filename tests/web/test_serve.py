"""`companion serve`: the production server (uvicorn: the Flask app and the live streams) over
an instance folder it creates, on the local network unless told otherwise."""

from __future__ import annotations

import json
import re
import socket
import ssl
import subprocess
import sys
import time
import urllib.request
from html import unescape
from pathlib import Path

import pytest

from companion.web.games import qr_svg
from companion.web.serving.lan import lan_address
from tests.web.helpers import run_on_a_loop_of_its_own, sample


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Serving:
    """`companion serve ARGS` in a child process; its printed output once stopped. ``companion``
    is the command to run (this checkout's by default; tests/test_wheel.py runs an installed one)."""

    def __init__(self, instance: Path, *args: str, companion: tuple[str, ...] = (sys.executable, "-m", "companion.cli"),
                 **popen):
        self.port = free_port()
        self.process = subprocess.Popen(
            [*companion, "serve", "--port", str(self.port), "--instance", str(instance), *args],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **popen)
        self.output = ""

    @staticmethod
    def wait_for(base: str, process: subprocess.Popen) -> None:
        """Until the server at ``base`` answers /healthz (or its process ends: an AssertionError)."""
        for _ in range(300):
            try:
                with urllib.request.urlopen(f"{base}/healthz", timeout=2):
                    return
            except OSError:
                assert process.poll() is None, "the server did not start"
                time.sleep(0.1)
        raise AssertionError("the server did not start")

    def wait_until_up(self, scheme: str = "http", context=None) -> tuple[str, str]:
        """(the body of /healthz, the Server header) once the server answers."""
        for _ in range(300):
            try:
                with urllib.request.urlopen(f"{scheme}://127.0.0.1:{self.port}/healthz", timeout=2, context=context) as answer:
                    return answer.read().decode(), answer.headers.get("Server", "")
            except OSError:
                if self.process.poll() is not None:
                    break
                time.sleep(0.1)
        self.stop()
        raise AssertionError(f"the server did not start:\n{self.output}")

    def stop(self) -> str:
        if self.process.poll() is None:
            self.process.terminate()
        self.output, _ = self.process.communicate(timeout=15)
        return self.output


def test_serve_creates_the_instance_folder_and_answers_healthz(tmp_path):
    instance = tmp_path / "fresh-instance"
    server = Serving(instance, "--host", "127.0.0.1")
    try:
        body, server_name = server.wait_until_up()
        assert body == "ok" and server_name == "architects-companion"
        assert (instance / "secret_key").exists()
    finally:
        output = server.stop()
    assert f"http://127.0.0.1:{server.port}/ (this machine only)" in output
    assert "█" not in output   # no QR code to scan for an address no phone can open


def test_serve_listens_on_the_local_network_and_prints_the_address_phones_use(tmp_path):
    server = Serving(tmp_path / "instance")
    try:
        server.wait_until_up()
    finally:
        output = server.stop()
    lan = lan_address()
    if lan is None:
        assert "no network found" in output
        return
    assert f"http://{lan}:{server.port}/" in output and "http://127.0.0.1" not in output
    assert "█" in output                           # the QR code, in the terminal
    assert "the links are the keys" in output


def test_the_share_page_hands_out_links_another_device_on_the_network_opens(tmp_path):
    """Served on the network, the host's own browser (127.0.0.1) opens the share page; its
    links and QR code name the LAN address, and a client opens them there."""
    lan = lan_address()
    if lan is None:
        pytest.skip("this machine has no network address other than loopback")
    server = Serving(tmp_path / "instance")
    try:
        server.wait_until_up()
        local = f"http://127.0.0.1:{server.port}"
        request = urllib.request.Request(local + "/games/import", data=json.dumps(sample()).encode(),
                                         headers={"Content-Type": "application/json"})
        opener = urllib.request.build_opener(NoRedirect)
        edit_path = opener.open(request).headers["Location"]   # 303 to the new game
        share = urllib.request.urlopen(local + edit_path + "/share").read().decode()
        links = [unescape(link) for link in re.findall(r'value="(http[^"]+)"', share)]
        assert links and all(link.startswith(f"http://{lan}:{server.port}/") for link in links)
        for link in links:   # what a phone does with the link or the QR code
            with urllib.request.urlopen(link) as page:
                assert page.status == 200 and "Friday game" in page.read().decode()
        qr_path = re.search(r'src="([^"]+/qr/view\.svg)"', share).group(1)
        qr = urllib.request.urlopen(f"http://{lan}:{server.port}{qr_path}").read()
        assert qr == qr_svg(next(link for link in links if "/v/" in link))
    finally:
        server.stop()


def test_secure_mode_serves_https_with_the_certificate_kept_in_the_instance_folder(tmp_path):
    instance = tmp_path / "instance"
    server = Serving(instance, "--host", "127.0.0.1", "--https")
    try:
        context = _wait_for_certificate(instance)
        body, _ = server.wait_until_up("https", context)
        assert body == "ok"
        with urllib.request.urlopen(f"https://127.0.0.1:{server.port}/", timeout=5, context=context) as home:
            cookie, hsts = home.headers["Set-Cookie"], home.headers["Strict-Transport-Security"]
    finally:
        output = server.stop()
    assert f"https://127.0.0.1:{server.port}/" in output
    assert "fingerprint" in output
    assert "; Secure" in cookie and hsts.startswith("max-age=")   # the session is never sent over plain http


def _wait_for_certificate(instance: Path) -> ssl.SSLContext:
    cert = instance / "https" / "cert.pem"
    for _ in range(300):
        if cert.exists() and cert.stat().st_size:
            return ssl.create_default_context(cafile=str(cert))
        time.sleep(0.1)
    raise AssertionError("no certificate was made")


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None

    def http_error_303(self, request, response, code, message, headers):
        return response



def test_several_workers_share_one_port_and_each_change_reaches_every_stream(tmp_path):
    """`--workers 2`: two server processes on one port (the kernel hands each connection to one of
    them); a stream kept by one hears the changes the other commits (the SQLite watcher)."""
    from tests.web.test_live import Stream

    server = Serving(tmp_path / "instance", "--host", "127.0.0.1", "--workers", "2")
    try:
        server.wait_until_up()
        base = f"http://127.0.0.1:{server.port}"
        workers = subprocess.run(["pgrep", "-P", str(server.process.pid)], capture_output=True, text=True).stdout.split()
        assert len(workers) >= 2, workers   # (uvicorn's supervisor, its workers)
        document = {"title": "Two workers", "phase": "playing", "players": [{"name": "Ann"}, {"name": "Bob"}]}
        made = urllib.request.urlopen(urllib.request.Request(
            f"{base}/games/import", json.dumps(document).encode(), {"Content-Type": "application/json"}))
        token = made.url.rsplit("/", 1)[-1]
        stream = Stream(base, f"/g/{token}/stream")
        assert stream.revision() == 0
        for delta in (1, -1) * 5:   # each move on a new connection: some land on the other worker
            urllib.request.urlopen(urllib.request.Request(
                f"{base}/g/{token}/moves", json.dumps({"kind": "virtue", "player": 0, "delta": delta}).encode(),
                {"Content-Type": "application/json", "Connection": "close"}))
        heard = 0
        while heard < 10:
            heard = max(heard, stream.revision())
        stream.close()
    finally:
        server.stop()


@pytest.mark.parametrize("workers", [(), ("--workers", "2")], ids=["one process", "two workers"])
def test_told_to_stop_every_worker_ends_its_open_streams_first(tmp_path, workers):
    """From a game night: `--workers 2` with phones on a game took five seconds to stop and logged a
    traceback per open stream (uvicorn's graceful wait ran out: a stream never ends by itself). Each
    worker's streams now end as its server asks its connections to close, and the pages reconnect."""
    from tests.web.test_live import Stream

    server = Serving(tmp_path / "instance", "--host", "127.0.0.1", *workers)
    streams = []
    try:
        server.wait_until_up()
        base = f"http://127.0.0.1:{server.port}"
        document = {"title": "Stopping", "phase": "playing", "players": [{"name": "Ann"}, {"name": "Bob"}]}
        made = urllib.request.urlopen(urllib.request.Request(
            f"{base}/games/import", json.dumps(document).encode(), {"Content-Type": "application/json"}))
        token = made.url.rsplit("/", 1)[-1]
        for _ in range(4):   # (each on a connection of its own: the kernel hands them to either worker)
            streams.append(Stream(base, f"/g/{token}/stream"))
            assert streams[-1].revision() == 0
    finally:
        output = server.stop()
        ended = []
        for stream in streams:
            try:
                stream.block()
            except AssertionError:   # "the stream ended"
                ended.append(stream)
            stream.close()
    assert len(ended) == len(streams) == 4
    assert "graceful shutdown exceeded" not in output and "CancelledError" not in output, output


def test_at_a_descriptor_limit_of_256_one_client_with_400_streams_stops_no_other_table(tmp_path):
    """Issue 33: one client opening 400 streams against a server allowed 256 descriptors. The
    streams beyond the caps are refused (503) or closed, /healthz and a tap on another game still
    answer within a second, and the log does not fill the disk."""
    import resource

    instance, port = tmp_path / "instance", free_port()
    log = tmp_path / "server.log"
    with log.open("wb") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
             "--instance", str(instance)], stdout=out, stderr=subprocess.STDOUT,
            preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256)))
    base = f"http://127.0.0.1:{port}"
    streams = []
    try:
        Serving.wait_for(base, server)
        watched, tapped = (_import(base, title) for title in ("Watched by one client", "Another table"))
        logged_before = log.stat().st_size
        request = f"GET /g/{watched}/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
        for _ in range(400):
            sock = socket.create_connection(("127.0.0.1", port), timeout=10)
            sock.sendall(request)
            streams.append(sock)
        assert _answers_within_a_second(base, "/healthz")
        assert _answers_within_a_second(base, f"/g/{tapped}/moves", {"kind": "virtue", "player": 0, "delta": 1})
        statuses = [_status_of(sock) for sock in streams]
        assert _answers_within_a_second(base, "/healthz")
        assert _answers_within_a_second(base, f"/g/{tapped}/moves", {"kind": "virtue", "player": 0, "delta": -1})
        logged = log.stat().st_size - logged_before
    finally:
        for sock in streams:
            sock.close()
        server.terminate()
        server.wait(timeout=15)
    open_streams = statuses.count(200)
    assert 0 < open_streams <= 100, statuses   # LIVE_STREAMS_PER_CLIENT, within the descriptors left
    assert set(statuses) <= {200, 503, None}, statuses   # None: closed without an answer
    assert logged < 100_000, log.read_text()[-2000:]


def _import(base: str, title: str) -> str:
    document = {"title": title, "phase": "playing", "players": [{"name": "Ann"}, {"name": "Bob"}]}
    made = urllib.request.urlopen(urllib.request.Request(
        f"{base}/games/import", json.dumps(document).encode(), {"Content-Type": "application/json"}), timeout=10)
    return made.url.rsplit("/", 1)[-1]


def _answers_within_a_second(base: str, path: str, move: dict | None = None) -> bool:
    """Whether the server answers (200) at all, and within a second at least once in three tries:
    on a machine shared with other test runs one answer may wait for a core."""
    body = json.dumps(move).encode() if move else None
    took = []
    for _ in range(3):
        started = time.monotonic()
        with urllib.request.urlopen(urllib.request.Request(f"{base}{path}", body, {"Content-Type": "application/json"}),
                                    timeout=10) as answer:
            assert answer.status == 200
        took.append(time.monotonic() - started)
        if took[-1] < 1:
            return True
    return False


def _status_of(sock: socket.socket) -> int | None:
    """The status a stream's request was answered with; None if the server closed it unanswered."""
    sock.settimeout(10)
    try:
        line = sock.recv(64).split(b"\r\n", 1)[0]
    except ConnectionResetError:
        return None
    return int(line.split()[1]) if line else None


def test_twenty_imports_stopped_midway_are_closed_and_their_memory_returns(tmp_path):
    """Issue 36: uploads that stop after most of their body (here 1.9 MB of 2 MB) are closed once
    the body pauses longer than REQUEST_BODY_IDLE_SECONDS (1 s here), /healthz answering meanwhile,
    and what they held goes back to the system, not only to the process's allocator."""
    instance = tmp_path / "instance"
    instance.mkdir()
    (instance / "config.py").write_text("REQUEST_BODY_IDLE_SECONDS = 1\n")
    server = Serving(instance, "--host", "127.0.0.1")
    base = f"http://127.0.0.1:{server.port}"
    uploads = []
    try:
        server.wait_until_up()
        before = _resident_mib(server.process.pid)
        head = (b"POST /games/import HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                b"Content-Length: 2000000\r\n\r\n")
        for _ in range(20):
            upload = socket.create_connection(("127.0.0.1", server.port), timeout=5)
            upload.sendall(head + b" " * 1_900_000)
            uploads.append(upload)
        stalled_at = time.monotonic()
        assert _answers_within_a_second(base, "/healthz")
        for upload in uploads:
            assert _status_of(upload) is None   # closed, unanswered: nothing was imported
        assert time.monotonic() - stalled_at < 5
        assert _answers_within_a_second(base, "/healthz")
        time.sleep(0.5)
        after = _resident_mib(server.process.pid)
    finally:
        for upload in uploads:
            upload.close()
        server.stop()
    assert after - before < 10, (before, after)   # 20 × 1.9 MB were held: ~36 MiB


def _resident_mib(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1)) / 1024


def test_a_serving_process_switches_threads_often_and_collects_young_objects_rarely():
    """``settle_for_serving`` (both ways of serving call it once the app is made): the GIL handed over
    every half millisecond, the start's objects frozen out of the collector, young collections at
    ten thousand new containers (a tap makes some twenty thousand: three collections a tap at
    CPython's 700). In a process of its own: the test process keeps its collector."""
    script = ("import gc, sys\nfrom companion.web.serving.server import settle_for_serving\n"
              "before = gc.get_freeze_count()\nsettle_for_serving()\n"
              "print(sys.getswitchinterval(), gc.get_threshold(), gc.get_freeze_count() > before)")
    said = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout.split()
    assert said == ["0.0005", "(10000,", "20,", "20)", "True"]


def test_the_server_ticks_once_a_second_renewing_its_date_and_stops_at_once_when_told(monkeypatch):
    """uvicorn's server woke the loop ten times a second to look whether it must stop (each wake-up
    costing more processor time than the look): `companion serve`'s wakes once a second, still
    renews the Date header (uvicorn does on a tick count that is a multiple of ten), and a stop
    it is told of ends it without waiting for the tick."""
    import asyncio
    import threading

    import uvicorn

    from companion.web.serving import server as serving

    monkeypatch.setattr(serving, "TICK_SECONDS", 0.02)
    served = serving._server(uvicorn.Config(lambda scope, receive, send: None))
    ticks = []

    async def on_tick(counter: int) -> bool:
        ticks.append(counter)
        if len(ticks) == 3:   # from now on a tick the test would never see end
            monkeypatch.setattr(serving, "TICK_SECONDS", 600)
            threading.Timer(0.2, served.handle_exit, (15, None)).start()
        return served.should_exit

    served.on_tick = on_tick

    async def serve() -> None:
        await asyncio.wait_for(served.main_loop(), 30)   # (not the 600 s tick it was waiting out when told)

    run_on_a_loop_of_its_own(serve())
    assert ticks == [0, 10, 20, 30]
