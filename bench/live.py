"""Live: how soon a tap on one phone reaches the other phones of its game.

Not a test: it prints figures. For each setup it starts the real server (`companion serve
--host 127.0.0.1`: uvicorn, the Flask app and the streams), once or twice (two processes
on one database: phones of a game are spread over both), over a temporary instance
folder; on PostgreSQL when DATABASE_URL names one or a throwaway cluster of Debian's
server can be started (tests/conftest.py's, with fsync off). Then 50 games of 6 phones
(300 phones): every phone opens the game page, says whose it is (a player's, the last one the
tablet showing the whole table; --no-seats: none do), keeps its stream open and, on a revision
newer than its own, fetches the live region (`/poll?rev=N`) as static/live.js does;
one phone per game taps (a move) every ~5 s. Each setup again with 1,000 more idle
streams open (on games nobody taps), which also gives the memory of an idle stream.
Last, the old way: the same phones polling every 2 s, no streams.

It prints, per setup, tap -> the other phones' stream event and tap -> their fresh region
(p50/p95/max), the tap's own answer (the state change, p95), and how long after the tapping
phone had its answer the others heard of the change (what the push itself adds; below zero
when they heard first), and the servers' processor time per tap (the tap and every phone's
fetch of the change it made: a figure the machine's other work barely moves). Only loopback traffic.

    .venv/bin/python bench/live.py [--seconds 30] [--only sqlite] [--no-polling] [--processes 1]
    .venv/bin/python bench/live.py --compare ../previous-release   # both releases, one sitting
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections import defaultdict
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench.load import REVISION, Phone, Recorder, free_port, new_game, percentile, random_move  # noqa: E402

PLAYERS = 5
TIMEOUT = 30


# -- servers --------------------------------------------------------------------------------

def server_python(checkout: Path) -> str:
    """The Python that serves a checkout: its own virtualenv's (another release, for a comparison), else this one."""
    own = checkout / ".venv" / "bin" / "python"
    return str(own) if checkout != REPO and own.exists() else sys.executable


class Servers:
    """`companion serve` once per port, on one instance folder and database."""

    def __init__(self, processes: int, database_url: str | None, checkout: Path = REPO, workers: int = 1):
        self.instance = tempfile.mkdtemp(prefix="companion-live-")
        # one client makes all 50 games: the per-client limit on new games is for the public
        # 300 phones from one address: no per-minute limits, and no cap on one client's streams
        (Path(self.instance) / "config.py").write_text("RATELIMIT_ENABLED = False\nLIVE_STREAMS_PER_CLIENT = 100_000\n",
                                                        encoding="utf-8")
        env = {**os.environ, **({"DATABASE_URL": database_url} if database_url else {})}
        env.pop("COMPANION_TRUSTED_PROXY", None)
        self.ports = [free_port() for _ in range(processes)]
        self.processes = []
        for port in self.ports:
            log = open(Path(self.instance) / f"server-{port}.log", "wb")   # a file: an unread pipe stalls the server
            self.processes.append(subprocess.Popen(
                [server_python(checkout), "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
                 "--instance", self.instance, *(["--workers", str(workers)] if workers > 1 else [])],
                cwd=checkout, env=env, stdout=log, stderr=subprocess.STDOUT))
            self._wait(port)   # one at a time: the first creates the tables

    def _wait(self, port: int) -> None:
        import urllib.request

        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                    return
            except OSError:
                time.sleep(0.2)
        raise SystemExit(f"the server did not start; see {self.instance}")

    def _pids(self) -> list[int]:
        """Each server and its worker processes (`--workers`)."""
        found, waiting = [], [process.pid for process in self.processes]
        while waiting:
            pid = waiting.pop()
            found.append(pid)
            for task in Path(f"/proc/{pid}/task").iterdir():
                waiting += [int(child) for child in (task / "children").read_text().split()]
        return found

    @property
    def bases(self) -> list[str]:
        return [f"http://127.0.0.1:{port}" for port in self.ports]

    def rss_kib(self) -> int:
        total = 0
        for pid in self._pids():
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        return total

    def cpu_seconds(self) -> float:
        """The servers' processor time so far (user + system): what the work cost, whatever else the machine runs."""
        ticks = os.sysconf("SC_CLK_TCK")
        total = 0
        for pid in self._pids():
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])   # utime, stime
        return total / ticks

    def stop(self) -> None:
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            process.wait(timeout=15)
        shutil.rmtree(self.instance, ignore_errors=True)


