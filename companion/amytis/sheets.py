"""An Amytis game leaving the app: the one-page PDF sheet, the blank pad, the CSV
and the BG Stats link. Pure functions over the game's state and the scoring
engine's result (no Flask); the machinery is shared (``companion.export``): the
sheets' page and Jinja environment, the print stylesheet (fonts, page, tables), paper
sizes, QR codes, CSV writer and BG Stats play id, with a few rules of our own for the
boards (its ``static/sheet.css``)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from functools import cache
from typing import TYPE_CHECKING

from companion import files
from companion.amytis import GAME_NAME
from companion.amytis.favors import rules
from companion.amytis.pad import stack_name
from companion.amytis.scoring import FAVOR_TRACK, every_favor, score_document
from companion.amytis.words import favor_words
from companion.export import bgstats
from companion.export.pdf import paper_size, qr_data_uri, sheet_templates, to_pdf
from companion.export.spreadsheet import cell_text, csv_text as spreadsheet_text

if TYPE_CHECKING:   # read in by the first sheet (``companion.export.pdf.load``)
    from weasyprint import CSS

TEMPLATES = Path(__file__).resolve().parent / "templates" / "amytis" / "print"
# The category columns, then one per favor ("favor_" + its id: the projects favor is not the projects category).
CSV_HEADER = ("game", "date", "seat", "name", "track", "projects", "favors",
              *(f"favor_{favor_id}" for favor_id in rules().favors), FAVOR_TRACK, "total", "rank", "winner")
BGSTATS_GAME_ID = "the-architects-of-amytis"


@cache
def _boards_stylesheet() -> CSS:
    from weasyprint import CSS

    return CSS(filename=str(Path(__file__).parent / "static" / "sheet.css"))


def _to_pdf(html: str) -> bytes:
    return to_pdf(html, _boards_stylesheet())


def _columns(state: dict) -> list[dict]:
    """Per player: the scored entry, the board with the stacks that earned a claimed favor, every favor."""
    scores = score_document(state)
    columns = []
    for seat, (player, entry) in enumerate(zip(state["players"], scores["players"])):
        would = every_favor(player["stacks"], len(player["projects"]))
        earning = {cell for favor_id in player["favors"] for cell in would[favor_id].cells}
        columns.append({
            "seat": seat, "entry": entry, "projects": player["projects"],
            "board": [[{"height": h, "earns": (r, c) in earning, "name": stack_name(r, c)} for c, h in enumerate(row)]
                      for r, row in enumerate(player["stacks"])],
            "winner": entry["name"] in scores["winners"],
        })
    return columns


def sheet_html(state: dict, *, played_at: datetime | None, view_url: str | None, paper: str | None = None) -> str:
    # Labels, favors and reasons in the reader's language (the shared sheet machinery's); an untitled
    # game is named by the game, in that language too.
    return sheet_templates(TEMPLATES).get_template("sheet.html").render(
        title=state.get("title"), played_on=played_at.date() if played_at else None,
        provisional=state.get("phase") != "finished", columns=_columns(state),
        favors=list(rules().favors.values()), favors_by_id=rules().favors, favor_words=favor_words, favor_track=FAVOR_TRACK,
        track_points=rules().favor_track_points,
        page_size=paper_size(paper), view_url=view_url, qr=qr_data_uri(view_url) if view_url else None)


def render_sheet(state: dict, *, played_at: datetime | None = None, view_url: str | None = None,
                 paper: str | None = None) -> bytes:
    """The one-page sheet: both boards drawn with their heights, favors, projects, totals."""
    return _to_pdf(sheet_html(state, played_at=played_at, view_url=view_url, paper=paper))


def blank_html(paper: str | None = None) -> str:
    return sheet_templates(TEMPLATES).get_template("blank.html").render(
        favors=list(rules().favors.values()), favor_words=favor_words, size=rules().board_size,
        track_points=rules().favor_track_points, favor_pawns=rules().favor_pawns, page_size=paper_size(paper))


def render_blank(paper: str | None = None) -> bytes:
    return _to_pdf(blank_html(paper))


def csv_text(state: dict, played_at: datetime | None = None) -> str:
    """One row per player, the favors each in its own column (empty where not claimed)."""
    title = cell_text(state.get("title") or GAME_NAME)
    rows = []
    for column in _columns(state):
        entry = column["entry"]
        rows.append([
            title, played_at.date().isoformat() if played_at else "", column["seat"] + 1, cell_text(entry["name"]),
            *(entry["categories"][key] for key in ("track", "projects", "favors")),
            *(entry["favors"].get(key, "") for key in (*rules().favors, FAVOR_TRACK)),
            entry["total"], entry["rank"], "yes" if column["winner"] else "",
        ])
    return spreadsheet_text(list(CSV_HEADER), rows)


def bgstats_play(state: dict, *, view_token: str, played_at: datetime | None, playing_minutes: int | None = None,
                 scores: dict | None = None) -> dict:
    """The play as BG Stats' import JSON (the fields of docs/exports.md; no BGG id: we do not know it
    for certain, and BG Stats also matches by name). ``scores``: the state's, when the caller has them."""
    scores = scores or score_document(state)
    payload: dict = {
        "sourceName": bgstats.SOURCE_NAME,
        "sourcePlayId": bgstats.play_id(view_token),
        "game": {"name": GAME_NAME, "highestWins": True, "noPoints": False, "sourceGameId": BGSTATS_GAME_ID},
        "players": [{"name": entry["name"], "score": entry["total"], "winner": entry["name"] in scores["winners"],
                     "rank": entry["rank"], "startPlayer": False, "role": "", "sourcePlayerId": f"seat-{seat + 1}"}
                    for seat, entry in enumerate(scores["players"])],
        "comments": state.get("title") or GAME_NAME,
    }
    if played_at is not None:
        payload["playDate"] = bgstats.local_play_date(played_at)
    minutes = bgstats.plausible_minutes(playing_minutes)
    if minutes is not None:
        payload["durationMin"] = minutes
    return payload


def bgstats_link(state: dict, **play) -> str:
    return bgstats.link(bgstats_play(state, **play))

