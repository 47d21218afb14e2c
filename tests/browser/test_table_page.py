"""The table page in Debian's Chromium at 360 px: whole games, several phones, undo,
view-only links, hostile names, layout."""

from __future__ import annotations

import pytest

from companion.aotwk.catalogue import load
from tests.browser.driver import (advance_cathedral, build, choose_seat, counter_value, go_stale, record, revision,
                                   start_game, tap, tap_counter, wait_for_htmx, wait_for_revision)

pytestmark = pytest.mark.browser
HOSTILE = '<img src=x onerror="window.pwned=1">Eve'
# Buildings anyone can construct without apprentices' skills or choices to make (the Smithy is built first).
SIMPLE_BUILDINGS = ("steeple", "tilers_hut", "well", "aqueduct", "carpenters_hut", "church", "fountain",
                    "lumber_camp", "masons_hut", "reservoir", "betting_house")


def no_horizontal_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_whole_three_player_game_from_setup_to_final_score(phone, live_server):
    start_game(phone, live_server, check_payments=True, via_form=True)   # the one test that taps through set-up
    assert no_horizontal_scroll(phone)
    assert [counter_value(phone, seat, "silver") for seat in range(3)] == [3, 4, 5]
    # Ann gathers what a Smithy costs and builds it (the Guildhall fills one space).
    record(phone, 0, "resources", {"clay": 4, "wood": 2})
    build(phone, 0, "Smithy")
    assert counter_value(phone, 0, "stone") == 4
    assert "1 of" in phone.inner_text(".table-wide h2")
    # Bob gains virtue and takes a debt; Cy captures Bob's workers and sells them to the Prison.
    tap_counter(phone, 1, "virtue")
    tap(phone, '#seat-1 button[aria-label="Take 1 debt"]')
    record(phone, 2, "capture", {"victim": 1, "count": 3})
    tap(phone, "#seat-2 >> text=Send captured to Prison")
    assert counter_value(phone, 2, "silver") == 8 and counter_value(phone, 2, "captured") == 0
    in_prison = counter_value(phone, 1, "prisoners")
    tap_counter(phone, 1, "prisoners")
    assert counter_value(phone, 1, "prisoners") == in_prison + 1
    # Tax Stand: Ann steals it.
    phone.select_option(".table-wide select[aria-label='Who steals']", "0")
    tap(phone, "text=Steal (−2 virtue)")
    assert counter_value(phone, 0, "virtue") == 5
    # Everyone stocks up, then builds and works on the Cathedral until the Guildhall is full.
    for seat in range(3):
        record(phone, seat, "resources", {"gold": 6, "marble": 3, "clay": 25, "wood": 25, "stone": 25})
    for turn, building in enumerate(SIMPLE_BUILDINGS):
        build(phone, (turn + 1) % 3, load().buildings[building].name_en)
    for seat, reward in enumerate(("2 virtue", "2 wood, 1 virtue", "2 stone, 1 virtue")):   # the revealed reward cards
        advance_cathedral(phone, seat, reward)
    assert "15 of 16" in phone.inner_text(".table-wide h2")
    advance_cathedral(phone, 1, "3 silver, 1 virtue")
    # The last space starts the final round: everyone still to play is shown, then plays.
    final = phone.inner_text(".table-wide .message")
    assert "Final round" in final and "Bob" in final and "Cy" in final and "Ann" in final
    for seat in (2, 0, 1):
        tap(phone, f"#seat-{seat} button:has-text('Final turn done')")
    # The end count (pad branch): each player confirms what is left, then the final score.
    for name in ("Ann", "Bob", "Cy"):
        phone.click(f"#end-count button:has-text(\"This is {name}'s count\")")
        wait_for_htmx(phone)
    phone.wait_for_selector("#live .live-score")
    assert "Final score" in phone.inner_text("#live .live-score")
    # After the last final turn, one big button leads to the end of the game.
    assert phone.locator("a.end-link").is_visible()
    # The final scoring screen: every category per player, reasons, ranks, the winner.
    phone.click("a.end-link")
    phone.wait_for_url("**/score")
    text = phone.inner_text("main")
    assert "Final score" in text and "Rank" in text and "Winner" in text
    assert "Buildings" in text and "Cathedral" in text and "Prison" in text
    phone.click("summary:has-text('Why Ann scored')")
    assert "VP" in phone.inner_text("details[open]")
    assert no_horizontal_scroll(phone)


