"""A score pad leaving the app: the one-page PDF sheet, the CSV and the BG Stats play. Pure
functions over the game's state and its result (no Flask); the machinery is shared
(``companion.export``): the sheets' page and Jinja environment, the print stylesheet, paper
sizes, QR codes, the CSV writer and the BG Stats play id."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from companion.export import bgstats
from companion.export.pdf import paper_size, qr_data_uri, sheet_templates, to_pdf
from companion.export.spreadsheet import cell_text, csv_text as spreadsheet_text
from companion.score_pad import GAME_ID
from companion.score_pad.document import parse
from companion.score_pad.scoring import ranks, running_totals, score_document

TEMPLATES = Path(__file__).resolve().parent / "templates" / "score_pad" / "print"


def _columns(state: dict) -> list[dict]:
    """Per player: name, each row's number (None: not entered), total so far, place."""
    document = parse(state)
    totals = running_totals(document)
    places = ranks(totals, document.lowest_wins)
    return [{"name": player.name, "scores": list(player.scores), "total": total, "rank": rank,
             "winner": rank == 1}
            for player, total, rank in zip(document.players, totals, places)]


def sheet_html(state: dict, *, played_at: datetime | None, view_url: str | None, paper: str | None = None) -> str:
    return sheet_templates(TEMPLATES).get_template("sheet.html").render(
        title=state["title"], played_on=played_at.date() if played_at else None,
        provisional=state.get("phase") != "finished", rows=state.get("rows"), columns=_columns(state),
        lowest_wins=state.get("lowest_wins", False), column_count=len(state["players"]),
        page_size=paper_size(paper), view_url=view_url, qr=qr_data_uri(view_url) if view_url else None)


def render_sheet(state: dict, *, played_at: datetime | None = None, view_url: str | None = None,
                 paper: str | None = None) -> bytes:
    """The one-page sheet: every row's numbers, the totals and the places."""
    return to_pdf(sheet_html(state, played_at=played_at, view_url=view_url, paper=paper))


def csv_header(state: dict) -> list[str]:
    rows = state.get("rows")
    return ["game", "date", "seat", "name", *(rows if rows is not None else []), "total", "rank", "winner"]


def csv_text(state: dict, played_at: datetime | None = None) -> str:
    """One line per player: each row's number, the total, the place (a finished game's result)."""
    scores = score_document(state)
    title = cell_text(state["title"])
    lines = []
    for seat, (player, entry) in enumerate(zip(state["players"], scores["players"])):
        lines.append([title, played_at.date().isoformat() if played_at else "", seat + 1, cell_text(entry["name"]),
                      *(player["scores"] if state.get("rows") is not None else []), entry["total"], entry["rank"],
                      "yes" if entry["name"] in scores["winners"] else ""])
    return spreadsheet_text([cell_text(name) for name in csv_header(state)], lines)


def bgstats_play(state: dict, *, view_token: str, played_at: datetime | None, playing_minutes: int | None = None,
                 scores: dict | None = None) -> dict:
    """The play as BG Stats' import JSON: the game by its name, and by its BoardGameGeek id when the
    pad has one (``bgg_id``); golf-style games say so (``highestWins``)."""
    scores = scores or score_document(state)
    game: dict = {"name": state["title"], "highestWins": not state.get("lowest_wins", False), "noPoints": False,
                  "sourceGameId": f"{GAME_ID}:{state['title'].casefold()}"}
    if state.get("bgg_id") is not None:
        game["bggId"] = state["bgg_id"]
    payload: dict = {
        "sourceName": bgstats.SOURCE_NAME,
        "sourcePlayId": bgstats.play_id(view_token),
        "game": game,
        "players": [{"name": entry["name"], "score": entry["total"], "winner": entry["name"] in scores["winners"],
                     "rank": entry["rank"], "startPlayer": seat == 0, "role": "", "sourcePlayerId": f"seat-{seat + 1}"}
                    for seat, entry in enumerate(scores["players"])],
        "comments": state["title"],
    }
    if played_at is not None:
        payload["playDate"] = bgstats.local_play_date(played_at)
    minutes = bgstats.plausible_minutes(playing_minutes)
    if minutes is not None:
        payload["durationMin"] = minutes
    return payload


def bgstats_link(state: dict, **play) -> str:
    return bgstats.link(bgstats_play(state, **play))

