"""The one change pipeline (companion/web/changes.py) and the moves it takes as JSON
(shared/contracts/web-routes.md, "Moves as JSON"); issue 17: every change of every game goes
through one path, so a retry or a stranger cannot break what the copies used to."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .bot_pages import text_of
from .helpers import import_document, sample

# its storage differs between SQLite and PostgreSQL: run on both (tests/conftest.py)
pytestmark = pytest.mark.both_databases

HTMX = {"HX-Request": "true"}
COMPANION = Path(__file__).resolve().parents[2] / "companion"


def current(app, token):
    return app.extensions["store"].find(token)[0]


def tapped(request_id: str) -> dict:
    return {**HTMX, "X-Request-Id": request_id}


def new_amytis(client, csrf_token) -> tuple[str, str]:
    response = client.post("/amytis/new", data={"csrf_token": csrf_token, "first": "Martine", "second": "Paul"})
    assert response.status_code == 303
    edit = response.headers["Location"].rsplit("/", 1)[-1]
    return edit, current(client.application, edit).view_token


@pytest.fixture
def game(client):
    return import_document(client, sample())


# -- one path ------------------------------------------------------------------------------------

def test_only_the_pipeline_writes_to_the_store():
    """The pipeline is the only code that commits a change: no other module calls the store's writers."""
    writer = re.compile(r"store\(\)\s*\.\s*(change|undo|redo|create)\(|extensions\[\"store\"\]\.(change|undo|redo|create)\(")
    writers = sorted(str(path.relative_to(COMPANION)) for path in COMPANION.rglob("*.py")
                     if writer.search(path.read_text(encoding="utf-8")))
    assert writers == ["web/changes.py"]


def test_only_games_answer_draws_an_outcome():
    """One function turns a change's outcome into an answer: no endpoint reads the flags it answers
    (a stale screen, a conflict, a finished game) or says their sentences itself."""
    answered_once = re.compile(r"outcome\.(conflict|stale|unconfirmed|finished|nothing_to_do)\b|GAME_FINISHED"
                               r"|Applied to the latest game")
    drawers = sorted(str(path.relative_to(COMPANION)) for path in COMPANION.rglob("*.py")
                     if answered_once.search(path.read_text(encoding="utf-8")))
    assert drawers == ["web/changes.py", "web/games.py"]


def test_every_change_address_is_a_pipeline_endpoint(app):
    """Each POST under /g/<token> is registered through changes.endpoint (CSRF checked after access)."""
    from companion.web.extensions import csrf
    exempt = set(csrf._exempt_views)
    for rule in app.url_map.iter_rules():
        if "POST" in rule.methods and rule.rule.startswith("/g/<token>/") and "<path:rest>" not in rule.rule:
            view = app.view_functions[rule.endpoint]
            assert f"{view.__module__}.{view.__name__}" in exempt, rule.rule


# -- moves as JSON -------------------------------------------------------------------------------

def test_the_move_kinds_of_each_game(client, csrf_token, game):
    edit, _view = game
    kinds = client.get(f"/g/{edit}/moves").get_json()["kinds"]
    assert kinds["virtue"]["params"]["delta"] == {"type": "int", "required": True, "min": -14, "max": 14}
    assert "amytis_stack" not in kinds
    amytis, _ = new_amytis(client, csrf_token)
    kinds = client.get(f"/g/{amytis}/moves").get_json()["kinds"]
    assert set(kinds["amytis_stack"]["params"]) == {"player", "row", "column", "delta"}


def test_a_json_move_is_applied_once_per_request_id_and_needs_no_csrf_token(app, client, game):
    edit, _view = game
    move = {"kind": "virtue", "player": 0, "delta": 2}
    first = client.post(f"/g/{edit}/moves", json=move, headers={"X-Request-Id": "json-move-0001"})
    assert first.status_code == 200
    answer = first.get_json()
    assert answer["revision"] == 1
    assert {k: answer["event"][k] for k in ("kind", "player", "delta")} == move and answer["event"]["seq"] == 1
    again = client.post(f"/g/{edit}/moves", json=move, headers={"X-Request-Id": "json-move-0001"})
    assert again.status_code == 200 and again.get_json() == answer   # the first answer, nothing more
    assert current(app, edit).state["players"][0]["virtue"] == 9


