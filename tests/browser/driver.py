"""Driving the app in a real browser: the production server (uvicorn, with the live streams)
in a background thread and
Debian's Chromium through Playwright (never a downloaded browser).

Shared by the browser tests (tests/browser/conftest.py), the screenshot scripts and bench/taps.py
(which put the repository on sys.path); a tool for tests, not part of the app.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Callable

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
# A phone held upright: 360 CSS pixels wide, touch, a high-density screen.
PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


@dataclass
class LiveServer:
    url: str
    app: object

    def store(self):
        return self.app.extensions["store"]


def start_server(instance_path, host: str = "127.0.0.1", **config) -> tuple[LiveServer, Callable[[], None]]:
    """The app as `companion serve` runs it (uvicorn: Flask and the live streams) on a free port
    of ``host``, in a daemon thread; returns (server, stop)."""
    import time

    import uvicorn

    from companion.web import create_app
    from companion.web.serving.server import uvicorn_config

    app = create_app(config or None, instance_path=instance_path)
    server = uvicorn.Server(uvicorn_config(app, host, 0, timeout_graceful_shutdown=1))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        if not thread.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.01)
    port = server.servers[0].sockets[0].getsockname()[1]

    def stop() -> None:
        app.extensions["live"].loop.call_soon_threadsafe(app.extensions["live"].end_streams)
        server.should_exit = True
        thread.join(timeout=10)
    return LiveServer(f"http://{host}:{port}", app), stop


def launch_chromium(playwright):
    """Debian's Chromium, headless; launch() gives it a fresh temporary profile every time."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


def with_server_and_browser(work: Callable, prefix: str = "companion-"):
    """``work(browser, server)`` against a fresh server over a temporary instance folder and
    Debian's Chromium, both stopped after (the screenshot scripts' frame)."""
    import tempfile

    from playwright.sync_api import sync_playwright

    server, stop = start_server(tempfile.mkdtemp(prefix=prefix))
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            try:
                return work(browser, server)
            finally:
                browser.close()
    finally:
        stop()


def sheet_png(pdf: bytes, stem, resolution: int = 72) -> None:
    """The first page of a PDF as ``<stem>.png`` (poppler's pdftoppm): the screenshots of the sheets."""
    import subprocess
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "sheet.pdf"
        source.write_bytes(pdf)
        subprocess.run(["pdftoppm", "-png", "-r", str(resolution), "-f", "1", "-l", "1", "-singlefile", str(source),
                        str(stem)], check=True)


def start_game(page, server: LiveServer, names=("Ann", "Bob", "Cy"), mode: str = "multiplayer",
               opponent: str | None = None, title: str = "Browser game", submit: bool = True,
               check_payments: bool = False, via_form: bool = False) -> str:
    """Start a game from this page's device and open its table; returns the table page's URL.

    By default the set-up form is sent over HTTP with the page's own cookies (the device that made the
    game, as after a tap on "Start the game"): a test about the table need not draw and fill the form.
    ``via_form=True`` fills it in like a player would; ``submit=False`` leaves it filled, unsent."""
    if via_form or not submit:
        return _fill_the_setup_form(page, server, names, mode, opponent, title, submit, check_payments)
    from tests.conftest import csrf_token_from

    csrf = csrf_token_from(page.request.get(server.url + "/games/new").text())
    form = {"csrf_token": csrf, "title": title, "mode": mode}
    if check_payments:
        form["check_payments"] = "y"
    if opponent:
        form["opponent"] = opponent
    form.update({f"players-{seat}-name": name for seat, name in enumerate(names)})
    answer = page.request.post(server.url + "/games/new", form=form, max_redirects=0)
    assert answer.status in (302, 303), answer.text()
    location = answer.headers["location"]
    page.goto(location if location.startswith("http") else server.url + location)
    return page.url


