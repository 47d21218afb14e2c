"""A six-player Age of Artisans game in Debian's Chromium at 360 px (seed 003): the card
library entered first, the free starting hires, crafting an Adornment and Tools from the
seat's Craft button, buildings and virtue, the Guildhall to the final round, the end count,
the final score with the entered facts labelled, and the PDF sheet."""

from __future__ import annotations

import io
import re

import pypdf
import pytest

from tests.browser.driver import build, revision, start_game, tap, tap_counter, wait_for_htmx, wait_for_revision

pytestmark = pytest.mark.browser
NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")
# Buildings that ask nothing when built (payments unchecked), in the order they are built.
BUILDINGS = ("Smithy", "Steeple", "Stone Market", "Tiler's Hut", "Trading Post", "University", "Watchtower", "Well",
             "Wood Market", "Aqueduct", "Armoury", "Barracks", "Betting House", "Carpenter's Hut", "Castle",
             "Chapel", "Church", "Clay Market", "Drafting Room", "Dungeon", "Factory", "Fortress", "Fountain",
             "Keep")


def enter_the_card_library(page, server) -> None:
    """The facts this game's score needs: VP for 2 tools, and a craft card's name and Adornment VP."""
    page.goto(server.url + "/library")
    for group in ("Tools", "Craft cards"):
        summary = page.locator("details.library-group > summary", has_text=group)
        if summary.locator("xpath=..").get_attribute("open") is None:
            summary.click()
    page.fill("#fact-tools_vp-2", "3")
    page.fill("#fact-craft_cards-1-name", "Gilded Frame")
    page.fill("#fact-craft_cards-1-adornment_vp", "4")
    page.click("button:has-text('Save the card library')")
    page.wait_for_selector("text=3 facts entered at this table")


def open_panel(page, seat, button: str) -> None:
    page.click(f"#seat-{seat} .build-hire button:text-is('{button}')")
    page.locator(f"#panel-{seat} .pick-panel").wait_for()
    wait_for_htmx(page)


def hire(page, seat, name: str, starting: bool = False) -> None:
    before = revision(page)
    if starting:
        page.click(f"#seat-{seat} button:has-text('Hire my free starting apprentice')")
        page.locator(f"#panel-{seat} .pick-panel").wait_for()
        wait_for_htmx(page)
    else:
        open_panel(page, seat, "Hire")
    page.locator(f"#panel-{seat} input.pick-search").press_sequentially(name[:3])
    page.wait_for_function(
        "([seat, name]) => [...document.querySelectorAll(`#cards-${seat} .pick-card strong`)]"
        ".some(e => e.textContent === name) && !document.querySelector('.htmx-request')", arg=[str(seat), name])
    page.locator(f"#panel-{seat} .pick-card").filter(has=page.locator("strong").get_by_text(name, exact=True)).first.click()
    wait_for_revision(page, before + 1)


def craft(page, seat, form: str, choose: dict[str, str], submit: str) -> None:
    """Craft, then the labelled choices (radio and tick boxes by their words), then the button."""
    before = revision(page)
    open_panel(page, seat, "Craft")
    panel = page.locator(f"#panel-{seat} form.{form}")
    for legend, label in choose.items():
        panel.locator("fieldset", has_text=legend).get_by_label(label).check()
    panel.locator(f"button:has-text('{submit}')").click()
    wait_for_revision(page, before + 1)


def test_a_six_player_age_of_artisans_game_to_the_final_score_and_the_sheet(phone, live_server):
    enter_the_card_library(phone, live_server)
    start_game(phone, live_server, names=NAMES, title="Artisans night", submit=False)
    phone.check("#age_of_artisans")
    phone.click("text=Start the game")
    phone.wait_for_url("**/g/*")
    url = phone.url
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    # Setup 6: 'In reverse turn order, each player hires (at no cost), 1 faceup Apprentice'.
    for seat, apprentice in zip((5, 4, 3, 2, 1, 0), ("Labourer", "Trader", "Gatekeeper", "Illusionist", "Jeweller",
                                                       "Acolyte")):
        assert phone.locator("button:has-text('Hire my free starting apprentice')").count() == 1
        hire(phone, seat, apprentice, starting=True)
    assert phone.locator("button:has-text('Hire my free starting apprentice')").count() == 0

    # Ann builds, then crafts an Adornment under it from the card library's craft card.
    build(phone, 0, "Smithy")
    craft(phone, 0, "craft-adornment", {}, "Gilded Frame · 4 VP")
    assert "Smithy · 4 VP" in phone.inner_text("#seat-0")
    # Bob: a Tool stacked in the Guildhall, a second hire, and a Tool at the Black Market with his Artisan.
    build(phone, 1, "Steeple")
    craft(phone, 1, "craft-tool", {"For which apprentice?": "Jeweller", "Skills the Tool adds": "Masonry"},
          "Craft the Tool")
    hire(phone, 1, "Merchant")
    craft(phone, 1, "craft-tool", {"For which apprentice?": "Merchant", "Where did the worker go?": "The Black Market's middle space",
                                  "Placed my Artisan there": "Placed my Artisan there"}, "Craft the Tool")
    seat_text = phone.inner_text("#seat-1")
    assert "Tools 2" in seat_text
    phone.click("#seat-1 details.abilities > summary")
    assert "Tool under the Jeweller: +masonry" in phone.inner_text("#seat-1 details.abilities")
    # Virtue: Cy gains two.
    tap_counter(phone, 2, "virtue")
    tap_counter(phone, 2, "virtue")

    # Buildings round the table until the Guildhall's last space starts the final round.
    for turn, building in enumerate(BUILDINGS[2:]):
        build(phone, (turn + 2) % 6, building)
        if "Final round" in phone.inner_text(".table-wide"):
            break
    assert "Final round" in phone.inner_text(".table-wide .message")
    for _ in NAMES:   # each player still to play (the filler of the last space too) taps theirs
        tap(phone, "#live section.player button:text-is('Final turn done') >> nth=0")
        if phone.locator("#end-count").count():
            break
    assert phone.locator("#end-count").count()

    # The end count, then the final score.
    for name in NAMES:
        phone.click(f"#end-count button:has-text(\"This is {name}'s count\")")
        wait_for_htmx(phone)
    phone.wait_for_selector("#live .live-score")
    phone.click("a.end-link")
    phone.wait_for_url("**/score")
    text = phone.inner_text("main")
    assert "Final score" in text and all(name in text for name in NAMES)
    phone.click("summary:has-text('Why Bob scored')")
    why_bob = phone.inner_text("details[open]")
    assert "entered at this table" in why_bob and "2 tools" in why_bob.lower()

    # The PDF sheet: six names and their totals.
    scores = phone.request.get(url + "/score.json").json()
    sheet = phone.request.get(url + "/sheet.pdf")
    assert sheet.ok and sheet.headers["content-type"].startswith("application/pdf")
    pdf_text = "".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(sheet.body())).pages)
    for name in NAMES:
        assert name in pdf_text
    totals = [str(row["total"]) for row in scores["players"]]
    assert len(totals) == 6 and all(re.search(rf"\b{total}\b", pdf_text) for total in totals), (totals, pdf_text)
