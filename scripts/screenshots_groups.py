#!/usr/bin/env python3
"""Screenshots of a group for docs/groups.md (the score page is on the README too), at 360 px
in Debian's Chromium: the group page with
its charts (light and dark), its share page and the view-only page a member opens from it, a
game's score page with its chart, and that game's PDF sheet with its chart (rendered with
poppler's pdftoppm). The group's eight Friday games are
imported as one bundle (the group export format), each with its moves' times.

    .venv/bin/python scripts/screenshots_groups.py   # writes docs/screenshots/group-*.png (pages, sheet, season report)
"""

from __future__ import annotations

import random
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "docs" / "screenshots"
PEOPLE = [("Ann", "red"), ("Bob", "blue"), ("Chloé", "green"), ("Dae-ho", "yellow")]
BUILDINGS = ["smithy", "well", "keep", "tavern", "library", "aqueduct", "treasury", "watchtower"]


def friday(rng: random.Random, week: int) -> dict:
    """A finished paper-pad game of three or four of the group, a move every few minutes."""
    seated = PEOPLE if week % 3 else rng.sample(PEOPLE, 3)
    start = datetime(2026, 9, 4, 19, tzinfo=timezone.utc) + timedelta(weeks=week)
    moves = [start + timedelta(minutes=4 * n) for n in range(rng.randint(18, 28))]
    players, deck = [], rng.sample(BUILDINGS, 2 * len(seated))   # one card of each building per game
    for seat, (name, colour) in enumerate(seated):
        players.append({
            "name": name, "colour": colour, "virtue": rng.randint(3, 12), "debts_unpaid": rng.choice([0, 0, 1]),
            "prisoners": rng.choice([0, 1, 2, 3]), "buildings": deck[2 * seat:2 * seat + 2],
            "overrides": {"buildings": rng.randint(14, 34), "cathedral": rng.choice([0, 2, 4, 7]),
                          "gold_marble": rng.randint(0, 5), "silver": rng.randint(0, 3)}})
    # (tracked games with their totals typed in: a bare paper-pad document imports unscorable, issue 31)
    return {"title": f"Friday {week + 1}", "phase": "finished",
            "created_at": start.strftime("%Y-%m-%dT%H:%M:%SZ"), "players": players,
            "events": [{"seq": n, "at": at.strftime("%Y-%m-%dT%H:%M:%SZ"), "kind": "virtue", "player": 0, "delta": 0}
                       for n, at in enumerate(moves, start=1)]}


def shoot(browser, server) -> None:
    from tests.browser.driver import PHONE

    rng = random.Random(19)
    client = server.app.test_client()
    group = client.post("/groups/new", json={"name": "Friday club"}).headers["Location"]
    bundle = {"format": "architects-companion-group/1", "games": [friday(rng, week) for week in range(8)]}
    imported = client.post(f"{group}/import", json=bundle)
    assert imported.status_code == 303, imported.get_data(as_text=True)
    games = server.app.extensions["store"].finished()
    last = games[-1]

    for scheme in ("light", "dark"):
        page = browser.new_context(**PHONE, color_scheme=scheme).new_page()
        page.goto(server.url + group)
        page.screenshot(path=OUT / f"group-{scheme}.png", full_page=True)
        page.context.close()

    page = browser.new_context(**PHONE).new_page()   # the organiser shares the view link
    page.goto(server.url + group + "/share")
    page.screenshot(path=OUT / "group-share-light.png")
    view = page.input_value("#view-url")
    page.context.close()
    page = browser.new_context(**PHONE).new_page()   # a member's phone opens it
    page.goto(server.url + view[view.index("/groups/v/"):])
    page.screenshot(path=OUT / "group-view-light.png")
    page.click("main table a:has-text('Ann')")   # a player's page, from the view link
    page.screenshot(path=OUT / "group-player-light.png", full_page=True)
    season = page.request.get(server.url + view[view.index("/groups/v/"):] + "/season.pdf").body()
    page.context.close()

    page = browser.new_context(**PHONE, color_scheme="dark").new_page()
    page.goto(f"{server.url}/g/{last.edit_token}/score")
    page.evaluate("window.scrollTo(0, document.querySelector('main h1').offsetTop - 60)")
    page.screenshot(path=OUT / "group-score-dark.png")
    pdf = page.request.get(f"{server.url}/g/{last.edit_token}/sheet.pdf").body()
    page.context.close()

    from tests.browser.driver import sheet_png
    sheet_png(pdf, OUT / "group-sheet")
    sheet_png(season, OUT / "group-season")


def main() -> int:
    sys.path.insert(0, str(REPO))
    from tests.browser.driver import with_server_and_browser

    OUT.mkdir(parents=True, exist_ok=True)
    with_server_and_browser(shoot, "companion-shots-groups-")
    for path in sorted(OUT.glob("group-*.png")):
        print(path.relative_to(REPO))
    return 0


if __name__ == "__main__":
    sys.exit(main())