def _fill_the_setup_form(page, server, names, mode, opponent, title, submit, check_payments) -> str:
    page.goto(server.url + "/games/new")
    page.fill("#title", title)
    page.check(f"input[name=mode][value={mode}]")
    if check_payments:
        page.check("#check_payments")
    if opponent:
        page.select_option("#opponent", opponent)
    if len(names) > 5:   # six players: the sixth seat shows once the Age of Artisans is ticked
        page.check("#age_of_artisans")
    for seat, name in enumerate(names):
        page.fill(f"#players-{seat}-name", name)
    if not submit:
        return page.url
    page.click("text=Start the game")
    page.wait_for_url("**/g/*")
    return page.url


def counting_on_two_phones(one, two, server: LiveServer, names=("Ann", "Ben")) -> str:
    """A game started on phone ``one`` and open on phone ``two``; ``one`` ends it now (the end
    count opens there). Returns the table page's URL; wait on ``two`` for what the test needs."""
    url = start_game(one, server, names=names)
    two.goto(url)
    one.click("summary:has-text('End the game')")
    one.click("button:has-text('End the game now')")
    one.wait_for_selector("#end-count")
    return url


def wait_for_htmx(page, timeout: float = 5_000) -> None:
    """Until htmx has no request in flight and has processed what it last swapped in:
    a control that has just appeared does nothing until htmx has bound it."""
    page.wait_for_function(
        "() => window.htmx && !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added')",
        timeout=timeout)


def wait_for_page_settled(page, timeout: float = 5_000) -> None:
    """Until the page has loaded and htmx, where the page has it, has nothing in flight. (Not
    "networkidle": it waits 500 ms of quiet on every call, and a live stream is never quiet.)"""
    page.wait_for_load_state("load")
    page.wait_for_function(
        "() => !window.htmx || !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added')",
        timeout=timeout)


def go_stale(page) -> None:
    """This phone hears of no change any more: its stream closed as when the phone sleeps (a page's
    stream brings the fresh region itself), and its polls and streams fail from now on."""
    page.route("**/poll*", lambda route: route.abort())
    page.route("**/stream*", lambda route: route.abort())
    page.evaluate("""() => {
      Object.defineProperty(document, "visibilityState", {value: "hidden", configurable: true});
      document.dispatchEvent(new Event("visibilitychange"));
    }""")


def revision(page) -> int:
    return int(page.get_attribute("#live", "data-revision"))


def wait_for_revision(page, rev: int, timeout: float = 5_000) -> None:
    page.wait_for_selector(f'#live[data-revision="{rev}"]', timeout=timeout)


def counter_value(page, seat, name: str) -> int:
    return int(page.text_content(f'#seat-{seat} [data-counter="{name}"] .value'))   # a closed row too


def tap_counter(page, seat, name: str, plus: bool = True) -> None:
    """Tap + or − on a player's counter and wait for the page to show the change."""
    before = revision(page)
    page.click(f'#seat-{seat} [data-counter="{name}"] button[aria-label$="{"plus" if plus else "minus"} 1"]')
    wait_for_revision(page, before + 1)


def record(page, seat, kind: str, fields: dict | None = None, pick: dict | None = None) -> None:
    """Open a player's "Record…" form for a move, fill it, submit, wait for the change."""
    before = revision(page)
    page.select_option(f"#seat-{seat} form.more select[name=kind]", kind)
    page.click(f"#seat-{seat} form.more button")
    form = page.locator(f"#more-{seat} form.move-form")
    form.wait_for()
    for name, value in (fields or {}).items():
        field = form.locator(f"[name={name}]")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(str(value))
        else:
            field.fill(str(value))
    for name, card_id in (pick or {}).items():
        # htmx wires up a swapped-in form just after the swap: type once it listens.
        page.wait_for_function(f"() => document.querySelector('#search-{name}')?.['htmx-internal-data'] !== undefined")
        term = card_id.split("_")[0]
        # Pick from the answer to this search: an earlier list swapped in late would uncheck the choice.
        with page.expect_response(lambda r: "/catalogue/pick" in r.url and f"search={term}" in r.url):
            form.locator(f"#search-{name}").fill(term)
        wait_for_htmx(page)
        form.locator(f'input[type=radio][name={name}][value="{card_id}"]').check()
    form.locator("button[type=submit]").click()
    wait_for_revision(page, before + 1)


