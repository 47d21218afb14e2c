"""Render times of the PDF score sheet (5 players) and the blank pad.

    .venv/bin/python bench/sheets.py [--runs N]

Prints the time to import the renderer (WeasyPrint: paid once when the server
starts), the first render in this process (fontconfig and the fonts warming up:
what the first request after a start pays) and the median of the following
runs (every later request). Target: under 1 second each.
"""

from __future__ import annotations

import argparse
import statistics
import time

STARTED = time.perf_counter()
from companion.aotwk.sheets import render_blank_pad, render_sheet, score_sheet  # noqa: E402  (timed import)
IMPORT_SECONDS = time.perf_counter() - STARTED

TARGET_SECONDS = 1.0

# A plausible five-player evening: Korean and accented names, end-game buildings
# with bonuses (so the sheet has reasons to print), one debt-laden player.
FIVE_PLAYER_GAME = {
    "title": "Benchmark night", "created_at": "2026-11-22T19:00:00Z", "phase": "finished", "mode": "multiplayer",
    "players": [
        {"name": "김민준", "virtue": 11, "cathedral": 3, "gold": 2, "silver": 14, "captured": 5,
         "buildings": ["keep", "smithy", "steeple", "tavern"]},
        {"name": "Françoise", "virtue": 8, "cathedral": 4, "marble": 2, "stone": 6, "prisoners": 2,
         "buildings": ["stone_market", "chapel", "masons_hut", "well"]},
        {"name": "Søren", "virtue": 2, "debts_unpaid": 3, "silver": 30, "prisoners": 5,
         "buildings": ["gamblers_den", "thieves_den", "armoury"]},
        {"name": "Priya", "virtue": 14, "cathedral": 5, "gold": 1, "buildings": ["castle", "university", "fountain"]},
        {"name": "Tom", "virtue": 7, "cathedral": 1, "wood": 7, "buildings": ["wood_market", "carpenters_hut"]},
    ],
}
VIEW_URL = "http://127.0.0.1:8000/v/0123456789abcdef0123456789abcdef"


def timed(render) -> float:
    started = time.perf_counter()
    render()
    return time.perf_counter() - started


def report(label: str, render, runs: int) -> bool:
    first = timed(render)
    median = statistics.median(timed(render) for _ in range(runs))
    ok = max(first, median) < TARGET_SECONDS
    print(f"{label:<28} first {first:6.3f} s   median of {runs} {median:6.3f} s   {'ok' if ok else 'OVER TARGET'}")
    return ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs

    print(f"{'import (server start)':<28} {IMPORT_SECONDS:6.3f} s")
    sheet = score_sheet(FIVE_PLAYER_GAME)
    results = [
        report("5-player sheet (A4)", lambda: render_sheet(sheet, view_url=VIEW_URL), runs),
        report("blank pad, 5 players", lambda: render_blank_pad(5), runs),
        report("blank pad, 6 + bot + AoA", lambda: render_blank_pad(6, expansion=True, bot=True), runs),
    ]
    print(f"target: under {TARGET_SECONDS:.0f} s each")
    return 0 if all(results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
