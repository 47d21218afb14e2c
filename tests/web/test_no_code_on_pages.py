"""No code on a page (issue 35, item 6): every page type, in English and in Korean, read as a
player reads it (the text, and what a screen reader says from aria-label, title, alt and
placeholder) shows no brackets, no snake_case or dotted identifiers, no file names, no commands,
no internal card ids, no Python values or reprs, no internal change numbers, no ASCII arrow, no
English count with the wrong number ("1 tiles"), no guess passed off as the file's, and no
"0 minutes" where no time is known.

The pages are rendered by the test client (no browser): a table in play with several seats,
debts, Prison and the Cathedral, a solo game and a 2-player game against the bot, the count, the
score, history, share, a finished and a paper game, a group and its view link, the decks, the card
library and the catalogue, the Amytis pad, and the error pages: 404, refused forms, moves and taps,
imports whose JSON is broken or whose values are out of bounds (their messages shown), a damaged
stored game, a form sent without its token, and the 429 page."""

from __future__ import annotations

import copy
import html as html_lib
import io
import json
import re

import pytest

from companion.aotwk.rules import table
from companion.web.storage.store import groups
from tests.conftest import csrf_token_from

from .helpers import import_document, sample

LANGUAGES = ("en", "ko")
HTMX = {"HX-Request": "true"}

# What a screen reader says besides the text (the value of a button made of an <input> too), and the
# sentences a page's script shows later (data-* attributes holding words: "Copied.", the https note).
SPOKEN_ATTRIBUTES = re.compile(r'\b(?:aria-label|aria-description|title|alt|placeholder)="([^"]*)"'
                               r'|\bdata-[\w-]+="([^"]*\s[^"]*)"')
BUTTON_VALUE = re.compile(r'<input\b[^>]*\btype="(?:submit|button|reset)"[^>]*\bvalue="([^"]*)"')
# a script's or a style's body, and comments (a script's own tag may carry its sentences: kept)
HIDDEN = re.compile(r"(<(script|style)\b[^>]*>).*?</\2\s*>|<!--.*?-->", re.S)


def visible_text(page: str) -> str:
    """The words a player sees or hears on ``page``: its text (no scripts, styles, comments or
    markup), then every spoken attribute, each apart from the next."""
    page = HIDDEN.sub(lambda match: f" {match.group(1) or ''} ", page)
    spoken = [said or shown for said, shown in SPOKEN_ATTRIBUTES.findall(page)] + BUTTON_VALUE.findall(page)
    text = re.sub(r"<[^>]+>", " ", page)
    return html_lib.unescape(" ¶ ".join([" ".join(text.split()), *spoken]))


# Each kind of code a player must not meet, by the pattern that finds it.
FOUND_BY = {
    "a bracket": re.compile(r"[\[\]]"),
    "an underscore (snake_case)": re.compile(r"\w*_\w*"),
    "a dotted identifier or file name": re.compile(r"\b(?!e\.g\b|i\.e\b)[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+\b"),
    "a bare file extension": re.compile(r"(?<![\w.])\.(?:json|csv|pdf|svg|txt|yaml|py)\b", re.I),
    "a command": re.compile(r"\bcompanion (?:serve|score|import|export)\b|(?<![\w-])--[a-z]|\bscripts/"),
    "an internal card id": re.compile(r"\b[sfSF]\d{2}\b"),
    # (where a value stands: "None" is also an answer a player taps, "None yet" a sentence)
    "a Python value": re.compile(r"(?:[:=(]\s*|\bgot\s+)(?:None|True|False|null)\b|\b(?:undefined|NaN)\b"),
    "a Python repr": re.compile(r"\{'|'\}|<\w+(?:\.\w+)+ |\bobject at 0x|\b[A-Z]\w+\(\w+="),
    "an internal change number": re.compile(r"\b(?:change|revision|rev|seq) #?\d+|변경 \d+"),
    "an ASCII arrow": re.compile(r"->|<-|=>"),
    "a singular count with a plural word": re.compile(
        r"(?<![\d.,])1 (?!(?:is|was|has|does|plus|bonus|across|less|this|its|as|always|VP)\b)[a-z]+(?<!s)s\b"),
    "a plural count with a singular word": re.compile(
        r"(?<![\d.,])(?:[02-9]|\d{2,}) (?:tile|worker|debt|minute|game|player|card|building|apprentice|round|"
        r"point|prisoner|stack|corner|project|favor|adornment|tool|copy|seat)\b(?! (?:card|track|pad|board)s?\b)"),
    "the file's win": re.compile(r"the file's win", re.I),
    "a time for games with no time": re.compile(r"(?<![\d.,])0 min|(?<![\d.,])0분"),
}

