"""The table's calls into the solo bot's pieces (``companion.aotwk.rules.opponent``), all in one place.

A new bot game needs its bot set up (``new_game``), and a human's move can touch
the bot's workers (a capture at the bot's location, sending the bot's workers to
Prison, taking one's own back from the bot's board). The bot keeps where its 20
workers are; these calls let it follow such moves exactly instead of guessing in
``reconcile``. The table never imports the bot's turns (``companion.aotwk.rules.bot``):
the bot is built on the table, not the other way round.
"""

from __future__ import annotations

from companion.aotwk.rules import opponent
from companion.problems import InvalidInput, Problem

from .actors import Who, name
from .errors import MoveError, Refusal

has_workers = opponent.has_workers
DECK_FORMAT = opponent.deck.FORMAT   # a deck document's format (a rematch's deck, rebuilt from the piles)
reconcile = opponent.reconcile
# The Main Board's locations the Town Centre may capture from (the board's vocabulary lives with the bot's).
CAPTURABLE_LOCATIONS = tuple(loc.id for loc in opponent.LOCATIONS.values() if loc.capturable)


def load_deck(deck: object) -> tuple[dict | None, list[Problem]]:
    """A scheme deck document, normalised, or its problems (paths inside the deck)."""
    try:
        return opponent.load_deck(deck), []
    except InvalidInput as refused:
        return None, list(refused.problems)


def setup_bot(state: dict, *, deck: dict | None, physical: bool, seed: int) -> dict:
    """The state with its bot fully set up: fields, worker places, scheme piles."""
    return opponent.setup_bot(state, deck=deck, seed=seed, physical=physical)


def human_captures(state: dict, captor: Who, location: str | None, count: int) -> None:
    """A human captures a group of the bot's workers at a board location."""
    where = opponent.LOCATIONS.get(location) if isinstance(location, str) else None
    if where is None or not where.capturable:
        raise MoveError("location", Refusal("capture_where", bot=name(state, "bot"),
                                            locations=list(CAPTURABLE_LOCATIONS)))
    there = state["bot"]["workers"]["locations"][where.id]
    if there < count:
        raise MoveError("count", Refusal("bot_workers_at", bot=name(state, "bot"), there=there, location=where.id))
    opponent.human_captures(state, captor, where.id, count)


def human_imprisons(state: dict, captor: Who) -> int:
    """The bot's workers ``captor`` holds go to the Prison; returns how many the bot moved."""
    return opponent.human_imprisons(state, captor)


def human_releases_own(state: dict, rescuer: Who) -> None:
    """The rescuer's workers have left the bot's board."""
    opponent.human_releases_own(state, rescuer)