def choose_seat(page, name: str) -> None:
    """Answer "Who is this phone?" (a player's name, or "The whole table")."""
    page.click(f"#seat-choice a:has-text('{name}')")
    page.wait_for_selector("#seat-choice", state="detached")
    wait_for_htmx(page)


def build(page, seat, building_name: str, letters: int = 3, answer: str | None = None) -> None:
    """Build for a player the way a player does: Build, type a few letters, tap the card
    (then the answer's button, when the card asks something)."""
    before = revision(page)
    page.click(f"#seat-{seat} .build-hire button:has-text('Build')")
    search = page.locator(f"#panel-{seat} input.pick-search")
    search.wait_for()
    wait_for_htmx(page)
    if letters:
        search.press_sequentially(building_name[:letters])
        page.wait_for_function(
            "([seat, name]) => [...document.querySelectorAll(`#cards-${seat} .pick-card strong`)]"
            ".some(e => e.textContent === name) && !document.querySelector('.htmx-request')",
            arg=[str(seat), building_name])
    page.locator(f"#panel-{seat} .pick-card").filter(
        has=page.locator("strong").get_by_text(building_name, exact=True)).click()
    if answer is not None:   # the question waits on every phone (#pending-<seat>) until answered
        wait_for_revision(page, before + 1)
        page.locator(f"#pending-{seat}").wait_for()
        wait_for_htmx(page)
        page.click(f"#pending-{seat} button:has-text('{answer}')")
        before += 1
    wait_for_revision(page, before + 1)


def advance_cathedral(page, seat, reward: str) -> None:
    """Cathedral +1 on a player's card, then the revealed reward card's button (its printed words)."""
    before = revision(page)
    page.click(f"#seat-{seat} button:has-text('Cathedral +1')")
    wait_for_revision(page, before + 1)   # the question, waiting on every phone
    page.locator(f"#pending-{seat}").wait_for()
    wait_for_htmx(page)
    page.click(f"#pending-{seat} button:text-is('{reward}')")
    wait_for_revision(page, before + 2)


def tap(page, selector: str) -> None:
    """Click a control that makes one change and wait for the page to show it."""
    before = revision(page)
    page.click(selector)
    wait_for_revision(page, before + 1)


# -- the Amytis pad ---------------------------------------------------------------------

# The contract example's board for Martine (shared/contracts/amytis-score.md), rows from the top.
MARTINE = [[1, 2, 3], [0, 4, 1], [2, 2, 1]]
STACK_NAMES = [["top-left", "top", "top-right"], ["left", "middle", "right"],
               ["bottom-left", "bottom", "bottom-right"]]


def start_amytis(page, server: LiveServer) -> str:
    """A new Amytis score pad for Martine and Paul, from the home page; its address."""
    page.goto(server.url + "/")
    page.click("text=New score pad for")
    page.fill("#first", "Martine")
    page.fill("#second", "Paul")
    page.click("text=Start the score pad")
    page.wait_for_url("**/g/*")
    return page.url


def amytis_plus(page, name: str, stack: str) -> None:
    wait_for_htmx(page)
    tap(page, f'button[aria-label="{name}: one more tile on the {stack} stack"]')


def amytis_favor(page, seat: int, favor_id: str) -> None:
    wait_for_htmx(page)
    tap(page, f'[data-favor="{seat}-{favor_id}"]')


def amytis_submit(page, seat: int, form: str, fields: dict) -> None:
    wait_for_htmx(page)
    before = revision(page)
    for selector, value in fields.items():
        page.fill(selector, value)
    page.locator(f"#player-{seat} {form} button[type=submit]").click()
    wait_for_revision(page, before + 1)


def amytis_totals(page) -> list[str]:
    return [page.inner_text(f'[data-total="{seat}"]') for seat in (0, 1)]
