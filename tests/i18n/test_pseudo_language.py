"""A made-up language shows every sentence that is not a catalogue message (issue 21: a third
language is a .po file and nothing else).

At test time every message pybabel extracts gets a pseudo translation: the English wrapped in
« », its letters swapped for accented ones (ábç), its placeholders kept. The app runs with that
language enabled beside the real catalogues; any plain ASCII word left on a page, a PDF sheet or
the CLI's output was not said through the catalogue (player names, card names from data and
numbers are taken out first)."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.dates import get_month_names
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

import companion.i18n
import companion.web.i18n
from companion.i18n.sentences import EXTRACT_KEYWORDS, installed
from companion.amytis import favors as amytis_favors
from companion.aotwk.catalogue import load as load_catalogue
from tests.web.test_i18n import finished_amytis, finished_with_bot, pdftotext, table_in_play, visible_text

# one xdist worker takes the whole module: it extracts and compiles the catalogue once (module fixture)
pytestmark = pytest.mark.xdist_group("pseudo-language")

REPO = Path(__file__).resolve().parents[2]
# A real locale Babel knows (dates and numbers need one) that the app has no catalogue for.
PSEUDO = "eo"
OPEN, CLOSE = "«", "»"
ACCENTED = str.maketrans("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                         "áƀçđéƒĝĥíĵķļɱñóþǫŕšţúṽŵẋýžÁƁÇĐÉƑĜĤÍĴĶĻṀÑÓÞǪŔŠŢÚṼŴẊÝŽ")
# kept as they are: printf and brace placeholders (with a format spec), tags, entities
KEPT = re.compile(r"(%\(\w+\)[-#0 +]?\d*(?:\.\d+)?[sdifr]|%[sdif%]|\{\{|\}\}|\{[^{}]*\}|<[^>]*>|&#?\w+;)")
# Latin words a page may show in any language: product and format names, the language switch
ALLOWED = {"PDF", "CSV", "JSON", "BG", "Stats", "QR", "A4", "US", "Garphill", "Games", "English", "UTC", "htmx",
           "score", "json", "export"}   # the engine's contract file names (score.json)



def pseudo(text: str) -> str:
    said = "".join(part if KEPT.fullmatch(part) else part.translate(ACCENTED) for part in KEPT.split(text))
    return f"{OPEN}{said}{CLOSE}"


@pytest.fixture(scope="module")
def pseudo_translations(tmp_path_factory) -> Path:
    """The extracted messages in the pseudo language, compiled where Flask-Babel can find them."""
    folder = tmp_path_factory.mktemp("pseudo")
    pot = folder / "messages.pot"
    keywords = [arg for keyword in EXTRACT_KEYWORDS for arg in ("-k", keyword)]
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "-q", "extract", "-F", "babel.cfg",
                    *keywords, "-o", str(pot), "."], cwd=REPO, check=True, capture_output=True)
    with pot.open("rb") as fh:
        template = read_po(fh)
    catalog = Catalog(locale=PSEUDO)
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, tuple):   # plural: every form of the language says it
            string = tuple(pseudo(message.id[min(n, 1)]) for n in range(catalog.num_plurals))
        else:
            string = pseudo(message.id)
        catalog.add(message.id, string, context=message.context, flags=message.flags)
    mo = folder / PSEUDO / "LC_MESSAGES" / "messages.mo"
    mo.parent.mkdir(parents=True)
    with mo.open("wb") as fh:
        write_mo(fh, catalog)
    return folder


@pytest.fixture
def pseudo_app(make_app, pseudo_translations, monkeypatch):
    """The app with the pseudo language on: Flask-Babel finds its catalogue beside the real ones, and
    the codes' sentences (said outside a request too: the CLI, the sheets) through the same loader."""
    for module in (companion.i18n, companion.web.i18n):
        monkeypatch.setattr(module, "LANGUAGES", (*companion.i18n.LANGUAGES, PSEUDO))
    monkeypatch.setitem(companion.i18n.LANGUAGE_NAMES, PSEUDO, pseudo("Pseudo"))
    with (pseudo_translations / PSEUDO / "LC_MESSAGES" / "messages.mo").open("rb") as fh, \
            installed(PSEUDO, Translations(fh)):
        yield make_app(BABEL_TRANSLATION_DIRECTORIES=f"{REPO / 'translations'};{pseudo_translations}")


