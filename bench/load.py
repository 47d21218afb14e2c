"""Load: many games, six phones each, polling a local server while players record moves.

Not a test: it prints figures. It starts `companion serve` (waitress, the
production server) over a temporary instance folder unless --url names a
running server, then plays --games games, --concurrent of them at a time. In
each game every phone polls like the table page does (GET /poll?rev=N, 204 when
nothing changed) and the phones take turns recording moves (htmx POSTs with
their own session and CSRF token), until the game has had --moves moves.

    .venv/bin/python bench/load.py                 # 50 games x 6 phones
    .venv/bin/python bench/load.py --games 5 --poll 2

Prints requests per second and p50/p95 latency of a state change and of an
unchanged poll (target: p95 of a state change under 25 ms).
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CSRF = re.compile(r'"X-CSRFToken": "([^"]+)"')
REVISION = re.compile(rb'data-revision="(\d+)"')
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")


class Recorder:
    """Latencies by kind of request, shared by every phone thread."""

    def __init__(self):
        self.lock = threading.Lock()
        self.samples: dict[str, list[float]] = defaultdict(list)
        self.errors: dict[str, int] = defaultdict(int)

    def add(self, kind: str, seconds: float) -> None:
        with self.lock:
            self.samples[kind].append(seconds)

    def error(self, what: str) -> None:
        with self.lock:
            self.errors[what] += 1


class Phone:
    """One phone: its own keep-alive connection, session cookie and CSRF token."""

    def __init__(self, base: str, token: str, recorder: Recorder):
        url = urllib.parse.urlsplit(base)
        self.connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
        self.token, self.recorder, self.cookie = token, recorder, ""
        status, body, headers = self.request("GET", f"/g/{token}", htmx=False)   # the whole page, as opened
        self.cookie = headers.get("Set-Cookie", "").split(";", 1)[0]
        self.csrf = CSRF.search(body.decode()).group(1)
        self.revision = int(REVISION.search(body).group(1))

    def request(self, method: str, path: str, body: str | None = None, headers: dict | None = None, htmx=True):
        headers = {**({"HX-Request": "true"} if htmx else {}), **({"Cookie": self.cookie} if self.cookie else {}),
                   **(headers or {})}
        self.connection.request(method, path, body=body, headers=headers)
        response = self.connection.getresponse()
        return response.status, response.read(), dict(response.getheaders())

    def poll(self) -> None:
        started = time.perf_counter()
        status, body, _ = self.request("GET", f"/g/{self.token}/poll?rev={self.revision}")
        elapsed = time.perf_counter() - started
        if status == 204:
            self.recorder.add("poll unchanged", elapsed)
        elif status == 200:
            self.recorder.add("poll changed", elapsed)
            self.revision = int(REVISION.search(body).group(1))
        else:
            self.recorder.error(f"poll {status}")

    def move(self, fields: dict) -> None:
        form = urllib.parse.urlencode({**fields, "rev": self.revision})
        started = time.perf_counter()
        status, body, _ = self.request("POST", f"/g/{self.token}/move", form, {
            "Content-Type": "application/x-www-form-urlencoded", "X-CSRFToken": self.csrf})
        elapsed = time.perf_counter() - started
        if status == 200:
            self.recorder.add("state change", elapsed)
            self.revision = int(REVISION.search(body).group(1))
        else:
            self.recorder.error(f"move {status}")


def new_game(base: str, players: int) -> str:
    """A fresh game through the JSON import contract (no session needed)."""
    from companion.rules import table

    state = table.new_game({"title": "Load test", "players": [{"name": n} for n in NAMES[:players]]})
    url = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    connection.request("POST", "/games/import", body=json.dumps(state), headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    response.read()
    connection.close()
    assert response.status == 303, response.status
    return response.getheader("Location").rsplit("/", 1)[-1]


def random_move(rng: random.Random, players: int) -> dict:
    """A move any state accepts: virtue up and down around the start, resources gained."""
    seat = rng.randrange(players)
    if rng.random() < 0.5:
        return {"kind": "virtue", "player": seat, "delta": rng.choice((1, -1))}
    return {"kind": "resources", "player": seat, rng.choice(("gold", "wood", "stone", "clay")): 1}


def play_game(base: str, args, recorder: Recorder, seed: int) -> None:
    token = new_game(base, args.players)
    phones = [Phone(base, token, recorder) for _ in range(args.phones)]
    moves_left = [args.moves]
    lock = threading.Lock()
    rng = random.Random(seed)

    def run_phone(phone: Phone, phone_rng: random.Random) -> None:
        time.sleep(phone_rng.uniform(0, args.poll))   # phones do not poll in lockstep
        while True:
            with lock:
                done = moves_left[0] <= 0
                act = not done and phone_rng.random() < args.move_chance
                if act:
                    moves_left[0] -= 1
            if done:
                break
            if act:
                phone.move(random_move(phone_rng, args.players))
            phone.poll()
            time.sleep(args.poll)
        phone.connection.close()

    threads = [threading.Thread(target=run_phone, args=(phone, random.Random(rng.random()))) for phone in phones]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_server() -> tuple[str, subprocess.Popen]:
    port = free_port()
    instance = tempfile.mkdtemp(prefix="companion-load-")
    server = subprocess.Popen([sys.executable, "-m", "companion.cli", "serve", "--port", str(port),
                               "--instance", instance], cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return base, server
        except OSError:
            time.sleep(0.05)
    server.kill()
    raise SystemExit("the server did not start")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a running server (default: start one over a temporary instance)")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--phones", type=int, default=6, help="phones per game")
    parser.add_argument("--players", type=int, default=4, help="players per game")
    parser.add_argument("--moves", type=int, default=40, help="moves per game")
    parser.add_argument("--concurrent", type=int, default=10, help="games played at the same time")
    parser.add_argument("--poll", type=float, default=2.0, help="seconds between a phone's polls (as the page)")
    parser.add_argument("--move-chance", type=float, default=0.3, help="chance a phone records a move per poll")
    args = parser.parse_args()

    sys.path.insert(0, str(REPO))
    base, server = (args.url, None) if args.url else start_server()
    recorder = Recorder()
    started = time.perf_counter()
    try:
        with ThreadPoolExecutor(max_workers=args.concurrent) as pool:
            for future in [pool.submit(play_game, base, args, recorder, seed) for seed in range(args.games)]:
                future.result()
    finally:
        if server:
            server.terminate()
            server.wait(timeout=10)
    elapsed = time.perf_counter() - started

    total = sum(len(s) for s in recorder.samples.values())
    print(f"{args.games} games x {args.phones} phones, {args.concurrent} games at a time, "
          f"a poll every {args.poll:g} s per phone ({args.concurrent * args.phones} phones at once, "
          f"as many requests as {round(args.concurrent * args.phones * 2 / args.poll)} phones polling every 2 s)")
    print(f"{total} requests in {elapsed:.1f} s: {total / elapsed:.0f} requests/s")
    for kind in ("state change", "poll unchanged", "poll changed"):
        samples = recorder.samples.get(kind, [])
        if samples:
            print(f"{kind:>15}: {len(samples):6d} requests  p50 {statistics.median(samples) * 1000:6.1f} ms  "
                  f"p95 {percentile(samples, 0.95) * 1000:6.1f} ms")
    if recorder.errors:
        print("errors:", dict(recorder.errors))
    change = recorder.samples.get("state change", [])
    if change:
        p95 = percentile(change, 0.95) * 1000
        print(f"target p95 of a state change < 25 ms: {'met' if p95 < 25 else 'NOT met'} ({p95:.1f} ms)")
    return 1 if recorder.errors else 0


if __name__ == "__main__":
    sys.exit(main())
