"""PDF score sheets: the filled-in sheet of a game and the blank pad.

HTML from Jinja templates in ``templates/aotwk/sheets/`` on the shared page
(``companion.export.pdf``), laid out by WeasyPrint with the print stylesheet in
``static/sheets/``. The layout is plain tables: WeasyPrint is slow with nested
flexbox, and a paper score pad is a table anyway.
"""

from __future__ import annotations

from functools import cache

import flask_babel
import jinja2

from companion import charts, files
from companion.aotwk.i18n.names import opponent_name
from companion.aotwk.sheets.categories import for_pad
from companion.aotwk.sheets.model import Sheet
from companion.export.pdf import SheetRequestError, language, paper_size, qr_data_uri, sheet_environment, to_pdf

TEMPLATES = files.TEMPLATES / "aotwk" / "sheets"
# Player colours the stylesheet draws as a band over the player's column
# (the app's colours and Age of Artisans' orange); any other is left plain.
PLAYER_COLOURS = frozenset({"red", "blue", "green", "yellow", "purple", "black", "orange"})
MAX_PAD_PLAYERS = 6     # Age of Artisans seats six


@cache
def _templates() -> jinja2.Environment:
    """AotWK's sheets (``templates/aotwk/sheets``) on the shared page, with AotWK's own filters."""
    env = sheet_environment(TEMPLATES)
    env.filters["how"] = lambda category: category.how_in(language())
    env.filters["who"] = _who
    return env


def _who(column) -> str:
    """A column's name as the reader says it: the bot is 헬레나 on a Korean sheet, a player's name stays theirs."""
    return opponent_name(column.name, language()) if column.is_bot else column.name


def score_chart(sheet: Sheet) -> tuple[charts.BarChart, dict[str, str]]:
    """The sheet's chart (a bar per column split by category) and each category's words."""
    entries = [{"name": _who(column), "total": column.total, "categories": column.values} for column in sheet.columns]
    return (charts.score_bars(entries, [row.key for row in sheet.rows], row_height=17, bar_height=12),
            {row.key: flask_babel.gettext(row.label) for row in sheet.rows})


def sheet_html(sheet: Sheet, *, view_url: str | None, paper: str | None = None,
               playing_minutes: int | None = None) -> str:
    bars, labels = score_chart(sheet)
    return _templates().get_template("sheet.html").render(
        sheet=sheet, bars=bars, labels=labels, playing_minutes=playing_minutes,
        page_size=paper_size(paper),
        view_url=view_url,
        qr=qr_data_uri(view_url) if view_url else None,
        player_colours=PLAYER_COLOURS,
    )


def render_sheet(sheet: Sheet, *, view_url: str | None = None, paper: str | None = None,
                 playing_minutes: int | None = None) -> bytes:
    """The sheet as PDF: one page when everything fits, otherwise the score table
    alone on page 1 and the reasons from page 2 on (the stylesheet keeps the
    reasons block whole, so it moves rather than splits)."""
    return to_pdf(sheet_html(sheet, view_url=view_url, paper=paper, playing_minutes=playing_minutes))


def pad_html(players: int, *, expansion: bool = False, bot: bool = False, paper: str | None = None) -> str:
    if not 1 <= players <= MAX_PAD_PLAYERS:
        raise SheetRequestError(flask_babel.gettext("players must be between 1 and %(most)s (got %(players)s)",
                                                    most=MAX_PAD_PLAYERS, players=players))
    return _templates().get_template("blank.html").render(
        players=players,
        bot=bot,
        expansion=expansion,
        rows=for_pad(with_bot=bot, expansion=expansion),
        page_size=paper_size(paper),
    )


def render_blank_pad(players: int, *, expansion: bool = False, bot: bool = False,
                     paper: str | None = None) -> bytes:
    """A printable empty score pad for ``players`` columns (plus a bot column when
    ``bot``), with the Age of Artisans rows when ``expansion``."""
    return to_pdf(pad_html(players, expansion=expansion, bot=bot, paper=paper))
