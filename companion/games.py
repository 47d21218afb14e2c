"""The games this house holds: each game's package registers itself here once.

A game is one package (``companion/aotwk/``, ``companion/amytis/``) whose ``registration``
module defines ``GAME``, a ``Game``: its id (what its documents carry in ``"game"``), its
scorer, what a group's statistics read from a finished game, whether its events time the play, and the module of its pages
(imported by the web app only, so ``companion score`` loads no Flask). ``INSTALLED`` names
those modules: a third game adds its package and one line there.

Everything shared (the score command, the web shell, groups) asks this registry and
imports no game. Pure: no Flask, no database.
"""

from __future__ import annotations

import difflib
import importlib
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from datetime import timedelta
from functools import cache
from typing import Any, Callable

from companion.game_time import document_playing_time
from companion.i18n.problem_words import FieldProblem
from companion.problems import InvalidInput, Problem

# The registration module of every game, the default game first (a document without "game").
INSTALLED = (
    "companion.aotwk.registration",
    "companion.amytis.registration",
    "companion.score_pad.registration",
)


@dataclass(frozen=True)
class CardLibrary:
    """Facts a game's rulebooks leave out, kept by a group (``companion score --library FILE``)."""
    parse: Callable[[Any], tuple[dict, list]]                 # file data -> (facts, problems)
    using: Callable[[dict], AbstractContextManager]           # scoring within: with those facts


@dataclass(frozen=True)
class Game:
    id: str                                          # the document's "game"
    name: str                                        # in English (the web says it in the reader's language)
    score_document: Callable[[Any], dict]            # document -> the score command's output, or InvalidInput
    web: str                                         # the module of its pages: ``pages`` (a GamePages)
    # What a group's statistics keep of one seat beyond its total and categories:
    # (the document's player, the scores' entry) -> {figure: value} (companion.groups.stats.Seat)
    seat_facts: Callable[[dict, dict, dict], dict] = field(default=lambda document, player, entry: {})
    # The figures among those a group's page averages per person, each with its words (a catalogue message)
    seat_figures: tuple[tuple[str, Any], ...] = ()
    # Whether a document's event times time the play (a paper pad's say when its totals were typed)
    times_play: Callable[[dict], bool] = field(default=lambda document: True)
    card_library: CardLibrary | None = None
    # A stored game's state -> its scores, for a state known to be sound (the rules wrote and
    # checked it), or InvalidInput for what the score still asks; None: ``score_document`` reads it
    score_state: Callable[[dict], dict] | None = None
    # Its own database tables: the module that puts them on the store's schema (imported by name, as
    # ``web`` is), and the package holding their Alembic revisions (a version location of the store's)
    tables: str | None = None
    migrations: str | None = None


@cache
def installed() -> dict[str, Game]:
    """Every registered game by id, the default first; a listed module that is missing is an error."""
    registered = [importlib.import_module(name).GAME for name in INSTALLED]
    return {game.id: game for game in registered}


def default() -> Game:
    return next(iter(installed().values()))


def game_of(doc: Any) -> Game:
    """The game a document is (the default game when it names none), or InvalidInput for an unknown one."""
    name = doc.get("game") if isinstance(doc, dict) else None
    if name is None:
        return default()
    games = installed()
    if not isinstance(name, str) or name not in games:
        close = difflib.get_close_matches(str(name), list(games), n=1, cutoff=0.5)
        raise InvalidInput([Problem("game", FieldProblem("unknown_game", got=repr(name), hint=close[0] if close else None,
                                                         known=", ".join(games)))])
    return games[name]


def kind_of(doc: Any) -> str:
    """The id of the game a stored state or document is (the default game's for one it cannot name)."""
    name = doc.get("game") if isinstance(doc, dict) else None
    return name if isinstance(name, str) and name in installed() else default().id


def score_document(doc: Any) -> dict[str, Any]:
    """Score a document of any registered game (InvalidInput for a bad one)."""
    return game_of(doc).score_document(doc)


def playing_time(doc: dict) -> timedelta | None:
    """How long the game was played, from its events' times; None where that is unknown: too few
    times, or a game whose events do not time the play (``Game.times_play``)."""
    if not installed()[kind_of(doc)].times_play(doc):
        return None
    return document_playing_time(doc)


def with_card_library() -> Game | None:
    """The game whose card library ``--library`` names (the first that keeps one)."""
    return next((game for game in installed().values() if game.card_library), None)
