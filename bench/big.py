"""A big server: pages and lists stay fast with 10,000 games and 3,000 decks.

Not a test: it prints figures. Over a temporary instance folder (SQLite, or
``--database-url`` for PostgreSQL) it stores --games games (one insert per
thousand rows: the figures are about reading them, not making them) and --decks
scheme decks made by other devices, then times, in-process through the Flask test
client, what one phone at one table asks for:

    set-up page     GET /games/new   (lists this device's decks among 3,000)
    home page       GET /            (this device's recent games among 10,000)
    deck list       GET /decks
    a move          POST /g/<token>/move (an htmx tap)
    league CSV      GET /games/finished.csv  (every finished game: grows with them, by design)

    .venv/bin/python bench/big.py
    .venv/bin/python bench/big.py --games 1000 --decks 300 --runs 20

Prints the median and the slowest of --runs requests of each kind, in milliseconds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from flask import session  # noqa: E402

from companion.aotwk.rules import table  # noqa: E402
from companion.aotwk.rules.opponent.deck import practice_deck  # noqa: E402
from companion.aotwk.web import bot_cards  # noqa: E402
from companion.web import create_app  # noqa: E402
from companion.web.storage.store import games, new_token, utcnow  # noqa: E402

BATCH = 1000
LEAGUE = "league"


def store_games(app, count: int) -> None:
    """``count`` games, every fourth one finished: one insert per batch of rows."""
    playing = table.new_game({"mode": "multiplayer", "players": [{"name": "Ann", "colour": "red"},
                                                                 {"name": "Bob", "colour": "blue"}], "seed": 1})
    finished = {**playing, "phase": "finished"}
    engine = app.extensions["store"].engine
    now = utcnow()
    for start in range(0, count, BATCH):
        rows = []
        for n in range(start, min(start + BATCH, count)):
            state = finished if n % 4 == 0 else playing
            rows.append(dict(edit_token=new_token(), view_token=new_token(), title=f"Game {n}", created_at=now,
                             updated_at=now, revision=0, phase=state["phase"], initial_state=state, state=state,
                             imported_events=[]))
        with engine.begin() as conn:
            conn.execute(games.insert(), rows)


def store_decks(app, count: int) -> None:
    """``count`` decks, each made by a device of its own (none of them this phone's)."""
    practice = {**practice_deck(), "practice": False}
    for n in range(count):
        with app.test_request_context("/decks/new", method="POST"):
            session["device"] = new_token()
            bot_cards.add_deck({**practice, "name": f"Club deck {n}"})


def timed(client, runs: int, method: str, path: str, **request) -> tuple[float, float]:
    samples = []
    for _ in range(runs):
        before = time.perf_counter()
        answer = client.open(path, method=method, **request)
        samples.append((time.perf_counter() - before) * 1000)
        assert answer.status_code < 400, (path, answer.status_code, answer.get_data(as_text=True)[:300])
    return statistics.median(samples), max(samples)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--decks", type=int, default=3_000)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--database-url", default=None, help="e.g. postgresql://... (default: SQLite)")
    args = parser.parse_args()

    config = {"RATELIMIT_ENABLED": False, "FINISHED_GAMES_CSV_TOKEN": LEAGUE}
    if args.database_url:
        config["DATABASE_URL"] = args.database_url
    app = create_app(config, instance_path=tempfile.mkdtemp(prefix="bench-big-"))
    began = time.perf_counter()
    store_games(app, args.games)
    store_decks(app, args.decks)
    print(f"stored {args.games:,} games and {args.decks:,} decks in {time.perf_counter() - began:.1f} s")

    client = app.test_client()
    client.get("/")
    csrf = client.get("/games/new").get_data(as_text=True).split('name="csrf_token" type="hidden" value="')[1].split('"')[0]
    mine = client.post("/decks/new", data={"csrf_token": csrf, "name": "Our deck"})
    assert mine.status_code == 303
    made = client.post("/games/import", json={"phase": "playing", "players": [{"name": "Ann"}, {"name": "Bob"}]})
    token = made.headers["Location"].rsplit("/", 1)[-1]
    client.get(f"/g/{token}")   # on this device's list
    store = app.extensions["store"]

    def move():
        return dict(data={"csrf_token": csrf, "rev": store.revision(token), "kind": "virtue", "player": 0, "delta": 1},
                    headers={"HX-Request": "true"})

    figures = [("set-up page", timed(client, args.runs, "GET", "/games/new")),
               ("home page", timed(client, args.runs, "GET", "/")),
               ("deck list", timed(client, args.runs, "GET", "/decks"))]
    samples = []
    for _ in range(args.runs):
        request = move()
        before = time.perf_counter()
        assert client.post(f"/g/{token}/move", **request).status_code == 200
        samples.append((time.perf_counter() - before) * 1000)
    figures.append(("a move", (statistics.median(samples), max(samples))))
    figures.append(("league CSV", timed(client, 3, "GET", f"/games/finished.csv?token={LEAGUE}")))
    print(f"{'':14s} {'median ms':>10s} {'slowest ms':>11s}   ({args.games:,} games, {args.decks:,} decks)")
    for name, (median, slowest) in figures:
        print(f"{name:14s} {median:10.1f} {slowest:11.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
