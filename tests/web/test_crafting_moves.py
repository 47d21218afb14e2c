"""Age of Artisans moves (companion/aotwk/rules/table/crafting.py) through the table's generic move forms."""

from __future__ import annotations

from .helpers import import_document


def test_crafting_moves_work_through_the_generic_move_form(client, csrf_token):
    """Age of Artisans, Crafting Adornments: the new move kinds are usable from the table page as is."""
    from .test_table import post_move, state

    doc = {"format": "architects-companion/1", "title": "Artisans", "phase": "playing", "mode": "multiplayer",
           "expansions": ["age_of_artisans"], "bot": None,
           "players": [{"name": "Red", "virtue": 7, "silver": 9, "buildings": ["well"], "apprentices": ["labourer_1"]},
                       {"name": "Blue", "virtue": 7}],
           "table": {"guildhall_workers": 2, "guildhall": [0, 0], "tax_stand_silver": 4, "black_market_resets": 0}}
    token, _ = import_document(client, doc)
    form = client.get(f"/g/{token}/form?kind=craft_adornment").get_data(as_text=True)
    assert "Craft an Adornment" in form and "Printed VP" in form
    assert post_move(client, token, csrf_token, kind="craft_adornment", player=0, building="well", vp=3).status_code == 200
    response = post_move(client, token, csrf_token, kind="craft_tool", player=0, apprentice="labourer_1",
                         place="guildhall", skills="masonry")
    assert response.status_code == 200, response.get_data(as_text=True)[-500:]
    red = state(client, token)["players"][0]
    assert red["adornments"] == [3] and red["tools"] == 1 and red["silver"] == 4
    refused = post_move(client, token, csrf_token, kind="craft_tool", player=0, apprentice="labourer_1")
    assert refused.status_code in (400, 422) and "already has a Tool" in refused.get_data(as_text=True)