def test_a_solo_setup(phone, live_server):
    start_game(phone, live_server, names=("Solo",), mode="solo", opponent="helena", check_payments=True)
    text = phone.inner_text("main")
    assert "Helena" in text
    phone.click("text=Setup checklist for the table")
    assert "Remove these buildings" in phone.inner_text("main")
    assert counter_value(phone, 0, "silver") == 3
    assert counter_value(phone, "bot", "virtue") == 7


def test_two_phones_see_each_others_changes_and_a_conflict_is_handled(new_phone, live_server):
    first, second = new_phone(), new_phone("dark")
    url = start_game(first, live_server)
    second.goto(url)
    tap_counter(first, 0, "virtue")
    wait_for_revision(second, 1, timeout=3_000)          # no reload: the poll brings it within 3 s
    assert counter_value(second, 0, "virtue") == 8
    tap_counter(second, 1, "virtue")
    wait_for_revision(first, 2, timeout=3_000)
    assert counter_value(first, 1, "virtue") == 8

    # The second phone goes stale (it hears of nothing: asleep, its polls failing) while the first changes the game.
    go_stale(second)
    tap_counter(first, 2, "virtue", plus=False)
    # A relative change from the stale view is applied safely to the current state...
    second.click('#seat-0 [data-counter="virtue"] button[aria-label="Virtue plus 1"]')
    wait_for_revision(second, 4)
    assert "another phone had changed it" in second.inner_text("#live")
    assert counter_value(second, 2, "virtue") == 6 and counter_value(second, 0, "virtue") == 9
    # ...while undo from a stale view is refused with a clear message and a refreshed view.
    wait_for_revision(first, 4, timeout=3_000)
    tap_counter(first, 1, "virtue")
    second.click("button:has-text('Undo')")
    wait_for_revision(second, 5)
    assert "changed the game first" in second.inner_text("#live")
    assert "The last change is now: Bob" in second.inner_text("#live")
    assert counter_value(second, 1, "virtue") == 9


def test_undo_from_a_stale_screen_goes_ahead_while_it_names_the_last_change(new_phone, live_server):
    first, second = new_phone(), new_phone()
    url = start_game(first, live_server)
    second.goto(url)
    tap_counter(first, 0, "virtue")
    wait_for_revision(second, 1, timeout=3_000)
    go_stale(second)   # the second phone's screen goes stale...
    first.click("button:has-text('Undo')")
    wait_for_revision(first, 2)
    tap_counter(first, 1, "virtue")        # ...while the first phone undoes and changes something else
    assert "Undo: Bob" in first.inner_text("button.undo")
    # The stale screen's Undo names Ann's change, which is no longer the last one: refused, and told why.
    assert "Undo: Ann" in second.inner_text("button.undo")
    second.click("button.undo")
    wait_for_revision(second, 3)
    assert "The last change is now: Bob" in second.inner_text("#live")
    # Now its Undo names Bob's change; another phone's change to someone else does not stop it.
    second.click("button.undo")
    wait_for_revision(second, 4)
    assert counter_value(second, 1, "virtue") == 7 and counter_value(second, 0, "virtue") == 7


def test_undo_and_redo(phone, live_server):
    start_game(phone, live_server)
    tap_counter(phone, 0, "virtue")
    assert counter_value(phone, 0, "virtue") == 8
    phone.click("button:has-text('Undo')")
    wait_for_revision(phone, 2)
    assert counter_value(phone, 0, "virtue") == 7
    phone.click("button:has-text('Redo')")
    wait_for_revision(phone, 3)
    assert counter_value(phone, 0, "virtue") == 8
    phone.click("text=History")
    phone.wait_for_url("**/history")
    assert "Ann gained 1 virtue" in phone.inner_text("main")


