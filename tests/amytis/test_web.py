"""The Amytis pad through the Flask client: start, tap, refuse, undo, poll, share, export."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys

from urllib.parse import unquote

import pypdf
import pytest

from companion.amytis.scoring import score_document

HX = {"HX-Request": "true"}


def start(client, csrf_token, first="Martine", second="Paul", title="") -> tuple[str, str]:
    response = client.post("/amytis/new", data={"csrf_token": csrf_token, "first": first, "second": second,
                                                "title": title})
    assert response.status_code == 303, response.get_data(as_text=True)
    edit = response.headers["Location"].rsplit("/", 1)[-1]
    game, _ = client.application.extensions["store"].find(edit)
    return edit, game.view_token


def state(client, edit) -> dict:
    return client.application.extensions["store"].find(edit)[0].state


def revision(client, edit) -> int:
    return client.application.extensions["store"].find(edit)[0].revision


def tap(client, csrf_token, edit, rev=None, headers=HX, **fields):
    data = {"csrf_token": csrf_token, "rev": revision(client, edit) if rev is None else rev,
            **{k: str(v) for k, v in fields.items()}}
    return client.post(f"/g/{edit}/amytis/move", data=data, headers=headers)


def stack(client, csrf_token, edit, player, row, column, delta=1):
    return tap(client, csrf_token, edit, kind="amytis_stack", player=player, row=row, column=column, delta=delta)


def totals(html: str) -> list[int]:
    return [int(t) for t in re.findall(r'data-total="\d">(\d+)<', html)]


@pytest.fixture
def game(client, csrf_token):
    return start(client, csrf_token)


def test_home_links_to_a_new_amytis_pad(client):
    assert 'href="/amytis/new"' in client.get("/").get_data(as_text=True)


def test_new_game_needs_two_different_names(client, csrf_token):
    response = client.post("/amytis/new", data={"csrf_token": csrf_token, "first": "Ann", "second": ""})
    assert response.status_code == 400
    assert "Give each player a name." in response.get_data(as_text=True)
    response = client.post("/amytis/new", data={"csrf_token": csrf_token, "first": "Ann", "second": " ann"})
    assert response.status_code == 400
    assert "The two players need different names." in response.get_data(as_text=True)
    assert client.application.extensions["store"].titles([]) == []


def test_the_game_pages_show_the_pad_under_both_addresses(client, game):
    edit, view = game
    page = client.get(f"/g/{edit}").get_data(as_text=True)
    assert "amytis-board" in page and "Martine" in page and "Paul" in page
    assert page.count('class="amytis-plus"') == 18
    watched = client.get(f"/v/{view}").get_data(as_text=True)
    assert "amytis-board" in watched and "view only" in watched
    assert 'class="amytis-plus"' not in watched and "/amytis/move" not in watched


def test_a_new_game_state_is_a_score_document(client, game):
    edit, _ = game
    doc = state(client, edit)
    assert doc["game"] == "architects_of_amytis" and doc["phase"] == "playing"
    assert score_document(doc)["winners"] == ["Martine", "Paul"]


def test_taps_change_the_board_and_both_totals_live(client, csrf_token, game):
    """The contract example's boards, tapped in: Martine 96, Paul 100."""
    edit, _ = game
    martine = [[1, 2, 3], [0, 4, 1], [2, 2, 1]]
    for r, row in enumerate(martine):
        for c, height in enumerate(row):
            for _ in range(height):
                assert stack(client, csrf_token, edit, 0, r, c).status_code == 200
            assert stack(client, csrf_token, edit, 1, r, c).status_code == 200
    for favor in ("stacks_of_4", "corners"):
        tap(client, csrf_token, edit, kind="amytis_favor", player=0, favor=favor, claimed=1)
    tap(client, csrf_token, edit, kind="amytis_favor", player=1, favor="stacks_of_1", claimed=1)
    for _ in range(2):
        tap(client, csrf_token, edit, kind="amytis_favor_track", player=0, delta=1)
    for points in (10, 8):
        tap(client, csrf_token, edit, kind="amytis_project_add", player=0, points=points)
    tap(client, csrf_token, edit, kind="amytis_project_add", player=1, points=12)
    tap(client, csrf_token, edit, kind="amytis_track", player=0, range=50, space=7)
    response = tap(client, csrf_token, edit, kind="amytis_track", player=1, total=61)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert totals(html) == [96, 100]
    assert "1 stack of exactly 4 tiles × 6" in html
    assert state(client, edit)["players"][0]["stacks"] == martine
    assert state(client, edit)["players"][0]["track"] == 57


