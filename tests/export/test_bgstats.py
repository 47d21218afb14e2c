"""The BG Stats link's shared pieces (companion/export/bgstats.py)."""

from __future__ import annotations

from companion.export.bgstats import LONGEST_PLAUSIBLE_MINUTES, plausible_minutes


def test_the_duration_sent_is_the_playing_time_when_it_is_one_an_evening_could_hold():
    assert plausible_minutes(90) == 90
    assert plausible_minutes(LONGEST_PLAUSIBLE_MINUTES) == LONGEST_PLAUSIBLE_MINUTES
    assert plausible_minutes(LONGEST_PLAUSIBLE_MINUTES + 1) is None
    assert plausible_minutes(0) is None and plausible_minutes(None) is None