# No exception: where a file's kind is what the player must see (a download button, a file field),
# the page names the format as a player does, "Score sheet (PDF)", "Game file (JSON)", never a file name.


def findings(pages: dict[str, str]) -> dict[str, list[str]]:
    """Page name -> each piece of code on it, with what kind of code it is and its context."""
    found: dict[str, list[str]] = {}
    for name, page in pages.items():
        text = visible_text(page)
        for kind, pattern in FOUND_BY.items():
            for match in pattern.finditer(text):
                context = text[max(0, match.start() - 40):match.end() + 40]
                found.setdefault(name, []).append(f"{kind}: {match.group(0)!r} in …{context}…")
    return found


# -- the games the pages show ----------------------------------------------------------------------

def setup_data(csrf_token: str, names, **fields) -> dict:
    data = {"csrf_token": csrf_token, "title": "Friday night", "mode": "multiplayer", "opponent": "constantine"}
    for seat, name in enumerate(names):
        data[f"players-{seat}-name"] = name
        data[f"players-{seat}-colour"] = ["red", "blue", "green", "yellow", "purple", "black"][seat]
    data.update(fields)
    return data


def start(client, csrf_token, names=("Ann", "Bob", "Cy"), **fields) -> str:
    answer = client.post("/games/new", data=setup_data(csrf_token, names, **fields))
    assert answer.status_code == 303, answer.get_data(as_text=True)[-2000:]
    return answer.headers["Location"].rsplit("/", 1)[-1]


def move(client, token, csrf_token, **fields):
    rev = client.application.extensions["store"].revision(token)
    answer = client.post(f"/g/{token}/move", data={"csrf_token": csrf_token, "rev": rev, **fields}, headers=HTMX)
    refusals = re.findall(r'class="(?:error|message bad)"[^>]*>([^<]*)<', answer.get_data(as_text=True))
    assert answer.status_code == 200, (fields, refusals)
    return answer


def view_token(client, token: str) -> str:
    return client.application.extensions["store"].find(token)[0].view_token


def created(app, state: dict) -> str:
    return app.extensions["store"].create(state).edit_token


class Pages:
    """Every page type, fetched in one language; ``pages`` maps a name to its HTML."""

    def __init__(self, client, app, csrf_token: str, lang: str):
        self.client, self.app, self.csrf, self.lang = client, app, csrf_token, lang
        self.pages: dict[str, str] = {}

    def get(self, name: str, url: str, status: int = 200, headers=None, **kwargs) -> str:
        joiner = "&" if "?" in url else "?"
        answer = self.client.get(f"{url}{joiner}lang={self.lang}", headers=headers, **kwargs)
        assert answer.status_code == status, (name, answer.status_code, answer.get_data(as_text=True)[-1500:])
        self.pages[name] = answer.get_data(as_text=True)
        return self.pages[name]

    def post(self, name: str, url: str, status: int, **kwargs) -> str:
        joiner = "&" if "?" in url else "?"
        answer = self.client.post(f"{url}{joiner}lang={self.lang}", **kwargs)
        assert answer.status_code == status, (name, answer.status_code, answer.get_data(as_text=True)[-1500:])
        self.pages[name] = answer.get_data(as_text=True)
        return self.pages[name]

    def fragment(self, name: str, url: str, status: int = 200) -> str:
        return self.get(name, url, status, headers=HTMX)