def test_a_json_move_the_rules_refuse_is_422_naming_the_field(app, client, game):
    edit, _view = game
    refused = client.post(f"/g/{edit}/moves", json={"kind": "virtue", "player": 0, "delta": 99})
    assert refused.status_code == 422
    assert refused.get_json()["problems"][0]["field"] == "delta"
    unknown = client.post(f"/g/{edit}/moves", json={"kind": "teleport", "player": 0})
    assert unknown.status_code == 422 and unknown.get_json()["problems"][0]["field"] == "kind"
    assert current(app, edit).revision == 0


@pytest.mark.parametrize("body", ['[1, 2]', '{"player": 0}', 'not json', '{"kind": "virtue", "revision": "3"}',
                                  '[' * 100_000 + ']' * 100_000])   # deeper than Python's stack: was a 500
def test_a_malformed_json_body_is_400(client, game, body):
    edit, _view = game
    answer = client.post(f"/g/{edit}/moves", data=body, content_type="application/json")
    assert answer.status_code == 400 and answer.get_json()["problems"]


def test_a_json_move_through_a_view_token_is_403_and_an_unknown_token_404(client, game):
    edit, view = game
    assert client.post(f"/g/{view}/moves", json={"kind": "virtue", "player": 0, "delta": 1}).status_code == 403
    assert client.post(f"/v/{view}/moves", json={"kind": "virtue", "player": 0, "delta": 1}).status_code == 403
    assert client.post("/g/NoSuchGameAtAll000000000000000/moves", json={"kind": "virtue"}).status_code == 404


def test_an_absolute_json_move_from_an_older_revision_is_a_conflict(app, client, game):
    """Contract: "revision": the server decides, as for a tap, whether a change since then conflicts."""
    edit, _view = game
    client.post(f"/g/{edit}/moves", json={"kind": "virtue", "player": 0, "delta": 1})
    relative = client.post(f"/g/{edit}/moves", json={"kind": "virtue", "player": 0, "delta": 1, "revision": 0})
    assert relative.status_code == 200   # a relative move applies to the current game
    absolute = client.post(f"/g/{edit}/moves", json={"kind": "set_cathedral", "player": 0, "level": 2, "revision": 0})
    assert absolute.status_code == 409 and current(app, edit).state["players"][0]["cathedral"] == 1


def test_an_amytis_move_as_json(app, client, csrf_token):
    edit, _view = new_amytis(client, csrf_token)
    move = {"kind": "amytis_stack", "player": 0, "row": 1, "column": 2, "delta": 1}
    answer = client.post(f"/g/{edit}/moves", json=move, headers={"X-Request-Id": "amytis-json-1"})
    assert answer.status_code == 200 and answer.get_json()["event"]["kind"] == "amytis_stack"
    client.post(f"/g/{edit}/moves", json=move, headers={"X-Request-Id": "amytis-json-1"})
    assert current(app, edit).state["players"][0]["stacks"][1][2] == 1


def test_moves_sent_as_json_export_and_import_back(app, client, game):
    """Contract: a move kind once exported is stable: documents exported earlier import."""
    edit, _view = game
    client.post(f"/g/{edit}/moves", json={"kind": "take_debts", "player": 1, "count": 2})
    document = client.get(f"/g/{edit}/export.json").get_json()
    assert document["events"][-1]["kind"] == "take_debts"
    copied, _ = import_document(client, document)
    assert current(app, copied).state["players"][1]["debts_unpaid"] == 3


# -- retries -------------------------------------------------------------------------------------

def test_an_amytis_tap_resent_is_applied_once(app, client, csrf_token):
    """Issue 17: Amytis moves ignored X-Request-Id, so a retried tap was applied twice."""
    edit, _view = new_amytis(client, csrf_token)
    data = {"csrf_token": csrf_token, "rev": 0, "kind": "amytis_stack", "player": "0", "row": "0", "column": "0",
            "delta": "1"}
    for _ in range(2):
        assert client.post(f"/g/{edit}/amytis/move", data=data, headers=tapped("amytis-tap-0001")).status_code == 200
    assert current(app, edit).state["players"][0]["stacks"][0][0] == 1 and current(app, edit).revision == 1