@pytest.fixture
def client(pseudo_app):
    client = pseudo_app.test_client()
    client.get(f"/?lang={PSEUDO}")   # the device remembers the language (the switch's cookie)
    return client


def data_names() -> list[str]:
    """Words that are data, said as the data has them: cards, boards, opponents, the practice deck's
    card titles, Amytis favors' labels."""
    from companion.aotwk.rules import bot
    catalogue = load_catalogue()
    names = [card.name_en for pool in (catalogue.buildings, catalogue.apprentices) for card in pool.values()]
    names += [board.name_en for board in catalogue.boards.values()]
    names += [opponent.name_en for opponent in catalogue.opponents.values()]
    names += [card["title"] for card in bot.practice_deck()["cards"]]
    names += [favor.labels["en"] for favor in amytis_favors.rules().favors.values()]
    return names


def english_left(text: str, *entered: str) -> set[str]:
    """The runs of plain Latin words in ``text``, without what players typed, names from data,
    addresses and the locale's own month names (CLDR's, not ours)."""
    text = re.sub(r"\b\w+://\S+", " ", text.replace(OPEN, " ").replace(CLOSE, " "))
    entered = (*entered, *get_month_names("abbreviated", locale=PSEUDO).values())
    for name in sorted([*entered, *data_names()], key=len, reverse=True):
        text = re.sub(rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z])", " ", text)
    left = set()
    for run in re.findall(r"[A-Za-z][A-Za-z'’\- ]*[A-Za-z]|[A-Za-z]", text):
        words = [word for word in run.split() if word not in ALLOWED]
        if any(len(word.strip("'’-")) > 1 for word in words):
            left.add(" ".join(words))
    return left


def page_text(client, path: str) -> str:
    """A page, or an htmx fragment (a path starting with "hx:")."""
    fragment = path.startswith("hx:")
    answer = client.get(path.removeprefix("hx:"), headers={"HX-Request": "true"} if fragment else {})
    assert answer.status_code == 200, (path, answer.status_code)
    return visible_text(answer.get_data(as_text=True))


# Moves of many kinds, so that the history page shows their sentences (a card, a place, a count).
HISTORY_MOVES = (
    {"kind": "resources", "player": 0, "gold": 2, "clay": 5, "wood": 3, "stone": 2},
    {"kind": "build", "player": 0, "building": "clay_pit", "choice": "gold1"},
    {"kind": "hire", "player": 1, "apprentice": "acolyte_2", "source": "black_market"},
    {"kind": "capture", "player": 0, "victim": 1, "count": 2, "location": "quarry"},
    {"kind": "black_market", "player": 1, "space": "small", "marble": 1},
    {"kind": "advance_cathedral", "player": 0, "reward": "silver3_virtue1"},
    {"kind": "take_debts", "player": 1, "count": 2},
    {"kind": "resources", "player": 0, "clay": 1, "wood": -1},
    {"kind": "set_cathedral", "player": 1, "level": 2},
    {"kind": "rescue", "player": 1, "payment": "debt"},
)