@contextmanager
def postgresql(wanted: bool):
    """A PostgreSQL URL: DATABASE_URL, or a throwaway cluster; None when there is neither."""
    if not wanted:
        yield None
        return
    if os.environ.get("DATABASE_URL"):
        yield os.environ["DATABASE_URL"]
        return
    from tests.conftest import Cluster, _empty_database, _server_binaries

    bindir = _server_binaries()
    if bindir is None:
        yield None
        return
    cluster = Cluster(bindir)
    url = cluster.start()
    try:
        yield url
    finally:
        _empty_database(url)
        cluster.stop()


# -- phones -----------------------------------------------------------------------------------

class Stream:
    """A phone's open stream, read on the client's one event loop. With the phone's cookie and
    ``regions`` it asks, as the game's page does, for its fresh region with each newer revision."""

    def __init__(self, base: str, token: str, cookie: str = "", regions: bool = False):
        self.address = urllib.parse.urlsplit(base)
        self.token, self.cookie, self.regions = token, cookie, regions
        self.reader = self.writer = None

    async def open(self) -> "Stream":
        self.reader, self.writer = await asyncio.open_connection(self.address.hostname, self.address.port)
        cookie = f"Cookie: {self.cookie}\r\n" if self.cookie else ""
        query = "?regions=1" if self.regions else ""
        self.writer.write(f"GET /g/{self.token}/stream{query} HTTP/1.1\r\nHost: {self.address.netloc}\r\n"
                          f"{cookie}\r\n".encode())
        status = await asyncio.wait_for(self.reader.readline(), TIMEOUT)
        assert b" 200 " in status, status
        while await self.reader.readline() not in (b"\r\n", b""):
            pass
        return self

    async def events(self):
        """Each event as (revision, region or None): a ``revision`` event's number, or a ``region``
        event's region and the revision it shows (each event is a chunk of the answer: uvicorn
        sends each as one; comments skipped)."""
        while size_line := await self.reader.readline():
            size = int(size_line.strip() or b"0", 16)
            if not size:
                continue
            chunk = await self.reader.readexactly(size + 2)
            for event in chunk[:-2].split(b"\n\n"):
                lines = event.split(b"\n")
                data = b"\n".join(line[6:] for line in lines if line.startswith(b"data: "))
                if lines[0] == b"event: revision":
                    yield json.loads(data)["revision"], None
                elif lines[0] == b"event: region":
                    yield int(REVISION.search(data).group(1)), data

    async def revisions(self):
        """Each revision announced."""
        async for revision, _region in self.events():
            yield revision

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


class Table:
    """One game: its phones (spread over the servers), the taps sent and when each arrived where."""

    def __init__(self, token: str, phones: list[Phone], stats: "Stats"):
        self.token, self.phones, self.stats = token, phones, stats
        self.tapped_at: dict[int, float] = {}     # revision -> when its tap was sent
        self.answered_at: dict[int, float] = {}   # revision -> when the tapper had its answer
        self.heard_at: dict[int, list[float]] = defaultdict(list)   # revision -> when each other phone heard of it

    async def listen(self, phone: Phone, stream: Stream) -> None:
        """A phone that did not tap: each newer revision, as its region on the stream (what the page
        asks for) or, from a release that only announces revisions, then fetched (the tapper's own
        answer brings it its region, and its one connection is busy with the taps)."""
        async for revision, region in stream.events():
            if revision <= phone.revision:
                continue
            sent = self.tapped_at.get(revision)
            if sent is not None:
                self.stats.event.append(time.perf_counter() - sent)
                self.heard_at[revision].append(time.perf_counter())
            if region is None:
                await self.fetch(phone, sent)
                continue
            phone.revision = revision
            if sent is not None:
                self.stats.region.append(time.perf_counter() - sent)

    async def fetch(self, phone: Phone, sent: float | None) -> None:
        """What the page does: the live region through the poll it already has."""
        status, content, _ = await phone.request("GET", f"/g/{self.token}/poll?rev={phone.revision}")
        if status == 200:
            phone.revision = int(REVISION.search(content).group(1))
            if sent is not None:
                self.stats.region.append(time.perf_counter() - sent)
        elif status != 204:
            self.stats.errors[f"poll {status}"] += 1

    async def poll_every(self, phone: Phone, seconds: float, until: float) -> None:
        """The old way: ask every 2 s whether anything changed."""
        await asyncio.sleep(random.uniform(0, seconds))
        while time.perf_counter() < until:
            before = phone.revision
            status, content, _ = await phone.request("GET", f"/g/{self.token}/poll?rev={phone.revision}")
            if status == 200:
                phone.revision = int(REVISION.search(content).group(1))
                for revision in range(before + 1, phone.revision + 1):
                    if revision in self.tapped_at:
                        self.stats.region.append(time.perf_counter() - self.tapped_at[revision])
            await asyncio.sleep(seconds)

    async def tap_every(self, seconds: float, until: float, rng: random.Random) -> None:
        tapper = self.phones[0]
        await asyncio.sleep(rng.uniform(0, seconds))
        while time.perf_counter() < until:
            started = time.perf_counter()
            self.tapped_at[tapper.revision + 1] = started   # one tapper per game: the next revision is its
            form = urllib.parse.urlencode({**random_move(rng, PLAYERS), "rev": tapper.revision}).encode()
            status, content, _ = await tapper.request("POST", f"/g/{self.token}/move", form, {
                "Content-Type": "application/x-www-form-urlencoded", "X-CSRFToken": tapper.csrf})
            if status == 200:
                self.stats.change.append(time.perf_counter() - started)
                tapper.revision = int(REVISION.search(content).group(1))
                self.answered_at[tapper.revision] = time.perf_counter()
            else:
                self.stats.errors[f"move {status}"] += 1
            await asyncio.sleep(rng.uniform(0.5, 1.5) * seconds)


