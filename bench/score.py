"""Scoring benchmark: 10,000 random 5-player games, time per game.

    .venv/bin/python bench/score.py [--games N] [--seed S]

Prints the time per game for parsing + scoring (what `companion score` and the
web app do) and for scoring already-parsed input. Target: under 0.5 ms per game.
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


if __name__ == "__main__":
    main()
