"""The seat view in an Age of Artisans game (templates/aotwk/_board.html, _craft_panel.html, the
Craft route in companion/web/games.py, craft_choices in companion/aotwk/web/crafting.py): crafting,
the Artisan, Hugo's silver and the free starting hire as a player says them. Rules quoted
from seed 003 (Age of Artisans); base games show none of it."""

from __future__ import annotations

import re

from .helpers import import_document
from .test_library import save
from .test_table import HTMX, errors_in, post_move, start, state


def artisans_game(client, **first) -> str:
    doc = {"format": "architects-companion/1", "title": "Artisans", "phase": "playing", "mode": "multiplayer",
           "expansions": ["age_of_artisans"], "bot": None,
           "players": [{"name": "Red", "virtue": 7, "silver": 12, "buildings": ["well", "smithy"],
                        "apprentices": ["labourer_1", "trader_1"], **first},
                       {"name": "Blue", "virtue": 7}],
           "table": {"guildhall_workers": 2, "guildhall": [0, 1], "tax_stand_silver": 4, "black_market_resets": 0}}
    token, _ = import_document(client, doc)
    return token


def words(html: str) -> str:
    """The text a player reads: no tags, no attribute values."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]*>", " ", html))


def test_a_base_game_shows_nothing_of_age_of_artisans(client, csrf_token):
    token = start(client, csrf_token)
    html = client.get(f"/g/{token}").get_data(as_text=True)
    assert ">Craft<" not in html and "Artisan" not in html and "craft_tool" not in html
    assert "silver instead" not in html and "free starting apprentice" not in html
    assert client.get(f"/g/{token}/craft?player=0", headers=HTMX).status_code == 404
    assert "Artisan" not in client.get(f"/g/{token}/pick?kind=apprentice&player=0", headers=HTMX).get_data(as_text=True)
    # Its fields are left out of the base game's forms (MoveSpec.params_in_play).
    form = client.get(f"/g/{token}/form?kind=discard_apprentice&player=0").get_data(as_text=True)
    assert "Apprentice" in form and "Tool" not in form
    assert "Adornment" not in client.get(f"/g/{token}/form?kind=build&player=0").get_data(as_text=True)


def test_the_craft_panel_asks_in_card_names_never_ids(client):
    token = artisans_game(client)
    html = client.get(f"/g/{token}").get_data(as_text=True)
    assert ">Craft<" in html
    panel = client.get(f"/g/{token}/craft?player=0", headers=HTMX).get_data(as_text=True)
    text = words(panel)
    assert "Under which building?" in text and "Well" in text and "Smithy" in text
    assert "For which apprentice?" in text and "Labourer" in text and "Trader" in text
    assert "Stacked on my worker in the Guildhall" in text and "Black Market" in text
    assert "Masonry" in text and "Placed my Artisan there" in text
    assert not re.search(r"\w_\w", text), text   # no ids or option codes


def test_crafting_an_adornment_from_the_panel(client, csrf_token):
    """Seed 003, Crafting Adornments: 'Pay 2 Silver to the Tax Stand and 3 Silver to the Supply.'
    'Tuck the crafted Adornment underneath 1 of their previously constructed Building Cards'."""
    token = artisans_game(client)
    response = post_move(client, token, csrf_token, kind="craft_adornment", player=0, building="well", vp="3")
    assert response.status_code == 200, errors_in(response.get_data(as_text=True))
    red = state(client, token)["players"][0]
    assert red["adornments"] == [3] and red["silver"] == 7
    assert "Well · 3 VP" in words(response.get_data(as_text=True))
    # 'Players can only have 1 Adornment attached to each Building': the panel no longer offers it.
    panel = words(client.get(f"/g/{token}/craft?player=0", headers=HTMX).get_data(as_text=True))
    assert "Well" not in panel and "Smithy" in panel


def test_a_craft_card_from_the_card_library_gives_the_adornment_its_vp(client, csrf_token):
    save(client, csrf_token, **{"craft_cards.1.name": "Gilded Frame", "craft_cards.1.adornment_vp": "4"})
    token = artisans_game(client)
    panel = words(client.get(f"/g/{token}/craft?player=0", headers=HTMX).get_data(as_text=True))
    assert "Gilded Frame · 4 VP" in panel and "entered at this table" in panel
    response = post_move(client, token, csrf_token, kind="craft_adornment", player=0, building="smithy",
                         craft_card="1")
    assert response.status_code == 200
    assert state(client, token)["players"][0]["adornments"] == [4]


def test_an_adornment_without_a_vp_is_refused_next_to_the_craft_button(client, csrf_token):
    token = artisans_game(client)
    response = post_move(client, token, csrf_token, kind="craft_adornment", player=0, building="well")
    assert response.status_code == 400
    assert any("printed VP" in error for error in errors_in(response.get_data(as_text=True)))
    assert state(client, token)["players"][0]["adornments"] == []


def test_crafting_a_tool_with_ticked_skills(client, csrf_token):
    """Seed 003, Crafting Tools: 'Tuck the crafted Tool Card underneath 1 of their Apprentices'.
    The ticked skills arrive as one list."""
    token = artisans_game(client)
    response = client.post(f"/g/{token}/move", headers=HTMX, data={
        "csrf_token": csrf_token, "rev": client.application.extensions["store"].revision(token),
        "kind": "craft_tool", "player": "0", "apprentice": "labourer_1", "place": "guildhall",
        "skills": ["masonry", "tiling"]})
    assert response.status_code == 200, errors_in(response.get_data(as_text=True))
    red = state(client, token)["players"][0]
    assert red["tools"] == 1
    entry = next(e for e in red["apprentices"] if isinstance(e, dict))
    assert entry["tool"]["skills"] == ["masonry", "tiling"]
    assert "Tool under the Labourer: +masonry, tiling" in response.get_data(as_text=True)


def test_the_artisan_never_goes_into_the_guildhall(client, csrf_token):
    """Seed 003: 'Artisans may never be placed into the Guildhall.'"""
    token = artisans_game(client)
    response = post_move(client, token, csrf_token, kind="craft_tool", player=0, apprentice="trader_1",
                         place="guildhall", artisan="y")
    assert response.status_code == 400
    assert "Artisans may never be placed into the Guildhall" in " ".join(errors_in(response.get_data(as_text=True)))
    assert state(client, token)["players"][0]["tools"] == 0


def test_the_artisan_toggle_on_hire_ignores_one_virtue_loss(client, csrf_token):
    """Seed 003: 'When placing an Artisan, it may ignore 1 Virtue loss.'"""
    token = artisans_game(client, apprentices=[])
    panel = client.get(f"/g/{token}/pick?kind=apprentice&player=0", headers=HTMX).get_data(as_text=True)
    assert "Placed my Artisan" in panel
    response = post_move(client, token, csrf_token, kind="hire", player=0, apprentice="gatekeeper_1",
                         source="workshop", artisan="y")   # the Gatekeeper costs 1 virtue
    assert response.status_code == 200, errors_in(response.get_data(as_text=True))
    assert state(client, token)["players"][0]["virtue"] == 7


def test_hugo_pays_silver_instead_of_a_debt_where_debts_are_taken(client, csrf_token):
    """Hugo's board: 'Whenever he would take a debt he may pay 2 silver instead.'"""
    token = artisans_game(client, board="hugo")
    html = client.get(f"/g/{token}").get_data(as_text=True)
    assert "Pay 2 silver instead of taking a debt" in html
    assert "Hugo: Whenever he would take a debt he may pay 2 silver instead." in html
    response = post_move(client, token, csrf_token, kind="take_debts", player=0, count="1", silver_instead="y")
    assert response.status_code == 200
    red = state(client, token)["players"][0]
    assert red["debts_unpaid"] == 0 and red["silver"] == 10
    post_move(client, token, csrf_token, kind="take_debts", player=0, count="1")
    assert "A debt just taken: pay 2 silver instead" in client.get(f"/g/{token}").get_data(as_text=True)
    assert client.get(f"/g/{token}").get_data(as_text=True).count("Pay 2 silver instead of taking a debt") == 1  # Red only


