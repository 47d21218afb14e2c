"""Browser fixtures shared by every browser test (web, sheets, bot).

A real server (waitress in a background thread) over a temporary instance
folder, and Debian's Chromium driven by Playwright: never a downloaded browser.
``phone`` is a fresh 360 px wide page; ``new_phone()`` opens another one (a
second device: its own cookies and session).
"""

from __future__ import annotations

import shutil
import threading
from dataclasses import dataclass

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


@dataclass
class LiveServer:
    url: str
    app: object

    def store(self):
        return self.app.extensions["store"]


def start_server(instance_path, **config):
    """A waitress server on a free port in a daemon thread; returns (LiveServer, stop)."""
    import waitress

    from companion.web import create_app

    app = create_app(config or None, instance_path=instance_path)
    server = waitress.create_server(app, host="127.0.0.1", port=0, threads=8)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    return LiveServer(f"http://127.0.0.1:{server.effective_port}", app), server.close


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    server, stop = start_server(tmp_path_factory.mktemp("browser-instance"))
    yield server
    stop()


@pytest.fixture(scope="session")
def chromium():
    if not shutil.which(CHROMIUM):
        pytest.skip("Debian's Chromium is not installed (scripts/install test installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        # launch() gives every run a fresh temporary profile (user-data dir).
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def new_phone(chromium):
    """Open a phone: a new browser context (its own cookies), 360 px wide; closed after the test."""
    contexts = []

    def open_phone(color_scheme: str = "light"):
        context = chromium.new_context(**PHONE, color_scheme=color_scheme)
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield open_phone
    for context in contexts:
        context.close()


@pytest.fixture
def phone(new_phone):
    return new_phone()


# -- driving the table page ------------------------------------------------------------

def start_game(page, server: LiveServer, names=("Ann", "Bob", "Cy"), mode: str = "multiplayer",
               opponent: str | None = None, title: str = "Browser game") -> str:
    """Fill in the setup form like a player would; returns the table page's URL."""
    page.goto(server.url + "/games/new")
    page.fill("#title", title)
    page.check(f"input[name=mode][value={mode}]")
    if opponent:
        page.select_option("#opponent", opponent)
    for seat, name in enumerate(names):
        page.fill(f"#players-{seat}-name", name)
    page.click("text=Start the game")
    page.wait_for_url("**/g/*")
    return page.url


def revision(page) -> int:
    return int(page.get_attribute("#live", "data-revision"))


def wait_for_revision(page, rev: int, timeout: float = 5_000) -> None:
    page.wait_for_selector(f'#live[data-revision="{rev}"]', timeout=timeout)


def counter_value(page, seat, name: str) -> int:
    return int(page.inner_text(f'#seat-{seat} [data-counter="{name}"] .value'))


def tap_counter(page, seat, name: str, plus: bool = True) -> None:
    """Tap + or − on a player's counter and wait for the page to show the change."""
    before = revision(page)
    page.click(f'#seat-{seat} [data-counter="{name}"] button[aria-label$="{"plus" if plus else "minus"} 1"]')
    wait_for_revision(page, before + 1)
