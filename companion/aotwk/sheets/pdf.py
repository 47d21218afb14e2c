"""PDF score sheets: the filled-in sheet of a game and the blank pad.

HTML from Jinja templates in ``templates/aotwk/sheets/``, laid out by WeasyPrint with
the print stylesheet in ``static/sheets/``. The layout is plain tables: WeasyPrint
is slow with nested flexbox, and a paper score pad is a table anyway.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from babel.dates import format_date
from babel.numbers import format_decimal
import flask_babel
import jinja2
from markupsafe import Markup

from companion.export.pdf import ROOT, SheetRequestError, paper_size, qr_data_uri, to_pdf
from companion.aotwk.i18n.names import opponent_name
from companion.i18n.reasons import render_reason
from companion.aotwk.sheets.categories import for_pad
from companion.aotwk.sheets.model import Sheet, ordinal

TEMPLATES = ROOT / "templates" / "aotwk" / "sheets"
# Player colours the stylesheet draws as a band over the player's column
# (the app's colours and Age of Artisans' orange); any other is left plain.
PLAYER_COLOURS = frozenset({"red", "blue", "green", "yellow", "purple", "black", "orange"})
MAX_PAD_PLAYERS = 6     # Age of Artisans seats six


@cache
def sheet_templates(*folders: Path) -> jinja2.Environment:
    """The Jinja environment of printed sheets: templates from ``folders`` first (a game's own
    sheets), then ``templates/aotwk/sheets`` (the shared page, ``_page.html``)."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader([str(folder) for folder in (*folders, TEMPLATES)]),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
    # Sheets follow the reader's language: in a request, Flask-Babel's (``?lang=`` on
    # the sheet link); outside one (scripts, tests), English.
    env.add_extension("jinja2.ext.i18n")
    env.install_gettext_callables(flask_babel.gettext, flask_babel.ngettext, newstyle=True)
    env.globals["language"] = _language
    env.globals["page_number_css"] = _page_number_css
    env.filters["ordinal"] = lambda rank: f"{rank}위" if _language() == "ko" else ordinal(rank)
    env.filters["reason"] = lambda reason: render_reason(reason, _language())
    env.filters["how"] = lambda category: category.how_in(_language())
    env.filters["day"] = lambda day: (day.isoformat() if _language() == "en"
                                      else format_date(day, "medium", locale=_language()))
    env.filters["number"] = lambda value: format_decimal(value, locale=_language())
    # a column's name as the reader says it: the bot is 헬레나 on a Korean sheet, a player's name stays theirs
    env.filters["who"] = lambda column: opponent_name(column.name, _language()) if column.is_bot else column.name
    # Long words in a narrow column get smaller type rather than a break mid-word.
    env.filters["longest_word"] = lambda text: max((len(word) for word in str(text).split()), default=0)
    return env


def _language() -> str:
    return str(flask_babel.get_locale() or "en")


def _page_number_css() -> Markup:
    """The footer's 'page 1 of 2' as a CSS ``content`` value, in the reader's language."""
    text = flask_babel.gettext("page %(page)s of %(pages)s", page="\0page", pages="\0pages")
    quoted = '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return Markup(quoted.replace("\0pages", '" counter(pages) "').replace("\0page", '" counter(page) "'))


def sheet_html(sheet: Sheet, *, view_url: str | None, paper: str | None = None) -> str:
    return sheet_templates().get_template("sheet.html").render(
        sheet=sheet,
        page_size=paper_size(paper),
        view_url=view_url,
        qr=qr_data_uri(view_url) if view_url else None,
        player_colours=PLAYER_COLOURS,
    )


def render_sheet(sheet: Sheet, *, view_url: str | None = None, paper: str | None = None) -> bytes:
    """The sheet as PDF: one page when everything fits, otherwise the score table
    alone on page 1 and the reasons from page 2 on (the stylesheet keeps the
    reasons block whole, so it moves rather than splits)."""
    return to_pdf(sheet_html(sheet, view_url=view_url, paper=paper))


def pad_html(players: int, *, expansion: bool = False, bot: bool = False, paper: str | None = None) -> str:
    if not 1 <= players <= MAX_PAD_PLAYERS:
        raise SheetRequestError(flask_babel.gettext("players must be between 1 and %(most)s (got %(players)s)",
                                                    most=MAX_PAD_PLAYERS, players=players))
    return sheet_templates().get_template("blank.html").render(
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
