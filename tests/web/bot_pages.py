"""Reading the bot's pages in tests: their text, and the message next to a field."""

from __future__ import annotations

import html as html_lib
import re

HTMX = {"HX-Request": "true"}


def text_of(response) -> str:
    return html_lib.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))))


def error_next_to(response, field: str) -> str:
    match = re.search(rf'id="{field}-error">([^<]*)<', response.get_data(as_text=True))
    assert match, f"no message next to {field}"
    return html_lib.unescape(match.group(1))
