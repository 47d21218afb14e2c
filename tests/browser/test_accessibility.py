"""Open to every reader (issue 20), in Debian's Chromium at 360 px: axe-core finds no WCAG A
or AA violation on the main pages, light and dark, before and after a move; keyboard and
screen-reader focus lands somewhere sensible after choosing a seat, a panel's Cancel and a
Cathedral reward; the header stays small with large text and zoom; nothing jumps after load.

axe-core's script comes from the axe-playwright-python package (the test extras)."""

from __future__ import annotations

import time

import pytest

from tests.browser.driver import (PHONE, advance_cathedral, amytis_plus, choose_seat, launch_chromium, revision,
                                  start_amytis, start_game, tap_counter, wait_for_htmx, wait_for_page_settled,
                                  wait_for_revision)

pytestmark = pytest.mark.browser
WCAG_A_AA = {"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}}
# Every layout shift (as Cumulative Layout Shift counts them), from before any page script runs;
# none is excused as following input: nothing is tapped while the page loads.
RECORD_SHIFTS = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__shifts.push(entry.value);
}).observe({type: "layout-shift", buffered: true});
"""


def violations(page) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page, options=WCAG_A_AA).response["violations"]
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}" for v in found]


def focused(page) -> str:
    """What has focus, as a reader hears it: its tag and text."""
    return page.evaluate("document.activeElement.tagName + ' ' + document.activeElement.textContent.trim()")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_main_pages_have_no_wcag_a_or_aa_violations(new_phone, live_server, scheme):
    phone = new_phone(scheme)
    found = {}

    def check(name: str) -> None:
        wait_for_page_settled(phone)
        found[name] = violations(phone)

    phone.goto(live_server.url + "/")
    check("home")
    url = start_game(phone, live_server, names=("Ann", "Bob", "Cy"), title="Readable", submit=False)
    check("setup")
    phone.click("text=Start the game")
    phone.wait_for_url("**/g/*")
    url = phone.url
    check("table, who is this phone?")
    choose_seat(phone, "Ann")
    check("table, Ann's seat")
    tap_counter(phone, 0, "virtue")
    check("table after a move")
    phone.click("#seat-0 .build-hire button:has-text('Build')")
    phone.locator("#panel-0 input.pick-search").wait_for()
    wait_for_htmx(phone)
    check("table, Build panel open")
    for page in ("/score", "/history", "/share"):
        phone.goto(url + page)
        check(page)
    start_amytis(phone, live_server)
    check("Amytis pad")
    amytis_plus(phone, "Martine", "top-left")
    check("Amytis pad after a move")
    phone.goto(live_server.url + "/score-pad/new")
    check("Any game, new pad")
    phone.fill("#title", "Hearts")
    phone.fill("#players", "Ann\nBob\nCy")
    phone.click("text=Start the score pad")
    phone.wait_for_url("**/g/*")
    check("Any game pad")
    phone.fill("#row-0-0", "26")
    phone.press("#row-0-0", "Enter")
    phone.wait_for_selector("#row-0 [data-row-status]:has-text('Saved')")
    check("Any game pad after a save")
    assert all(not v for v in found.values()), {k: v for k, v in found.items() if v}


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_whole_table_on_a_tablet_has_no_wcag_a_or_aa_violations(chromium, live_server, scheme):
    """Six boards at a glance and the live score, in landscape and upright, after a tap (its note
    floating at the foot of the screen) and with one board's More… open."""
    context = chromium.new_context(viewport={"width": 1024, "height": 768}, color_scheme=scheme)
    try:
        page = context.new_page()
        start_game(page, live_server, names=("Ann", "Bob", "Cy", "Di", "Ed", "Flo"), title="Readable table", submit=False)
        page.check("#age_of_artisans")
        page.click("text=Start the game")
        page.wait_for_url("**/g/*")
        choose_seat(page, "The whole table")
        page.wait_for_selector(".live-score")
        tap_counter(page, 2, "virtue")
        found = {"landscape, after a tap": violations(page)}
        page.click("#seat-1 .board-more > summary")
        page.set_viewport_size({"width": 1024, "height": 1366})
        found["upright, More… open"] = violations(page)
        assert all(not v for v in found.values()), {k: v for k, v in found.items() if v}
    finally:
        context.close()


def test_focus_goes_to_the_seat_chosen_and_back_to_the_button_a_panel_came_from(phone, live_server):
    start_game(phone, live_server, names=("Ann", "Bob"), title="Focus")
    choose_seat(phone, "Bob")
    assert focused(phone).startswith("H2") and "Bob" in focused(phone)   # Bob's board, not the page
    phone.keyboard.press("Tab")
    assert phone.evaluate("document.activeElement.closest('#seat-1') !== null")   # the next stop is on his board

    phone.click("#seat-1 .build-hire button:has-text('Build')")
    phone.locator("#panel-1 input.pick-search").wait_for()
    wait_for_htmx(phone)
    phone.click("#panel-1 button:has-text('Cancel')")
    phone.locator("#panel-1 .pick-panel").wait_for(state="detached")
    wait_for_htmx(phone)
    assert focused(phone) == "BUTTON Build"

    phone.select_option("#seat-1 form.more select[name=kind]", "capture")   # a "Record…" form, then Cancel
    phone.click("#seat-1 form.more button")
    phone.locator("#more-1 form.move-form").wait_for()
    wait_for_htmx(phone)
    phone.click("#more-1 form.move-form button:has-text('Cancel')")
    phone.locator("#more-1 form.move-form").wait_for(state="detached")
    wait_for_htmx(phone)
    assert focused(phone) == "BUTTON Record…"

    advance_cathedral(phone, 1, "3 silver, 1 virtue")   # Cathedral +1, then the reward card's button
    wait_for_htmx(phone)
    assert focused(phone) == "BUTTON Cathedral +1"

    # The status note after a move is said by a live region that was there before it.
    assert phone.get_attribute("#announce", "role") == "status"
    tap_counter(phone, 1, "virtue")
    phone.wait_for_function("() => document.getElementById('announce').textContent.includes('Bob: virtue')")
    assert phone.locator("#live .notes[role]").count() == 0   # the list itself is a plain list


