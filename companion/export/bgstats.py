"""The BG Stats play-import link's parts that every game's play shares.

Format documented by BG Stats at
https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/ :
``https://app.bgstatsapp.com/createPlay.html?data=<url-encoded JSON>``. The
fields this app sends, and why, are listed in docs/exports.md.
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime, timezone
from urllib.parse import quote

CREATE_PLAY_URL = "https://app.bgstatsapp.com/createPlay.html"
SOURCE_NAME = "Architects Companion"
# Past this the duration is left out: no evening's play is longer (the playing time already
# leaves out pauses of over an hour).
LONGEST_PLAUSIBLE_MINUTES = 8 * 60


def play_id(view_token: str) -> str:
    """A stable id for the play, so importing the same game twice is recognised,
    derived one-way from the view token: the link itself never leaves the app."""
    return hashlib.sha256(f"bgstats:{view_token}".encode()).hexdigest()[:20]


def plausible_minutes(playing_minutes: int | None) -> int | None:
    """The play's duration for BG Stats: the game's playing time, the same figure its score page, sheet
    and group statistics give (companion/game_time.py), or None when there is none worth sending."""
    if playing_minutes is None or not 0 < playing_minutes <= LONGEST_PLAUSIBLE_MINUTES:
        return None
    return playing_minutes


def local_play_date(moment: datetime) -> str:
    # BG Stats wants "YYYY-MM-DD HH:MM:SS" without a zone; the server does not
    # know the table's time zone, so this is UTC (docs/exports.md).
    if moment.tzinfo is not None:
        moment = moment.astimezone(timezone.utc)
    return moment.strftime("%Y-%m-%d %H:%M:%S")


def link(payload: dict) -> str:
    """The BG Stats address that imports ``payload`` (a play as BG Stats' import JSON)."""
    data = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    return f"{CREATE_PLAY_URL}?data={quote(data, safe='')}"
