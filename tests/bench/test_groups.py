"""bench/groups.py as a check: a small group's page, a player's page and stats.json render, and the
benchmark prints a line with its figures for each (docs/development.md keeps those of 200 games)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_the_group_benchmark_renders_the_group_and_a_players_page(tmp_path):
    done = subprocess.run([sys.executable, str(REPO / "bench" / "groups.py"), "--games", "6", "--repeats", "2"],
                          capture_output=True, text=True, timeout=300, cwd=REPO,
                          env={"PATH": "/usr/bin:/bin", "TMPDIR": str(tmp_path), "PYTHONPATH": str(REPO),
                               "HOME": os.environ.get("HOME", str(tmp_path))})
    assert done.returncode == 0, done.stdout + done.stderr
    labels = [line.split("  ")[0] for line in done.stdout.splitlines()]
    assert labels == ["group page", "player page", "stats.json"], done.stdout
    assert all("median CPU" in line for line in done.stdout.splitlines())
