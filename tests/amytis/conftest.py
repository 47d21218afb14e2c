"""The browser fixtures (a live server, Debian's Chromium, phones) for the Amytis browser test."""

from tests.browser.conftest import chromium, live_server, new_phone  # noqa: F401  (pytest finds them here)
