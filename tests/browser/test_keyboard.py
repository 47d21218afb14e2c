"""Every move by keyboard and screen reader (issue 35, item 1), in Debian's Chromium on a 360 x 780
phone: each kind of move a seat offers is made with Tab, Enter, Space and Escape alone. A panel
(Build, Hire, Craft, a card's question, Capture, Cathedral +1, a "Record…" form, the bot's turn) takes
focus on its first control and is named by its heading; Escape or its move closes it and focus goes back to the button
that opened it; the end count and its question take focus too. Every control focused on the way is
wholly below the sticky header and above what floats at the foot of the screen, at least 24 x 24 px
and not covered (WCAG 2.4.11, 2.5.8), and focus order is the order things are drawn in. Another
phone's change never moves this phone's focus."""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError

from tests.browser.driver import PHONE, revision, start_game, wait_for_htmx, wait_for_revision

pytestmark = pytest.mark.browser
SIZE = {"width": 360, "height": 780}

# The focused control, where it is drawn: clear of the sticky header (or in it), inside the screen's
# height, the control itself at its top, middle and foot (nothing floats over it), and at least 24 x 24 px unless it is a link in a line of text
# (or a heading focus was moved to, which is no tap target).
IN_SIGHT = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return false;
  if (e.closest('header.bar')) return true;
  const box = e.getBoundingClientRect(), bar = document.querySelector('header.bar').getBoundingClientRect();
  const middle = box.left + box.width / 2;
  const hits = [box.top + 2, box.top + box.height / 2, box.bottom - 2].map(y => document.elementFromPoint(middle, y));
  const exempt = getComputedStyle(e).display === 'inline' || e.tabIndex < 0;
  return box.top >= Math.max(bar.bottom, 0) - 0.5 && box.bottom <= innerHeight + 0.5
    && (exempt || (box.width >= 24 && box.height >= 24)) && hits.every(hit => hit !== null && e.contains(hit));
}"""
FOCUSED = """() => { const e = document.activeElement;
  const name = e.getAttribute('aria-label') || (e.labels && e.labels.length ? e.labels[0].textContent : e.textContent);
  return {tag: e.tagName, name: name.replace(/\\s+/g, ' ').trim(),
          panel: e.closest('[role=group][aria-labelledby], form[aria-labelledby], [id^=pending-][aria-labelledby]')
                  ?.getAttribute('aria-labelledby')?.split(' ').map(id => document.getElementById(id).textContent.trim()).join(' ') ?? null}; }"""


def focused(page) -> dict:
    """What has focus: its tag, its name, and the name of the panel it is in (as a screen reader says them)."""
    return page.evaluate(FOCUSED)


def in_sight(page) -> None:
    try:
        page.wait_for_function(IN_SIGHT, timeout=2_000)
    except TimeoutError:
        where = page.evaluate("""() => { const e = document.activeElement, r = e.getBoundingClientRect();
          const m = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return [e.outerHTML.slice(0, 120), r.top, r.bottom, r.width, r.height,
                  document.querySelector('header.bar').getBoundingClientRect().bottom, m && m.outerHTML.slice(0, 80)]; }""")
        raise AssertionError(f"the focused control is not wholly in sight: {where}") from None


def press(page, key: str) -> None:
    page.keyboard.press(key)
    in_sight(page)


def tab_to(page, name: str, limit: int = 60, backwards: bool = False) -> None:
    """Tab (or Shift+Tab) until the control named ``name`` has focus (none if it has), every stop in sight."""
    if focused(page)["name"] == name:
        return
    for _ in range(limit):
        press(page, "Shift+Tab" if backwards else "Tab")
        if focused(page)["name"] == name:
            return
    raise AssertionError(f"{name!r} not reached in {limit} Tab presses; at {focused(page)}")


def move(page, key: str) -> None:
    """Press ``key`` on the focused control and wait for the change it makes."""
    before = revision(page)
    page.keyboard.press(key)
    wait_for_revision(page, before + 1)
    wait_for_htmx(page)
    in_sight(page)


def open_panel(page, key: str, heading: str) -> dict:
    """Open a panel from the focused button: focus lands in it, on its first control, named by its heading."""
    page.keyboard.press(key)
    try:
        page.wait_for_function("h => document.activeElement.closest('[role=group], form.move-form, [id^=pending-]') !== null"
                               " && document.activeElement.closest('.card').querySelector('h3').textContent.includes(h)",
                               arg=heading)
    except TimeoutError:
        raise AssertionError(f"focus is not in the panel {heading!r} but on {focused(page)}") from None
    wait_for_htmx(page)
    in_sight(page)
    now = focused(page)
    assert heading in now["panel"], now
    return now


def card_button(page, panel: str, name: str = "") -> str:
    """The name of the first card in a panel's list (its first with ``name``), to Tab to."""
    cards = page.locator(f"{panel} .pick-card")
    return (cards.filter(has_text=name) if name else cards).first.evaluate("e => e.textContent.replace(/\\s+/g, ' ').trim()")