def table_in_play(pages: Pages) -> str:
    """Five seats with Age of Artisans: debts taken and paid, workers captured and in Prison,
    the Cathedral climbed, virtue changed, resources gained."""
    client, csrf = pages.client, pages.csrf
    token = start(client, csrf, names=("Ann", "Bob", "Cy", "Di", "Ed"), age_of_artisans="y", variable_boards="y")
    move(client, token, csrf, kind="virtue", player=0, delta=1)
    move(client, token, csrf, kind="take_debts", player=1, count=2)
    move(client, token, csrf, kind="pay_debt", player=1)
    move(client, token, csrf, kind="resources", player=2, clay=2, wood=1)
    move(client, token, csrf, kind="capture", player=0, victim=1, count=2, location="quarry")
    move(client, token, csrf, kind="send_to_prison", player=0, count=1)
    move(client, token, csrf, kind="virtue", player=3, delta=4)
    move(client, token, csrf, kind="advance_cathedral", player=3, reward="silver3_virtue1")
    move(client, token, csrf, kind="tools", player=4, delta=1)
    pages.get("table, who is this phone?", f"/g/{token}")
    client.get(f"/g/{token}/seat?who=0")
    pages.get("table, a seat", f"/g/{token}")
    for path in ("pick?kind=building&player=0", "pick?kind=apprentice&player=0", "ask?kind=capture&player=0",
                 "ask?kind=advance_cathedral&player=0", "ask?kind=build&player=0&building=treasury",
                 "form?kind=rescue&player=0", "form?kind=black_market&player=0", "form?kind=capture&player=0",
                 "form?kind=build&player=0", "craft?player=0", "seat?who=1", "live"):
        pages.fragment(f"table panel {path}", f"/g/{token}/{path}")
    client.get(f"/g/{token}/seat?who=table")
    pages.get("table, the whole table", f"/g/{token}")
    pages.get("table, view link", f"/v/{view_token(client, token)}")
    pages.get("history", f"/g/{token}/history")
    pages.get("share", f"/g/{token}/share")
    pages.get("view link share", f"/v/{view_token(client, token)}/share")
    pages.get("score while playing", f"/g/{token}/score")
    pages.post("a refused move", f"/g/{token}/move", 400, headers=HTMX,
               data={"csrf_token": csrf, "rev": client.application.extensions["store"].revision(token),
                     "kind": "rescue", "player": 0, "count": "many"})
    pages.post("a change through the view link", f"/v/{view_token(client, token)}/move", 403,
               data={"csrf_token": csrf})
    for label, fields in (("an unknown building", {"kind": "build", "player": 0, "building": "no_such_building"}),
                          ("an apprentice not hired", {"kind": "fire", "player": 0, "apprentice": "acolyte_2"}),
                          ("a seat that is not there", {"kind": "virtue", "player": 9, "delta": 1})):
        pages.post(f"a refused move: {label}", f"/g/{token}/move", 400, headers=HTMX,
                   data={"csrf_token": csrf, "rev": client.application.extensions["store"].revision(token), **fields})
    return token


def bot_games(pages: Pages) -> None:
    """A solo game (1인 게임) and a 2-player game against the AI, before and after its turn."""
    client, app, csrf = pages.client, pages.app, pages.csrf
    for label, humans in (("solo", ("Ann",)), ("2 players and the bot", ("Ann", "Bob"))):
        state = table.new_game({"mode": "solo" if len(humans) == 1 else "two_vs_bot", "opponent": "helena",
                                "players": [{"name": n} for n in humans], "seed": 7, "title": "Against the bot"})
        piles = state["bot"]["deck"]   # s06: a placement; s11: a capture, which asks the table
        piles["draw"] = ["s06", "s11", *(c for c in piles["draw"] if c not in ("s06", "s11"))][:len(piles["draw"])]
        token = created(app, state)
        client.get(f"/g/{token}/seat?who=0")
        pages.get(f"{label}: table", f"/g/{token}")
        pages.fragment(f"{label}: the bot's turn", f"/g/{token}/bot/turn")
        pages.fragment(f"{label}: the capture form", f"/g/{token}/form?kind=capture&player=0")
        answer = client.post(f"/g/{token}/bot/turn", data={"csrf_token": csrf, "rev": 0})
        assert answer.status_code == 303, answer.get_data(as_text=True)[-1500:]
        pages.get(f"{label}: table after its turn", f"/g/{token}")
        pages.get(f"{label}: history", f"/g/{token}/history")
        pages.fragment(f"{label}: the bot's capture, asked", f"/g/{token}/bot/turn?again=1")
        pages.post(f"{label}: the bot's capture, an answer refused", f"/g/{token}/bot/turn", 400, headers=HTMX,
                   data={"csrf_token": csrf, "rev": 1, "q0": "lots"})
    physical = table.new_game({"mode": "solo", "opponent": "constantine", "players": [{"name": "Ann"}], "seed": 7,
                               "physical_deck": True})
    token = created(app, physical)
    pages.fragment("printed deck: the card asked", f"/g/{token}/bot/turn")
    pages.fragment("printed deck: a card refused", f"/g/{token}/bot/turn?location=kings_storehouse&a-0-do=place_worker"
                   "&a-1-do=gain_marble&a-1-amount=0&show=1", 400)


