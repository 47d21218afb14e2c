"""Finished games leaving the app: PDF score sheets, CSV exports and the
BG Stats play-import link. Pure functions over a game document and the scoring
engine's result; no Flask here (the routes are in ``companion.aotwk.web.exports``)."""

from companion.aotwk.sheets.model import Column, Sheet, build_sheet, score_sheet
from companion.aotwk.sheets.pdf import SheetRequestError, render_blank_pad, render_sheet

__all__ = ["Column", "Sheet", "SheetRequestError", "build_sheet", "render_blank_pad", "render_sheet", "score_sheet"]
