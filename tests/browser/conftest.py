"""Browser fixtures shared by every browser test (web, sheets, bot).

A real server (uvicorn in a background thread, as `companion serve` runs the app) over a temporary instance
folder, and Debian's Chromium driven by Playwright: never a downloaded browser.
``phone`` is a fresh 360 px wide page; ``new_phone()`` opens another one (a
second device: its own cookies and session). Helpers that drive the table page
live in tests/browser/driver.py.

Under pytest-xdist each worker starts its own server and Chromium once (session fixtures), and the
browser tests spread over the workers: on one worker they alone would take as long as the rest of
the suite on both. No test is rerun: a flake is a bug to fix.
"""

from __future__ import annotations

import shutil

import pytest

from tests.browser.driver import CHROMIUM, PHONE, LiveServer, launch_chromium, start_server

__all__ = ["LiveServer", "start_server"]


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    # one server for the whole session: its many new games must not meet the per-minute limit
    server, stop = start_server(tmp_path_factory.mktemp("browser-instance"), RATELIMIT_ENABLED=False)
    yield server
    stop()


@pytest.fixture(scope="session")
def chromium():
    if not shutil.which(CHROMIUM):
        pytest.skip("Debian's Chromium is not installed (scripts/install test installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
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