def test_each_favor_shows_what_it_would_score_now(client, csrf_token, game):
    edit, _ = game
    for column in range(3):
        stack(client, csrf_token, edit, 0, 0, column)
    html = client.get(f"/g/{edit}").get_data(as_text=True)
    favor_i = re.search(r'data-favor="0-stacks_of_1".*?<strong>(\d+)</strong>', html, re.S)
    assert favor_i.group(1) == "9"   # 3 stacks of exactly 1 tile, not claimed yet
    assert totals(html) == [0, 0]


def test_a_plain_form_post_is_redirected_to_the_player(client, csrf_token, game):
    edit, _ = game
    response = tap(client, csrf_token, edit, headers={}, kind="amytis_stack", player=1, row=2, column=2, delta=1)
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/g/{edit}#player-1")


def test_a_sixth_pawn_is_refused_next_to_the_player_and_nothing_changes(client, csrf_token, game):
    """"Take 2 pawns of your color [...] Place your 4 architects and 5 remaining pawns nearby"."""
    edit, _ = game
    for favor in ("stacks_of_1", "stacks_of_2", "corners"):
        tap(client, csrf_token, edit, kind="amytis_favor", player=0, favor=favor, claimed=1)
    tap(client, csrf_token, edit, kind="amytis_favor_track", player=0, delta=1)
    tap(client, csrf_token, edit, kind="amytis_favor_track", player=0, delta=1)
    before = state(client, edit)
    response = tap(client, csrf_token, edit, kind="amytis_favor", player=0, favor="projects", claimed=1)
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    section = html.split('id="player-0"', 1)[1].split('id="player-1"', 1)[0]
    assert "Martine has placed all 5 pawns for favors (3 favors, 2 on the pawn-count part)." in section
    assert state(client, edit) == before


@pytest.mark.parametrize("fields", [
    {"kind": "amytis_stack", "player": 0, "row": "x", "column": 0, "delta": 1},
    {"kind": "amytis_stack", "player": 0, "row": 0, "column": 3, "delta": 1},
    {"kind": "amytis_stack", "player": 0, "row": 0, "column": 0, "delta": 5},
    {"kind": "amytis_stack", "player": 0, "row": 0, "column": 0, "delta": -1},
    {"kind": "amytis_stack", "player": 7, "row": 0, "column": 0, "delta": 1},
    {"kind": "amytis_favor", "player": 0, "favor": "nope", "claimed": 1},
    {"kind": "amytis_project_add", "player": 0, "points": "abc"},
    {"kind": "amytis_project_add", "player": 0, "points": 31},
    {"kind": "amytis_project_remove", "player": 0, "points": 9},
    {"kind": "amytis_track", "player": 0, "total": "-4"},
    {"kind": "amytis_track", "player": 0, "space": "²"},
    {"kind": "amytis_phase", "phase": "over"},
    {"kind": "buy_a_castle", "player": 0},
])
def test_bad_taps_are_400_with_a_message_never_500(client, csrf_token, game, fields):
    edit, _ = game
    before = state(client, edit)
    response = tap(client, csrf_token, edit, **fields)
    assert response.status_code == 400
    assert "That was not recorded" in response.get_data(as_text=True)
    assert state(client, edit) == before


def test_45_tiles_at_most(client, csrf_token, game):
    """"place a stack of 5 random Building tiles [...] Return the 3 remaining Building tiles to the box"."""
    edit, _ = game
    store = client.application.extensions["store"]
    full = [[5, 5, 5], [5, 5, 5], [5, 5, 5]]

    def fill(state):
        state["players"][0]["stacks"] = full
        return state, []
    store.change(edit, {"kind": "amytis_test_fill"}, fill)
    response = stack(client, csrf_token, edit, 1, 0, 0)
    assert response.status_code == 400
    assert "All 45 tiles in play are already on the two boards." in response.get_data(as_text=True)


