"""The share page in Debian's Chromium at 360 px: QR codes that render, Copy, the share sheet."""

from __future__ import annotations

import pytest

from tests.browser.driver import PHONE, start_game

pytestmark = pytest.mark.browser


def share_page(page, live_server) -> str:
    url = start_game(page, live_server, names=("Ann", "Ben"))
    page.goto(url + "/share")
    return url


def test_both_qr_codes_render(phone, live_server):
    """The SVG is served as a document with its namespace: an <img> shows it."""
    share_page(phone, live_server)
    images = phone.locator("img.qr")
    assert images.count() == 2
    for image in images.all():
        image.scroll_into_view_if_needed()
        phone.wait_for_function("img => img.complete", arg=image.element_handle())
        assert image.evaluate("img => img.naturalWidth") > 0
    assert phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_copy_puts_the_address_on_the_clipboard(chromium, live_server):
    context = chromium.new_context(**PHONE)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    page = context.new_page()
    try:
        url = share_page(page, live_server)
        card = page.locator("[data-share]").first
        card.locator("[data-copy]").click()
        card.locator("[data-copy-status]").filter(has_text="Copied").wait_for()
        assert page.evaluate("navigator.clipboard.readText()") == url
        assert card.locator("[data-share-sheet]").is_hidden(), "no share sheet where the browser has none"
    finally:
        context.close()


def test_copy_without_the_clipboard_api_still_copies_or_selects(chromium, live_server):
    context = chromium.new_context(**PHONE)
    context.add_init_script("Object.defineProperty(Navigator.prototype, 'clipboard', {get: () => undefined})")
    page = context.new_page()
    try:
        share_page(page, live_server)
        card = page.locator("[data-share]").nth(1)
        card.locator("[data-copy]").click()
        status = card.locator("[data-copy-status]")
        status.filter(has_text="opied").or_(status.filter(has_text="Selected")).wait_for()
        selected = page.evaluate("document.activeElement.selectionEnd - document.activeElement.selectionStart")
        assert selected == len(page.input_value("#view-url"))
    finally:
        context.close()


def test_the_share_sheet_where_the_browser_offers_one(chromium, live_server):
    context = chromium.new_context(**PHONE)
    context.add_init_script("navigator.share = data => { window.shared = data; return Promise.resolve(); }")
    page = context.new_page()
    try:
        url = share_page(page, live_server)
        button = page.locator("[data-share]").first.locator("[data-share-sheet]")
        button.click()
        assert page.evaluate("window.shared.url") == url
    finally:
        context.close()
