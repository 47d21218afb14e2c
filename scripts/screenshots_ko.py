#!/usr/bin/env python3
"""Korean screenshots for docs/at-the-table.md (한국어), at 360 px in Debian's Chromium: a player's seat
during play (light and dark) and its Build panel, the final score with its reasons (light
and dark), the card catalogue searched by 초성, the bot's turn, and the first page of the
Korean PDF score sheet (through poppler's pdftoppm).

    .venv/bin/python scripts/screenshots_ko.py   # writes docs/screenshots/ko-*.png
"""

from __future__ import annotations

import copy
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "docs" / "screenshots"


def in_play(server) -> str:
    """Three Korean players in the second round: buildings, apprentices, debts, the Guildhall."""
    from companion.aotwk.rules import table

    state = table.new_game({"mode": "multiplayer", "title": "금요일 저녁 게임", "seed": 5,
                            "players": [{"name": "김민준", "colour": "red"}, {"name": "이서연", "colour": "blue"},
                                        {"name": "박지우", "colour": "green"}]})
    state["track_resources"] = False   # the setup's default: the table keeps the resources
    token = server.store().create(state).edit_token
    for move in ({"kind": "hire", "player": 0, "apprentice": "acolyte_2"},
                 {"kind": "build", "player": 0, "building": "smithy"},
                 {"kind": "virtue", "player": 0, "delta": 2},
                 {"kind": "take_debts", "player": 0, "count": 1},
                 {"kind": "hire", "player": 1, "apprentice": "merchant_1"},
                 {"kind": "build", "player": 1, "building": "keep"},
                 {"kind": "advance_cathedral", "player": 0, "reward": "silver3_virtue1"},
                 {"kind": "captured", "player": 0, "delta": 2}):
        server.store().change(token, move, lambda current, move=move: table.apply(current, move))
    return token


def games(server) -> tuple[str, str]:
    """A finished game of two Korean players against Helena, and a solo game about to start."""
    from companion.aotwk.rules import table

    finished = table.new_game({"mode": "two_vs_bot", "opponent": "helena", "title": "금요일 저녁 게임",
                               "players": [{"name": "김민준", "colour": "red"}, {"name": "이서연", "colour": "blue"}],
                               "seed": 3})
    for seat, fields in enumerate(({"virtue": 13, "gold": 6, "debts_unpaid": 2, "silver": 12, "prisoners": 3,
                                    "buildings": ["castle", "university", "smithy"], "cathedral": 2},
                                   {"virtue": 9, "debts_unpaid": 1, "silver": 25, "marble": 3, "cathedral": 3,
                                    "buildings": ["keep"], "captured": 7})):
        finished["players"][seat].update(copy.deepcopy(fields))
    finished["bot"].update({"guildhall_workers": 3, "marble": 4, "cathedral": 2, "virtue": 8})
    finished["phase"] = "finished"
    solo = table.new_game({"mode": "solo", "opponent": "helena", "players": [{"name": "지우"}], "seed": 7,
                           "title": "혼자 하는 게임"})
    return server.store().create(finished).edit_token, server.store().create(solo).edit_token


def shoot(browser, server, finished: str, solo: str, playing: str) -> None:
    from tests.browser.driver import PHONE, sheet_png, wait_for_htmx

    for scheme in ("light", "dark"):
        page = browser.new_context(**PHONE, color_scheme=scheme, locale="ko-KR").new_page()
        page.goto(f"{server.url}/g/{playing}/seat?who=0")
        page.screenshot(path=OUT / f"ko-seat-{scheme}.png", full_page=True)
        if scheme == "light":
            page.click("#seat-0 .build-hire button:text-is('건설')")
            page.locator("#panel-0 .pick-panel").wait_for()
            wait_for_htmx(page)
            page.wait_for_timeout(300)   # htmx's "show:top" scrolls the panel up under the header
            page.screenshot(path=OUT / "ko-build-light.png")
        page.goto(f"{server.url}/g/{finished}/score")
        for summary in page.locator("details > summary").all():
            summary.click()
        page.screenshot(path=OUT / f"ko-score-{scheme}.png", full_page=True)
        if scheme == "light":
            page.goto(f"{server.url}/catalogue?q=ㅅㅈ")
            page.screenshot(path=OUT / "ko-catalogue-light.png")
            page.goto(f"{server.url}/g/{solo}/bot/turn")
            page.screenshot(path=OUT / "ko-bot-turn-light.png")
            pdf = page.context.request.get(f"{server.url}/g/{finished}/sheet.pdf?lang=ko").body()
            sheet_png(pdf, OUT / "ko-score-sheet", resolution=80)
        page.context.close()


def main() -> int:
    sys.path.insert(0, str(REPO))
    from tests.browser.driver import with_server_and_browser

    OUT.mkdir(parents=True, exist_ok=True)

    def work(browser, server):
        finished, solo = games(server)
        shoot(browser, server, finished, solo, in_play(server))

    with_server_and_browser(work, "companion-shots-ko-")
    for path in sorted(OUT.glob("ko-*.png")):
        print(path.relative_to(REPO))
    return 0


if __name__ == "__main__":
    sys.exit(main())
