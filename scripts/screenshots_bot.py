#!/usr/bin/env python3
"""The screenshot of the solo bot's panel at 360 px (README and docs/solo.md): a solo game against
Helena with the practice deck, after three of her turns.

    .venv/bin/python scripts/screenshots_bot.py      # writes docs/screenshots/bot-panel-{light,dark}.png
"""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "docs" / "screenshots"
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests" / "browser"))


def shoot(browser, server, scheme: str) -> None:
    from tests.browser.driver import PHONE, start_game
    from test_solo_bot import play_bot_turn

    page = browser.new_context(**PHONE, color_scheme=scheme).new_page()
    start_game(page, server, names=("Ann",), mode="solo", opponent="helena", title="Ann vs Helena")
    for _ in range(3):
        play_bot_turn(page)
    page.evaluate("window.scrollTo(0, document.querySelector('#bot-panel').offsetTop - 56)")
    page.screenshot(path=OUT / f"bot-panel-{scheme}.png")
    page.context.close()


def main() -> int:
    from tests.browser.driver import with_server_and_browser

    OUT.mkdir(parents=True, exist_ok=True)
    with_server_and_browser(lambda browser, server: [shoot(browser, server, scheme) for scheme in ("light", "dark")],
                            "companion-shots-bot-")
    for path in sorted(OUT.glob("bot-panel-*.png")):
        print(path.relative_to(REPO))
    return 0


if __name__ == "__main__":
    sys.exit(main())
