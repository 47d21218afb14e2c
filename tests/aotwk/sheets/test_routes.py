"""The export routes through the Flask app: status codes, content types, and
content compared with the engine's result for the same game."""

from __future__ import annotations

import copy
import csv
import io
import json
import re
from urllib.parse import parse_qs, urlsplit

import pypdf
import pytest
from flask import render_template_string

from companion.aotwk.rules.scoring import score_document
from companion.aotwk.sheets import build_sheet
from companion.aotwk.sheets.pdf import sheet_html
from companion.web.documents import read_document

from .conftest import FIVE_PLAYERS, KOREAN_NAME, SOLO, TIED, pdf_text, squeeze

LEAGUE_TOKEN = "the-league-secret"


@pytest.fixture
def app(make_app):
    """The operator switched the league CSV on with a token."""
    return make_app(FINISHED_GAMES_CSV_TOKEN=LEAGUE_TOKEN)


@pytest.fixture
def add_game(app):
    """Store a game document; returns the stored game."""
    def add(doc: dict):
        state, events = read_document(copy.deepcopy(doc))
        return app.extensions["store"].create(state, events)
    return add


def _csv_rows(response) -> list[dict]:
    return list(csv.DictReader(io.StringIO(response.get_data(as_text=True).lstrip("\ufeff"))))


@pytest.mark.parametrize("prefix", ["g", "v"])
def test_sheet_pdf_under_the_edit_and_the_view_link(client, add_game, prefix):
    game = add_game(FIVE_PLAYERS)
    token = game.edit_token if prefix == "g" else game.view_token
    response = client.get(f"/{prefix}/{token}/sheet.pdf")
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    assert response.headers["Cache-Control"] == "no-store"
    text = pdf_text(response.data)[0]
    result = score_document(game.state)
    for entry in result["players"]:
        assert squeeze(entry["name"]) in squeeze(text)
    totals = next(line for line in text.splitlines() if line.startswith("Total "))
    assert totals.split()[1:] == [str(entry["total"]) for entry in result["players"]]


def test_sheet_paper_follows_the_query_then_the_browser_language(client, add_game):
    game = add_game(TIED)
    url = f"/v/{game.view_token}/sheet.pdf"

    def height_mm(response):
        return round(float(pypdf.PdfReader(io.BytesIO(response.data)).pages[0].mediabox.height) * 25.4 / 72)

    assert height_mm(client.get(url)) == 297
    assert height_mm(client.get(url, headers={"Accept-Language": "en-GB,en;q=0.8"})) == 297
    assert height_mm(client.get(url, headers={"Accept-Language": "ko-KR"})) == 297
    assert height_mm(client.get(url, headers={"Accept-Language": "en-US,en;q=0.9"})) == 279
    assert height_mm(client.get(url + "?paper=letter")) == 279
    assert height_mm(client.get(url + "?paper=a4", headers={"Accept-Language": "en-US"})) == 297


def test_an_unfinished_game_prints_a_provisional_sheet_but_exports_nothing(client, add_game):
    game = add_game({**FIVE_PLAYERS, "phase": "playing"})
    response = client.get(f"/g/{game.edit_token}/sheet.pdf")
    assert response.status_code == 200
    assert "PROVISIONAL" in pdf_text(response.data)[0]

    response = client.get(f"/g/{game.edit_token}/scores.csv")
    assert response.status_code == 409
    assert "not finished" in response.get_data(as_text=True)


@pytest.mark.parametrize("path", ["/g/{}/sheet.pdf", "/v/{}/sheet.pdf", "/g/{}/scores.csv", "/v/{}/scores.csv"])
def test_an_unknown_token_is_a_friendly_404(client, add_game, path):
    add_game(FIVE_PLAYERS)
    response = client.get(path.format("no-such-game-token"))
    assert response.status_code == 404
    assert response.mimetype == "text/html"
    assert "no game" in response.get_data(as_text=True).lower()


