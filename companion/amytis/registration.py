"""The Architects of Amytis in the house's registry of games (``companion.games``)."""

from __future__ import annotations

from companion.amytis import GAME_ID, GAME_NAME, scoring
from companion.games import Game

GAME = Game(id=GAME_ID, name=GAME_NAME, score_document=scoring.score_document, web="companion.amytis.web")