class Stats:
    def __init__(self):
        self.event: list[float] = []
        self.region: list[float] = []
        self.change: list[float] = []
        self.after_answer: list[float] = []   # other phone's event - the tapper's answer: what the push adds
        self.cpu = 0.0                        # the servers' processor seconds while the taps ran
        self.errors: dict[str, int] = defaultdict(int)


async def run_setup(servers: Servers, args, idle: int, polling: bool) -> tuple[Stats, float | None]:
    """One setup; returns its figures and the memory per idle stream (KiB) when idle streams were opened."""
    stats, bases = Stats(), servers.bases
    tokens = [await new_game(bases[0], PLAYERS) for _ in range(args.games)]
    tables, streams = [], []
    for number, token in enumerate(tokens):
        # Phones of one game on different processes when there are two: the news must cross over.
        phones = [await Phone(bases[(number + seat) % len(bases)], token, Recorder()).open()
                  for seat in range(args.phones)]
        if args.seats:   # as at a table: a phone per player, the last one the tablet showing every board
            for seat, phone in enumerate(phones):
                await phone.sit(seat if seat < PLAYERS and seat < len(phones) - 1 else "table")
        tables.append(Table(token, phones, stats))
    per_idle = None
    if idle:
        quiet = [await new_game(bases[0], PLAYERS) for _ in range(10)]
        before = servers.rss_kib()
        for number in range(idle):
            streams.append(await Stream(bases[number % len(bases)], quiet[number % len(quiet)]).open())
        await asyncio.sleep(2)
        per_idle = (servers.rss_kib() - before) / idle
    until = time.perf_counter() + args.seconds
    tasks = []
    for table in tables:
        for phone in table.phones:
            base = f"http://{phone.connection.host}:{phone.connection.port}"
            if polling:
                if phone is not table.phones[0]:
                    tasks.append(asyncio.create_task(table.poll_every(phone, 2.0, until)))
                continue
            streams.append(await Stream(base, table.token, phone.cookie, regions=True).open())
            if phone is not table.phones[0]:   # the tapper's page listens too, but has its answer already
                tasks.append(asyncio.create_task(table.listen(phone, streams[-1])))
    rng = random.Random(20)
    cpu_before = servers.cpu_seconds()
    taps = [asyncio.create_task(table.tap_every(args.tap_every, until, random.Random(rng.random()))) for table in tables]
    await asyncio.gather(*taps)
    await asyncio.sleep(3)     # the last taps' news arrives
    stats.cpu = servers.cpu_seconds() - cpu_before
    for task in tasks:
        task.cancel()
    for stream in streams:
        stream.close()
    for table in tables:
        for phone in table.phones:
            phone.connection.close()
        for revision, answered in table.answered_at.items():
            stats.after_answer += [heard - answered for heard in table.heard_at[revision]]
    return stats, per_idle


def millis(samples: list[float]) -> str:
    if not samples:
        return f"{'-':>7} {'-':>7} {'-':>7}"
    return " ".join(f"{value * 1000:7.0f}" for value in
                    (percentile(samples, 0.5), percentile(samples, 0.95), max(samples)))


