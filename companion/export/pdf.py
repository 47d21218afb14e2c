"""PDF machinery for every game's sheets: paper sizes, the print stylesheet in
``static/sheets/``, QR codes and WeasyPrint."""

from __future__ import annotations

from datetime import datetime
from functools import cache
from pathlib import Path

import flask_babel
import segno
# Imported with the module, not on the first sheet: importing WeasyPrint takes
# most of a second, which the server should pay when it starts, not a player.
from weasyprint import CSS, HTML

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "static" / "sheets"

PAPER_SIZES = {"a4": "A4", "letter": "letter"}


class SheetRequestError(ValueError):
    """A request the sheet cannot be made for (bad paper or player count); the
    message is shown to the user, in the request's language."""


def paper_size(paper: str | None) -> str:
    """The CSS page size for a ``paper`` choice (``a4`` by default)."""
    key = (paper or "a4").strip().lower()
    if key not in PAPER_SIZES:
        raise SheetRequestError(flask_babel.gettext("paper must be one of %(sizes)s (got %(paper)s)",
                                                    sizes=", ".join(PAPER_SIZES), paper=repr(paper)))
    return PAPER_SIZES[key]


@cache
def stylesheet() -> CSS:
    # Parsed once per process: the CSS is the same for every sheet.
    return CSS(filename=str(STATIC / "sheet.css"))


def qr_data_uri(url: str) -> str:
    """A QR code for ``url`` as an SVG data URI (vector: sharp at any print size)."""
    return segno.make(url, error="m").svg_data_uri(scale=4, border=2)


def to_pdf(html: str, *stylesheets: CSS) -> bytes:
    """A sheet's HTML laid out as PDF with the print stylesheet, then a game's own ``stylesheets``."""
    return HTML(string=html, base_url=str(STATIC) + "/").write_pdf(stylesheets=[stylesheet(), *stylesheets])


def parse_timestamp(value) -> datetime | None:
    """An ISO 8601 time from the document ("...Z" included), or None when absent
    or unreadable: a missing date must not stop a sheet from printing."""
    if not isinstance(value, str) or not value:
        return None
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
