"""The setup form (companion/aotwk/web/setup.py): choices the rules core does not make itself."""

from __future__ import annotations

from .test_table import HTMX, setup_data, start, state


def test_two_players_plus_a_bot_offers_both_readings_and_says_ours(client, csrf_token):
    """Solo Play: 'See the "2P vs Bot" Reference Card for more details' (not in our sources)."""
    html = client.get("/games/new").get_data(as_text=True)
    assert "our reading" in html and "As a regular 2-player game" in html
    token = start(client, csrf_token, names=("Ann", "Bob"), mode="two_vs_bot", opponent="helena")
    assert state(client, token)["table"]["guildhall_capacity"] == 16
    token = start(client, csrf_token, names=("Ann", "Bob"), mode="two_vs_bot", opponent="helena",
                  two_vs_bot_reading="regular_two_player")
    doc = state(client, token)
    assert (doc["table"]["guildhall_capacity"], doc["table"]["reward_cards_left"]) == (12, 5)
    assert "regular 2-player game" in client.get(f"/g/{token}").get_data(as_text=True)


def test_an_unknown_reading_is_refused_by_the_form(client, csrf_token):
    response = client.post("/games/new", data=setup_data(csrf_token, names=("Ann", "Bob"), mode="two_vs_bot",
                                                         two_vs_bot_reading="sideways"))
    assert response.status_code == 400


def test_orange_is_a_colour_with_age_of_artisans(client, csrf_token):
    """Age of Artisans, Setup 4: 'When choosing player colours, Orange is now also an option.'"""
    token = start(client, csrf_token, names=("Ann", "Bob"), **{"players-1-colour": "orange", "age_of_artisans": "y"})
    assert state(client, token)["players"][1]["colour"] == "orange"


def test_a_game_started_without_a_title_is_named_from_its_day_in_each_readers_language(client, csrf_token):
    """Issue 32: a default title made on an English phone stayed English on a Korean one. None is
    stored now: each page names the game from the day it was created, in its reader's language."""
    made = client.post("/games/new", data={**setup_data(csrf_token), "title": ""})
    token = made.headers["Location"].rsplit("/", 1)[-1]
    game = client.application.extensions["store"].find(token)[0]
    assert game.title == "" and game.state["title"] == ""
    day = game.created_at
    english = client.get(f"/g/{token}", headers=HTMX).get_data(as_text=True)
    assert f"<h1>Game of {day:%b} {day.day}, {day.year}</h1>" in english
    korean = client.get(f"/g/{token}?lang=ko", headers=HTMX).get_data(as_text=True)
    assert f"<h1>{day.year}. {day.month}. {day.day}. 게임</h1>" in korean and "Game of" not in korean
    # what needs a title gets it in the asker's language: the document, the score sheet's name, the home page
    korean_title = f"{day.year}. {day.month}. {day.day}. 게임"
    assert client.get(f"/g/{token}/export.json?lang=ko").get_json()["title"] == korean_title
    assert client.get(f"/g/{token}/export.json?lang=en").get_json()["title"].startswith("Game of ")
    assert "Game of " in client.get("/?lang=en").get_data(as_text=True)


def test_a_title_given_is_kept_as_given(client, csrf_token):
    token = start(client, csrf_token)
    assert state(client, token)["title"] == "Test night"
    assert "<h1>Test night</h1>" in client.get(f"/g/{token}?lang=ko").get_data(as_text=True)