@pytest.mark.parametrize("query, complaint", [
    ("players=0", "players must be a whole number from 1 to 6"),
    ("players=99", "players must be a whole number from 1 to 6"),
    ("players=7", "players must be a whole number from 1 to 6"),
    ("players=-2", "players must be a whole number from 1 to 6"),
    ("players=three", "players must be a whole number from 1 to 6"),
    ("players=4&expansion=maybe", "expansion must be 1 or 0"),
    ("players=4&paper=legal", "paper must be one of a4, letter"),
])
def test_bad_blank_pad_requests_get_a_clear_400_page(client, query, complaint):
    response = client.get(f"/sheets/blank.pdf?{query}")
    assert response.status_code == 400
    assert response.mimetype == "text/html"
    assert complaint in response.get_data(as_text=True)


def test_bad_paper_for_a_game_sheet_is_a_400(client, add_game):
    game = add_game(TIED)
    response = client.get(f"/g/{game.edit_token}/sheet.pdf?paper=tabloid")
    assert response.status_code == 400
    assert "paper must be one of" in response.get_data(as_text=True)


@pytest.mark.parametrize("expansion", ["0", "1"])
def test_blank_pad(client, expansion):
    response = client.get(f"/sheets/blank.pdf?players=5&expansion={expansion}")
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    text = pdf_text(response.data)[0]
    assert "5 players" in text
    assert ("Adornments" in text) == (expansion == "1")


def test_game_csv_matches_the_engine(client, add_game):
    game = add_game(SOLO)
    response = client.get(f"/v/{game.view_token}/scores.csv")
    assert response.status_code == 200
    assert response.headers["Content-Type"] == "text/csv; charset=utf-8"
    assert "attachment" in response.headers["Content-Disposition"]
    rows = _csv_rows(response)
    result = score_document(game.state)
    entries = result["players"] + [result["bot"]]
    assert [row["name"] for row in rows] == [entry["name"] for entry in entries]
    for row, entry in zip(rows, entries):
        for key, value in entry["categories"].items():
            assert row[key] == str(value)
        assert row["total"] == str(entry["total"])
        assert row["rank"] == str(entry["rank"])
        assert (row["winner"] == "yes") == (entry["name"] in result["winners"])


def test_all_finished_games_csv_lists_finished_games_only_and_no_links(client, add_game):
    finished = [add_game(FIVE_PLAYERS), add_game(TIED)]
    unfinished = add_game({**SOLO, "phase": "playing", "title": "Still going"})
    response = client.get(f"/games/finished.csv?token={LEAGUE_TOKEN}")
    assert response.status_code == 200
    body = response.get_data(as_text=True)
    rows = _csv_rows(response)
    assert {row["game"] for row in rows} == {"Friday game at Ji-woo's", "A close one"}
    assert "Still going" not in body
    for game in [*finished, unfinished]:
        assert game.edit_token not in body and game.view_token not in body
    korean = next(row for row in rows if row["name"] == KOREAN_NAME)
    expected = next(p for p in score_document(finished[0].state)["players"] if p["name"] == KOREAN_NAME)
    assert korean["total"] == str(expected["total"])


def test_all_games_csv_is_off_without_the_operators_token(make_app, add_game):
    add_game(FIVE_PLAYERS)
    assert make_app().test_client().get("/games/finished.csv").status_code == 404   # no token set: off
    guarded = make_app(FINISHED_GAMES_CSV_TOKEN=LEAGUE_TOKEN).test_client()
    assert guarded.get("/games/finished.csv").status_code == 404
    assert guarded.get("/games/finished.csv?token=guess").status_code == 404
    assert guarded.get(f"/games/finished.csv?token={LEAGUE_TOKEN}").status_code == 200


def _render_links(app, game, token, editable):
    with app.test_request_context("/"):
        return render_template_string('{% include "aotwk/sheets/_export_links.html" %}',
                                      game=game, token=token, editable=editable)


