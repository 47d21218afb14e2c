"""Languages in the web app: Flask-Babel, which language a request is answered in,
and the one-tap switch.

A request's language, first match wins: ``?lang=`` in the address (the sheet
link carries it, so the PDF follows the page it was opened from; a page opened so
is remembered as the device's choice), the language of
the page an htmx request comes from (header ``X-Language``), the device's
choice (a cookie set by the switch), the browser's Accept-Language, English.
English is the source language; ``translations/ko/LC_MESSAGES/messages.po`` holds
Korean and is compiled to ``.mo`` when the app starts (see ``compile_catalogues``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import flask_babel
from flask import Blueprint, Flask, has_request_context, redirect, request
from jinja2 import pass_context
from markupsafe import Markup
from babel.dates import format_skeleton
from flask_babel import Babel, format_date, get_locale, lazy_gettext as _l, to_user_timezone

from companion import files
from companion.i18n import LANGUAGE_NAMES, LANGUAGES, SOURCE_LANGUAGE, number_text
from companion.i18n.field_words import field_words, for_a_page
from companion.i18n.reasons import render_reason
from companion.i18n.sentences import catalogue, compile_catalogues
from companion.web.helpers import same_site_path
from companion.web.transport import page_is_https

LANG_COOKIE = "lang"
LANG_COOKIE_DAYS = 365
PAGE_LANGUAGE_HEADER = "X-Language"
VARY_BY_LANGUAGE = ("Accept-Language", "Cookie", PAGE_LANGUAGE_HEADER)

babel = Babel()
bp = Blueprint("i18n", __name__)


def language() -> str:
    """This request's language code ('en', 'ko', ...: companion.i18n.LANGUAGES), kept on the
    request once chosen: a table page asks some hundred times, and Flask-Babel's look-up goes
    through the context and names the locale anew each time."""
    if not has_request_context():
        return str(get_locale() or SOURCE_LANGUAGE)
    found = getattr(request, "_language", None)
    if found is None:
        found = request._language = str(get_locale() or SOURCE_LANGUAGE)
    return found


def _select_locale() -> str:
    asked = request.args.get("lang")
    if asked in LANGUAGES:
        return asked
    # htmx requests from a page carry its language (base.html's hx-headers): a page
    # opened with ?lang= gets its fragments and polls in the same language.
    page = request.headers.get(PAGE_LANGUAGE_HEADER)
    if page in LANGUAGES:
        return page
    chosen = request.cookies.get(LANG_COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES, default=SOURCE_LANGUAGE)


def with_lang(url: str, lang: str | None = None) -> str:
    """``url`` carrying ``lang=`` (the page's language unless given), keeping its other
    parameters. An English page whose own address did not ask for English leaves the
    link as it is: the device that follows it chooses the same way."""
    lang = lang or language()
    if lang == SOURCE_LANGUAGE and "lang" not in request.args:
        return url
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != "lang"]
    query.append(("lang", lang))
    return urlunsplit(parts._replace(query=urlencode(query)))


def _safe_next(target: str | None) -> str:
    """Only a path on this site (never a redirect to another one), without its ``lang``."""
    parts = urlsplit(same_site_path(target))
    query = urlencode([(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != "lang"])
    return urlunsplit(("", "", parts.path, query, ""))


def _remember(response, lang: str) -> None:
    """The device's choice: the cookie the switch sets."""
    response.set_cookie(LANG_COOKIE, lang, max_age=LANG_COOKIE_DAYS * 86400, samesite="Lax", httponly=True,
                        secure=page_is_https())


@bp.get("/language/<lang>")
def choose(lang: str):
    """The switch in the header: remember the language on this device, back to the same page."""
    response = redirect(_safe_next(request.args.get("next")), code=303)
    if lang in LANGUAGES:
        _remember(response, lang)
    return response


def _remember_asked_language(response):
    """A page opened with ``?lang=`` (a shared link, a bookmark) keeps its language on the next
    page: the address's choice becomes the device's, as if the switch had been tapped. Only a
    whole page does so: its fragments, sheets and downloads follow the page that asked for them."""
    asked = request.args.get("lang")
    if (asked in LANGUAGES and asked != request.cookies.get(LANG_COOKIE) and request.method == "GET"
            and response.mimetype == "text/html" and not request.headers.get("HX-Request")):
        _remember(response, asked)
    return response


# A problem with a whole input rather than one field is placed by one of these words.
WHOLE_INPUT = {"(document)": _l("(document)"), "(file)": _l("(file)"), "(deck)": _l("(deck)")}


def problem_line(problem) -> str:
    """A ``Problem`` as a player reads it: ``where: what is wrong``, in the reader's language, the
    field in words ("player 1, unpaid debts", not the file's ``players[0].debts_unpaid``)."""
    lang = language()
    where = WHOLE_INPUT.get(problem.path) or field_words(problem.path, lang)
    return f"{where}: {for_a_page(problem.message, lang)}"


def game_problem_line(problem, players: list) -> str:
    """A problem of a game's own state as its table reads it: the player it is about by name
    (``players[1].tools`` -> "Bob"), then what is wrong; no field path (that is for documents)."""
    said = for_a_page(problem.message, language())
    seat = re.match(r"players\[(\d+)\]", problem.path or "")
    if seat and int(seat.group(1)) < len(players):
        return f"{players[int(seat.group(1))].get('name')}: {said}"
    return said


def number(value) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return _whole_number(language(), value)
    return number_text(value, language())


@lru_cache(maxsize=2048)
def _whole_number(lang: str, value: int) -> str:
    """Babel takes some 20 µs a number, and a score table says a few hundred: each said once per language."""
    return number_text(value, lang)


def game_title(title: str | None, created_at=None) -> str:
    """A game's title as this reader reads it: the one it was given, or, for a game started without
    one (none is stored), one made from the day it was created in the reader's language ("Game of Nov
    28, 2026", "2026. 11. 28. 게임"): one phone's language never names the game for the others."""
    if title:
        return _rematch_in_words(title)
    if created_at is None:
        return str(_l("Untitled game"))
    return flask_babel.gettext("Game of %(date)s", date=format_date(to_user_timezone(created_at), "medium"))


REMATCH_TITLE = "%(title)s · rematch %(num)s"   # (companion.web.rematches names a rematch so)
REMATCH_ENDING = re.compile(r"^(?P<base>.+?) · [^·\d]+ (?P<num>\d+)$")


def _rematch_in_words(title: str) -> str:
    """A rematch's title said in the reader's language: the app wrote "Thursday 1 · rematch 2" in the
    language of the phone that asked for it; a title a player typed is left as typed."""
    found = REMATCH_ENDING.match(title)
    if not found:
        return title
    made = {"title": found["base"], "num": found["num"]}
    if not any(catalogue(lang).gettext(REMATCH_TITLE) % made == title for lang in LANGUAGES):
        return title
    return flask_babel.gettext(REMATCH_TITLE, **made) if has_request_context() else title


def titled(game) -> str:
    """``game_title`` of anything with a ``title`` and a ``created_at`` (a stored game, a group's row)."""
    return game_title(game.title, getattr(game, "created_at", None))


def moment(value) -> str:
    """A date and time for the locale, on a 24-hour clock ('Nov 22, 2026 15:04', '2026. 11. 22. 15:04'):
    the CLDR's Korean 12-hour pattern prints a Latin 'PM'."""
    local = to_user_timezone(value)
    return f"{format_date(local, 'medium')} {format_skeleton('Hm', local, locale=get_locale())}"


def _translations():
    """The reader's catalogue, looked up once per request: Flask-Babel finds it through the
    context on every call, and a table page says some 300 words (a third of a move's time)."""
    if not has_request_context():
        return flask_babel.get_translations()
    found = getattr(request, "_catalogue", None)
    if found is None:
        found = request._catalogue = flask_babel.get_translations()
    return found


@pass_context
def _template_gettext(context, string: str, **variables):
    """Jinja's new-style ``_()``, with a word that has no variables said once per catalogue: the
    same few hundred constant words make up most of every live region, and each would otherwise be
    looked up, wrapped in Markup and %-formatted again on every render."""
    catalogue = _translations()
    escaped = context.eval_ctx.autoescape
    if variables:
        said = catalogue.ugettext(string)
        return (Markup(said) if escaped else said) % variables
    try:
        words = catalogue.said_in_templates
    except AttributeError:
        words = catalogue.said_in_templates = {}
    key = (string, escaped)
    said = words.get(key)
    if said is None:
        said = catalogue.ugettext(string)
        said = words[key] = (Markup(said) if escaped else said) % {}   # as Jinja's: '%%' says '%'
    return said


def register(app: Flask, translations: Path) -> None:
    # The .mo files are built from the .po files at start: beside them in a checkout, in the
    # instance folder for an installed package (site-packages may be read-only, and pip would
    # leave files it did not install behind) or a read-only checkout.
    compiled = Path(app.instance_path) / "translations" if files.INSTALLED else translations
    try:
        compile_catalogues(translations, into=compiled)
    except OSError:
        compiled = Path(app.instance_path) / "translations"
        compile_catalogues(translations, into=compiled)
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(compiled))
    babel.init_app(app, locale_selector=_select_locale)
    # Templates say their words through one catalogue per request (see _translations).
    app.jinja_env.install_gettext_callables(lambda string: _translations().ugettext(string),
                                            lambda one, many, n: _translations().ungettext(one, many, n),
                                            newstyle=True)
    # ``_`` is the same function, not Jinja's alias that looks ``gettext`` up on every call
    app.jinja_env.globals["gettext"] = app.jinja_env.globals["_"] = _template_gettext
    app.register_blueprint(bp)

    @app.context_processor
    def _languages():
        return {"lang": language(), "language_names": LANGUAGE_NAMES, "languages": LANGUAGES}

    @app.after_request
    def _vary(response):
        # The same address answers in the device's language: a cache must tell them apart.
        if "Vary" in response.headers:
            response.vary.update(VARY_BY_LANGUAGE)
        else:   # (most answers: no header set to parse and write back)
            response.headers["Vary"] = ", ".join(VARY_BY_LANGUAGE)
        if response.mimetype in ("text/html", "application/pdf"):   # JSON and CSV stay English
            response.headers.setdefault("Content-Language", language())
        return _remember_asked_language(response)

    app.jinja_env.globals["with_lang"] = with_lang
    # any code from the rules core (a scoring reason, a refusal, a note, a bot step) in the reader's language
    app.jinja_env.filters["say"] = lambda said: render_reason(said, language())
    app.jinja_env.filters["problem"] = problem_line
    app.jinja_env.filters["game_problem"] = game_problem_line
    app.jinja_env.filters["number"] = number
    app.jinja_env.filters["datetime"] = moment
    app.jinja_env.filters["game_title"] = titled
    # a game's own words are its blueprint's filters (AotWK's: companion.aotwk.web.template_words)
