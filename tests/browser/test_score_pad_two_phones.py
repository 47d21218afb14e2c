"""A short game of Any game's score pad on two phones (two browser contexts: their own cookies):
rows typed on either phone, totals and the leader live on both, a box being typed in never
replaced by the other phone's change, then game over."""

from __future__ import annotations

import pytest

from tests.browser.driver import PHONE, wait_for_htmx, wait_for_page_settled

pytestmark = pytest.mark.browser


def totals(page) -> list[str]:
    return [page.inner_text(f'#sp-totals [data-total="{seat}"]') for seat in (0, 1)]


def wait_for_totals(page, expected: list[str]) -> None:
    page.wait_for_function(
        "expected => [0, 1].map(s => (document.querySelector(`#sp-totals [data-total='${s}']`) || {}).textContent)"
        ".join() === expected.join()", arg=expected, timeout=10_000)


def test_a_short_game_on_two_phones(live_server, new_phone):
    first, second = new_phone(), new_phone(color_scheme="dark")

    first.goto(live_server.url + "/")
    first.click("text=Score pad for any other game")
    first.fill("#title", "Hearts")
    first.fill("#players", "Ann\nBob")
    first.check("#lowest_wins")
    first.click("text=Start the score pad")
    first.wait_for_url("**/g/*")
    second.goto(first.url)
    wait_for_page_settled(second)

    # Round 1 on the first phone, typed as on paper: a number, the next box, a number, Enter.
    first.fill("#row-0-0", "26")
    first.press("#row-0-0", "Tab")
    first.fill("#row-0-1", "13")
    first.press("#row-0-1", "Enter")
    first.wait_for_selector("#row-0 [data-row-status]:has-text('Saved')")
    first.click("h1")   # out of the row: the page follows the game again
    wait_for_totals(second, ["26", "13"])
    wait_for_totals(first, ["26", "13"])
    assert "leads" in second.inner_text("#sp-totals .sp-total.winner")   # the lowest total leads
    assert "Bob" in second.inner_text("#sp-totals .sp-total.winner")

    # The second phone adds round 2; the first phone sees it.
    wait_for_htmx(second)
    second.click("button:has-text('Add a row')")
    first.wait_for_selector("#row-1-0")
    wait_for_page_settled(first)

    # The first phone is typing Ann's round 2 when the second phone saves Bob's: Ann's box keeps
    # what is being typed, Bob's box and the totals follow at once.
    first.fill("#row-1-0", "5")
    wait_for_page_settled(second)
    second.fill("#row-1-1", "4")
    second.press("#row-1-1", "Enter")
    wait_for_totals(first, ["26", "17"])
    assert first.input_value("#row-1-0") == "5" and first.input_value("#row-1-1") == "4"
    first.press("#row-1-0", "Enter")
    first.wait_for_selector("#row-1 [data-row-status]:has-text('Saved')")
    first.click("h1")
    wait_for_totals(second, ["31", "17"])

    # Game over on the second phone: both show Bob's win, and the first phone can reopen it.
    second.click("h1")
    wait_for_htmx(second)
    second.click("text=Game over: these are the final scores")
    first.wait_for_selector("text=Reopen the game", timeout=10_000)
    assert "wins" in first.inner_text("#sp-totals .sp-total.winner")
    assert first.locator("input[name^='cell-']").count() == 0
    assert first.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]


def test_twelve_players_scroll_inside_the_pad_never_the_page(live_server, new_phone):
    phone = new_phone()
    phone.goto(live_server.url + "/score-pad/new")
    phone.fill("#title", "Werewolf")
    phone.fill("#players", "\n".join(f"Player {n}" for n in range(1, 13)))
    phone.click("text=Start the score pad")
    phone.wait_for_url("**/g/*")
    wait_for_page_settled(phone)
    # (not window.innerWidth: a phone widens its layout viewport to fit a page that is wider)
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]
    assert phone.evaluate("(p => p.scrollWidth > p.clientWidth)(document.querySelector('.sp-scroll'))")
    phone.fill("#row-0-11", "7")   # the last player's box is reached by scrolling the pad
    phone.press("#row-0-11", "Enter")
    phone.wait_for_selector("#row-0 [data-row-status]:has-text('Saved: Player 12')")


def test_a_box_only_focused_takes_the_other_phones_number_and_game_over_tells_only_the_others(live_server, new_phone):
    """Playtest: a box this phone had tapped into (nothing typed) kept its old number after the other
    phone changed it, until a reload; only a box typed in keeps what is typed. And "Game over" told
    its own phone that what was open had closed: only the other phones are told."""
    first, second = new_phone(), new_phone()
    first.goto(live_server.url + "/score-pad/new")
    first.fill("#title", "Hearts")
    first.fill("#players", "Ann\nBob")
    first.click("text=Start the score pad")
    first.wait_for_url("**/g/*")
    first.fill("#row-0-0", "26")
    first.press("#row-0-0", "Enter")
    first.wait_for_selector("#row-0 [data-row-status]:has-text('Saved')")
    second.goto(first.url)
    wait_for_page_settled(second)

    second.focus("#row-0-0")   # tapped into, nothing typed
    first.fill("#row-0-0", "30")
    first.press("#row-0-0", "Enter")
    second.wait_for_function("() => document.querySelector('#row-0-0').value === '30'", timeout=10_000)
    assert second.evaluate("document.activeElement.id") == "row-0-0"

    second.fill("#row-0-1", "9")   # typed in, not saved: kept when the other phone saves its row again
    first.fill("#row-0-0", "31")
    first.press("#row-0-0", "Enter")
    second.wait_for_function("() => document.querySelector('#row-0-0').value === '31'", timeout=10_000)
    assert second.input_value("#row-0-1") == "9"

    third = new_phone()   # a phone with a box only tapped into: nothing it made is lost, so nothing to tell
    third.goto(first.url)
    wait_for_page_settled(third)
    third.focus("#row-0-1")
    first.click("h1")
    wait_for_htmx(first)
    first.click("text=Game over: these are the final scores")
    first.wait_for_selector("text=Reopen the game")
    second.locator("#closed-note").filter(has_text="The game has ended").wait_for(timeout=10_000)
    third.wait_for_selector("text=Final scores", timeout=10_000)
    wait_for_page_settled(first)
    wait_for_page_settled(third)
    assert first.locator("#closed-note").count() == 0 and third.locator("#closed-note").count() == 0
