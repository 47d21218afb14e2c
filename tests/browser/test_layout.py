"""Where the board is (issue 20, item 5): a phone's own seat and its common moves on the first
screen, every board at once on a tablet's whole table, and a change from another phone marked
for a moment without moving what this phone is doing. Debian's Chromium through Playwright."""

from __future__ import annotations

import pytest

from tests.browser.driver import PHONE, choose_seat, start_game, tap, tap_counter, wait_for_htmx

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


# A tablet in the middle of the table: in landscape (the common 1024 x 768 CSS px), held upright (a
# 12.9-inch one: 1024 x 1366), and the larger landscapes (that one turned, 1366 x 1024; 1280 x 800).
TABLET_SIZES = ({"width": 1024, "height": 768}, {"width": 1024, "height": 1366},
                {"width": 1366, "height": 1024}, {"width": 1280, "height": 800})


def open_the_whole_table(context, live_server, names) -> object:
    """A game of ``names`` on the tablet as "The whole table", the live score shown. Five or six
    players play Age of Artisans (up to six), four the base game."""
    page = context.new_page()
    start_game(page, live_server, names=names, title="At the table", submit=False)
    if len(names) > 4:
        page.check("#age_of_artisans")
    page.click("text=Start the game")
    page.wait_for_url("**/g/*")
    choose_seat(page, "The whole table")
    page.wait_for_selector(".live-score")
    wait_for_htmx(page)
    return page


def smallest_type_on_the_boards(page) -> float:
    """The smallest font size of any text shown on a board, in CSS px."""
    return page.evaluate("""() => Math.min(...[...document.querySelectorAll('.seats-column .player *')]
        .filter(e => e.checkVisibility() && [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
        .map(e => parseFloat(getComputedStyle(e).fontSize)))""")


@pytest.mark.parametrize("names", [("Alexandra", "Bartholomew") + SIX[2:], SIX[:4]], ids=["six players", "four players"])
def test_the_whole_table_shows_every_board_and_the_live_score_on_a_tablet_either_way_up(chromium, live_server, names):
    context = chromium.new_context(viewport=TABLET_SIZES[0])
    try:
        page = open_the_whole_table(context, live_server, names)
        tap_counter(page, len(names) - 1, "virtue")
        for size in TABLET_SIZES:
            page.set_viewport_size(size)
            page.evaluate("window.scrollTo(0, 0)")
            where = f"{size['width']} x {size['height']}"
            for seat in range(len(names)):
                assert inside_the_screen(page, f"#seat-{seat}"), (where, seat)
            # The live score in view: every player's rank and total.
            assert inside_the_screen(page, ".live-score h2"), where
            assert inside_the_screen(page, ".live-score .standings"), where
            assert page.locator(".live-score .standings tbody tr").count() == len(names)
            assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), where
            assert page.evaluate("""[...document.querySelectorAll('.seats-column .player')].every(
                board => board.scrollHeight <= board.clientHeight && board.scrollWidth <= board.clientWidth)"""), where
            assert smallest_type_on_the_boards(page) >= 14, where   # read at arm's length
            if size["width"] > size["height"]:   # landscape: the page does not scroll (the side column may)
                assert page.evaluate("document.documentElement.scrollHeight <= innerHeight"), where
        assert page.locator("#change-note").is_hidden()   # its own tap, and answers that changed nothing, are not marked
    finally:
        context.close()


def test_a_board_on_the_whole_table_counts_at_a_glance_and_opens_the_rest_in_place(chromium, live_server, new_phone):
    context = chromium.new_context(viewport=TABLET_SIZES[0], color_scheme="dark")
    try:
        tablet = open_the_whole_table(context, live_server, SIX)
        ann = tablet.locator("#seat-0")
        debts = ann.locator(".glance div:has(dt:text-is('Debts')) dd")
        assert debts.inner_text() == "0" and ann.locator(".glance dd").count() == 6
        tap(tablet, "#seat-0 .glance-moves button:text-is('Take 1 debt')")
        assert debts.inner_text() == "1"
        # More… opens Ann's whole board where it is; it stays open through a change from another phone.
        assert ann.locator("button[aria-label='Pay off 1 debt']").is_hidden()
        ann.locator(".board-more > summary").click()
        assert ann.locator("button[aria-label='Pay off 1 debt']").is_visible()
        # ... inside the board's own column: nothing runs under the next board or the side column.
        assert ann.evaluate("""board => [...board.querySelectorAll('button, .counter, input, select')].every(el => {
            const inner = el.getBoundingClientRect(), outer = board.getBoundingClientRect();
            return inner.width === 0 || (inner.left >= outer.left - 1 && inner.right <= outer.right + 1); })""")
        phone = new_phone()
        phone.goto(tablet.url)
        choose_seat(phone, "Bob")
        tap_counter(phone, 1, "virtue")
        # The tablet marks it for a moment (the seat outlined, one line saying what changed)...
        tablet.locator("#change-note").wait_for(state="visible", timeout=5_000)
        assert "Bob" in tablet.inner_text("#change-note")
        assert tablet.locator("#seat-1.changed-now").count() == 1 and tablet.locator("#seat-0.changed-now").count() == 0
        # ... and Ann's opened board stays open.
        assert ann.locator(".board-more").evaluate("d => d.open")
        tap(tablet, "#seat-0 button[aria-label='Pay off 1 debt']")
        assert debts.inner_text() == "0" and ann.locator(".board-more").evaluate("d => d.open")
        # The live score ranks the players by their totals; every category opens under it.
        standings = tablet.locator(".live-score .standings tbody tr")
        ranks = [int(standings.nth(row).locator("td").first.inner_text()) for row in range(6)]
        assert ranks == sorted(ranks) and standings.count() == 6
        tablet.click(".live-score .every-category > summary")
        assert tablet.locator(".live-score .every-category thead th").count() == 1 + 6
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
    # One line over the app's bar, however long the change: wrapped, it covered the page below (playtest).
    assert cy.evaluate("""() => { const note = document.getElementById('change-note'), said = note.textContent;
        note.textContent = said + ' and ' + said + ' and ' + said;   // a long change: a build with its options
        const box = note.getBoundingClientRect(), one = parseFloat(getComputedStyle(note).lineHeight) || 20;
        note.textContent = said;
        return box.height < 2 * one + 14; }""")
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


