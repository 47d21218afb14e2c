"""A finished game changes only on purpose (issue 30 item 4, issue 31 item 2), on two phones: the
finished game offers no taps, "Reopen the game" asks in place naming the final score, and the other
phone sees the game reopened without reloading."""

from __future__ import annotations

import re

import pytest

from tests.browser.driver import (amytis_plus, counting_on_two_phones, revision, start_amytis, tap,
                                  wait_for_htmx, wait_for_revision)

pytestmark = pytest.mark.browser


def test_phone_b_sees_a_finished_game_reopened_by_phone_a(live_server, new_phone):
    first, second = new_phone(), new_phone()
    url = start_amytis(first, live_server)
    amytis_plus(first, "Martine", "top-left")
    wait_for_htmx(first)
    tap(first, "button:text('Game over')")
    second.goto(url)
    assert "game over" in second.inner_text("#live p.muted >> nth=0")
    assert second.locator('button[aria-label="Paul: one more tile on the top-left stack"]').count() == 0

    # Phone A: Reopen asks first, in place, naming the score it drops; the yes reopens.
    wait_for_htmx(first)
    first.click("button:text('Reopen the game')")
    question = first.locator("#finished-confirm")
    question.wait_for()
    assert re.search(r"Its final score \((Martine|Paul) \d+, (Martine|Paul) \d+\) will no longer count",
                     question.inner_text())
    finished_at = revision(first)
    question.locator("button:text('Yes: reopen the game')").click()
    wait_for_revision(first, finished_at + 1)

    # Phone B follows without reloading: the count is open, its taps are back.
    wait_for_revision(second, finished_at + 1, timeout=10_000)
    assert "counting" in second.inner_text("#live p.muted >> nth=0")
    amytis_plus(second, "Paul", "top-left")
    assert live_server.store().find(url.rsplit("/", 1)[-1])[0].state["players"][1]["stacks"][0][0] == 1


def test_the_end_and_the_reopening_close_what_another_phone_had_open_and_say_why(live_server, new_phone):
    """Issue 34 item 3: phone two is typing in its count when phone one shows the final score; its count
    closes with a line saying the game has ended. Its Undo question on the finished game closes the
    same way when phone one reopens the game."""
    one, two = new_phone(), new_phone()
    url = counting_on_two_phones(one, two, live_server)
    two.wait_for_selector("#count-1-marble", timeout=8000)
    two.click("#count-1-marble")
    two.keyboard.type("3")   # half typed: not saved, and the count row is kept open while it is

    one.click("#end-count button:has-text('Show the final score')")
    one.click("#final-score-confirm button:has-text('Yes')")
    two.locator("#closed-note").filter(has_text="The game has ended").wait_for(timeout=8000)
    assert two.locator("#end-count").count() == 0
    assert "Finished" in two.inner_text("#live .game-head")

    wait_for_htmx(two)
    two.click("#live button.undo")
    two.wait_for_selector("#finished-confirm")
    finished_at = revision(one)
    one.click("#live button.undo")
    one.click("#finished-confirm button[type=submit]")
    two.locator("#closed-note").filter(has_text="The game was reopened").wait_for(timeout=8000)
    assert revision(two) > finished_at
    assert two.locator("#finished-confirm").count() == 0
    assert two.locator("#closed-note").count() == 1


def test_the_question_before_the_final_score_stays_open_while_another_phone_counts(live_server, new_phone):
    """From a game night: phone one asked "End the count for everyone?" and phone two's tap on its own
    count closed the question on phone one (everyone taps their count then). It stays, alone in its
    place, until phone one answers it."""
    one, two = new_phone(), new_phone()
    url = counting_on_two_phones(one, two, live_server)
    two.wait_for_selector("#count-1-marble", timeout=8000)
    wait_for_htmx(one)
    one.click("#end-count button:has-text('Show the final score')")
    one.wait_for_selector("#final-score-confirm")
    at = revision(one)
    two.click("#count-1 button[aria-label='Marble plus 1']")
    wait_for_revision(one, at + 1, timeout=8000)
    wait_for_htmx(one)
    assert one.locator("#final-score-confirm").count() == 1
    assert one.locator("#end-count form[hx-get]").count() == 0   # (the button it stands for, not beside it)
    one.click("#final-score-confirm button:has-text('Yes')")
    one.wait_for_function("() => !document.querySelector('#end-count')", timeout=8000)
    assert live_server.store().find(url.rsplit("/", 1)[-1])[0].state["phase"] == "finished"

