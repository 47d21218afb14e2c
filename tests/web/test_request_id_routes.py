"""Every change address refuses a request id the contract refuses (shared/contracts/web-routes.md,
"Moves as JSON": 8-64 characters), before anything is applied (issue 30: ids of 7, 65, 5,000 or
60,000 characters were ignored, and the same move sent twice was applied twice).

``CHANGE_ROUTES`` lists every address that changes something, each with a request that would
change it: a new address fails ``test_every_change_address_is_listed`` until it is listed here."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from sqlalchemy import MetaData, select

from .helpers import import_document, sample
from .test_bot_turns import new_solo

pytestmark = pytest.mark.both_databases

COMPANION = Path(__file__).resolve().parents[2] / "companion"
CHANGING = {"POST", "PUT", "PATCH", "DELETE"}
VIRTUE = {"rev": "0", "kind": "virtue", "player": "0", "delta": "1"}

# address -> (which game or key it takes, how its body is sent ("form", "json" or a file "upload"), the
# body that would change something)
CHANGE_ROUTES = {
    "/g/<token>/move": ("aotwk", "form", VIRTUE),
    "/g/<token>/ask": ("aotwk", "form", {"rev": "0", "kind": "build", "player": "0", "building": "tavern"}),
    "/g/<token>/ask/cancel": ("aotwk", "form", {"rev": "0", "player": "0"}),
    "/g/<token>/moves": ("aotwk", "json", {"kind": "virtue", "player": 0, "delta": 1}),
    "/g/<token>/pad": ("aotwk", "form", {"player": "0", "cell-gold_marble": "4"}),
    "/g/<token>/count": ("aotwk", "form", {"player": "0"}),
    "/g/<token>/final-score": ("aotwk", "form", {}),
    "/g/<token>/undo": ("aotwk", "form", {"rev": "0"}),
    "/g/<token>/redo": ("aotwk", "form", {"rev": "0"}),
    "/g/<token>/rematch": ("aotwk", "form", {}),
    "/g/<token>/played-on": ("aotwk", "form", {"played_on": "2026-10-30"}),
    "/g/<token>/reopen": ("aotwk", "form", {"confirm": "1"}),
    "/g/<token>/library/rescore": ("aotwk", "form", {}),
    "/g/<token>/<path:rest>": ("aotwk", "form", VIRTUE),
    "/g/<token>/bot/turn": ("solo", "form", {"rev": "0"}),
    "/g/<token>/amytis/move": ("amytis", "form", {"rev": "0", "kind": "amytis_stack", "player": "0", "row": "0",
                                                  "column": "0", "delta": "1"}),
    "/v/<token>": ("view", "form", VIRTUE),
    "/v/<token>/<path:rest>": ("view", "form", VIRTUE),
    "/games/import": (None, "json", sample()),
    "/games/new": (None, "form", {"mode": "multiplayer", "players-0-name": "Ann", "players-1-name": "Bob"}),
    "/amytis/new": (None, "form", {"first": "Martine", "second": "Paul"}),
    "/score-pad/new": (None, "form", {"title": "Hearts", "players": "Ann\nBob"}),
    "/g/<token>/score-pad/row": ("score_pad", "form", {"row": "0", "cell-0": "5", "seen-0": ""}),
    "/g/<token>/score-pad/move": ("score_pad", "form", {"kind": "score_pad_add_row"}),
    "/groups/new": (None, "json", {"name": "Friday club"}),
    "/groups/<token>/import": ("group", "json", sample()),
    "/groups/<token>/roster": ("group", "form", {"action": "rename", "name": "Red", "new_name": "Rosa"}),
    "/groups/<token>/season": ("group", "form", {"season_from": "2026-01-01"}),
    "/groups/<token>/games/add": ("group", "form", {"link": "x"}),
    "/groups/<token>/games/remove": ("group", "form", {"game": "x"}),
    "/groups/<token>/games/restore": ("group", "form", {"game": "x"}),
    "/groups/<token>/games/date": ("group", "form", {"game": "x", "played_on": "2026-10-30"}),
    "/library": (None, "form", {"fact": "tools_vp.2", "value": "30"}),
    "/library/answer": (None, "form", {"fact": "tools_vp.2", "value": "30"}),
    "/library/import": (None, "upload", {"library_file": b'{"facts": {"tools_vp.2": 30}}'}),
    "/library/undo": (None, "form", {}),
    "/library/owners": (None, "form", {"chosen": "/"}),
    "/library/owners/<int:owner_id>/remove": (None, "form", {}),
    "/decks/new": (None, "form", {"name": "My deck"}),
    "/decks/import": (None, "upload", {"deck_file": b'{"name": "Deck", "cards": []}'}),
    "/decks/practice/copy": (None, "form", {}),
    "/decks/<deck_id>": ("deck", "form", {"name": "Renamed"}),
    "/decks/<deck_id>/cards": ("deck", "form", {}),
    "/decks/<deck_id>/cards/new": ("deck", "form", {"group": "starting"}),
    "/decks/<deck_id>/cards/<int:number>": ("deck", "form", {}),
    "/decks/<deck_id>/cards/<int:number>/delete": ("deck", "form", {}),
    "/decks/<deck_id>/delete": ("deck", "form", {}),
}


def change_rules(app) -> set[str]:
    return {rule.rule for rule in app.url_map.iter_rules() if rule.methods & CHANGING}


def test_every_change_address_is_listed(app):
    assert change_rules(app) == set(CHANGE_ROUTES)


def everything_stored(app) -> dict:
    """Every row of every table: what a refused change must leave exactly as it was."""
    engine = app.extensions["store"].engine
    tables = MetaData()
    tables.reflect(engine)
    with engine.connect() as conn:
        return {name: sorted(map(repr, conn.execute(select(table)).all())) for name, table in tables.tables.items()}


@pytest.fixture
def keys(app, client, csrf_token):
    """A key for each kind of address: a game of each kind, a group, a deck."""
    aotwk, view = import_document(client, sample())
    solo, _ = new_solo(app, on_top=("s01",))
    amytis = client.post("/amytis/new", data={"csrf_token": csrf_token, "first": "Martine", "second": "Paul"})
    group = client.post("/groups/new", json={"name": "Club"})
    score_pad = client.post("/score-pad/new", data={"csrf_token": csrf_token, "title": "Hearts", "players": "Ann\nBob"})
    deck = client.post("/decks/new", data={"csrf_token": csrf_token, "name": "Mine"})
    return {"aotwk": aotwk, "view": view, "solo": solo, "amytis": amytis.headers["Location"].rsplit("/", 1)[-1],
            "group": group.headers["Location"].rsplit("/", 1)[-1],
            "score_pad": score_pad.headers["Location"].rsplit("/", 1)[-1],
            "deck": deck.headers["Location"].rstrip("/").split("/")[2] if deck.status_code == 303 else "no-deck"}


def address(rule: str, key: str | None) -> str:
    return (rule.replace("<token>", key or "").replace("<deck_id>", key or "").replace("<int:number>", "1").replace("<int:owner_id>", "1")
            .replace("<path:rest>", "move"))


@pytest.mark.parametrize("length", [7, 65, 5_000])
def test_a_request_id_outside_the_contract_is_refused_on_every_change_address(app, client, csrf_token, keys,
                                                                              length):
    bad_id = "a" * length
    before = everything_stored(app)
    answers = {}
    for rule, (key, body_kind, body) in CHANGE_ROUTES.items():
        path = address(rule, keys.get(key))
        for how in ("header", "field"):
            if body_kind == "json" and how == "field":
                continue   # a JSON body carries it in the header only
            if body_kind == "json":
                answer = client.post(path, json=body, headers={"X-Request-Id": bad_id})
            elif body_kind == "upload":   # a file is read once: a new one for each request
                files = {name: (io.BytesIO(content), "file.json") for name, content in body.items()}
                fields = {"csrf_token": csrf_token, **files, **({"request_id": bad_id} if how == "field" else {})}
                answer = client.post(path, data=fields, content_type="multipart/form-data",
                                     headers={"X-Request-Id": bad_id} if how == "header" else {})
            elif how == "header":
                answer = client.post(path, data={"csrf_token": csrf_token, **body},
                                     headers={"HX-Request": "true", "X-Request-Id": bad_id})
            else:
                answer = client.post(path, data={"csrf_token": csrf_token, "request_id": bad_id, **body})
            answers[f"{rule} ({how})"] = answer.status_code
    assert {where: status for where, status in answers.items() if status != 400} == {}
    assert everything_stored(app) == before


def test_a_json_move_with_an_id_of_60000_characters_is_refused_naming_the_header(app, client, keys):
    answer = client.post(f"/g/{keys['aotwk']}/moves", json={"kind": "virtue", "player": 0, "delta": 1},
                         headers={"X-Request-Id": "x" * 60_000})
    assert answer.status_code == 400 and answer.get_json()["problems"][0]["field"] == "X-Request-Id"
    assert app.extensions["store"].find(keys["aotwk"])[0].revision == 0


@pytest.mark.parametrize("good_id", ["a" * 8, "A-z_0123" * 8])
def test_ids_of_8_and_64_characters_are_taken(app, client, keys, good_id):
    move = {"kind": "virtue", "player": 0, "delta": 1}
    for _ in range(2):
        assert client.post(f"/g/{keys['aotwk']}/moves", json=move, headers={"X-Request-Id": good_id}).status_code == 200
    assert app.extensions["store"].find(keys["aotwk"])[0].revision == 1


def test_one_function_reads_the_request_id():
    """The header and the form field are read in one place (companion/web/helpers.py), which every
    change address shares: no address reads or checks an id of its own."""
    reads = re.compile(r"request\.(headers|form|values|args)\.get\(\s*[\"'](X-Request-Id|request_id)[\"']", re.I)
    readers = sorted(str(path.relative_to(COMPANION)) for path in COMPANION.rglob("*.py")
                     if reads.search(path.read_text(encoding="utf-8")))
    assert readers == ["web/helpers.py"]