def test_the_view_link_refuses_changes(new_phone, live_server):
    editor, watcher = new_phone(), new_phone()
    url = start_game(editor, live_server)
    editor.goto(url + "/share")
    view_url = editor.input_value("section:has-text('View-only link') [data-share-url]")
    assert editor.locator("img.qr").count() == 2
    watcher.goto(view_url)
    assert watcher.locator("#live form[action$='/move']").count() == 0
    assert watcher.locator("button:has-text('Undo')").count() == 0
    status = watcher.evaluate("""async () => {
        const token = document.querySelector('[hx-headers]').getAttribute('hx-headers');
        const body = new URLSearchParams({kind: 'virtue', player: '0', delta: '1', rev: '0'});
        const response = await fetch(location.pathname + '/move', {method: 'POST', body,
            headers: JSON.parse(token)});
        return response.status;
    }""")
    assert status == 403
    editor.goto(url)
    tap_counter(editor, 0, "virtue")
    wait_for_revision(watcher, 1, timeout=3_000)   # the view link still follows the game


def test_a_hostile_player_name_is_rendered_harmless(phone, live_server):
    start_game(phone, live_server, names=(HOSTILE, "Bob"))
    tap_counter(phone, 0, "virtue")
    assert HOSTILE in phone.inner_text("#seat-0 h2")
    phone.click("text=History")
    phone.wait_for_url("**/history")          # Back only once the history page has loaded
    assert HOSTILE in phone.inner_text("main")
    assert phone.evaluate("window.pwned") is None and phone.locator("img[src=x]").count() == 0
    phone.go_back()
    phone.wait_for_load_state()
    assert phone.evaluate("window.pwned") is None
    assert phone.locator("img[src=x]").count() == 0


def test_phone_layout_tap_targets_and_dark_mode(new_phone, live_server):
    page = new_phone("dark")
    start_game(page, live_server)
    assert no_horizontal_scroll(page)
    small = page.evaluate("""() => [...document.querySelectorAll('#live button, #live select, #live summary')]
        .filter(e => e.offsetParent !== null)
        .map(e => e.getBoundingClientRect()).filter(r => r.width < 44 || r.height < 44).length""")
    assert small == 0
    # A tap redraws the game without moving the page under the thumb.
    page.locator('#seat-2 [data-counter="virtue"]').scroll_into_view_if_needed()
    where = page.evaluate("scrollY")
    tap_counter(page, 2, "virtue")
    assert abs(page.evaluate("scrollY") - where) < 2
    dark_background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    page.click("[data-theme-switch]")   # auto -> dark
    page.click("[data-theme-switch]")   # dark -> light
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") != dark_background
    page.reload()
    assert page.get_attribute("html", "data-theme") == "light"


# -- a phone is a seat; many phones, nothing typed is lost --------------------------------------------

def count_taps(page) -> None:
    """From now on, count the player's taps and typed characters on this page."""
    page.evaluate("""() => { const listening = 'taps' in window; window.taps = 0; window.letters = 0;
        if (listening) return;
        document.addEventListener('click', () => window.taps++, true);
        document.addEventListener('keydown', () => window.letters++, true); }""")


def small_targets(page, scope: str = "#live") -> list[str]:
    return page.evaluate("""scope => [...document.querySelectorAll(`${scope} button, ${scope} select, ${scope} summary,
            ${scope} a.button, ${scope} .seats-nav a, ${scope} input:not([type=hidden]):not([type=radio])`)]
        .filter(e => e.offsetParent !== null)
        .filter(e => { const r = e.getBoundingClientRect(); return r.width < 44 || r.height < 44; })
        .map(e => e.outerHTML.slice(0, 80))""", scope)


