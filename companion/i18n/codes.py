"""The kinds of code every game's document readers hand out, with no words: their sentences
are declared by ``companion.i18n.problem_words``, which ``companion.problems`` loads."""

from __future__ import annotations

from companion.i18n.reasons import Coded


class FieldProblem(Coded):
    """What is wrong with one field of a document: the shapes every game's reader checks. A game
    adds its own codes in a subclass (``companion.aotwk.rules.codes.AotwkProblem``, ``companion.amytis.words``)."""
