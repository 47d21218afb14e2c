"""Architects of the West Kingdom: its rules core, card catalogue, score sheet, words and pages.

The rules core hands out codes with no words (``companion.aotwk.rules.codes``); their sentences
are declared by the words modules, loaded here once so a code says itself wherever the rules run.
"""

from companion.aotwk.i18n import (abilities, library_refusals, pad_words, problem_words,  # noqa: F401
                                  reasons, refusals, table_notes)
from companion.aotwk.i18n import bot_words, setup_steps  # noqa: F401,E402