def test_another_phone_never_wipes_what_this_phone_is_typing(new_phone, live_server):
    ann, bob = new_phone(), new_phone("dark")
    url = start_game(ann, live_server)
    bob.goto(url)
    choose_seat(ann, "Ann")
    choose_seat(bob, "Bob")
    # Ann opens Build and types three letters, then starts typing 31 silver of tax: "3" so far.
    ann.click("#seat-0 .build-hire button:has-text('Build')")
    search = ann.locator("#panel-0 input.pick-search")
    search.wait_for()
    wait_for_htmx(ann)
    search.press_sequentially("tre")
    ann.locator("#cards-0 .pick-card strong:text-is('Treasury')").wait_for()
    ann.click("#tax-amount")
    ann.fill("#tax-amount", "")
    ann.keyboard.type("3")
    # Meanwhile Bob records three changes: his virtue, Ann's virtue, a debt for Cy.
    tap_counter(bob, 1, "virtue")
    bob.click("#seat-0 > summary")
    tap_counter(bob, 0, "virtue")
    bob.click("#seat-2 > summary")
    tap(bob, '#seat-2 button[aria-label="Take 1 debt"]')
    wait_for_revision(ann, 3, timeout=5_000)                  # Ann's screen follows (the poll)...
    assert counter_value(ann, 0, "virtue") == 8 and counter_value(ann, 1, "virtue") == 8
    # ...around what she is doing: the build panel is open with her letters, the number keeps its focus.
    assert search.input_value() == "tre" and ann.locator("#cards-0 .pick-card").count() >= 1
    assert ann.input_value("#tax-amount") == "3"
    assert ann.evaluate("document.activeElement.id") == "tax-amount"
    ann.keyboard.type("1")
    tap(ann, ".table-wide button:has-text('Pay tax')")
    game = live_server.store().find(url.rsplit("/", 1)[-1])[0]
    assert game.state["table"]["tax_stand_silver"] == 4 + 31
    # Bob's changes to other players and fields did not refuse hers; her build panel is still there.
    assert search.input_value() == "tre"
    tap(ann, "#cards-0 .pick-card:has(strong:text-is('Treasury'))")
    game = live_server.store().find(url.rsplit("/", 1)[-1])[0]
    assert game.state["players"][0]["buildings"] == ["treasury"]
    assert ann.locator("#panel-0 .pick-panel").count() == 0      # the panel that recorded it closes


def test_virtue_on_your_own_seat_is_one_tap(phone, live_server):
    start_game(phone, live_server)
    choose_seat(phone, "Bob")
    count_taps(phone)
    tap_counter(phone, 1, "virtue")
    assert phone.evaluate("window.taps") == 1 and counter_value(phone, 1, "virtue") == 8
    assert phone.locator("#seat-1.mine").bounding_box()["y"] < phone.locator("#seat-0").bounding_box()["y"]


def test_a_building_is_at_most_three_taps_and_three_letters(phone, live_server):
    url = start_game(phone, live_server)
    choose_seat(phone, "Ann")
    count_taps(phone)
    build(phone, 0, "Treasury")                       # Build, "tre", Treasury
    assert phone.evaluate("[window.taps, window.letters]") == [2, 3]
    # The result is on Ann's card, right under the Build button that made it.
    assert "constructs the Treasury" in phone.inner_text("#seat-0 .build-hire ~ .result")
    count_taps(phone)
    build(phone, 0, "Tavern", answer="None now")      # a card that asks: Build, "tav", Tavern, the answer
    assert phone.evaluate("[window.taps, window.letters]") == [3, 3]
    game = live_server.store().find(url.rsplit("/", 1)[-1])[0]
    assert game.state["players"][0]["buildings"] == ["treasury", "tavern"]


def test_a_question_left_open_on_one_phone_keeps_the_build_waiting_on_the_others(new_phone, live_server):
    """Issue 32: the Tavern's free-hire question left unanswered dropped the build with no word. It now
    waits, stored with the game: every phone shows it (after a reload too) until it is answered or cancelled."""
    ann = new_phone()
    url = start_game(ann, live_server)
    choose_seat(ann, "Ann")
    bob = new_phone()
    bob.goto(url)
    choose_seat(bob, "Bob")
    ann.click("#seat-0 .build-hire button:has-text('Build')")
    ann.locator("#panel-0 input.pick-search").wait_for()
    wait_for_htmx(ann)
    ann.locator("#panel-0 input.pick-search").press_sequentially("tav")
    ann.click("#panel-0 .pick-card:has(strong:text-is('Tavern'))")   # ... and Ann walks away from the question
    ann.locator("#pending-0").wait_for()
    waiting = "Waiting for Ann's answer: Which apprentice does the Tavern hire for free?"
    bob.locator("#pending-0").wait_for(timeout=5_000)                 # Bob's phone, by the live update
    assert waiting in bob.inner_text("#pending-0")
    bob.reload()                                                      # stored: a page opened afresh has it too
    assert waiting in bob.inner_text("#pending-0")
    token = url.rsplit("/", 1)[-1]
    assert live_server.store().find(token)[0].state["players"][0]["buildings"] == []
    tap(bob, "#pending-0 button:has-text('None now')")                # answered on Bob's phone for her
    ann.locator("#pending-0").wait_for(state="detached", timeout=5_000)
    assert live_server.store().find(token)[0].state["players"][0]["buildings"] == ["tavern"]


