"""The card library page (companion/aotwk/web/library.py): enter once, used everywhere, marked as
entered at this table, exported and imported as a file."""

from __future__ import annotations

import io
import json
import re

import pytest

from .helpers import import_document

# its storage differs between SQLite and PostgreSQL: run on both (tests/conftest.py)
pytestmark = pytest.mark.both_databases


def save(client, csrf_token, **facts):
    return client.post("/library", data={"csrf_token": csrf_token, **facts})


def test_the_page_lists_every_unknown_fact(client):
    html = client.get("/library").get_data(as_text=True)
    assert "Cellar: printed VP" in html and "Player aid: VP for 2 tools" in html
    assert "Craft card 24: Adornment VP" in html
    assert "unknown" in html


def stored_facts(client) -> dict:
    """The library in use, as its export gives it."""
    return client.get("/library.json").get_json()["facts"]


def test_entered_facts_are_stored_and_used_by_the_card_pages(client, csrf_token):
    response = save(client, csrf_token, **{"buildings.aoa_cellar.vp": "4", "buildings.aoa_cellar.cost": "2 stone, 1 wood",
                                           "apprentices.aoa_abbot.skills": "masonry", "tools_vp.2": "2"})
    assert response.status_code == 303
    assert stored_facts(client)["buildings.aoa_cellar.cost"] == {"stone": 2, "wood": 1}
    html = client.get("/catalogue?kind=building&q=cellar").get_data(as_text=True)
    assert "4 VP (entered at this table)" in html
    assert "2 stone, 1 wood (entered at this table)" in html


def test_an_unknown_vp_is_shown_as_unknown_on_the_card_page(client):
    """Never guess: a null stays visible as unknown."""
    html = client.get("/catalogue?kind=building&q=cellar").get_data(as_text=True)
    assert "VP unknown" in html
    assert "our reading" in html   # the expansion does not say when the Cellar scores


def test_a_bad_fact_is_refused_next_to_its_field_and_nothing_is_saved(client, csrf_token):
    response = save(client, csrf_token, **{"buildings.aoa_cellar.vp": "lots", "tools_vp.2": "2"})
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert re.search(r'id="fact-buildings-aoa_cellar-vp-error">must be a whole number', html)
    assert re.search(r'<details class="library-group" open>\s*<summary>New buildings', html)   # not hidden
    assert stored_facts(client) == {}


def test_export_and_import_a_library_file(client, csrf_token, make_app):
    save(client, csrf_token, **{"buildings.aoa_cellar.vp": "4"})
    exported = client.get("/library.json")
    assert "attachment" in exported.headers["Content-Disposition"]
    other = make_app().test_client()
    from tests.conftest import csrf_token_from
    token = csrf_token_from(other.get("/library").get_data(as_text=True))
    response = other.post("/library/import", data={"csrf_token": token,
                                                   "library_file": (io.BytesIO(exported.data), "lib.json")},
                          content_type="multipart/form-data")
    assert response.status_code == 200 and "Imported 1 fact" in response.get_data(as_text=True)


def test_a_bad_library_file_gives_one_line_per_problem_with_its_path(client, csrf_token):
    bad = {"format": "architects-companion/card-library/1",
           "facts": {"buildings.keep.vp": 3, "tools_vp.2": -1, "buildings.aoa_cellar.vp": 4}}
    response = client.post("/library/import", data={"csrf_token": csrf_token, "library_file": (
        io.BytesIO(json.dumps(bad).encode()), "bad.json")}, content_type="multipart/form-data")
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    # each named as the page lists the facts, not by its path in the file (facts.tools_vp.2)
    assert "<li>Keep, printed VP: " in html and "<li>Player aid, VP for 2 tools: " in html
    assert stored_facts(client) == {}
    response = client.post("/library/import", data={"csrf_token": csrf_token, "library_file": (
        io.BytesIO(b"not json"), "bad.json")}, content_type="multipart/form-data")
    assert response.status_code == 400 and "<li>(file): not valid JSON" in response.get_data(as_text=True)


def test_scoring_asks_in_place_and_saves_the_answer_to_the_library(client, csrf_token):
    """Age of Artisans, End-Game Scoring: 'Players score increasing amounts of Victory Points, with each
    Tool they acquire' - the 2-tool value is on the player aid, not in our sources: the score asks."""
    from .test_table import post_move, start

    token = start(client, csrf_token, names=("Red", "Blue"), age_of_artisans="y")
    assert post_move(client, token, csrf_token, kind="tools", player=0, delta=2).status_code == 200
    html = client.get(f"/g/{token}/score").get_data(as_text=True)
    assert "cannot be scored yet" in html and "Player aid: VP for 2 tools" in html
    response = client.post("/library/answer", data={"csrf_token": csrf_token, "back": f"/g/{token}/score",
                                                    "game": token, "tools_vp.2": "2"})   # as the score page sends it
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/g/{token}/score")
    red = client.get(f"/g/{token}/score.json").get_json()["players"][0]
    assert red["categories"]["tools"] == 2
    assert "2 tools: +2 VP (entered at this table)" in red["reasons"]



def test_an_answer_only_returns_to_a_page_of_this_site(client, csrf_token):
    """A tab or newline inside an address is dropped by browsers ('/\\t/evil.example' is another host);
    a newline in a header was a 500 after the fact had been saved."""
    for back in ("//evil.example/x", "/\\evil.example", "https://evil.example/", "/\t/evil.example",
                 "/x\nSet-Cookie: a=b", "/\r\n/evil.example"):
        response = client.post("/library/answer", data={"csrf_token": csrf_token, "back": back, "tools_vp.2": "2"})
        assert response.status_code == 303 and response.headers["Location"].endswith("/library"), repr(back)
    kept = client.post("/library/answer", data={"csrf_token": csrf_token, "back": "/catalogue?q=cellar#x",
                                                "tools_vp.2": "2"})
    assert kept.headers["Location"].endswith("/catalogue?q=cellar")



def test_skills_the_rulebook_does_not_print_send_the_player_to_the_card(client):
    """Seed 003 names the new apprentices and buildings without their skills ('Strongman ... They also have
    2 Skills, rather than just 1' is all it says): the card in the player's hand shows them, so the card pages
    say so in both languages instead of a bare "unknown"."""
    for kind, query in (("apprentice", "abbot"), ("building", "cellar")):
        html = client.get(f"/catalogue?kind={kind}&q={query}&lang=en").get_data(as_text=True)
        assert "Skills: see the card (not in the rulebook)" in html and "Skills: unknown" not in html
        korean = client.get(f"/catalogue?kind={kind}&q={query}&lang=ko").get_data(as_text=True)
        assert "카드 참고 (규칙서에 없음)" in korean
    assert "Skills: carpentry" in client.get("/catalogue?kind=apprentice&q=woodcutter&lang=en").get_data(as_text=True)