def test_export_links_of_a_finished_game(app, add_game):
    game = add_game(FIVE_PLAYERS)
    html = _render_links(app, game, game.edit_token, True)
    assert f'href="/g/{game.edit_token}/sheet.pdf"' in html
    assert f'href="/g/{game.edit_token}/scores.csv"' in html
    assert "https://app.bgstatsapp.com/createPlay.html?data=" in html
    assert 'media="print" href="/static/sheets/print.css?v=' in html   # versioned: companion/web/serving/static_files.py
    assert 'src="/static/sheets/export.js?v=' in html

    html = _render_links(app, game, game.view_token, False)
    assert f'href="/v/{game.view_token}/sheet.pdf"' in html
    assert game.edit_token not in html


def test_export_links_of_an_unfinished_game_offer_the_sheet_only(app, add_game):
    game = add_game({**TIED, "phase": "final_round"})
    html = _render_links(app, game, game.view_token, False)
    assert "sheet.pdf" in html
    assert "scores.csv" not in html and "bgstatsapp" not in html


def test_bgstats_link_carries_the_engine_result(app, add_game):
    game = add_game(TIED)
    html = _render_links(app, game, game.view_token, False)
    link = next(part.split('"', 1)[0] for part in html.split('href="')
                if part.startswith("https://app.bgstatsapp.com"))
    data = json.loads(parse_qs(urlsplit(link.replace("&amp;", "&")).query)["data"][0])
    result = score_document(game.state)
    assert [(p["name"], p["score"], p["winner"]) for p in data["players"]] == [
        (p["name"], p["total"], p["name"] in result["winners"]) for p in result["players"]]
    assert game.view_token not in link and game.edit_token not in link


def test_a_game_the_engine_refuses_is_a_422_naming_the_problem_and_left_out_of_the_league_csv(app, client, add_game):
    # A stored state from before a catalogue change: a building id the engine no longer knows.
    state, _ = read_document(copy.deepcopy(TIED))
    state["players"][0]["buildings"] = ["demolished_tower"]
    broken = app.extensions["store"].create(state)
    add_game(FIVE_PLAYERS)

    response = client.get(f"/v/{broken.view_token}/sheet.pdf")
    assert response.status_code == 422
    assert "“demolished tower”" in response.get_data(as_text=True)   # (an id, quoted as words)
    assert client.get(f"/v/{broken.view_token}/scores.csv").status_code == 422

    response = client.get(f"/games/finished.csv?token={LEAGUE_TOKEN}")
    assert response.status_code == 200
    assert {row["game"] for row in _csv_rows(response)} == {FIVE_PLAYERS["title"]}


HANGUL = re.compile("[\uac00-\ud7a3]")


def test_the_korean_sheet_breaks_lines_between_words_never_inside_one(app, client, add_game):
    game = add_game(FIVE_PLAYERS)
    response = client.get(f"/v/{game.view_token}/sheet.pdf", headers={"Accept-Language": "ko-KR"})
    lines = "\n".join(pdf_text(response.data)).splitlines()
    with app.test_request_context(headers={"Accept-Language": "ko-KR"}):
        html = sheet_html(build_sheet(game.state, score_document(game.state)), view_url="http://localhost/v/x")
    words = re.sub(r"<[^>]*>", " ", html.partition("<body")[2]).split()
    assert sum(1 for word in words if HANGUL.search(word)) > 20   # a Korean sheet, with many Korean words
    broken = []
    for line, following in zip(lines, lines[1:]):
        end, start = line.split()[-1:], following.split()[:1]
        if end and start and HANGUL.search(end[0][-1]) and HANGUL.search(start[0][0]):
            if any(end[0] + start[0] in word for word in words):   # one word of the sheet, on two lines
                broken.append(f"{end[0]}/{start[0]}")
    assert broken == []
