"""A whole Amytis game on two phones (two browser contexts: their own cookies), to the PDF.

Here, not under tests/amytis/, because the browser fixtures (one Playwright per session)
live in tests/browser/conftest.py."""

from __future__ import annotations

import io

import pypdf
import pytest

from tests.browser.driver import (MARTINE, STACK_NAMES, amytis_favor as favor, amytis_plus as plus,
                                   amytis_submit as submit, amytis_totals as totals, revision, tap,
                                   wait_for_htmx, wait_for_revision)

pytestmark = pytest.mark.browser


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_whole_game_on_two_phones_to_the_pdf(live_server, new_phone):
    first, second = new_phone(), new_phone(color_scheme="dark")

    first.goto(live_server.url + "/")
    first.click("text=New score pad for")
    first.fill("#first", "Martine")
    first.fill("#second", "Paul")
    first.fill("#title", "Saturday in Babylon")
    first.click("text=Start the score pad")
    first.wait_for_url("**/g/*")
    edit_url = first.url

    # The second phone opens the edit link it was given (the share page shows it).
    first.click("a:text('Share')")
    assert first.locator("[data-share-url]").first.input_value() == edit_url
    first.go_back()
    second.goto(edit_url)
    second.click("text=This is Paul's phone")   # his board first on his phone
    second.wait_for_selector("text=Paul's board comes first on this phone.")
    assert second.locator(".amytis-player").first.get_attribute("id") == "player-1"

    # Martine taps her board on the first phone...
    for r, row in enumerate(MARTINE):
        for c, height in enumerate(row):
            for _ in range(height):
                plus(first, "Martine", STACK_NAMES[r][c])
    favor(first, 0, "stacks_of_4")
    favor(first, 0, "corners")
    for _ in range(2):
        wait_for_htmx(first)
        tap(first, 'button[aria-label="Martine: one more pawn on the pawn-count part"]')
    submit(first, 0, "form:has(#project-0)", {"#project-0": "10"})
    submit(first, 0, "form:has(#project-0)", {"#project-0": "8"})
    submit(first, 0, "form.amytis-track", {"#range-0": "50", "#space-0": "7"})
    assert totals(first) == ["96", "0"]

    # ...and the second phone sees it without reloading.
    wait_for_revision(second, revision(first), timeout=10_000)
    assert totals(second) == ["96", "0"]
    assert second.inner_text('[data-stack="0-1-1"]') == "4"

    # Paul taps his on the second phone; the first phone follows.
    for r in range(3):
        for c in range(3):
            plus(second, "Paul", STACK_NAMES[r][c])
    favor(second, 1, "stacks_of_1")
    submit(second, 1, "form:has(#project-1)", {"#project-1": "12"})
    submit(second, 1, "form:has(#total-1)", {"#total-1": "61"})
    assert totals(second) == ["96", "100"]
    wait_for_revision(first, revision(second), timeout=10_000)
    assert totals(first) == ["96", "100"]

    # The reasons behind each total.
    first.click("text=Why these totals")
    why = first.inner_text(".amytis-why")
    assert "1 stack of exactly 4 tiles × 6" in why and "9 stacks of exactly 1 tile × 3" in why

    # Undo on one phone, redo: the shared history.
    wait_for_htmx(first)
    tap(first, "button:text('Undo')")
    assert totals(first) == ["96", "39"]   # Paul's 61 on the score track is undone
    wait_for_htmx(first)
    tap(first, "button:text('Redo')")
    assert totals(first) == ["96", "100"]

    # Game over on the first phone; the second sees the final scores and the exports.
    wait_for_htmx(first)
    tap(first, "button:text('Game over')")
    wait_for_revision(second, revision(first), timeout=10_000)
    assert "game over" in second.inner_text("#live p.muted >> nth=0")
    assert second.locator("a:text('Log this play in BG Stats')").count() == 1
    assert no_sideways_scroll(first) and no_sideways_scroll(second)

    sheet_href = second.get_attribute("a:text('Score sheet (PDF)')", "href")
    response = second.request.get(live_server.url + sheet_href)
    assert response.ok and response.headers["content-type"] == "application/pdf"
    pdf = pypdf.PdfReader(io.BytesIO(response.body()))
    assert len(pdf.pages) == 1
    text = pdf.pages[0].extract_text()
    assert "Saturday in Babylon" in text and "Martine's board" in text and "Paul's board" in text
    assert "96" in text and "100" in text and "PROVISIONAL" not in text

    state = live_server.store().find(edit_url.rsplit("/", 1)[-1])[0].state
    assert state["players"][0]["stacks"] == MARTINE and state["phase"] == "finished"