def test_a_tap_from_a_stale_page_applies_to_the_latest_board(client, csrf_token, game):
    edit, _ = game
    stack(client, csrf_token, edit, 0, 1, 1)
    response = tap(client, csrf_token, edit, rev=0, kind="amytis_stack", player=1, row=1, column=1, delta=1)
    assert response.status_code == 200
    assert "another phone had changed it too" in response.get_data(as_text=True)
    assert [p["stacks"][1][1] for p in state(client, edit)["players"]] == [1, 1]


def test_view_token_cannot_tap_and_unknown_token_is_404(client, csrf_token, game):
    edit, view = game
    assert tap(client, csrf_token, view, rev=0, kind="amytis_stack", player=0, row=0, column=0,
               delta=1).status_code == 403
    assert client.post("/g/nope/amytis/move", data={"csrf_token": csrf_token}).status_code == 404
    assert revision(client, edit) == 0


def test_a_tap_without_a_valid_csrf_token_shows_the_pad_with_a_message(client, game):
    edit, _ = game
    response = client.post(f"/g/{edit}/amytis/move", data={"kind": "amytis_stack", "player": "0", "row": "0",
                                                           "column": "0", "delta": "1", "rev": "0"}, headers=HX)
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert "amytis-board" in html and "please tap again" in html
    assert revision(client, edit) == 0


def test_undo_redo_and_history_are_the_shared_ones(client, csrf_token, game):
    edit, view = game
    stack(client, csrf_token, edit, 0, 0, 0)
    tap(client, csrf_token, edit, kind="amytis_favor", player=1, favor="corners", claimed=1)
    response = client.post(f"/g/{edit}/undo", data={"csrf_token": csrf_token, "rev": 2}, headers=HX)
    assert response.status_code == 200
    assert "Undone: Paul: claimed favor Corners" in response.get_data(as_text=True)
    assert state(client, edit)["players"][1]["favors"] == []
    client.post(f"/g/{edit}/redo", data={"csrf_token": csrf_token, "rev": 3})
    assert state(client, edit)["players"][1]["favors"] == ["corners"]
    history = client.get(f"/v/{view}/history").get_data(as_text=True)
    assert "Martine: top-left stack, one more tile" in history and "Paul: claimed favor Corners" in history


def test_polling(client, csrf_token, game):
    edit, view = game
    assert client.get(f"/v/{view}/poll?rev=0", headers=HX).status_code == 204
    stack(client, csrf_token, edit, 0, 2, 0)
    response = client.get(f"/v/{view}/poll?rev=0", headers=HX)
    assert response.status_code == 200
    assert 'data-revision="1"' in response.get_data(as_text=True)


