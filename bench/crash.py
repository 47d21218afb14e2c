"""Crash: `kill -9` the server while phones write, restart it, and look for every
acknowledged change.

Not a test: it prints figures. It starts the real server (`companion serve`,
uvicorn) over a temporary instance folder, imports a few games, and runs
concurrent writers against them: each writer is a phone with its own session and
CSRF token, sending htmx moves (one gold to a player) each with its own request
id, and noting every change the server acknowledged (a 200). Several times, at a
random moment mid-write, the server is killed with SIGKILL and started again; a
writer whose request got no answer sends it again with the same id once the
server is back (as net.js does), so a change must never be applied twice either.

Both games are written to, each through its own address and the one change pipeline:
Architects of the West Kingdom (one gold to a player) and The Architects of Amytis
(a 1-point project to a player). At the end it reads the database itself and prints,
per game, acknowledged changes, lost (acknowledged but not stored: the goal is 0), and
changes applied twice or games whose state disagrees with their events (goal 0).

    .venv/bin/python bench/crash.py                       # SQLite in the instance folder
    DATABASE_URL=postgresql://localhost/companion .venv/bin/python bench/crash.py
    .venv/bin/python bench/crash.py --runs 9 --games 4 --writers 5
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
CSRF = re.compile(r'"X-CSRFToken": "([^"]+)"')
NAMES = ("Ann", "Bob", "Cy")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """`companion serve` in a child process that can be killed without warning and started again."""

    def __init__(self, instance: str, port: int):
        self.instance, self.port, self.process = instance, port, None

    def start(self) -> None:
        log = open(Path(self.instance) / "server.log", "ab")   # a file: an unread pipe would stall the server
        self.process = subprocess.Popen(
            [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port", str(self.port),
             "--instance", self.instance],
            cwd=REPO, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                status, _, _ = request(self.port, "GET", "/healthz")
                if status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.05)
        self.kill()   # not left running behind the run
        raise SystemExit("the server did not start; see server.log in " + self.instance)

    def kill(self) -> None:
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)


def request(port: int, method: str, path: str, body: bytes = b"", headers: dict | None = None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.read(), response
    finally:
        connection.close()


# Each game: how a new one is made, the address and fields of one tap, and how much its taps added.
GAMES = {
    "aotwk": {
        "new": lambda: __import__("companion.aotwk.rules.table", fromlist=["table"]).new_game(
            {"title": "Crash test", "players": [{"name": n} for n in NAMES]}),
        "address": "move",
        "tap": lambda rng: {"kind": "resources", "player": rng.randrange(len(NAMES)), "gold": 1, "rev": 0},
        "added": lambda state: sum(player["gold"] for player in state["players"]),   # games start with none
    },
    "amytis": {
        "new": lambda: __import__("companion.amytis.pad", fromlist=["pad"]).new_game(["Martine", "Paul"], "Crash test"),
        "address": "amytis/move",
        "tap": lambda rng: {"kind": "amytis_project_add", "player": rng.randrange(2), "points": 1, "rev": 0},
        "added": lambda state: sum(len(player["projects"]) for player in state["players"]),
    },
}


def new_game(port: int, kind: str) -> str:
    status, _, response = request(port, "POST", "/games/import", json.dumps(GAMES[kind]["new"]()).encode(),
                                  {"Content-Type": "application/json"})
    assert status == 303, status
    return response.getheader("Location").rsplit("/", 1)[-1]


class Writer(threading.Thread):
    """One phone writing to one game until told to stop; keeps its acknowledged request ids."""

    def __init__(self, port: int, token: str, kind: str, name: str, stop: threading.Event, seed: int):
        super().__init__(daemon=True)
        self.port, self.token, self.kind, self.name, self.stop_event = port, token, kind, name, stop
        self.rng = random.Random(seed)
        self.acknowledged: list[str] = []
        self.retried = 0        # requests that got no answer and were sent again with the same id
        self.refused = 0        # a definite answer that was not a 200 (nothing stored)
        self.cookie = self.csrf = None

    def open(self) -> None:
        status, body, response = request(self.port, "GET", "/")
        self.cookie = response.getheader("Set-Cookie").split(";", 1)[0]
        self.csrf = CSRF.search(body.decode()).group(1)

    def run(self) -> None:
        number = 0
        while not self.stop_event.is_set():
            number += 1
            request_id = f"{self.name}-{number:06d}"
            move = GAMES[self.kind]["tap"](self.rng)
            tries = 0
            while True:
                try:
                    if self.cookie is None:
                        self.open()
                    status, _, _ = request(self.port, "POST", f"/g/{self.token}/{GAMES[self.kind]['address']}",
                                           urllib.parse.urlencode(move).encode(), {
                                               "Content-Type": "application/x-www-form-urlencoded",
                                               "HX-Request": "true", "X-CSRFToken": self.csrf,
                                               "X-Request-Id": request_id, "Cookie": self.cookie})
                except (OSError, http.client.HTTPException):
                    # No answer: the server died mid-request, or is down. Same id again when it is back.
                    tries += 1
                    if self.stop_event.is_set() and tries > 400:
                        return
                    time.sleep(0.05)
                    continue
                if tries:
                    self.retried += 1
                if status == 200:
                    self.acknowledged.append(request_id)
                else:
                    self.refused += 1
                break


def stored_events(database_url: str, tokens: list[str]) -> dict[str, tuple[list[str], dict]]:
    """For each game: the request ids of its active events, and its current state (read from the database)."""
    from sqlalchemy import select

    from companion.web.storage.store import applied_requests, events, games, make_engine

    engine = make_engine(database_url)
    found = {}
    with engine.connect() as conn:
        for token in tokens:
            game = conn.execute(select(games.c.id, games.c.state).where(games.c.edit_token == token)).one()
            ids = conn.execute(
                select(applied_requests.c.request_id)
                .join(events, (events.c.game_id == applied_requests.c.game_id) & (events.c.seq == applied_requests.c.seq))
                .where(events.c.game_id == game.id, events.c.undone.is_(False), applied_requests.c.action == "move")
            ).scalars().all()
            events_kept = conn.execute(select(events.c.seq).where(
                events.c.game_id == game.id, events.c.undone.is_(False))).scalars().all()
            # an event no request id names would be a change nobody acknowledged: count it as an id of its own
            found[token] = (list(ids) + [f"(event {seq})" for seq in events_kept][len(ids):], game.state)
    engine.dispose()
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=6, help="how many times the server is killed")
    parser.add_argument("--games", type=int, default=3, help="games of each kind")
    parser.add_argument("--game", choices=sorted(GAMES), action="append",
                        help="which game to write to (again for both; default both)")
    parser.add_argument("--writers", type=int, default=4, help="writers per game")
    parser.add_argument("--min-wait", type=float, default=0.5, help="seconds of writing before a kill, at least")
    parser.add_argument("--max-wait", type=float, default=2.0, help="... and at most")
    args = parser.parse_args()
    args.game = args.game or sorted(GAMES)

    instance = tempfile.mkdtemp(prefix="companion-crash-")
    # every game comes from this one client: the per-minute limit of new games is for strangers
    (Path(instance) / "config.py").write_text("RATELIMIT_ENABLED = False\n", encoding="utf-8")
    database_url = os.environ.get("DATABASE_URL") or f"sqlite:///{Path(instance) / 'companion.sqlite3'}"
    server = Server(instance, free_port())
    server.start()
    kinds = {new_game(server.port, kind): kind for kind in args.game for _ in range(args.games)}
    tokens = list(kinds)
    stop = threading.Event()
    writers = [Writer(server.port, token, kinds[token], f"g{g}w{w}", stop, seed=g * 100 + w)
               for g, token in enumerate(tokens) for w in range(args.writers)]
    for writer in writers:
        writer.start()

    while not any(w.acknowledged for w in writers):   # every kill lands while changes are being written
        time.sleep(0.05)
    rng = random.Random(1)
    started = time.monotonic()
    for run in range(args.runs):
        time.sleep(rng.uniform(args.min_wait, args.max_wait))
        before = sum(len(w.acknowledged) for w in writers)
        server.kill()
        print(f"run {run + 1}: killed with SIGKILL after {before} acknowledged changes", flush=True)
        server.start()
    time.sleep(rng.uniform(args.min_wait, args.max_wait))
    stop.set()
    for writer in writers:
        writer.join(timeout=60)
    seconds = time.monotonic() - started
    server.stop()

    stored = stored_events(database_url, tokens)
    acknowledged = {token: [i for w in writers if w.token == token for i in w.acknowledged] for token in tokens}
    print()
    print(f"database:                {database_url.split('@')[-1]}")
    print(f"runs (kill -9):          {args.runs}")
    print(f"writers:                 {len(writers)} on {len(tokens)} games, {seconds:.1f} s")
    print(f"resent after no answer:  {sum(w.retried for w in writers)}")
    print(f"refused (nothing kept):  {sum(w.refused for w in writers)}")
    lost = twice = disagree = 0
    for kind in args.game:
        counts = Counter()
        for token in (t for t in tokens if kinds[t] == kind):
            ids, state = stored[token]
            present = Counter(ids)
            counts["acknowledged"] += len(acknowledged[token])
            counts["lost"] += sum(1 for request_id in acknowledged[token] if not present[request_id])
            counts["twice"] += sum(n - 1 for n in present.values() if n > 1)
            # Every event added one (a gold, a project): the state must hold exactly that many.
            counts["disagree"] += GAMES[kind]["added"](state) != len(ids)
        print(f"{kind + ':':<8} acknowledged {counts['acknowledged']}, lost {counts['lost']}, "
              f"applied twice {counts['twice']}, state disagrees {counts['disagree']}   (goal 0, 0, 0)")
        lost, twice, disagree = lost + counts["lost"], twice + counts["twice"], disagree + counts["disagree"]
    if lost or twice or disagree:
        print(f"instance folder kept for a look: {instance}")
        return 1
    shutil.rmtree(instance, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
