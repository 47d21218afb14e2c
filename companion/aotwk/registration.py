"""Architects of the West Kingdom in the house's registry of games (``companion.games``):
the default game, whose documents need not name themselves."""

from __future__ import annotations

from companion.aotwk import catalogue
from companion.aotwk.rules import scoring
from companion.aotwk.rules.document import GAME_ID
from companion.aotwk.rules.library_input import parse
from companion.games import CardLibrary, Game
from companion.i18n.sentences import N_


def seat_facts(document: dict, player: dict, entry: dict) -> dict:
    """What a group's statistics keep of a seat: final virtue and unpaid debts after the end-game
    effects, the workers left in Prison (``SEAT_FIGURES``) and the buildings built (a copy each). A
    paper pad's table typed only the category totals: its debts and Prison are unknown (None), not 0."""
    paper = is_paper(document)
    return dict(figures=(("final_virtue", entry.get("final_virtue")),
                         ("debts_unpaid", None if paper else entry.get("final_debts_unpaid")),
                         ("prisoners", None if paper else player.get("prisoners") or 0)),
                buildings=tuple(b["id"] if isinstance(b, dict) else b for b in player.get("buildings") or []))


# The figures a group's page averages per person, in its words (``seat_facts`` gives each seat's).
SEAT_FIGURES = (("final_virtue", N_("Final virtue")), ("debts_unpaid", N_("Unpaid debts")),
                ("prisoners", N_("Workers in Prison")))


def is_paper(document: dict) -> bool:
    """A paper-pad game: played on the printed pad, its totals typed in afterwards."""
    return document.get("mode") == "paper"


GAME = Game(
    id=GAME_ID,
    name="Architects of the West Kingdom",
    score_document=scoring.score_document,
    score_state=scoring.score_state,
    web="companion.aotwk.web.pages",
    seat_facts=seat_facts,
    seat_figures=SEAT_FIGURES,
    tables="companion.aotwk.web.tables",
    migrations="companion.aotwk.web.migrations",
    times_play=lambda document: not is_paper(document),   # a paper pad's events: when its totals were typed
    card_library=CardLibrary(parse=lambda data: parse(data, catalogue.base()), using=catalogue.using),
)