def test_a_game_sent_twice_with_one_request_id_is_made_once(app, client):
    first = client.post("/games/import", json=sample(), headers={"X-Request-Id": "new-game-0001"})
    again = client.post("/games/import", json=sample(), headers={"X-Request-Id": "new-game-0001"})
    assert first.status_code == again.status_code == 303
    assert first.headers["Location"] == again.headers["Location"]


def test_a_resent_undo_after_another_phones_redo_does_nothing(app, client, game, csrf_token):
    """Issue 17: a resent Undo after another phone's Redo undid again."""
    edit, _view = game
    client.post(f"/g/{edit}/move", headers=tapped("virtue-tap-01"),
                data={"csrf_token": csrf_token, "rev": 0, "kind": "virtue", "player": "0", "delta": "1"})
    client.post(f"/g/{edit}/undo", data={"csrf_token": csrf_token, "rev": 1}, headers=tapped("undo-tap-01"))
    client.post(f"/g/{edit}/redo", data={"csrf_token": csrf_token, "rev": 2}, headers=tapped("other-redo-1"))
    resent = client.post(f"/g/{edit}/undo", data={"csrf_token": csrf_token, "rev": 1}, headers=tapped("undo-tap-01"))
    assert resent.status_code == 200 and "Undone:" in resent.get_data(as_text=True)
    after = current(app, edit)
    assert after.revision == 3 and after.state["players"][0]["virtue"] == 8   # redone, and stays so


def test_a_move_resent_after_its_undo_does_not_come_back(app, client, game, csrf_token):
    """Issue 17: a move resent after an Undo (and a later change) came back."""
    edit, _view = game
    virtue = {"csrf_token": csrf_token, "rev": 0, "kind": "virtue", "player": "0", "delta": "1"}
    client.post(f"/g/{edit}/move", data=virtue, headers=tapped("virtue-tap-02"))
    client.post(f"/g/{edit}/undo", data={"csrf_token": csrf_token, "rev": 1}, headers=tapped("undo-tap-02"))
    client.post(f"/g/{edit}/move", headers=tapped("debt-tap-0002"),   # drops the undone event
                data={"csrf_token": csrf_token, "rev": 2, "kind": "take_debts", "player": "1", "count": "1"})
    client.post(f"/g/{edit}/move", data=virtue, headers=tapped("virtue-tap-02"))
    after = current(app, edit)
    assert after.revision == 3 and after.state["players"][0]["virtue"] == 7


def test_a_retried_pad_row_is_answered_as_saved_not_as_another_phones_change(app, client, csrf_token):
    """Issue 17: a retried paper-pad save reported "another phone changed the game"."""
    edit, _view = import_document(client, sample(track_resources=False))
    row = {"csrf_token": csrf_token, "player": "0", "cell-gold_marble": "4", "seen-gold_marble": ""}
    first = client.post(f"/g/{edit}/pad", data=row, headers=tapped("pad-row-0001"))
    again = client.post(f"/g/{edit}/pad", data=row, headers=tapped("pad-row-0001"))
    assert first.status_code == again.status_code == 200
    said = text_of(again)
    assert "Saved:" in said and "Not saved" not in said and said == text_of(first)
    assert current(app, edit).revision == 1


def test_a_damaged_record_refuses_every_change_address(app, client, game, csrf_token):
    """Issue 17: saving through /pad or /final-score bypassed the damaged-record guard."""
    from sqlalchemy import update

    from companion.web.storage.store import games
    edit, _view = game
    store = app.extensions["store"]
    broken = dict(current(app, edit).state, players=[{"name": "Red", "virtue": "lots"}])
    with store.engine.begin() as conn:
        conn.execute(update(games).where(games.c.edit_token == edit).values(state=broken))
    store.forget()   # changed behind the app's back: what it read before is no longer so
    for address, data in (("pad", {"player": "0", "cell-gold_marble": "4"}), ("count", {"player": "0"}),
                          ("final-score", {}), ("move", {"kind": "virtue", "player": "0", "delta": "1", "rev": "0"}),
                          ("undo", {"rev": "0"})):
        answer = client.post(f"/g/{edit}/{address}", data={"csrf_token": csrf_token, **data})
        assert answer.status_code == 422, address
    assert current(app, edit).revision == 0
