"""The paper pad and the end count in Debian's Chromium at 360 px, on two phones at once:
every typed number is saved, a poll never wipes a number being typed, a refused value
stays with its reason next to it."""

from __future__ import annotations

import pytest

from tests.browser.driver import counting_on_two_phones, start_game, wait_for_htmx

pytestmark = pytest.mark.browser


def game_state(server, url: str) -> dict:
    return server.store().find(url.rsplit("/", 1)[-1])[0].state


def wait_saved(server, url, check, page=None, timeout=8.0):
    import time
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check(game_state(server, url)):
            return
        if page is not None:
            page.wait_for_timeout(100)
        else:
            time.sleep(0.1)
    raise AssertionError(f"not saved: {game_state(server, url)['players']}")


def open_pads(page):
    for summary in page.locator("details.paper:not([open]) summary").all():
        summary.click()


def test_two_phones_type_into_different_cells_and_rows_and_nothing_is_lost(new_phone, live_server):
    one, two = new_phone(), new_phone()
    url = start_game(one, live_server, names=("Ann", "Ben"), mode="paper")
    two.goto(url)
    for page in (one, two):
        open_pads(page)
    # Phone one: Ann's Cathedral, then on into Ben's row (leaving Ann's cell saves her row).
    one.click("#pad-0-cathedral")
    one.keyboard.type("7")
    one.click("#pad-1-buildings")
    one.keyboard.type("3")
    # Phone two, meanwhile: another cell of Ann's row.
    two.click("#pad-0-buildings")
    two.keyboard.type("18")
    two.keyboard.press("Tab")
    wait_saved(live_server, url, lambda s: s["players"][0]["overrides"] == {"cathedral": 7, "buildings": 18}, one)
    one.wait_for_timeout(2600)   # a poll comes and goes while phone one is mid-number
    one.keyboard.type("1")
    assert one.input_value("#pad-1-buildings") == "31"
    one.click("#pad-1-final_virtue")
    one.keyboard.press("Control+A")
    one.keyboard.type("12")
    one.keyboard.press("Tab")
    wait_saved(live_server, url, lambda s: s["players"][1]["overrides"] == {"buildings": 31}
               and s["players"][1]["virtue"] == 12, one)
    assert game_state(live_server, url)["players"][0]["overrides"] == {"cathedral": 7, "buildings": 18}
    # Phone two catches up on its next poll (nothing typed there now).
    two.wait_for_function("() => document.querySelector('#pad-1-buildings')?.value === '31'", timeout=8000)
    assert two.input_value("#pad-0-cathedral") == "7"


def test_a_refused_value_keeps_what_was_typed_with_the_reason_beside_it(phone, live_server):
    url = start_game(phone, live_server, names=("Ann", "Ben"), mode="paper")
    open_pads(phone)
    phone.fill("#pad-0-cathedral", "42")
    phone.keyboard.press("Tab")
    note = phone.locator("#pad-0-cathedral-note")
    note.filter(has_text="not possible").wait_for()
    assert "the Cathedral scores 0, 2, 4, 7, 12 or 20 VP" in note.inner_text()
    assert phone.input_value("#pad-0-cathedral") == "42"
    assert "cathedral" not in game_state(live_server, url)["players"][0]["overrides"]
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_the_same_cell_on_two_phones_tells_the_second_and_keeps_its_number(new_phone, live_server):
    one, two = new_phone(), new_phone()
    url = start_game(one, live_server, names=("Ann", "Ben"), mode="paper")
    two.goto(url)
    for page in (one, two):
        open_pads(page)
    two.click("#pad-0-cathedral")   # phone two is typing in the cell (a box only focused would follow)
    two.keyboard.type("4")
    one.fill("#pad-0-cathedral", "12")
    one.keyboard.press("Tab")
    wait_saved(live_server, url, lambda s: s["players"][0]["overrides"].get("cathedral") == 12, one)
    two.keyboard.press("Tab")
    two.locator("#pad-0-cathedral-note").filter(has_text="another phone changed this to 12").wait_for()
    assert two.input_value("#pad-0-cathedral") == "4"
    two.click("#pad-0-cathedral")
    two.keyboard.press("Enter")   # told, phone two saves its number
    wait_saved(live_server, url, lambda s: s["players"][0]["overrides"].get("cathedral") == 4, two)