def test_the_theme_button_is_named_by_what_it_shows(phone, live_server):
    phone.goto(live_server.url + "/")
    button = phone.locator("[data-theme-switch]")
    name = button.evaluate("b => b.getAttribute('aria-label') || b.textContent.replace(/\\s+/g, ' ').trim()")
    assert name == "Theme: auto"


@pytest.mark.parametrize("how", ["text at 200 %", "zoom at 200 %"])
def test_the_header_stays_small_with_large_text_or_zoom(chromium, live_server, how):
    # 200 % zoom on a 360 x 780 phone is a 180 x 390 viewport of CSS pixels.
    size = {"width": 360, "height": 780} if how.startswith("text") else {"width": 180, "height": 390}
    context = chromium.new_context(**{**PHONE, "viewport": size}, bypass_csp=True)   # (the style tag below)
    try:
        page = context.new_page()
        url = start_game(page, live_server, names=("Ann", "Bob"), title="Large text")
        page.goto(url)
        if how.startswith("text"):   # the page follows the reader's text size (it sets none of its own)
            page.add_style_tag(content="html { font-size: 200%; }")
            assert page.evaluate("getComputedStyle(document.body).fontSize") == "32px"
        header = page.locator("header.bar").bounding_box()
        brand = page.locator("header.bar .brand")
        lines = brand.evaluate("b => Math.round(b.getBoundingClientRect().height / parseFloat(getComputedStyle(b).lineHeight))")
        assert lines <= 2, "the name breaks between words, never after every letter"
        assert header["height"] < size["height"] / 2
        page.mouse.wheel(0, 600)
        page.wait_for_timeout(200)
        covered = page.evaluate("Math.max(0, document.querySelector('header.bar').getBoundingClientRect().bottom)")
        assert covered < size["height"] / 3, "scrolled, the header covers little of the screen"
    finally:
        context.close()


def test_nothing_moves_after_the_table_page_has_shown(phone, live_server):
    url = start_game(phone, live_server, names=("Ann", "Bob"), title="Steady")
    fresh = phone.context.new_page()   # no tap of the setup form counts as "recent input" here
    fresh.add_init_script(RECORD_SHIFTS)

    def slow_network(route):   # as on a phone: the page is painted before its scripts have run
        time.sleep(0.3)
        route.continue_()

    fresh.route("**/static/net.js*", slow_network)
    fresh.goto(url)
    wait_for_page_settled(fresh)
    fresh.wait_for_timeout(500)
    assert fresh.locator("button.wake-lock").count() == 1   # "Keep screen on" is there, below the game
    assert sum(fresh.evaluate("window.__shifts")) < 0.01


# Every write to the page's live region (#announce), as a screen reader is given them.
RECORD_ANNOUNCEMENTS = """
window.__said = [];
document.addEventListener("DOMContentLoaded", () => {
  const region = document.getElementById("announce");
  new MutationObserver(() => window.__said.push(region.textContent))
    .observe(region, {childList: true, characterData: true, subtree: true});
});
"""


def test_quick_changes_from_another_phone_are_said_once(new_phone, live_server):
    ann = new_phone()
    url = start_game(ann, live_server, names=("Ann", "Bob"), title="Quiet")
    choose_seat(ann, "Ann")
    bob = new_phone()
    bob.add_init_script(RECORD_ANNOUNCEMENTS)
    bob.goto(url)
    choose_seat(bob, "Bob")
    # Bob's page is not a live region of its own: what changed is said once, by #announce.
    assert bob.get_attribute("#change-note", "role") is None

    start = revision(ann)
    for _ in range(4):   # four quick taps, not waiting for each answer
        ann.click('#seat-0 [data-counter="virtue"] button[aria-label$="plus 1"]')
    wait_for_revision(ann, start + 4)
    wait_for_revision(bob, start + 4)
    sentence = ann.inner_text("#live .actions .undo").removeprefix("Undo: ")
    bob.wait_for_function("s => window.__said.at(-1) && window.__said.at(-1).includes(s)", arg=sentence)
    bob.wait_for_timeout(1_000)   # anything still to come would have come by now
    said = bob.evaluate("window.__said")
    assert 1 <= len(said) <= 2, said
    assert all(one != two for one, two in zip(said, said[1:])), said

    # The phone that tapped is told once too: the notes of its newest change.
    ann_said = ann.evaluate("document.getElementById('announce').textContent")
    assert "Ann: virtue" in ann_said
