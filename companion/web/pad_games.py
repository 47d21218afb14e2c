"""What every pad game (a game counted on a phone's pad, its state its score document) serves the
same way, each with its own templates, words and sheets: its live region or whole page, its history
in seat order, its printed sheet, a finished game's CSV and BG Stats link.

A game's web module makes one ``PadGame`` of its own pieces and hands its methods to its
``GamePages`` (``companion.web.game_pages``); this module names no game.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Callable

from flask import abort, render_template
from flask_babel import lazy_gettext as _l

from companion.game_time import played_at
from companion.web import rounds
from companion.web.downloads import csv_response, download_name, paper, sheet_download
from companion.web.extensions import htmx
from companion.web.groups import playing_minutes
from companion.web.helpers import external_url
from companion.web.storage.store import Game

NOT_FINISHED = _l("The game is not over yet: tap “Game over” on the pad first.")


@dataclass(frozen=True)
class PadGame:
    """One pad game's own pieces: its templates, its history's words, its sheets module's functions."""
    page: str                                        # its whole page's template ("<game>/pad.html")
    region: str                                      # its live region's, what a tap or a poll gets back
    describe: Callable[[dict, dict], str]            # (state, move) -> the move's history sentence
    render_sheet: Callable[..., bytes]               # (state, *, played_at, view_url, paper) -> the sheet's PDF
    csv_text: Callable[[dict, datetime | None], str]   # (state, played_at) -> the scores as CSV
    bgstats_link: Callable[..., str]                 # (state, *, view_token, played_at, playing_minutes, scores)
    sheet_file: str                                  # the downloads' names after the game's title
    csv_file: str

    def render(self, context: dict, status: int = 200):
        """The live region for htmx requests (taps, polls), the whole page otherwise."""
        return render_template(self.region if htmx else self.page, **context), status

    def history(self, game: Game, events: rounds.Events) -> list:
        """The history page's rounds: the players in seat order (companion.web.rounds)."""
        return rounds.history(game, events, lambda state, move, notes: self.describe(state, move),
                              list(range(len(game.state["players"]))))

    def bgstats(self, game: Game, scores: dict | None) -> str | None:
        """The BG Stats import link of a finished game, None before its end or for a game that cannot
        be scored (``scores``: the pad's result, None or with "problems" then)."""
        if game.phase != "finished" or scores is None or "problems" in scores:
            return None
        return self.bgstats_link(game.state, view_token=game.view_token,
                                 played_at=played_at(game.state, game.created_at),
                                 playing_minutes=playing_minutes(game), scores=scores)

    def sheet(self, game: Game):
        """The one-page sheet (?paper=a4|letter), at the shared /g/<t>/sheet.pdf."""
        return sheet_download(lambda: self.render_sheet(game.state, played_at=played_at(game.state, game.created_at),
                                                        view_url=external_url("games.view", token=game.view_token),
                                                        paper=paper()), download_name(game.title, self.sheet_file))

    def scores_csv(self, game: Game):
        """A finished game's scores, at the shared /g/<t>/scores.csv."""
        if game.phase != "finished":
            abort(409, str(NOT_FINISHED))
        return csv_response(self.csv_text(game.state, played_at(game.state, game.created_at)),
                            download_name(game.title, self.csv_file))