def count_and_finish(pages: Pages) -> None:
    client, csrf = pages.client, pages.csrf
    token = start(client, csrf, names=("Ann", "Bob"))
    move(client, token, csrf, kind="take_debts", player=0, count=1)
    move(client, token, csrf, kind="end_game")
    client.get(f"/g/{token}/seat?who=0")
    pages.get("the count", f"/g/{token}")
    client.get(f"/g/{token}/seat?who=table")
    pages.get("the count, whole table", f"/g/{token}")
    pages.get("final score, asked", f"/g/{token}/final-score")
    finished = client.post(f"/g/{token}/moves", json={"kind": "finish_game"})
    assert finished.status_code == 200, finished.get_data(as_text=True)
    pages.get("finished table", f"/g/{token}")
    pages.get("finished: score", f"/g/{token}/score")
    pages.get("finished: score, view link", f"/v/{view_token(client, token)}/score")
    pages.get("finished: history", f"/g/{token}/history")
    pages.get("finished: reopen, asked", f"/g/{token}/reopen")
    pages.get("finished: undo, asked", f"/g/{token}/undo")
    pages.post("finished: a move refused", f"/g/{token}/move", 409, headers=HTMX,
               data={"csrf_token": csrf, "rev": client.application.extensions["store"].revision(token),
                     "kind": "virtue", "player": 0, "delta": 1})

    paper = start(client, csrf, names=("Ann", "Bob"), mode="paper")
    client.get(f"/g/{paper}/seat?who=table")
    pages.get("paper pad", f"/g/{paper}")
    pages.post("paper pad, a refused cell", f"/g/{paper}/pad", 200, headers=HTMX,
               data={"csrf_token": csrf, "rev": client.application.extensions["store"].revision(paper),
                     "player": 1, "cathedral": "42", "buildings": "9"})


def imported_games(pages: Pages) -> None:
    """A finished imported game (no phase: finished) and one whose score still asks."""
    client = pages.client
    edit, view = import_document(client, sample(title="Imported"))
    pages.get("imported finished game", f"/g/{edit}")
    pages.get("imported finished game: score", f"/v/{view}/score")
    edit, _ = import_document(client, sample(title="Tools", phase="playing", expansions=["age_of_artisans"],
                                             players=[{"name": "Ann", "tools": 2}, {"name": "Bob"}]))
    pages.get("a score that cannot be reckoned yet", f"/g/{edit}/score")
    pages.get("the sheet of a score that cannot be reckoned yet", f"/g/{edit}/sheet.pdf", 422)


def with_problems(page: str) -> str:
    """The page, once it is seen to list what is wrong (a refused import says why)."""
    assert re.search(r'<ul class="errors"[^>]*>\s*<li>', page), page[-1500:]
    return page


