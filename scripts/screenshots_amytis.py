#!/usr/bin/env python3
"""Screenshots of the Architects of Amytis score pad for docs/cli.md, at 360 px, made by
driving Debian's Chromium through the contract's example game (Martine 96, Paul 100):
the pad with both totals (light), the favor spaces with what each would score (dark),
the same pad in Korean, and, after Game over, the one-page PDF sheet (rendered with
poppler's pdftoppm).

    .venv/bin/python scripts/screenshots_amytis.py   # writes docs/screenshots/amytis-*.png
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "docs" / "screenshots"


def play(page, server) -> str:
    """The example game on one phone; returns the game's address."""
    from tests.browser.driver import (MARTINE, STACK_NAMES, amytis_favor, amytis_plus, amytis_submit,
                                      amytis_totals, tap, wait_for_htmx)

    page.goto(server.url + "/amytis/new")
    page.fill("#first", "Martine")
    page.fill("#second", "Paul")
    page.fill("#title", "Saturday in Babylon")
    page.click("text=Start the score pad")
    page.wait_for_url("**/g/*")
    for name, seat, board in (("Martine", 0, MARTINE), ("Paul", 1, [[1, 1, 1]] * 3)):
        for r, row in enumerate(board):
            for c, height in enumerate(row):
                for _ in range(height):
                    amytis_plus(page, name, STACK_NAMES[r][c])
    amytis_favor(page, 0, "stacks_of_4")
    amytis_favor(page, 0, "corners")
    for _ in range(2):
        wait_for_htmx(page)
        tap(page, 'button[aria-label="Martine: one more pawn on the pawn-count part"]')
    amytis_favor(page, 1, "stacks_of_1")
    for seat, projects in ((0, ("10", "8")), (1, ("12",))):
        for points in projects:
            amytis_submit(page, seat, f"form:has(#project-{seat})", {f"#project-{seat}": points})
    amytis_submit(page, 0, "form:has(#total-0)", {"#total-0": "57"})
    amytis_submit(page, 1, "form:has(#total-1)", {"#total-1": "61"})
    assert amytis_totals(page) == ["96", "100"], amytis_totals(page)
    return page.url


def shoot(browser, server) -> None:
    from tests.browser.driver import PHONE, tap, wait_for_htmx

    page = browser.new_context(**PHONE, color_scheme="light").new_page()
    address = play(page, server)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=OUT / "amytis-pad-light.png")

    for scheme, lang, name in (("dark", "en", "amytis-favors-dark.png"), ("light", "ko", "ko-amytis-pad-light.png")):
        page = browser.new_context(**PHONE, color_scheme=scheme).new_page()
        page.goto(f"{address}?lang={lang}")
        wait_for_htmx(page)
        if lang == "en":
            page.evaluate("window.scrollTo(0, document.querySelector('[data-favor=\"0-stacks_of_1\"]').offsetTop - 120)")
        page.screenshot(path=OUT / name)
        page.context.close()

    page = browser.new_context(**PHONE).new_page()   # the game over, then its sheet
    page.goto(address)
    wait_for_htmx(page)
    tap(page, "button:text('Game over')")
    sheet = page.get_attribute("a:text('Score sheet (PDF)')", "href")
    pdf = page.request.get(server.url + sheet).body()
    page.context.close()

    from tests.browser.driver import sheet_png
    sheet_png(pdf, OUT / "amytis-sheet")


def main() -> int:
    sys.path.insert(0, str(REPO))
    from tests.browser.driver import with_server_and_browser

    OUT.mkdir(parents=True, exist_ok=True)
    with_server_and_browser(shoot, "companion-shots-amytis-")
    for path in sorted(OUT.glob("*amytis*.png")):
        print(path.relative_to(REPO))
    return 0


if __name__ == "__main__":
    sys.exit(main())
