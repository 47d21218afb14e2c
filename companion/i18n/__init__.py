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

LANGUAGES = ("en", "ko")
LANGUAGE_NAMES = {"en": "English", "ko": "한국어"}
