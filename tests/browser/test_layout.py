"""Where the board is (issue 20, item 5): a phone's own seat and its common moves on the first
screen, every board at once on a tablet's whole table, and a change from another phone marked
for a moment without moving what this phone is doing. Debian's Chromium through Playwright."""

from __future__ import annotations

import pytest

from tests.browser.driver import PHONE, choose_seat, start_game, tap_counter, wait_for_htmx

pytestmark = pytest.mark.browser
SIX = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")


def inside_the_screen(page, selector: str) -> bool:
    """The whole of the element is inside the viewport as it is now (nothing to scroll)."""
    return page.eval_on_selector(selector, """e => { const r = e.getBoundingClientRect();
        return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }""")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_own_seat_s_common_moves_are_on_a_phone_s_first_screen(chromium, live_server, scheme):
    context = chromium.new_context(**{**PHONE, "viewport": {"width": 360, "height": 780}}, color_scheme=scheme)
    try:
        page = context.new_page()
        start_game(page, live_server, names=("Ann", "Bob", "Cy", "Di"))
        choose_seat(page, "Bob")
        assert page.evaluate("scrollY") == 0
        seat = "#seat-1"
        for control in ('.build-hire button:text-is("Build")', '.build-hire button:text-is("Hire")',
                        '[data-counter=virtue] button[aria-label$="plus 1"]',
                        '[data-counter=virtue] button[aria-label$="minus 1"]',
                        'button[aria-label="Take 1 debt"]', 'button:text-is("Capture")'):
            assert inside_the_screen(page, f"{seat} {control}"), control
        # Undo stays on the first screen too, and nothing a player needs went: the links follow the seats.
        assert inside_the_screen(page, "#live .actions .undo")
        assert page.locator("#live .game-links a").all_inner_texts() == ["History", "Share", "Score"]
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        # The header's theme button shows "◐ auto" here and is still named by its words (WCAG 2.5.3).
        assert page.get_by_role("button", name="Theme: auto", exact=True).count() == 1
    finally:
        context.close()


def test_the_whole_table_on_a_tablet_shows_six_boards_and_the_live_score(chromium, live_server):
    # A 1024 px wide tablet held upright (a 12.9-inch one: 1024 x 1366 CSS px) in the middle of the table.
    context = chromium.new_context(viewport={"width": 1024, "height": 1366})
    try:
        page = context.new_page()
        start_game(page, live_server, names=SIX, title="Six at the table", submit=False)
        page.check("#age_of_artisans")   # Age of Artisans: up to six players
        page.click("text=Start the game")
        page.wait_for_url("**/g/*")
        choose_seat(page, "The whole table")
        tap_counter(page, 4, "virtue")
        page.click("button:has-text('Show live score')")
        page.wait_for_selector(".live-score")
        wait_for_htmx(page)
        assert page.evaluate("scrollY") == 0
        for seat in range(6):
            assert inside_the_screen(page, f"#seat-{seat}"), seat
        assert inside_the_screen(page, ".live-score h2")
        assert page.locator(".live-score thead th").count() == 1 + 6
        assert page.locator("#change-note").is_hidden()   # its own tap, and answers that changed nothing, are not marked
    finally:
        context.close()


def test_a_change_from_another_phone_is_marked_and_leaves_what_is_typed(new_phone, live_server):
    ann = new_phone()
    start_game(ann, live_server)
    choose_seat(ann, "Ann")
    cy = new_phone()
    cy.emulate_media(reduced_motion="reduce")
    cy.goto(ann.url)
    choose_seat(cy, "Cy")
    # Cy is half-way through typing the tax paid, further down the page.
    cy.locator("#tax-amount").scroll_into_view_if_needed()
    cy.fill("#tax-amount", "3")
    cy.focus("#tax-amount")
    scrolled = cy.evaluate("scrollY")
    assert scrolled > 0

    tap_counter(ann, 0, "virtue")
    note = cy.locator("#change-note")
    note.wait_for(state="visible", timeout=5_000)
    # The words are the history's sentence of the newest change, the one Ann's Undo names.
    sentence = ann.inner_text("#live .actions .undo").removeprefix("Undo: ")
    assert "Ann" in sentence and note.inner_text() == f"Just changed: {sentence}"
    assert cy.eval_on_selector("#change-note", "e => getComputedStyle(e).animationName") == "none"   # reduced motion
    assert cy.locator("#seat-0.changed-now").count() == 1 and cy.locator("#seat-2.changed-now").count() == 0
    assert "8" in cy.inner_text("#seat-0 .seat-counts")
    # Nothing Cy was doing moved: the number typed, the focus, the place on the page.
    assert cy.input_value("#tax-amount") == "3"
    assert cy.evaluate("document.activeElement.id") == "tax-amount"
    assert cy.evaluate("scrollY") == scrolled
    # The phone that tapped marks nothing (its own stream announces the change too); the mark is brief.
    assert ann.locator("#change-note").is_hidden() and ann.locator(".changed-now").count() == 0
    note.wait_for(state="hidden", timeout=8_000)
    assert cy.locator(".changed-now").count() == 0
