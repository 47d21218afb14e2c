"""Scoring benchmark: 10,000 random 5-player games, time per game.

    .venv/bin/python bench/score.py [--games N] [--seed S]

Prints the time per game for parsing + scoring (what `companion score` and the
web app do) and for scoring already-parsed input. Target: under 0.5 ms per game.
Then issue 9's two 1 MB documents of unknown ids, refused: target under 0.5 s each.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from companion.aotwk.rules.document import parse_score_input
from companion.aotwk.rules.random_game import random_game
from companion.aotwk.rules.scoring import score


def timed(label: str, work, items, repeats: int = 3) -> None:
    runs = []
    for _ in range(repeats):
        start = time.perf_counter()
        for item in items:
            work(item)
        runs.append((time.perf_counter() - start) / len(items) * 1000)
    print(f"{label:<28} best {min(runs):.3f} ms/game, median {statistics.median(runs):.3f} ms/game "
          f"({len(items)} games x {repeats} runs)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=2018)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    docs = [random_game(rng, players=5, with_bot=False) for _ in range(args.games)]
    parsed = [parse_score_input(doc) for doc in docs]
    timed("parse + score (5 players)", lambda d: score(parse_score_input(d)), docs)
    timed("score only (5 players)", score, parsed)
    refused_megabytes()


def refused_megabytes() -> None:
    """A 1 MB document of unknown building ids is refused after a bounded search (issue 9: it took 14 s)."""
    import json

    from companion.problems import InvalidInput, load_json

    documents = [{"players": [{"name": "A", "buildings": [f"nowhere{i}" for i in range(100_000)]}]},
                 {"players": [{"name": f"P{p}", "buildings": [f"nowhere{p}x{i}" for i in range(100)]}
                              for p in range(5)], "events": [{"kind": "x", "note": "y" * 40}] * 15_000}]
    for number, doc in enumerate(documents, 1):
        text = json.dumps(doc)
        runs = []
        for _ in range(3):
            start = time.perf_counter()
            try:
                parse_score_input(load_json(text))
            except InvalidInput:
                pass
            runs.append(time.perf_counter() - start)
        print(f"refuse 1 MB document {number} ({len(text):,} bytes): best {min(runs) * 1000:.0f} ms "
              f"(target under 500 ms: {'met' if min(runs) < 0.5 else 'NOT met'})")


if __name__ == "__main__":
    main()
