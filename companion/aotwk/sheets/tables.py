"""CSV exports: one finished game (one row per player and the bot, one column
per scoring category), and every finished game on the server for league
spreadsheets. The header is the same for every game, so files from different
nights can be pasted under one another."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from companion.export.spreadsheet import cell_text, csv_text
from companion.aotwk.sheets.categories import CATEGORIES
from companion.aotwk.sheets.model import Sheet

GAME_FIELDS = ("game", "date", "mode", "expansions", "players")
PLAYER_FIELDS = ("seat", "name", "bot")
RESULT_FIELDS = ("total", "rank", "winner", "final_virtue")


@dataclass(frozen=True)
class FinishedGame:
    """A game for the all-games CSV: its sheet and a reference that names it
    without revealing its edit or view link."""

    reference: str
    sheet: Sheet


def header(extra_categories: Iterable[str] = ()) -> list[str]:
    return [*GAME_FIELDS, *PLAYER_FIELDS, *(c.key for c in CATEGORIES), *extra_categories, *RESULT_FIELDS]


def _rows(sheet: Sheet, categories: list[str]) -> list[list]:
    game = [
        cell_text(sheet.title),
        sheet.played_on.isoformat() if sheet.played_on else "",
        sheet.mode,
        " ".join(sheet.expansions),
        len(sheet.players),
    ]
    rows = []
    for column in sheet.columns:
        rows.append([
            *game,
            "" if column.seat is None else column.seat + 1,
            cell_text(column.name),
            "yes" if column.is_bot else "",
            # empty, not 0, where the column does not score the category (the bot has no buildings)
            *(column.values.get(key, "") for key in categories),
            column.total,
            column.rank,
            "yes" if column.winner else "",
            "" if column.final_virtue is None else column.final_virtue,
        ])
    return rows


def _extra_categories(sheets: Iterable[Sheet]) -> list[str]:
    """Categories the engine reports beyond the known ones, so none is dropped."""
    known = {c.key for c in CATEGORIES}
    return list(dict.fromkeys(key for sheet in sheets for column in sheet.columns
                              for key in column.values if key not in known))


def game_csv(sheet: Sheet) -> str:
    extra = _extra_categories([sheet])
    categories = [c.key for c in CATEGORIES] + extra
    return csv_text(header(extra), _rows(sheet, categories))


def games_csv(games: Iterable[FinishedGame]) -> str:
    """Every game in ``games`` (oldest first, as given), with a leading column
    naming the game so a league sheet can group rows by game."""
    games = list(games)
    extra = _extra_categories(game.sheet for game in games)
    categories = [c.key for c in CATEGORIES] + extra
    rows = ([game.reference, *row] for game in games for row in _rows(game.sheet, categories))
    return csv_text(["game_ref", *header(extra)], rows)
