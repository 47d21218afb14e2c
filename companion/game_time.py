"""How long a game took: from its first move to its last (the final score), leaving out
the pauses, a stretch of over an hour with nothing happening (dinner, a game left for the
next evening). Pure: event times in, a duration out."""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta, timezone
from typing import Any, Iterable

PAUSE = timedelta(hours=1)   # a gap longer than this is a pause, not play
# Less than this measures no play (a pad filled in after the game, moves sent all at once): no time
# is known, and a page says nothing rather than "0 minutes".
SHORTEST = timedelta(seconds=30)


def parse_timestamp(value: Any) -> datetime | None:
    """An ISO 8601 time from a document ("...Z" included), or None when absent or unreadable."""
    if not isinstance(value, str) or not value:
        return None
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None


def playing_time(moments: Iterable[datetime], pause: timedelta = PAUSE) -> timedelta | None:
    """The time between the first and the last moment, less every gap longer than ``pause``;
    None with fewer than two moments or under half a minute of play (nothing to measure)."""
    ordered = sorted(moments)
    if len(ordered) < 2:
        return None
    gaps = (later - earlier for earlier, later in zip(ordered, ordered[1:]))
    played = sum((gap for gap in gaps if gap <= pause), timedelta())
    return played if played >= SHORTEST else None


def document_playing_time(document: dict) -> timedelta | None:
    """The playing time of a game document, from its events' times."""
    events = document.get("events") if isinstance(document, dict) else None
    moments = [parse_timestamp(event.get("at")) for event in events or [] if isinstance(event, dict)]
    return playing_time(utc(m) for m in moments if m)


def utc(moment: datetime) -> datetime:
    """Comparable with any other: aware times in UTC without their zone, naive ones as UTC already."""
    return moment.astimezone(timezone.utc).replace(tzinfo=None) if moment.tzinfo else moment


def minutes(duration: timedelta | None) -> int | None:
    """Whole minutes, rounded to the nearest, as a page shows them."""
    return None if duration is None else int((duration.total_seconds() + 30) // 60)


# -- the day a game was played ------------------------------------------------------------
# A document may say it (``played_on``, "YYYY-MM-DD": a paper game typed in a week later, a
# game's date put right); without it a game was played when its record says.

DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def day(value: Any) -> date | None:
    """A day written YYYY-MM-DD, or None when absent or not one."""
    if not isinstance(value, str) or not DAY.fullmatch(value):
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        return None


def played_day(document: Any) -> date | None:
    """The day a person said the game was played (``played_on``), or None."""
    return day(document.get("played_on")) if isinstance(document, dict) else None


def dated(moment: datetime | None, played: date | None) -> datetime | None:
    """``moment`` moved to the day a person set (its time of day kept, noon UTC without one), so
    games of one day still sort by their times."""
    if played is None:
        return moment
    if moment is None:
        return datetime.combine(played, time(12), tzinfo=timezone.utc)
    return moment.replace(year=played.year, month=played.month, day=played.day)


def played_at(state: dict, stored_at: datetime) -> datetime | None:
    """When a stored game was played, for its sheet, CSV and BG Stats play: when its document says
    it was made (an imported game's own ``created_at``), else when it was stored, on the day a
    person set."""
    return dated(parse_timestamp(state.get("created_at")) or stored_at, played_day(state))