def test_the_hire_panel_offers_only_what_this_player_may_use(client, csrf_token):
    """Seed 000 l.422: the Black Market is not for a player at 10 virtue or more (offered, it was
    picked and refused, and the panel with what was typed closed); a free hire is the Tavern's (its
    card: 'hire a faceup apprentice for free'), so it is offered once the player built one."""
    token = start(client, csrf_token)
    panel = client.get(f"/g/{token}/pick?kind=apprentice&player=0", headers=HTMX).get_data(as_text=True)
    assert 'value="black_market"' in panel and 'value="free"' not in panel
    post_move(client, token, csrf_token, kind="virtue", player=0, delta=10 - state(client, token)["players"][0]["virtue"])
    post_move(client, token, csrf_token, kind="build", player=0, building="tavern")
    panel = client.get(f"/g/{token}/pick?kind=apprentice&player=0", headers=HTMX).get_data(as_text=True)
    assert 'value="black_market"' not in panel and 'value="free"' in panel
    bob = client.get(f"/g/{token}/pick?kind=apprentice&player=1", headers=HTMX).get_data(as_text=True)
    assert 'value="black_market"' in bob and 'value="free"' not in bob


def test_the_free_starting_hire_goes_in_reverse_turn_order(client, csrf_token):
    """Seed 003, Setup 6: 'In reverse turn order, each player hires (at no cost), 1 faceup Apprentice'."""
    token = start(client, csrf_token, names=("Ann", "Bob", "Cy"), age_of_artisans="y")
    html = client.get(f"/g/{token}").get_data(as_text=True)
    assert html.count("Hire my free starting apprentice") == 1
    assert re.search(r"player=2&amp;source=free", html)
    panel = client.get(f"/g/{token}/pick?kind=apprentice&player=2&source=free", headers=HTMX).get_data(as_text=True)
    assert "free starting apprentice" in panel and re.search(r'value="free" checked', panel)
    assert "Placed my Artisan" not in panel
    response = post_move(client, token, csrf_token, kind="hire", player=2, apprentice="labourer_1", source="free")
    assert response.status_code == 200
    assert re.search(r"player=1&amp;source=free", client.get(f"/g/{token}").get_data(as_text=True))
    assert state(client, token)["players"][2]["silver"] == 5


