"""Games to print: documents in the game-document format, scored by the real
engine in every test (expected values always come from ``score_document``)."""

from __future__ import annotations

import copy
import io
import re

import pypdf
import pytest

from companion.aotwk.rules.scoring import score_document
from companion.aotwk.sheets import build_sheet

KOREAN_NAME = "김지우"
ACCENTED_NAME = "Zoë Ångström"


def _player(name, colour, **fields):
    return {"name": name, "colour": colour, **fields}


FIVE_PLAYERS = {
    "format": "architects-companion/1",
    "title": "Friday game at Ji-woo's",
    "created_at": "2026-11-20T19:04:00Z",
    "phase": "finished",
    "mode": "multiplayer",
    "expansions": [],
    "players": [
        _player(KOREAN_NAME, "red", virtue=12, debts_unpaid=2, prisoners=3, cathedral=3, gold=2, marble=1,
                silver=6, captured=7, buildings=["keep", "well", "stone_market", "steeple"]),
        _player(ACCENTED_NAME, "blue", virtue=6, cathedral=2, gold=1, silver=22, prisoners=4,
                buildings=["smithy", "tavern", "thieves_den", "university", "fountain"]),
        _player("Renée", "green", virtue=14, cathedral=4, silver=12, stone=5,
                buildings=["castle", "chapel", "dungeon"]),
        _player("Bartholomew Featherstonehaugh", "yellow", virtue=3, debts_unpaid=1, silver=3,
                buildings=["palace", "library"]),
        _player("Ana", "black", virtue=9, cathedral=1, marble=3, buildings=["wood_market", "tilers_hut"]),
    ],
    "bot": None,
}

SOLO = {
    "format": "architects-companion/1",
    "title": "Solo against Helena",
    "created_at": "2026-11-21T10:00:00Z",
    "phase": "finished",
    "mode": "solo",
    "expansions": ["age_of_artisans"],
    "players": [
        _player("Łucja", "red", virtue=10, cathedral=3, gold=1, silver=15, buildings=["keep", "armoury"],
                adornments=[3, 2], tools=3),
    ],
    "bot": {"opponent": "helena", "virtue": 7, "cathedral": 2, "marble": 4, "guildhall_workers": 5,
            "debts_unpaid": 1, "prisoners": 2, "adornments": [3]},
}

# Two players level on points and virtue: silver breaks the tie.
TIED = {
    "format": "architects-companion/1",
    "title": "A close one",
    "created_at": "2026-11-22T18:30:00Z",
    "phase": "finished",
    "mode": "multiplayer",
    "expansions": [],
    "players": [
        _player("Mina", "red", virtue=7, silver=9, buildings=["smithy"]),
        _player("Omar", "blue", virtue=7, silver=5, buildings=["well"]),
    ],
    "bot": None,
}


def six_players() -> dict:
    """Six Age of Artisans players, each with many end-game effects: the widest sheet, and reasons
    too long to share its page. (No bot: a bot plays with at most 2 players, seed 000 line 846.)"""
    names = ["Ana", KOREAN_NAME, "Renée", "Jean-Baptiste", "Ægir", "Маша"]
    # Every card exists once: deal the end-game buildings round the table.
    end_game = ["keep", "castle", "chapel", "steeple", "stone_market", "wood_market", "tilers_hut",
                "masons_hut", "carpenters_hut", "observatory", "lighthouse", "moneylender", "university",
                "clay_market", "silver_market", "trading_post", "aqueduct", "reservoir", "museum",
                "fountain", "gamblers_den", "dungeon", {"id": "aoa_academy", "vp": 4},
                {"id": "aoa_cellar", "vp": 5}]
    players = [
        _player(name, colour, virtue=5 + seat, cathedral=seat % 5, gold=seat, marble=1, silver=4 * seat,
                stone=seat, wood=6 - seat, clay=seat % 3, captured=seat, prisoners=seat, debts_unpaid=seat % 3,
                debts_paid=seat % 2, buildings=end_game[seat::6], adornments=[seat % 4 + 1],
                tools=[0, 1, 3, 5, 1, 3][seat])
        for seat, (name, colour) in enumerate(zip(names, ["red", "blue", "green", "yellow", "black", "orange"]))
    ]
    return {
        "format": "architects-companion/1",
        "title": "Six players",
        "created_at": "2026-11-22T17:00:00Z",
        "phase": "finished",
        "mode": "multiplayer",
        "expansions": ["age_of_artisans"],
        "players": players,
        "bot": None,
    }


GAMES = {"five_players": FIVE_PLAYERS, "solo": SOLO, "tied": TIED, "six_players": six_players()}


@pytest.fixture(params=sorted(GAMES))
def game(request) -> tuple[dict, dict]:
    """(document, the engine's result for it), for each sample game."""
    doc = copy.deepcopy(GAMES[request.param])
    return doc, score_document(doc)


def scored(doc: dict):
    result = score_document(doc)
    return result, build_sheet(doc, result)


def pdf_text(pdf: bytes) -> list[str]:
    """The text of each page."""
    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages]


def squeeze(text: str) -> str:
    """Text without whitespace: a name wrapped over two lines in a narrow column still matches."""
    return re.sub(r"\s+", "", text)
