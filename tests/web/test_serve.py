"""`companion serve`: the production server (waitress) over an instance folder it creates."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_serve_creates_the_instance_folder_and_answers_healthz(tmp_path):
    instance = tmp_path / "fresh-instance"
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "serve", "--port", str(port), "--instance", str(instance)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        body = None
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as response:
                    body = response.read().decode()
                    server_header = response.headers.get("Server", "")
                break
            except OSError:
                time.sleep(0.1)
        assert body == "ok"
        assert "waitress" in server_header.lower() or "architects" in server_header.lower()
        if not os.environ.get("DATABASE_URL"):
            assert (instance / "companion.sqlite3").exists()
        assert (instance / "secret_key").exists()
    finally:
        server.terminate()
        output, _ = server.communicate(timeout=10)
    assert f"http://127.0.0.1:{port}/" in output
