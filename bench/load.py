"""Load: many games, six phones each, polling a local server while players record moves.

Not a test: it prints figures. It starts `companion serve` (uvicorn, the
production server) over a temporary instance folder unless --url names a
running server, then plays --games games, --concurrent of them at a time
(by default all 50 at once, sitting down over --ramp seconds). In
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
import asyncio
import json
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CSRF = re.compile(r'"X-CSRFToken": "([^"]+)"')
REVISION = re.compile(rb'data-revision="(\d+)"')
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")
TIMEOUT = 30


class Recorder:
    """Latencies by kind of request, from every phone (one event loop: no locks)."""

    def __init__(self):
        self.samples: dict[str, list[float]] = defaultdict(list)
        self.errors: dict[str, int] = defaultdict(int)


class Connection:
    """A keep-alive HTTP/1.1 connection on asyncio streams (one thread drives every phone,
    so the client's own scheduling does not inflate the latencies it measures)."""

    def __init__(self, host: str, port: int):
        self.host, self.port = host, port
        self.reader = self.writer = None

    async def request(self, method: str, path: str, body: bytes = b"", headers: dict | None = None):
        lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}", f"Content-Length: {len(body)}"]
        lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
        request = ("\r\n".join(lines) + "\r\n\r\n").encode() + body
        for attempt in (1, 2):
            fresh = self.writer is None
            if fresh:
                self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            self.writer.write(request)
            status_line = await asyncio.wait_for(self.reader.readline(), TIMEOUT)
            if status_line or fresh:
                break
            self.close()   # the server closed the idle connection (keep-alive timeout): as a browser, again on a new one
        status = int(status_line.split()[1])
        received: dict[str, str] = {}
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            received.setdefault(name.strip().lower(), value.strip())
        length = int(received.get("content-length", 0))
        content = await self.reader.readexactly(length) if length else b""
        if received.get("connection") == "close":   # a server may close after an answer: the next request reconnects
            self.close()
        return status, content, received

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class Phone:
    """One phone: its own keep-alive connection, session cookie and CSRF token."""

    def __init__(self, base: str, token: str, recorder: Recorder):
        url = urllib.parse.urlsplit(base)
        self.connection = Connection(url.hostname, url.port)
        self.token, self.recorder, self.cookie = token, recorder, ""
        self.csrf, self.revision = "", 0

    async def open(self) -> "Phone":
        status, body, headers = await self.request("GET", f"/g/{self.token}", htmx=False)   # the page, as opened
        self.cookie = headers.get("set-cookie", "").split(";", 1)[0]
        self.csrf = CSRF.search(body.decode()).group(1)
        self.revision = int(REVISION.search(body).group(1))
        return self

    async def sit(self, who) -> "Phone":
        """Say whose phone this is (a seat index, or "table" for the tablet), as a player does
        once: its page then shows that seat first and in full."""
        status, _body, headers = await self.request("GET", f"/g/{self.token}/seat?who={who}")
        assert status == 200, status
        self.cookie = headers.get("set-cookie", "").split(";", 1)[0] or self.cookie
        return self

    async def request(self, method: str, path: str, body: bytes = b"", headers: dict | None = None, htmx=True):
        headers = {**({"HX-Request": "true"} if htmx else {}), **({"Cookie": self.cookie} if self.cookie else {}),
                   **(headers or {})}
        return await self.connection.request(method, path, body, headers)

    async def timed(self, kind_ok: str, failure: str, method: str, path: str, body: bytes = b"", headers=None):
        started = time.perf_counter()
        status, content, _ = await self.request(method, path, body, headers)
        elapsed = time.perf_counter() - started
        if status == 204:
            self.recorder.samples["poll unchanged"].append(elapsed)
        elif status == 200:
            self.recorder.samples[kind_ok].append(elapsed)
            self.revision = int(REVISION.search(content).group(1))
        else:
            self.recorder.errors[f"{failure} {status}"] += 1

    async def poll(self) -> None:
        await self.timed("poll changed", "poll", "GET", f"/g/{self.token}/poll?rev={self.revision}")

    async def move(self, fields: dict) -> None:
        form = urllib.parse.urlencode({**fields, "rev": self.revision}).encode()
        await self.timed("state change", "move", "POST", f"/g/{self.token}/move", form, {
            "Content-Type": "application/x-www-form-urlencoded", "X-CSRFToken": self.csrf})


