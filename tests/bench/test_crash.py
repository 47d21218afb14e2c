"""bench/crash.py as a check (issue 17): the real server killed with SIGKILL while phones tap
both games, restarted, and every unanswered tap resent with its request id: each acknowledged
tap is stored exactly once, for Architects of the West Kingdom and for Amytis alike."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench"


def test_a_tap_resent_after_kill_9_is_applied_once_in_both_games(tmp_path):
    done = subprocess.run([sys.executable, str(BENCH / "crash.py"), "--runs", "1", "--games", "1", "--writers", "2",
                           "--min-wait", "0.5", "--max-wait", "1.0"], capture_output=True, text=True, timeout=300,
                          env={"PATH": "/usr/bin:/bin", "TMPDIR": str(tmp_path)})
    assert done.returncode == 0, done.stdout + done.stderr
    lines = {line.split(":")[0]: line for line in done.stdout.splitlines()}
    for kind in ("aotwk", "amytis"):
        assert "lost 0, applied twice 0, state disagrees 0" in lines[kind], done.stdout
        assert "acknowledged 0," not in lines[kind]
