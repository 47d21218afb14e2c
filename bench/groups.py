"""Group page benchmark: a group of 200 finished games (SQLite), time to render its page (with its
records), a player's page (head-to-head, streaks, records) and stats.json.

    .venv/bin/python bench/groups.py [--games N] [--seed S] [--repeats R]

Prints the first render (every game read and scored once: its facts are then kept per
revision) and the renders after it, as the group's phones see them. Also stats.json.
Target: well under 100 ms per render of the page.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from datetime import datetime, timedelta, timezone

from companion.aotwk.rules.random_game import random_game
from companion.web import create_app

PEOPLE = ["Ann", "Bob", "Cy", "Dee", "Eun-ji", "Farid", "Gus"]


def group_game(rng: random.Random, number: int) -> dict:
    """A finished game of 2 to 5 of the group's people, with a move every few minutes."""
    players = rng.randint(2, 5)
    doc = random_game(rng, players=players, with_bot=False)
    for player, name in zip(doc["players"], rng.sample(PEOPLE, players)):
        # side-2 boards (which allow more apprentices) need their own checks: not what is measured
        player["name"], player["board"], player["apprentices"] = name, None, player["apprentices"][:5]
    start = datetime(2026, 1, 2, 19, tzinfo=timezone.utc) + timedelta(days=3 * number)
    moments = [start + timedelta(minutes=3 * move) for move in range(rng.randint(20, 60))]
    doc.update(title=f"Game {number + 1}", phase="finished", created_at=start.strftime("%Y-%m-%dT%H:%M:%SZ"),
               events=[{"seq": seq, "at": at.strftime("%Y-%m-%dT%H:%M:%SZ"), "kind": "virtue", "player": 0, "delta": 0}
                       for seq, at in enumerate(moments, start=1)])
    return doc


def timed(client, path: str, repeats: int) -> tuple[float, list[float], list[float]]:
    """(first render, the renders after it, their CPU times), in ms: the CPU time is this
    process's own, steadier than the wall clock on a shared machine."""
    runs, cpu = [], []
    for _ in range(repeats + 1):
        start, start_cpu = time.perf_counter(), time.process_time()
        response = client.get(path)
        runs.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
        assert response.status_code == 200, response.status_code
    return runs[0], runs[1:], cpu[1:]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument("--repeats", type=int, default=20)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    app = create_app({"TESTING": True}, instance_path=tempfile.mkdtemp(prefix="bench-groups-"))
    client = app.test_client()
    token = client.post("/groups/new", json={"name": "Bench club"}).headers["Location"].rsplit("/", 1)[-1]
    bundle = {"format": "architects-companion-group/1", "games": [group_game(rng, n) for n in range(args.games)]}
    imported = client.post(f"/groups/{token}/import", json=bundle)
    assert imported.status_code == 303, imported.get_data(as_text=True)[:500]
    for label, path in (("group page", f"/groups/{token}"), ("player page", f"/groups/{token}/players/Ann"),
                        ("stats.json", f"/groups/{token}/stats.json")):
        first, rest, cpu = timed(client, path, args.repeats)
        print(f"{label:<12} {args.games} games: first render {first:.1f} ms; then median {statistics.median(rest):.1f} ms, "
              f"best {min(rest):.1f} ms, worst {max(rest):.1f} ms, median CPU {statistics.median(cpu):.1f} ms "
              f"({args.repeats} renders)")


if __name__ == "__main__":
    main()
