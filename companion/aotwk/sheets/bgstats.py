"""The BG Stats play of an Architects of the West Kingdom game (the link's shared parts:
``companion.export.bgstats``)."""

from __future__ import annotations

from companion.export.bgstats import SOURCE_NAME, local_play_date, plausible_minutes, play_id
from companion.export import bgstats
from companion.aotwk.sheets.model import Sheet

__all__ = ["play", "link", "play_id", "GAME_NAME", "BGG_ID", "SOURCE_GAME_ID"]

GAME_NAME = "Architects of the West Kingdom"
# BoardGameGeek's id of the base game (boardgamegeek.com/boardgame/236457); BG Stats
# matches the game by it first, then by name.
BGG_ID = 236457
SOURCE_GAME_ID = "architects-of-the-west-kingdom"


def _board(sheet: Sheet) -> str:
    parts = list(sheet.expansion_labels)
    if sheet.bot:
        parts.append(f"vs {sheet.bot.name} (bot)")
    return ", ".join(parts)


def play(sheet: Sheet, *, source_play_id: str, playing_minutes: int | None = None) -> dict:
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
        payload["playDate"] = local_play_date(sheet.played_at)
    minutes = plausible_minutes(playing_minutes)
    if minutes is not None:
        payload["durationMin"] = minutes
    comments = [sheet.title]
    if sheet.tie_break:
        comments.append(f"Tie broken: {sheet.tie_break}")
    payload["comments"] = ". ".join(comments)
    return payload


def link(sheet: Sheet, *, source_play_id: str, playing_minutes: int | None = None) -> str:
    return bgstats.link(play(sheet, source_play_id=source_play_id, playing_minutes=playing_minutes))
