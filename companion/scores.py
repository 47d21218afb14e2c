"""Which game a score document is, and the engine that scores it.

One dispatch for ``companion score`` and the web's score.json: a document's
``game`` names its game; none (or AotWK's id) is Architects of the West Kingdom,
scored exactly as before. A new game adds one line here.
"""

from __future__ import annotations

import difflib
import importlib
from typing import Any

from companion.aotwk.rules.document import GAME_ID as AOTWK
from companion.i18n.problem_words import FieldProblem
from companion.problems import InvalidInput, Problem

SCORERS = {
    AOTWK: "companion.aotwk.rules.scoring",
    "architects_of_amytis": "companion.amytis.scoring",
}


def game_of(doc: Any) -> str:
    """The document's game id (AotWK when it names none), or InvalidInput for an unknown one."""
    game = doc.get("game") if isinstance(doc, dict) else None
    if game is None:
        return AOTWK
    if not isinstance(game, str) or game not in SCORERS:
        close = difflib.get_close_matches(str(game), list(SCORERS), n=1, cutoff=0.5)
        raise InvalidInput([Problem("game", FieldProblem("unknown_game", got=repr(game), hint=close[0] if close else None,
                                                         known=", ".join(SCORERS)))])
    return game


def score_document(doc: Any) -> dict[str, Any]:
    """Score a document of any known game (InvalidInput for a bad one)."""
    return importlib.import_module(SCORERS[game_of(doc)]).score_document(doc)
