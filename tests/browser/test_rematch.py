"""A rematch takes the table along (issue 34 item 1): four phones, each said whose it is, and a
tablet showing the whole table, on a finished game; the tablet taps Rematch. Within a second every
phone shows the notice, brought by its live stream (the poll is set to 10 minutes here); one tap
each and every phone is on the new game as its player, who sits one seat on, and the tablet on the
whole table, none asked "Who is this phone?" again."""

from __future__ import annotations

import json
import time

import pytest

from tests.browser.driver import choose_seat, start_server, wait_for_page_settled
from tests.groups.games import fridays

pytestmark = pytest.mark.browser

PLAYERS = ("Ann", "Bob", "Cy", "Dee")
TABLET = {"viewport": {"width": 1024, "height": 768}}
# When the notice first showed on this page, by the page's own clock (the same machine's for every page).
RECORD_NOTICE = """() => {
  window.__noticeAt = null;
  new MutationObserver(() => {
    if (window.__noticeAt === null && document.getElementById("rematch-notice")) window.__noticeAt = Date.now();
  }).observe(document.body, {subtree: true, childList: true});
}"""


@pytest.fixture
def slow_poll_server(tmp_path):
    server, stop = start_server(tmp_path / "instance", LIVE_POLL_SECONDS=600, RATELIMIT_ENABLED=False)
    yield server
    stop()


def finished_game_of_four() -> dict:
    """A finished paper-pad game of Ann, Bob, Cy and Dee (its rematch seats them Bob, Cy, Dee, Ann)."""
    doc = fridays()[2]
    extra = dict(doc["players"][-1], colour="green")
    doc["players"] = [dict(player, name=name) for player, name in zip([*doc["players"], extra], PLAYERS, strict=True)]
    doc["title"] = "Rematch night"
    return doc


def test_a_rematch_from_the_tablet_takes_every_phone_along_as_its_player(slow_poll_server, new_phone, chromium):
    server = slow_poll_server
    tablet_context = chromium.new_context(**TABLET)
    try:
        tablet = tablet_context.new_page()
        tablet.goto(server.url + "/")
        made = tablet.request.post(server.url + "/games/import", data=json.dumps(finished_game_of_four()),
                                   headers={"Content-Type": "application/json"}, max_redirects=0)
        assert made.status == 303, made.text()
        edit = made.headers["location"].rsplit("/", 1)[-1]
        url = f"{server.url}/g/{edit}"
        tablet.goto(url)
        choose_seat(tablet, "The whole table")
        phones = {}
        for name in PLAYERS:
            phones[name] = new_phone()
            phones[name].goto(url)
            choose_seat(phones[name], name)
        for page in phones.values():
            wait_for_page_settled(page)
            page.evaluate(RECORD_NOTICE)
        # Every phone's stream is open (the tablet's too) before the tap: what reaches them is the push.
        game_id = server.store().find(edit)[0].id
        live = server.app.extensions["live"]
        deadline = time.monotonic() + 10
        while len(live._streams.get(game_id, ())) < len(PLAYERS) + 1:
            assert time.monotonic() < deadline, "the pages' live streams did not open"
            time.sleep(0.05)

        tablet.goto(f"{url}/score")
        wait_for_page_settled(tablet)
        watcher = new_phone()   # a phone reading the final score: its page's region is the notice alone
        watcher.goto(f"{url}/score")
        wait_for_page_settled(watcher)
        while len(live._streams.get(game_id, ())) < len(PLAYERS) + 2:
            assert time.monotonic() < deadline, "the score pages' live streams did not open"
            time.sleep(0.05)
        tapped_at = tablet.evaluate("Date.now()")
        tablet.click("button:has-text('Rematch: same players, next seats')")
        lags = {}
        for name, page in phones.items():
            notice = page.locator("#rematch-notice")
            notice.wait_for(timeout=5_000)
            assert "A rematch has started" in notice.inner_text()
            lags[name] = page.evaluate("window.__noticeAt") - tapped_at
        watcher.locator("#rematch-notice").wait_for(timeout=5_000)
        assert watcher.locator("#live.rematch-live").count() == 1 and watcher.locator("#live .seats-column").count() == 0
        assert watcher.locator("table.scores").count()   # the final score still there, the notice above it
        # Pushed, not found by the 20 s fallback poll: alone ~0.25 s; under the whole suite on two cores
        # it reached 1.08 s once, so the bound tells a push from the fallback, not how fast (bench/live.py).
        assert max(lags.values()) < 5_000, lags   # from the tablet's tap, its own answer included
        tablet.wait_for_url("**/g/*")
        new_edit = tablet.url.rsplit("/", 1)[-1]
        assert new_edit != edit
        wait_for_page_settled(tablet)
        assert tablet.locator("#seat-choice").count() == 0
        assert tablet.inner_text("#live .this-phone").startswith("This phone: the whole table")

        new_players = [p["name"] for p in server.store().find(new_edit)[0].state["players"]]
        assert new_players == ["Bob", "Cy", "Dee", "Ann"]
        for name, page in phones.items():
            page.click("#rematch-notice a")   # the one tap
            page.wait_for_url(f"**/g/{new_edit}")
            wait_for_page_settled(page)
            assert page.locator("#seat-choice").count() == 0, name
            assert page.inner_text("#live .this-phone").startswith(f"This phone: {name}")
            # The player's own board comes first: the seat the rematch gave them, not their old number.
            first_board = page.locator("#live .player[id^='seat-']").first.get_attribute("id")
            assert first_board == f"seat-{new_players.index(name)}", (name, first_board)
    finally:
        tablet_context.close()
