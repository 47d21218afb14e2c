"""What every game's exports answer with: a PDF or CSV download, its file name, the paper
a request wants. Each game's own routes (``companion.aotwk.web.exports``
for AotWK, ``companion.amytis.web``) find the game, render it and answer through these.
"""

from __future__ import annotations

import io
import re
import unicodedata
from typing import Callable

from flask import Response, abort, g, request, send_file

from companion.export.pdf import SheetRequestError
from companion.web.documents import refuse_damaged
from companion.web.helpers import game_found, store
from companion.web.storage.store import Game, GameNotFound

# Countries that print on US Letter; everyone else gets A4 unless ?paper= says otherwise.
LETTER_REGIONS = {"US", "CA", "MX", "PH", "CL", "CO", "VE", "GT", "CR", "PR"}


def paper() -> str:
    """The paper a sheet is printed on: ?paper=, else the request's region (US Letter or A4)."""
    chosen = request.args.get("paper")
    if chosen:
        return chosen
    # "en-US" -> "US"; a bare language ("en") says nothing about paper.
    _language, _, region = (request.accept_languages.best or "").replace("_", "-").partition("-")
    return "letter" if region.upper() in LETTER_REGIONS else "a4"


def download_name(title: str, suffix: str) -> str:
    """A file name from a game's title: ASCII, lower case, dashes ("friday-game-score-sheet.pdf")."""
    ascii_title = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^A-Za-z0-9]+", "-", ascii_title).strip("-").lower()[:60] or "game"
    return f"{slug}-{suffix}"


def exported_game(token: str) -> Game:
    """The game behind an edit or a view token (either may read its exports), else 404. A record
    that fails its game's schema is the damaged-record page (422) here too, never a failed sheet."""
    try:
        game = store().find(token)[0]
    except GameNotFound:
        abort(404)
    g.token = token
    refuse_damaged(game)
    return game_found(game)


def sheet_download(render: Callable[[], bytes], filename: str, *, cacheable: bool = False) -> Response:
    """A rendered sheet as a download; a request the sheet cannot honour (an unknown paper) is a 400."""
    try:
        data = render()
    except SheetRequestError as exc:
        abort(400, str(exc))
    return pdf_response(data, filename, cacheable=cacheable)


def pdf_response(data: bytes, filename: str, *, cacheable: bool = False) -> Response:
    response = send_file(io.BytesIO(data), mimetype="application/pdf", download_name=filename)
    # A game's sheet changes with the game; a blank pad never does.
    response.headers["Cache-Control"] = "public, max-age=86400" if cacheable else "no-store"
    return response


def csv_response(text: str, filename: str) -> Response:
    response = send_file(io.BytesIO(text.encode("utf-8")), mimetype="text/csv",
                         download_name=filename, as_attachment=True)
    response.headers["Content-Type"] = "text/csv; charset=utf-8"
    response.headers["Cache-Control"] = "no-store"
    return response