def found_english(client, app, csrf_token) -> set[tuple[str, str]]:
    """Every page the issue names, in the pseudo language: (page, English left)."""
    from companion.aotwk.rules import table
    from tests.web.test_groups import new_group

    players = ("민준", "지우", "김민준", "Ann", "이서연", "Friday club", "Test night", "금요일 게임", "금요일 저녁", "혼자")
    pages = {"home": "/", "new game": "/games/new", "amytis new game": "/amytis/new", "catalogue": "/catalogue"}
    token = table_in_play(client, csrf_token)
    store = app.extensions["store"]
    for move in HISTORY_MOVES:   # the history says a sentence of each kind
        store.change(token, move, lambda state, move=move: table.apply(state, move))
    pages.update({"table, this phone's seat": f"/g/{token}", "history": f"/g/{token}/history",
                  "table, every seat": f"hx:/g/{token}/seat?who=table", "seat chooser": f"hx:/g/{token}/seat?who="})
    finished, _state = finished_with_bot(app)
    pages["score"] = f"/g/{finished}/score"
    solo = app.extensions["store"].create(table.new_game(
        {"mode": "solo", "opponent": "helena", "players": [{"name": "지우"}], "seed": 7, "title": "혼자"})).edit_token
    pages.update({"solo table": f"/g/{solo}", "solo bot turn": f"/g/{solo}/bot/turn"})
    amytis, _view = finished_amytis(app)
    pages["amytis pad"] = f"/g/{amytis}"
    pages["group"] = f"/groups/{new_group(client, 'Friday club')}"
    found = {(name, left) for name, path in pages.items() for left in english_left(page_text(client, path), *players)}
    for name, path in (("score sheet pdf", f"/g/{finished}/sheet.pdf"), ("amytis sheet pdf", f"/g/{amytis}/sheet.pdf")):
        answer = client.get(path)
        assert answer.status_code == 200 and answer.mimetype == "application/pdf", path
        text = " ".join(pdftotext(answer.data).split())
        # the sheet prints its game's address, which a narrow column breaks anywhere (pdftotext drops
        # the token's hyphen where the line breaks at it)
        view = app.extensions["store"].find(path.split("/")[2])[0].view_token
        text = re.sub(r"https?://\S*\W*" + r"\W*".join("-?" if c == "-" else re.escape(c) for c in view), " ", text)
        found |= {(name, left) for left in english_left(" ".join(text.split()), *players)}
    blank = client.get("/sheets/blank.pdf?players=3&bot=1&expansion=1")   # each row's reminder of how it scores
    assert blank.status_code == 200 and blank.mimetype == "application/pdf"
    found |= {("blank pad pdf", left) for left in english_left(" ".join(pdftotext(blank.data).split()))}
    return found


def score_command_english(app, folder: Path, capsys) -> set[tuple[str, str]]:
    """``companion score --lang``: the reasons and the tie-break in the language asked for."""
    import companion.cli
    game = folder / "game.json"
    seat = {"virtue": 12, "debts_unpaid": 2, "cathedral": 3, "gold": 2, "marble": 1, "silver": 6, "prisoners": 3,
            "overrides": {"buildings": 30}}
    game.write_text(json.dumps({"players": [{"name": "Red", **seat}, {"name": "Blue", **seat}],   # a shared win
                                "bot": {"opponent": "constantine", "virtue": 7, "guildhall_workers": 4}}))
    capsys.readouterr()
    with app.app_context():
        assert companion.cli.main(["score", str(game), "--lang", PSEUDO]) == 0
    said = json.loads(capsys.readouterr().out)
    sentences = [reason for seat in [*said["players"], said["bot"]] for reason in seat["reasons"]]
    assert len(sentences) > 5 and said["tie_break"]
    return {("score command", english) for sentence in [*sentences, said["tie_break"]]
            for english in english_left(sentence, "Red", "Blue")}


def test_pages_sheets_and_the_score_command_say_only_catalogue_messages(client, pseudo_app, tmp_path, capsys):
    from tests.conftest import csrf_token_from
    csrf_token = csrf_token_from(client.get("/").get_data(as_text=True))
    assert pseudo("New game") in client.get("/").get_data(as_text=True)   # the pseudo catalogue is in use
    found = found_english(client, pseudo_app, csrf_token) | score_command_english(pseudo_app, tmp_path, capsys)
    assert sorted(found) == [], "said outside the catalogue (page, English)"


# An Amytis document with a problem of each kind the reader says: the players, a field's name, a number,
# the board, the projects, a favor (the paths and the values it wrote are the document's own words).
BAD_AMYTIS = {"game": "architects_of_amytis",
              "players": [{"name": "Ann", "favours": [], "track": -1, "stacks": [[1, 2, 3]], "projects": "5",
                           "favors": ["cornerz", "corners", "corners"]}]}


def document_words(doc: dict) -> tuple[list[str], list[str]]:
    """A bad document's problems' paths, and what they quote from it as it wrote them: each path (before
    its ':'), the field names and favor ids a hint or a list of the known ones names, the wrong values."""
    from companion.amytis.document import parse
    from companion.problems import InvalidInput
    with pytest.raises(InvalidInput) as refused:
        parse(doc)
    paths = [f"{problem.path}:" for problem in refused.value.problems]
    assert len(paths) >= 6, refused.value.problems
    favors = list(amytis_favors.rules().favors)
    # a page quotes a value in the page's marks, an id as its words, and names a field it does not know as written
    return paths, [*paths, "'cornerz'", "'corners'", "“cornerz”", "“corners”", "favors", "favours", *favors,
                   *(favor.replace("_", " ") for favor in favors)]


