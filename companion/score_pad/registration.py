"""Any game (a plain score pad) in the house's registry of games (``companion.games``)."""

from __future__ import annotations

from companion.games import Game
from companion.score_pad import GAME_ID, GAME_NAME, scoring

GAME = Game(id=GAME_ID, name=GAME_NAME, score_document=scoring.score_document, web="companion.score_pad.web")
