"""Languages without Flask, shared by every game: which languages the house speaks and
the machinery that says a code in one of them (``companion.i18n.reasons``: ``Coded``,
``render_reason``, ``stored`` / ``from_stored``; ``companion.i18n.sentences``: catalogue
messages, Korean particles, the one loader of catalogues).

A game's rules never write a sentence in a language: they hand out codes with
parameters, and each game says them in its own words (``companion.aotwk.i18n``,
``companion.amytis.words``). The web layer (``companion.web.i18n``) picks the reader's
language; the CLI takes ``--lang``.
"""

from __future__ import annotations

from babel import Locale
from babel.numbers import format_decimal

from companion import files

SOURCE_LANGUAGE = "en"   # the code's own messages; every other language is a catalogue in translations/
# A language is offered once its catalogue is there: a third one is a .po file and nothing else.
LANGUAGES = (SOURCE_LANGUAGE, *sorted(folder.name for folder in files.TRANSLATIONS.iterdir()
                                      if (folder / "LC_MESSAGES" / "messages.po").is_file()))
LANGUAGE_NAMES = {lang: Locale.parse(lang).get_display_name(lang) for lang in LANGUAGES}   # each in its own words


def number_text(value, lang: str) -> str:
    """A number as ``lang`` writes it (digit grouping), on every page and sheet. Never raises:
    Babel's decimal arithmetic holds 28 digits, and a stored value can be longer (a hand-edited
    import of an older release): that is shown in plain digits rather than failing the page."""
    try:
        return format_decimal(value, locale=lang)
    except (ArithmeticError, ValueError):   # decimal.InvalidOperation, OverflowError
        try:
            return str(value)
        except ValueError:   # past Python's own limit for writing a whole number out (4,300 digits)
            return "…"