def test_end_the_game_now_count_on_two_phones_then_the_final_score(new_phone, live_server):
    one, two = new_phone(), new_phone(color_scheme="dark")
    url = counting_on_two_phones(one, two, live_server)
    two.wait_for_selector("#end-count", timeout=8000)
    for _ in range(3):
        one.click("#count-0 button[aria-label='Gold plus 1']")
    wait_saved(live_server, url, lambda s: s["players"][0]["gold"] == 3, one)
    two.click("#count-1-marble")
    two.keyboard.type("2")
    two.click("#count-1 button:has-text(\"This is Ben's count\")")
    wait_saved(live_server, url, lambda s: s["players"][1]["marble"] == 2 and s["table"]["counted"] == [1], two)
    assert one.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    one.click("#count-0 button:has-text(\"This is Ann's count\")")
    one.wait_for_selector("#live .live-score")
    assert game_state(live_server, url)["phase"] == "finished"
    assert "Final score" in one.inner_text("#live .live-score")
    two.wait_for_selector("#live .live-score", timeout=8000)


def watch_value(page, selector: str) -> None:
    """Record every value the field shows from now on (the live region is morphed, so look it up each time)."""
    page.evaluate("""selector => {
        window.shown = [];
        setInterval(() => {
            const field = document.querySelector(selector);
            const value = field ? field.value : null;
            if (window.shown[window.shown.length - 1] !== value) window.shown.push(value);
        }, 10);
    }""", selector)


def test_a_number_being_typed_after_a_stepper_tap_is_shared_only_when_finished(new_phone, live_server):
    """Issue 34 item 2: the stepper's save comes due while "12" is half typed; the other phone never
    shows 1, and 12 (with the stepper's gold) arrives once the player leaves the field."""
    one, two = new_phone(), new_phone()
    url = counting_on_two_phones(one, two, live_server)
    two.wait_for_selector("#count-0-marble", timeout=8000)
    watch_value(two, "#count-0-marble")
    one.click("#count-0 button[aria-label='Gold plus 1']")
    one.click("#count-0-marble")
    one.keyboard.type("1")
    one.wait_for_timeout(1500)   # well past the stepper's save delay, and a stream's round trip
    one.keyboard.type("2")
    one.wait_for_timeout(600)
    assert game_state(live_server, url)["players"][0]["marble"] in (None, 0)
    one.keyboard.press("Tab")
    wait_saved(live_server, url, lambda s: s["players"][0]["marble"] == 12 and s["players"][0]["gold"] == 1, one)
    two.wait_for_function("() => document.querySelector('#count-0-marble').value === '12'", timeout=8000)
    shown = two.evaluate("window.shown")
    assert "1" not in shown, shown
    assert shown[-1] == "12"
    # A stepper tap after typing applies to the typed number.
    one.click("#count-0-marble")
    one.keyboard.press("Control+A")
    one.keyboard.type("20")
    one.click("#count-0 button[aria-label='Marble plus 1']")
    wait_saved(live_server, url, lambda s: s["players"][0]["marble"] == 21, one)


def test_show_the_final_score_asks_in_place_then_the_score_asks_for_what_is_missing(phone, live_server):
    """The first tap asks (whose count is not done), the second ends the count; the score page then
    asks for the values nobody counted, in place, and scores."""
    url = start_game(phone, live_server, names=("Ann", "Ben"))
    phone.click("summary:has-text('End the game')")
    phone.click("button:has-text('End the game now')")
    phone.wait_for_selector("#end-count")
    phone.click("#count-0 button:has-text(\"This is Ann's count\")")
    wait_saved(live_server, url, lambda s: s["table"]["counted"] == [0], phone)
    phone.click("#end-count button:has-text('Show the final score')")
    question = phone.wait_for_selector("#final-score-confirm")
    assert "Not counted yet: Ben." in question.inner_text()
    assert game_state(live_server, url)["phase"] == "counting"
    phone.click("#final-score-confirm button:has-text('Yes')")
    wait_saved(live_server, url, lambda s: s["phase"] == "finished", phone)
    phone.goto(url + "/score")
    assert "Not entered yet" in phone.inner_text("#missing")
    phone.fill("#missing-1-silver", "12")
    phone.click("#missing button:has-text(\"Save Ben's values and score\")")
    phone.wait_for_url("**/score#missing")
    assert game_state(live_server, url)["players"][1]["silver"] == 12
    assert phone.locator("#missing").count() == 0, "the boxes left blank are none"
    assert "Rank" in phone.inner_text("main")
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_refused_request_keeps_every_number_typed(phone, live_server):
    """An expired form (CSRF) comes back as the whole page: nothing saved, nothing typed lost."""
    url = start_game(phone, live_server, names=("Ann", "Ben"), mode="paper")
    open_pads(phone)
    phone.evaluate("document.querySelector('#pad-0 input[name=csrf_token]').value = 'expired'")
    phone.fill("#pad-0-buildings", "23")
    phone.keyboard.press("Tab")
    phone.locator("#pad-0 [data-row-status]").filter(has_text="again").wait_for()
    assert phone.input_value("#pad-0-buildings") == "23"
    assert game_state(live_server, url)["players"][0]["overrides"] == {}
