"""What a score sheet shows, derived from a game document and the engine's
result for it. Pure data, shared by the PDF, the CSVs and the BG Stats link, so
every export tells the same story as the engine."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from companion.game_time import dated, parse_timestamp, played_day
from companion.aotwk.rules.scoring import score_document
from companion.aotwk.sheets.categories import AGE_OF_ARTISANS, N_, Category, in_play

# English labels (the CSVs and BG Stats use them as they are); the PDF translates them.
EXPANSION_NAMES = {AGE_OF_ARTISANS: N_("Age of Artisans")}
MODE_NAMES = {
    "multiplayer": N_("Multiplayer"),
    "solo": N_("Solo vs the bot"),
    "two_vs_bot": N_("Two players vs the bot"),
    "paper": N_("Paper pad (totals entered by hand)"),
}
FINISHED = "finished"


@dataclass(frozen=True)
class Column:
    """One player (or the bot) on the sheet."""

    name: str
    is_bot: bool
    seat: int | None               # seat index for players, None for the bot
    colour: str | None
    values: dict[str, int]         # category key -> VP, only the categories this column scores
    total: int
    rank: int
    final_virtue: int | None
    reasons: tuple[str, ...]

    @property
    def winner(self) -> bool:
        return self.rank == 1


@dataclass(frozen=True)
class Sheet:
    title: str
    played_at: datetime | None
    mode: str
    expansions: tuple[str, ...]
    columns: tuple[Column, ...]
    rows: tuple[Category, ...]
    tie_break: str | None
    provisional: bool

    @property
    def players(self) -> tuple[Column, ...]:
        return tuple(column for column in self.columns if not column.is_bot)

    @property
    def bot(self) -> Column | None:
        return next((column for column in self.columns if column.is_bot), None)

    @property
    def winners(self) -> tuple[Column, ...]:
        return tuple(column for column in self.columns if column.winner)

    @property
    def played_on(self) -> date | None:
        return self.played_at.date() if self.played_at else None

    @property
    def mode_label(self) -> str:
        return MODE_NAMES.get(self.mode, self.mode.replace("_", " ").capitalize())

    @property
    def expansion_labels(self) -> tuple[str, ...]:
        return tuple(EXPANSION_NAMES.get(key, key.replace("_", " ").title()) for key in self.expansions)

    @property
    def player_count_label(self) -> str:
        humans = len(self.players)
        text = f"{humans} player" + ("" if humans == 1 else "s")
        return text + (f" + {self.bot.name} (bot)" if self.bot else "")


def _column(entry: dict, *, is_bot: bool, seat: int | None, colour: str | None) -> Column:
    return Column(
        name=str(entry["name"]),
        is_bot=is_bot,
        seat=seat,
        colour=colour,
        values={key: int(value) for key, value in entry["categories"].items()},
        total=int(entry["total"]),
        rank=int(entry["rank"]),
        final_virtue=entry.get("final_virtue"),
        reasons=tuple(entry.get("reasons") or ()),
    )


def build_sheet(doc: dict, result: dict) -> Sheet:
    """The sheet for a game document and ``score_document(doc)``'s result."""
    seats = doc.get("players") or []
    columns = [
        _column(entry, is_bot=False, seat=index,
                colour=(seats[index].get("colour") if index < len(seats) else None))
        for index, entry in enumerate(result["players"])
    ]
    if result.get("bot"):
        columns.append(_column(result["bot"], is_bot=True, seat=None, colour=None))

    expansions = tuple(doc.get("expansions") or ())
    rows = in_play([key for column in columns for key in column.values], expansions)

    return Sheet(
        title=str(doc.get("title") or "Architects of the West Kingdom"),
        played_at=dated(parse_timestamp(doc.get("created_at")), played_day(doc)),
        mode=str(doc.get("mode") or _mode_without_label(result)),
        expansions=expansions,
        columns=tuple(columns),
        rows=tuple(rows),
        tie_break=result.get("tie_break"),
        # A score-command document has no phase: it describes a game that has ended.
        provisional=doc.get("phase", FINISHED) != FINISHED,
    )


def _mode_without_label(result: dict) -> str:
    if not result.get("bot"):
        return "multiplayer"
    return "solo" if len(result["players"]) == 1 else "two_vs_bot"


def score_sheet(doc: dict) -> Sheet:
    """Score ``doc`` with the engine and build its sheet; raises the engine's
    InvalidInput for a document it cannot score."""
    return build_sheet(doc, score_document(doc))
