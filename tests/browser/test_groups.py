"""A group in Debian's Chromium at 360 px: made from the home page, two short games played
from it (paper-pad mode, the second with its players tapped from the roster), a rematch, and
the group's statistics and charts following each game (issue 19); the group's pages at 320, 360
and 412 px, light and dark, English and Korean: no sideways scroll, no word broken inside (issue 31)."""

from __future__ import annotations

import pytest

from tests.browser.driver import wait_for_htmx

pytestmark = pytest.mark.browser


def wait_saved(server, url, check, page, timeout_ms=20_000):
    for _ in range(timeout_ms // 100):
        if check(server.store().find(url.rsplit("/", 1)[-1])[0].state):
            return
        page.wait_for_timeout(100)
    raise AssertionError("the pad row was not saved")


def paper_game_to_the_end(page, server, buildings: dict[int, str]) -> str:
    """On a paper-pad game's table: end it now, type each seat's buildings total, final virtue and
    silver, see them saved."""
    url = page.url
    page.click("summary:has-text('End the game')")
    page.click("button:has-text('End the game now')")
    wait_for_htmx(page)
    for summary in page.locator("details.paper:not([open]) summary").all():
        summary.click()
    for seat, points in buildings.items():   # a paper game scores once each seat's final virtue and silver are in
        for cell, value in (("buildings", points), ("final_virtue", "7"), ("final_silver", "3")):
            page.fill(f"#pad-{seat}-{cell}", value)
            page.keyboard.press("Tab")
            wait_for_htmx(page)   # at a player's pace: each cell's save answered before the next
        wait_saved(server, url, lambda s, seat=seat, points=points:
                   s["players"][seat]["overrides"].get("buildings") == int(points)
                   and not s["players"][seat].get("not_entered"), page)
    return url


def no_sideways_scroll(page, width: int = 360) -> bool:
    """The page as wide as the phone (a phone's layout viewport widens to what overflows it, so
    ``window.innerWidth`` would grow with the page)."""
    return page.evaluate("document.documentElement.scrollWidth") <= width


def test_a_group_plays_two_games_from_its_roster_rematches_and_its_charts_follow(new_phone, live_server):
    phone = new_phone(color_scheme="dark")
    phone.goto(live_server.url + "/")
    phone.click("text=New group")
    phone.fill("#name", "Friday club")
    phone.click("text=Make the group")
    phone.wait_for_url("**/groups/*")
    group_url = phone.url
    assert "No finished games yet" in phone.inner_text("main")

    # The first game: nobody on the roster yet, so the names are typed.
    phone.click("text=New game with the group")
    phone.check("input[name=mode][value=paper]")
    phone.fill("#players-0-name", "Ann")
    phone.fill("#players-1-name", "Bob")
    phone.click("text=Start the game")
    phone.wait_for_url("**/g/*")
    paper_game_to_the_end(phone, live_server, {0: "30", 1: "20"})

    phone.goto(group_url)
    assert "Ann won 1 of 1 game." in phone.inner_html("main")
    assert phone.locator("svg[role=img]").count() == 2   # the wins and the scores over time
    assert no_sideways_scroll(phone)

    # The second game: Ann and Bob tapped from the roster, no letters typed.
    phone.click("text=New game with the group")
    phone.check("input[name=mode][value=paper]")
    phone.click(".roster-picks label:has-text('Ann')")
    phone.click(".roster-picks label:has-text('Bob')")
    phone.click("text=Start the game")
    phone.wait_for_url("**/g/*")
    state = live_server.store().find(phone.url.rsplit("/", 1)[-1])[0].state
    assert [p["name"] for p in state["players"]] == ["Ann", "Bob"]
    second = paper_game_to_the_end(phone, live_server, {0: "10", 1: "40"})

    # Its score page: the chart, then the rematch with the seats moved on.
    phone.goto(second + "/score")
    assert "Bob: 40 points" in phone.inner_html("#score-chart-desc")
    assert no_sideways_scroll(phone)
    phone.click("text=Rematch: same players, next seats")
    phone.wait_for_url("**/g/*")
    rematch = live_server.store().find(phone.url.rsplit("/", 1)[-1])[0].state
    assert [p["name"] for p in rematch["players"]] == ["Bob", "Ann"] and rematch["mode"] == "paper"

    phone.goto(group_url)
    main = phone.inner_html("main")
    assert "Ann won 1 of 2 games." in main and "Bob won 1 of 2 games." in main
    assert "Ann scored 30, 10." in main and "Bob scored 20, 40." in main
    assert phone.locator("main .results li").count() == 3   # the rematch belongs to the group too
    assert no_sideways_scroll(phone)


def test_the_group_pages_never_scroll_sideways_at_320_360_412_in_light_dark_english_korean(new_phone, live_server):
    """Issue 31: 'the roster's board select makes the page 393 px wide (it scrolls sideways)'."""
    from tests.groups.games import fridays

    phone = new_phone()
    made = phone.request.post(live_server.url + "/groups/new", data={"name": "Friday club"}, max_redirects=0)
    token = made.headers["location"].rsplit("/", 1)[-1]
    long_title = {**fridays()[0], "title": "Donnerstagsrunde October", "created_at": "2026-10-01T19:00:00Z"}
    for document in (*fridays(), long_title):
        phone.request.post(f"{live_server.url}/groups/{token}/import?another=1", data=document, max_redirects=0)
    phone.goto(f"{live_server.url}/groups/{token}")
    assert "Donnerstagsrunde" in phone.inner_text("main") and phone.locator("#roster select").count() >= 8
    pages = [f"/groups/{token}", f"/groups/{token}/players/Ann", f"/groups/{token}/share", f"/games/new?group={token}"]
    too_wide, broken = [], []
    for scheme in ("light", "dark"):
        phone = new_phone(color_scheme=scheme)
        for width in (320, 360, 412):
            phone.set_viewport_size({"width": width, "height": 800})
            for lang in ("en", "ko"):
                for path in pages:
                    phone.goto(f"{live_server.url}{path}{'&' if '?' in path else '?'}lang={lang}")
                    if not no_sideways_scroll(phone, width):
                        too_wide.append((scheme, width, lang, path.split(token)[-1],
                                         phone.evaluate("document.documentElement.scrollWidth")))
                    broken += [(width, lang, path.split(token)[-1], word) for word in phone.evaluate(WORDS_BROKEN)]
    assert too_wide == []
    assert broken == [], "\n".join(map(str, broken))


# Titles and names whose box is narrower than one of their words (a word that fits the page at all):
# the word would break inside ("Oc / to / be / r").
WORDS_BROKEN = r"""() => {
  const pen = document.createElement("canvas").getContext("2d"), room = document.querySelector("main").clientWidth - 40;
  const broken = [];
  for (const box of document.querySelectorAll("main h1, main h2, main .results a, main .roster strong")) {
    const style = getComputedStyle(box);
    pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const inner = box.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    for (const word of box.innerText.split(/\s+/)) {
      const wide = pen.measureText(word).width;
      if (wide > inner + 1 && wide <= room) broken.push(`${word} (${box.tagName.toLowerCase()}.${box.className}: ${Math.round(inner)} px for ${Math.round(wide)})`);
    }
  }
  return broken;
}"""