def test_a_questions_card_search_keeps_its_matches_when_another_phone_changes_something(new_phone, live_server):
    """The Tavern's question is on every phone's region: Ann's letters in its search stayed after Bob's
    tap, but its list came back unfiltered under them (a game night's finding)."""
    ann = new_phone()
    url = start_game(ann, live_server)
    choose_seat(ann, "Ann")
    bob = new_phone("dark")
    bob.goto(url)
    choose_seat(bob, "Bob")
    build(ann, 0, "Tavern")                                           # the question waits, on every phone
    search = ann.locator("#pending-0 input.pick-search")
    search.wait_for()
    everyone = ann.locator("#pending-cards-0 .pick-card").count()
    search.press_sequentially("deb")
    ann.locator("#pending-cards-0 .pick-card").nth(everyone - 1).wait_for(state="detached")   # it follows the letters
    matches = ann.locator("#pending-cards-0 .pick-card").all_inner_texts()
    assert matches and all("Debt" in match for match in matches)
    wait_for_htmx(ann)
    seen = revision(ann)
    tap_counter(bob, 1, "virtue")
    wait_for_revision(ann, seen + 1)
    assert search.input_value() == "deb"
    assert ann.locator("#pending-cards-0 .pick-card").all_inner_texts() == matches


def test_a_question_cancelled_on_one_phone_closes_on_every_phone(new_phone, live_server):
    ann = new_phone()
    url = start_game(ann, live_server)
    choose_seat(ann, "Ann")
    bob = new_phone()
    bob.goto(url)
    choose_seat(bob, "Bob")
    ann.click("#seat-0 button:has-text('Cathedral +1')")
    bob.locator("#pending-0").wait_for(timeout=5_000)
    tap(bob, "#pending-0 button:has-text('Cancel: do not record it')")
    ann.locator("#pending-0").wait_for(state="detached", timeout=5_000)
    assert live_server.store().find(url.rsplit("/", 1)[-1])[0].state["players"][0]["cathedral"] == 0


def test_no_sideways_scroll_and_big_tap_targets_on_every_part_of_the_seat_view(new_phone, live_server):
    # sizes do not change with the theme: one pass, light (the colours are test_accessibility.py's)
    page = new_phone()
    start_game(page, live_server)
    assert no_horizontal_scroll(page) and not small_targets(page)        # asking who this phone is
    choose_seat(page, "Ann")
    page.click("#seat-1 > summary")                                      # another player's row, opened
    page.click("#seat-0 .build-hire button:has-text('Build')")
    page.locator("#panel-0 .pick-panel").wait_for()
    wait_for_htmx(page)
    assert no_horizontal_scroll(page) and not small_targets(page)
    page.locator("#panel-0 input.pick-search").press_sequentially("tav")
    page.click("#panel-0 .pick-card:has(strong:text-is('Tavern'))")      # a card that asks
    page.locator("#pending-0").wait_for()
    wait_for_htmx(page)
    assert no_horizontal_scroll(page) and not small_targets(page)


def test_a_recorded_move_leaves_no_choice_behind_in_the_record_list(phone, live_server):
    """The "Record…" list opens one move's form; once that move is recorded (or the form cancelled) the list is
    back on its first choice, so the next "Record…" does not open the last move again."""
    start_game(phone, live_server)
    choose_seat(phone, "Ann")
    picker = "#seat-0 form.more select[name=kind]"
    first = phone.eval_on_selector(picker, "s => s.options[0].value")
    record(phone, 0, "prisoners", {"delta": 2})
    assert phone.eval_on_selector(picker, "s => s.value") == first
    phone.select_option(picker, "prisoners")
    phone.click("#seat-0 form.more button")
    phone.locator("#more-0 form.move-form").wait_for()
    phone.click("#more-0 form.move-form button:text-is('Cancel')")
    phone.locator("#more-0 form.move-form").wait_for(state="detached")
    assert phone.eval_on_selector(picker, "s => s.value") == first
