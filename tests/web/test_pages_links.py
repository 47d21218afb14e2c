"""Where a player finds the exports, the blank pad and the deck editor; the bot's final turn."""

import re

from tests.web.helpers import import_document, sample


def test_the_final_score_page_offers_the_sheet_csv_and_bg_stats(client):
    edit, view = import_document(client, sample(phase="finished"))
    page = client.get(f"/g/{edit}/score").get_data(as_text=True)
    assert f"/g/{edit}/sheet.pdf" in page and f"/g/{edit}/scores.csv" in page
    assert "Log this play in BG Stats" in page
    assert "sheets/print.css" in page   # prints well from the browser too
    spectators = client.get(f"/v/{view}/score").get_data(as_text=True)
    assert f"/v/{view}/sheet.pdf" in spectators and edit not in spectators



def test_a_json_export_is_a_download_not_a_page_of_raw_json(client):
    """A game night on a phone: "Score for other apps (JSON)" replaced the score with raw JSON that
    only the browser's back button left. Every JSON link a page offers downloads its file."""
    edit, _ = import_document(client, sample(phase="finished"))
    page = client.get(f"/g/{edit}/score").get_data(as_text=True)
    links = re.findall(r'<a class="button" href="[^"]*"( download)?>[^<]*\(JSON\)</a>', page)
    assert links == [" download", " download"]


def test_an_unfinished_game_offers_the_provisional_sheet_but_no_csv(client):
    edit, _ = import_document(client, sample())
    page = client.get(f"/g/{edit}/score").get_data(as_text=True)
    assert f"/g/{edit}/sheet.pdf" in page and "scores.csv" not in page


def test_home_links_the_blank_pad_and_the_scheme_decks(client):
    page = client.get("/").get_data(as_text=True)
    assert "/sheets/blank.pdf?players=4" in page and "/decks" in page
    assert client.get("/sheets/blank.pdf?players=4").status_code == 200


def test_the_bots_final_turn_is_played_from_its_panel_not_skipped(client):
    """End of the Game: 'each player (including the current player) has 1 final turn' — the bot's is a
    card it draws, so its board offers no bare 'Final turn done' that would skip it."""
    doc = sample(mode="solo", players=[{"name": "Ann"}],
                 bot={"opponent": "helena", "virtue": 7, "guildhall_workers": 6},
                 table={"guildhall_workers": 12, "guildhall": [0, "bot"] * 6, "tax_stand_silver": 4,
                        "black_market_resets": 0,
                        "final_round": {"triggered_by": 0, "still_to_play": [0, "bot"]}},
                 phase="final_round")
    edit, _ = import_document(client, doc)
    page = client.get(f"/g/{edit}").get_data(as_text=True)
    assert "Play Helena&#39;s final turn" in page or "Play Helena's final turn" in page
    assert page.count("Final turn done") == 1   # Ann's only
