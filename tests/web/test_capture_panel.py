"""The one Capture panel on the table page (a human captures): it works the first time,
offers only the bot's groups on the large open circles, and speaks the page's language."""

from __future__ import annotations

import copy
import re

from companion.aotwk.rules import table

from .bot_pages import HTMX, text_of


def _solo(app, humans=("Ann",), track_resources=False, bot_at=None):
    state = table.new_game({"mode": "solo" if len(humans) == 1 else "two_vs_bot", "opponent": "helena",
                            "players": [{"name": n} for n in humans], "seed": 3, "title": "Capture",
                            "track_resources": track_resources})
    for location, count in (bot_at or {}).items():
        state["bot"]["workers"]["board"] -= count
        state["bot"]["workers"]["locations"][location] = count
    return app.extensions["store"].create(copy.deepcopy(state)).edit_token


def _buttons(html: str) -> dict[str, str]:
    return {value: re.sub(r"\s+", " ", label).strip()
            for value, label in re.findall(r'<button type="submit" name="group" value="([^"]+)">([^<]+)</button>', html)}


def _post(client, token, fields):
    return client.post(f"/g/{token}/move", data=fields, headers=HTMX)


def test_capturing_the_bot_is_one_tap_on_its_group_and_works_the_first_time(client, csrf_token, app):
    """Town Centre (rulebook l.261): 'capture 1 group of Workers (of a single colour) from 1
    location'; l.182: 'Players cannot use the Town Centre action to capture Workers from the Prison.'"""
    token = _solo(app, bot_at={"forest": 2, "quarry": 1})
    panel = client.get(f"/g/{token}/ask?kind=capture&player=0", headers=HTMX)
    html = panel.get_data(as_text=True)
    # Only where Helena has workers, in words: no ids, no Guildhall, Black Market or Prison.
    assert _buttons(html) == {"bot:quarry:1": "Helena at the Quarry (1)", "bot:forest:2": "Helena at the Forest (2)"}
    assert "Guildhall" not in text_of(panel) and "Prison" not in text_of(panel)
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', html))
    done = _post(client, token, {**fields, "group": "bot:forest:2"})
    assert done.status_code == 200, text_of(done)[:400]
    state = client.application.extensions["store"].find(token)[0].state
    assert state["players"][0]["captured"] == 2 and state["bot"]["workers"]["locations"]["forest"] == 0
    assert state["bot"]["workers"]["held_by"]["0"] == 2


def test_before_this_panel_the_capture_failed_naming_ids(client, csrf_token, app):
    """The quick panel used to post a capture of the bot without its location: refused, in
    English, listing location ids. The panel now always sends the group's location."""
    token = _solo(app, bot_at={"forest": 1})
    html = client.get(f"/g/{token}/ask?kind=capture&player=0", headers=HTMX).get_data(as_text=True)
    assert 'name="victim"' not in html and 'name="group"' in html
    old_panel = {"csrf_token": csrf_token, "rev": "0", "kind": "capture", "player": "0", "victim": "bot", "count": "1"}
    refused = _post(client, token, old_panel)
    assert refused.status_code == 400
    assert "kings_storehouse" not in text_of(refused) and "King's Storehouse" in text_of(refused)


def test_what_was_paid_is_a_field_above_the_group_buttons(client, csrf_token, app):
    """Town Centre (l.261): 'the Silver from the first capture is Taxed': how many captures were
    paid (1 unless changed) goes with the group tapped."""
    token = _solo(app, track_resources=True, bot_at={"mines": 3})
    html = client.get(f"/g/{token}/ask?kind=capture&player=0", headers=HTMX).get_data(as_text=True)
    assert re.search(r'name="paid_captures"[^>]*value="1"', html)
    assert html.index('name="paid_captures"') < html.index('name="group" value="bot:mines:3"')
    assert "Record</button>" not in html
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', html))
    done = _post(client, token, {**fields, "paid_captures": "1", "group": "bot:mines:3"})
    assert done.status_code == 200
    state = client.application.extensions["store"].find(token)[0].state
    assert state["players"][0]["captured"] == 3 and state["table"]["tax_stand_silver"] == 5


def test_two_players_and_the_bot_the_other_human_is_asked_how_many(client, csrf_token, app):
    token = _solo(app, humans=("Ann", "Ben"), bot_at={"forest": 1})
    html = client.get(f"/g/{token}/ask?kind=capture&player=0", headers=HTMX).get_data(as_text=True)
    assert 'value="bot:forest:1"' in html and 'value="1:"' in html and 'name="count"' in html
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', html))
    done = _post(client, token, {**fields, "group": "1:", "count": "2"})
    assert done.status_code == 200
    state = client.application.extensions["store"].find(token)[0].state
    assert state["players"][0]["captured"] == 2



def test_a_refused_capture_reopens_with_whose_workers_and_where_as_tapped(client, csrf_token, app):
    """A game night: a count too large refused the capture and the form it reopened named the
    capturer herself as whose workers (the group button was not read back), so fixing the count
    met a second refusal. The form comes back as the panel was filled, the reason beside the count."""
    token = _solo(app, humans=("Ann", "Ben"), bot_at={"forest": 1})
    html = client.get(f"/g/{token}/ask?kind=capture&player=0", headers=HTMX).get_data(as_text=True)
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', html))
    refused = _post(client, token, {**fields, "group": "1:", "count": "99999999999999999999", "location": "quarry"})
    assert refused.status_code == 400
    form = re.search(r'<form[^>]*>(?:(?!</form>).)*name="kind" value="capture"(?:(?!</form>).)*</form>',
                     refused.get_data(as_text=True), re.S).group(0)
    assert re.search(r'<option selected value="1">Ben</option>|<option value="1" selected>Ben</option>', form), form
    assert re.search(r'<option selected value="quarry">|<option value="quarry" selected>', form)
    assert 'value="99999999999999999999"' in form and 'class="error"' in form
    assert client.application.extensions["store"].find(token)[0].state["players"][0]["captured"] == 0


def test_the_panel_speaks_korean_on_a_korean_page(client, csrf_token, app):
    token = _solo(app, bot_at={"forest": 2})
    html = client.get(f"/g/{token}/ask?kind=capture&player=0", headers={**HTMX, "Accept-Language": "ko"})
    text = text_of(html)
    assert "헬레나" in text and "숲" in text and "forest" not in text.lower()


def test_with_no_bot_worker_to_capture_the_panel_says_so(client, csrf_token, app):
    token = _solo(app)
    panel = text_of(client.get(f"/g/{token}/ask?kind=capture&player=0", headers=HTMX))
    assert "Helena has no workers on the board's large open circles to capture." in panel


def test_send_captured_to_prison_is_offered_only_with_captured_workers_to_send(client, csrf_token, app):
    """Guardhouse action 1 (rulebook l.315): 'Send all captured Workers from their Player Board to the
    Prison, gaining 1 Silver for each'. Playtest: the button was there with none captured, and its tap was refused."""
    token = _solo(app, bot_at={"forest": 2})

    def ann_card() -> str:
        page = client.get(f"/g/{token}", headers=HTMX).get_data(as_text=True)
        return page.split('id="seat-0"')[1].split('id="seat-bot"')[0]
    button = '<button type="submit" name="kind" value="send_to_prison">'
    assert button not in ann_card() and 'name="kind" value="release_prisoners">' in ann_card()
    html = client.get(f"/g/{token}/ask?kind=capture&player=0", headers=HTMX).get_data(as_text=True)
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', html))
    assert _post(client, token, {**fields, "group": "bot:forest:2"}).status_code == 200
    assert button + "Send captured to Prison</button>" in ann_card()
