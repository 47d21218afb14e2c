"""Score sheets (the sheets engineer's test, here for the shared browser
fixtures): the final score page printed from Debian's Chromium with
static/sheets/print.css: the scores on white paper, no buttons or navigation,
the reasons printed open."""

from __future__ import annotations

import io
import re

import pypdf
import pytest

from companion.aotwk.rules.scoring import score_document
from companion.web.documents import read_document

pytestmark = pytest.mark.browser

# A finished game whose scores come with reasons (Keep, University, Prison).
GAME = {
    "title": "Print night", "created_at": "2026-11-22T19:00:00Z", "phase": "finished",
    "players": [
        {"name": "박서연", "virtue": 11, "cathedral": 3, "captured": 6, "prisoners": 3, "buildings": ["keep", "well"]},
        {"name": "Noémie", "virtue": 8, "cathedral": 2, "silver": 24, "buildings": ["university", "smithy"]},
    ],
}


def squeeze(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.fixture
def printed_score_page(live_server, chromium):
    state, events = read_document(GAME)
    game = live_server.store().create(state, events)
    page = chromium.new_page()
    try:
        page.goto(f"{live_server.url}/g/{game.edit_token}/score")
        # The score page links the stylesheet with media="print" once wired; until
        # then the test adds it, so the stylesheet itself is always under test.
        if not page.locator('link[href$="sheets/print.css"]').count():
            page.add_style_tag(url=f"{live_server.url}/static/sheets/print.css")
        page.emulate_media(media="print")
        yield game, page
    finally:
        page.close()


def test_printing_hides_controls_and_keeps_the_scores(printed_score_page):
    game, page = printed_score_page
    for selector in ("body > header", "a.button", "button"):
        for element in page.locator(selector).all():
            assert not element.is_visible(), selector
    assert page.locator("table").first.is_visible()
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background in ("rgba(0, 0, 0, 0)", "rgb(255, 255, 255)")


def test_the_printed_page_has_every_name_total_and_reason(printed_score_page):
    game, page = printed_score_page
    pdf = pypdf.PdfReader(io.BytesIO(page.pdf(format="A4")))
    text = squeeze("".join(p.extract_text() for p in pdf.pages))
    result = score_document(game.state)
    assert any(entry["reasons"] for entry in result["players"])
    for entry in result["players"]:
        assert squeeze(entry["name"]) in text
        assert str(entry["total"]) in text
        for reason in entry["reasons"]:
            assert squeeze(reason) in text
