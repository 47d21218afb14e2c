"""Counted game things, said with their number (``Plural`` messages): one place for the words
that several kinds of AotWK sentence count ('2 unpaid debts', '미납 채권 2장')."""

from __future__ import annotations

from companion.i18n.sentences import Phrase, Plural

ADORNMENTS = Plural("{n} adornment", "{n} adornments")
BUILDINGS = Plural("{n} building", "{n} buildings")
DEBTS = Plural("{n} debt", "{n} debts")
UNPAID_DEBTS = Plural("{n} unpaid debt", "{n} unpaid debts")
TOOLS = Plural("{n} tool", "{n} tools")
WORKERS = Plural("{n} worker", "{n} workers")
APPRENTICES = Plural("{n} apprentice", "{n} apprentices")


def count_of(message: Plural, n: int) -> Phrase:
    """``n`` things: ``count_of(UNPAID_DEBTS, 2)`` says '2 unpaid debts'."""
    return Phrase(message, n=n)
