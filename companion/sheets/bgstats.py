"""The BG Stats play-import link.

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

from companion.sheets.model import Sheet

CREATE_PLAY_URL = "https://app.bgstatsapp.com/createPlay.html"
SOURCE_NAME = "Architects Companion"
GAME_NAME = "Architects of the West Kingdom"
# BoardGameGeek's id of the base game (boardgamegeek.com/boardgame/236457); BG Stats
# matches the game by it first, then by name.
BGG_ID = 236457
SOURCE_GAME_ID = "architects-of-the-west-kingdom"
# A game left open overnight is not a 14-hour play: past this, the duration is left out.
LONGEST_PLAUSIBLE_MINUTES = 8 * 60


def play_id(view_token: str) -> str:
    """A stable id for the play, so importing the same game twice is recognised,
    derived one-way from the view token: the link itself never leaves the app."""
    return hashlib.sha256(f"bgstats:{view_token}".encode()).hexdigest()[:20]


def duration_minutes(started: datetime | None, ended: datetime | None) -> int | None:
    if started is None or ended is None:
        return None
    minutes = round((ended - started).total_seconds() / 60)
    return minutes if 0 < minutes <= LONGEST_PLAUSIBLE_MINUTES else None


def _local_play_date(moment: datetime) -> str:
    # BG Stats wants "YYYY-MM-DD HH:MM:SS" without a zone; the server does not
    # know the table's time zone, so this is UTC (docs/exports.md).
    if moment.tzinfo is not None:
        moment = moment.astimezone(timezone.utc)
    return moment.strftime("%Y-%m-%d %H:%M:%S")


def _board(sheet: Sheet) -> str:
    parts = list(sheet.expansion_labels)
    if sheet.bot:
        parts.append(f"vs {sheet.bot.name} (bot)")
    return ", ".join(parts)


def play(sheet: Sheet, *, source_play_id: str, ended_at: datetime | None = None) -> dict:
    """The play as BG Stats' import JSON."""
    payload: dict = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": source_play_id,
        "game": {
            "name": GAME_NAME,
            "bggId": BGG_ID,
            "highestWins": True,
            "noPoints": False,
            "sourceGameId": SOURCE_GAME_ID,
        },
        "board": _board(sheet),
        "players": [
            {
                "name": column.name,
                "score": column.total,
                "winner": column.winner,
                "rank": column.rank,
                "startPlayer": column.seat == 0,
                "role": "bot" if column.is_bot else "",
                "sourcePlayerId": "bot" if column.is_bot else f"seat-{column.seat + 1}",
            }
            for column in sheet.columns
        ],
    }
    if sheet.played_at is not None:
        payload["playDate"] = _local_play_date(sheet.played_at)
    minutes = duration_minutes(sheet.played_at, ended_at)
    if minutes is not None:
        payload["durationMin"] = minutes
    comments = [sheet.title]
    if sheet.tie_break:
        comments.append(f"Tie broken: {sheet.tie_break}")
    payload["comments"] = ". ".join(comments)
    return payload


def link(sheet: Sheet, *, source_play_id: str, ended_at: datetime | None = None) -> str:
    data = json.dumps(play(sheet, source_play_id=source_play_id, ended_at=ended_at),
                      ensure_ascii=False, separators=(",", ":"))
    return f"{CREATE_PLAY_URL}?data={quote(data, safe='')}"