def test_export_json_is_a_document_the_score_command_takes(client, csrf_token, game, tmp_path):
    """shared/contracts/web-routes.md: "every exported document can be fed to the score command unchanged"."""
    edit, view = game
    stack(client, csrf_token, edit, 0, 0, 0)
    tap(client, csrf_token, edit, kind="amytis_favor", player=0, favor="stacks_of_1", claimed=1)
    exported = client.get(f"/v/{view}/export.json").get_json()
    assert [e["kind"] for e in exported["events"]] == ["amytis_stack", "amytis_favor"]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(exported))
    done = subprocess.run([sys.executable, "-m", "companion.cli", "score", str(path)], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert {**json.loads(done.stdout), "playing_minutes": exported["playing_minutes"]} == \
        client.get(f"/g/{edit}/score.json").get_json()   # the web's adds the playing time (contract, Groups)
    assert json.loads(done.stdout)["players"][0]["total"] == 3


def _finish(client, csrf_token, edit):
    assert tap(client, csrf_token, edit, kind="amytis_phase", phase="finished").status_code == 200


def test_sheet_pdf_is_one_page_with_both_boards(client, csrf_token, game):
    edit, view = game
    stack(client, csrf_token, edit, 0, 0, 0)
    response = client.get(f"/v/{view}/sheet.pdf?paper=a4")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    pdf = pypdf.PdfReader(io.BytesIO(response.data))
    assert len(pdf.pages) == 1
    text = pdf.pages[0].extract_text()
    assert "Martine's board" in text and "Paul's board" in text and "PROVISIONAL" in text
    _finish(client, csrf_token, edit)
    text = pypdf.PdfReader(io.BytesIO(client.get(f"/g/{edit}/sheet.pdf").data)).pages[0].extract_text()
    assert "PROVISIONAL" not in text and "Winner" in text
    letter = pypdf.PdfReader(io.BytesIO(client.get(f"/g/{edit}/sheet.pdf?paper=letter").data))
    assert len(letter.pages) == 1 and round(float(letter.pages[0].mediabox.height) * 25.4 / 72) == 279
    assert client.get(f"/g/{edit}/sheet.pdf?paper=a3").status_code == 400


def test_csv_and_bgstats_once_the_game_is_over(client, csrf_token, game):
    edit, view = game
    assert client.get(f"/v/{view}/scores.csv").status_code == 409
    assert "bgstatsapp" not in client.get(f"/g/{edit}").get_data(as_text=True)
    tap(client, csrf_token, edit, kind="amytis_track", player=1, total=30)
    _finish(client, csrf_token, edit)
    csv_text = client.get(f"/v/{view}/scores.csv").get_data(as_text=True)
    rows = csv_text.lstrip("\ufeff").splitlines()
    assert rows[0].startswith("game,date,seat,name,track,projects,favors,favor_stacks_of_1")
    assert rows[2].endswith(",30,1,yes")
    page = client.get(f"/g/{edit}").get_data(as_text=True)
    link = re.search(r'href="(https://app\.bgstatsapp\.com/createPlay\.html\?data=[^"]+)"', page).group(1)
    play = json.loads(unquote(link.split("data=", 1)[1].replace("&amp;", "&")))
    assert play["game"]["name"] == "The Architects of Amytis"
    assert [(p["name"], p["score"], p["winner"]) for p in play["players"]] == [("Martine", 0, False), ("Paul", 30, True)]


def test_blank_pad(client):
    response = client.get("/amytis/blank.pdf")
    assert response.status_code == 200
    pdf = pypdf.PdfReader(io.BytesIO(response.data))
    assert len(pdf.pages) == 1
    text = pdf.pages[0].extract_text()
    assert "Favor Staircase" in text and "Pawn-count part" in text


def test_the_shared_sheet_and_csv_addresses_answer_with_the_pads_own(client, csrf_token, game):
    """shared/contracts/web-routes.md: GET /g/<edit_token>/sheet.pdf is the game's printable score sheet:
    the shared address hands an Amytis game to the pad's sheet (companion.web.game_pages), and
    AotWK's own score page of an Amytis game is its pad."""
    edit, view = game
    response = client.get(f"/g/{edit}/sheet.pdf?paper=letter")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert "amytis-sheet.pdf" in response.headers["Content-Disposition"]
    assert client.get(f"/v/{view}/scores.csv").status_code == 409   # not finished yet: the pad's own answer
    assert client.get(f"/g/{edit}/score").headers["Location"] == f"/g/{edit}"
    assert client.get(f"/v/{view}/score").headers["Location"] == f"/v/{view}"
    assert client.get("/g/not-a-game/sheet.pdf").status_code == 404


def test_the_aotwk_engine_refuses_an_amytis_game_rather_than_score_zeros(client, csrf_token, game):
    """The league CSV of finished games leaves it out instead of listing two 0-point AotWK players."""
    from companion.aotwk.rules.document import InvalidInput, parse_score_input
    edit, _ = game
    with pytest.raises(InvalidInput) as caught:
        parse_score_input(state(client, edit))
    assert str(caught.value) == "game: this is not a game of Architects of the West Kingdom (got 'architects_of_amytis')"
    _finish(client, csrf_token, edit)
    client.application.config["FINISHED_GAMES_CSV_TOKEN"] = "league"
    response = client.get("/games/finished.csv?token=league")
    assert response.status_code == 200 and "Martine" not in response.get_data(as_text=True)


def test_a_hostile_name_stays_text(client, csrf_token):
    edit, view = start(client, csrf_token, first='<script>alert("x")</script>&', second="=HYPERLINK(1)")
    page = client.get(f"/v/{view}").get_data(as_text=True)
    assert "<script>alert" not in page and "&lt;script&gt;alert" in page
    _finish(client, csrf_token, edit)
    rows = client.get(f"/v/{view}/scores.csv").get_data(as_text=True).splitlines()
    assert ",'=HYPERLINK(1)," in rows[2]


def test_the_rules_modules_import_no_flask_and_no_database():
    code = ("import sys; import companion.amytis.scoring, companion.amytis.pad, companion.amytis.document; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('flask', 'sqlalchemy', 'werkzeug')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "[]", done.stderr


def test_export_then_import_round_trips_the_game_and_its_history(client, csrf_token, game):
    """shared/contracts/web-routes.md: "a document that the score command accepts can be imported"."""
    edit, view = game
    stack(client, csrf_token, edit, 0, 0, 0)
    exported = client.get(f"/v/{view}/export.json").get_json()
    response = client.post("/games/import", json=exported)
    assert response.status_code == 303
    copy_token = response.headers["Location"].rsplit("/", 1)[-1]
    assert state(client, copy_token) == state(client, edit)
    history = client.get(f"/g/{copy_token}/history").get_data(as_text=True)
    assert "Martine: top-left stack, one more tile" in history
    assert "amytis-board" in client.get(f"/g/{copy_token}").get_data(as_text=True)


def test_the_contract_example_imports_as_a_finished_game(client):
    from tests.amytis.helpers import contract_example
    response = client.post("/games/import", json=contract_example())
    assert response.status_code == 303
    imported = state(client, response.headers["Location"].rsplit("/", 1)[-1])
    assert imported["phase"] == "finished" and imported["title"] == "Imported game"
    assert imported["players"][1]["favor_track_pawns"] == 0


def test_a_bad_amytis_document_is_refused_with_every_problem(client):
    doc = {"game": "architects_of_amytis", "phase": "done", "players": [{"name": "Ann", "track": -1}]}
    response = client.post("/games/import", json=doc)
    assert response.status_code == 400
    assert response.get_data(as_text=True).splitlines() == [
        "players: must be exactly 2 players: the game is for two (got 1)",
        "players[0].track: must be at least 0 (got -1)",
        "phase: must be one of playing, finished (got 'done')"]


def test_each_phone_can_put_its_players_board_first(client, csrf_token, game, app):
    """Two phones, one game: Paul's phone shows Paul's board first; the other phone is unchanged."""
    edit, view = game
    response = client.get(f"/g/{edit}/amytis/mine?seat=1")
    assert response.status_code == 303 and response.headers["Location"] == f"/g/{edit}#player-1"
    page = client.get(f"/g/{edit}").get_data(as_text=True)
    assert page.index('id="player-1"') < page.index('id="player-0"')
    assert "Paul's board comes first on this phone." in page
    other_phone = app.test_client()
    page = other_phone.get(f"/v/{view}").get_data(as_text=True)
    assert page.index('id="player-0"') < page.index('id="player-1"')
    client.get(f"/g/{edit}/amytis/mine")
    page = client.get(f"/g/{edit}").get_data(as_text=True)
    assert page.index('id="player-0"') < page.index('id="player-1"')
    assert client.get(f"/g/{edit}/amytis/mine?seat=9").status_code == 303


def test_the_sheets_view_link_comes_from_the_public_address_not_the_host_header(make_app):
    """Issue 9: links are built from a configured public address, never from whatever Host a request names."""
    from tests.conftest import csrf_token_from
    client = make_app(PUBLIC_URL="https://games.ourclub.org/").test_client()
    edit, view = start(client, csrf_token_from(client.get("/").get_data(as_text=True)))
    pdf = client.get(f"/g/{edit}/sheet.pdf", headers={"Host": "127.0.0.1:8000"})   # this machine, not the public name
    text = "".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf.data)).pages)
    assert f"https://games.ourclub.org/v/{view}" in text.replace("\n", "") and "127.0.0.1" not in text