def back_on(page, name: str) -> None:
    try:
        page.wait_for_function("n => (document.activeElement.getAttribute('aria-label') || document.activeElement.textContent)"
                               ".replace(/\\s+/g, ' ').trim() === n", arg=name)
    except TimeoutError:
        raise AssertionError(f"focus is not back on {name!r} but on {focused(page)}") from None
    in_sight(page)


def small_or_covered_targets(page) -> list:
    """axe-core's WCAG 2.2 target-size rule: every control at least 24 x 24 px (or spaced as one), none of
    it under another element (the sticky header)."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page, options={"runOnly": {"type": "rule", "values": ["target-size"]}}).response["violations"]
    return [node["html"][:80] for violation in found for node in violation["nodes"]]


def drawn_out_of_order(page) -> list[tuple[str, str]]:
    """Pairs of controls next to each other in focus order where the second is drawn above the first
    (on a line of its own higher up the page): focus would jump back up."""
    return page.evaluate("""() => {
      const controls = [...document.querySelectorAll('a[href], button, input:not([type=hidden]), select, summary, [tabindex="0"]')]
        .filter(e => e.checkVisibility() && !e.closest('header.bar') && e.tabIndex >= 0);
      const out = [];
      for (let i = 1; i < controls.length; i++) {
        const one = controls[i - 1].getBoundingClientRect(), two = controls[i].getBoundingClientRect();
        if (two.bottom <= one.top + 1) out.push([controls[i - 1].textContent.trim().slice(0, 30), controls[i].textContent.trim().slice(0, 30)]);
      }
      return out;
    }""")


@pytest.fixture
def keyboard_phone(chromium):
    context = chromium.new_context(**{**PHONE, "viewport": SIZE})
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


def test_every_move_a_seat_offers_by_keyboard_alone(keyboard_phone, live_server):
    page = keyboard_phone
    start_game(page, live_server, names=("Ann", "Bob"), title="Keys")
    assert drawn_out_of_order(page) == []          # asking who this phone is; the setup checklist below the seats
    tab_to(page, "(Red) Ann")                      # "Who is this phone?": Ann (her colour said too)
    page.keyboard.press("Enter")
    page.wait_for_selector("#seat-choice", state="detached")
    wait_for_htmx(page)
    back_on(page, "(Red) Ann")                     # her board's heading
    assert drawn_out_of_order(page) == []          # History, Share, Score and the checklist come after the seats

    # Taps: virtue, Enter and Space.
    tab_to(page, "Virtue plus 1")
    move(page, "Enter")
    assert focused(page)["name"] == "Virtue plus 1"   # the morph keeps focus where it was
    tab_to(page, "Virtue minus 1", backwards=True)
    move(page, "Space")

    # Build: the search box takes focus, three letters, Tab to the card, Enter; back on Build.
    tab_to(page, "Build")
    assert open_panel(page, "Enter", "Build · Ann")["tag"] == "INPUT"
    page.keyboard.type("tre")
    page.wait_for_function("() => [...document.querySelectorAll('#cards-0 .pick-card strong')].some(e => e.textContent === 'Treasury')"
                           " && !document.querySelector('.htmx-request')")
    tab_to(page, card_button(page, "#cards-0", "Treasury"))
    move(page, "Enter")
    back_on(page, "Build")
    assert small_or_covered_targets(page) == []    # Build, back in view, is clear of the header

    # A card that asks: the build waits for its answer (on every phone, above the seats), focus on the
    # question's heading; its answer records it, back on Build.
    open_panel(page, "Space", "Build · Ann")
    page.keyboard.type("tav")
    page.wait_for_function("() => [...document.querySelectorAll('#cards-0 .pick-card strong')].some(e => e.textContent === 'Tavern')"
                           " && !document.querySelector('.htmx-request')")
    tab_to(page, card_button(page, "#cards-0", "Tavern"))
    open_panel(page, "Enter", "Which apprentice does the Tavern hire")   # (Ann's phone: asked, not waited for)
    tab_to(page, "None now")
    move(page, "Enter")
    back_on(page, "Build")

    # Hire: Escape closes it; again, Space on a card hires it.
    tab_to(page, "Hire")
    open_panel(page, "Enter", "Hire · Ann")
    page.keyboard.press("Escape")
    page.locator("#panel-0 .pick-panel").wait_for(state="detached")
    back_on(page, "Hire")
    open_panel(page, "Enter", "Hire · Ann")
    page.wait_for_selector("#cards-0 .pick-card")
    tab_to(page, card_button(page, "#cards-0"))
    move(page, "Space")
    back_on(page, "Hire")

    # Debts: take two, pay one off, destroy one (one form, three buttons).
    for name, key in (("Take 1 debt", "Enter"), ("Take 1 debt", "Space"), ("Pay off 1 debt", "Enter"),
                      ("Destroy 1 debt", "Enter")):
        tab_to(page, name)
        move(page, key)

    # Capture: focus on the panel's first field; the group's button records it; back on Capture.
    tab_to(page, "Capture")
    first = open_panel(page, "Enter", "Ann captures workers")
    assert first["tag"] == "INPUT"
    tab_to(page, "The Quarry")                     # the places: one Tab stop, the arrows choose
    while focused(page)["name"] != "The Town Centre":
        press(page, "ArrowDown")
    assert page.is_checked("#panel-0 input[value=town_centre]")
    tab_to(page, "Bob")
    move(page, "Enter")
    back_on(page, "Capture")
    # ... and the captured go to the Prison, and come back out of Bob's.
    tab_to(page, "Send captured to Prison", backwards=True)
    move(page, "Enter")

    # The counters above, back up the board: captured workers held, workers in Prison.
    tab_to(page, "Captured workers held plus 1", backwards=True)
    move(page, "Enter")
    tab_to(page, "Workers in Prison plus 1", backwards=True)
    move(page, "Space")
    tab_to(page, "Release from Prison")            # (the one sent there just now)
    move(page, "Enter")

    # Cathedral +1: the reward waits for its answer, focus on the question's heading; Escape cancels it
    # (as its Cancel does), then again and the card's button.
    tab_to(page, "Cathedral +1")
    asked = open_panel(page, "Enter", "Which reward card")
    assert asked["tag"] == "H3" and asked["panel"] == asked["name"]
    tab_to(page, "3 silver, 1 virtue")
    move(page, "Escape")
    back_on(page, "Cathedral +1")
    open_panel(page, "Space", "Which reward card")
    tab_to(page, "2 virtue")
    move(page, "Enter")
    back_on(page, "Cathedral +1")

    # "Record…": the list by arrow keys, its button opens the form (named by its heading), Escape closes it;
    # again, the form's first field typed in and Enter records it.
    tab_to(page, "Record for Ann")
    page.keyboard.press("End")                     # the list's last move
    wait_for_htmx(page)
    chosen = page.eval_on_selector("#seat-0 form.more select", "s => s.options[s.selectedIndex].text")
    tab_to(page, "Record…")
    open_panel(page, "Enter", chosen)
    page.keyboard.press("Escape")
    page.locator("#more-0 .move-form").wait_for(state="detached")
    back_on(page, "Record…")
    tab_to(page, "Record for Ann", backwards=True)   # the list is back on its first move: down to "Set Cathedral level"
    for _ in range(30):
        if page.eval_on_selector("#seat-0 form.more select", "s => s.value") == "set_cathedral":
            break
        page.keyboard.press("ArrowDown")
    tab_to(page, "Record…")
    assert open_panel(page, "Enter", "Set Cathedral level")["tag"] in ("INPUT", "SELECT")
    page.keyboard.press("Control+a")
    page.keyboard.type("3")
    move(page, "Enter")                            # a form's Enter sends it
    back_on(page, "Record…")

    state = live_server.store().find(page.url.rsplit("/", 1)[-1])[0].state["players"][0]
    assert state["buildings"] == ["treasury", "tavern"] and len(state["apprentices"]) == 1
    assert state["debts_unpaid"] == 0 and state["debts_paid"] == 1 and state["cathedral"] == 3
    assert drawn_out_of_order(page) == []


def test_another_phone_s_change_leaves_this_phone_s_focus_and_open_panel_alone(keyboard_phone, new_phone, live_server):
    ann = keyboard_phone
    url = start_game(ann, live_server, names=("Ann", "Bob"), title="Keys, two phones")
    bob = new_phone()
    bob.goto(url)
    tab_to(ann, "(Red) Ann")
    ann.keyboard.press("Enter")
    ann.wait_for_selector("#seat-choice", state="detached")
    wait_for_htmx(ann)
    tab_to(ann, "Capture")
    open_panel(ann, "Enter", "Ann captures workers")
    tab_to(ann, "The Quarry")
    press(ann, "ArrowDown")                        # the Forest, chosen
    before = revision(ann)
    for _ in range(2):   # Bob's changes reach Ann's page (the live stream or the poll) while her panel is open
        bob.click('#seat-1 [data-counter="virtue"] button[aria-label$="plus 1"]')
    wait_for_revision(ann, before + 2)
    wait_for_htmx(ann)
    assert focused(ann) == {"tag": "INPUT", "name": "The Forest", "panel": "Ann captures workers"}
    assert ann.is_checked("#panel-0 input[value=forest]")
    in_sight(ann)
    ann.keyboard.press("Escape")
    back_on(ann, "Capture")


def test_the_age_of_artisans_moves_by_keyboard(keyboard_phone, live_server):
    """The free starting hire (its button goes once used: focus goes to the seat's heading) and Craft."""
    page = keyboard_phone
    start_game(page, live_server, names=("Ann", "Bob"), title="Keys, artisans", submit=False)
    page.check("#age_of_artisans")
    page.click("text=Start the game")
    page.wait_for_url("**/g/*")
    wait_for_htmx(page)
    tab_to(page, "(Blue) Bob")                     # the last player hires first
    page.keyboard.press("Enter")
    page.wait_for_selector("#seat-choice", state="detached")
    wait_for_htmx(page)
    tab_to(page, "Hire my free starting apprentice")
    open_panel(page, "Enter", "Hire · Bob")
    page.wait_for_selector("#cards-1 .pick-card")
    tab_to(page, card_button(page, "#cards-1"))
    move(page, "Enter")
    back_on(page, "(Blue) Bob")

    tab_to(page, "Craft")
    assert open_panel(page, "Enter", "Craft · Bob")["tag"] in ("INPUT", "BUTTON")
    page.keyboard.press("Escape")
    page.locator("#panel-1 .craft-panel").wait_for(state="detached")
    back_on(page, "Craft")
    assert drawn_out_of_order(page) == []


def test_the_bot_s_turn_by_keyboard(keyboard_phone, live_server):
    """Solo: the bot's turn opens with focus in it (named "Helena's turn"); its answers and Done by
    keyboard; recorded, focus is back on the button that opened it, or (gone: the player's turn now)
    on what the bot just did."""
    page = keyboard_phone
    start_game(page, live_server, names=("Ann",), mode="solo", opponent="helena", title="Keys, solo")
    wait_for_htmx(page)
    tab_to(page, "Play Helena's turn")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.activeElement.closest('.bot-turn[role=group]') !== null")
    assert page.get_attribute(".bot-turn", "aria-label") == "Helena's turn"
    in_sight(page)
    before = revision(page)
    for _ in range(30):   # each question by keyboard (0 workers, the second choice), then the button that records
        role = page.evaluate("""() => { const e = document.activeElement;
            if (e.closest('.bot-one-answer') && e.name === 'q0' || e.matches('form.bot-answers button.primary')) return 'record';
            return e.matches('input[inputmode=numeric]') ? 'number' : e.tagName === 'SELECT' ? 'choice' : 'other'; }""")
        if role == "record":
            page.keyboard.press("Enter")
            break
        if role == "number":
            page.keyboard.type("0")
        elif role == "choice":
            page.keyboard.press("ArrowDown")
        press(page, "Tab")
    wait_for_revision(page, before + 1)
    wait_for_htmx(page)
    if page.locator("button.bot-play").count():   # still the bot's to play: back on its button
        back_on(page, "Play Helena's turn")
    else:                                          # the player's: on what the bot just did, to do on the board
        back_on(page, "Helena's last turn: on the board")


def test_nothing_focused_hides_under_the_rematch_notice_at_the_foot_of_the_screen(keyboard_phone, live_server):
    """A finished game with a rematch: its notice floats at the foot of the screen; Tab through the whole
    page and no stop is under it (or under the header)."""
    from companion.aotwk.rules import table
    from tests.conftest import csrf_token_from

    page = keyboard_phone
    finished = table.new_game({"mode": "multiplayer", "title": "Keys, finished", "seed": 5,
                               "players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]})
    finished["phase"] = "finished"
    token = live_server.store().create(finished).edit_token
    page.goto(f"{live_server.url}/g/{token}")
    csrf = csrf_token_from(page.request.get(live_server.url + "/games/new").text())
    made = page.request.post(f"{live_server.url}/g/{token}/rematch", form={"csrf_token": csrf}, max_redirects=0)
    assert made.status in (302, 303), made.text()
    page.goto(f"{live_server.url}/g/{token}")
    page.wait_for_selector("#rematch-notice")
    wait_for_htmx(page)
    seen = []
    for _ in range(60):   # the page's every Tab stop, to its end
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement === document.body") or focused(page) in seen[:1]:
            break
        in_sight(page)
        seen.append(focused(page))
    assert "Go to the rematch" in [stop["name"] for stop in seen] and len(seen) > 10


def test_the_end_count_by_keyboard(keyboard_phone, live_server):
    """End the game now: focus on the count's heading (the button is gone with the game's play); a
    player's count saved by keyboard; Show the final score: focus on its question's first answer."""
    page = keyboard_phone
    start_game(page, live_server, names=("Ann", "Bob"), title="Keys, the count")
    tab_to(page, "(Red) Ann")
    page.keyboard.press("Enter")
    page.wait_for_selector("#seat-choice", state="detached")
    wait_for_htmx(page)
    tab_to(page, "End the game", limit=120)
    press(page, "Enter")                           # the summary opens its question
    tab_to(page, "End the game now")
    page.keyboard.press("Enter")
    page.wait_for_selector("#end-count")
    back_on(page, "The game is over: count what is left")
    tab_to(page, "This is Ann's count")
    move(page, "Enter")
    tab_to(page, "Show the final score")
    page.keyboard.press("Enter")
    page.wait_for_selector("#final-score-confirm")
    back_on(page, "Yes: end the count and show the final score")
