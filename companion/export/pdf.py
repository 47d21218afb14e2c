"""PDF machinery for every game's sheets: the sheets' Jinja environment and the page they
extend (``templates/export/_page.html``), paper sizes, the print stylesheet in
``static/sheets/``, QR codes and WeasyPrint."""

from __future__ import annotations

from functools import cache
from pathlib import Path
import re
from typing import TYPE_CHECKING

from babel import Locale
from babel.dates import format_date
import flask_babel
import jinja2
from markupsafe import Markup
import segno

from companion import files
from companion.i18n import SOURCE_LANGUAGE, number_text
from companion.i18n.reasons import render_reason
from companion.i18n.sentences import Context, say

if TYPE_CHECKING:   # WeasyPrint itself is read in by ``load`` (or the first sheet), not with this module
    from weasyprint import CSS

STATIC = files.STATIC / "sheets"
PAGE_TEMPLATES = files.TEMPLATES / "export"   # _page.html, the page every sheet extends

PAPER_SIZES = {"a4": "A4", "letter": "letter"}


class SheetRequestError(ValueError):
    """A request the sheet cannot be made for (bad paper or player count); the
    message is shown to the user, in the request's language."""


def _plural(singular: str, plural: str, count: int) -> str:
    """The reader's form of a counted message, unformatted."""
    return flask_babel.get_translations().ungettext(singular, plural, count)


def sheet_environment(*folders: Path) -> jinja2.Environment:
    """A new Jinja environment for printed sheets: templates from ``folders`` first (a game's
    own sheets), then ``templates/export`` (the shared page, ``_page.html``), with the
    filters every sheet uses. A game adds its own filters to its own environment."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader([str(folder) for folder in (*folders, PAGE_TEMPLATES)]),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
    # Sheets follow the reader's language: in a request, Flask-Babel's (``?lang=`` on
    # the sheet link); outside one (scripts, tests), English.
    env.add_extension("jinja2.ext.i18n")
    # (the catalogue's own ngettext: Jinja formats the count and the other variables itself, where
    # Flask-Babel's would format the count alone and miss a "%(name)s" beside it)
    env.install_gettext_callables(flask_babel.gettext, _plural, newstyle=True)
    env.globals["language"] = language
    env.globals["page_number_css"] = _page_number_css
    env.filters["ordinal"] = lambda rank: ordinal(rank, language())
    env.filters["say"] = lambda said: render_reason(said, language())   # as the pages' own filter
    env.filters["day"] = lambda day: format_date(day, "medium", locale=language())   # CLDR's way, per locale
    env.filters["number"] = lambda value: number_text(value, language())
    # Long words in a narrow column get smaller type rather than a break mid-word.
    env.filters["duration"] = duration
    env.filters["longest_word"] = lambda text: max((len(word) for word in str(text).split()), default=0)
    return env


def duration(total_minutes: int) -> str:
    """A playing time as a player reads it ("1 h 25 min", "40 min"), on sheets and pages alike."""
    hours, rest = divmod(total_minutes, 60)
    if hours:
        return flask_babel.gettext("%(hours)s h %(minutes)s min", hours=hours, minutes=rest)
    return flask_babel.gettext("%(minutes)s min", minutes=rest)


@cache
def sheet_templates(*folders: Path) -> jinja2.Environment:
    """The sheets' environment for ``folders`` (made once per process)."""
    return sheet_environment(*folders)


def language() -> str:
    """The sheet's language: the request's, English outside one."""
    return str(flask_babel.get_locale() or SOURCE_LANGUAGE)


def _page_number_css() -> Markup:
    """The footer's 'page 1 of 2' as a CSS ``content`` value, in the reader's language."""
    text = flask_babel.gettext("page %(page)s of %(pages)s", page="\0page", pages="\0pages")
    quoted = '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
    return Markup(quoted.replace("\0pages", '" counter(pages) "').replace("\0page", '" counter(page) "'))


# A rank as the reader's language writes it. Which form a number takes is the language's own rule
# (CLDR's ordinal plural categories, through Babel: English 1st 2nd 3rd 4th 11th 21st); the words are
# the catalogue's (Korean has one form: 1위).
ORDINALS = {"one": Context("ordinal", "{rank}st"), "two": Context("ordinal", "{rank}nd"),
            "few": Context("ordinal", "{rank}rd"), "other": Context("ordinal", "{rank}th")}


def ordinal(rank: int, lang: str = "en") -> str:
    """1st, 2nd, 3rd, 4th... 11th, 12th, 13th, 21st; 1위 in Korean."""
    form = Locale.parse(lang).ordinal_form(rank)
    return say(ORDINALS.get(form, ORDINALS["other"]), lang, rank=rank)


def paper_size(paper: str | None) -> str:
    """The CSS page size for a ``paper`` choice (``a4`` by default)."""
    key = (paper or "a4").strip().lower()
    if key not in PAPER_SIZES:
        raise SheetRequestError(flask_babel.gettext("paper must be one of %(sizes)s (got %(paper)s)",
                                                    sizes=", ".join(PAPER_SIZES), paper=repr(paper)))
    return PAPER_SIZES[key]


def load() -> None:
    """WeasyPrint read in (a second or more: its fonts): the server does it at its start, so
    that its first sheet is drawn as fast as the next; a process that draws none never does."""
    import weasyprint  # noqa: F401


@cache
def stylesheet() -> CSS:
    # Parsed once per process: the CSS is the same for every sheet.
    from weasyprint import CSS

    return CSS(filename=str(STATIC / "sheet.css"))


def qr_data_uri(url: str) -> str:
    """A QR code for ``url`` as an SVG data URI (vector: sharp at any print size)."""
    return segno.make(url, error="m").svg_data_uri(scale=4, border=2)


# Between two Hangul syllables of one word: WeasyPrint (70) ignores ``word-break: keep-all`` and
# would break a Korean word anywhere ("있습/니다"); a word joiner (U+2060, invisible, not in the
# PDF's text) forbids that break. Markup (a tag and its attributes) is left alone.
_INSIDE_A_KOREAN_WORD = re.compile("(?<=[\uac00-\ud7a3])(?=[\uac00-\ud7a3])")
_MARKUP = re.compile(r"(<[^>]*>)")
WORD_JOINER = "\u2060"


def keep_korean_words_whole(html: str) -> str:
    """``html`` with each Korean word of its body's text joined: lines break between words only."""
    head, body_tag, body = html.partition("<body")
    if not body_tag:
        head, body = "", html
    parts = _MARKUP.split(body)
    parts[::2] = [_INSIDE_A_KOREAN_WORD.sub(WORD_JOINER, text) for text in parts[::2]]
    return head + body_tag + "".join(parts)


def to_pdf(html: str, *stylesheets: CSS) -> bytes:
    """A sheet's HTML laid out as PDF with the print stylesheet, then a game's own ``stylesheets``."""
    from weasyprint import HTML

    return HTML(string=keep_korean_words_whole(html), base_url=str(STATIC) + "/").write_pdf(
        stylesheets=[stylesheet(), *stylesheets])
