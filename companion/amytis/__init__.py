"""The Architects of Amytis: a second game's end-of-game score pad.

Pure rules (no Flask, no database): ``favors`` loads the King's Favors from
``favors.yaml``, ``document`` reads and checks a score document
(shared/contracts/amytis-score.md), ``scoring`` scores it. The web pad is
``companion.amytis.web``; its sheets and CSV are ``companion.amytis.sheets``.
"""

GAME_ID = "architects_of_amytis"
GAME_NAME = "The Architects of Amytis"