def amytis_english(client, csrf_token, tmp_path, capsys) -> set[tuple[str, str]]:
    """The Amytis pad's notes and refusals, an import of a bad Amytis document and ``companion score``
    with it, in the pseudo language: (what, English left)."""
    import companion.cli
    from tests.amytis.test_web import start, tap

    players = ("민준", "Paul", "금요일")
    edit, _view = start(client, csrf_token, first="민준", second="Paul", title="금요일")
    taps = {
        "stack note": dict(kind="amytis_stack", player=0, row=0, column=2, delta=1),
        "favor note": dict(kind="amytis_favor", player=0, favor="corners", claimed=1),
        "favor taken off note": dict(kind="amytis_favor", player=0, favor="corners", claimed=0),
        "pawn-count note": dict(kind="amytis_favor_track", player=1, delta=1),
        "project note": dict(kind="amytis_project_add", player=1, points=5),
        "project removed note": dict(kind="amytis_project_remove", player=1, points=5),
        "track note": dict(kind="amytis_track", player=1, range=100, space=23),
        "track total note": dict(kind="amytis_track", player=0, total=40),
        "game over note": dict(kind="amytis_phase", phase="finished"),
        "count open note": dict(kind="amytis_phase", phase="playing"),
        "empty stack refusal": dict(kind="amytis_stack", player=0, row=1, column=1, delta=-1),
        "row refusal": dict(kind="amytis_stack", player=0, row=7, column=1, delta=1),
        "no project refusal": dict(kind="amytis_project_remove", player=0, points=9),
        "no pawn refusal": dict(kind="amytis_favor_track", player=0, delta=-1),
        "track limit refusal": dict(kind="amytis_track", player=0, total=10_000),   # past the document's bound
        "choose a player refusal": dict(kind="amytis_stack", row=0, column=0, delta=1),
        "unknown change refusal": dict(kind="amytis_bogus", player=0),
    }
    found = set()
    for what, fields in taps.items():
        answer = tap(client, csrf_token, edit, **fields)
        assert answer.status_code == (400 if what.endswith("refusal") else 200), (what, answer.status_code)
        found |= {(f"amytis {what}", left) for left in english_left(visible_text(answer.get_data(as_text=True)),
                                                                     *players)}
    paths, said = document_words(BAD_AMYTIS)
    upload = (io.BytesIO(json.dumps(BAD_AMYTIS).encode()), "game.json")
    answer = client.post("/games/import", data={"csrf_token": csrf_token, "document": upload},
                         content_type="multipart/form-data")
    assert answer.status_code == 400
    found |= {("import of a bad amytis document", left)
              for left in english_left(visible_text(answer.get_data(as_text=True)), *said)}
    document = tmp_path / "amytis.json"
    document.write_text(json.dumps(BAD_AMYTIS))
    capsys.readouterr()
    assert companion.cli.main(["score", str(document), "--lang", PSEUDO]) != 0
    printed = capsys.readouterr().err
    assert [line.split(" ", 1)[0] for line in printed.splitlines()] == paths   # one line a problem
    return found | {("score command, a bad amytis document", left) for left in english_left(printed, *said)}


def test_the_amytis_pad_and_a_bad_amytis_document_say_only_catalogue_messages(client, pseudo_app, tmp_path, capsys):
    from tests.conftest import csrf_token_from
    csrf_token = csrf_token_from(client.get("/").get_data(as_text=True))
    with pseudo_app.app_context():
        found = amytis_english(client, csrf_token, tmp_path, capsys)
    assert sorted(found) == [], "said outside the catalogue (what, English)"


def test_the_pseudo_catalogue_keeps_placeholders_and_turns_letters():
    assert pseudo("Why %(name)s scored %(total)s") == "«Ŵĥý %(name)s šçóŕéđ %(total)s»"
    assert pseudo("{who} gains {items:을/를} ({source})") == "«{who} ĝáíñš {items:을/를} ({source})»"
    assert pseudo('<a href="%(url)s">Open</a> &amp; 100%%') == '«<a href="%(url)s">Óþéñ</a> &amp; 100%%»'