def broken_imports(pages: Pages) -> None:
    """Every import with broken JSON and with values out of bounds, each page with its messages."""
    csrf = pages.csrf
    documents = {
        "broken JSON": b'{"players": [{"name": "Ann"},',
        "values out of bounds": json.dumps({"players": [{"name": "Ann", "virtu": 1, "virtue": 19, "debts_unpaid": -1,
                                                         "buildings": ["no_such_building"]},
                                                        {"name": "Bob", "colour": "pink", "silver": "lots"}],
                                            "table": {"black_market_resets": 99}}).encode(),
        "too many players": json.dumps({"players": [{"name": f"P{n}"} for n in range(8)]}).encode(),
        "an Amytis game out of bounds": json.dumps({"game": "architects_of_amytis", "players": [
            {"name": "Ann", "track": "x"}, {"name": "Bob", "favours": []}]}).encode(),
    }
    group = new_group(pages)
    for label, document in documents.items():
        with_problems(pages.post(f"import, {label}", "/games/import", 400, content_type="multipart/form-data",
                                 data={"csrf_token": csrf, "document": (io.BytesIO(document), "game.json")}))
        with_problems(pages.post(f"group import, {label}", f"/groups/{group}/import", 400,
                                 content_type="multipart/form-data",
                                 data={"csrf_token": csrf, "document": (io.BytesIO(document), "game.json")}))
    pages.post("import without a file", "/games/import", 400, content_type="multipart/form-data",
               data={"csrf_token": csrf})
    for label, content in (("not a library", b'{"format": "recipes", "facts": {}}'), ("broken JSON", b"not json"),
                           ("a fact out of bounds", json.dumps({"format": "architects-companion/card-library/1",
                                                                "facts": {"tools_vp.2": 99}}).encode())):
        with_problems(pages.post(f"library import, {label}", "/library/import", 400, content_type="multipart/form-data",
                                 data={"csrf_token": csrf, "library_file": (io.BytesIO(content), "library.json")}))
    typos = {"format": "architects-companion/scheme-deck/1", "name": "Mine", "cards": [
        {"id": "s01", "group": "futur", "location": "forestt", "actions": [{"do": "place_worker"},
                                                                           {"do": "gain_virtu", "amount": 1}]},
        {"id": "s01", "group": "starting", "location": "forest",
         "actions": [{"do": "capture", "from": "anywhere", "group": "larges"}]}]}
    for label, content in (("broken JSON", b"{"), ("not a deck", b'{"cards": 3}'),
                           ("typos in its ids and a card id twice", json.dumps(typos).encode()),
                           ("a card out of bounds", json.dumps({"name": "Mine", "cards": [
                               {"id": "s01", "group": "starting", "location": "forest",
                                "actions": [{"do": "place_worker"}, {"do": "gain_virtue", "amount": 40}]}]}).encode())):
        with_problems(pages.post(f"deck import, {label}", "/decks/import", 400, content_type="multipart/form-data",
                                 data={"csrf_token": csrf, "deck_file": (io.BytesIO(content), "deck.json")}))


def refused_forms(pages: Pages) -> None:
    csrf = pages.csrf
    pages.get("set-up", "/games/new")
    pages.post("set-up refused", "/games/new", 400, data=setup_data(csrf, ("Ann", "Ann")))
    pages.post("set-up with nobody", "/games/new", 400, data=setup_data(csrf, ()))
    pages.post("Amytis set-up refused", "/amytis/new", 400, data={"csrf_token": csrf, "first": "", "second": ""})
    pages.post("new deck refused", "/decks/new", 400, data={"csrf_token": csrf, "name": ""})
    pages.post("library refused", "/library", 400, data={"csrf_token": csrf, "tools_vp.2": "many"})
    pages.get("blank pad refused", "/sheets/blank.pdf?players=9", 400)
    pages.get("not found", "/nowhere", 404)
    damaged = table.new_game({"mode": "paper", "players": [{"name": "Ann"}], "seed": 1})
    damaged["players"][0]["overrides"] = None   # as an import before the schema could store it
    pages.get("a damaged stored game", f"/g/{created(pages.app, damaged)}", 422)
    pages.get("no such game", "/g/abcdefghijklmnop", 404)
    pages.get("no such card kind", "/catalogue?kind=spaceship", 404)


def new_group(pages: Pages) -> str:
    answer = pages.client.post("/groups/new", json={"name": "Friday club"})
    assert answer.status_code == 303
    return answer.headers["Location"].rsplit("/", 1)[-1]