async def new_game(base: str, players: int) -> str:
    """A fresh game through the JSON import contract (no session needed)."""
    from companion.aotwk.rules import table

    state = table.new_game({"title": "Load test", "players": [{"name": n} for n in NAMES[:players]]})
    url = urllib.parse.urlsplit(base)
    connection = Connection(url.hostname, url.port)
    status, _, headers = await connection.request("POST", "/games/import", json.dumps(state).encode(),
                                                  {"Content-Type": "application/json"})
    connection.close()
    assert status == 303, status
    return headers["location"].rsplit("/", 1)[-1]


def random_move(rng: random.Random, players: int) -> dict:
    """A move any state accepts: virtue up and down around the start, resources gained."""
    seat = rng.randrange(players)
    if rng.random() < 0.5:
        return {"kind": "virtue", "player": seat, "delta": rng.choice((1, -1))}
    return {"kind": "resources", "player": seat, rng.choice(("gold", "wood", "stone", "clay")): 1}


async def play_game(base: str, args, recorder: Recorder, seed: int, slots: asyncio.Semaphore) -> None:
    # Tables sit down over the ramp-up rather than all in the same instant, as on a real evening.
    await asyncio.sleep(args.ramp * seed / max(1, args.games))
    async with slots:
        token = await new_game(base, args.players)
        phones = [await Phone(base, token, recorder).open() for _ in range(args.phones)]
        moves_left = [args.moves]
        rng = random.Random(seed)

        async def run_phone(phone: Phone, phone_rng: random.Random) -> None:
            await asyncio.sleep(phone_rng.uniform(0, args.poll))   # phones do not poll in lockstep
            while moves_left[0] > 0:
                if phone_rng.random() < args.move_chance:
                    moves_left[0] -= 1
                    await phone.move(random_move(phone_rng, args.players))
                await phone.poll()
                await asyncio.sleep(args.poll)
            phone.connection.close()

        await asyncio.gather(*(run_phone(phone, random.Random(rng.random())) for phone in phones))


async def play_all(base: str, args, recorder: Recorder) -> None:
    slots = asyncio.Semaphore(args.concurrent)
    await asyncio.gather(*(play_game(base, args, recorder, seed, slots) for seed in range(args.games)))


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
    # every table's games come from this one client: the per-minute limit of new games is for strangers
    (Path(instance) / "config.py").write_text("RATELIMIT_ENABLED = False\n", encoding="utf-8")
    # The server's log goes to a file: an unread pipe would fill up and stall the server.
    log = open(Path(instance) / "server.log", "wb")
    server = subprocess.Popen([sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1",
                               "--port", str(port), "--instance", instance], cwd=REPO, stdout=log, stderr=subprocess.STDOUT)
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
    parser.add_argument("--moves", type=int, default=30, help="moves per game")
    parser.add_argument("--concurrent", type=int, default=50, help="games played at the same time")
    parser.add_argument("--ramp", type=float, default=20.0, help="seconds over which the games start")
    parser.add_argument("--poll", type=float, default=2.0, help="seconds between a phone's polls (as the page)")
    parser.add_argument("--move-chance", type=float, default=0.07,
                        help="chance a phone records a move per poll (0.07: a move every ~5 s at each table)")
    args = parser.parse_args()

    sys.path.insert(0, str(REPO))
    base, server = (args.url, None) if args.url else start_server()
    recorder = Recorder()
    started = time.perf_counter()
    try:
        asyncio.run(play_all(base, args, recorder))
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