def test_aotwk_only_addresses_of_an_amytis_game_are_its_pad_or_a_404(app, client, csrf_token, game):
    """Every address of AotWK's tracker, paper pad, count, bot and exports, with an Amytis game's
    tokens: a page goes to the pad, a fragment or a change is a 404, never a server error."""
    edit, view = game
    before = state(client, edit)
    aotwk = [rule for rule in app.url_map.iter_rules()
             if rule.endpoint.split(".")[:2] in (["aotwk", "table"], ["aotwk", "pad"], ["aotwk", "bot"], ["aotwk", "exports"])
             and "token" in rule.arguments]
    assert len(aotwk) > 15
    for rule in aotwk:
        for token, prefix in ((edit, "g"), (view, "v")):
            if not rule.rule.startswith(("/<any", f"/{prefix}/")):
                continue
            path = rule.rule.replace("<any(g, v):access>", prefix).replace("<token>", token)
            for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
                for headers in ({}, HX):
                    answer = client.open(f"{path}?token=x&kind=virtue&player=0", method=method, headers=headers,
                                         data={"csrf_token": csrf_token, "rev": revision(client, edit)})
                    assert answer.status_code in (303, 403, 404, 409), (method, rule.rule, answer.status_code)
                    if answer.status_code == 303:
                        assert re.search(rf"/[gv]/{token}(/amytis/[a-z.]+)?(\?|$)", answer.headers["Location"]), \
                            answer.headers["Location"]
    assert state(client, edit) == before


