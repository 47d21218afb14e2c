"""A player's colour is never only a dot (issue 35, WCAG 1.4.1 and 1.4.11): each seat says its
colour in words, in English and Korean, and each dot has an edge of 3:1 or more against the page
and a card, light and dark, whatever its own colour (computed from static/app.css)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.web.helpers import PALETTE
from tests.contrast import contrast

from .helpers import import_document, sample
from .test_i18n import KOREAN

APP_CSS = (Path(__file__).resolve().parents[2] / "static" / "app.css").read_text(encoding="utf-8")
WORDS = {
    "en": {"red": "Red", "blue": "Blue", "green": "Green", "yellow": "Yellow", "purple": "Purple",
           "black": "Black", "orange": "Orange", "white": "White"},
    "ko": {"red": "빨간색", "blue": "파란색", "green": "초록색", "yellow": "노란색", "purple": "보라색",
           "black": "검은색", "orange": "주황색", "white": "흰색"},
}


def light_and_dark(name: str) -> tuple[str, str]:
    """A custom property's light and dark values (``--bg: light-dark(#..., #...)``)."""
    return re.search(rf"--{name}: light-dark\((#[0-9a-f]+), (#[0-9a-f]+)\)", APP_CSS).groups()


def dot_colour(colour: str) -> str:
    return re.search(rf"\.colour-{colour} {{ background: (#[0-9a-f]+); }}", APP_CSS).group(1)


def seat_heading_text(page: str, seat: int) -> str:
    """The words of a seat's heading (or its closed row's summary), tags left out."""
    found = re.search(rf'id="seat-{seat}"[^>]*>\s*<(h2|summary)[^>]*>(.*?)</\1>', page, re.S)
    assert found, f"no seat {seat}"
    return re.sub(r"\s+", " ", re.sub(r"<[^>]*>", "", found.group(2))).strip()


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_each_seat_names_its_colour_in_words(client, lang):
    colours = list(PALETTE)
    for first in range(0, len(colours), 4):   # four players a game: every colour of the palette
        chunk = colours[first:first + 4]
        players = [{"name": f"P{first + index}", "colour": colour} for index, colour in enumerate(chunk)]
        edit, _view = import_document(client, sample(players=players))
        page = client.get(f"/g/{edit}", headers=KOREAN if lang == "ko" else {}).get_data(as_text=True)
        for seat, colour in enumerate(chunk):
            words = seat_heading_text(page, seat)
            assert f"({WORDS[lang][colour]})" in words and f"P{first + seat}" in words, words


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("colour", PALETTE)
def test_every_player_dot_has_an_edge_of_3_to_1_on_the_page_and_a_card(theme, colour):
    pick = 0 if theme == "light" else 1
    edge = light_and_dark("swatch-edge")[pick]
    backgrounds = light_and_dark("bg")[pick], light_and_dark("card")[pick]
    swatch_rules = re.findall(r"^\.swatch \{([^}]*)\}", APP_CSS, re.M)
    assert "border: 2px solid var(--swatch-edge)" in swatch_rules[-1]   # the rule that wins
    for background in backgrounds:
        assert contrast(edge, background) >= 3, (edge, background)
        # and its fill is seen as a fill: 3:1 from its edge (a pale dot) or from the page (a dark one)
        dot = dot_colour(colour)
        assert max(contrast(dot, edge), contrast(dot, background)) >= 3, (dot, edge, background)


def test_a_colour_said_in_one_language_is_not_said_so_in_another(client):
    """The swatches are kept once drawn (some thirty a drawing): each language has its own."""
    edit, _view = import_document(client, sample(players=[{"name": "Ann", "colour": "red"}, {"name": "Bo", "colour": "blue"}]))
    english = client.get(f"/g/{edit}").get_data(as_text=True)
    korean = client.get(f"/g/{edit}", headers=KOREAN).get_data(as_text=True)
    assert "(Red)" in seat_heading_text(english, 0) and f"({WORDS['ko']['red']})" in seat_heading_text(korean, 0)
