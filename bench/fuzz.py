"""A stranger's random requests against every way into the app, on both databases.

Not a test: it prints figures. It runs the fuzz of ``tests/web/test_fuzz.py`` (every
route of the app, both games' tokens, a group's and a deck's, the forms the pages draw,
hand-edited imports of games, bundles, decks and the card library, JSON moves with
hostile numbers, text and request ids) with --requests examples per database, counting
every 5xx instead of stopping at the first, then sends every game stored on the way
through its own export -> import. It prints per database the requests sent, the 5xx
seen, the games stored and those whose export did not import, the time taken, then
where each 5xx came from. PostgreSQL is the throwaway cluster ``tests/conftest.py``
starts (skipped, saying so, without Debian's server binaries).

    .venv/bin/python bench/fuzz.py                  # 5,000 random requests per database
    .venv/bin/python bench/fuzz.py --requests 500 --database sqlite
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FIGURES = re.compile(r"^fuzz (\w+): (\d+) requests \(.*?\), (\d+) answers of 5xx; answers: (.*)$")
ROUND_TRIP = re.compile(r"^fuzz (\w+) round trip: (\d+) games stored, (\d+) whose export does not import$")
TIME = re.compile(r"^fuzz (\w+) took ([\d.]+) s$")
CAUSE = re.compile(r"^\s+\d+\s+(GET|POST|PUT|PATCH|DELETE) |^\s+export of ")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=5_000, help="random requests per database")
    parser.add_argument("--database", choices=("sqlite", "postgresql", "both"), default="both")
    args = parser.parse_args()
    chosen = "" if args.database == "both" else f"[{args.database}]"
    test = f"tests/web/test_fuzz.py::test_no_request_is_a_5xx_and_a_refusal_changes_nothing{chosen}"
    env = {**os.environ, "FUZZ_EXAMPLES": str(args.requests), "FUZZ_KEEP_GOING": "1"}
    done = subprocess.run([sys.executable, "-m", "pytest", test, "-q", "-s", "-p", "no:cacheprovider", "-rs"],
                          cwd=REPO, env=env, capture_output=True, text=True)
    figures, causes, round_trips, took = [], [], {}, {}
    for line in done.stdout.splitlines():
        if found := FIGURES.match(line):
            figures.append(found.groups())
        elif found := ROUND_TRIP.match(line):
            round_trips[found.group(1)] = (int(found.group(2)), int(found.group(3)))
        elif found := TIME.match(line):
            took[found.group(1)] = float(found.group(2))
        elif CAUSE.match(line):
            causes.append(line)
    if not figures:
        print(done.stdout[-3000:], done.stderr[-3000:], sep="\n")
        return 1
    print(f"{'database':12s} {'requests sent':>14s} {'5xx seen':>9s} {'games stored':>13s} {'exports lost':>13s}"
          f" {'seconds':>8s}   answers by status")
    for database, sent, errors, answers in figures:
        stored, lost = round_trips.get(database, (0, 0))
        print(f"{database:12s} {int(sent):14,d} {int(errors):9,d} {stored:13,d} {lost:13,d}"
              f" {took.get(database, 0):8.0f}   {answers}")
    for line in causes:
        print(line)
    for line in done.stdout.splitlines():
        if line.startswith("SKIPPED"):
            print(line)
    clean = all(errors == "0" for _database, _sent, errors, _answers in figures)
    return 0 if clean and all(lost == 0 for _stored, lost in round_trips.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