def test_an_undo_from_another_phone_is_announced_with_who_undid_it_without_hiding_undo(new_phone, live_server):
    ann = new_phone()
    start_game(ann, live_server)
    choose_seat(ann, "Ann")
    bob = new_phone()
    bob.goto(ann.url)
    choose_seat(bob, "Bob")
    tap_counter(ann, 0, "virtue")
    sentence = ann.inner_text("#live .actions .undo").removeprefix("Undo: ")
    bob.locator(f"#live .actions .undo:text-is('Undo: {sentence}')").wait_for(timeout=5_000)
    tap(bob, "#live .actions .undo")
    # Ann's page names the change Bob took back, not the older one her Undo button names now.
    note = ann.locator("#change-note")
    note.wait_for(state="visible", timeout=5_000)
    assert note.inner_text() == f"Bob undid: {sentence}"   # the seat Bob's phone claimed
    # The line floats over the app's bar, not over the game's title and the Undo button.
    undo, line = ann.locator("#live .actions .undo").bounding_box(), note.bounding_box()
    assert line["y"] + line["height"] <= undo["y"]
    # Ann's own next change makes Bob's news old: the line goes at once, not four seconds later.
    tap_counter(ann, 0, "virtue")
    assert note.is_hidden() and ann.locator(".changed-now").count() == 0


# Names as long as a player may type (up to 40 characters): Undo then names a long change.
LONG_NAMES = ("Alexandra Konstantinou-Papadopoulou", "Bartholomew Fitzgerald", "Constantine Papadopoulos",
              "Dorothea Wilhelmina")


def overlapping_header_controls(page) -> list[tuple[str, str]]:
    """Pairs of the header's controls (the app's bar, the game's title, Undo, Redo, History, Share,
    Score, the players' chips) whose boxes overlap on the screen."""
    boxes = page.evaluate("""() => [...document.querySelectorAll(
            'header.bar a, header.bar button, .wake-row button, #live .game-head h1, #live .game-head p, ' +
            '#live .actions button, #live .game-links a, #live .seats-nav .chip')]
        .filter(e => e.checkVisibility()).map(e => { const r = e.getBoundingClientRect();
            return {name: e.innerText.trim().slice(0, 40), left: r.left, top: r.top, right: r.right, bottom: r.bottom}; })""")
    return [(one["name"], other["name"]) for i, one in enumerate(boxes) for other in boxes[i + 1:]
            if one["left"] < other["right"] - 1 and other["left"] < one["right"] - 1
            and one["top"] < other["bottom"] - 1 and other["top"] < one["bottom"] - 1]


def test_the_tablet_header_never_overlaps_and_four_boards_fit_1024_x_768(chromium, live_server):
    """Issue 34 item 4: with Undo naming a long change, no control of the header covers another at
    768, 1024 or 1366 px (a tap on Undo's right end is Undo's), and at 1024 x 768 four boards, the
    header and the live score fit without scrolling, also after the Tax Stand form is used."""
    context = chromium.new_context(viewport=TABLET_SIZES[0])
    try:
        page = open_the_whole_table(context, live_server, LONG_NAMES)
        tap(page, "#seat-0 .glance-moves button:text-is('Take 1 debt')")
        page.locator("#seat-0 .board-more > summary").click()
        tap(page, "#seat-0 button[aria-label='Pay off 1 debt']")
        page.locator("#seat-0 .board-more > summary").click()
        assert "Alexandra Konstantinou-Papadopoulou paid off 1 debt" in page.inner_text("#live .actions .undo")
        for size in ({"width": 768, "height": 1024}, TABLET_SIZES[0], {"width": 1366, "height": 1024}):
            page.set_viewport_size(size)
            page.evaluate("window.scrollTo(0, 0)")
            assert overlapping_header_controls(page) == [], size
            assert page.eval_on_selector("#live .actions .undo", """undo => { const r = undo.getBoundingClientRect();
                return undo.contains(document.elementFromPoint(r.right - 3, r.top + r.height / 2)); }"""), size
        page.set_viewport_size(TABLET_SIZES[0])
        page.evaluate("window.scrollTo(0, 0)")
        assert page.evaluate("document.documentElement.scrollHeight <= innerHeight")
        for seat in range(4):
            assert inside_the_screen(page, f"#seat-{seat}"), seat
        assert inside_the_screen(page, ".live-score .standings")

        # The Tax Stand form is at the foot of the side column: once used, the live score is back in view.
        silver = int(page.inner_text(".table-wide h3 .big"))
        page.locator("#tax-amount").scroll_into_view_if_needed()
        assert not inside_the_screen(page, ".live-score .standings")
        page.fill("#tax-amount", "2")
        tap(page, "button:text-is('Pay tax')")
        assert int(page.inner_text(".table-wide h3 .big")) == silver + 2
        assert inside_the_screen(page, ".live-score .standings")
        assert page.evaluate("document.documentElement.scrollHeight <= innerHeight")
    finally:
        context.close()
