"""The Black Market button on a seat (issue 32): one tap opens its free spaces, one tap on a space
records the placement with its silver and virtue, and it is offered only where the rules allow it."""

from __future__ import annotations

import copy
import re

import pytest

from companion.aotwk.rules import table

from .bot_pages import HTMX, text_of


def _game(app, virtue=7, track_resources=True, occupied=None) -> str:
    state = table.new_game({"mode": "multiplayer", "players": [{"name": "Ann"}, {"name": "Ben"}], "seed": 5,
                            "title": "Market", "track_resources": track_resources})
    state["players"][0]["virtue"] = virtue
    state["table"]["black_market"].update(occupied or {})
    return app.extensions["store"].create(copy.deepcopy(state)).edit_token


def _seat(client, token, who="0") -> str:
    return client.get(f"/g/{token}/seat?who={who}", headers=HTMX).get_data(as_text=True)


def _spaces(html: str) -> dict[str, str]:
    return {value: re.sub(r"\s+", " ", label).strip()
            for value, label in re.findall(r'<button type="submit" name="space" value="([^"]+)">([^<]+)</button>', html)}


def test_the_seat_has_a_black_market_button_that_opens_its_spaces(client, app):
    token = _game(app)
    seat = _seat(client, token).split('id="seat-0"')[1].split('id="seat-1"')[0]
    assert "kind=black_market&amp;player=0" in seat and ">Black Market</button>" in seat
    panel = client.get(f"/g/{token}/ask?kind=black_market&player=0", headers=HTMX).get_data(as_text=True)
    assert _spaces(panel) == {"small": "Small: pay 1 silver, lose 1 virtue",
                              "middle": "Middle: pay 2 silver, lose 1 virtue",
                              "large": "Large: pay 3 silver, lose 1 virtue"}
    assert "Record</button>" not in panel   # the space's button records it


def test_one_tap_on_a_space_pays_its_silver_and_virtue_and_takes_what_the_card_gives(client, csrf_token, app):
    """Seed 000 l.303: "Pay 1 Silver and lose 1 Virtue to gain 1 Marble and 1 Stone"."""
    token = _game(app)
    panel = client.get(f"/g/{token}/ask?kind=black_market&player=0", headers=HTMX).get_data(as_text=True)
    assert re.search(r'name="marble"[^>]*value="0"', panel) and 'name="clay"' not in panel
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', panel))
    fields.update({name: "0" for name in re.findall(r'type="number"[^>]*name="([a-z]+)"', panel)})
    before = app.extensions["store"].find(token)[0].state["players"][0]
    done = client.post(f"/g/{token}/move", data={**fields, "marble": "1", "stone": "1", "space": "small"},
                       headers=HTMX)
    assert done.status_code == 200, text_of(done)[:400]
    after = app.extensions["store"].find(token)[0].state
    player = after["players"][0]
    assert (player["silver"], player["virtue"]) == (before["silver"] - 1, before["virtue"] - 1)
    assert (player["marble"], player["stone"]) == (before["marble"] + 1, before["stone"] + 1)
    assert after["table"]["black_market"]["small"] == 0


def test_a_taken_space_is_not_offered_and_without_payments_no_resource_is_asked(client, app):
    token = _game(app, track_resources=False, occupied={"large": 1})
    panel = client.get(f"/g/{token}/ask?kind=black_market&player=0", headers=HTMX).get_data(as_text=True)
    assert set(_spaces(panel)) == {"small", "middle"} and 'type="number"' not in panel


def test_at_10_virtue_the_button_is_not_offered(client, app):
    """Seed 000 l.422: "Once players have 10 or more Virtue, they can no longer place Workers in the
    Black Market"; a stale screen's tap is told why instead of a panel that fails."""
    token = _game(app, virtue=10)
    seat = _seat(client, token).split('id="seat-0"')[1].split('id="seat-1"')[0]
    assert "kind=black_market" not in seat
    assert "kind=black_market&amp;player=1" in _seat(client, token, "1")   # Ben, at 7, may
    panel = client.get(f"/g/{token}/ask?kind=black_market&player=0", headers=HTMX)
    assert panel.status_code == 200 and not _spaces(panel.get_data(as_text=True))
    assert "Ann has 10 virtue: the Black Market is closed at 10 or more" in text_of(panel)


def test_the_korean_page_names_the_spaces_in_korean(client, app):
    token = _game(app)
    panel = client.get(f"/g/{token}/ask?kind=black_market&player=0&lang=ko", headers=HTMX)
    words = " ".join(_spaces(panel.get_data(as_text=True)).values())
    assert "Small" not in words and "silver" not in words and "은화" in words


def test_on_the_whole_table_it_is_under_more_where_six_boards_still_fit(client, app):
    token = _game(app)
    seat = _seat(client, token, "table").split('id="seat-0"')[1].split('id="seat-1"')[0]
    more = seat.split('class="board-more"')[1]
    assert "kind=black_market&amp;player=0" in more and "kind=black_market" not in seat.split('class="board-more"')[0]


def test_a_space_taken_meanwhile_is_refused_next_to_the_seat_with_the_reason(client, csrf_token, app):
    """Seed 000 l.297: "Once a Worker is placed on a space, no other Workers may be placed there." A stale
    panel's tap is refused (400) with the reason on Ann's card, in the move's form, nothing recorded."""
    token = _game(app, occupied={"small": 1})
    rev = app.extensions["store"].revision(token)
    refused = client.post(f"/g/{token}/move", data={"csrf_token": csrf_token, "rev": rev, "kind": "black_market",
                                                    "player": "0", "space": "small"}, headers=HTMX)
    assert refused.status_code == 400
    card = refused.get_data(as_text=True).split('id="seat-0"')[1].split('id="seat-1"')[0]
    assert re.findall(r'class="error"[^>]*>([^<]*)<', card) == ["the small space is taken by Ben"]
    assert app.extensions["store"].find(token)[0].revision == rev


@pytest.mark.both_databases   # (the reset is read back from the event's stored notes)
def test_every_phone_reads_why_the_black_market_was_reset_not_only_the_one_that_filled_it(client, csrf_token, app):
    """Seed 000 l.444-446: a Black Market Reset is triggered when "All 3 spaces at the Black Market have
    Workers placed on them". Playtest:
    the phone that filled it read "Black Market Reset #1 (the Black Market is full)"; the others only
    "Just changed: ...". Each phone's region now says the reset and why with the change."""
    token = _game(app, track_resources=False, occupied={"small": 1, "middle": 1})
    other_phone = app.test_client()
    done = client.post(f"/g/{token}/move", data={"csrf_token": csrf_token, "rev": app.extensions["store"].revision(token),
                                                 "kind": "black_market", "player": "0", "space": "large"}, headers=HTMX)
    assert done.status_code == 200 and "Black Market Reset #1 (the Black Market is full)" in text_of(done)
    region = other_phone.get(f"/g/{token}", headers=HTMX).get_data(as_text=True)
    said = re.search(r'data-last-change="([^"]*)"', region).group(1).replace("&#39;", "'")
    assert said.startswith("Just changed: ") and said.endswith("; Black Market Reset #1 (the Black Market is full)")