def group_pages(pages: Pages) -> None:
    from tests.groups.games import fridays

    client = pages.client
    pages.get("new group", "/groups/new")
    token = new_group(pages)
    for doc in fridays():
        assert client.post(f"/groups/{token}/import", json=doc).status_code == 303
    paper = {"title": "On paper", "mode": "paper", "players": [{"name": "Ann", "totals": {"cathedral": 7}},
                                                               {"name": "Bob"}]}
    client.post(f"/groups/{token}/import", json=paper)
    client.post(f"/groups/{token}/import", json={"title": "Counting", "phase": "counting",
                                                 "players": [{"name": "Ann"}, {"name": "Bob"}]})
    pages.get("group", f"/groups/{token}")
    pages.get("group share", f"/groups/{token}/share")
    with pages.app.extensions["store"].engine.connect() as conn:
        view = conn.execute(groups.select().where(groups.c.token == token)).one().view_token
    pages.get("group, view link", f"/groups/v/{view}")
    pages.get("group, view link share", f"/groups/v/{view}/share")


def deck_and_library_pages(pages: Pages) -> None:
    client, csrf = pages.client, pages.csrf
    pages.get("decks", "/decks")
    pages.get("new deck", "/decks/new")
    deck = client.post("/decks/new", data={"csrf_token": csrf, "name": "Mine"}).headers["Location"]
    card = client.post(f"{deck}/cards", data={"csrf_token": csrf, "group": "starting"}).headers["Location"]
    pages.get("a deck", deck)
    pages.get("a card of a deck", card)
    pages.post("a card refused", card, 400, data={
        "csrf_token": csrf, "group": "starting", "location": "town_centre", "a-0-do": "place_worker",
        "a-1-do": "capture", "a-1-from": "here", "a-1-group": "largest", "a-2-do": "take_debt", "a-2-amount": "9"})
    copied = client.post("/decks/practice/copy", data={"csrf_token": csrf}).headers["Location"]
    pages.get("a copy of the practice deck", copied)
    pages.get("card library", "/library")
    pages.get("catalogue", "/catalogue")
    pages.get("catalogue, apprentices", "/catalogue?kind=apprentice")


def amytis_pages(pages: Pages) -> None:
    from companion.amytis import pad
    from tests.amytis.test_web import stack

    client, app, csrf = pages.client, pages.app, pages.csrf
    pages.get("Amytis: new", "/amytis/new")
    answer = client.post("/amytis/new", data={"csrf_token": csrf, "first": "Martine", "second": "Paul",
                                              "title": "Amytis night"})
    edit = answer.headers["Location"].rsplit("/", 1)[-1]
    stack(client, csrf, edit, 0, 0, 0)
    stack(client, csrf, edit, 1, 1, 1)
    pages.get("Amytis: pad", f"/g/{edit}")
    pages.get("Amytis: pad, view link", f"/v/{view_token(client, edit)}")
    pages.get("Amytis: history", f"/g/{edit}/history")
    pages.get("Amytis: share", f"/g/{edit}/share")
    for label, fields in (("an empty stack", {"kind": "amytis_stack", "player": 0, "row": 2, "column": 2, "delta": -1}),
                          ("a favor that is not one", {"kind": "amytis_favor", "player": 0, "favor": "moon_gate",
                                                       "claimed": 1}),
                          ("a track past its end", {"kind": "amytis_track", "player": 0, "total": 10_000})):
        pages.post(f"Amytis: a refused tap, {label}", f"/g/{edit}/amytis/move", 400, headers=HTMX,
                   data={"csrf_token": csrf, "rev": client.application.extensions["store"].find(edit)[0].revision,
                         **fields})
    state = pad.new_game(["Martine", "Paul"], "Finished Amytis")
    state["players"][0].update(stacks=[[3, 0, 3], [1, 2, 0], [4, 0, 3]], favors=["corners", "stacks_of_1"],
                               favor_track_pawns=1, projects=[5])
    state["phase"] = "finished"
    game = app.extensions["store"].create(copy.deepcopy(state))
    pages.get("Amytis: finished", f"/g/{game.edit_token}")
    pages.get("Amytis: finished, view link", f"/v/{game.view_token}")


