#!/usr/bin/env python3
"""Lighthouse (mobile) on a game's table page: text compression, layout shift, page weight and
the performance score, against `companion serve` on a temporary instance. A bench, not a test.

    npm install --prefix /tmp/lighthouse --no-save lighthouse@12      # once (Node 18+)
    LIGHTHOUSE=/tmp/lighthouse/node_modules/.bin/lighthouse .venv/bin/python bench/lighthouse.py

It looks for `lighthouse` in $LIGHTHOUSE, then on the PATH; Debian's Chromium is the browser
(CHROME_PATH=/usr/bin/chromium). Without lighthouse it says how to install it and stops.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
AUDITS = ("uses-text-compression", "cumulative-layout-shift", "total-byte-weight", "first-contentful-paint",
          "largest-contentful-paint", "total-blocking-time")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(url: str, seconds: float = 30) -> None:
    end = time.monotonic() + seconds
    while True:
        try:
            urllib.request.urlopen(url, timeout=2).close()
            return
        except (urllib.error.URLError, ConnectionError):
            if time.monotonic() > end:
                raise
            time.sleep(0.3)


def new_game(base: str) -> str:
    """A four-player game through the JSON import contract; returns its table page's address."""
    sys.path.insert(0, str(REPO))
    from companion.aotwk.rules import table

    state = table.new_game({"title": "Lighthouse", "players": [{"name": n} for n in ("Ann", "Bob", "Cy", "Di")]})
    request = urllib.request.Request(base + "/games/import", json.dumps(state).encode(),
                                     {"Content-Type": "application/json"}, method="POST")

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args):
            return None
    try:
        urllib.request.build_opener(NoRedirect).open(request)
    except urllib.error.HTTPError as answer:
        if answer.code == 303:
            return base + answer.headers["location"]
        raise
    raise RuntimeError("the import did not redirect to the game")


def main() -> int:
    lighthouse = os.environ.get("LIGHTHOUSE") or shutil.which("lighthouse")
    if not lighthouse:
        print("lighthouse is not installed. Install it from the npm registry (Node 18+), then run again:\n"
              "    npm install --prefix /tmp/lighthouse --no-save lighthouse@12\n"
              "    LIGHTHOUSE=/tmp/lighthouse/node_modules/.bin/lighthouse .venv/bin/python bench/lighthouse.py")
        return 2
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="companion-lighthouse-") as instance:
        server = subprocess.Popen([sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1",
                                   "--port", str(port), "--instance", instance],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=REPO)
        try:
            wait_for(base + "/")
            page = new_game(base)
            report = Path(instance) / "report.json"
            subprocess.run([lighthouse, page, "--output=json", f"--output-path={report}", "--quiet",
                            "--form-factor=mobile", "--only-categories=performance,accessibility,best-practices",
                            "--chrome-flags=--headless=new --no-sandbox"],
                           env={**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", CHROMIUM)}, check=True)
            result = json.loads(report.read_text())
        finally:
            server.terminate()
            server.wait(timeout=10)
    audits = result["audits"]
    print(f"Lighthouse {result['lighthouseVersion']} (mobile) on a 4-player table page")
    for name in AUDITS:
        audit = audits[name]
        print(f"  {name:24} {audit.get('displayValue') or ''} (score {audit['score']})")
    for name, category in result["categories"].items():
        print(f"  {name + ' score':24} {round(category['score'] * 100)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