def test_a_token_in_the_query_of_an_amytis_export_is_not_the_games(client, game):
    edit, _view = game
    answer = client.get(f"/g/{edit}/sheet.pdf?token=other&paper=letter")
    assert answer.status_code == 200 and "amytis-sheet.pdf" in answer.headers["Content-Disposition"]




@pytest.mark.parametrize("document, said", [
    ({"game": "architects_of_amytis", "players": [{"name": "Ann\u0000"}, {"name": "Bob"}]},
     "players[0].name: must not contain the NUL character"),
    ({"game": "architects_of_amytis", "title": "Night\ud800", "players": [{"name": "Ann"}, {"name": "Bob"}]},
     "title: must not contain a lone surrogate (not a character)"),
])
def test_an_import_refuses_a_name_or_title_no_text_can_hold(app, client, document, said):
    """Issue 36: such an Amytis name or title was stored, or answered 500."""
    answer = client.post("/games/import", json=document)
    assert answer.status_code == 400 and said in answer.get_data(as_text=True)
    with app.extensions["store"].engine.connect() as conn:
        assert conn.exec_driver_sql("SELECT count(*) FROM games").scalar() == 0


def _stored_moves(client, edit) -> list[dict]:
    found = client.application.extensions["store"].find(edit)[0]
    return [event.move for event in client.application.extensions["store"].history(found.id)]


@pytest.mark.parametrize("move", [
    {"kind": "amytis_stack", "player": 1, "row": 2, "column": 0, "delta": 1},
    {"kind": "amytis_favor", "player": 0, "favor": "corners", "claimed": True},
    {"kind": "amytis_favor_track", "player": 0, "delta": -1},
    {"kind": "amytis_project_add", "player": 1, "points": 9},
    {"kind": "amytis_track", "player": 0, "total": 61},
    {"kind": "amytis_track", "player": 1, "range": 50, "space": 7},
])
def test_a_tap_and_the_same_move_as_json_are_read_alike_and_stored_alike(client, csrf_token, move):
    """A tapped form is read by the field kinds a JSON move is read by (GET /g/<t>/moves): the same
    move both ways makes the same game and the same stored event."""
    by_tap, by_json = start(client, csrf_token)[0], start(client, csrf_token)[0]
    if move["kind"] == "amytis_favor_track":   # (down from the start: one up first, both ways)
        for edit in (by_tap, by_json):
            tap(client, csrf_token, edit, kind="amytis_favor_track", player=0, delta=1)
    form = {key: ("1" if value is True else value) for key, value in move.items()}
    assert tap(client, csrf_token, by_tap, **form).status_code == 200
    assert client.post(f"/g/{by_json}/moves", json=move).status_code == 200
    assert _stored_moves(client, by_tap)[-1] == _stored_moves(client, by_json)[-1] == move
    assert state(client, by_tap)["players"] == state(client, by_json)["players"]


def test_a_score_track_with_its_laps_left_blank_is_no_full_lap_tapped_or_sent():
    """The score track's form asks for full laps of 50 and the space: a blank laps box (or a JSON
    move without "range") is no full lap, not a refusal."""
    from companion.amytis import pad

    state_ = pad.new_game(["Martine", "Paul"], "Amytis")
    after, _notes = pad.apply(state_, {"kind": "amytis_track", "player": 0, "space": 12})
    assert after["players"][0]["track"] == 12