def score_pad_pages(pages: Pages) -> None:
    """Any game's score pad: new, in play with a row typed and a box refused, finished, a bad import."""
    from tests.score_pad.helpers import contract_example
    from tests.score_pad.test_web import save_row, start as start_pad

    client, csrf = pages.client, pages.csrf
    pages.get("score pad: new", "/score-pad/new")
    pages.post("score pad: new, refused", "/score-pad/new", 400, data={"csrf_token": csrf, "title": "", "players": ""})
    edit = start_pad(client, csrf)
    assert save_row(client, csrf, edit, 0, {0: 5, 1: 3, 2: 1}).status_code == 200
    pages.get("score pad: in play", f"/g/{edit}")
    pages.post("score pad: a box refused", f"/g/{edit}/score-pad/row", 400, headers=HTMX,
               data={"csrf_token": csrf, "row": 0, "cell-0": "lots", "seen-0": "5"})
    pages.get("score pad: history", f"/g/{edit}/history")
    finished, view = import_document(client, contract_example())
    pages.get("score pad: finished", f"/g/{finished}")
    pages.get("score pad: finished, view link", f"/v/{view}")
    broken = json.dumps({**contract_example(), "players": [{"name": "Ann", "scores": ["x"]}]}).encode()
    with_problems(pages.post("score pad: import out of bounds", "/games/import", 400, content_type="multipart/form-data",
                             data={"csrf_token": csrf, "document": (io.BytesIO(broken), "game.json")}))


def every_page(client, app, lang: str) -> dict[str, str]:
    csrf = csrf_token_from(client.get("/").get_data(as_text=True))
    pages = Pages(client, app, csrf, lang)
    table_in_play(pages)
    bot_games(pages)
    count_and_finish(pages)
    imported_games(pages)
    group_pages(pages)
    deck_and_library_pages(pages)
    amytis_pages(pages)
    score_pad_pages(pages)
    broken_imports(pages)
    refused_forms(pages)
    pages.get("home, with games on this device", "/")
    return pages.pages


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_shows_code(client, app, lang):
    pages = every_page(client, app, lang)
    found = findings(pages)
    assert not found, "\n".join(f"{name}:\n  " + "\n  ".join(sorted(set(lines))) for name, lines in found.items())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_of_a_form_sent_without_its_token_shows_no_code(make_app, lang):
    app = make_app(WTF_CSRF_ENABLED=True)
    refused = app.test_client().post(f"/decks/new?lang={lang}", data={"name": "Mine"})
    assert refused.status_code == 400
    assert not findings({"a form without its token": refused.get_data(as_text=True)})


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_too_many_requests_page_shows_no_code(make_app, lang):
    app = make_app(RATELIMIT_ENABLED=True, NEW_GAMES_PER_MINUTE=1)
    client = app.test_client()
    csrf = csrf_token_from(client.get("/").get_data(as_text=True))
    new_game = {"csrf_token": csrf, "first": "Martine", "second": "Paul"}
    assert client.post("/amytis/new", data=new_game).status_code == 303
    refused = client.post(f"/amytis/new?lang={lang}", data=new_game)
    assert refused.status_code == 429
    assert not findings({"429": refused.get_data(as_text=True)})


# -- the reader itself ---------------------------------------------------------------------------

def test_the_reader_finds_each_kind_of_code_and_passes_a_players_words():
    page = ('<p title="players[0].virtue">Download score.json or run <code>companion serve --https</code>'
            '</p><p>s01, virtue: None, {\'a\': 1}, change 14, 5 -> 6, 1 tiles, 2 worker, the file\'s win, 0 minutes</p>'
            '<p>Deck file (.json), black_market</p>')
    kinds = {line.split(":")[0] for line in findings({"page": page})["page"]}
    assert kinds == set(FOUND_BY)
    fine = ('<p aria-label="Ann: 1 tile more on the top left stack">Ann: 7 → 8 virtue, 1 worker, 2 workers, '
            '3 silver, Cathedral level 2, 1 VP</p><p>Whose? <button>None</button> <button>Ann</button> None yet.</p><script>let a = x_y[0];</script><style>a.b_c {}</style>'
            '<p>민준: 선행 7 → 8, 타일 1개 · 2026-11-28 19:05</p>')
    assert findings({"page": fine}) == {}
