"""CSV and BG Stats exports against the engine's result for the same game."""

from __future__ import annotations

import copy
import csv
import io
import json
from urllib.parse import parse_qs, urlsplit

from companion.aotwk.sheets import bgstats, tables
from companion.aotwk.sheets.categories import CATEGORIES

from .conftest import FIVE_PLAYERS, SOLO, TIED, scored


def _read(text: str) -> list[dict]:
    assert text.startswith("\ufeff"), "Excel needs the BOM to read UTF-8"
    return list(csv.DictReader(io.StringIO(text[1:])))


def test_game_csv_has_a_row_per_player_and_a_column_per_category(game):
    doc, result = game
    _, sheet = scored(doc)
    rows = _read(tables.game_csv(sheet))
    entries = result["players"] + ([result["bot"]] if result["bot"] else [])
    assert len(rows) == len(entries)
    for row, entry in zip(rows, entries):
        assert row["name"] == entry["name"]
        assert row["bot"] == ("yes" if entry is result["bot"] else "")
        for category in CATEGORIES:
            expected = entry["categories"].get(category.key)
            assert row[category.key] == ("" if expected is None else str(expected))
        assert int(row["total"]) == entry["total"] == sum(entry["categories"].values())
        assert row["rank"] == str(entry["rank"])
        assert row["winner"] == ("yes" if entry["name"] in result["winners"] else "")
        assert row["game"] == doc["title"]
        assert row["date"] == doc["created_at"][:10]


def test_every_csv_has_the_same_header():
    headers = {tables.game_csv(scored(doc)[1]).splitlines()[0] for doc in (FIVE_PLAYERS, SOLO, TIED)}
    assert len(headers) == 1


def test_names_that_look_like_formulas_stay_text():
    doc = copy.deepcopy(TIED)
    doc["players"][0]["name"] = "=HYPERLINK(\"http://evil\")"
    doc["players"][1]["name"] = "-Omar"
    rows = _read(tables.game_csv(scored(doc)[1]))
    assert rows[0]["name"] == "'=HYPERLINK(\"http://evil\")"
    assert rows[1]["name"] == "'-Omar"
    # numbers are numbers: a negative score is not escaped
    assert all(not value.startswith("'") for row in rows for key, value in row.items() if key != "name")


def test_all_games_csv_names_each_game():
    games = [tables.FinishedGame(f"game-{n}", scored(doc)[1]) for n, doc in enumerate((FIVE_PLAYERS, SOLO), 1)]
    rows = _read(tables.games_csv(games))
    assert [row["game_ref"] for row in rows] == ["game-1"] * 5 + ["game-2"] * 2
    assert rows[-1]["bot"] == "yes"


def _decode(link: str) -> dict:
    parts = urlsplit(link)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == "https://app.bgstatsapp.com/createPlay.html"
    return json.loads(parse_qs(parts.query)["data"][0])


def test_bgstats_play_has_game_date_players_scores_and_winners():
    result, sheet = scored(SOLO)
    play = _decode(bgstats.link(sheet, source_play_id="abc", playing_minutes=85))
    assert play["sourceName"] == "Architects Companion"
    assert play["sourcePlayId"] == "abc"
    assert play["game"]["name"] == "Architects of the West Kingdom"
    assert play["game"]["highestWins"] is True and play["game"]["noPoints"] is False
    assert play["playDate"] == "2026-11-21 10:00:00"
    assert play["durationMin"] == 85
    assert "Age of Artisans" in play["board"] and "Helena" in play["board"]
    entries = result["players"] + [result["bot"]]
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in play["players"]] == [
        (e["name"], e["total"], e["rank"], e["name"] in result["winners"]) for e in entries]
    assert [p["startPlayer"] for p in play["players"]] == [True, False]


def test_bgstats_sends_the_games_playing_time_and_leaves_out_one_it_cannot_trust():
    """Issue 32: BG Stats said 17 minutes where the score page and sheet said 15 (start to last
    change, against the playing time without pauses): it is sent the same playing time."""
    _, sheet = scored(TIED)
    assert "durationMin" not in bgstats.play(sheet, source_play_id="x")
    assert "durationMin" not in bgstats.play(sheet, source_play_id="x", playing_minutes=20 * 60)
    assert "durationMin" not in bgstats.play(sheet, source_play_id="x", playing_minutes=0)
    assert bgstats.play(sheet, source_play_id="x", playing_minutes=62)["durationMin"] == 62


def test_bgstats_play_id_is_stable_and_does_not_reveal_the_token():
    assert bgstats.play_id("view-token-1") == bgstats.play_id("view-token-1")
    assert bgstats.play_id("view-token-1") != bgstats.play_id("view-token-2")
    assert "view-token" not in bgstats.play_id("view-token-1")


def test_a_tie_break_goes_into_the_play_comments():
    result, sheet = scored(TIED)
    assert result["tie_break"] in bgstats.play(sheet, source_play_id="x")["comments"]