def row(label: str, stats: "Stats | None") -> str:
    """One setup's line of the table."""
    if stats is None:
        return label
    change = f"{percentile(stats.change, 0.95) * 1000:6.0f}" if stats.change else "     -"
    pushed = " ".join(f"{percentile(stats.after_answer, q) * 1000:6.0f}" for q in (0.5, 0.95)) \
        if stats.after_answer else f"{'-':>6} {'-':>6}"
    cpu = f"{stats.cpu * 1000 / len(stats.change):7.1f}" if stats.change else f"{'-':>7}"
    return (f"{label:<66} {len(stats.change):>5} | {millis(stats.event)} | {millis(stats.region)} | {change} | {pushed}"
            f" | {cpu}" + (f"   errors: {dict(stats.errors)}" if stats.errors else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--phones", type=int, default=6, help="phones per game (one of them taps)")
    parser.add_argument("--seconds", type=float, default=30, help="taps for this long in each setup")
    parser.add_argument("--tap-every", type=float, default=5.0, help="seconds between a game's taps (on average)")
    parser.add_argument("--idle", type=int, default=1000, help="idle streams opened in the second run of each setup")
    parser.add_argument("--only", choices=("sqlite", "postgresql"), help="one database only")
    parser.add_argument("--no-polling", action="store_true", help="leave out the old 2 s polling figure")
    parser.add_argument("--workers", type=int, default=1, metavar="N",
                        help="each server with `companion serve --workers N` (N processes behind its one port)")
    parser.add_argument("--no-seats", dest="seats", action="store_false",
                        help="phones that never say whose they are (each phone's page is then the same)")
    parser.add_argument("--processes", type=int, choices=(1, 2), help="one number of server processes only")
    parser.add_argument("--compare", type=Path, metavar="CHECKOUT",
                        help="another release's checkout (with its own .venv), served the same way in the same "
                             "sitting, its rows beside this one's")
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)   # the client holds every phone's sockets
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))

    rows, idle_memory = [], []
    # the other release first in each pair: neither always runs on the warmer machine
    releases = ([(f"{args.compare.resolve().name}: ", args.compare.resolve())] if args.compare else []) + [("", REPO)]
    print(f"{args.games} games x {args.phones} phones ({args.games * args.phones} phones), a tap every "
          f"~{args.tap_every:g} s per game, {args.seconds:g} s per setup; load average at start "
          f"{os.getloadavg()[0]:.1f}", flush=True)
    for database in ("sqlite", "postgresql"):
        if args.only and args.only != database:
            continue
        with postgresql(database == "postgresql") as url:
            if database == "postgresql" and url is None:
                rows.append(("postgresql: no DATABASE_URL and no PostgreSQL server binaries", None, None))
                continue
            for processes in (1, 2):
                if args.processes and processes != args.processes:
                    continue
                for idle in sorted({0, args.idle}):
                    for release, checkout in releases:
                        label = f"{release}{database}, {processes} process{'es' if processes > 1 else ''}" + \
                                (f" x {args.workers} workers" if args.workers > 1 else "") + \
                                (f", +{idle} idle streams" if idle else "")
                        servers = Servers(processes, url, checkout, args.workers)
                        try:
                            stats, per_idle = asyncio.run(run_setup(servers, args, idle, polling=False))
                        finally:
                            servers.stop()
                        if per_idle is not None and not release:
                            idle_memory.append(per_idle)
                        rows.append((label, stats, None))
                        print(f"  done: {row(label, stats)}", flush=True)
    if not args.no_polling:
        servers = Servers(1, None)
        try:
            stats, _ = asyncio.run(run_setup(servers, args, 0, polling=True))
        finally:
            servers.stop()
        rows.append(("before: sqlite, 1 process, every phone polling every 2 s", stats, None))

    print(f"\n{'setup':<66} {'taps':>5} | tap -> others' event    | tap -> others' region   | change | event - answer | cpu/tap")
    print(f"{'':<66} {'':>5} | {'p50':>7} {'p95':>7} {'max':>7} | {'p50':>7} {'p95':>7} {'max':>7} | {'p95':>6} "
          f"| {'p50':>6} {'p95':>6} | {'ms':>7}")
    for label, stats, _ in rows:
        print(row(label, stats))
    print("(milliseconds)")
    if idle_memory:
        print(f"memory per idle stream (server RSS growth / streams): {min(idle_memory):.1f} to "
              f"{max(idle_memory):.1f} KiB")
    print(f"load average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
