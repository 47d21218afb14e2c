"""Fairness: a tap on one game while another client imports a group's bundle and a library file.

Not a test: it prints figures. It starts `companion serve` (uvicorn, the production server) over
a temporary instance folder on 127.0.0.1, makes a game and a group, and taps on the game (one
JSON move, `POST /g/<t>/moves`) every 0.2 s: first alone, then while another client imports a
bundle of --games finished games into the group (`POST /groups/<t>/import`) and then a card
library file of each --library-mb size (`POST /library/import`: 0.19 MB, taken and written as a
new version that pins the games, and 2 MB, which the app refuses), --rounds times. Prints the taps' p50
and p95 without and with the imports side by side, and how long each import took.

    .venv/bin/python bench/fairness.py                    # 500 games, library files of 0.19 and 2 MB
    .venv/bin/python bench/fairness.py --games 3000 --rounds 1

Target (issue 33): the tap's p95 with the imports within 2x of its p95 without.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import statistics
import sys
import threading
import time
import urllib.parse
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench.groups import group_game  # noqa: E402
from bench.load import CSRF, percentile, start_server  # noqa: E402

BUNDLE_FORMAT = "architects-companion-group/1"   # companion.web.groups.BUNDLE_FORMAT
TAP = json.dumps({"kind": "virtue", "player": 0, "delta": 1}).encode()
TAPPED_GAME = {"title": "The tapped game", "phase": "playing", "players": [{"name": "Ann"}, {"name": "Bob"}]}


def bundle(games: int, seed: int = 33) -> bytes:
    """A group's export of ``games`` finished games (no events: ~1 KB each, as a league's old games)."""
    rng = random.Random(seed)
    documents = []
    for number in range(games):
        document = group_game(rng, number)
        del document["events"]
        documents.append(document)
    return json.dumps({"format": BUNDLE_FORMAT, "name": "Bench club", "games": documents}).encode()


def library_file(megabytes: float) -> bytes:
    """A card library file of about this size: every fact the rulebooks leave out, entered (so the
    import writes a version and pins the games), padded with whitespace."""
    from companion.aotwk.catalogue import RESOURCES, base
    from companion.aotwk.catalogue.library import FORMAT, fact_paths

    example = {"vp": 1, "virtue": 0, "skills": [], "cost": {RESOURCES[0]: 1}}
    facts = {path: example.get(fact.kind, "Entered") for path, fact in fact_paths(base()).items()}
    document = json.dumps({"format": FORMAT, "facts": facts}, indent=1)
    return (document + " " * max(0, int(megabytes * 1_000_000) - len(document))).encode()


class Client:
    """One keep-alive connection with its own cookies (a phone, or the organiser's laptop)."""

    def __init__(self, base: str):
        address = urllib.parse.urlsplit(base)
        self.connection = http.client.HTTPConnection(address.hostname, address.port, timeout=120)
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, body: bytes = b"", headers: dict | None = None):
        headers = {**(headers or {})}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        self.connection.request(method, path, body=body, headers=headers)
        response = self.connection.getresponse()
        data = response.read()
        for header in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            self.cookies[name] = rest.split(";", 1)[0]
        return response.status, response.headers, data

    def made(self, path: str, body: dict) -> str:
        """POST a JSON body that makes something; the token its 303 names."""
        status, headers, _ = self.request("POST", path, json.dumps(body).encode(), {"Content-Type": "application/json"})
        assert status == 303, (path, status)
        return headers["Location"].rstrip("/").rsplit("/", 1)[-1]

    def close(self) -> None:
        self.connection.close()


def tap_every(base: str, token: str, interval: float, stop: threading.Event, latencies: list[float]) -> None:
    """A phone tapping on one game every ``interval`` seconds until ``stop``; each tap's time in ms."""
    phone = Client(base)
    try:
        next_tap = time.monotonic()
        while not stop.is_set():
            started = time.perf_counter()
            status, _, _ = phone.request("POST", f"/g/{token}/moves", TAP, {"Content-Type": "application/json"})
            assert status == 200, status
            latencies.append((time.perf_counter() - started) * 1000)
            next_tap += interval
            stop.wait(max(0.0, next_tap - time.monotonic()))
    finally:
        phone.close()


