"""Words a player reads, never codes: every page a player reads, in Debian's Chromium, is
searched for catalogue ids (``merchant_1``, ``clay_pit``, ``kings_storehouse``), option codes
(``gold1``, ``silver3_virtue1``, ``take_debts``) and field names (``debts_unpaid``).

Ids that are plain English words (``tavern``, ``well``, ``quarry``) cannot be told apart
from the words themselves, so only codes a player would never write are looked for: the
ones with an underscore or a digit, from the catalogue and the rules core, plus anything
shaped like one (``word_word``, ``word1``).
"""

from __future__ import annotations

import re

import pytest

from companion.aotwk.catalogue import load
from companion.aotwk.rules import bot, table
from companion.aotwk.rules.table.data import items_key
from tests.browser.driver import start_game

# one xdist worker takes the whole module: its games are made once (module fixture)
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser-words")]


def known_codes() -> set[str]:
    catalogue = load()
    codes = set(catalogue.buildings) | set(catalogue.apprentices) | set(catalogue.boards) | set(catalogue.opponents)
    codes |= set(table.data.reward_types()) | set(bot.LOCATIONS) | set(table.MOVES)
    codes |= {items_key(option) for b in catalogue.buildings.values() for option in (b.effect.get("options") or [])}
    codes |= {p.name for spec in table.MOVES.values() for p in spec.params}
    codes |= set(table.CATEGORIES) | {"debts_unpaid", "debts_paid", "captured_from", "guildhall_workers",
                                     "tax_stand_silver", "black_market_resets", "final_round", "track_resources"}
    return {c for c in codes if "_" in c or any(ch.isdigit() for ch in c)}


CODES = known_codes()
# word_word, or a word with a number stuck on (gold1, Silver3); not a paper size (A4)
CODE_SHAPE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b|\b[A-Za-z]{2,}\d+(?:_[a-z0-9]+)*\b")


def codes_on(page) -> list[str]:
    """Codes in what the page shows: its text, and the choices of its lists."""
    text = page.evaluate("""() => document.body.innerText + '\\n' +
        [...document.querySelectorAll('option')].map(o => o.textContent).join('\\n')""")
    words = set(re.findall(r"[A-Za-z0-9_]+", text))
    return sorted((words & CODES) | set(CODE_SHAPE.findall(text)))


IMPORTED = {
    "format": "architects-companion/1", "title": "Words night", "phase": "playing", "mode": "multiplayer",
    "expansions": [],
    "players": [
        {"name": "Ann", "colour": "red", "virtue": 9, "silver": 6, "gold": 2, "buildings": ["clay_pit", "tavern"],
         "apprentices": ["merchant_1"], "cathedral": 1, "debts_unpaid": 1},
        {"name": "Ben", "colour": "blue", "virtue": 5, "silver": 4, "buildings": ["kings_storehouse"]
         if "kings_storehouse" in load().buildings else [], "prisoners": 2},
    ],
    "bot": None,
    "table": {"guildhall_workers": 2, "guildhall": [0, 1], "tax_stand_silver": 4, "black_market_resets": 0},
}


def play(server, url: str, *moves: dict) -> None:
    token = url.rsplit("/", 1)[-1]
    for move in moves:
        server.store().change(token, move, lambda state, move=move: table.apply(state, move))


def imported_game(page, server) -> str:
    response = page.request.post(server.url + "/games/import", data=IMPORTED, max_redirects=0,
                                 headers={"Content-Type": "application/json"})
    assert response.status == 303, response.text()
    url = server.url + response.headers["location"] if response.headers["location"].startswith("/") \
        else response.headers["location"]
    play(server, url,
         {"kind": "virtue", "player": 0, "delta": 1},
         {"kind": "take_debts", "player": 1, "count": 1},
         {"kind": "resources", "player": 0, "clay": 3, "wood": 4},
         {"kind": "advance_cathedral", "player": 0, "reward": "silver3_virtue1"},
         {"kind": "capture", "player": 0, "victim": 1, "count": 1})
    return url


def check(page, url: str) -> None:
    page.goto(url)
    page.wait_for_load_state()
    assert codes_on(page) == [], page.url


@pytest.fixture(scope="module")
def games(chromium, live_server):
    """One game of each kind, made once: tracked (imported with cards), paper, solo."""
    context = chromium.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    made = {"tracked": imported_game(page, live_server)}
    made["paper"] = start_game(page, live_server, names=("Ann", "Ben"), mode="paper", title="Paper night")
    made["solo"] = start_game(page, live_server, names=("Ann",), mode="solo", opponent="constantine",
                              title="Solo night")
    context.close()
    return made


@pytest.mark.parametrize("game, path", [
    pytest.param("tracked", "", id="table page, tracked"),
    pytest.param("paper", "", id="table page, paper pad"),
    pytest.param("solo", "", id="table page, solo"),
    pytest.param("tracked", "/score", id="score"),
    pytest.param("tracked", "/history", id="history"),
    pytest.param("solo", "/history", id="history, solo"),
    pytest.param("tracked", "/share", id="share"),
    pytest.param("solo", "/bot/turn", id="bot turn"),
])
def test_game_pages_speak_words(phone, live_server, games, game, path):
    check(phone, games[game] + path)


def test_every_move_form_speaks_words(phone, live_server, games):
    """Each form of the table page's "Record…" list (and the bot's), as a player opens it."""
    for kind, spec in table.MOVES.items():
        if any(p.name == "player" for p in spec.params):
            check(phone, f"{games['tracked']}/form?kind={kind}&player=0")
    for kind in ("capture", "advance_cathedral", "black_market"):
        check(phone, f"{games['solo']}/form?kind={kind}&player=bot")


@pytest.mark.parametrize("path", ["/", "/games/new", "/catalogue",  # _card.html
                                  "/decks", "/decks/new"])
def test_other_pages_speak_words(phone, live_server, path):
    check(phone, live_server.url + path)


def test_the_end_count_and_final_score_speak_words(phone, live_server):
    url = start_game(phone, live_server, names=("Ann", "Ben"), title="Count night")
    play(live_server, url, {"kind": "end_game"})
    check(phone, url)
    play(live_server, url, {"kind": "finish_game"})
    check(phone, url)
    check(phone, url + "/score")
