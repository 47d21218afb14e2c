"""Bad Wi-Fi and the Content-Security-Policy in Debian's Chromium (issue 9): a tap made
while the server cannot be reached shows a banner and is applied exactly once when it
comes back; a lost answer is retried with the same id; no page breaks the policy."""

from __future__ import annotations

import pytest

from tests.browser.driver import counter_value, revision, start_game, tap_counter, wait_for_htmx, wait_for_revision

pytestmark = pytest.mark.browser
PLUS_VIRTUE = '#seat-0 [data-counter="virtue"] button[aria-label$="plus 1"]'
# Recorded before any page script runs (the init script is injected by the browser, not the page).
RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__violations.push(e.violatedDirective + " " + (e.blockedURI || "inline") + " " + (e.sample || ""));
});
"""


def game_now(live_server, url: str):
    return live_server.store().find(url.rsplit("/", 1)[-1])[0]


def test_a_tap_while_offline_shows_the_banner_and_is_applied_once_when_back(phone, live_server):
    url = start_game(phone, live_server, names=("Ann", "Bob"), title="Bad Wi-Fi")
    before, virtue = revision(phone), counter_value(phone, 0, "virtue")
    phone.context.set_offline(True)
    phone.click(PLUS_VIRTUE)
    banner = phone.locator("#net-banner")
    banner.wait_for(state="visible")
    assert "No connection" in banner.inner_text()
    assert "net-stale" in phone.get_attribute("#live", "class")
    phone.click(PLUS_VIRTUE)   # an impatient second tap on the same button: the same tap, kept
    phone.context.set_offline(False)
    wait_for_revision(phone, before + 1, timeout=20_000)
    banner.wait_for(state="hidden")
    assert "net-stale" not in (phone.get_attribute("#live", "class") or "")
    phone.wait_for_timeout(2_500)   # any late retry would have landed by now
    game = game_now(live_server, url)
    assert game.revision == before + 1 and game.state["players"][0]["virtue"] == virtue + 1
    assert counter_value(phone, 0, "virtue") == virtue + 1
    # "Keep screen on": Chromium has the Wake Lock API on a secure origin (127.0.0.1 is one).
    assert phone.evaluate("'wakeLock' in navigator")
    phone.click("button.wake-lock")
    phone.wait_for_selector('button.wake-lock[aria-pressed="true"]')


def test_a_lost_answer_is_retried_with_the_same_id_and_applied_once(phone, live_server):
    url = start_game(phone, live_server, names=("Ann", "Bob"), title="Lost answer")
    before, virtue = revision(phone), counter_value(phone, 0, "virtue")
    ids = []

    def lose_the_first_answer(route):
        ids.append(route.request.headers.get("x-request-id"))
        if len(ids) == 1:
            route.fetch()          # the server gets the tap and applies it...
            route.abort("failed")  # ...but the phone never hears back
        else:
            route.continue_()

    phone.route("**/move", lose_the_first_answer)
    phone.click(PLUS_VIRTUE)
    wait_for_revision(phone, before + 1, timeout=20_000)
    for _ in range(200):   # the stream may show the change before the kept tap is resent
        if len(ids) >= 2:
            break
        phone.wait_for_timeout(100)
    wait_for_htmx(phone)
    assert len(ids) >= 2 and len(set(ids)) == 1 and ids[0]
    game = game_now(live_server, url)
    assert game.revision == before + 1 and game.state["players"][0]["virtue"] == virtue + 1
    # The next tap is a new tap, with a new id.
    phone.unroute("**/move")
    tap_counter(phone, 0, "virtue")
    assert game_now(live_server, url).state["players"][0]["virtue"] == virtue + 2


def test_no_page_breaks_the_content_security_policy(phone, live_server):
    messages = []
    phone.on("console", lambda m: messages.append(m.text) if m.type in ("error", "warning") else None)
    phone.on("pageerror", lambda e: messages.append(str(e)))
    phone.add_init_script(RECORD_VIOLATIONS)
    url = start_game(phone, live_server, names=("Ann",), mode="solo", opponent="helena", title="CSP")
    tap_counter(phone, 0, "virtue")
    phone.click("text=Play Helena's turn")
    phone.locator("#bot-turn").wait_for()
    seen = {"table page, a bot turn open": phone.evaluate("window.__violations")}
    pages = ["/", "/games/new", "/decks", "/decks/new", "/catalogue", "/no/such/page",
             url, url + "/history", url + "/share", url + "/score"]
    for address in pages:
        phone.goto(address if address.startswith("http") else live_server.url + address)
        phone.wait_for_load_state("networkidle")
        seen[address] = phone.evaluate("window.__violations")
    assert all(not found for found in seen.values()), seen
    breaches = [m for m in messages if "Content Security Policy" in m or "Refused to" in m]
    assert not breaches, breaches


def test_the_last_seen_page_opens_offline_marked_as_not_current(phone, live_server):
    start_game(phone, live_server, names=("Ann", "Bob"), title="Offline copy")
    phone.evaluate("navigator.serviceWorker.ready")
    # A worker that activates while a page is still loading may not claim it: the next load is its.
    phone.reload()
    phone.wait_for_function("() => navigator.serviceWorker.controller !== null")
    phone.reload()                  # this load goes through the worker, which keeps a copy
    kept = "async () => !!(await (await caches.open('companion-pages-v1')).match(location.href))"
    for _ in range(100):
        if phone.evaluate(kept):
            break
        phone.wait_for_timeout(100)
    assert phone.evaluate(kept)
    phone.context.set_offline(True)
    phone.reload()
    assert "Offline copy" in phone.inner_text("h1")
    banner = phone.locator("#net-banner")
    banner.wait_for(state="visible")
    assert "not the current game" in banner.inner_text()
    assert "net-stale" in phone.get_attribute("#live", "class")
    phone.context.set_offline(False)
    banner.wait_for(state="hidden", timeout=10_000)   # the next poll reaches the server
    assert phone.evaluate("fetch('/sw.js').then(r => r.headers.get('content-type'))").startswith("text/javascript")
