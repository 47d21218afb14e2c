#!/usr/bin/env python3
"""Screenshots for docs/at-the-table.md (a phone's first screen is on the README too): the
setup page, the table page (this phone's seat), the
end count and the final score page at 360 px, light and dark, made by driving Debian's Chromium through a game.

    .venv/bin/python scripts/screenshots.py      # writes docs/screenshots/{setup,table,count,score}-{light,dark}.png
                                                 # and table-wide.png (the table layout at 1280 px),
                                                 # first-screen-{light,dark}.png (a phone's first screen at 360 x 780)
                                                 # and table-six.png, table-six-landscape.png (six boards on a
                                                 # 1024 px tablet held upright, 1024 x 1366, and in landscape, 1024 x 768)
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "docs" / "screenshots"


def play_and_shoot(browser, server, scheme: str) -> None:
    from tests.browser.driver import (PHONE, advance_cathedral, build, choose_seat, start_game, tap, tap_counter,
                                       wait_for_htmx)

    page = browser.new_context(**PHONE, color_scheme=scheme).new_page()
    start_game(page, server, names=("Ann", "Bob", "Cy"), title="Friday game", submit=False)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=OUT / f"setup-{scheme}.png")
    page.click("text=Start the game")
    page.wait_for_url("**/g/*")
    choose_seat(page, "Ann")                      # this phone is Ann's seat
    build(page, 0, "Smithy")
    build(page, 0, "Steeple")
    tap_counter(page, 0, "virtue")
    advance_cathedral(page, 0, "3 silver, 1 virtue")
    tap(page, "#seat-0 form.debts button[value=take_debts]")
    page.evaluate("window.scrollTo(0, document.querySelector('#seat-0').offsetTop - 60)")
    page.screenshot(path=OUT / f"table-{scheme}.png")
    # What Ann's phone shows before any scrolling: her board, Build, Hire, virtue, debts, Capture.
    first = browser.new_context(**{**PHONE, "viewport": {"width": 360, "height": 780}}, color_scheme=scheme).new_page()
    first.goto(page.url)
    choose_seat(first, "Ann")
    first.screenshot(path=OUT / f"first-screen-{scheme}.png")
    first.context.close()
    if scheme == "light":   # the same game on a tablet or laptop in the middle of the table
        wide = page.context.browser.new_context(viewport={"width": 1280, "height": 860}).new_page()
        wide.goto(page.url)
        wide.click("#seat-choice a:has-text('The whole table')")
        wide.wait_for_selector("#seat-choice", state="detached")
        wide.screenshot(path=OUT / "table-wide.png")
        wide.context.close()
        shoot_six_boards(browser, server)
    # The end count: "End the game now" reaches it as the last final turn does; Ann counts with the steppers.
    page.click("summary:has-text('End the game')")
    tap(page, "button:has-text('End the game now')")
    row = page.locator("#count-0")
    row.wait_for()
    wait_for_htmx(page)
    for cell, steps in (("gold", 1), ("silver", 4), ("stone", 2)):
        for _ in range(steps):
            row.locator(f"[data-cell={cell}] button[data-step='1']").click()
    page.evaluate("document.activeElement.blur()")   # a row being edited is one that holds the focus (static/pad.js)
    page.wait_for_function("() => !document.querySelector('#count-0[data-pad-editing], .htmx-request')")
    page.evaluate("window.scrollTo(0, document.querySelector('#end-count').offsetTop - 60)")
    page.screenshot(path=OUT / f"count-{scheme}.png")
    page.click("#end-count button:has-text('Show the final score')")
    # Bob and Cy have not counted: the page asks once whether to end the count for everyone.
    page.click("#end-count button:has-text('end the count and show the final score')")
    page.wait_for_selector("#live .live-score")
    page.click("a.button[href$='/score']")
    page.wait_for_url("**/score")
    page.screenshot(path=OUT / f"score-{scheme}.png")
    page.context.close()


def shoot_six_boards(browser, server) -> None:
    """A six-player Age of Artisans game on a 1024 px tablet, held upright and in landscape: every
    board at a glance and the live score."""
    from tests.browser.driver import choose_seat, start_game, tap, tap_counter, wait_for_htmx

    page = browser.new_context(viewport={"width": 1024, "height": 1366}).new_page()
    start_game(page, server, names=("Ann", "Bob", "Cy", "Di", "Ed", "Flo"), title="Six at the table", submit=False)
    page.check("#age_of_artisans")
    page.click("text=Start the game")
    page.wait_for_url("**/g/*")
    choose_seat(page, "The whole table")
    for seat in (1, 3, 4):
        tap_counter(page, seat, "virtue")
    tap(page, "#seat-2 .glance-moves button:text-is('Take 1 debt')")
    page.wait_for_selector(".live-score")
    wait_for_htmx(page)
    page.screenshot(path=OUT / "table-six.png")
    page.set_viewport_size({"width": 1024, "height": 768})
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=OUT / "table-six-landscape.png")
    page.context.close()


def main() -> int:
    sys.path.insert(0, str(REPO))
    from tests.browser.driver import with_server_and_browser

    OUT.mkdir(parents=True, exist_ok=True)
    with_server_and_browser(lambda browser, server: [play_and_shoot(browser, server, scheme)
                                                     for scheme in ("light", "dark")], "companion-shots-")
    for path in sorted(OUT.glob("*-light.png")) + sorted(OUT.glob("*-dark.png")):
        print(path.relative_to(REPO))
    return 0


if __name__ == "__main__":
    sys.exit(main())