def test_the_artisan_at_the_tax_stand_loses_one_virtue_not_two(client, csrf_token):
    """Seed 003: 'if a player used their Artisan at the Tax Stand, they would only lose 1 Virtue, rather than 2.'"""
    token = artisans_game(client)
    assert "With my Artisan (−1 virtue)" in client.get(f"/g/{token}").get_data(as_text=True)
    response = post_move(client, token, csrf_token, kind="steal_tax", player=0, artisan="y", seen="4")
    assert response.status_code == 200, errors_in(response.get_data(as_text=True))
    assert state(client, token)["players"][0]["virtue"] == 6


def test_the_bots_cathedral_placement_asks_and_records_its_adornment(client, csrf_token):
    """Seed 003, Solo Variant: 'Any time they place a Worker in the Guildhall ... they also craft 1 Adornment'
    and 'Your opponent will always craft the faceup Adornment with the most Victory Points'."""
    token = start(client, csrf_token, mode="solo", names=("Ann",), age_of_artisans="y")
    asked = client.get(f"/g/{token}/ask?kind=advance_cathedral&player=bot", headers=HTMX).get_data(as_text=True)
    assert 'name="adornment_vp"' in asked and "the face-up one with the most VP" in asked
    assert 'name="adornment_vp"' not in client.get(f"/g/{token}/ask?kind=advance_cathedral&player=0",
                                                   headers=HTMX).get_data(as_text=True)
    response = post_move(client, token, csrf_token, kind="advance_cathedral", player="bot", reward="silver3_virtue1",
                         adornment_vp="5")
    assert response.status_code == 200
    assert state(client, token)["bot"]["adornments"] == [5]


def test_the_tool_picker_says_each_apprentice_once_and_tells_two_swindlers_apart(client):
    """Rulebook, Workshop: 'Players may hire more than 1 of the same Apprentice'; seed 003, Crafting Tools:
    'Tuck the crafted Tool Card underneath 1 of their Apprentices'. The three printed Swindlers differ in
    their skill, so the Craft panel names it; cards alike in every printed fact are one choice."""
    token = artisans_game(client, apprentices=["swindler_1", "swindler_2", "conspirator_1", "conspirator_2"])
    panel = client.get(f"/g/{token}/craft?player=0", headers=HTMX).get_data(as_text=True)
    offered = re.findall(r'name="apprentice" value="([a-z_0-9]+)"[^>]*> ([^<]+)</label>', panel)
    assert [label for _, label in offered] == ["Swindler (tiling)", "Swindler (masonry)", "Conspirator (carpentry)"]
    korean = client.get(f"/g/{token}/craft?player=0&lang=ko", headers=HTMX).get_data(as_text=True)
    assert "사기꾼 (타일)" in korean and "사기꾼 (석공)" in korean


def test_the_hire_panel_offers_the_black_market_only_without_the_expansion(client, csrf_token):
    """Seed 003, Setup 1: 'place the Black Market Overlay Card in the middle space of the Black Market, covering
    the original iconography' (its hire): the middle space crafts a Tool instead."""
    artisans = artisans_game(client)
    panel = client.get(f"/g/{artisans}/pick?kind=apprentice&player=0", headers=HTMX).get_data(as_text=True)
    assert 'name="source" value="workshop"' in panel and 'name="source" value="black_market"' not in panel
    base = start(client, csrf_token)
    panel = client.get(f"/g/{base}/pick?kind=apprentice&player=0", headers=HTMX).get_data(as_text=True)
    assert 'name="source" value="black_market"' in panel