def import_all(base: str, group: str, bundle_body: bytes, library_bodies: list[bytes],
               again: bool = False) -> list[tuple[str, int, float]]:
    """The organiser's imports, one after the other: (what, status, seconds) for each. ``again``:
    the same bundle a second time, confirmed as other games (a group refuses a game it holds: 409)."""
    organiser = Client(base)
    done = []
    try:
        started = time.perf_counter()
        status, _, _ = organiser.request("POST", f"/groups/{group}/import" + ("?another=1" if again else ""), bundle_body,
                                         {"Content-Type": "application/json"})
        done.append(("bundle", status, time.perf_counter() - started))
        for library_body in library_bodies:
            _, _, page = organiser.request("GET", "/library")
            csrf = CSRF.search(page.decode()).group(1)
            boundary = "bench-fairness-boundary"
            form = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"csrf_token\"\r\n\r\n{csrf}\r\n"
                    f"--{boundary}\r\nContent-Disposition: form-data; name=\"library_file\"; filename=\"library.json\"\r\n"
                    f"Content-Type: application/json\r\n\r\n").encode() + library_body + f"\r\n--{boundary}--\r\n".encode()
            started = time.perf_counter()
            status, _, _ = organiser.request("POST", "/library/import", form,
                                             {"Content-Type": f"multipart/form-data; boundary={boundary}"})
            done.append((f"{len(library_body) / 1e6:.2f} MB library file", status, time.perf_counter() - started))
    finally:
        organiser.close()
    return done


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=500, help="games in the bundle")
    parser.add_argument("--library-mb", type=float, nargs="+", default=[0.19, 2.0],
                        help="sizes of the library files (MB): the app takes one up to 0.2 MB and refuses a larger one")
    parser.add_argument("--rounds", type=int, default=2, help="times the imports are made")
    parser.add_argument("--alone", type=float, default=6.0, help="seconds of tapping without the imports")
    parser.add_argument("--interval", type=float, default=0.2, help="seconds between two taps")
    args = parser.parse_args()

    bundle_body, library_bodies = bundle(args.games), [library_file(size) for size in args.library_mb]
    base, server = start_server()
    try:
        setup = Client(base)
        game = setup.made("/games/import", TAPPED_GAME)
        group = setup.made("/groups/new", {"name": "Bench club"})
        setup.close()

        alone: list[float] = []
        stop = threading.Event()
        phone = threading.Thread(target=tap_every, args=(base, game, args.interval, stop, alone))
        phone.start()
        time.sleep(args.alone)
        stop.set()
        phone.join()

        beside: list[float] = []
        stop = threading.Event()
        phone = threading.Thread(target=tap_every, args=(base, game, args.interval, stop, beside))
        phone.start()
        imports = []
        try:
            for round_ in range(args.rounds):
                imports += import_all(base, group, bundle_body, library_bodies, again=round_ > 0)
        finally:
            stop.set()
            phone.join()
    finally:
        server.terminate()
        server.wait(timeout=10)

    print(f"a tap on one game every {args.interval:g} s; another client imports a bundle of {args.games} games "
          f"({len(bundle_body) / 1e6:.2f} MB) and library files of {', '.join(f'{size:g}' for size in args.library_mb)} MB, "
          f"{args.rounds}x")
    print(f"{'':>12} {'without the imports':>20} {'with the imports':>18}")
    print(f"{'taps':>12} {len(alone):>20d} {len(beside):>18d}")
    for name, value in (("p50", statistics.median), ("p95", lambda samples: percentile(samples, 0.95)),
                        ("max", max)):
        print(f"{name + ' (ms)':>12} {value(alone):>20.1f} {value(beside):>18.1f}")
    for what, status, seconds in imports:
        print(f"import of the {what}: {status} in {seconds:.2f} s")   # 400: refused (larger than the app takes)
    without, with_imports = percentile(alone, 0.95), percentile(beside, 0.95)
    fair = with_imports <= 2 * without
    print(f"target p95 with the imports within 2x of without: {'met' if fair else 'NOT met'} "
          f"({with_imports:.1f} ms vs {without:.1f} ms)")
    return 0 if fair else 1


if __name__ == "__main__":
    sys.exit(main())
