"""The BG Stats link's shared pieces (companion/export/bgstats.py)."""

from __future__ import annotations

from datetime import datetime, timezone

from companion.export.bgstats import duration_minutes


def test_a_time_without_a_zone_is_utc_not_a_server_error():
    """SQLite hands back times without a zone; the last event's time has one (a finished
    Amytis game's page was a 500 on SQLite)."""
    started = datetime(2026, 11, 25, 18, 0)
    ended = datetime(2026, 11, 25, 19, 30, tzinfo=timezone.utc)
    assert duration_minutes(started, ended) == 90
    assert duration_minutes(ended, started) is None   # backwards: no plausible duration
