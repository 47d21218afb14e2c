"""Finished games leaving the app: the PDF score sheet, the blank pad, CSVs and
the BG Stats link. The rendering is in ``companion.aotwk.sheets``; this blueprint only
finds the game, scores it and answers.

A game's sheet and CSV are answered at the shared addresses (``companion.web.games``:
``/g/<edit_token>/sheet.pdf`` ?paper=a4|letter, ``/g/<edit_token>/scores.csv`` finished games
only, and the same under ``/v/``), which hand an AotWK game to ``game_sheet`` and
``game_scores_csv``. Routes of its own:
  GET /sheets/blank.pdf?players=1..6&expansion=1&bot=1&paper=a4|letter
  GET /games/finished.csv?token=...                           every finished game (league sheets),
                                                              only when the operator set FINISHED_GAMES_CSV_TOKEN
"""

from __future__ import annotations

import secrets
from contextlib import nullcontext
from datetime import datetime

from flask import Blueprint, abort, current_app, request, url_for
from flask_babel import gettext as _

from companion.aotwk import catalogue
from companion.aotwk.rules.document import InvalidInput
from companion.aotwk.sheets import bgstats, tables
from companion.aotwk.sheets.model import Sheet, score_sheet
from companion.aotwk.sheets.pdf import MAX_PAD_PLAYERS, render_blank_pad, render_sheet
from companion.aotwk.web import library_versions
from companion.i18n.field_words import for_a_page
from companion.web.downloads import csv_response, download_name, paper, sheet_download
from companion.web.groups import playing_minutes
from companion.web.helpers import external_url, store
from companion.web.i18n import game_title, language
from companion.web.storage.store import Game, iso

bp = Blueprint("exports", __name__)

TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"", "0", "false", "no", "off"}
BLANK_PAD_DEFAULT_PLAYERS = 4
NOT_FINISHED = ("This game is not finished yet, so it has no final scores to export. "
                "Finish the game first (the PDF score sheet shows the live scores, marked provisional).")


# -- finding and scoring a game ------------------------------------------------

def _document(state: dict, created_at: datetime) -> dict:
    """The game's state as a document to print: a state without its own
    ``created_at`` takes the time the game was stored."""
    return {**state, "created_at": state.get("created_at") or iso(created_at),
            "title": game_title(state.get("title"), created_at)}   # a game started without one: in the reader's words


def _sheet(game: Game) -> Sheet:
    try:
        return score_sheet(_document(game.state, game.created_at))
    except InvalidInput as exc:   # a value nobody entered, a card fact no source gives: never printed as counted
        problems = "; ".join(for_a_page(problem.message, language()) for problem in exc.problems)
        abort(422, _("This game cannot be scored yet: %(problems)s (the score page asks for what is missing).",
                     problems=problems))


def bgstats_link(game: Game) -> str | None:
    """The BG Stats import link of a finished game, None before the end."""
    if game.phase != "finished":
        return None
    try:
        sheet = score_sheet(_document(game.state, game.created_at))
    except InvalidInput:
        return None   # the score page shows the engine's problems; there is no play to log
    return bgstats.link(sheet, source_play_id=bgstats.play_id(game.view_token), playing_minutes=playing_minutes(game))


# -- request parameters ----------------------------------------------------------

def _flag(name: str) -> bool:
    value = request.args.get(name, "").strip().lower()
    if value in TRUE_WORDS:
        return True
    if value in FALSE_WORDS:
        return False
    complaints = {"expansion": _("expansion must be 1 or 0 (got %(raw)s).", raw=repr(value)),
                  "bot": _("bot must be 1 or 0 (got %(raw)s).", raw=repr(value))}
    abort(400, complaints[name])


def _players() -> int:
    raw = request.args.get("players", str(BLANK_PAD_DEFAULT_PLAYERS)).strip()
    if not raw.isdecimal() or not 1 <= int(raw) <= MAX_PAD_PLAYERS:
        abort(400, _("players must be a whole number from 1 to %(most)s (got %(raw)s).", most=MAX_PAD_PLAYERS,
                     raw=repr(raw)))
    return int(raw)


# -- routes -------------------------------------------------------------------------

def game_sheet(game: Game):
    """The printable score sheet (provisional until the game is finished)."""
    sheet = _sheet(game)
    view_url, played = external_url("games.view", token=game.view_token), playing_minutes(game)
    return sheet_download(lambda: render_sheet(sheet, view_url=view_url, paper=paper(), playing_minutes=played),
                          download_name(sheet.title, "score-sheet.pdf"))


def game_scores_csv(game: Game):
    if game.phase != "finished":
        abort(409, NOT_FINISHED)
    sheet = _sheet(game)
    return csv_response(tables.game_csv(sheet), download_name(sheet.title, "scores.csv"))


@bp.get("/sheets/blank.pdf")
def blank_pad():
    players, expansion, bot = _players(), _flag("expansion"), _flag("bot")
    name = f"score-pad-{players}p{'-bot' if bot else ''}{'-artisans' if expansion else ''}.pdf"
    return sheet_download(lambda: render_blank_pad(players, expansion=expansion, bot=bot, paper=paper()), name,
                          cacheable=True)


@bp.get("/games/finished.csv")
def finished_games_csv():
    # Every finished game's player names and scores: off unless the operator
    # set a token and the request carries it (docs/exports.md).
    expected = current_app.config.get("FINISHED_GAMES_CSV_TOKEN")
    given = request.args.get("token", "")
    if not expected or not secrets.compare_digest(given.encode(), str(expected).encode()):
        abort(404)
    return csv_response(tables.games_csv(_finished_games()), "finished-games.csv")


def _finished_games():
    """Finished games, oldest first. Games the engine can no longer score (a
    document from before a catalogue change) are left out, never a 500."""
    finished = store().finished()
    # each game scored with the card library it keeps (library_versions), the others with today's
    kept = library_versions.pins_of(store().engine, [game.id for game in finished])
    for game in finished:
        try:
            with catalogue.using(kept[game.id]) if game.id in kept else nullcontext():
                sheet = score_sheet(_document(game.state, game.created_at))
        except InvalidInput:
            current_app.logger.warning("finished game %s cannot be scored; left out of the CSV", game.id)
            continue
        yield tables.FinishedGame(reference=f"game-{game.id}", sheet=sheet)


@bp.app_template_global()
def export_links(game: Game, token: str, editable: bool) -> dict:
    """URLs for templates/aotwk/sheets/_export_links.html, through the address the
    page was opened with (``token`` and ``editable`` as on the game's pages)."""
    address = dict(access="g" if editable else "v", token=token)
    return {
        "sheet_pdf": url_for("games.sheet", **address),
        "sheet_pdf_letter": url_for("games.sheet", paper="letter", **address),
        "scores_csv": url_for("games.scores_csv", **address) if game.phase == "finished" else None,
        "bgstats": bgstats_link(game),
    }
