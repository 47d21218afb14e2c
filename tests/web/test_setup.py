"""The setup form (companion/aotwk/web/setup.py): choices the rules core does not make itself."""

from __future__ import annotations

from .test_table import setup_data, start, state


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
