"""200 % text and zoom without sideways scrolling (issue 35, item 4), in Debian's Chromium: every page
type (the Amytis and any-game pads too) and the table's panels, read on a 320 px phone with the
reader's text twice its usual size, and on a 360 px phone zoomed to 200 % (a screen 180 CSS px wide),
never scroll sideways; the charts' words grow with the text.

How the large text is made: the browser's own default text size is set to 32 px (16 is usual) with
the DevTools protocol's Page.setFontSizes. That is the setting a reader changes (Chrome's and Firefox's
"font size", which a phone's system text size feeds): the page's rem and em follow it, its px do not,
and the screen stays 320 px wide, as on the reader's phone. A style sheet putting `font-size: 200%` on
the page would only imitate it (and would have to be added again after every page load); zoom is a
different thing (everything larger, the page narrower), tested beside it."""

from __future__ import annotations

import pytest

from tests.browser.driver import (PHONE, choose_seat, start_amytis, start_game, wait_for_htmx,
                                  wait_for_page_settled)
from tests.groups.games import fridays

pytestmark = pytest.mark.browser
# Where it overflows, the elements past the right edge that no box of their own scrolls or clips.
# (Against the screen's own width: a phone widens its layout viewport to fit a page that is wider.)
SIDEWAYS = """width => {
  const page = document.scrollingElement;
  if (page.scrollWidth <= width) return null;
  const inside = e => { for (let a = e.parentElement; a && a !== document.body; a = a.parentElement)
    if (getComputedStyle(a).overflowX !== 'visible') return true; return false; };
  return [page.scrollWidth, page.clientWidth, ...[...document.querySelectorAll('body *')]
    .filter(e => e.getBoundingClientRect().right > width + 0.5 && e.checkVisibility() && !inside(e))
    .map(e => e.tagName + '.' + e.className + ': ' + (e.textContent || '').trim().slice(0, 30)).slice(-3)];
}"""


@pytest.fixture(params=["text at 200 %", "zoom at 200 %"])
def large_phone(request, chromium):
    text = request.param.startswith("text")
    # 200 % zoom on a 360 x 780 phone is a 180 x 390 screen of CSS pixels.
    size = {"width": 320, "height": 700} if text else {"width": 180, "height": 390}
    context = chromium.new_context(**{**PHONE, "viewport": size})
    context.set_default_timeout(10_000)
    page = context.new_page()
    if text:
        context.new_cdp_session(page).send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    yield page, text, size["width"]
    context.close()


def test_no_page_scrolls_sideways_with_large_text_or_zoom(large_phone, live_server):
    page, text, width = large_phone
    found = {}

    def check(name: str) -> None:
        wait_for_page_settled(page)
        if text:
            assert page.evaluate("getComputedStyle(document.documentElement).fontSize") == "32px", name
        found[name] = page.evaluate(SIDEWAYS, width)

    def visit(name: str, address: str) -> None:
        page.goto(address if address.startswith("http") else live_server.url + address)
        check(name)

    made = page.request.post(live_server.url + "/groups/new", data={"name": "Friday club"}, max_redirects=0)
    group = live_server.url + made.headers["location"]
    for document in fridays():
        page.request.post(group + "/import", data=document, max_redirects=0)
    url = start_game(page, live_server, names=("Alexandra", "Bartholomew", "Cy"), title="Large text")
    for name, address in (("home", "/"), ("set-up", "/games/new"), ("new group", "/groups/new"),
                          ("group page", group), ("group, share", group + "/share"),
                          ("card library", "/library"), ("cards", "/catalogue"), ("scheme decks", "/decks"),
                          ("Amytis, new", "/amytis/new"), ("page not found", "/no-such-page"),
                          ("game not found", "/g/no-such-game-token")):
        visit(name, address)
        if name == "group page" and text:   # the charts' words grow with the text: .75em, 24 of 32 px
            sizes = page.eval_on_selector_all(".chart-svg text", "all => all.map(e => getComputedStyle(e).fontSize)")
            assert sizes and set(sizes) <= {"24px", "22px"}, sizes

    # The table: who is this phone, a seat with its panels, another seat's row, the whole table.
    visit("table, who is this phone", url)
    choose_seat(page, "Bartholomew")
    check("table, a seat")
    for opener, panel in (("#seat-1 .build-hire button:text-is('Build')", "#panel-1 .pick-panel"),
                          ("#seat-1 button:text-is('Capture')", "#panel-1 .ask-panel"),
                          ("#seat-1 button:text-is('Cathedral +1')", "#pending-1")):   # (its reward waits on every phone)
        page.locator(opener).focus()
        page.keyboard.press("Enter")
        page.locator(panel).wait_for()
        check(panel)
        page.keyboard.press("Escape")
        page.locator(panel).wait_for(state="detached")
        wait_for_htmx(page)
    page.select_option("#seat-1 form.more select", "capture")
    page.locator("#seat-1 form.more button").focus()
    page.keyboard.press("Enter")
    page.locator("#more-1 .move-form").wait_for()
    check("table, a Record… form")
    page.locator("#seat-0 > summary").focus()
    page.keyboard.press("Enter")
    check("table, another seat opened")
    page.locator("#live a.this-phone").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#seat-choice")
    choose_seat(page, "The whole table")
    check("the whole table (the tablet's view)")
    for part in ("history", "score", "share"):
        visit(part, f"{url}/{part}")

    # The end count, and its question before the final score.
    visit("table", url)
    page.locator("summary:has-text('End the game')").focus()
    page.keyboard.press("Enter")
    page.locator("button:has-text('End the game now')").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#end-count")
    check("the end count")
    page.locator("#end-count button:has-text('Show the final score')").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#final-score-confirm")
    check("the end count, its question")

    # Solo: the bot's panel and its turn.
    start_game(page, live_server, names=("Ann",), mode="solo", opponent="helena")
    check("solo")
    page.locator("button.bot-play").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(".bot-turn")
    check("solo, the bot's turn")

    # Amytis: the score pad.
    start_amytis(page, live_server)
    check("Amytis pad")

    # Any other game: its new pad and the pad (its boxes scroll inside it, never the page).
    visit("any game, new", "/score-pad/new")
    page.fill("#title", "Hearts")
    page.fill("#players", "Alexandra\nBartholomew\nCy")
    page.locator("button[type=submit]:has-text('Start the score pad')").focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**/g/*")
    check("any game's pad")

    assert {name: where for name, where in found.items() if where} == {}
