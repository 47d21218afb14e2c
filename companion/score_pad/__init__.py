"""Any game: a plain score pad for the other games of a game night (shared/contracts/score-pad.md).

The third game of the registry, and the proof that a game is one package. Pure rules (no
Flask, no database): ``document`` reads and checks a score document, ``scoring`` totals and
ranks it, ``pad`` is the game state and the taps that change it. The web pad is
``companion.score_pad.web`` with its own templates and static folder beside it; its sheet,
CSV and BG Stats play are ``companion.score_pad.sheets``.
"""

GAME_ID = "score_pad"
GAME_NAME = "Any game"
